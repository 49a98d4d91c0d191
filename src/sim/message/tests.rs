//! The message simulator against times worked by hand from Table 1 of paper 001 (4 MiB
//! messages: 33,554,432 ns at 1 Gbps, a 4096-byte packet 32,768 ns; 40 ns per EPS link, 420
//! ns per switch, 120 ns and 4 Gbps on the OCS).

use super::*;

const MIB4: u64 = 4 << 20;
const TIMING: Timing = Timing {
    mtu_bytes: 4096,
    switch_ns: 420.0,
};

fn eps(gbps: f64, into_switch: bool) -> Channel {
    Channel {
        gbps,
        propagation_ns: 40.0,
        into_switch,
    }
}

fn one(channels: &[Channel], segments: Vec<Segment>) -> f64 {
    let m = Message {
        bytes: MIB4,
        start_ns: 0,
        segments,
    };
    simulate(channels, &[m], &TIMING).unwrap().time_ns
}

#[test]
fn single_messages_take_the_hand_worked_times() {
    // 0: node → edge, 1: edge → node, 2: edge → upper, 3: upper → edge, 4: the circuit,
    // 5: the other node → edge, 6: edge → node on the far side
    let tree = |up: f64| {
        vec![
            eps(1.0, true),
            eps(1.0, false),
            eps(up, true),
            eps(up, true),
            Channel {
                gbps: 4.0,
                propagation_ns: 120.0,
                into_switch: false,
            },
            eps(1.0, true),
            eps(1.0, false),
        ]
    };
    let c = tree(6.4);
    assert_eq!(
        one(&c, vec![Segment::Eps(vec![0, 1])]),
        33_587_700.0,
        "inside a switch"
    );
    assert_eq!(
        one(&c, vec![Segment::Eps(vec![0, 2, 3, 1])]),
        33_598_860.0,
        "8×32 at 6.4 Gbps"
    );
    assert_eq!(
        one(&tree(3.2), vec![Segment::Eps(vec![0, 2, 3, 1])]),
        33_609_100.0,
        "16×16 at 3.2 Gbps"
    );
    assert_eq!(
        one(&c, vec![Segment::Ocs(4)]),
        8_388_728.0,
        "a direct circuit"
    );
    // E ⇒ D ⇒ F ⇒ G: the relays wait for the whole message
    let relay = vec![
        Segment::Eps(vec![0, 1]),
        Segment::Ocs(4),
        Segment::Eps(vec![5, 6]),
    ];
    assert_eq!(one(&c, relay), 75_564_128.0);
    assert_eq!(
        one(&c, vec![Segment::Eps(vec![0, 1]), Segment::Ocs(4)]),
        41_976_428.0,
        "half relay"
    );
}

#[test]
fn later_messages_wait_for_earlier_ones() {
    // two messages from one node inside a switch: the second a serialisation later
    let c = vec![eps(1.0, true), eps(1.0, false), eps(1.0, false)];
    let m = |to: u32| Message {
        bytes: MIB4,
        start_ns: 0,
        segments: vec![Segment::Eps(vec![0, to])],
    };
    let out = simulate(&c, &[m(1), m(2)], &TIMING).unwrap();
    assert_eq!(
        out.arrival_ns,
        vec![33_587_700.0, 33_587_700.0 + 33_554_432.0]
    );
    assert_eq!(out.channel_bytes, vec![2 * MIB4, MIB4, MIB4]);
    assert_eq!(out.bound_ns, 2.0 * 33_554_432.0);
    assert!(out.time_ns >= out.bound_ns);
    // a partial last packet and a later start
    let short = Message {
        bytes: 5000,
        start_ns: 1000,
        segments: vec![Segment::Eps(vec![0, 1])],
    };
    let t = simulate(&c, &[short], &TIMING).unwrap().time_ns;
    // 4096 + 904 bytes: the second packet reaches the switch first thing, but waits for the
    // first on the way down (store and forward): it goes down after it, 7,232 ns more
    assert_eq!(
        t,
        1000.0 + 32_768.0 + 40.0 + 420.0 + 32_768.0 + 7_232.0 + 40.0
    );
}

#[test]
fn bad_input_is_refused() {
    let c = vec![eps(1.0, false)];
    let m = Message {
        bytes: 1,
        start_ns: 0,
        segments: vec![Segment::Eps(vec![3])],
    };
    assert!(simulate(&c, &[m], &TIMING)
        .unwrap_err()
        .to_string()
        .contains("channel 3"));
    let big = Message {
        bytes: 1 << 40,
        start_ns: 0,
        segments: vec![Segment::Eps(vec![0])],
    };
    assert!(simulate(&c, &[big], &TIMING)
        .unwrap_err()
        .to_string()
        .contains("packet-hops"));
}

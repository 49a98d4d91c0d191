//! §3.2.2 on small hand-made cases (each rule and tie-break, the round-robin, the three steps,
//! both unused cases) and the paper's neighbour exchange (§4.1).

use super::*;
use crate::hybrid::relay::{communications, neighbor_exchange, Counting, Demand};

const MB: u64 = 1_000_000;

fn comms(list: &[(u32, u32, u64)]) -> Vec<Comm> {
    let demands: Vec<Demand> = list
        .iter()
        .map(|&(src, dst, bytes)| Demand {
            src,
            dst,
            bytes,
            count: 1,
        })
        .collect();
    communications(&demands, 8192, Counting::Undirected)
}

fn pairs(a: &Allocation) -> Vec<(u32, u32)> {
    a.circuits
        .iter()
        .map(|c| (c.a.min(c.b), c.a.max(c.b)))
        .collect()
}

fn unused(a: &Allocation) -> Vec<(u32, u8)> {
    a.unused.iter().map(|u| (u.node, u.case)).collect()
}

#[test]
fn step_1_takes_volume_then_the_smaller_ranks() {
    // 2 switches × 4 nodes, OCS nodes {0,1 | 4,5}; 0↔5 and 1↔4 tie at 20 MB: rank 0 first
    let p = OcsPlacement::new(2, 4, 4).unwrap();
    let a = allocate(
        &p,
        &comms(&[(0, 4, 10 * MB), (0, 5, 20 * MB), (1, 4, 20 * MB)]),
        &Readings::default(),
    );
    assert_eq!(pairs(&a), vec![(0, 5), (1, 4)]);
    assert_eq!(a.by_step(), [2, 0, 0]);
}

#[test]
fn step_1_goes_round_robin_and_both_unused_cases_appear() {
    // 3 × 4, OCS {0,1}, {4,5}, {8,9}: by volume alone 1↔5 (20 MB) would precede 1↔8 (10 MB);
    // the round-robin gives pair (0,2) its turn first
    let p = OcsPlacement::new(3, 4, 6).unwrap();
    let c = comms(&[
        (0, 4, 30 * MB),
        (1, 5, 20 * MB),
        (1, 8, 10 * MB),
        (2, 6, 5 * MB),
    ]);
    let a = allocate(&p, &c, &Readings::default());
    assert_eq!(pairs(&a), vec![(0, 4), (1, 8)]);
    // 5 talks to switch 0 but its partner 1 is taken (case 1); 9 talks to nobody (case 2)
    assert_eq!(unused(&a), vec![(5, 1), (9, 2)]);
    assert!(a
        .decisions
        .iter()
        .any(|d| d.explanation.contains("1↔5, 1 holds 1↔8")));
}

#[test]
fn a_blocked_turn_moves_on_or_is_lost() {
    // 3 × 2, every node an OCS node; pairs (0,1): 0↔2, 1↔3 and (1,2): 2↔4, 3↔5
    let p = OcsPlacement::new(3, 2, 6).unwrap();
    let c = comms(&[(0, 2, MB), (1, 3, MB), (2, 4, MB), (3, 5, MB)]);
    let next = allocate(&p, &c, &Readings::default());
    assert_eq!(pairs(&next), vec![(0, 2), (3, 5)]);
    let lose = allocate(
        &p,
        &c,
        &Readings {
            blocked: Blocked::Lose,
            ..Readings::default()
        },
    );
    assert_eq!(pairs(&lose), vec![(0, 2), (1, 3)]);
    // switch 1 is full then: step 2 cannot connect (1,2)
    assert!(lose
        .decisions
        .iter()
        .any(|d| d.step == 2 && d.circuit.is_none()));
}

#[test]
fn step_2_by_count_and_step_3_by_difference() {
    // 3 × 8, OCS nodes 8s … 8s+4; pattern (2)/(3) only: 4 communications between switches 0
    // and 1, 3 between 1 and 2
    let p = OcsPlacement::new(3, 8, 15).unwrap();
    let c = comms(&[
        (5, 13, MB),
        (6, 14, MB),
        (7, 15, MB),
        (5, 14, MB),
        (13, 21, MB),
        (14, 22, MB),
        (15, 23, MB),
    ]);
    let a = allocate(&p, &c, &Readings::default());
    assert_eq!(
        pairs(&a)[..2],
        [(0, 8), (9, 16)],
        "step 2: count 4 first, then 3"
    );
    // recomputed: 1↔10 (difference 3), 2↔11 (2, a tie to the smaller ids), 12↔17 (2)
    assert_eq!(pairs(&a)[2..], [(1, 10), (2, 11), (12, 17)]);
    assert_eq!(a.by_step(), [0, 2, 3]);
    let fill = allocate(
        &p,
        &c,
        &Readings {
            step3: Step3::Fill,
            ..Readings::default()
        },
    );
    assert_eq!(
        pairs(&fill)[2..],
        [(1, 10), (2, 11), (3, 12)],
        "filled: 4 / 1 circuits"
    );
    let passes = allocate(
        &p,
        &c,
        &Readings {
            step3: Step3::Passes,
            ..Readings::default()
        },
    );
    assert_eq!(pairs(&passes)[2..], [(1, 10), (11, 17), (2, 12)]);
}

#[test]
fn directed_counting_doubles_the_differences() {
    // 2 × 4, OCS {0,1 | 4,5}; one communication 2 ↔ 6, both ways
    let p = OcsPlacement::new(2, 4, 4).unwrap();
    let demands = [
        Demand {
            src: 2,
            dst: 6,
            bytes: MB,
            count: 1,
        },
        Demand {
            src: 6,
            dst: 2,
            bytes: MB,
            count: 1,
        },
    ];
    let undirected = allocate(
        &p,
        &communications(&demands, 8192, Counting::Undirected),
        &Readings::default(),
    );
    assert_eq!(pairs(&undirected), vec![(0, 4)]);
    let directed = allocate(
        &p,
        &communications(&demands, 8192, Counting::Directed),
        &Readings::default(),
    );
    assert_eq!(pairs(&directed), vec![(0, 4), (1, 5)]);
}

#[test]
fn the_threshold_is_at_least_8192_bytes() {
    let d = |bytes| {
        [Demand {
            src: 0,
            dst: 5,
            bytes,
            count: 1,
        }]
    };
    assert_eq!(
        communications(&d(8192), 8192, Counting::Undirected).len(),
        1
    );
    assert!(communications(&d(8191), 8192, Counting::Undirected).is_empty());
}

fn neighbour(edges: usize, per: usize, ocs: usize) -> Allocation {
    let p = OcsPlacement::new(edges, per, ocs).unwrap();
    let c = communications(
        &neighbor_exchange(16, 16, 4 << 20, false),
        8192,
        Counting::Undirected,
    );
    allocate(&p, &c, &Readings::default())
}

#[test]
fn the_16x16_neighbour_exchange_with_64_ocs_nodes() {
    let a = neighbour(16, 16, 64);
    let first: Vec<(u32, u32)> = pairs(&a)[..16].to_vec();
    let mut expected: Vec<(u32, u32)> = (0..15u32)
        .map(|s| {
            // round 1: (s, s+1)'s first free candidate, 16s + c ↔ 16(s+1) + c
            let c = if s % 2 == 0 { 0 } else { 1 };
            (16 * s + c, 16 * (s + 1) + c)
        })
        .collect();
    expected.push((2, 18));
    assert_eq!(first, expected);
    assert_eq!(a.nodes_used(), 60);
    assert_eq!(a.by_step(), [30, 0, 0]);
    assert_eq!(unused(&a), vec![(1, 1), (3, 1), (241, 1), (243, 1)]);
}

#[test]
fn the_8x32_neighbour_exchange_with_64_ocs_nodes() {
    let a = neighbour(8, 32, 64);
    // no pattern-(1) communication: every inter-switch pair is row 2s+1 ↔ row 2s+2
    assert_eq!(a.decisions[0].title, "Step 1: no pattern-(1) communication");
    assert_eq!(
        pairs(&a)[..7],
        [
            (0, 32),
            (33, 64),
            (65, 96),
            (97, 128),
            (129, 160),
            (161, 192),
            (193, 224)
        ]
    );
    assert_eq!(a.by_step(), [0, 7, 21]);
    assert_eq!(a.nodes_used(), 56);
    let mut expected: Vec<(u32, u8)> = (4..8).map(|r| (r, 2)).collect();
    expected.extend((228..232).map(|r| (r, 1)));
    assert_eq!(unused(&a), expected);
    // 128 OCS nodes: 8 circuits per pair
    let a = neighbour(8, 32, 128);
    assert_eq!(a.nodes_used(), 112);
}

//! Paper 002 Fig. 4: LOREN's forwarding walk-through from switch 15 to switch 5 (t_max = 7) on a
//! hand-built LRT(16,4,2) consistent with the figure: switch 15 is linked to 7, 10, 11, 14 and
//! switch 10 to 6, 9, 11, 15 (their adjacent entries), 5 and 6 are not linked (the route goes
//! 6 → … → 5), and the rest was found by a search for a 4-regular layout with links ≤ 2 long
//! whose generated tables for 15 and 10 are exactly the printed ones. Not reproduced together
//! with it: Fig. 3's remark that switch 0 holds ⟨5, 8⟩ (this topology links 0 and 5; no
//! topology meeting both was found in 3 million tries).

use topolab::model::{SwitchId, Topology};
use topolab::routing::Loren;

fn fig4_topology() -> Topology {
    topolab::topology::build("lrt:fig4").unwrap()
}

fn table(l: &Loren, u: usize) -> Vec<(u32, u32)> {
    l.tables[u].iter().map(|e| (e.dst, e.next)).collect()
}

#[test]
fn tables_of_switches_15_and_10_as_printed() {
    let topo = fig4_topology();
    assert!((0..16).all(|s| topo.degree(SwitchId(s)) == 4));
    let l = Loren::new(&topo, 7).unwrap();
    assert_eq!(
        table(&l, 15),
        [
            (7, 7),
            (10, 10),
            (11, 11),
            (14, 14),
            (2, 7),
            (3, 7),
            (6, 10)
        ],
        "Fig. 4(a)"
    );
    assert_eq!(
        table(&l, 10),
        [(6, 6), (9, 9), (11, 11), (15, 15), (1, 9), (2, 6), (14, 11)],
        "Fig. 4(b)"
    );
}

#[test]
fn route_15_to_5_as_walked_through() {
    let topo = fig4_topology();
    let l = Loren::new(&topo, 7).unwrap();
    let (path, decisions) = l.route(SwitchId(15), SwitchId(5)).unwrap();
    let switches: Vec<u32> = path.switches.iter().map(|s| s.0).collect();
    assert_eq!(&switches[..3], [15, 10, 6], "15 → 10 → 6 → … → 5");
    assert_eq!(*switches.last().unwrap(), 5);
    // at 15: ⟨6, 10⟩, whose destination is 1 away from 5
    assert_eq!(l.tables[15][decisions[0].chosen].dst, 6);
    assert_eq!(decisions[0].distances[decisions[0].chosen], 1);
    // at 10: ⟨6, 6⟩ by table order, although ⟨9, 9⟩ is as close
    assert_eq!(l.tables[10][decisions[1].chosen].dst, 6);
    assert!(decisions[1].tied.iter().any(|&i| l.tables[10][i].dst == 9));
}

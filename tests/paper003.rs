//! Paper 003 (CTC): the serving heuristic's guarantees, the worked examples, Table I's shape,
//! the ILP's optimum against the lower bound, clustering of planted clusters, and the lab.

use topolab::hybrid::ctc::serve::{Event, Server};
use topolab::hybrid::ctc::{Demand, LcTraffic, MultiHop, Ocs, PlaneRule, Readings};
use topolab::labs::ctc::{order_and_anneal, CtcConfig, CtcRun};

fn all_to_all(n: u32) -> LcTraffic {
    LcTraffic {
        lcs: n as usize,
        demands: (0..n)
            .flat_map(|s| {
                (0..n)
                    .filter(move |&d| d != s)
                    .map(move |d| Demand { s, d, bytes: 1 })
            })
            .collect(),
        intra_bytes: 0,
    }
}

#[test]
fn id_order_on_four_lcs_with_one_port_leaves_two_cycles_and_annealing_finds_the_ring() {
    let t = all_to_all(4);
    let ocs = Ocs {
        planes: 1,
        ports: 1,
    };
    let mut server = Server::new(4, ocs, Readings::default());
    let order: Vec<u32> = (0..12).collect();
    let served = server.serve(&t, &order, None);
    assert_eq!(served.links, 4);
    assert_eq!(served.unserved, 8);
    assert_eq!(served.hop_bytes, 4);
    assert_eq!(served.cost(4), 36);
    let c = CtcConfig {
        traffic: "random:4:1".into(),
        planes: 1,
        ports: 1,
        iterations: 300,
        ..CtcConfig::default()
    };
    let run = CtcRun::run(&c, 1, true, &mut |_| {}).unwrap();
    let r = run.result();
    assert_eq!(r.hdf_hop_bytes, 36);
    assert_eq!(r.hop_bytes, 24, "the ring");
    assert!(r.unserved.is_empty());
}

#[test]
fn two_ports_on_four_lcs_reach_the_bound() {
    let t = all_to_all(4);
    let mut server = Server::new(
        4,
        Ocs {
            planes: 2,
            ports: 1,
        },
        Readings::default(),
    );
    let served = server.serve(&t, &(0..12).collect::<Vec<u32>>(), None);
    assert_eq!(
        (served.links, served.hop_bytes, served.unserved),
        (8, 16, 0)
    );
    assert_eq!(topolab::hybrid::ctc::bound::lower_bound(&t, 2), Some(16));
}

#[test]
fn first_fit_refuses_the_worked_example_merged_takes_it() {
    // (2,1), (1,0), (3,1), (0,2), (2,3), (3,2) on K = 2, P = 1
    let pairs = [(2, 1), (1, 0), (3, 1), (0, 2), (2, 3), (3, 2)];
    let t = LcTraffic {
        lcs: 4,
        demands: pairs
            .iter()
            .map(|&(s, d)| Demand { s, d, bytes: 1 })
            .collect(),
        intra_bytes: 0,
    };
    let order: Vec<u32> = (0..6).collect();
    let ocs = Ocs {
        planes: 2,
        ports: 1,
    };
    let only_direct = Readings {
        multi_hop: MultiHop::None,
        ..Readings::default()
    };
    let mut events = Vec::new();
    let mut ff = Server::new(4, ocs, only_direct);
    let served = ff.serve(&t, &order, Some(&mut events));
    assert!(matches!(events[5], Event::Refused { demand: 5, .. }));
    assert_eq!(served.hop_bytes, 8);
    let mut merged = Server::new(
        4,
        ocs,
        Readings {
            planes: PlaneRule::Merged,
            ..only_direct
        },
    );
    assert_eq!(merged.serve(&t, &order, None).hop_bytes, 6);
}

#[test]
fn table_1_heuristic_rows_at_n_16_have_the_shape_of_the_paper() {
    let c = CtcConfig::default();
    let (mut hdf, mut sa) = (0.0, 0.0);
    for i in 0..10 {
        let p = c.prepare(1, i).unwrap();
        let mut at100 = 0;
        let o = order_and_anneal(&c, &p, 1, i, 1000, |pt| {
            if pt.iteration == 100 {
                at100 = pt.best;
            }
        });
        assert!(o.cost <= at100 && at100 <= o.hdf_cost);
        hdf += o.hdf_cost as f64 / 10.0;
        sa += o.cost as f64 / 10.0;
    }
    eprintln!("N = 16: HDF {hdf}, SA 1000 {sa}");
    assert!((140.0..175.0).contains(&hdf), "{hdf}");
    assert!((135.0..165.0).contains(&sa), "{sa}");
}

//! Paper 003 (CTC): the serving heuristic's guarantees, the worked examples, Table I's shape,
//! the ILP's optimum against the lower bound, clustering of planted clusters, and the lab.

use crate::common::cli;
use topolab::hybrid::ctc::serve::{Event, Server};
use topolab::hybrid::ctc::{Demand, LcTraffic, MultiHop, Ocs, PlaneRule, Readings};
use topolab::labs::ctc::{order_and_anneal, CtcConfig, CtcRun};
use topolab::labs::{LabRun, View};

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

/// With the ILP, the steps are the serving that warm-started it (the figure draws the links it
/// made so far), then one step of the ILP's own configuration. On four LCs with one port in
/// HDF's id order the serving leaves two 2-cycles (4 links, 36 hop-bytes with its unserved
/// demands); the ILP's ring has 4 other links and 24 hop-bytes.
#[test]
fn the_ilp_is_the_last_step_after_the_serving_it_started_from() {
    let c = CtcConfig {
        traffic: "random:4:1".into(),
        planes: 1,
        ports: 1,
        order: topolab::labs::ctc::OrderKind::Hdf,
        solver: topolab::labs::ctc::SolverKind::Ilp,
        ..CtcConfig::default()
    };
    let run = CtcRun::run(&c, 1, true, &mut |_| {}).unwrap();
    assert_eq!(run.result().hop_bytes, 24);
    let steps = run.steps();
    let last = steps.last().unwrap();
    assert_eq!(last.title, "The ILP (§4.1): proven optimal");
    assert!(
        last.explanation.contains("24 hop-bytes"),
        "{}",
        last.explanation
    );
    assert!(
        steps[0].title.starts_with("Pass 1: 0→1 linked"),
        "{}",
        steps[0].title
    );
    let drawn = |step: Option<usize>| {
        let view = View {
            step: step.map(|s| s as u32),
            ..View::default()
        };
        let svg = run.figure(&view).unwrap().drawing.unwrap().to_svg();
        svg.matches(r#"<line class="ch"#).count()
    };
    assert_eq!(drawn(Some(0)), 1, "the serving's first link");
    // the serving's last decision: its 4 links (the two 2-cycles 0⇄1, 2⇄3)
    assert_eq!(drawn(Some(steps.len() - 2)), 4);
    assert_eq!(drawn(Some(steps.len() - 1)), 4, "the ILP's ring");
    assert_eq!(drawn(None), 4);
    let ring: std::collections::HashSet<(u32, u32)> =
        run.result().links.iter().map(|l| (l.src, l.dst)).collect();
    assert!(
        !ring.contains(&(0, 1)) || !ring.contains(&(1, 0)),
        "a ring, not 2-cycles: {ring:?}"
    );
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

/// Clustering recovers planted clusters: hierarchical blocks (pairs of clusters talk more to each
/// other than to the rest), task ids shuffled, 5 seeds each.
#[test]
fn spectral_clustering_recovers_hierarchical_blocks() {
    use rand::{seq::SliceRandom, Rng, SeedableRng};
    use topolab::hybrid::ctc::{spectral, Laplacian, TaskMatrix};
    for (tasks, t) in [(64usize, 8usize), (128, 16)] {
        for seed in 0..5u64 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut label: Vec<usize> = (0..tasks).collect();
            label.shuffle(&mut rng);
            // block of task i = label[i] / t; weight by the tree distance between blocks
            let blocks = tasks / t;
            let level = |a: usize, b: usize| -> u32 {
                let (mut a, mut b, mut l) = (a, b, 0);
                while a != b {
                    a /= 2;
                    b /= 2;
                    l += 1;
                }
                l
            };
            let mut entries = Vec::new();
            for i in 0..tasks {
                for j in 0..tasks {
                    if i == j {
                        continue;
                    }
                    let l = level(label[i] / t, label[j] / t);
                    let (p, w) = if l == 0 {
                        (0.9, 40u64)
                    } else {
                        (0.1, 4u64.pow(4 - l.min(3)))
                    };
                    if rng.random::<f64>() < p {
                        entries.push((i as u32, j as u32, w));
                    }
                }
            }
            let _ = blocks;
            let m = TaskMatrix::from_entries(tasks, entries);
            let c = spectral::cluster(&m, t, Laplacian::Sym);
            for members in &c.members {
                let b = label[members[0] as usize] / t;
                assert!(
                    members.iter().all(|&x| label[x as usize] / t == b),
                    "{tasks}/{t} seed {seed}: {members:?}"
                );
            }
        }
    }
}

#[test]
fn the_lab_runs_with_clusters_and_the_cli_keeps_its_contract() {
    let run = CtcRun::run(
        &CtcConfig {
            traffic: "stencil:8x8".into(),
            cluster_size: 4,
            planes: 4,
            iterations: 50,
            ..CtcConfig::default()
        },
        3,
        true,
        &mut |_| {},
    )
    .unwrap();
    let r = run.result();
    assert_eq!((r.lcs, r.tasks), (16, 64));
    assert_eq!(r.clusters.as_ref().unwrap().len(), 16);
    assert!(r.intra_lc_bytes > 0);
    assert_eq!(
        r.total_bytes + r.intra_lc_bytes,
        2 * (7 * 8) * 2 * (1 << 20)
    );
    let v = cli::json(&[
        "ctc",
        "--traffic",
        "random:12:0.5",
        "--solver",
        "ilp",
        "--json",
        "--baseline",
        "torus:3",
    ]);
    for key in [
        "hop_bytes",
        "links",
        "unserved",
        "runtime_ms",
        "optimal",
        "bound",
        "torus_hop_bytes",
    ] {
        assert!(v.get(key).is_some(), "{key} missing");
    }
    assert_eq!(v["optimal"], true);
    let (code, message) = cli::refused(&["ctc", "--traffic", "random:40:0.5", "--solver", "ilp"]);
    assert_eq!(code, Some(2));
    assert!(message.contains("use the heuristic"), "{message}");
}

mod properties {
    use super::*;
    use proptest::prelude::*;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use topolab::hybrid::ctc::Accept;

    fn traffic(n: u32, density: f64, seed: u64) -> LcTraffic {
        use rand::Rng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut demands = Vec::new();
        for s in 0..n {
            for d in 0..n {
                if s != d && rng.random::<f64>() < density {
                    demands.push(Demand {
                        s,
                        d,
                        bytes: rng.random_range(1..6),
                    });
                }
            }
        }
        LcTraffic {
            lcs: n as usize,
            demands,
            intra_bytes: 0,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// Ports per plane never exceed P, a direct link is made whenever a plane has both ports
        /// free, links are simple, and hop-bytes are Σ bytes × BFS hops on the links (petgraph).
        #[test]
        fn serving_keeps_ports_serves_directly_and_counts_hops(
            n in 3u32..20, k in 1usize..5, p in 1usize..4, density in 0.05f64..1.0, seed in 0u64..1000,
            merged in any::<bool>(), hop in 0usize..3, depth in 1u8..6,
        ) {
            prop_assume!(k * p < n as usize);
            let t = traffic(n, density, seed);
            prop_assume!(!t.demands.is_empty());
            let readings = Readings {
                planes: if merged { PlaneRule::Merged } else { PlaneRule::FirstFit },
                multi_hop: [MultiHop::Chain, MultiHop::OneNew, MultiHop::None][hop],
                depth,
                ..Readings::default()
            };
            let mut order: Vec<u32> = (0..t.demands.len() as u32).collect();
            order.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed + 1));
            let mut server = Server::new(n as usize, Ocs { planes: k, ports: p }, readings);
            let mut events = Vec::new();
            let served = server.serve(&t, &order, Some(&mut events));
            let links = server.links().to_vec();
            // simple links
            let mut pairs: Vec<(u32, u32)> = links.iter().map(|l| (l.src, l.dst)).collect();
            prop_assert!(pairs.iter().all(|&(u, v)| u != v));
            pairs.sort();
            pairs.dedup();
            prop_assert_eq!(pairs.len(), links.len());
            // port bounds per plane (merged: after the König split)
            let planes: Vec<u8> = if merged {
                let ends: Vec<(u32, u32)> = links.iter().map(|l| (l.src, l.dst)).collect();
                topolab::hybrid::ctc::planes::split(n as usize, &ends, k, p).expect("degrees ≤ K·P")
            } else {
                links.iter().map(|l| l.plane).collect()
            };
            let mut out = vec![0usize; n as usize * k];
            let mut inn = vec![0usize; n as usize * k];
            for (l, &pl) in links.iter().zip(&planes) {
                prop_assert!((pl as usize) < k);
                out[l.src as usize * k + pl as usize] += 1;
                inn[l.dst as usize * k + pl as usize] += 1;
            }
            prop_assert!(out.iter().chain(&inn).all(|&x| x <= p));
            // pass 1 replayed: direct on the first plane with both ports free, refused only when
            // none has (merged: degree below K·P at both ends)
            let mut o = vec![0usize; n as usize * k];
            let mut i = vec![0usize; n as usize * k];
            let free = |o: &[usize], i: &[usize], s: usize, d: usize| -> Option<usize> {
                if merged {
                    let tot = |x: &[usize], v: usize| x[v * k..(v + 1) * k].iter().sum::<usize>();
                    (tot(o, s) < k * p && tot(i, d) < k * p).then_some(0)
                } else {
                    (0..k).find(|&pl| o[s * k + pl] < p && i[d * k + pl] < p)
                }
            };
            for e in &events {
                match e {
                    Event::Direct { demand, plane, .. } => {
                        let dm = t.demands[*demand as usize];
                        let (s, d) = (dm.s as usize, dm.d as usize);
                        let fit = free(&o, &i, s, d);
                        prop_assert!(fit.is_some());
                        if !merged {
                            prop_assert_eq!(fit, Some(*plane as usize));
                        }
                        o[s * k + fit.unwrap()] += 1;
                        i[d * k + fit.unwrap()] += 1;
                    }
                    Event::Refused { demand, .. } => {
                        let dm = t.demands[*demand as usize];
                        prop_assert!(free(&o, &i, dm.s as usize, dm.d as usize).is_none());
                    }
                    _ => {}
                }
            }
            // hop-bytes against petgraph's BFS
            let mut g = petgraph::graph::DiGraph::<(), ()>::new();
            let nodes: Vec<_> = (0..n).map(|_| g.add_node(())).collect();
            for l in &links {
                g.add_edge(nodes[l.src as usize], nodes[l.dst as usize], ());
            }
            let (mut hop_bytes, mut unserved) = (0u64, 0usize);
            for dm in &t.demands {
                let dist = petgraph::algo::dijkstra(&g, nodes[dm.s as usize], Some(nodes[dm.d as usize]), |_| 1u64);
                match dist.get(&nodes[dm.d as usize]) {
                    Some(&h) => hop_bytes += dm.bytes * h,
                    None => unserved += 1,
                }
            }
            prop_assert_eq!(served.hop_bytes, hop_bytes);
            prop_assert_eq!(served.unserved, unserved);
        }

        /// Annealing never ends worse than its HDF start.
        #[test]
        fn annealing_never_ends_worse_than_hdf(n in 4u32..14, density in 0.2f64..1.0, seed in 0u64..1000, accept in 0usize..3) {
            let readings = Readings { accept: [Accept::Matlab, Accept::Metropolis, Accept::Greedy][accept], ..Readings::default() };
            let c = CtcConfig { traffic: format!("random:{n}:{density}"), planes: 2, iterations: 60, readings, ..CtcConfig::default() };
            let p = c.prepare(seed, 0);
            prop_assume!(p.is_ok(), "an empty matrix");
            let p = p.unwrap();
            let o = order_and_anneal(&c, &p, seed, 0, 60, |_| {});
            prop_assert!(o.cost <= o.hdf_cost);
            let mut server = Server::new(p.traffic.lcs, p.ocs, readings);
            prop_assert_eq!(server.serve(&p.traffic, &o.order, None).cost(p.traffic.lcs), o.cost);
        }
    }
}

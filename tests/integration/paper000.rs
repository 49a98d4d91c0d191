//! Paper 000 (Hu & Koibuchi, IEICE 2019) §3: Table 1, Table 2 and the Fig. 3/4 slot-policy
//! example, reproduced through the same code the page and the CLI run.

use topolab::analysis::{busiest_channels, channel_loads, max_slots};
use topolab::circuit::{allocate_slots, SlotPolicy};
use topolab::labs::slots::{run_slots, SlotsConfig};
use topolab::model::{PathSet, SwitchId};
use topolab::routing::{DimensionOrder, Router};
use topolab::topology::build;
use topolab::trace::Recorder;

fn n_of(topology: &str, pattern: &str, seed: u64) -> u32 {
    let config = SlotsConfig {
        topology: topology.into(),
        pattern: pattern.into(),
        ..Default::default()
    };
    run_slots(&config, seed, false, &mut |_| {})
        .unwrap()
        .result
        .max_slots
}

const MESHES: [&str; 3] = ["mesh:4x4", "mesh:8x8", "mesh:16x16"];

/// Table 1, the deterministic columns the paper prints for 16, 64 and 256 nodes (2-D mesh, DOR).
#[test]
fn table1_visible_rows_exactly() {
    let paper = [
        ("bitrev", [3, 7, 15]),
        ("transpose", [3, 7, 15]),
        ("shuffle", [2, 4, 8]),
        ("butterfly", [2, 4, 8]),
        ("bitcomp", [2, 4, 8]),
    ];
    for (pattern, expected) in paper {
        let ours: Vec<u32> = MESHES.iter().map(|m| n_of(m, pattern, 1)).collect();
        assert_eq!(
            ours, expected,
            "{pattern}: ours {ours:?} vs paper {expected:?}"
        );
    }
}

/// Uniform is random: over 20 seeds the paper's value (4, 6, 11) lies within our [min, max].
#[test]
fn table1_uniform_over_20_seeds() {
    let paper = [4, 6, 11];
    for (mesh, paper_n) in MESHES.iter().zip(paper) {
        let ns: Vec<u32> = (1..=20).map(|seed| n_of(mesh, "uniform", seed)).collect();
        let (min, max) = (*ns.iter().min().unwrap(), *ns.iter().max().unwrap());
        let mean = ns.iter().sum::<u32>() as f64 / ns.len() as f64;
        println!("uniform {mesh}: mean {mean:.2} min {min} max {max} (paper {paper_n})");
        assert!(
            (min..=max).contains(&paper_n),
            "{mesh}: paper {paper_n} outside our [{min}, {max}]"
        );
    }
}

/// Tornado and neighbor with the standard (Dally & Towles / BookSim) definitions, and why they
/// differ from the paper's columns:
/// - tornado moves every digit ⌈k/2⌉−1 places; on a k-wide mesh under DOR the worst channel
///   then carries k/2−1 communications: 1, 3, 7. The paper prints 2, 4, 8 = k/2, which is what a
///   shift of k/2 gives (checked below): the paper's tornado is most likely the half-way shift.
/// - neighbor sends every node to (x+1, y+1) mod k; each directed channel then carries at most
///   one communication, so N = 1 at every size. The paper's 3, 4, 3 is not monotone in the size,
///   which no deterministic shift gives under DOR; its "neighbor" must be another (likely
///   randomized, local) pattern that the paper does not define.
#[test]
fn table1_tornado_and_neighbor_documented() {
    let tornado: Vec<u32> = MESHES.iter().map(|m| n_of(m, "tornado", 1)).collect();
    assert_eq!(tornado, [1, 3, 7]);
    let neighbor: Vec<u32> = MESHES.iter().map(|m| n_of(m, "neighbor", 1)).collect();
    assert_eq!(neighbor, [1, 1, 1]);
    // the half-way shift reproduces the paper's tornado column
    let half_way: Vec<u32> = [4usize, 8, 16]
        .iter()
        .map(|&k| {
            let topo = build(&format!("mesh:{k}x{k}")).unwrap();
            let dor = DimensionOrder::new(&topo).unwrap();
            let mut set = PathSet::new();
            for s in 0..k * k {
                let (x, y) = (s % k, s / k);
                let d = (x + k / 2) % k + ((y + k / 2) % k) * k;
                set.push_path(&dor.path(SwitchId::new(s), SwitchId::new(d)).unwrap());
            }
            max_slots(&channel_loads(&topo, &set))
        })
        .collect();
    assert_eq!(half_way, [2, 4, 8], "paper's tornado column");
}

/// The larger rows of Table 1 come from the same code (the paper withholds them); this pins
/// our values so a change is noticed.
#[test]
fn table1_larger_meshes_same_code() {
    assert_eq!(n_of("mesh:32x32", "transpose", 1), 31);
    assert_eq!(n_of("mesh:64x64", "bitcomp", 1), 32);
    assert_eq!(n_of("mesh:16x16x16", "shuffle", 1), 8);
    assert_eq!(n_of("mesh:8x8x8x8", "bitrev", 1), 56);
}

/// Table 2: all-to-all on 2-D meshes under the five methods, 16/64/256 nodes, exactly.
#[test]
fn table2_all_to_all_exactly() {
    let paper = [
        ("destination", [16, 128, 1024]),
        ("path-scatter", [36, 528, 8256]),
        ("path-broadcast", [8, 32, 128]),
        ("tree-scatter", [12, 56, 240]),
        ("tree-broadcast", [12, 56, 240]),
    ];
    for (method, expected) in paper {
        let ours: Vec<u32> = MESHES
            .iter()
            .map(|m| {
                let config = SlotsConfig {
                    topology: (*m).into(),
                    pattern: "all-to-all".into(),
                    all2all: method.into(),
                    ..Default::default()
                };
                run_slots(&config, 1, false, &mut |_| {})
                    .unwrap()
                    .result
                    .max_slots
            })
            .collect();
        assert_eq!(
            ours, expected,
            "{method}: ours {ours:?} vs paper {expected:?}"
        );
    }
}

/// Fig. 3/4: the communications the text names on the 4×4 mesh. DOR (x first) places seven as
/// drawn; c(13,7) it routes 13→14→15→11→7, but the paper counts it on l(6,7) ("3 + 1 = 4"), so
/// we give it the minimal path 13→9→5→6→7 that the figure must show. Then l(4,8) carries five
/// (N = 5) and c(5,11), c(6,7), c(13,7) share l(6,7) with 2 slots of room, as the text says.
fn fig3_example() -> (topolab::model::Topology, PathSet, Vec<(u32, u32)>) {
    let topo = build("mesh:4x4").unwrap();
    let dor = DimensionOrder::new(&topo).unwrap();
    let named = [
        (0, 12),
        (1, 8),
        (2, 12),
        (3, 8),
        (4, 8),
        (5, 11),
        (6, 7),
        (13, 7),
    ];
    let mut set = PathSet::new();
    for &(s, d) in &named {
        let path = if (s, d) == (13, 7) {
            let switches: Vec<SwitchId> = [13, 9, 5, 6, 7].into_iter().map(SwitchId).collect();
            let channels = switches
                .windows(2)
                .map(|w| topo.channel_between(w[0], w[1]).unwrap())
                .collect();
            topolab::model::Path { switches, channels }
        } else {
            dor.path(SwitchId(s), SwitchId(d)).unwrap()
        };
        set.push_path(&path);
    }
    (topo, set, named.to_vec())
}

#[test]
fn fig3_n_is_5_on_l_4_8() {
    let (topo, set, _) = fig3_example();
    let loads = channel_loads(&topo, &set);
    assert_eq!(max_slots(&loads), 5);
    let busiest = busiest_channels(&loads);
    assert_eq!(busiest.len(), 1);
    assert_eq!(topo.channel_ends(busiest[0]), (SwitchId(4), SwitchId(8)));
    let l67 = topo.channel_between(SwitchId(6), SwitchId(7)).unwrap();
    assert_eq!(loads[l67.index()], 3);
}

/// Which communications get extra slots under each policy, and in which order (Fig. 4).
/// The paper says src_polling and hcStoL_polling end the same, "both first pick c(5,11) then
/// c(6,7)"; with hop count = switches traversed, hcStoL takes c(6,7) (2 switches) before
/// c(5,11) (4 switches), so our order differs while the final allocation is the same.
#[test]
fn fig4_six_policies() {
    let (topo, set, named) = fig3_example();
    let loads = channel_loads(&topo, &set);
    let grants = |policy: &str| -> Vec<((u32, u32), u32)> {
        let a = allocate_slots(
            &topo,
            &set,
            &loads,
            5,
            SlotPolicy::parse(policy).unwrap(),
            &|i| format!("{i}"),
            &mut Recorder::new(false),
            &mut |_| {},
        );
        a.grants
            .iter()
            .map(|&(i, extra)| (named[i as usize], extra))
            .collect()
    };
    assert_eq!(grants("src_greedy"), [((5, 11), 2)]);
    assert_eq!(grants("src_polling"), [((5, 11), 1), ((6, 7), 1)]);
    assert_eq!(grants("hcLtoS_greedy"), [((13, 7), 2)]);
    assert_eq!(grants("hcLtoS_polling"), [((13, 7), 1), ((5, 11), 1)]);
    assert_eq!(grants("hcStoL_greedy"), [((6, 7), 2)]);
    assert_eq!(grants("hcStoL_polling"), [((6, 7), 1), ((5, 11), 1)]);

    // §5.1: hcLtoS_greedy adds the most used slots here, hcStoL_greedy the fewest.
    let used = |policy: &str| {
        allocate_slots(
            &topo,
            &set,
            &loads,
            5,
            SlotPolicy::parse(policy).unwrap(),
            &|i| format!("{i}"),
            &mut Recorder::new(false),
            &mut |_| {},
        )
        .used_slots
    };
    let base: u64 = loads.iter().map(|&l| u64::from(l)).sum();
    assert_eq!(used("hcLtoS_greedy") - base, 8);
    assert_eq!(used("src_greedy") - base, 6);
    assert_eq!(used("hcStoL_greedy") - base, 2);
    assert_eq!(used("src_polling"), used("hcStoL_polling"));
}

/// The six policies run on mesh, torus and fat-tree, never raise N, and give every fat-tree layer
/// an efficiency (Fig. 10).
#[test]
fn policies_run_on_mesh_torus_fattree() {
    for topology in ["mesh:8x8", "torus:8x8", "fattree:4:3"] {
        for (policy, _) in topolab::circuit::SLOT_POLICIES {
            let config = SlotsConfig {
                topology: topology.into(),
                pattern: "randperm".into(),
                policy: (*policy).into(),
                ..Default::default()
            };
            let lab = run_slots(&config, 3, true, &mut |_| {}).unwrap();
            let a = lab.allocation.as_ref().unwrap();
            assert!(
                a.channel_slots.iter().all(|&u| u <= lab.result.max_slots),
                "{topology} {policy}"
            );
            let u = lab.result.slot_utilization.unwrap();
            assert!(u > 0.0 && u <= 1.0);
            if topology.starts_with("fattree") {
                assert_eq!(lab.result.layers.len(), 3);
            }
            // the trace replays to the final state
            let last = lab.trace.as_ref().unwrap().steps.len() - 1;
            assert_eq!(
                lab.state_at(Some(last)).0,
                a.channel_slots,
                "{topology} {policy}"
            );
        }
    }
}

/// All-to-all fills every channel under any policy on a mesh (§5.1: "can reach 100%").
#[test]
fn all_to_all_reaches_full_utilization_on_a_mesh() {
    for (policy, _) in topolab::circuit::SLOT_POLICIES {
        let config = SlotsConfig {
            topology: "mesh:4x4".into(),
            pattern: "all-to-all".into(),
            policy: (*policy).into(),
            ..Default::default()
        };
        let u = run_slots(&config, 1, false, &mut |_| {})
            .unwrap()
            .result
            .slot_utilization
            .unwrap();
        assert!((u - 1.0).abs() < 1e-12, "{policy}: {u}");
    }
}

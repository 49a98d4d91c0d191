//! Cowen's compact routing (L. Cowen, SODA 1999) as paper 002 counts it (§II-C, §VI-B) and its
//! cluster reading: the table-size study reaches the paper's range (Cowen's smallest t_max 18
//! and 42, LOREN's reductions 56% and 67%), both readings deliver every pair with stretch ≤ 3 on
//! random LRTs, and `cowen`'s tables are exactly L ∪ R_u computed naïvely from the distances.

use topolab::graph::DistanceTable;
use topolab::labs::routing::RoutingConfig;
use topolab::model::SwitchId;
use topolab::papers::p002::table_study;
use topolab::routing::{
    alpha_grid, ball_size, Balls, Cowen, CowenParam, Reading, Router, RouterSpec, TmaxRule,
};
use topolab::scenario::{self, Scenario};
use topolab::topology::build_seeded;

/// The study's numbers on `count` topologies, checked against the ranges: Cowen's
/// smallest t_max within `range`, LOREN's reduction of the minimum at least `reduction`.
fn study_reaches(spec: &str, count: usize, range: std::ops::RangeInclusive<usize>, reduction: f64) {
    let s = table_study(spec, count, 1, &mut |_| {}).unwrap();
    eprintln!(
        "{spec} × {count}: Cowen min {} mean {:.2}, LOREN min {} mean {:.2}, reductions {:.1}% / {:.1}%",
        s.cowen.min,
        s.cowen.mean,
        s.loren.min,
        s.loren.mean,
        100.0 * s.reduction_min,
        100.0 * s.reduction_mean
    );
    assert_eq!(s.cowen_scheme, "cowen");
    assert_eq!(s.cowen_alphas, alpha_grid());
    assert!(
        range.contains(&s.cowen.min),
        "{spec}: Cowen's smallest t_max {}",
        s.cowen.min
    );
    assert!(
        s.reduction_min >= reduction,
        "{spec}: reduction {}",
        s.reduction_min
    );
    assert!(
        s.reduction_mean > 0.4,
        "{spec}: mean reduction {}",
        s.reduction_mean
    );
}

#[test]
fn table_study_at_64_switches_reaches_the_papers_range() {
    // paper 002 §VI-B: Cowen's smallest t_max 18, LOREN 56% smaller at the minimum
    study_reaches("lrt:64:4:2", 200, 16..=20, 0.45);
}

#[test]
fn table_study_at_256_switches_reaches_the_papers_range() {
    // paper 002 §VI-B: Cowen's smallest t_max 42, LOREN 67% smaller at the minimum
    study_reaches("lrt:256:4:4", 100, 37..=44, 0.55);
}

/// Every ordered pair arrives, within three times the shortest path, and the memoised lengths
/// are the hop-by-hop walk's.
fn check_stretch(spec: &str, seed: u64, reading: Reading, param: CowenParam) {
    let topo = build_seeded(spec, seed).unwrap();
    let table = DistanceTable::new(&topo).unwrap();
    let c = Cowen::build(&topo, reading, param).unwrap();
    let n = topo.switch_count();
    for d in 0..n {
        let memo = c.hops_to(d as u32);
        for s in (0..n).filter(|&s| s != d) {
            let path = c
                .path(SwitchId::new(s), SwitchId::new(d))
                .unwrap_or_else(|e| panic!("{spec} seed {seed} {reading:?} {param:?}: {e}"));
            let shortest = table.distance(s, d) as usize;
            assert!(
                path.hops() >= shortest && path.hops() <= 3 * shortest,
                "{spec} seed {seed} {reading:?} {param:?}: {s}→{d} in {} hops, shortest {shortest}",
                path.hops()
            );
            assert_eq!(path.hops(), memo[s] as usize, "{spec} seed {seed}: {s}→{d}");
        }
    }
}

#[test]
fn both_readings_deliver_every_pair_with_stretch_at_most_three() {
    for reading in Reading::ALL {
        for seed in 1..=12 {
            let alpha = alpha_grid()[(seed as usize * 7) % 19];
            check_stretch("lrt:64:4:2", seed, reading, CowenParam::Alpha(alpha));
        }
        for rule in TmaxRule::ALL {
            check_stretch("lrt:64:4:2", 5, reading, CowenParam::TableLimit(32, rule));
        }
        for seed in 1..=2 {
            check_stretch("lrt:256:4:4", seed, reading, CowenParam::Alpha(0.45));
        }
    }
}

#[test]
fn cowen_tables_are_landmarks_and_inverse_balls_computed_naively() {
    for (spec, seed, alpha) in [
        ("lrt:16:4:2", 3, 0.5),
        ("lrt:64:4:2", 4, 0.35),
        ("lrt:64:4:2", 4, 0.8),
    ] {
        let topo = build_seeded(spec, seed).unwrap();
        let n = topo.switch_count();
        let table = DistanceTable::new(&topo).unwrap();
        let c = Cowen::new(&topo, alpha).unwrap();
        // B_v: the ⌈n^α⌉ nearest switches of v, ties by id
        let k = ball_size(n, alpha);
        let ball = |v: usize| {
            let mut all: Vec<usize> = (0..n).collect();
            all.sort_by_key(|&u| (table.distance(v, u), u));
            all.truncate(k);
            all
        };
        let balls: Vec<Vec<usize>> = (0..n).map(ball).collect();
        let is_landmark = |u: usize| c.landmarks.contains(&(u as u32));
        // every ball holds a landmark; every switch in at least n^((1+α)/2) balls is one (C)
        for (v, b) in balls.iter().enumerate() {
            assert!(
                b.iter().any(|&u| is_landmark(u)),
                "{spec}: ball of {v} unhit"
            );
        }
        let threshold = (n as f64).powf((1.0 + alpha) / 2.0);
        for u in 0..n {
            let inverse = balls.iter().filter(|b| b.contains(&u)).count();
            if inverse as f64 >= threshold - 1e-9 {
                assert!(
                    is_landmark(u),
                    "{spec}: {u} is in {inverse} balls and no landmark"
                );
            }
        }
        // the table of u: every landmark and every v whose ball holds u (u itself included)
        for u in 0..n {
            let mut expected: Vec<u32> = (0..n)
                .filter(|&v| is_landmark(v) || balls[v].contains(&u))
                .map(|v| v as u32)
                .collect();
            expected.sort_unstable();
            assert_eq!(c.tables[u], expected, "{spec} α {alpha}: table of {u}");
            // l(u): the nearest landmark, ties by id
            let nearest = (0..n)
                .filter(|&l| is_landmark(l))
                .min_by_key(|&l| (table.distance(u, l), l))
                .unwrap();
            assert_eq!(c.landmark_of[u] as usize, nearest);
        }
        assert_eq!(
            c.tables(),
            topolab::routing::TableSizes {
                max_entries: c.tables.iter().map(Vec::len).max().unwrap(),
                min_required_entries: None,
                landmarks: Some(c.landmarks.len()),
            }
        );
    }
}

#[test]
fn cowen_at_a_table_limit_is_a_router_spec() {
    let topo = build_seeded("lrt:64:4:2", 1).unwrap();
    let spec = RouterSpec::parse("cowen:32").unwrap();
    let router = spec.build(&topo).unwrap();
    assert!(router.tables().max_entries <= 32);
    assert_eq!(router.name(), "cowen");
    let cluster = RouterSpec::parse("cowen-cluster:0.5")
        .unwrap()
        .build(&topo)
        .unwrap();
    assert_eq!(cluster.name(), "cowen-cluster");
    // the cluster reading's tables are smaller than the paper's at the same α
    let paper = RouterSpec::parse("cowen:0.5")
        .unwrap()
        .build(&topo)
        .unwrap();
    assert!(cluster.tables().max_entries < paper.tables().max_entries);
    let too_small = RouterSpec::parse("cowen:5").unwrap().build(&topo);
    assert!(too_small.err().unwrap().to_string().contains("at least"));
    // in the Routing lab the α field is an α; `cowen:32` as the scheme is Cowen at t_max 32
    let lab = |scheme: &str, alpha: f64| {
        let config = RoutingConfig {
            scheme: scheme.into(),
            alpha,
            ..RoutingConfig::default()
        };
        scenario::run(
            &Scenario::for_lab("routing", 1, &config).unwrap(),
            false,
            &mut |_| {},
        )
        .map(|run| run.result())
    };
    let err = lab("cowen", 2.0).err().unwrap();
    assert_eq!(err.field().as_deref(), Some("routing.alpha"), "{err}");
    // a table limit the network's Cowen cannot meet is the scheme's fault, not t_max's
    for scheme in ["cowen:5", "cowen:5:largest", "cowen-cluster:2"] {
        let err = lab(scheme, 0.5).err().unwrap();
        assert_eq!(err.field().as_deref(), Some("routing.scheme"), "{err}");
        assert!(err.to_string().contains("at least"), "{err}");
    }
    let at_32 = lab("cowen:32", 0.5).unwrap();
    assert!(at_32["max_entries"].as_u64().unwrap() <= 32);
    assert_ne!(at_32["alpha"].as_f64(), Some(0.5));
}

/// Average hops over all ordered pairs, walked hop by hop (what the rule must have minimised).
fn walked_average(topo: &topolab::model::Topology, c: &Cowen<'_>) -> f64 {
    let n = topo.switch_count();
    let mut total = 0usize;
    for d in 0..n {
        for s in (0..n).filter(|&s| s != d) {
            total += c.path(SwitchId::new(s), SwitchId::new(d)).unwrap().hops();
        }
    }
    total as f64 / (n * (n - 1)) as f64
}

#[test]
fn cowen_at_t_max_fits_t_max_and_the_shortest_rule_has_the_shortest_paths_within_it() {
    for (spec, seed, t_max) in [
        ("lrt:64:4:2", 1, 32),
        ("lrt:64:4:2", 2, 24),
        ("lrt:49:4:2", 3, 20),
    ] {
        let topo = build_seeded(spec, seed).unwrap();
        let balls = std::sync::Arc::new(Balls::new(&topo).unwrap());
        let grid = alpha_grid();
        let sizes = Reading::Cowen1999.max_entries_for(&balls, &grid).unwrap();
        let build = |param| Cowen::with_balls(&topo, balls.clone(), Reading::Cowen1999, param);
        // every α of the grid within t_max, with its walked average path
        let within: Vec<(f64, f64)> = grid
            .iter()
            .zip(&sizes)
            .filter(|(_, &size)| size <= t_max)
            .map(|(&a, _)| {
                (
                    a,
                    walked_average(&topo, &build(CowenParam::Alpha(a)).unwrap()),
                )
            })
            .collect();
        assert!(!within.is_empty(), "{spec} seed {seed}");
        let largest = build(CowenParam::TableLimit(t_max, TmaxRule::Largest)).unwrap();
        let shortest = build(CowenParam::TableLimit(t_max, TmaxRule::Shortest)).unwrap();
        assert!(largest.max_entries() <= t_max && shortest.max_entries() <= t_max);
        assert!(
            sizes
                .iter()
                .all(|&s| s > t_max || s <= largest.max_entries()),
            "{spec} seed {seed}: a larger table within {t_max}"
        );
        let best = walked_average(&topo, &shortest);
        for &(alpha, avg) in &within {
            assert!(
                avg > best + 1e-12 || (avg >= best - 1e-12 && alpha <= shortest.alpha),
                "{spec} seed {seed} t_max {t_max}: α {alpha} averages {avg} hops, the rule's α {} {best}",
                shortest.alpha
            );
        }
        // what cowen:T means without a rule, and the rule a spec names
        let router = |text: &str| RouterSpec::parse(text).unwrap().build(&topo).unwrap();
        let default = router(&format!("cowen:{t_max}")).tables().max_entries;
        let named = router(&format!("cowen:{t_max}:{}", TmaxRule::DEFAULT.name()));
        assert_eq!(default, named.tables().max_entries);
        let largest_spec = router(&format!("cowen:{t_max}:largest"));
        assert_eq!(largest_spec.tables().max_entries, largest.max_entries());
    }
}

#[test]
fn the_t_max_rule_round_trips_through_router_specs() {
    for text in [
        "cowen:32:shortest",
        "cowen:32:largest",
        "cowen-cluster:18:largest",
        "cowen:32",
    ] {
        let spec = RouterSpec::parse(text).unwrap();
        assert_eq!(spec.text(), text);
        assert_eq!(RouterSpec::parse(&spec.text()).unwrap().text(), text);
    }
    assert_eq!(
        RouterSpec::parse("Cowen:32:LARGEST").unwrap().text(),
        "cowen:32:largest"
    );
    let msg = |s: &str| RouterSpec::parse(s).unwrap_err().to_string();
    assert!(
        msg("cowen:0.4:largest").contains("whole table limit"),
        "{}",
        msg("cowen:0.4:largest")
    );
    assert!(msg("cowen:32:longest").contains("largest, shortest"));
    assert!(msg("cowen:32:largest:1").contains("cowen:α or t_max"));
    assert!(msg("loren:16:largest").contains("write loren:t_max"));
    assert_eq!(
        TmaxRule::parse("Largest", "cowen_rule").unwrap(),
        TmaxRule::Largest
    );
    let err = TmaxRule::parse("long", "cowen_rule").unwrap_err();
    assert_eq!(err.field().as_deref(), Some("cowen_rule"));
}

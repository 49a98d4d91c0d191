//! The applications' structures against the sizes worked from the NPB sources (class B at 256
//! ranks: CG segments 37,504 / 37,496 B; LU planes 57,120 / 48,960 B; MG's finest faces 8,192,
//! 16,896 and 17,952 B) and the placement facts they imply.

use super::*;
use std::collections::BTreeSet;

fn large_pairs(w: &Workload, threshold: u64) -> BTreeSet<(u32, u32)> {
    w.demands()
        .iter()
        .filter(|d| d.bytes >= threshold)
        .map(|d| (d.src, d.dst))
        .collect()
}

fn sizes(w: &Workload) -> BTreeSet<u64> {
    w.demands().iter().map(|d| d.bytes).collect()
}

fn app(name: &str, class: &str) -> App {
    App::parse(name, class, 4 << 20, "").unwrap()
}

#[test]
fn cg_reduces_along_rows_and_swaps_with_the_transpose() {
    let w = app("cg", "B").workload(256, 5, 0).unwrap();
    let big: BTreeSet<u64> = sizes(&w).into_iter().filter(|&b| b >= 8192).collect();
    assert_eq!(big, BTreeSet::from([37_496, 37_504]));
    // the transpose partner of rank 17 (row 1, col 1) is itself; of 18 (row 1, col 2) is 33
    let d = w.demands();
    let count = |s, t| {
        d.iter()
            .filter(|x| (x.src, x.dst) == (s, t) && x.bytes >= 8192)
            .map(|x| x.count)
            .sum::<u64>()
    };
    assert_eq!(count(18, 33), 26 * 5, "26 transposes per call, 5 calls");
    assert_eq!(count(17, 17), 0);
    assert_eq!(count(16, 17), 26 * 5, "row partner col ⊕ 1");
    assert_eq!(count(16, 24), 26 * 5, "row partner col ⊕ 8");
    assert_eq!(count(16, 20), 26 * 5, "row partner col ⊕ 4");
    assert_eq!(count(16, 19), 0, "not a partner");
    // every large message stays in its process row or goes to the transpose
    for (s, t) in large_pairs(&w, 8192) {
        assert!(s / 16 == t / 16 || t == (s % 16) * 16 + s / 16, "{s} → {t}");
    }
    // class A's segments (875 doubles) are below the threshold
    let a = app("cg", "A").workload(256, 5, 0).unwrap();
    assert!(large_pairs(&a, 8192).is_empty());
    assert_eq!(*sizes(&a).last().unwrap(), 7_000);
    assert!(w.messages() as u64 <= app("cg", "B").messages(256, 5));
}

#[test]
fn lu_exchanges_planes_with_grid_neighbours_and_sweeps_a_wavefront() {
    let w = app("lu", "B").workload(256, 5, 0).unwrap();
    let big: BTreeSet<u64> = sizes(&w).into_iter().filter(|&b| b >= 8192).collect();
    assert_eq!(big, BTreeSet::from([48_960, 57_120]));
    // the large pairs are the neighbour exchange's
    let n = app("neighbor", "B").workload(256, 1, 0).unwrap();
    assert_eq!(large_pairs(&w, 8192), large_pairs(&n, 8192));
    let small: BTreeSet<u64> = sizes(&w).into_iter().filter(|&b| b < 8192).collect();
    assert_eq!(small, BTreeSet::from([240, 280]));
    // the wavefront: rank 0 sends plane 0 first; rank 255 (the far corner) only in `buts`
    let first = &w.phases[2];
    assert!(first.sends.iter().all(|s| s.src == 0));
    assert_eq!(first.sends.len(), 2);
    let phases_per_iteration = 2 + 2 * (100 + 30);
    assert_eq!(w.phases.len(), 5 * phases_per_iteration);
    assert!(w.messages() as u64 <= app("lu", "B").messages(256, 5));
    assert!(w.phases.len() as u64 <= app("lu", "B").phases(256, 5));
    // 4,096 ranks: class B leaves 1 point per rank and side; the message names class D
    let e = app("lu", "B").workload(4096, 1, 0).unwrap_err();
    assert_eq!(e.field().as_deref(), Some("class"));
    assert!(e.to_string().contains("class D"), "{e}");
}

#[test]
fn mg_swaps_faces_at_every_level_of_a_4_by_8_by_8_grid() {
    let w = app("mg", "B").workload(256, 5, 0).unwrap();
    let big: BTreeSet<u64> = sizes(&w).into_iter().filter(|&b| b >= 8192).collect();
    assert_eq!(big, BTreeSet::from([8_192, 16_896, 17_952]));
    // rank = x + 4y + 32z: the finest faces go to x ± 1 (mod 4), y ± 1 (mod 8), z ± 1 (mod 8)
    let pairs = large_pairs(&w, 8192);
    assert_eq!(pairs.len(), 256 * 6);
    assert!(pairs.contains(&(0, 3)) && pairs.contains(&(0, 28)) && pairs.contains(&(0, 224)));
    // coarse levels skip dead processes: at level 1 (2 points per axis) only x ∈ {1, 3},
    // y, z ∈ {3, 7} hold a point, and rank 109 (1, 3, 3) swaps with 111 (3, 3, 3) in x
    let levels = mg_levels(256, 8);
    let coarse = &levels[109][7];
    assert!(!coarse.dead);
    assert_eq!(coarse.next[0], [111, 111]);
    assert_eq!(coarse.next[2], [237, 237]);
    assert!(levels[0][7].dead);
    let live = levels.iter().filter(|l| !l[7].dead).count();
    assert_eq!(live, 8);
    assert!(w.messages() as u64 <= app("mg", "B").messages(256, 5));
    assert!(w.phases.len() as u64 <= app("mg", "B").phases(256, 5));
}

#[test]
fn the_neighbour_exchange_is_one_phase_of_960_messages() {
    let w = app("neighbor", "B").workload(256, 5, 7_000).unwrap();
    assert_eq!(w.phases.len(), 1);
    assert_eq!(w.messages(), 960);
    assert_eq!(w.phases[0].compute_ns, 7_000);
    let e = app("neighbor", "B").workload(200, 1, 0).unwrap_err();
    assert_eq!(e.field().as_deref(), Some("app"));
}

#[test]
fn matrices_are_read_with_their_errors_by_line() {
    let m = parse_matrix("src,dst,bytes,count\n# comment\n0,1,65536,2\n\n1;0;100;1\n").unwrap();
    assert_eq!(m.len(), 2);
    assert_eq!(
        (m[0].src, m[0].dst, m[0].bytes, m[0].count),
        (0, 1, 65536, 2)
    );
    let w = App::Matrix(m).workload(4, 1, 0).unwrap();
    assert_eq!(w.messages(), 3);
    let err = |text: &str| parse_matrix(text).unwrap_err().to_string();
    assert!(err("0,1,x,2").contains("line 1"));
    assert!(err("0,1,100,2\n0,1,100").contains("line 2"));
    assert!(err("0,1,0,2").contains("bytes"));
    assert!(err("").contains("no rows"));
    assert!(err("0,1,NaN,1").contains("line 1"));
    let far = App::Matrix(parse_matrix("0,9,100,1").unwrap())
        .workload(4, 1, 0)
        .unwrap_err();
    assert_eq!(far.field().as_deref(), Some("matrix"));
    let huge = App::Matrix(parse_matrix("0,1,100,99999999999").unwrap())
        .workload(4, 1, 0)
        .unwrap_err();
    assert!(huge.to_string().contains("messages"), "{huge}");
}

#[test]
fn bad_names_and_classes_are_refused_by_field() {
    let e = App::parse("ring", "B", 1, "").unwrap_err();
    assert_eq!(e.field().as_deref(), Some("app"));
    let e = App::parse("cg", "Z", 1, "").unwrap_err();
    assert_eq!(e.field().as_deref(), Some("class"));
    let e = app("cg", "B").workload(128, 1, 0).unwrap_err();
    assert!(e.to_string().contains("square power-of-two"), "{e}");
    let e = app("mg", "B").workload(96, 1, 0).unwrap_err();
    assert_eq!(e.field().as_deref(), Some("app"));
    let e = app("cg", "B").workload(256, 0, 0).unwrap_err();
    assert_eq!(e.field().as_deref(), Some("iterations"));
    // CG at 4,096 ranks: 5 iterations are over the limit, and the message says how many fit
    let e = app("cg", "B").workload(4096, 5, 0).unwrap_err();
    assert_eq!(e.field().as_deref(), Some("iterations"));
    assert!(e.to_string().contains("at most 2"), "{e}");
    let w = app("cg", "B").workload(4096, 2, 0).unwrap();
    let phases = app("cg", "B").phases(4096, 2);
    assert!(w.phases.len() as u64 <= phases);
}

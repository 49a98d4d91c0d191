//! Paper 004 §2: Table 1, the 0 → 6 routes, the printed baselines, generator-set validation.

use super::*;

#[test]
fn table_1_is_reproduced_exactly() {
    let d = DualPlane::isomorphic(Kind::Hc, 3, &[3, 5, 7]).unwrap();
    let printed = [
        (0, 0, 0),
        (1, 3, 7),
        (1, 2, 6),
        (2, 1, 1),
        (1, 2, 5),
        (2, 1, 2),
        (2, 2, 3),
        (3, 1, 4),
    ];
    for (x, &(d0, d1, r)) in printed.iter().enumerate() {
        let row = d.row(x as u32);
        assert_eq!(
            (row.distance[0], row.distance[1], row.routing_value),
            (d0, d1, r),
            "row {x}"
        );
    }
    // §2.2's worked example: 0 → 6 is a tie, plane 0 goes 0-2-6 and plane 1 goes 0-3-6
    assert_eq!(d.planes[0].path(0, 6), vec![0, 2, 6]);
    assert_eq!(d.planes[1].path(0, 6), vec![0, 3, 6]);
    // the example set is better in both metrics than D-HC (ours: 1.0 / 16/3 against 1.5 / 4)
    let m = d.metrics();
    assert_eq!(m.avg_distance, 1.0);
    assert!((m.a2a_max_traffic - 16.0 / 3.0).abs() < 1e-12);
}

#[test]
fn a_hypercube_gives_2_and_d_hc_4() {
    for n in 1..=12 {
        let d = DualPlane::identical(Kind::Hc, n).unwrap();
        assert_eq!(single_plane_a2a(&d.planes[0]), 2.0, "n = {n}");
        let m = d.metrics();
        assert_eq!(m.a2a_max_traffic, 4.0, "n = {n}");
        assert_eq!(
            m.avg_distance,
            f64::from(n) / 2.0,
            "n = {n}: self pairs included"
        );
    }
}

#[test]
fn the_printed_n8_baselines() {
    // §2.4: D-HC 4 and 4, D-FHC 3.27 and 5.51
    let hc = DualPlane::identical(Kind::Hc, 8).unwrap().metrics();
    assert_eq!((hc.avg_distance, hc.a2a_max_traffic), (4.0, 4.0));
    let fhc = DualPlane::identical(Kind::Fhc, 8).unwrap().metrics();
    assert_eq!(format!("{:.2}", fhc.avg_distance), "3.27");
    assert_eq!(fhc.avg_distance, 837.0 / 256.0);
    assert_eq!(fhc.max_link_load, 93);
    assert_eq!(format!("{:.2}", fhc.a2a_max_traffic), "5.51");
}

#[test]
fn generator_sets_are_checked_with_the_dependent_element_named() {
    let err = |n, g: &[u32]| Plane::isomorphic(Kind::Hc, n, g).unwrap_err().to_string();
    let e = err(3, &[3, 5, 6]);
    assert!(
        e.contains("6 (element 3) is the XOR of earlier ones (3 ⊕ 5)"),
        "{e}"
    );
    assert!(err(3, &[3, 5, 8]).contains("8 is not in [1, 8)"));
    assert!(err(3, &[3, 0, 5]).contains("0 is not in"));
    assert!(err(3, &[3, 5]).contains("3 generators for n = 3, not 2"));
    assert!(err(3, &[3, 3, 5]).contains("3 (element 2) is the XOR"));
    assert!(Plane::isomorphic(Kind::Hc, 17, &[1]).is_err());
    // folded: the paper's FH(1,3) = {1,2,5,6}; the folded element may be left out, never wrong
    let f = Plane::isomorphic(Kind::Fhc, 3, &[1, 2, 5]).unwrap();
    assert_eq!(f.generators(), &[1, 2, 5, 6]);
    assert!(Plane::isomorphic(Kind::Fhc, 3, &[1, 2, 5, 6]).is_ok());
    let e = Plane::isomorphic(Kind::Fhc, 3, &[1, 2, 5, 7])
        .unwrap_err()
        .to_string();
    assert!(e.contains("must be the XOR of the other 3, 6"), "{e}");
    // Fig. 2(d): switch 1 of FH(1,3) links to 0, 3, 4, 7
    let mut nb: Vec<u32> = f.generators().iter().map(|g| 1 ^ g).collect();
    nb.sort_unstable();
    assert_eq!(nb, vec![0, 3, 4, 7]);
}

#[test]
fn odd_n_folded_ties_route_direct() {
    // n = 3: weight 2 is 2 hops direct or 2 through the fold; we go direct (documented)
    let p = Plane::standard(Kind::Fhc, 3).unwrap();
    assert_eq!(p.route(3).collect::<Vec<_>>(), vec![0, 1]);
    assert_eq!(
        p.route(7).collect::<Vec<_>>(),
        vec![3],
        "weight 3 folds: one hop"
    );
    let d = DualPlane::identical(Kind::Fhc, 3).unwrap().metrics();
    assert!((d.a2a_max_traffic - 16.0 / 3.0).abs() < 1e-12, "{d:?}");
}

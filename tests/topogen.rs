//! TOPOGEN (paper 000 §4–5): the Fig. 5 example through the lab, and properties over many
//! patterns, sizes and seeds — the degree limit holds, every communication has a route, N never
//! increases across swap and link steps.

use proptest::prelude::*;
use topolab::circuit::topogen::topogen;
use topolab::labs::topogen::{run_topogen, topogen_traffic, TopoGenConfig};

#[test]
fn fig5_example_through_the_lab() {
    let config = TopoGenConfig {
        nodes: 16,
        degree: 5,
        pattern: "uniform".into(),
        ..Default::default()
    };
    let lab = run_topogen(&config, 1, true, &mut |_| {}).unwrap();
    let trace = lab.run.trace.as_ref().unwrap();
    let partition_steps = trace
        .steps
        .iter()
        .filter(|s| s.title.contains("split switch"))
        .count();
    assert_eq!(
        partition_steps, 5,
        "Fig. 5 (b)–(d): one split, then two, then two"
    );
    assert_eq!(lab.run.state.switch_count(), 6);
    assert!(
        trace.steps[0].title.starts_with("Start: one giant switch"),
        "Fig. 5 (a)"
    );
}

#[test]
fn fig12_claim_at_1024_nodes() {
    // §5.2 / Fig. 12–13: at equal N, fewer switches and links than the 32×32 mesh, fewer hops.
    let rows = topolab::labs::topogen::compare(1024, "uniform", 1).unwrap();
    let mesh = rows.iter().find(|r| r.name == "2-D mesh").unwrap();
    let points = topolab::labs::topogen::tradeoff(1024, "uniform", 1, mesh.max_slots, &mut |_| {})
        .unwrap()
        .points;
    let at_mesh_n = &points[0];
    println!(
        "mesh: {} switches, {} links, {:.2} hops, N {}",
        mesh.switches, mesh.links, mesh.avg_hops, mesh.max_slots
    );
    println!(
        "generated (N ≤ {}): {} switches, {} links, {:.2} hops, N {}",
        at_mesh_n.target_slots,
        at_mesh_n.switches,
        at_mesh_n.links,
        at_mesh_n.avg_hops,
        at_mesh_n.max_slots
    );
    assert!(at_mesh_n.max_slots <= mesh.max_slots);
    assert!(at_mesh_n.switches < mesh.switches && at_mesh_n.links < mesh.links);
    assert!(at_mesh_n.avg_hops < mesh.avg_hops);
}

fn pattern() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "uniform",
        "randperm",
        "transpose",
        "bitrev",
        "shuffle",
        "bitcomp",
        "neighbor",
        "tornado",
        "hotspot:0.3",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn degree_routes_and_monotone_n(log_nodes in 4u32..=10, degree in 3usize..=8, pattern in pattern(), seed in 0u64..10_000) {
        let nodes = 1usize << log_nodes;
        let traffic = topogen_traffic(pattern, nodes, seed);
        // transpose needs an even power of two; other sizes are refused with a message
        prop_assume!(traffic.is_ok());
        let traffic = traffic.unwrap();
        let run = topogen(nodes, degree, &traffic, None, true, &mut |_| {}).unwrap();
        prop_assert!(run.summary.max_degree <= degree, "degree {} > {}", run.summary.max_degree, degree);
        prop_assert_eq!(run.routes.paths.len(), traffic.flows.len());
        for (c, p) in run.routes.paths.iter().enumerate() {
            let (s, d) = run.comms.switches(&run.state, c);
            prop_assert_eq!(p.switches.first().map(|x| x.0), Some(s));
            prop_assert_eq!(p.switches.last().map(|x| x.0), Some(d));
        }
        // N never increases once routes exist (swap and link steps carry an "N" metric)
        let ns: Vec<f64> = run.trace.unwrap().steps.iter().filter_map(|s| s.metrics.iter().find(|(k, _)| k == "N").map(|(_, v)| *v)).collect();
        prop_assert!(ns.windows(2).all(|w| w[1] <= w[0]), "N rose: {:?}", ns);
        prop_assert!(run.summary.max_slots <= run.summary.max_slots_after_partition);
    }
}

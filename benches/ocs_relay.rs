//! Paper 001 (issue 12 targets: allocation + simulation at 256 nodes under 200 ms natively for
//! each application; 4,096 nodes under 10 s): the allocation and routes of the neighbour
//! exchange at 256 and 1,024 nodes (criterion), then single timed runs of allocation, routes
//! and one simulation of ours for each application at 256 nodes (8×32/64) and 4,096 nodes
//! (64×64/1,024), and whole lab runs (five simulations). Prints figures; never fails on time.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::{Duration, Instant};
use topolab::hybrid::relay::alloc::{allocate, Readings};
use topolab::hybrid::relay::route::{RelayNet, UplinkCost};
use topolab::hybrid::relay::{communications, neighbor_exchange, Counting, OcsPlacement};
use topolab::labs::ocs_relay::{OcsRelayConfig, OcsRelayRun};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("ocs_relay");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(3));
    for (edges, per, ocs, side) in [(8usize, 32usize, 64usize, 16u32), (32, 32, 256, 32)] {
        let p = OcsPlacement::new(edges, per, ocs).unwrap();
        let demands = neighbor_exchange(side, side, 4 << 20, false);
        let comms = communications(&demands, 8192, Counting::Undirected);
        let large: Vec<(u32, u32, u64)> = demands.iter().map(|d| (d.src, d.dst, d.bytes)).collect();
        let q = topolab::hybrid::relay::run::NetParams::default();
        group.bench_function(format!("allocation + routes, {edges}×{per}/{ocs}"), |b| {
            b.iter(|| {
                let alloc = allocate(&p, &comms, &Readings::default());
                RelayNet::new(&p, &alloc, q.bandwidths(), UplinkCost::Share).route_all(&large)
            })
        });
    }
    group.finish();
    // single runs, timed once: program, allocation + routes + one simulation of ours. At 4,096
    // ranks: MG at class C (class B's faces stay under the threshold there), CG at 2 iterations
    // and LU at class D with 1 (the limits on messages and on points per rank)
    let at_256 = |app: &str| (app.to_string(), "B", 5);
    let runs: Vec<(&str, usize, (String, &str, u32))> = ["neighbor", "cg", "lu", "mg"]
        .into_iter()
        .map(|a| ("8x32", 64, at_256(a)))
        .chain([
            ("64x64", 1024, ("neighbor".to_string(), "B", 5)),
            ("64x64", 1024, ("mg".to_string(), "C", 5)),
            ("64x64", 1024, ("cg".to_string(), "B", 2)),
            ("64x64", 1024, ("lu".to_string(), "D", 1)),
        ])
        .collect();
    for (edge, ocs, (app, class, iterations)) in runs {
        let config = OcsRelayConfig {
            edge: edge.into(),
            ocs_nodes: ocs,
            app: app.clone(),
            class: class.into(),
            iterations,
            ..OcsRelayConfig::default()
        };
        let p = config.placement().unwrap();
        let started = Instant::now();
        let work = match config.workload(&p) {
            Ok(w) => w,
            Err(e) => {
                println!("{edge}/{ocs} {app} class {class}: {e}");
                continue;
            }
        };
        let demands = work.demands();
        let built = started.elapsed().as_secs_f64();
        let planned = config.plan(&p, &work, &demands, ocs, 5.0).unwrap();
        let total = started.elapsed().as_secs_f64();
        println!(
            "{edge}/{ocs} {app} class {class}, {iterations} iterations: program {:.0} ms, + allocation, routes and one simulation {:.0} ms ({} messages, {} packet-hops, {:.0} ns per packet-hop overall)",
            built * 1e3,
            total * 1e3,
            work.messages(),
            planned.outcome.packet_hops,
            (total - built) * 1e9 / planned.outcome.packet_hops as f64
        );
    }
    for edge in ["8x32", "16x16"] {
        let started = Instant::now();
        let config = OcsRelayConfig {
            edge: edge.into(),
            ..OcsRelayConfig::default()
        };
        OcsRelayRun::run(&config, &mut |_| {}).unwrap();
        println!(
            "lab run (five simulations), {edge}/64 neighbour: {:.2} s",
            started.elapsed().as_secs_f64()
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

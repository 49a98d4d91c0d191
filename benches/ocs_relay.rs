//! Paper 001 (issue 12 targets: allocation + simulation at 256 nodes under 200 ms natively;
//! 4,096 nodes under 10 s): the allocation and routes of the neighbour exchange at 256 and
//! 1,024 nodes, one simulation of ours at 256 nodes, and a whole lab run (five simulations).
//! Prints figures; never fails on time.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::{Duration, Instant};
use topolab::hybrid::relay::alloc::{allocate, Readings};
use topolab::hybrid::relay::route::{RelayNet, UplinkCost};
use topolab::hybrid::relay::run::{self, NetParams};
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
        let q = NetParams::default();
        group.bench_function(format!("allocation + routes, {edges}×{per}/{ocs}"), |b| {
            b.iter(|| {
                let alloc = allocate(&p, &comms, &Readings::default());
                RelayNet::new(&p, &alloc, q.bandwidths(), UplinkCost::Share).route_all(&large)
            })
        });
    }
    group.finish();
    // single runs, timed once (seconds each)
    let p = OcsPlacement::new(8, 32, 64).unwrap();
    let demands = neighbor_exchange(16, 16, 4 << 20, false);
    let alloc = allocate(
        &p,
        &communications(&demands, 8192, Counting::Undirected),
        &Readings::default(),
    );
    let q = NetParams::default();
    let large: Vec<(u32, u32, u64)> = demands.iter().map(|d| (d.src, d.dst, d.bytes)).collect();
    let routes = RelayNet::new(&p, &alloc, q.bandwidths(), UplinkCost::Share).route_all(&large);
    let started = Instant::now();
    let out = run::simulate(&p, &alloc, &routes, &demands, 8192, &q).unwrap();
    println!(
        "one simulation of ours, 8×32/64 neighbour exchange: {:.2} s ({} packet-hops, {:.0} ns each)",
        started.elapsed().as_secs_f64(),
        out.packet_hops,
        started.elapsed().as_nanos() as f64 / out.packet_hops as f64
    );
    for edge in ["8x32", "16x16"] {
        let started = Instant::now();
        let config = OcsRelayConfig {
            edge: edge.into(),
            ..OcsRelayConfig::default()
        };
        OcsRelayRun::run(&config, &mut |_| {}).unwrap();
        println!(
            "lab run (five simulations), {edge}/64: {:.2} s",
            started.elapsed().as_secs_f64()
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

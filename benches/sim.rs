//! The flit simulator's speed (issue 10 targets: at least 10× BookSim2's simulated cycles per
//! second on mesh 8×8, 4 VCs × 8 flits, 1-flit packets, uniform at 0.3; a 256-router LRT
//! sweep of 10 load points under 30 s natively). Prints figures (cycles per second beside the
//! times); never fails on time. BookSim itself runs in `scripts/booksim-compare.mjs`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::{Duration, Instant};
use topolab::labs::sim::SimConfig;
use topolab::sim::flit::{self, SimParams, Simulation};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("sim");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(4));

    // mesh 8×8 at 0.3: 10,000 cycles after a 2,000-cycle warm-up (each iteration re-simulates)
    let mesh = SimConfig {
        rate: 0.3,
        ..SimConfig::default()
    };
    let network = mesh.network(1).unwrap();
    let params = SimParams {
        warmup: 2000,
        cycles: 10_000,
        drain: 0,
        ..mesh.params()
    };
    let cycles = params.warmup + params.cycles;
    group.bench_function("mesh 8x8 dor uniform 0.3, 12,000 cycles", |b| {
        b.iter(|| {
            let mut sim = Simulation::new(&network, params.clone(), 1).unwrap();
            while !sim.step(4096) {}
            sim.now()
        })
    });
    let started = Instant::now();
    let mut sim = Simulation::new(&network, params.clone(), 1).unwrap();
    while !sim.step(4096) {}
    println!(
        "mesh 8x8 at 0.3: {:.0} simulated cycles per second",
        cycles as f64 / started.elapsed().as_secs_f64()
    );

    // LRT(256,4,4), LOREN, 10 loads 0.01 … 0.10 with the default 2,000 + 10,000 (+ drain) cycles
    let lrt = SimConfig {
        topology: "lrt:256:4:4".into(),
        routing: "loren".into(),
        ..SimConfig::default()
    };
    let loads: Vec<f64> = (1..=10).map(|i| f64::from(i) / 100.0).collect();
    group.bench_function(
        "lrt:256:4:4 loren, 10 loads (network + points on every core)",
        |b| {
            b.iter(|| {
                let network = lrt.network(1).unwrap();
                all_points(&network, &lrt.params(), &loads)
            })
        },
    );
    group.finish();
}

/// Every point of `loads` (not stopping at saturation), on every core.
fn all_points(network: &flit::Network, params: &SimParams, loads: &[f64]) -> usize {
    let run = |&rate: &f64| {
        flit::simulate(
            network,
            SimParams {
                rate,
                ..params.clone()
            },
            1,
        )
        .unwrap()
        .delivered_packets
    };
    topolab::parallel::map_chunked(loads, topolab::parallel::threads(), run, |_, _| true).len()
}

criterion_group!(benches, bench);
criterion_main!(benches);

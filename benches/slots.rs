//! N for every pattern at research sizes (issue: under 50 ms each natively): the whole Slots
//! pipeline (build topology, generate traffic, route, count loads) on mesh:64x64, mesh:16x16x16
//! and fattree:16:3, plus one slot policy on mesh:64x64. Prints figures; never fails on time.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use topolab::labs::slots::{run_slots, SlotsConfig};

const PATTERNS: [&str; 11] = [
    "uniform",
    "randperm",
    "bitrev",
    "transpose",
    "neighbor",
    "shuffle",
    "butterfly",
    "bitcomp",
    "tornado",
    "hotspot:0.2",
    "local:1.0",
];

fn max_slots(c: &mut Criterion) {
    for topology in ["mesh:64x64", "mesh:16x16x16", "fattree:16:3"] {
        let mut group = c.benchmark_group(format!("max_slots/{topology}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1));
        for pattern in PATTERNS {
            let config = SlotsConfig {
                topology: topology.into(),
                pattern: pattern.into(),
                ..Default::default()
            };
            if run_slots(&config, 1, false, &mut |_| {}).is_err() {
                continue; // e.g. local(γ) needs a grid
            }
            group.bench_function(pattern, |b| {
                b.iter(|| {
                    run_slots(&config, 1, false, &mut |_| {})
                        .unwrap()
                        .result
                        .max_slots
                })
            });
        }
        group.finish();
    }
    let mut group = c.benchmark_group("policy/mesh:64x64");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2));
    let config = SlotsConfig {
        topology: "mesh:64x64".into(),
        pattern: "uniform".into(),
        policy: "hcLtoS_polling".into(),
        ..Default::default()
    };
    group.bench_function("uniform hcLtoS_polling + trace", |b| {
        b.iter(|| {
            run_slots(&config, 1, true, &mut |_| {})
                .unwrap()
                .result
                .steps
        })
    });
    group.finish();
}

criterion_group!(benches, max_slots);
criterion_main!(benches);

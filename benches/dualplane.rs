//! Paper 004 §2.3's two metrics for one candidate generator set (issue 11 target: under 20 ms
//! natively at n = 12, 4,096 switches per plane). Prints figures; never fails on time.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use topolab::dualplane::{DualPlane, Kind};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("dualplane");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    // a fixed independent set for n = 12 (each element adds a new leading bit)
    let set: Vec<u32> = (0..12)
        .map(|i| (1u32 << i) | ((i * 37 + 5) & ((1 << i) - 1)))
        .collect();
    for kind in [Kind::Hc, Kind::Fhc] {
        group.bench_function(
            format!("{kind:?} n = 12: build plane 1 + both metrics"),
            |b| b.iter(|| DualPlane::isomorphic(kind, 12, &set).unwrap().metrics()),
        );
        let d = DualPlane::isomorphic(kind, 12, &set).unwrap();
        group.bench_function(format!("{kind:?} n = 12: both metrics"), |b| {
            b.iter(|| d.metrics())
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

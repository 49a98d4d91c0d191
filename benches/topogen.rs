//! TOPOGEN at research sizes (issue targets: 1024 nodes under 1 s, 4096 under 10 s natively),
//! uniform, degree 5: the minimal topology and with a target N (TOPOGEN_REV). Prints figures;
//! never fails on time.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use topolab::circuit::topogen::topogen;
use topolab::labs::topogen::topogen_traffic;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("topogen/uniform/degree5");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for nodes in [1024usize, 4096] {
        let traffic = topogen_traffic("uniform", nodes, 1).unwrap();
        group.bench_function(format!("{nodes} nodes"), |b| {
            b.iter(|| {
                topogen(nodes, 5, &traffic, None, false, &mut |_| {})
                    .unwrap()
                    .summary
                    .max_slots
            })
        });
        group.bench_function(format!("{nodes} nodes + trace"), |b| {
            b.iter(|| {
                topogen(nodes, 5, &traffic, None, true, &mut |_| {})
                    .unwrap()
                    .summary
                    .max_slots
            })
        });
    }
    let traffic = topogen_traffic("uniform", 1024, 1).unwrap();
    group.bench_function("1024 nodes, target N 14", |b| {
        b.iter(|| {
            topogen(1024, 5, &traffic, Some(14), false, &mut |_| {})
                .unwrap()
                .summary
                .switches
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

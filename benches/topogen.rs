//! TOPOGEN at research sizes, uniform, degree 5: the minimal topology and with a target N
//! (TOPOGEN_REV). Issue targets: 1024 nodes to N ≤ 14 under 5 s, 4096 nodes to N ≤ 14 under
//! 60 s natively. Prints figures; never fails on time.

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
    for (nodes, target) in [(1024usize, 14u32), (1024, 5), (4096, 14)] {
        let traffic = topogen_traffic("uniform", nodes, 1).unwrap();
        group.bench_function(format!("{nodes} nodes, target N {target}"), |b| {
            b.iter(|| {
                topogen(nodes, 5, &traffic, Some(target), false, &mut |_| {})
                    .unwrap()
                    .summary
                    .switches
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

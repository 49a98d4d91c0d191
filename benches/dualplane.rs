//! Paper 004 §2.3's two metrics for one candidate generator set (issue 11 target: under 20 ms
//! natively at n = 12, 4,096 switches per plane). Prints figures; never fails on time.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use topolab::dualplane::search::{self, Evaluator, Method, Objective, SearchSpec};
use topolab::topology::dualplane::{DualPlane, Kind};

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
    // the search's scorer (metrics, cables, delay of a checked set) at n = 8 and 12
    for n in [8u32, 12] {
        let e = Evaluator::new(Kind::Hc, n, Objective::Delay, Default::default()).unwrap();
        let s = &set[..n as usize];
        group.bench_function(format!("search scorer, Hc n = {n}"), |b| {
            b.iter(|| e.evaluate(s).unwrap())
        });
    }
    group.finish();
    // whole searches, timed once each (n = 8 in 20 s natively and 60 s in Chromium, where the default reaches the optimum)
    for (kind, n) in [(Kind::Hc, 6), (Kind::Hc, 8), (Kind::Fhc, 8), (Kind::Hc, 10)] {
        let spec = SearchSpec {
            kind,
            n,
            objective: Objective::Distance,
            seed: 1,
            effort: 1.0,
            method: Method::Auto,
            cables: Default::default(),
            combine: Default::default(),
        };
        let r = search::search(&spec, &mut |_, _| {}).unwrap();
        println!(
            "search {kind:?} n = {n}: {} ({} evaluated) in {:.2} s: distance {:.4}, a2a {:.4}",
            r.method, r.evaluated, r.seconds, r.best.avg_distance, r.best.a2a_max_traffic
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

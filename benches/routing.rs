//! Routing at research sizes (paper 002; issue targets: LOREN tables for LRT(1024,4,8) with
//! t_max = 64 and the all-pairs average path length under 0.5 s natively; LRT(4096,4,16) with
//! t_max = |N|/2 under 3 s; shortest paths on LRT(4096,4,16) under 1 s, beside the floor of BFS
//! from every switch; the 1,000-topology table-size study under 30 s). Prints figures;
//! never fails on time.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use topolab::graph::DistanceTable;
use topolab::labs::routing::{run_routing, RoutingConfig};
use topolab::papers::p002::table_study;
use topolab::routing::Loren;
use topolab::topology::build_seeded;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("routing");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    let topo = build_seeded("lrt:1024:4:8", 1).unwrap();
    group.bench_function("loren tables lrt:1024:4:8 tmax 64", |b| {
        b.iter(|| Loren::new(&topo, 64).unwrap().max_entries())
    });
    let config = RoutingConfig {
        topology: "lrt:1024:4:8".into(),
        scheme: "loren".into(),
        tmax: Some(64),
        ..Default::default()
    };
    group.bench_function("loren lrt:1024:4:8 tmax 64 + all-pairs path length", |b| {
        b.iter(|| {
            run_routing(&config, 1, &mut |_| {})
                .unwrap()
                .avg_path_length
        })
    });
    let config = RoutingConfig {
        topology: "lrt:4096:4:16".into(),
        scheme: "loren".into(),
        tmax: None, // |N|/2 = 2048
        ..Default::default()
    };
    group.bench_function(
        "loren lrt:4096:4:16 tmax 2048 + all-pairs path length",
        |b| {
            b.iter(|| {
                run_routing(&config, 1, &mut |_| {})
                    .unwrap()
                    .avg_path_length
            })
        },
    );
    // shortest paths on the same network (issue 26: ≤ 1 s), against the floor of that work: the
    // network drawn and one BFS from every switch
    let config = RoutingConfig {
        topology: "lrt:4096:4:16".into(),
        scheme: "shortest".into(),
        ..Default::default()
    };
    group.bench_function("shortest lrt:4096:4:16 + all-pairs path length", |b| {
        b.iter(|| {
            run_routing(&config, 1, &mut |_| {})
                .unwrap()
                .avg_path_length
        })
    });
    group.bench_function("floor: draw lrt:4096:4:16 + BFS all-pairs", |b| {
        b.iter(|| {
            let topo = build_seeded("lrt:4096:4:16", 1).unwrap();
            DistanceTable::new(&topo).unwrap().len()
        })
    });
    group.finish();
    let mut group = c.benchmark_group("table study");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("100 × lrt:64:4:2", |b| {
        b.iter(|| {
            table_study("lrt:64:4:2", 100, 1, &mut |_| {})
                .unwrap()
                .loren
                .min
        })
    });
    group.bench_function("100 × lrt:256:4:4", |b| {
        b.iter(|| {
            table_study("lrt:256:4:4", 100, 1, &mut |_| {})
                .unwrap()
                .loren
                .min
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

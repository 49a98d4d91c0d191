//! Paper 003 (issue 13 targets: HDF + SA 1000 at N = 32 under 100 ms natively; SA 1000 at
//! N = 256 LCs under 10 s in Chromium; the ILP at N = 16 reported): HDF + SA 1000 at N = 32
//! (criterion), then single timed runs of SA 1000 at N = 256, phase 1 at 4,096 tasks (a 64×64
//! stencil and random p = 0.05), the ILP on N = 16, and the torus mapping at N = 256. Prints
//! figures; never fails on time.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::{Duration, Instant};
use topolab::hybrid::ctc::ilp::{self, IlpLimits};
use topolab::hybrid::ctc::serve::Server;
use topolab::hybrid::ctc::{inputs, spectral, torus, Laplacian};
use topolab::labs::ctc::{order_and_anneal, CtcConfig};

fn config(traffic: &str) -> CtcConfig {
    CtcConfig {
        traffic: traffic.into(),
        ..CtcConfig::default()
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("ctc");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(3));
    let cfg = config("random:32:0.5");
    let p = cfg.prepare(1, 0).unwrap();
    group.bench_function("HDF + SA 1000, N = 32, K = 6, P = 1", |b| {
        b.iter(|| order_and_anneal(&cfg, &p, 1, 0, 1000, |_| {}).cost)
    });
    group.finish();
    let timed = |label: &str, f: &mut dyn FnMut() -> String| {
        let t = Instant::now();
        let what = f();
        println!(
            "{label}: {:.1} ms ({what})",
            t.elapsed().as_secs_f64() * 1e3
        );
    };
    for traffic in ["random:256:0.5", "random:256:0.05"] {
        let cfg = config(traffic);
        let p = cfg.prepare(1, 0).unwrap();
        timed(&format!("HDF + SA 1000, {traffic}"), &mut || {
            let o = order_and_anneal(&cfg, &p, 1, 0, 1000, |_| {});
            format!(
                "{} demands, HDF {} → {}",
                p.traffic.demands.len(),
                o.hdf_cost,
                o.cost
            )
        });
    }
    for traffic in ["stencil:64x64", "random:4096:0.05"] {
        let m = inputs::build(traffic, 1, 0, "").unwrap();
        timed(&format!("phase 1, {traffic}, T = 16"), &mut || {
            let c = spectral::cluster(&m, 16, Laplacian::Sym);
            format!("{} LCs", c.members.len())
        });
    }
    let cfg = config("random:16:0.5");
    let p = cfg.prepare(1, 0).unwrap();
    let o = order_and_anneal(&cfg, &p, 1, 0, 1000, |_| {});
    let mut server = Server::new(16, p.ocs, cfg.readings);
    server.serve(&p.traffic, &o.order, None);
    let warm: Vec<(u32, u32)> = server.links().iter().map(|l| (l.src, l.dst)).collect();
    let hb = o.cost;
    for (label, start) in [("with", Some((&warm[..], hb))), ("without", None)] {
        timed(
            &format!("ILP, random:16:0.5, {label} the warm start"),
            &mut || {
                let out = ilp::solve(
                    &p.traffic,
                    6,
                    start,
                    IlpLimits {
                        time_limit_s: 120.0,
                        node_limit: None,
                    },
                    &mut |_, _, _| {},
                )
                .unwrap();
                format!(
                    "{}: {:?} (bound {:?}, SA 1000 {}), {} nodes",
                    out.status, out.hop_bytes, out.bound, o.cost, out.nodes
                )
            },
        );
    }
    let cfg = config("random:256:0.5");
    let p = cfg.prepare(1, 0).unwrap();
    timed("torus mapping SA 1000, N = 256, 3-D", &mut || {
        let mut rng = topolab::rng::stream(1, topolab::rng::Purpose::Search, 0);
        let m = torus::map(
            &p.traffic,
            &torus::balanced_dims(256, 3),
            cfg.schedule(1000),
            &mut rng,
            |_| {},
        );
        format!("{:?}: {} → {}", m.dims, m.start_hop_bytes, m.hop_bytes)
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);

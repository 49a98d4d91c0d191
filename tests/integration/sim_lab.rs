//! The Simulate lab (issue 10) through the lab registry, as the page and the CLI use it: every
//! field checked before anything is built (a clear message naming the field), the sweep's
//! points the same whether run serially, on every core, or one load at a time as the page's
//! workers run them, seeds merged with their spread, and the animation's steps and details.

use serde_json::{json, Value};
use topolab::labs::{lab, View};

fn section(extra: Value) -> Value {
    let mut base = json!({
        "topology": "mesh:4x4", "routing": "dor", "traffic": "uniform",
        "warmup": 300, "cycles": 1500, "drain": 3000, "sweep_step": 0.1
    });
    for (k, v) in extra.as_object().unwrap() {
        base[k] = v.clone();
    }
    base
}

/// A run of the section (checked as a Scenario first): the first error, if any.
fn check(extra: Value) -> Result<(), topolab::Error> {
    let l = lab("sim").unwrap();
    let checked = (l.check_config)(&section(extra))?;
    (l.run)(&checked, 1, false, &mut |_| {}).map(|_| ())
}

#[test]
fn bad_values_name_their_field_before_anything_is_built() {
    let field = |extra: Value| check(extra).unwrap_err().field();
    assert_eq!(field(json!({"vcs": 0})).as_deref(), Some("vcs"));
    // above 576 routers only with a router that forwards by destination alone (up to 4,096:
    // loren, shortest) or decides each hop itself (dor, dual-plane)
    assert_eq!(
        field(json!({"topology": "mesh:24x25", "routing": "cowen"})).as_deref(),
        Some("topology")
    );
    assert_eq!(
        field(json!({"topology": "mesh:65x64", "routing": "shortest"})).as_deref(),
        Some("topology")
    );
    assert_eq!(
        field(json!({"topology": "mesh:129x128"})).as_deref(),
        Some("topology")
    );
    assert_eq!(
        field(json!({"topology": "mesh:1000x1000"})).as_deref(),
        Some("topology")
    );
    assert_eq!(field(json!({"rate": 1.5})).as_deref(), Some("rate"));
    assert_eq!(
        field(json!({"routing": "lorem"})).as_deref(),
        Some("routing")
    );
    assert_eq!(
        field(json!({"seed_count": 0})).as_deref(),
        Some("seed_count")
    );
    // 256 routers × 5 million cycles is far past the work limit: refused, with the most allowed
    let err = check(json!({"topology": "mesh:16x16", "cycles": 5_000_000})).unwrap_err();
    assert_eq!(err.field().as_deref(), Some("cycles"));
    assert!(err.to_string().contains("at most"), "{err}");
    assert!(
        check(json!({"packets": 3})).is_err(),
        "unknown fields are refused"
    );
    assert!(check(json!({})).is_ok());
}

fn sweep(extra: Value, loads: Option<Vec<f64>>) -> Value {
    let l = lab("sim").unwrap();
    let args = loads.map_or(Value::Null, |loads| json!({ "loads": loads }));
    (topolab::papers::study(l, "sweep").unwrap().run)(&section(extra), 3, &args, &mut |_, _| {})
        .unwrap()
}

#[test]
fn one_load_at_a_time_gives_the_serial_curve() {
    let whole = sweep(json!({}), None);
    let points = whole["points"].as_array().unwrap();
    assert!(points.len() >= 3, "{whole}");
    let last = points.last().unwrap();
    assert_eq!(
        last["past_saturation"], true,
        "the sweep runs to saturation"
    );
    for p in points {
        let load = p["offered_flits_per_node_cycle"].as_f64().unwrap();
        let alone = sweep(json!({}), Some(vec![load]));
        let mut a = alone["points"][0].clone();
        let mut b = p.clone();
        a["wall_seconds"] = json!(0);
        b["wall_seconds"] = json!(0);
        assert_eq!(a, b, "load {load}");
    }
    let best = points
        .iter()
        .map(|p| p["accepted_flits_per_node_cycle"].as_f64().unwrap())
        .fold(0.0, f64::max);
    assert_eq!(whole["saturation_throughput"].as_f64().unwrap(), best);
}

/// A sweep that stops below load 1 without saturating (its loads end at 0.3 here; a step of
/// 0.001 cuts them at 200, at 0.2) has not found the network's saturation: undefined, not the
/// most it accepted (issue 63).
#[test]
fn a_sweep_that_never_saturates_leaves_saturation_undefined() {
    let low = sweep(json!({}), Some(vec![0.1, 0.2, 0.3]));
    assert_eq!(low["points"].as_array().unwrap().len(), 3);
    assert_eq!(low["saturated_at"], Value::Null);
    assert_eq!(low["saturation_throughput"], Value::Null, "{low}");
    // the same network driven past saturation has one
    let high = sweep(json!({}), Some(vec![0.3, 0.9]));
    assert!(high["saturated_at"].as_f64().is_some());
    assert!(high["saturation_throughput"].as_f64().unwrap() > 0.3);
}

#[test]
fn several_seeds_merge_with_their_spread() {
    let one = sweep(json!({}), Some(vec![0.2]));
    let three = sweep(json!({"seed_count": 3}), Some(vec![0.2]));
    assert!(one["points"][0].get("spread").is_none());
    let p = &three["points"][0];
    assert_eq!(p["spread"]["seeds"], 3);
    let [lo, hi] = [0, 1].map(|i| p["spread"]["avg_latency_cycles"][i].as_f64().unwrap());
    let mean = p["avg_latency_cycles"].as_f64().unwrap();
    assert!(lo <= mean && mean <= hi && lo < hi, "{p}");
    // the first seed's run is the one-seed point
    let first = one["points"][0]["avg_latency_cycles"].as_f64().unwrap();
    assert!(lo <= first && first <= hi);
}

#[test]
fn the_run_records_one_step_per_cycle_with_router_details() {
    let l = lab("sim").unwrap();
    let run = (l.run)(&section(json!({"rate": 0.4})), 1, true, &mut |_| {}).unwrap();
    let steps = run.steps();
    assert_eq!(steps.len(), 101, "100 cycles and the whole run");
    assert_eq!(steps[100].title, "The whole run");
    assert_eq!(steps[0].title, "Cycle 301");
    assert_eq!(steps[1].title, "Cycle 302");
    let view = |step: Option<u32>| View {
        step,
        ..View::default()
    };
    let fig = run
        .figure(&view(Some(5)))
        .unwrap()
        .drawing
        .unwrap()
        .to_svg();
    assert!(fig.contains("flits buffered"), "the step's legend");
    let last = run.figure(&view(None)).unwrap().drawing.unwrap().to_svg();
    assert!(last.contains("channel utilisation"));
    assert_eq!(
        run.figure(&view(Some(100)))
            .unwrap()
            .drawing
            .unwrap()
            .to_svg(),
        last
    );
    assert_eq!(run.result()["channels"], 48);
    assert_eq!(run.result()["sweep_loads"].as_array().unwrap().len(), 10);
    let d = run.detail(&json!({"switch": 5}), &view(Some(5))).unwrap();
    assert_eq!(d["cycle"], 306);
    assert_eq!(d["vcs"], 4);
    // switch 5 of a 4×4 mesh: four neighbours and its endpoint's injection port
    assert_eq!(d["ports"].as_array().unwrap().len(), 5);
    // each step's flits crossing = the channels drawn as crossing (one flit per channel per cycle)
    for (i, step) in steps.iter().take(100).enumerate() {
        let svg = run
            .figure(&view(Some(i as u32)))
            .unwrap()
            .drawing
            .unwrap()
            .to_svg();
        let drawn = svg
            .split(" · ")
            .nth(1)
            .and_then(|t| t.strip_suffix(" crossing"))
            .and_then(|t| t.parse::<f64>().ok())
            .unwrap_or_else(|| panic!("no crossing count in the caption of step {i}"));
        assert_eq!(step.metrics[0].1, drawn, "step {i}");
    }
    let buffered: u64 = (0..100).map(|i| run.steps()[i].metrics[1].1 as u64).sum();
    assert!(buffered > 0, "at 0.4 some flits wait in buffers");
    assert!(run.detail(&json!({"switch": 99}), &view(None)).is_err());
    // no animation above 64 routers
    let big = (l.run)(
        &section(json!({"topology": "mesh:9x9", "cycles": 200, "warmup": 50})),
        1,
        true,
        &mut |_| {},
    )
    .unwrap();
    assert!(big.steps().is_empty());
}

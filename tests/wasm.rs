//! The wasm-bindgen surface, compiled to WASM and run under Node: a good Scenario gives the
//! same N as natively, bad input comes back as a JS error (never a panic).
#![cfg(target_arch = "wasm32")]

use topolab::wasm::{decode_permalink, default_scenario, encode_permalink, Session};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn field(value: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(value, &JsValue::from_str(name)).unwrap()
}

#[wasm_bindgen_test]
fn default_scenario_runs_to_n_7() {
    let session =
        Session::new(&default_scenario(), None).unwrap_or_else(|_| panic!("default scenario runs"));
    let result = session
        .result()
        .unwrap_or_else(|_| panic!("result serializes"));
    assert_eq!(field(&result, "max_slots").as_f64(), Some(7.0));
    let figure = session
        .figure(-1, 1, "", 0)
        .unwrap_or_else(|_| panic!("the figure draws"));
    let drawing = field(&figure, "drawing");
    let geometry = field(&drawing, "geometry");
    let channels = js_sys::Uint32Array::from(field(&geometry, "channels"));
    assert_eq!(channels.length(), 224); // 8×8 mesh: 112 links, both directions
    let marks = field(&drawing, "marks");
    assert_eq!(field(&marks, "selected").as_f64(), Some(1.0));
    assert_eq!(
        js_sys::Uint8Array::from(field(&marks, "colours")).length(),
        224
    );
    // the page's copy of the geometry is not sent again
    let key = field(&drawing, "key").as_string().unwrap_or_default();
    let again = session
        .figure(0, -1, &key, 0)
        .unwrap_or_else(|_| panic!("the figure draws"));
    assert!(field(&field(&again, "drawing"), "geometry").is_null());
    let svg = session
        .svg(-1, 1)
        .unwrap_or_else(|_| panic!("the SVG writes"));
    assert!(svg.contains("data-ch=\"1\""));
}

#[wasm_bindgen_test]
fn bad_input_is_an_error_not_a_panic() {
    let bad = default_scenario().replace("mesh:8x8", "mesh:8x0");
    assert!(Session::new(&bad, None).is_err());
    assert!(Session::new("{not json", None).is_err());
    assert!(decode_permalink("v1.%%%").is_err());
    let huge = default_scenario().replace("mesh:8x8", "mesh:10000x10000");
    assert!(Session::new(&huge, None).is_err());
}

#[wasm_bindgen_test]
fn permalink_round_trip() {
    let json = default_scenario().replace("transpose", "bitrev");
    let hash = encode_permalink(&json).unwrap_or_else(|_| panic!("encodes"));
    assert!(decode_permalink(&hash)
        .unwrap_or_else(|_| panic!("decodes"))
        .contains("bitrev"));
}

/// The integrity cases of issue 23 through the WASM module: each is a JS error naming its
/// field (never a trap, an allocation abort or a hang) or a correct answer.
#[wasm_bindgen_test]
fn hostile_requests_through_wasm_are_errors_or_correct() {
    let sim = |section: &str| format!(r#"{{"version":1,"lab":"sim","seed":1,"sim":{section}}}"#);
    let message = |json: &str| -> String {
        match Session::new(json, None) {
            Ok(_) => String::from("ran"),
            Err(e) => js_sys::Error::from(e).message().into(),
        }
    };
    // buffers estimated before they are allocated (10 GiB: a trap before)
    let m = message(&sim(
        r#"{"topology":"full:64","routing":"shortest","vcs":64,"buf":1024}"#,
    ));
    assert!(m.contains("MiB"), "{m}");
    // a rate above what a node can start is refused; a tiny one is honoured
    let m = message(&sim(
        r#"{"topology":"dual:hc:3","routing":"dual-plane","rate":1.5,"packet":1}"#,
    ));
    assert!(m.contains("at most one packet a cycle"), "{m}");
    let tiny = Session::new(&sim(r#"{"topology":"mesh:4x4","rate":1e-17}"#), None)
        .unwrap_or_else(|_| panic!("a tiny rate runs"));
    let r = tiny.result().unwrap_or_else(|_| panic!("result"));
    assert_eq!(field(&r, "measured_packets").as_f64(), Some(0.0));
    // specs parsed whole, networks need nodes
    for spec in ["tree2:8x32:full:extra", "tree2:8x0"] {
        let m = message(&sim(&format!(
            r#"{{"topology":"{spec}","routing":"shortest"}}"#
        )));
        assert!(m.starts_with("topology"), "{spec}: {m}");
    }
    // a Scenario too large for a link is refused when encoding, with what to do instead
    let matrix = "0,1,100,1\n".repeat(8000);
    let big = format!(
        r#"{{"version":1,"lab":"ocs-relay","seed":1,"ocs-relay":{{"matrix":{}}}}}"#,
        serde_json::to_string(&matrix).unwrap()
    );
    let e = encode_permalink(&big)
        .err()
        .map(|e| String::from(js_sys::Error::from(e).message()));
    assert!(e.unwrap_or_default().contains("a link can carry"));
}

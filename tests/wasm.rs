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
        .figure(-1, 1)
        .unwrap_or_else(|_| panic!("the figure draws"));
    let svg = js_sys::Reflect::get(&figure, &"svg".into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default();
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

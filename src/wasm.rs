//! The JavaScript surface (wasm-bindgen), used by the page's worker: one call in with the whole
//! Scenario, the result and the figure out. A `Session` keeps the run in Rust so stepping and
//! clicking never rebuild it. No logic here: parse → call the core → serialize.

use crate::scenario::{self, LabRun, Scenario};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// A progress callback for the core that forwards each fraction to the JS function, if any.
fn reporter(progress: &Option<js_sys::Function>) -> impl FnMut(f64) + '_ {
    move |f| {
        if let Some(p) = progress {
            let _ = p.call1(&JsValue::NULL, &JsValue::from_f64(f));
        }
    }
}

fn optional(index: i32) -> Option<usize> {
    usize::try_from(index).ok()
}

/// Names, syntax and definitions of everything the controls offer, and the limits.
#[wasm_bindgen]
pub fn catalog() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Catalog {
        version: &'static str,
        generators: &'static [(&'static str, &'static str)],
        patterns: &'static [(&'static str, &'static str)],
        routings: &'static [&'static str],
        routing_definitions: &'static [(&'static str, &'static str)],
        policies: &'static [(&'static str, &'static str)],
        all2all: &'static [(&'static str, &'static str)],
        max_switches: usize,
        max_draw_switches: usize,
        max_all_to_all_endpoints: usize,
    }
    to_js(&Catalog {
        version: env!("CARGO_PKG_VERSION"),
        generators: crate::topology::GENERATORS,
        patterns: crate::traffic::PATTERNS,
        routings: crate::routing::ROUTINGS,
        routing_definitions: crate::routing::ROUTING_DEFINITIONS,
        policies: crate::circuit::SLOT_POLICIES,
        all2all: crate::analysis::ALL_TO_ALL_METHODS,
        max_switches: crate::topology::MAX_SWITCHES,
        max_draw_switches: crate::render::MAX_DRAW_SWITCHES,
        max_all_to_all_endpoints: crate::traffic::MAX_ALL_TO_ALL_ENDPOINTS,
    })
}

/// The default Scenario as JSON.
#[wasm_bindgen(js_name = defaultScenario)]
pub fn default_scenario() -> String {
    Scenario::default().to_json()
}

/// Check a Scenario (JSON) and return it normalised, or the error.
#[wasm_bindgen(js_name = checkScenario)]
pub fn check_scenario(json: &str) -> Result<String, JsError> {
    Ok(Scenario::from_json(json)?.to_json())
}

/// The permalink hash (without `#`) of a Scenario given as JSON.
#[wasm_bindgen(js_name = encodePermalink)]
pub fn encode_permalink(json: &str) -> Result<String, JsError> {
    Ok(scenario::encode_permalink(&Scenario::from_json(json)?))
}

/// The Scenario (JSON) in a permalink hash or URL.
#[wasm_bindgen(js_name = decodePermalink)]
pub fn decode_permalink(hash: &str) -> Result<String, JsError> {
    Ok(scenario::decode_permalink(hash)?.to_json())
}

/// Paper 000 §5.2 (Fig. 12): the generated topology against the mesh and tori, for the
/// Scenario's TopoGen nodes, pattern and seed. Rows: name, topology, max_degree, switches,
/// links, avg_hops, max_slots.
#[wasm_bindgen(js_name = compareTopologies)]
pub fn compare_topologies(json: &str) -> Result<JsValue, JsError> {
    let s = Scenario::from_json(json)?;
    to_js(&scenario::compare(
        s.topogen.nodes,
        &s.topogen.pattern,
        s.seed,
    )?)
}

/// Paper 000 Fig. 13: TOPOGEN_REV for every target N from the mesh's N down to `lowest`;
/// `progress(fraction)` hears about each point. Returns {mesh, points, stopped}.
#[wasm_bindgen]
pub fn tradeoff(
    json: &str,
    lowest: u32,
    progress: Option<js_sys::Function>,
) -> Result<JsValue, JsError> {
    let s = Scenario::from_json(json)?;
    let mut report = reporter(&progress);
    to_js(&scenario::tradeoff(
        s.topogen.nodes,
        &s.topogen.pattern,
        s.seed,
        lowest,
        &mut report,
    )?)
}

/// Paper 002 Fig. 4: a packet's walk from switch `src` to `dst` under the Scenario's routing
/// scheme — path, shortest path, and for LOREN every hop's table, distances and choice.
#[wasm_bindgen(js_name = routeWalk)]
pub fn route_walk(json: &str, src: u32, dst: u32) -> Result<JsValue, JsError> {
    let s = Scenario::from_json(json)?;
    to_js(&scenario::route_walk(&s.routing, s.seed, src, dst)?)
}

/// Paper 002 Fig. 5: LOREN's average path length for every t_max from the minimum to |N|/2, on
/// the Scenario's routing topology. Returns [{tmax, avg_path_length}].
#[wasm_bindgen(js_name = sweepTmax)]
pub fn sweep_tmax(json: &str) -> Result<JsValue, JsError> {
    let s = Scenario::from_json(json)?;
    to_js(&scenario::sweep_tmax(&s.routing, s.seed)?)
}

/// Paper 002 §VI-B (Fig. 6): minimum required entries of LOREN and Cowen over `count` random
/// topologies like the Scenario's (seeds seed, seed+1, …); `progress(fraction)` as it goes.
#[wasm_bindgen(js_name = tableStudy)]
pub fn table_study(
    json: &str,
    count: usize,
    progress: Option<js_sys::Function>,
) -> Result<JsValue, JsError> {
    let s = Scenario::from_json(json)?;
    let mut report = reporter(&progress);
    to_js(&scenario::table_study(
        &s.routing.topology,
        count,
        s.seed,
        &mut report,
    )?)
}

/// One run of a lab, kept in WASM memory.
#[wasm_bindgen]
pub struct Session {
    scenario: Scenario,
    run: LabRun,
}

#[wasm_bindgen]
impl Session {
    /// Run the Scenario (JSON); `progress(fraction)` is called as the work goes on.
    #[wasm_bindgen(constructor)]
    pub fn new(json: &str, progress: Option<js_sys::Function>) -> Result<Session, JsError> {
        let scenario = Scenario::from_json(json)?;
        let mut report = reporter(&progress);
        let run = scenario::run(&scenario, true, &mut report)?;
        Ok(Session { scenario, run })
    }

    /// The result (what the CLI prints with `--json`).
    pub fn result(&self) -> Result<JsValue, JsError> {
        to_js(&self.run.result_value())
    }

    /// Scenario and result together, pretty JSON (the page's "JSON" export).
    #[wasm_bindgen(js_name = resultJson)]
    pub fn result_json(&self) -> String {
        let both =
            serde_json::json!({ "scenario": self.scenario, "result": self.run.result_value() });
        serde_json::to_string_pretty(&both).expect("JSON values serialize")
    }

    /// The trace's steps: title, explanation, metrics.
    pub fn steps(&self) -> Result<JsValue, JsError> {
        to_js(&self.run.steps())
    }

    /// The SVG figure at `step` (−1: the final state) with `channel` selected (−1: none).
    pub fn figure(&self, step: i32, channel: i32) -> Result<String, JsError> {
        Ok(self
            .run
            .figure(optional(step), u32::try_from(channel).ok())?)
    }

    /// The circuits crossing `channel` at `step` (−1: final), at most 200 listed.
    #[wasm_bindgen(js_name = channelDetail)]
    pub fn channel_detail(&self, channel: u32, step: i32) -> Result<JsValue, JsError> {
        match &self.run {
            LabRun::Slots(lab) => to_js(&lab.channel_detail(channel, optional(step), 200)?),
            LabRun::Topogen(_) => Err(JsError::new(
                "channel details are not available in the TopoGen lab yet",
            )),
            LabRun::Routing(_) => Err(JsError::new(
                "channel details are not available in the Routing lab yet",
            )),
        }
    }

    /// Per-channel loads as CSV.
    pub fn csv(&self) -> String {
        self.run.csv()
    }

    /// The topology in BookSim2's anynet format.
    pub fn anynet(&self) -> String {
        self.run.anynet()
    }
}

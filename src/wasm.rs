//! The JavaScript surface (wasm-bindgen), used by the page's workers: one call in with the whole
//! Scenario, the result and the figure out. A `Session` keeps a lab's run in Rust so stepping
//! and clicking never rebuild it; `study` runs any lab's named study with its points streamed
//! to a JS function. Errors are JS `Error`s whose `field` is the Scenario field they concern
//! (`slots.topology`). No logic here: parse → call the core → serialize.

use crate::labs::{LabRun, View};
use crate::scenario::{self, Scenario};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// A JS `Error` with the message and, when known, `field`: the Scenario field it concerns.
fn js_error(e: crate::Error) -> JsValue {
    let error = js_sys::Error::new(&crate::error::bounded(&e.to_string()));
    if let Some(field) = e.field() {
        let _ = js_sys::Reflect::set(&error, &"field".into(), &JsValue::from_str(&field));
    }
    error.into()
}

fn plain_error(message: impl std::fmt::Display) -> JsValue {
    js_sys::Error::new(&crate::error::bounded(&message.to_string())).into()
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(plain_error)
}

fn scenario(json: &str) -> Result<Scenario, JsValue> {
    Scenario::from_json(json).map_err(js_error)
}

/// A progress callback for the core that forwards each fraction to the JS function, if any.
fn reporter(progress: &Option<js_sys::Function>) -> impl FnMut(f64) + '_ {
    move |f| {
        if let Some(p) = progress {
            let _ = p.call1(&JsValue::NULL, &JsValue::from_f64(f));
        }
    }
}

/// Names, syntax and definitions of everything the controls offer, the labs and their studies,
/// and the limits (`catalog::Catalog`).
#[wasm_bindgen]
pub fn catalog() -> Result<JsValue, JsValue> {
    to_js(&crate::catalog::catalog())
}

/// The default Scenario as JSON.
#[wasm_bindgen(js_name = defaultScenario)]
pub fn default_scenario() -> String {
    Scenario::default().to_json()
}

/// Check a Scenario (JSON) and return it normalised, or the error.
#[wasm_bindgen(js_name = checkScenario)]
pub fn check_scenario(json: &str) -> Result<String, JsValue> {
    Ok(scenario(json)?.to_json())
}

/// Check a Scenario (JSON) as its run would before its work begins (`scenario::precheck`: the
/// router's kind of network, the work budget), without running it: the page asks this of each
/// choice it offers in place of a refused one.
#[wasm_bindgen]
pub fn precheck(json: &str) -> Result<(), JsValue> {
    crate::scenario::precheck(&scenario(json)?).map_err(js_error)
}

/// Check study `name` of a Scenario (JSON) with `args` (JSON) as its run would before its work
/// begins (`scenario::precheck_study`), without running it: the page's sweep asks this of the
/// whole sweep before its workers run one load each.
#[wasm_bindgen(js_name = precheckStudy)]
pub fn precheck_study(json: &str, name: &str, args: &str) -> Result<(), JsValue> {
    let args: serde_json::Value = serde_json::from_str(args).map_err(|e| {
        js_error(crate::Error::invalid(
            "args",
            crate::labs::plain::syntax(&e),
        ))
    })?;
    crate::scenario::precheck_study(&scenario(json)?, name, &args).map_err(js_error)
}

/// The permalink hash (without `#`) of a Scenario given as JSON.
/// The `graph:` spec of the network in a file's text (an edge list, BookSim anynet or GraphML,
/// `topology::import`); `name` names the file in errors. Refused above the network file limit
/// before it is read.
#[wasm_bindgen(js_name = importNetwork)]
pub fn import_network(name: &str, text: &str) -> Result<String, JsValue> {
    if text.len() as u64 > crate::topology::import::MAX_NETWORK_FILE_BYTES {
        return Err(js_error(crate::Error::TooLarge {
            what: format!("the size of '{name}' in bytes"),
            value: text.len(),
            limit: crate::topology::import::MAX_NETWORK_FILE_BYTES as usize,
            hint: "a network file is read whole; a smaller file, please".into(),
        }));
    }
    let network = crate::topology::import::read(name, text).map_err(js_error)?;
    crate::topology::graph_spec(name, &network).map_err(js_error)
}

/// The `matrix:` spec of the CSV traffic matrix in a file's text (rows src,dst,bytes[,count],
/// `traffic::demand`); `name` names the file in errors. Refused above the matrix file limit.
#[wasm_bindgen(js_name = importMatrix)]
pub fn import_matrix(name: &str, text: &str) -> Result<String, JsValue> {
    if text.len() as u64 > crate::scenario::MAX_MATRIX_FILE_BYTES {
        return Err(js_error(crate::Error::TooLarge {
            what: format!("the size of '{name}' in bytes"),
            value: text.len(),
            limit: crate::scenario::MAX_MATRIX_FILE_BYTES as usize,
            hint: "a matrix file is read whole; a smaller file, please".into(),
        }));
    }
    let demand = crate::traffic::demand::Demand::read(name, text).map_err(js_error)?;
    demand.spec(name).map_err(js_error)
}

/// Compare mode's table of two results (JSON, as a run gives them): a row per field with both
/// values and, for numbers, B − A (`labs::compare::rows`).
#[wasm_bindgen(js_name = compareResults)]
pub fn compare_results(a: &str, b: &str) -> Result<JsValue, JsValue> {
    let read = |text: &str| {
        serde_json::from_str::<serde_json::Value>(text).map_err(|e| {
            js_error(crate::Error::invalid(
                "result",
                crate::labs::plain::syntax(&e),
            ))
        })
    };
    to_js(&crate::labs::compare::rows(&read(a)?, &read(b)?))
}

#[wasm_bindgen(js_name = encodePermalink)]
pub fn encode_permalink(json: &str) -> Result<String, JsValue> {
    scenario::encode_permalink(&scenario(json)?).map_err(js_error)
}

/// The Scenario (JSON) in a permalink hash or URL.
#[wasm_bindgen(js_name = decodePermalink)]
pub fn decode_permalink(hash: &str) -> Result<String, JsValue> {
    Ok(scenario::decode_permalink(hash)
        .map_err(js_error)?
        .to_json())
}

/// A lecturer's tour (its file's JSON) checked, every stop's section filled in: the tour the
/// page plays and the file it downloads.
#[wasm_bindgen(js_name = checkTour)]
pub fn check_tour(json: &str) -> Result<String, JsValue> {
    Ok(scenario::Tour::from_json(json).map_err(js_error)?.to_json())
}

/// The link of a tour (what follows `#tour=`), or why it has none (too long: the file instead).
#[wasm_bindgen(js_name = encodeTour)]
pub fn encode_tour(json: &str) -> Result<String, JsValue> {
    let tour = scenario::Tour::from_json(json).map_err(js_error)?;
    scenario::encode_tour(&tour).map_err(js_error)
}

/// The tour (JSON, sections filled in) of a `t1.…` link.
#[wasm_bindgen(js_name = decodeTour)]
pub fn decode_tour(link: &str) -> Result<String, JsValue> {
    Ok(scenario::decode_tour(link).map_err(js_error)?.to_json())
}

/// Study `name` of the Scenario's lab with `args` (JSON); `progress(fraction, point)` hears
/// about every point as it is computed (`point` is null between points).
#[wasm_bindgen]
pub fn study(
    json: &str,
    name: &str,
    args: &str,
    progress: Option<js_sys::Function>,
) -> Result<JsValue, JsValue> {
    let s = scenario(json)?;
    let args: serde_json::Value = if args.trim().is_empty() {
        serde_json::Value::Null
    } else {
        serde_json::from_str(args)
            .map_err(|e| plain_error(format!("arguments: {}", crate::labs::plain::syntax(&e))))?
    };
    let mut report = |fraction: f64, point: Option<serde_json::Value>| {
        if let Some(p) = &progress {
            let point = point.and_then(|v| to_js(&v).ok()).unwrap_or(JsValue::NULL);
            let _ = p.call2(&JsValue::NULL, &JsValue::from_f64(fraction), &point);
        }
    };
    to_js(&scenario::study(&s, name, &args, &mut report).map_err(js_error)?)
}

fn set(object: &js_sys::Object, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), value);
}

/// A drawing for the page: its scalars through serde, its arrays as typed arrays (copied once,
/// no per-element calls); the geometry is left out (null) when the page holds it already.
fn drawing_js(d: &crate::render::Drawing, known_geometry: &str) -> Result<JsValue, JsValue> {
    let (g, m) = (&d.geometry, &d.marks);
    let geometry = if g.key == known_geometry {
        JsValue::NULL
    } else {
        let object: js_sys::Object = to_js(g)?.into();
        set(
            &object,
            "switches",
            &js_sys::Float32Array::from(&g.switches[..]),
        );
        set(
            &object,
            "channels",
            &js_sys::Uint32Array::from(&g.channels[..]),
        );
        set(
            &object,
            "channel_xy",
            &js_sys::Float32Array::from(&g.channel_xy[..]),
        );
        set(
            &object,
            "channel_ends",
            &js_sys::Uint32Array::from(&g.channel_ends[..]),
        );
        set(
            &object,
            "endpoints",
            &js_sys::Float32Array::from(&g.endpoints[..]),
        );
        set(
            &object,
            "endpoint_switches",
            &js_sys::Uint32Array::from(&g.endpoint_switches[..]),
        );
        object.into()
    };
    let marks: js_sys::Object = to_js(m)?.into();
    set(&marks, "values", &js_sys::Uint32Array::from(&m.values[..]));
    set(&marks, "colours", &js_sys::Uint8Array::from(&m.colours[..]));
    let object = js_sys::Object::new();
    set(&object, "key", &JsValue::from_str(&g.key));
    set(&object, "geometry", &geometry);
    set(&object, "marks", &marks.into());
    Ok(object.into())
}

/// One run of a lab, kept in WASM memory.
#[wasm_bindgen]
pub struct Session {
    scenario: Scenario,
    run: Box<dyn LabRun>,
}

/// The view at `step` with `channel` selected, each a page number read at its full width (a
/// JS number, not wasm-bindgen's i32, which wraps 4,294,967,297 to 1): −1 is none, a whole
/// number up to u32::MAX is itself, anything else is refused naming the field.
fn view(step: f64, channel: f64) -> Result<View, JsValue> {
    let index = |value: f64, field: &str| -> Result<Option<u32>, JsValue> {
        if value == -1.0 {
            return Ok(None);
        }
        if value.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&value) {
            return Ok(Some(value as u32));
        }
        Err(js_error(crate::Error::invalid(
            field,
            format!(
                "a whole number from 0 to {}, or −1 for none; not {value}",
                u32::MAX
            ),
        )))
    };
    Ok(View {
        step: index(step, "step")?,
        channel: index(channel, "channel")?,
        zoom: None,
    })
}

#[wasm_bindgen]
impl Session {
    /// Run the Scenario (JSON); `progress(fraction)` is called as the work goes on.
    #[wasm_bindgen(constructor)]
    pub fn new(json: &str, progress: Option<js_sys::Function>) -> Result<Session, JsValue> {
        let scenario = scenario(json)?;
        let mut report = reporter(&progress);
        let run = scenario::run(&scenario, true, &mut report).map_err(js_error)?;
        Ok(Session { scenario, run })
    }

    /// The result (what the CLI prints with `--json`).
    pub fn result(&self) -> Result<JsValue, JsValue> {
        to_js(&self.run.result())
    }

    /// Scenario and result together, pretty JSON (the page's "JSON" export).
    #[wasm_bindgen(js_name = resultJson)]
    pub fn result_json(&self) -> String {
        let both = serde_json::json!({ "scenario": self.scenario, "result": self.run.result() });
        serde_json::to_string_pretty(&both).expect("JSON values serialize")
    }

    /// The trace's steps: title, explanation, metrics.
    pub fn steps(&self) -> Result<JsValue, JsValue> {
        to_js(&self.run.steps())
    }

    /// The figure at `step` (−1: the final state) with `channel` selected (−1: none), as data:
    /// `{drawing: {geometry, marks} | null, error, hasOverview, overview, openOnOverview}`.
    /// The geometry (positions, channel ends: typed arrays) is null when its key equals
    /// `known_geometry`, the key of the geometry the page already holds; the marks (per-channel
    /// values and colour indices: typed arrays) come every time. `overview`: 0 never sends the
    /// overview's SVG, 1 sends it when the page should open on it, 2 always (when there is one).
    pub fn figure(
        &self,
        step: f64,
        channel: f64,
        known_geometry: &str,
        overview: u8,
    ) -> Result<JsValue, JsValue> {
        let figure = self.run.figure(&view(step, channel)?).map_err(js_error)?;
        let (drawing, error) = match &figure.drawing {
            Ok(d) => (drawing_js(d, known_geometry)?, JsValue::NULL),
            Err(e) => (JsValue::NULL, JsValue::from_str(&e.to_string())),
        };
        let send_overview = match overview {
            0 => false,
            1 => figure.open_on_overview,
            _ => true,
        };
        let object = js_sys::Object::new();
        set(&object, "drawing", &drawing);
        set(&object, "error", &error);
        set(
            &object,
            "hasOverview",
            &JsValue::from_bool(figure.overview.is_some()),
        );
        let overview_svg = match (&figure.overview, send_overview) {
            (Some(svg), true) => JsValue::from_str(svg),
            _ => JsValue::NULL,
        };
        set(&object, "overview", &overview_svg);
        set(
            &object,
            "openOnOverview",
            &JsValue::from_bool(figure.open_on_overview),
        );
        Ok(object.into())
    }

    /// The figure at `step` with `channel` selected as one SVG document (the CLI's `--svg`): the
    /// drawing, or the overview when the network is too large to draw.
    pub fn svg(&self, step: f64, channel: f64) -> Result<String, JsValue> {
        let figure = self.run.figure(&view(step, channel)?).map_err(js_error)?;
        figure.into_svg().map_err(js_error)
    }

    /// Answer `query` (JSON, e.g. `{"channel": 3}`) about the run at `step` (−1: final).
    pub fn detail(&self, query: &str, step: f64) -> Result<JsValue, JsValue> {
        let query: serde_json::Value =
            serde_json::from_str(query).map_err(|e| plain_error(format!("detail: {e}")))?;
        to_js(
            &self
                .run
                .detail(&query, &view(step, -1.0)?)
                .map_err(js_error)?,
        )
    }

    /// Per-channel loads as CSV.
    pub fn csv(&self) -> String {
        self.run.csv()
    }

    /// The topology in BookSim2's anynet format (refused with the core's reason, as the CLI's).
    pub fn anynet(&self) -> Result<String, JsValue> {
        self.run.anynet().map_err(js_error)
    }

    /// The network as GraphML, with the figure's positions and the run's channel loads.
    pub fn graphml(&self) -> String {
        self.run
            .network(crate::export::graph::NetworkFormat::Graphml)
    }

    /// The network as Graphviz DOT, with the figure's positions and the run's channel loads.
    pub fn dot(&self) -> String {
        self.run.network(crate::export::graph::NetworkFormat::Dot)
    }

    /// The run as a BookSim2 experiment, `topolab export booksim`'s files: `{ config, anynet }`,
    /// `anynet` null where the config uses BookSim's own network; the config reads the anynet
    /// file as `network_file` (the name the page downloads it under).
    pub fn booksim(&self, network_file: &str) -> Result<JsValue, JsValue> {
        let files = self.run.booksim(network_file).map_err(js_error)?;
        let anynet = (!files.native).then_some(files.anynet);
        to_js(&serde_json::json!({ "config": files.config, "anynet": anynet }))
    }

    /// The run as an SST/Merlin model in one Python file (`topolab export sst`'s files in one).
    pub fn sst(&self) -> Result<String, JsValue> {
        self.run.sst().map_err(js_error)
    }
}

//! The figure as typed data: a network's geometry (switch centres, each drawn channel's two
//! ends, end nodes, the scale's palette) and one view's marks (per-channel values and colour
//! indices, the selected, on-path and step channels, the step's switches, the caption). The page
//! draws SVG elements or a canvas from it; `svg.rs` writes the exported SVG from the same data.
//! Nothing here is text to be parsed back: the page reads arrays, not markup.

use super::svg::load_color;
use super::FigureState;
use crate::layout::Layout;
use crate::model::{ChannelId, EndpointId, SwitchId, Topology};
use crate::{Error, Result};
use serde::Serialize;

/// Most switches the page draws (analysis goes further).
pub const MAX_DRAW_SWITCHES: usize = 4096;
/// Most directed channels the page draws.
pub const MAX_DRAW_CHANNELS: usize = 40_000;
/// End nodes are drawn up to this many (more would hide the channels).
const MAX_DRAW_ENDPOINTS: usize = 1024;
/// Switch labels are drawn up to this many switches.
const MAX_LABELLED_SWITCHES: usize = 256;
/// Colour levels of the scale above idle: a value's colour is `palette[level]`.
pub const COLOUR_LEVELS: usize = 100;

pub(super) const UNIT: f64 = 56.0;
const SWITCH: f64 = 22.0;
pub(super) const MARGIN: f64 = 40.0;
const LANE: f64 = 3.2;
pub(super) const LEGEND_TITLE: &str = "slots used / N per directed channel";
pub(super) const LEGEND_TEXT_X: f64 = 186.0;
pub(super) const FONT_FAMILY: &str = "system-ui, sans-serif";

/// How a highlighted channel or switch is drawn over the rest.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Highlight {
    pub colour: &'static str,
    /// Stroke width in drawing units (already grown with the drawing).
    pub width: f64,
}

/// Where everything of one network is drawn, independent of the view: sent once per network
/// (its `key` changes when anything here does). The per-switch and per-channel arrays are not
/// serialized: they cross to the page as typed arrays (`wasm.rs`), never as text.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Geometry {
    /// A fingerprint of everything below: equal keys, equal geometry.
    pub key: String,
    pub width: f64,
    pub height: f64,
    /// Where the legend starts (below the switches) and how much it is scaled.
    pub legend_y: f64,
    pub grow: f64,
    /// Stroke scale of channels (the stylesheet's widths are multiplied by it) and the side of a
    /// switch box.
    pub stroke: f64,
    pub box_size: f64,
    /// Whether switch ids are written in their boxes.
    pub labels: bool,
    pub font_family: &'static str,
    /// The figure's stylesheet (channel widths per class, switch and label styles).
    pub css: String,
    /// Switch centres, x and y per switch in id order.
    #[serde(skip)]
    pub switches: Vec<f32>,
    /// The drawn channels' ids (a channel left unbuilt, e.g. a one-way link's reverse, is absent).
    #[serde(skip)]
    pub channels: Vec<u32>,
    /// Per drawn channel: x1, y1, x2, y2 (on the right of the direction of travel, trimmed so
    /// both switch boxes stay visible).
    #[serde(skip)]
    pub channel_xy: Vec<f32>,
    /// Per drawn channel: the switches it goes from and to.
    #[serde(skip)]
    pub channel_ends: Vec<u32>,
    /// End nodes' centres, x and y each (none above 1,024 end nodes), and each one's switch.
    #[serde(skip)]
    pub endpoints: Vec<f32>,
    #[serde(skip)]
    pub endpoint_switches: Vec<u32>,
    /// The colour scale: index 0 is idle, 1 … `COLOUR_LEVELS` the levels up to the maximum.
    pub palette: Vec<String>,
    /// The overlays drawn over the selected, step and on-path channels, and around a step's
    /// switches.
    pub selected: Highlight,
    pub step: Highlight,
    pub on_path: Highlight,
    pub switch_mark: Highlight,
    pub highlight_opacity: f64,
}

/// What one view puts on the geometry: small enough to send at every step (the per-channel
/// arrays cross as typed arrays, like the geometry's).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Marks {
    /// Per drawn channel (in `Geometry::channels` order): its value and its palette index.
    #[serde(skip)]
    pub values: Vec<u32>,
    #[serde(skip)]
    pub colours: Vec<u8>,
    /// The scale's maximum (N for the circuit labs); 0 when nothing is loaded.
    pub max_value: u32,
    /// Channel ids at the maximum, crossing the selected channel's communications, pointed at by
    /// the step; the clicked channel; the switches the step points at.
    pub busiest: Vec<u32>,
    pub on_path: Vec<u32>,
    pub step_channels: Vec<u32>,
    pub selected: Option<u32>,
    pub step_switches: Vec<u32>,
    pub caption: String,
    /// What the colour scale measures.
    pub legend: String,
}

/// One view's drawing: the network's geometry and the view's marks.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Drawing {
    pub geometry: Geometry,
    pub marks: Marks,
}

/// The palette index of `value` on a scale up to `max`: 0 when idle, else 1 … COLOUR_LEVELS.
fn colour_index(value: u32, max: u32) -> u8 {
    if value == 0 {
        return 0;
    }
    let level = (f64::from(value) / f64::from(max.max(1)) * COLOUR_LEVELS as f64).round();
    level.clamp(1.0, COLOUR_LEVELS as f64) as u8
}

/// The scale's colours (see `colour_index`).
fn palette() -> Vec<String> {
    (0..=COLOUR_LEVELS)
        .map(|i| load_color(i as f64 / COLOUR_LEVELS as f64))
        .collect()
}

/// The drawing of `topo` in `layout` with `state`, or an error when it is too large to draw.
pub fn drawing(topo: &Topology, layout: &Layout, state: &FigureState) -> Result<Drawing> {
    check_drawable(topo)?;
    Ok(Drawing {
        geometry: geometry(topo, layout, state),
        marks: marks(topo, state),
    })
}

fn check_drawable(topo: &Topology) -> Result<()> {
    let over = if topo.switch_count() > MAX_DRAW_SWITCHES {
        format!(
            "{} switches is above the limit of {MAX_DRAW_SWITCHES}",
            topo.switch_count()
        )
    } else if topo.channel_count() > MAX_DRAW_CHANNELS {
        format!(
            "{} channels is above the limit of {MAX_DRAW_CHANNELS}",
            topo.channel_count()
        )
    } else {
        return Ok(());
    };
    Err(Error::invalid(
        "figure",
        format!(
            "'{}' is too large to draw: {over} for drawing; the analysis is still shown",
            topo.spec()
        ),
    ))
}

/// The drawing's size at scale 1: (width, height, legend_y, grow).
pub(super) fn extent(layout: &Layout, state: &FigureState) -> (f64, f64, f64, f64) {
    let points = layout.switches.iter().chain(&layout.endpoints);
    let (max_x, max_y) = points.fold((0.0f64, 0.0f64), |(mx, my), &(x, y)| (mx.max(x), my.max(y)));
    let extent = 2.0 * MARGIN + max_x.max(max_y) * UNIT;
    // Large drawings are shown fitted to the panel: strokes, switches and the legend grow with
    // the drawing so they stay visible
    let grow = (extent / 1400.0).max(1.0);
    let legend_width = 2.0 * MARGIN
        + grow
            * (LEGEND_TEXT_X + text_width(state.legend_title()))
                .max(text_width(&super::caption_text(&state.caption)));
    let legend_y = 2.0 * MARGIN + max_y * UNIT;
    (
        (2.0 * MARGIN + max_x * UNIT).max(legend_width),
        legend_y + 64.0 * grow,
        legend_y,
        grow,
    )
}

/// About how wide `text` is at 13 px (≈ 7.2 px per character).
fn text_width(text: &str) -> f64 {
    7.2 * text.chars().count() as f64
}

fn geometry(topo: &Topology, layout: &Layout, state: &FigureState) -> Geometry {
    let (width, height, legend_y, grow) = extent(layout, state);
    // switches grow less than strokes, so neighbours never overlap
    let (stroke, box_size, lane) = (grow.min(2.5), SWITCH * grow.min(1.6), LANE * grow.min(2.5));
    let centre = |s: SwitchId| {
        let (x, y) = layout.switches[s.index()];
        (MARGIN + x * UNIT, MARGIN + y * UNIT)
    };
    let switches: Vec<f32> = (0..topo.switch_count())
        .flat_map(|s| {
            let (x, y) = centre(SwitchId::new(s));
            [x as f32, y as f32]
        })
        .collect();
    let drawn =
        (0..topo.channel_count()).filter(|&c| !state.hidden.get(c).copied().unwrap_or(false));
    let (mut channels, mut channel_xy, mut channel_ends) = (Vec::new(), Vec::new(), Vec::new());
    for c in drawn {
        let (a, b) = topo.channel_ends(ChannelId::new(c));
        let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        // right-hand side of the direction of travel; shortened so the two ends stay visible
        let (ox, oy) = (-dy / len * lane, dx / len * lane);
        let trim = (box_size * 0.55 / len).min(0.3);
        channels.push(c as u32);
        channel_xy.extend([
            (x1 + dx * trim + ox) as f32,
            (y1 + dy * trim + oy) as f32,
            (x2 - dx * trim + ox) as f32,
            (y2 - dy * trim + oy) as f32,
        ]);
        channel_ends.extend([a.0, b.0]);
    }
    let (mut endpoints, mut endpoint_switches) = (Vec::new(), Vec::new());
    if topo.endpoint_count() <= MAX_DRAW_ENDPOINTS {
        for (e, &(x, y)) in layout.endpoints.iter().enumerate() {
            endpoints.extend([(MARGIN + x * UNIT) as f32, (MARGIN + y * UNIT) as f32]);
            endpoint_switches.push(topo.endpoint_switch(EndpointId::new(e)).0);
        }
    }
    let w = |base: f64| base * stroke;
    let css = format!(
        ".ch{{stroke-width:{:.1};stroke-linecap:round}}.ch.busiest{{stroke-width:{:.1}}}.ch.on-path{{stroke-width:{:.1}}}.ch.step{{stroke-width:{:.1}}}.ch.selected{{stroke-width:{:.1}}}\
.hl{{fill:none;stroke-linecap:round;pointer-events:none}}.sw{{fill:var(--switch-fill,#f4f6fa);stroke:var(--fg,#333);stroke-width:{:.1}}}\
.lbl{{font-size:11px;fill:var(--fg,#222);text-anchor:middle;dominant-baseline:central;pointer-events:none}}\
.ep{{fill:var(--fg,#555)}}.ep-link{{stroke:#9aa0aa;stroke-width:0.6}}.cap{{font-size:13px;fill:var(--fg,#222)}}",
        w(2.6),
        w(4.2),
        w(4.6),
        w(5.2),
        w(6.5),
        w(1.2)
    );
    let mut geometry = Geometry {
        key: String::new(),
        width,
        height,
        legend_y,
        grow,
        stroke,
        box_size,
        labels: topo.switch_count() <= MAX_LABELLED_SWITCHES,
        font_family: FONT_FAMILY,
        css,
        switches,
        channels,
        channel_xy,
        channel_ends,
        endpoints,
        endpoint_switches,
        palette: palette(),
        selected: Highlight {
            colour: "#1565c0",
            width: 11.0 * stroke,
        },
        step: Highlight {
            colour: "#7b1fa2",
            width: 8.0 * stroke,
        },
        on_path: Highlight {
            colour: "#1e88e5",
            width: 8.0 * stroke,
        },
        switch_mark: Highlight {
            colour: "#7b1fa2",
            width: 3.5 * stroke,
        },
        highlight_opacity: 0.55,
    };
    geometry.key = fingerprint(&geometry);
    geometry
}

/// FNV-1a over the geometry's numbers and sizes (not cryptographic: it tells the page whether
/// the geometry it holds is still the one to draw on).
fn fingerprint(g: &Geometry) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for x in [g.width, g.height, g.legend_y, g.grow, g.stroke, g.box_size] {
        eat(&x.to_le_bytes());
    }
    eat(&[u8::from(g.labels)]);
    for list in [&g.switches, &g.channel_xy, &g.endpoints] {
        eat(&(list.len() as u64).to_le_bytes());
        for x in list.iter() {
            eat(&x.to_le_bytes());
        }
    }
    for list in [&g.channels, &g.channel_ends, &g.endpoint_switches] {
        eat(&(list.len() as u64).to_le_bytes());
        for x in list.iter() {
            eat(&x.to_le_bytes());
        }
    }
    format!("{hash:016x}")
}

fn marks(topo: &Topology, state: &FigureState) -> Marks {
    let max = state.max_value;
    let drawn =
        (0..topo.channel_count()).filter(|&c| !state.hidden.get(c).copied().unwrap_or(false));
    let (mut values, mut colours, mut busiest) = (Vec::new(), Vec::new(), Vec::new());
    for c in drawn {
        let value = state.channel_values.get(c).copied().unwrap_or(0);
        values.push(value);
        colours.push(colour_index(value, max));
        if value == max && value > 0 {
            busiest.push(c as u32);
        }
    }
    let ids = |list: &[ChannelId]| {
        let mut ids: Vec<u32> = list.iter().map(|c| c.0).collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    };
    let mut step_switches: Vec<u32> = state.step_switches.iter().map(|s| s.0).collect();
    step_switches.sort_unstable();
    step_switches.dedup();
    Marks {
        values,
        colours,
        max_value: max,
        busiest,
        on_path: ids(&state.on_path),
        step_channels: ids(&state.step_channels),
        selected: state.selected.map(|c| c.0),
        step_switches,
        caption: super::caption_text(&state.caption).into_owned(),
        legend: state.legend_title().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::layout;
    use crate::topology::build;

    #[test]
    fn geometry_is_the_same_for_every_view_and_marks_follow_the_state() {
        let t = build("mesh:4x4").unwrap();
        let l = layout(&t);
        let values: Vec<u32> = (0..t.channel_count() as u32).map(|c| c % 5).collect();
        let quiet = drawing(&t, &l, &FigureState::default()).unwrap();
        let state = FigureState {
            channel_values: &values,
            max_value: 4,
            selected: Some(ChannelId(3)),
            step_switches: vec![SwitchId(2)],
            ..Default::default()
        };
        let loud = drawing(&t, &l, &state).unwrap();
        assert_eq!(quiet.geometry.key, loud.geometry.key);
        assert_eq!(loud.geometry.channels.len(), 48);
        assert_eq!(loud.geometry.channel_xy.len(), 4 * 48);
        assert_eq!(loud.geometry.switches.len(), 2 * 16);
        assert_eq!(loud.marks.values, values);
        assert_eq!(loud.marks.selected, Some(3));
        assert_eq!(loud.marks.step_switches, vec![2]);
        // every channel at the maximum is busiest, and its colour is the scale's top
        for &c in &loud.marks.busiest {
            assert_eq!(values[c as usize], 4);
            assert_eq!(loud.marks.colours[c as usize] as usize, COLOUR_LEVELS);
        }
        assert_eq!(
            loud.marks.busiest.len(),
            values.iter().filter(|&&v| v == 4).count()
        );
        assert!(loud
            .marks
            .colours
            .iter()
            .zip(&values)
            .all(|(&i, &v)| (i == 0) == (v == 0)));
    }

    #[test]
    fn hidden_channels_are_left_out_and_change_the_key() {
        let t = build("mesh:4x4").unwrap();
        let l = layout(&t);
        let mut hidden = vec![false; t.channel_count()];
        hidden[5] = true;
        let all = drawing(&t, &l, &FigureState::default()).unwrap();
        let some = drawing(
            &t,
            &l,
            &FigureState {
                hidden,
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(some.geometry.channels.len(), 47);
        assert!(!some.geometry.channels.contains(&5));
        assert_eq!(some.marks.values.len(), 47);
        assert_ne!(all.geometry.key, some.geometry.key);
    }

    #[test]
    fn colour_indices_span_the_scale() {
        assert_eq!(colour_index(0, 7), 0);
        assert_eq!(colour_index(1, 1000), 1);
        assert_eq!(colour_index(7, 7) as usize, COLOUR_LEVELS);
        assert_eq!(palette().len(), COLOUR_LEVELS + 1);
    }
}

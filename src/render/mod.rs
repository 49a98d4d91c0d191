//! Figures, drawn the same way for the page and the CLI: a network's drawing as typed data
//! (`drawing`: geometry once per network, marks per view), written as SVG for exports (`svg`),
//! and above lecture sizes an overview (`overview`). The page draws from the data; it never
//! reads markup back.

mod drawing;
mod overview;
mod svg;

pub use drawing::{
    drawing, Drawing, Geometry, Highlight, Marks, COLOUR_LEVELS, MAX_DRAW_CHANNELS,
    MAX_DRAW_SWITCHES,
};
pub use overview::{overview_svg, OVERVIEW_MIN_SWITCHES};
pub use svg::load_color;

use crate::layout::Layout;
use crate::model::{ChannelId, SwitchId, Topology};
use crate::Result;

/// What to draw on top of the topology.
#[derive(Debug, Clone, Default)]
pub struct FigureState<'a> {
    /// Slots used per channel (colour), and the scale's maximum N.
    pub channel_values: &'a [u32],
    pub max_value: u32,
    /// The clicked channel.
    pub selected: Option<ChannelId>,
    /// Channels of the communications crossing the selected one.
    pub on_path: Vec<ChannelId>,
    /// Channels the current step points at.
    pub step_channels: Vec<ChannelId>,
    /// Switches the current step points at.
    pub step_switches: Vec<SwitchId>,
    /// A caption under the figure.
    pub caption: String,
    /// What the colour scale measures (empty: slots used / N, the circuit labs' measure).
    pub legend: &'a str,
    /// Channels not drawn, by id (a configured one-way link leaves its reverse unbuilt).
    pub hidden: Vec<bool>,
}

impl FigureState<'_> {
    /// The colour scale's title.
    pub(crate) fn legend_title(&self) -> &str {
        if self.legend.is_empty() {
            drawing::LEGEND_TITLE
        } else {
            self.legend
        }
    }
}

/// What the page shows for one view: the switch-by-switch drawing (or why it cannot be drawn)
/// and, above lecture sizes, an overview — to open on when the drawing would be unreadable
/// fitted to a panel.
#[derive(Debug)]
pub struct Figure {
    pub drawing: Result<Drawing>,
    pub overview: Option<String>,
    pub open_on_overview: bool,
}

impl Figure {
    /// One SVG for a file (the CLI's `--svg`, the page's export): the drawing, or the overview
    /// when the network is too large to draw switch by switch.
    pub fn into_svg(self) -> Result<String> {
        match (self.drawing, self.overview) {
            (Err(_), Some(overview)) => Ok(overview),
            (drawing, _) => drawing.map(|d| d.to_svg()),
        }
    }
}

/// A caption as drawn: a network carried in its spec (`graph:` and its packed file, up to
/// 900 KiB) is named by its first characters, so the caption stays one line.
pub(crate) fn caption_text(caption: &str) -> std::borrow::Cow<'_, str> {
    const SHOWN: usize = 8;
    let Some(at) = caption.find("graph:") else {
        return caption.into();
    };
    let start = at + "graph:".len();
    let payload = caption[start..]
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .map_or(caption.len(), |end| start + end);
    if payload - start <= SHOWN + 4 {
        return caption.into();
    }
    format!(
        "{}{}… (from a file){}",
        &caption[..start],
        &caption[start..start + SHOWN],
        &caption[payload..]
    )
    .into()
}

/// The figure of `topo` in `layout` with `state`: the drawing and, above lecture sizes, the
/// overview (`render::overview`).
pub fn figure(topo: &Topology, layout: &Layout, state: &FigureState) -> Figure {
    let drawing = drawing::drawing(topo, layout, state);
    let unreadable = drawing.is_err() || {
        let (width, height, _, _) = drawing::extent(layout, state);
        overview::wants_overview(topo, (width, height), switch_pitch(layout) * drawing::UNIT)
    };
    let overview = (topo.switch_count() > OVERVIEW_MIN_SWITCHES)
        .then(|| overview::overview_svg(topo, state, drawing.is_ok()));
    Figure {
        drawing,
        open_on_overview: unreadable && overview.is_some(),
        overview,
    }
}

/// The median distance between switches with consecutive ids (layout units): how far apart
/// neighbours are drawn in grids, fat-tree levels and floors.
fn switch_pitch(layout: &Layout) -> f64 {
    let mut gaps: Vec<f64> = layout
        .switches
        .windows(2)
        .map(|w| ((w[1].0 - w[0].0).powi(2) + (w[1].1 - w[0].1).powi(2)).sqrt())
        .filter(|&d| d > 0.0)
        .collect();
    if gaps.is_empty() {
        return 1.0;
    }
    let mid = gaps.len() / 2;
    *gaps.select_nth_unstable_by(mid, f64::total_cmp).1
}

#[cfg(test)]
mod caption_tests {
    #[test]
    fn a_network_from_a_file_is_named_by_its_first_characters() {
        let long = format!("graph:{} · uniform · N = 3", "A".repeat(500));
        assert_eq!(
            super::caption_text(&long),
            "graph:AAAAAAAA… (from a file) · uniform · N = 3"
        );
        assert_eq!(
            super::caption_text("mesh:8x8 · uniform"),
            "mesh:8x8 · uniform"
        );
    }
}

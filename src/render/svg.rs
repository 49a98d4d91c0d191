//! A topology as SVG with one line per directed channel (each direction drawn on its own side),
//! coloured by slots used / N, with the selected channel, its communications' channels and the
//! current step highlighted, and a colour legend so an exported figure stands on its own.

use crate::layout::Layout;
use crate::model::{ChannelId, SwitchId, Topology};
use crate::{Error, Result};
use std::fmt::Write;

/// Most switches the page draws (analysis goes further).
pub const MAX_DRAW_SWITCHES: usize = 4096;
/// Most directed channels the page draws.
pub const MAX_DRAW_CHANNELS: usize = 40_000;

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
    pub fn legend_title(&self) -> &str {
        if self.legend.is_empty() {
            LEGEND_TITLE
        } else {
            self.legend
        }
    }
}

const UNIT: f64 = 56.0;
const SWITCH: f64 = 22.0;
const MARGIN: f64 = 40.0;
const LANE: f64 = 3.2;
pub(super) const LEGEND_TITLE: &str = "slots used / N per directed channel";
const LEGEND_TEXT_X: f64 = 186.0;

/// Colour of a channel used at `fraction` (0–1) of N: pale grey when idle, then yellow → red.
pub fn load_color(fraction: f64) -> String {
    if fraction <= 0.0 {
        return "#c8ccd4".into();
    }
    const STOPS: [(f64, [u8; 3]); 4] = [
        (0.0, [255, 230, 120]),
        (0.4, [253, 160, 60]),
        (0.75, [235, 80, 40]),
        (1.0, [160, 0, 40]),
    ];
    let f = fraction.clamp(0.0, 1.0);
    let i = STOPS
        .windows(2)
        .position(|w| f <= w[1].0)
        .unwrap_or(STOPS.len() - 2);
    let ((a, ca), (b, cb)) = (STOPS[i], STOPS[i + 1]);
    let t = if b > a { (f - a) / (b - a) } else { 0.0 };
    let mix = |x: u8, y: u8| (x as f64 + (y as f64 - x as f64) * t).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(ca[0], cb[0]),
        mix(ca[1], cb[1]),
        mix(ca[2], cb[2])
    )
}

/// What the page shows for one view: the switch-by-switch drawing (or why it cannot be drawn)
/// and, above lecture sizes, an overview — to open on when the drawing would be unreadable
/// fitted to a panel.
#[derive(Debug)]
pub struct Figure {
    pub detail: Result<String>,
    pub overview: Option<String>,
    pub open_on_overview: bool,
}

impl Figure {
    /// One SVG for a file (the CLI's `--svg`): the drawing, or the overview when the network is
    /// too large to draw switch by switch.
    pub fn into_svg(self) -> Result<String> {
        match (self.detail, self.overview) {
            (Err(_), Some(overview)) => Ok(overview),
            (detail, _) => detail,
        }
    }
}

/// The figure of `topo` in `layout` with `state`: the drawing and, above lecture sizes, the
/// overview (`render::overview`).
pub fn figure(topo: &Topology, layout: &Layout, state: &FigureState) -> Figure {
    let detail = channel_svg(topo, layout, state);
    let unreadable = detail.is_err() || {
        let g = geometry(layout, state);
        super::overview::wants_overview(topo, (g.width, g.height), switch_pitch(layout) * UNIT)
    };
    let overview = (topo.switch_count() > super::overview::OVERVIEW_MIN_SWITCHES)
        .then(|| super::overview::overview_svg(topo, state, detail.is_ok()));
    Figure {
        detail,
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

/// The drawing's geometry at scale 1, what `channel_svg` writes and `figure` judges by.
struct Geometry {
    width: f64,
    height: f64,
    /// Where the legend starts (below the switches).
    legend_y: f64,
    /// How much strokes, switches and the legend grow in a large drawing, shown fitted.
    grow: f64,
}

fn geometry(layout: &Layout, state: &FigureState) -> Geometry {
    let points = layout.switches.iter().chain(&layout.endpoints);
    let (max_x, max_y) = points.fold((0.0f64, 0.0f64), |(mx, my), &(x, y)| (mx.max(x), my.max(y)));
    let extent = 2.0 * MARGIN + max_x.max(max_y) * UNIT;
    let grow = (extent / 1400.0).max(1.0);
    let legend_width = 2.0 * MARGIN
        + grow * (LEGEND_TEXT_X + text_width(state.legend_title())).max(text_width(&state.caption));
    let legend_y = 2.0 * MARGIN + max_y * UNIT;
    Geometry {
        width: (2.0 * MARGIN + max_x * UNIT).max(legend_width),
        height: legend_y + 64.0 * grow,
        legend_y,
        grow,
    }
}

/// About how wide `text` is at 13 px (≈ 7.2 px per character).
fn text_width(text: &str) -> f64 {
    7.2 * text.chars().count() as f64
}

/// The figure of `topo` in `layout` with `state`, or an error when it is too large to draw.
pub fn channel_svg(topo: &Topology, layout: &Layout, state: &FigureState) -> Result<String> {
    if topo.switch_count() > MAX_DRAW_SWITCHES || topo.channel_count() > MAX_DRAW_CHANNELS {
        let over = if topo.switch_count() > MAX_DRAW_SWITCHES {
            format!(
                "{} switches is above the limit of {MAX_DRAW_SWITCHES}",
                topo.switch_count()
            )
        } else {
            format!(
                "{} channels is above the limit of {MAX_DRAW_CHANNELS}",
                topo.channel_count()
            )
        };
        return Err(Error::invalid(
            "figure",
            format!(
                "'{}' is too large to draw: {over} for drawing; the analysis is still shown",
                topo.spec()
            ),
        ));
    }
    let pos = |s: SwitchId| {
        let (x, y) = layout.switches[s.index()];
        (MARGIN + x * UNIT, MARGIN + y * UNIT)
    };
    // Large drawings are shown fitted to the panel: grow strokes, switches and the legend with
    // the drawing so they stay visible (switches less, so neighbours never overlap). The legend:
    // the title right of the colour scale, the caption on its own line below.
    let Geometry {
        width,
        height,
        legend_y,
        grow,
    } = geometry(layout, state);
    let (stroke, box_size, lane) = (grow.min(2.5), SWITCH * grow.min(1.6), LANE * grow.min(2.5));
    let labels = topo.switch_count() <= 256;
    let mut out = String::with_capacity(200 + topo.channel_count() * 120);
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="topology" viewBox="0 0 {width:.0} {height:.0}" width="{width:.0}" height="{height:.0}" font-family="system-ui, sans-serif">"##
    );
    let w = |base: f64| base * stroke;
    let _ = write!(
        out,
        "<style>.ch{{stroke-width:{:.1};stroke-linecap:round}}.ch.busiest{{stroke-width:{:.1}}}.ch.on-path{{stroke-width:{:.1}}}.ch.step{{stroke-width:{:.1}}}.ch.selected{{stroke-width:{:.1}}}\
.hl{{fill:none;stroke-linecap:round;pointer-events:none}}.sw{{fill:var(--switch-fill,#f4f6fa);stroke:var(--fg,#333);stroke-width:{:.1}}}\
.lbl{{font-size:11px;fill:var(--fg,#222);text-anchor:middle;dominant-baseline:central;pointer-events:none}}\
.ep{{fill:var(--fg,#555)}}.ep-link{{stroke:#9aa0aa;stroke-width:0.6}}.cap{{font-size:13px;fill:var(--fg,#222)}}</style>",
        w(2.6),
        w(4.2),
        w(4.6),
        w(5.2),
        w(6.5),
        w(1.2)
    );
    // end nodes first, so switches and channels are drawn over their links
    if topo.endpoint_count() <= 1024 {
        for (e, &(x, y)) in layout.endpoints.iter().enumerate() {
            let (sx, sy) = pos(topo.endpoint_switch(crate::model::EndpointId::new(e)));
            let (ex, ey) = (MARGIN + x * UNIT, MARGIN + y * UNIT);
            let _ = write!(
                out,
                r#"<line class="ep-link" x1="{sx:.1}" y1="{sy:.1}" x2="{ex:.1}" y2="{ey:.1}"/><circle class="ep" cx="{ex:.1}" cy="{ey:.1}" r="3"><title>endpoint {e}</title></circle>"#
            );
        }
    }
    let n = state.max_value.max(1);
    let mut highlights = String::new();
    for c in 0..topo.channel_count() {
        let ch = ChannelId::new(c);
        if state.hidden.get(c).copied().unwrap_or(false) {
            continue;
        }
        let (a, b) = topo.channel_ends(ch);
        let ((x1, y1), (x2, y2)) = (pos(a), pos(b));
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        // right-hand side of the direction of travel; shortened so the two ends stay visible
        let (ox, oy) = (-dy / len * lane, dx / len * lane);
        let trim = (box_size * 0.55 / len).min(0.3);
        let (sx, sy, ex, ey) = (
            x1 + dx * trim + ox,
            y1 + dy * trim + oy,
            x2 - dx * trim + ox,
            y2 - dy * trim + oy,
        );
        let value = state.channel_values.get(c).copied().unwrap_or(0);
        let mut class = String::from("ch");
        if value == state.max_value && value > 0 {
            class.push_str(" busiest");
        }
        let is_selected = state.selected == Some(ch);
        let on_path = state.on_path.contains(&ch);
        let step = state.step_channels.contains(&ch);
        if on_path {
            class.push_str(" on-path");
        }
        if step {
            class.push_str(" step");
        }
        if is_selected {
            class.push_str(" selected");
        }
        let _ = write!(
            out,
            r#"<line class="{class}" data-ch="{c}" x1="{sx:.1}" y1="{sy:.1}" x2="{ex:.1}" y2="{ey:.1}" stroke="{}"><title>l({},{}): {value} / {}</title></line>"#,
            load_color(f64::from(value) / f64::from(n)),
            a.0,
            b.0,
            state.max_value
        );
        if is_selected || on_path || step {
            let colour = if is_selected {
                "#1565c0"
            } else if step {
                "#7b1fa2"
            } else {
                "#1e88e5"
            };
            let _ = write!(
                highlights,
                r#"<line class="hl" x1="{sx:.1}" y1="{sy:.1}" x2="{ex:.1}" y2="{ey:.1}" stroke="{colour}" stroke-opacity="0.55" stroke-width="{:.1}"/>"#,
                if is_selected { 11.0 } else { 8.0 } * stroke
            );
        }
    }
    out.push_str(&highlights);
    for s in 0..topo.switch_count() {
        let (x, y) = pos(SwitchId::new(s));
        // inline style: the .sw class rule would override a presentation attribute
        let marked = if state.step_switches.contains(&SwitchId::new(s)) {
            format!(
                r#" style="stroke:#7b1fa2;stroke-width:{:.1}""#,
                3.5 * stroke
            )
        } else {
            String::new()
        };
        let _ = write!(
            out,
            r#"<rect class="sw" data-sw="{s}" x="{:.1}" y="{:.1}" width="{box_size:.1}" height="{box_size:.1}" rx="4"{marked}><title>switch {s}</title></rect>"#,
            x - box_size / 2.0,
            y - box_size / 2.0
        );
        if labels {
            let _ = write!(out, r#"<text class="lbl" x="{x:.1}" y="{y:.1}">{s}</text>"#);
        }
    }
    legend(&mut out, legend_y, grow, state);
    out.push_str("</svg>");
    Ok(out)
}

/// The colour scale with its title, and the caption below; only the caption when nothing is
/// loaded (e.g. a TopoGen step before routes exist).
fn legend(out: &mut String, y: f64, grow: f64, state: &FigureState) {
    let _ = write!(
        out,
        r#"<g class="legend" transform="translate({MARGIN:.0},{y:.0}) scale({grow:.3})">"#
    );
    if state.max_value == 0 {
        let _ = write!(
            out,
            r#"<text class="cap" x="0" y="12">{}</text></g>"#,
            escape(&state.caption)
        );
        return;
    }
    for i in 0..=20 {
        let f = i as f64 / 20.0;
        let _ = write!(
            out,
            r#"<rect x="{:.1}" y="0" width="8" height="10" fill="{}"/>"#,
            i as f64 * 8.0,
            load_color(if i == 0 { 0.0 } else { f })
        );
    }
    let _ = write!(
        out,
        r#"<text class="cap" x="0" y="26">0</text><text class="cap" x="168" y="26" text-anchor="end">{}</text><text class="cap" x="{LEGEND_TEXT_X}" y="9">{}</text><text class="cap" x="0" y="48">{}</text></g>"#,
        state.max_value,
        escape(state.legend_title()),
        escape(&state.caption)
    );
}

pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::layout;
    use crate::topology::build;

    #[test]
    fn one_line_per_channel_and_marks() {
        let t = build("mesh:4x4").unwrap();
        let values: Vec<u32> = (0..t.channel_count() as u32).map(|c| c % 5).collect();
        let state = FigureState {
            channel_values: &values,
            max_value: 4,
            selected: Some(ChannelId(3)),
            caption: "a<b".into(),
            ..Default::default()
        };
        let svg = channel_svg(&t, &layout(&t), &state).unwrap();
        assert_eq!(svg.matches(r#"<line class="ch"#).count(), 48);
        assert!(
            svg.contains(r#"class="ch busiest selected" data-ch="3""#)
                || svg.contains(r#"data-ch="3""#)
        );
        assert!(svg.contains("a&lt;b"));
        assert_eq!(svg.matches("<rect class=\"sw\"").count(), 16);
    }

    #[test]
    fn refuses_what_it_cannot_draw() {
        let t = build("mesh:128x128").unwrap();
        let err = channel_svg(&t, &layout(&t), &FigureState::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("16384 switches is above the limit of 4096"),
            "{err}"
        );
    }

    #[test]
    fn colour_scale_ends() {
        assert_eq!(load_color(0.0), "#c8ccd4");
        assert_eq!(load_color(1.0), "#a00028");
    }
}

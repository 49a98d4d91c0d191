//! A drawing (`drawing.rs`) written as SVG: one line per directed channel (each direction on its
//! own side) coloured by its value, the selected channel, its communications' channels and the
//! current step highlighted, and a colour legend so an exported figure stands on its own. The
//! CLI's `--svg` and the page's SVG export write this; the page draws from the data itself.

use super::drawing::{Drawing, LEGEND_TEXT_X, MARGIN};
use std::fmt::Write;

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

impl Drawing {
    /// The drawing as one SVG document.
    pub fn to_svg(&self) -> String {
        let (g, m) = (&self.geometry, &self.marks);
        let mut out = String::with_capacity(200 + g.channels.len() * 120);
        let _ = write!(
            out,
            r##"<svg xmlns="http://www.w3.org/2000/svg" class="topology" viewBox="0 0 {w:.0} {h:.0}" width="{w:.0}" height="{h:.0}" font-family="{}"><style>{}</style>"##,
            g.font_family,
            g.css,
            w = g.width,
            h = g.height,
        );
        // end nodes first, so switches and channels are drawn over their links
        for (e, (xy, &s)) in g.endpoints.chunks(2).zip(&g.endpoint_switches).enumerate() {
            let (sx, sy) = (g.switches[2 * s as usize], g.switches[2 * s as usize + 1]);
            let (ex, ey) = (xy[0], xy[1]);
            let _ = write!(
                out,
                r#"<line class="ep-link" x1="{sx:.1}" y1="{sy:.1}" x2="{ex:.1}" y2="{ey:.1}"/><circle class="ep" cx="{ex:.1}" cy="{ey:.1}" r="3"><title>endpoint {e}</title></circle>"#
            );
        }
        let mut highlights = String::new();
        for (i, &c) in g.channels.iter().enumerate() {
            let [x1, y1, x2, y2] = [0, 1, 2, 3].map(|k| g.channel_xy[4 * i + k]);
            let (a, b) = (g.channel_ends[2 * i], g.channel_ends[2 * i + 1]);
            let value = m.values[i];
            let has = |list: &[u32]| list.binary_search(&c).is_ok();
            let (selected, on_path, step) = (
                m.selected == Some(c),
                has(&m.on_path),
                has(&m.step_channels),
            );
            let mut class = String::from("ch");
            for (on, name) in [
                (has(&m.busiest), " busiest"),
                (on_path, " on-path"),
                (step, " step"),
                (selected, " selected"),
            ] {
                if on {
                    class.push_str(name);
                }
            }
            let _ = write!(
                out,
                r#"<line class="{class}" data-ch="{c}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{}"><title>l({a},{b}): {value} / {}</title></line>"#,
                g.palette[usize::from(m.colours[i])],
                m.max_value
            );
            let over = if selected {
                Some(&g.selected)
            } else if step {
                Some(&g.step)
            } else if on_path {
                Some(&g.on_path)
            } else {
                None
            };
            if let Some(h) = over {
                let _ = write!(
                    highlights,
                    r#"<line class="hl" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{}" stroke-opacity="{}" stroke-width="{:.1}"/>"#,
                    h.colour, g.highlight_opacity, h.width
                );
            }
        }
        out.push_str(&highlights);
        let half = g.box_size / 2.0;
        for (s, xy) in g.switches.chunks(2).enumerate() {
            let (x, y) = (f64::from(xy[0]), f64::from(xy[1]));
            // inline style: the .sw class rule would override a presentation attribute
            let marked = if m.step_switches.binary_search(&(s as u32)).is_ok() {
                format!(
                    r#" style="stroke:{};stroke-width:{:.1}""#,
                    g.switch_mark.colour, g.switch_mark.width
                )
            } else {
                String::new()
            };
            let _ = write!(
                out,
                r#"<rect class="sw" data-sw="{s}" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="4"{marked}><title>switch {s}</title></rect>"#,
                x - half,
                y - half,
                g.box_size,
                g.box_size
            );
            if g.labels {
                let _ = write!(out, r#"<text class="lbl" x="{x:.1}" y="{y:.1}">{s}</text>"#);
            }
        }
        self.legend(&mut out);
        out.push_str("</svg>");
        out
    }

    /// The colour scale with its title, and the caption below; only the caption when nothing is
    /// loaded (e.g. a TopoGen step before routes exist).
    fn legend(&self, out: &mut String) {
        let (g, m) = (&self.geometry, &self.marks);
        let _ = write!(
            out,
            r#"<g class="legend" transform="translate({MARGIN:.0},{:.0}) scale({:.3})">"#,
            g.legend_y, g.grow
        );
        if m.max_value == 0 {
            let _ = write!(
                out,
                r#"<text class="cap" x="0" y="12">{}</text></g>"#,
                escape(&m.caption)
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
            m.max_value,
            escape(&m.legend),
            escape(&m.caption)
        );
    }
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
    use crate::model::ChannelId;
    use crate::render::{drawing, FigureState};
    use crate::topology::build;

    #[test]
    fn one_line_per_channel_and_marks() {
        let t = build("mesh:4x4").unwrap();
        let values: Vec<u32> = (0..t.channel_count() as u32).map(|c| c % 5).collect();
        let state = FigureState {
            channel_values: &values,
            max_value: 4,
            selected: Some(ChannelId(4)),
            caption: "a<b".into(),
            ..Default::default()
        };
        let svg = drawing(&t, &layout(&t), &state).unwrap().to_svg();
        assert_eq!(svg.matches(r#"<line class="ch"#).count(), 48);
        assert!(
            svg.contains(r#"class="ch busiest selected" data-ch="4""#),
            "{svg}"
        );
        assert_eq!(svg.matches(r#"<line class="hl""#).count(), 1);
        assert!(svg.contains("a&lt;b"));
        assert_eq!(svg.matches("<rect class=\"sw\"").count(), 16);
    }

    #[test]
    fn refuses_what_it_cannot_draw() {
        let t = build("mesh:128x128").unwrap();
        let err = drawing(&t, &layout(&t), &FigureState::default())
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

//! An overview of a network too large to read switch by switch at Fit (any lab, any paper): one
//! cell per switch coloured by its busiest outgoing channel, arranged by the network's shape —
//! a fat-tree's levels as rows, an n-D grid as 2-D slices, a floor as the floor — and a
//! histogram of the channel values. Text is drawn at a fixed size so it stays readable when the
//! page fits the overview to its panel.

use super::svg::{escape, load_color};
use super::FigureState;
use crate::model::{GridShape, Shape, Topology};
use std::fmt::Write;

/// Below this many switches every switch is drawn with its label; no overview is needed.
pub const OVERVIEW_MIN_SWITCHES: usize = 256;
/// Most cells drawn; larger networks merge square blocks of cells (showing the block's maximum).
const MAX_CELLS: usize = 4096;
/// Most slices drawn as separate panels; grids with more fold their higher dimensions instead.
const MAX_PANELS: usize = 64;
/// Most switches and channels a step may point at for the overview to frame their cells.
const MAX_MARKED: usize = 256;
const WIDTH: f64 = 640.0;
const MARGIN: f64 = 16.0;
const AREA_HEIGHT: f64 = 400.0;
const GAP: f64 = 10.0;
const TITLE: f64 = 16.0;
const TEXT: f64 = 14.0;

/// A group of cells drawn as one rectangle of `cols` × `rows` with a title.
struct Panel {
    title: String,
    cols: usize,
    rows: usize,
}

/// Where each switch goes: panels and, per switch, (panel, column, row).
struct Arrangement {
    panels: Vec<Panel>,
    place: Vec<(usize, usize, usize)>,
}

fn wrapped(n: usize, title: String) -> Arrangement {
    let cols = (n as f64).sqrt().ceil().max(1.0) as usize;
    Arrangement {
        panels: vec![Panel {
            title,
            cols,
            rows: n.div_ceil(cols),
        }],
        place: (0..n).map(|i| (0, i % cols, i / cols)).collect(),
    }
}

/// Mixed-radix position of `coords` over the dimensions `which` (first fastest).
fn mixed(coords: &[usize], dims: &[usize], which: impl Iterator<Item = usize>) -> (usize, usize) {
    let (mut value, mut radix) = (0, 1);
    for d in which {
        value += coords[d] * radix;
        radix *= dims[d];
    }
    (value, radix)
}

fn grid(dims: &[usize]) -> Arrangement {
    let shape = GridShape::new(dims.to_vec());
    let n = shape.len();
    if dims.len() == 1 {
        return wrapped(n, format!("{} switches in a line", n));
    }
    let plane = dims[0] * dims[1];
    let slices = n / plane;
    if dims.len() == 2 || (plane >= 16 && slices <= MAX_PANELS) {
        let names = ["z", "w", "v", "u"];
        let panels = (0..slices)
            .map(|i| {
                let c = shape.coords(i * plane);
                let title = if dims.len() == 2 {
                    String::new()
                } else if dims.len() == 3 {
                    format!("z = {}", c[2])
                } else {
                    let parts: Vec<String> = (2..dims.len())
                        .map(|d| format!("{}={}", names.get(d - 2).unwrap_or(&"·"), c[d]))
                        .collect();
                    parts.join(" ")
                };
                Panel {
                    title,
                    cols: dims[0],
                    rows: dims[1],
                }
            })
            .collect();
        let place = (0..n)
            .map(|i| (i / plane, i % dims[0], (i / dims[0]) % dims[1]))
            .collect();
        return Arrangement { panels, place };
    }
    // Many small slices (a hypercube): fold even dimensions along x, odd along y.
    let (_, cols) = mixed(&vec![0; dims.len()], dims, (0..dims.len()).step_by(2));
    let (_, rows) = mixed(&vec![0; dims.len()], dims, (1..dims.len()).step_by(2));
    let place = (0..n)
        .map(|i| {
            let c = shape.coords(i);
            let (x, _) = mixed(&c, dims, (0..dims.len()).step_by(2));
            let (y, _) = mixed(&c, dims, (1..dims.len()).step_by(2));
            (0, x, y)
        })
        .collect();
    Arrangement {
        panels: vec![Panel {
            title: "even dimensions across, odd down".into(),
            cols,
            rows,
        }],
        place,
    }
}

fn fat_tree(k: usize, levels: usize) -> Arrangement {
    let per_level = k.pow(levels as u32 - 1);
    let cols = per_level.min(64);
    let panels = (0..levels)
        .map(|l| Panel {
            title: match l {
                0 => format!("level 0 (roots) · {per_level} switches"),
                l if l + 1 == levels => format!("level {l} (leaves) · {per_level} switches"),
                l => format!("level {l} · {per_level} switches"),
            },
            cols,
            rows: per_level.div_ceil(cols),
        })
        .collect();
    let place = (0..per_level * levels)
        .map(|s| {
            (
                s / per_level,
                (s % per_level) % cols,
                (s % per_level) / cols,
            )
        })
        .collect();
    Arrangement { panels, place }
}

fn arrangement(topo: &Topology) -> Arrangement {
    let n = topo.switch_count();
    match topo.shape() {
        Shape::Grid { dims, .. } => grid(dims),
        Shape::FatTree { k, levels } => fat_tree(*k, *levels),
        Shape::Floor { side } => Arrangement {
            panels: vec![Panel {
                title: String::new(),
                cols: *side,
                rows: n.div_ceil(*side),
            }],
            place: (0..n).map(|i| (0, i % side, i / side)).collect(),
        },
        Shape::DualPlane { .. } => {
            // each plane in id order, plane 1 beside plane 0
            let half = wrapped(n / 2, String::new());
            let (cols, rows) = (half.panels[0].cols, half.panels[0].rows);
            Arrangement {
                panels: (0..2)
                    .map(|p| Panel {
                        title: format!("plane {p}"),
                        cols,
                        rows,
                    })
                    .collect(),
                place: (0..n)
                    .map(|i| (i / (n / 2), (i % (n / 2)) % cols, (i % (n / 2)) / cols))
                    .collect(),
            }
        }
        Shape::Full { .. }
        | Shape::Circle { .. }
        | Shape::Irregular
        | Shape::Placed { .. }
        | Shape::Tree2 { .. } => wrapped(n, "switches in id order".into()),
    }
}

/// A spec short enough for the title line (a dual-plane set can run to 60 characters).
fn title_spec(spec: &str) -> String {
    const MOST: usize = 24;
    if spec.chars().count() <= MOST {
        spec.to_string()
    } else {
        spec.chars().take(MOST - 1).chain(['…']).collect()
    }
}

/// Whether the switch-by-switch drawing, fitted to a panel of about 720 × 560 px, leaves each
/// switch less than 6 px apart or less than 6 × 6 px of room: then the page opens on the overview.
pub(crate) fn wants_overview(topo: &Topology, extent: (f64, f64), pitch: f64) -> bool {
    if topo.switch_count() <= OVERVIEW_MIN_SWITCHES {
        return false;
    }
    let scale = (720.0 / extent.0).min(560.0 / extent.1);
    // neighbours drawn closer than 6 px, or (a long, flat drawing such as a large generated
    // network's) less than 6 × 6 px of the fitted drawing per switch
    let per_switch = (extent.0 * scale) * (extent.1 * scale) / topo.switch_count() as f64;
    pitch * scale < 6.0 || per_switch < 36.0
}

/// The overview of `topo` with the values of `state` (see the module header); `zoomable`: the
/// switch-by-switch drawing exists to zoom into (else the overview says why not).
pub fn overview_svg(topo: &Topology, state: &FigureState, zoomable: bool) -> String {
    let mut arr = arrangement(topo);
    let n = topo.switch_count();
    // per switch: its busiest outgoing channel's value; per panel and direction (a fat-tree's
    // up and down, else one): the busiest channel and the sum, for the panel's title
    let mut busiest = vec![0u32; n];
    let mut per_panel = vec![[(0u32, 0u64, 0usize); 2]; arr.panels.len()];
    let panel_of = |s: usize| arr.place[s].0;
    let fat_tree = matches!(topo.shape(), Shape::FatTree { .. });
    for c in 0..topo.channel_count() {
        let (a, b) = topo.channel_ends(crate::model::ChannelId::new(c));
        let v = state.channel_values.get(c).copied().unwrap_or(0);
        busiest[a.index()] = busiest[a.index()].max(v);
        let down = fat_tree && panel_of(b.index()) > panel_of(a.index());
        let entry = &mut per_panel[panel_of(a.index())][usize::from(down)];
        *entry = (entry.0.max(v), entry.1 + u64::from(v), entry.2 + 1);
    }
    if state.max_value > 0 && arr.panels.len() <= 8 {
        let stats = |(max, sum, count): (u32, u64, usize)| {
            format!("max {max}, mean {:.1}", sum as f64 / count.max(1) as f64)
        };
        for (panel, [first, second]) in arr.panels.iter_mut().zip(&per_panel) {
            let sep = if panel.title.is_empty() { "" } else { " · " };
            panel.title += &if fat_tree {
                let up = (first.2 > 0).then(|| format!("up {}", stats(*first)));
                let down = (second.2 > 0).then(|| format!("down {}", stats(*second)));
                let parts: Vec<String> = up.into_iter().chain(down).collect();
                format!("{sep}{}", parts.join(" · "))
            } else {
                format!("{sep}channels {}", stats(*first))
            };
        }
    }
    // 1: the step's, 2: the selection's; a step that touches most of the network (the start of
    // a slot policy) marks nothing: a frame around every cell would hide the colours it is about
    let mut marked = vec![0u8; n];
    if state.step_switches.len() + state.step_channels.len() <= MAX_MARKED {
        for s in &state.step_switches {
            marked[s.index()] = 1;
        }
        for &c in &state.step_channels {
            marked[topo.channel_ends(c).0.index()] = 1;
        }
    }
    if let Some(c) = state.selected {
        marked[topo.channel_ends(c).0.index()] = 2;
    }

    let total: usize = arr.panels.iter().map(|p| p.cols * p.rows).sum();
    let block = ((total as f64 / MAX_CELLS as f64).sqrt().ceil() as usize).max(1);
    let dims: Vec<(usize, usize)> = arr
        .panels
        .iter()
        .map(|p| (p.cols.div_ceil(block), p.rows.div_ceil(block)))
        .collect();
    let titled = arr.panels.iter().any(|p| !p.title.is_empty());
    let title_h = if titled { TEXT + 6.0 } else { 0.0 };
    // the panel grid (columns of panels) that gives the largest cells in the area
    let inner = WIDTH - 2.0 * MARGIN;
    let (mut best, mut per_row) = (0.0f64, 1usize);
    for pc in 1..=arr.panels.len() {
        let pr = arr.panels.len().div_ceil(pc);
        let max_cols = dims.iter().map(|d| d.0).max().unwrap_or(1) as f64;
        let max_rows = dims.iter().map(|d| d.1).max().unwrap_or(1) as f64;
        let cell = ((inner - GAP * (pc as f64 - 1.0)) / (pc as f64 * max_cols))
            .min((AREA_HEIGHT - (GAP + title_h) * pr as f64) / (pr as f64 * max_rows));
        if cell > best {
            (best, per_row) = (cell, pc);
        }
    }
    let cell = best.clamp(1.0, 28.0);
    let max_cols = dims.iter().map(|d| d.0).max().unwrap_or(1) as f64;
    let max_rows = dims.iter().map(|d| d.1).max().unwrap_or(1) as f64;
    let (panel_w, panel_h) = (cell * max_cols, cell * max_rows);
    let panel_rows = arr.panels.len().div_ceil(per_row);
    let top = MARGIN + 2.0 * TITLE + 12.0;
    let area_h = panel_rows as f64 * (panel_h + title_h + GAP);
    let hist_top = top + area_h + 14.0;
    let loaded = state.max_value > 0;
    let hist_h = if loaded { 150.0 } else { 0.0 };
    let height = hist_top + hist_h + TEXT + 2.0 * MARGIN;

    let mut out = String::with_capacity(256 + total.min(MAX_CELLS) * 90);
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="topology overview" viewBox="0 0 {WIDTH:.0} {height:.0}" width="{WIDTH:.0}" height="{height:.0}" font-family="system-ui, sans-serif">"##
    );
    let _ = write!(
        out,
        "<style>.ov-t{{font-size:{TITLE}px;font-weight:600;fill:var(--fg,#222)}}.ov{{font-size:{TEXT}px;fill:var(--fg,#222)}}\
.ov-end{{text-anchor:end}}.ov-mid{{text-anchor:middle}}.ov-frame{{fill:none;stroke:var(--fg,#333);stroke-opacity:0.35}}\
.ov-cell{{cursor:zoom-in}}.ov-mark{{fill:none;stroke-width:2.5}}.cap{{font-size:{TEXT}px;fill:var(--fg,#222)}}</style>"
    );
    let cell_word = if block == 1 {
        "Each cell is a switch".to_string()
    } else {
        format!("Each cell is {block}×{block} switches")
    };
    let _ = write!(
        out,
        r#"<text class="ov-t" x="{MARGIN}" y="{:.0}">{}: {n} switches, {} directed channels</text><text class="ov" x="{MARGIN}" y="{:.0}">{cell_word}, coloured by its busiest channel out{}.</text>"#,
        MARGIN + TITLE,
        escape(&title_spec(topo.spec())),
        topo.channel_count(),
        MARGIN + 2.0 * TITLE + 4.0,
        if zoomable {
            "; click or + to zoom in"
        } else {
            " (too many to draw)"
        },
    );
    let scale = state.max_value.max(1);
    let mut marks = String::new();
    for (p, panel) in arr.panels.iter().enumerate() {
        let (px, py) = (
            MARGIN + (p % per_row) as f64 * (panel_w + GAP),
            top + (p / per_row) as f64 * (panel_h + title_h + GAP) + title_h,
        );
        if !panel.title.is_empty() {
            let _ = write!(
                out,
                r#"<text class="ov" x="{px:.1}" y="{:.1}">{}</text>"#,
                py - 6.0,
                escape(&panel.title)
            );
        }
        let (w, h) = dims[p];
        let _ = write!(
            out,
            r#"<rect class="ov-frame" x="{px:.1}" y="{py:.1}" width="{:.1}" height="{:.1}"/>"#,
            w as f64 * cell,
            h as f64 * cell
        );
        // the block maximum and its first switch, per cell of this panel
        let mut cells: Vec<Option<(u32, u8, usize)>> = vec![None; w * h];
        for (s, &(sp, x, y)) in arr.place.iter().enumerate() {
            if sp != p {
                continue;
            }
            let slot = &mut cells[(y / block) * w + x / block];
            let (v, m) = (busiest[s], marked[s]);
            *slot = Some(match *slot {
                None => (v, m, s),
                Some((v0, m0, s0)) => (v0.max(v), m0.max(m), s0.min(s)),
            });
        }
        for (i, c) in cells.iter().enumerate() {
            let Some((v, m, s)) = *c else { continue };
            let (x, y) = (px + (i % w) as f64 * cell, py + (i / w) as f64 * cell);
            let _ = write!(
                out,
                r#"<rect class="ov-cell" data-sw="{s}" x="{x:.1}" y="{y:.1}" width="{cell:.1}" height="{cell:.1}" fill="{}"/>"#,
                load_color(f64::from(v) / f64::from(scale))
            );
            if m > 0 {
                let _ = write!(
                    marks,
                    r#"<rect class="ov-mark" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" stroke="{}"/>"#,
                    x - 1.0,
                    y - 1.0,
                    cell + 2.0,
                    cell + 2.0,
                    if m == 2 { "#1565c0" } else { "#7b1fa2" }
                );
            }
        }
    }
    out.push_str(&marks);
    if loaded {
        histogram(&mut out, hist_top, hist_h, state);
    }
    let _ = write!(
        out,
        r#"<text class="cap" x="{MARGIN}" y="{:.0}">{}</text></svg>"#,
        height - MARGIN,
        escape(&super::caption_text(&state.caption))
    );
    out
}

/// Channels by value: one bar per value up to 40, else 32 equal bins; bars coloured like the
/// channels, so the histogram is the colour legend too.
fn histogram(out: &mut String, top: f64, height: f64, state: &FigureState) {
    let max = state.max_value;
    let bins = if max <= 40 { max as usize + 1 } else { 32 };
    let bin_of = |v: u32| {
        if max <= 40 {
            v as usize
        } else {
            ((f64::from(v) / f64::from(max)) * (bins as f64 - 1e-9)) as usize
        }
    };
    let mut counts = vec![0usize; bins];
    for &v in state.channel_values {
        counts[bin_of(v.min(max))] += 1;
    }
    let peak = counts.iter().copied().max().unwrap_or(1).max(1);
    let (left, plot_w) = (MARGIN + 52.0, WIDTH - 2.0 * MARGIN - 52.0);
    let (plot_top, plot_h) = (top + TEXT + 8.0, height - 2.0 * TEXT - 16.0);
    let _ = write!(
        out,
        r#"<text class="ov" x="{MARGIN}" y="{:.1}">Channels by {} ({} {max})</text>"#,
        top + TEXT,
        escape(state.legend_title()),
        if state.legend.is_empty() {
            "N ="
        } else {
            "scale to"
        }
    );
    let bar_w = plot_w / bins as f64;
    for (i, &count) in counts.iter().enumerate() {
        let h = plot_h * count as f64 / peak as f64;
        let mid = if max <= 40 {
            i as f64 / f64::from(max.max(1))
        } else {
            (i as f64 + 0.5) / bins as f64
        };
        let colour = load_color(if i == 0 && max <= 40 { 0.0 } else { mid });
        let _ = write!(
            out,
            r#"<rect class="ov-bar" x="{:.1}" y="{:.1}" width="{:.1}" height="{h:.1}" fill="{colour}"><title>{count} channels</title></rect>"#,
            left + i as f64 * bar_w + 0.5,
            plot_top + plot_h - h,
            (bar_w - 1.0).max(0.5)
        );
    }
    let base = plot_top + plot_h;
    let _ = write!(
        out,
        r#"<line x1="{left:.1}" y1="{base:.1}" x2="{:.1}" y2="{base:.1}" stroke="var(--fg,#333)" stroke-opacity="0.5"/>\
<text class="ov ov-end" x="{:.1}" y="{:.1}">{peak}</text><text class="ov ov-end" x="{:.1}" y="{base:.1}">0</text>\
<text class="ov" x="{left:.1}" y="{:.1}">0</text><text class="ov ov-end" x="{:.1}" y="{:.1}">{max}</text>"#,
        left + plot_w,
        left - 6.0,
        plot_top + TEXT * 0.8,
        left - 6.0,
        base + TEXT + 4.0,
        left + plot_w,
        base + TEXT + 4.0,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::build;

    fn cells(svg: &str) -> usize {
        svg.matches(r#"<rect class="ov-cell""#).count()
    }

    #[test]
    fn fat_tree_levels_as_rows() {
        let t = build("fattree:16:3").unwrap();
        let values: Vec<u32> = (0..t.channel_count() as u32).map(|c| c % 13).collect();
        let state = FigureState {
            channel_values: &values,
            max_value: 12,
            ..Default::default()
        };
        let svg = overview_svg(&t, &state, true);
        assert_eq!(cells(&svg), 768);
        assert!(
            svg.contains("level 0 (roots) · 256 switches · down max 12, mean"),
            "{svg:.1000}"
        );
        assert!(svg.contains("level 2 (leaves)"));
        assert_eq!(svg.matches(r#"class="ov-bar""#).count(), 13);
    }

    #[test]
    fn three_d_mesh_as_slices_and_big_networks_in_blocks() {
        let t = build("mesh:16x16x16").unwrap();
        let svg = overview_svg(&t, &FigureState::default(), true);
        assert_eq!(cells(&svg), 4096);
        assert!(svg.contains(">z = 15<"));
        let t = build("mesh:128x128").unwrap();
        let svg = overview_svg(&t, &FigureState::default(), true);
        assert_eq!(cells(&svg), 64 * 64);
        assert!(svg.contains("Each cell is 2×2 switches"));
        // a hypercube folds into one square panel instead of 1,024 slices of 2×2
        let t = build("hypercube:12").unwrap();
        let svg = overview_svg(&t, &FigureState::default(), true);
        assert_eq!(cells(&svg), 4096);
        assert!(svg.contains("even dimensions across"));
    }

    #[test]
    fn only_when_the_drawing_is_unreadable() {
        let small = build("mesh:8x8").unwrap();
        assert!(!wants_overview(&small, (500.0, 500.0), 56.0));
        let tree = build("fattree:16:3").unwrap();
        assert!(wants_overview(&tree, (115_000.0, 400.0), 448.0));
        let mesh = build("mesh:64x64").unwrap();
        assert!(!wants_overview(&mesh, (3608.0, 3700.0), 56.0));
    }
}

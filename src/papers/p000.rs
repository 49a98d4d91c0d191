//! Paper 000 §5.2: generated topologies against the 2-D mesh and 2-D/3-D/4-D tori with the same
//! maximum switch degree (a d-D torus switch has 2d links and one end node), for one pattern and
//! size (Fig. 12); and the N-versus-resources trade-off against the mesh (Fig. 13).

use super::Reproduction;
use crate::circuit::topogen::{topogen, TargetRuns};
use crate::labs::slots::{run_slots, SlotsConfig};
use crate::labs::topogen::{mesh_sides, topogen_traffic, TopoGenConfig};
use crate::labs::{config, json, study_args, Study};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// Fig. 12 and Fig. 13, studies of the TopoGen lab.
pub(crate) const STUDIES: &[Reproduction] = &[
    Reproduction::of("topogen", Study {
            name: "compare",
            title: "Generated network vs mesh and tori (Fig. 12)",
            about: "the generated network against the 2-D mesh and the 2-D/3-D/4-D tori of the same degree; one row per network",
            args: crate::labs::TAKES_NONE,
            run: |section, seed, _args, report| {
                let c: TopoGenConfig = config(section)?;
                from_scratch(&c)?;
                let rows = compare_rows(c.nodes, &c.pattern, seed, &mut |f, row| {
                    report(f, row.map(json))
                })?;
                Ok(json(&rows))
            },
            precheck: |section, seed, _args| {
                let c: TopoGenConfig = config(section)?;
                from_scratch(&c)?;
                compare_sides(c.nodes)?;
                topogen_traffic(&c.pattern, c.nodes, seed).map(drop)
            },
    }),
    Reproduction::of("topogen", Study {
            name: "tradeoff",
            title: "N against network cost (Fig. 13)",
            about: "TOPOGEN_REV for every target N from the highest N of the mesh and the 2-D/3-D/4-D tori down to `lowest`, with those networks as points; one point per target",
            args: crate::labs::StudyArgs {
                defaults: || json(&TradeoffArgs::default()),
                limits: crate::labs::no_limits,
                none: false,
            },
            run: |section, seed, args, report| {
                let c: TopoGenConfig = config(section)?;
                from_scratch(&c)?;
                let args = study_args::<TradeoffArgs>(args)?;
                let lowest = args.lowest.unwrap_or(1);
                let pattern = args.pattern.unwrap_or(c.pattern);
                let curve = tradeoff_points(
                    c.nodes,
                    &pattern,
                    seed,
                    lowest,
                    &mut |f, point| report(f, point.map(json)),
                )?;
                Ok(json(&curve))
            },
            precheck: |section, seed, args| {
                let c: TopoGenConfig = config(section)?;
                from_scratch(&c)?;
                let args = study_args::<TradeoffArgs>(args)?;
                crate::circuit::topogen::check_target(c.nodes, Some(args.lowest.unwrap_or(1)))?;
                topogen_traffic(&args.pattern.unwrap_or(c.pattern), c.nodes, seed).map(drop)
            },
    }),
];

/// The arguments of the `tradeoff` study.
#[derive(Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
struct TradeoffArgs {
    /// The last target N (null: 1). By default 5, where the page's study starts (a run of
    /// lecture length).
    lowest: Option<u32>,
    /// Another pattern than the lab's (Fig. 13 for each deterministic pattern).
    pattern: Option<String>,
}

impl Default for TradeoffArgs {
    fn default() -> Self {
        TradeoffArgs {
            lowest: Some(5),
            pattern: None,
        }
    }
}

/// The studies design from one giant switch, as the paper's figures do: a configuration with
/// a starting network is refused there, saying so.
fn from_scratch(config: &TopoGenConfig) -> Result<()> {
    if config.start.trim().is_empty() {
        return Ok(());
    }
    Err(crate::Error::invalid(
        "start",
        "the studies (Fig. 12, Fig. 13) design from one giant switch, as the paper does: clear the starting network to run them",
    )
    .at("start"))
}

/// One row of the comparison.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompareRow {
    pub name: String,
    pub topology: String,
    /// Maximum switch degree (end nodes + links).
    pub max_degree: usize,
    pub switches: usize,
    pub links: usize,
    pub avg_hops: f64,
    pub max_slots: u32,
}

/// `nodes` as `d` factors ≥ 3, as equal as possible (largest factor smallest), ascending.
pub fn torus_sides(nodes: usize, d: usize) -> Option<Vec<usize>> {
    fn search(rest: usize, d: usize, min: usize) -> Option<Vec<usize>> {
        if d == 1 {
            return (rest >= min).then(|| vec![rest]);
        }
        let mut best: Option<Vec<usize>> = None;
        let mut f = min;
        while f.pow(d as u32) <= rest {
            if rest.is_multiple_of(f) {
                if let Some(mut tail) = search(rest / f, d - 1, f) {
                    tail.insert(0, f);
                    // smallest largest side; on a tie, the largest smallest side
                    let key = |v: &Vec<usize>| (v[v.len() - 1], std::cmp::Reverse(v[0]));
                    if best.as_ref().is_none_or(|b| key(&tail) < key(b)) {
                        best = Some(tail);
                    }
                }
            }
            f += 1;
        }
        best
    }
    search(nodes, d, 3)
}

fn grid_row(
    name: &str,
    spec: String,
    pattern: &str,
    seed: u64,
    max_degree: usize,
) -> Result<CompareRow> {
    let r = run_slots(
        &SlotsConfig {
            topology: spec.clone(),
            pattern: pattern.into(),
            ..Default::default()
        },
        seed,
        false,
        &mut |_| {},
    )?
    .result;
    Ok(CompareRow {
        name: name.into(),
        topology: spec,
        max_degree,
        switches: r.switches,
        links: r.links,
        avg_hops: r.avg_hops,
        max_slots: r.max_slots,
    })
}

fn generated_row(
    name: &str,
    nodes: usize,
    degree: usize,
    pattern: &str,
    seed: u64,
    target: Option<u32>,
    progress: &mut dyn FnMut(f64),
) -> Result<CompareRow> {
    let traffic = topogen_traffic(pattern, nodes, seed)?;
    let s = topogen(nodes, degree, &traffic, target, false, progress)?.summary;
    Ok(CompareRow {
        name: name.into(),
        topology: format!(
            "topogen:{nodes}:{degree}{}",
            target.map_or(String::new(), |t| format!(":N≤{t}"))
        ),
        max_degree: s.max_degree,
        switches: s.switches,
        links: s.links,
        avg_hops: s.avg_hops,
        max_slots: s.max_slots,
    })
}

/// Fig. 12: the generated minimal topology (degree 5) and the 2-D mesh and torus; then for each
/// d-D torus (d = 3, 4) the generated topology at the torus's degree grown to the torus's N.
pub fn compare(nodes: usize, pattern: &str, seed: u64) -> Result<Vec<CompareRow>> {
    compare_rows(nodes, pattern, seed, &mut |_, _| {})
}

/// The 2-D mesh of `nodes` end nodes the comparison needs.
fn compare_sides(nodes: usize) -> Result<(usize, usize)> {
    mesh_sides(nodes).ok_or_else(|| {
        Error::invalid(
            "nodes",
            format!("{nodes} end nodes do not form a 2-D mesh; use a composite number"),
        )
    })
}

/// `compare`, telling `report(fraction, row)` about each row as it is computed.
pub(crate) fn compare_rows(
    nodes: usize,
    pattern: &str,
    seed: u64,
    report: &mut dyn FnMut(f64, Option<&CompareRow>),
) -> Result<Vec<CompareRow>> {
    let (a, b) = compare_sides(nodes)?;
    // The work is the generated networks (the mesh and tori are quick): up to four TopoGen runs,
    // a quarter each, whose own progress moves the bar within their quarter.
    let mut rows = Vec::new();
    let row = generated_row(
        "generated (degree 5)",
        nodes,
        5,
        pattern,
        seed,
        None,
        &mut |f| report(0.25 * f, None),
    )?;
    report(0.25, Some(&row));
    rows.push(row);
    let mesh = grid_row("2-D mesh", format!("mesh:{a}x{b}"), pattern, seed, 5)?;
    report(0.25, Some(&mesh));
    rows.push(mesh);
    for d in 2..=4 {
        let Some(torus) = torus_row(nodes, d, pattern, seed)? else {
            continue;
        };
        let (degree, target) = (torus.max_degree, torus.max_slots.max(1));
        let start = 0.25 * (d - 1) as f64;
        report(start, Some(&torus));
        rows.push(torus);
        let name = format!("generated (degree {degree}, N ≤ {target})");
        let row = generated_row(
            &name,
            nodes,
            degree,
            pattern,
            seed,
            Some(target),
            &mut |f| report(start + 0.25 * f, None),
        )?;
        report(start + 0.25, Some(&row));
        rows.push(row);
    }
    report(1.0, None);
    Ok(rows)
}

/// One point of Fig. 13: resources relative to the mesh at a target N.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TradeoffPoint {
    pub target_slots: u32,
    pub max_slots: u32,
    pub switches: usize,
    pub links: usize,
    pub avg_hops: f64,
    pub switches_vs_mesh: f64,
    pub links_vs_mesh: f64,
}

/// A standard network on Fig. 13's axes: at its own N, its switches and links relative to the
/// mesh's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TradeoffBaseline {
    #[serde(flatten)]
    pub network: CompareRow,
    pub switches_vs_mesh: f64,
    pub links_vs_mesh: f64,
}

/// The Fig. 13 curve: the mesh, the standard networks beside it (the mesh and the 2-D/3-D/4-D
/// tori, where `nodes` factors into them), one point per reached target, and why it stopped
/// early if it did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tradeoff {
    pub mesh: CompareRow,
    pub baselines: Vec<TradeoffBaseline>,
    pub points: Vec<TradeoffPoint>,
    pub stopped: Option<String>,
}

/// The 2-D mesh and the 2-D/3-D/4-D tori of `nodes` switches, one end node each.
fn standard_networks(nodes: usize, pattern: &str, seed: u64) -> Result<Vec<CompareRow>> {
    let (a, b) = mesh_sides(nodes).ok_or_else(|| {
        Error::invalid("nodes", format!("{nodes} end nodes do not form a 2-D mesh"))
    })?;
    let mut rows = vec![grid_row(
        "2-D mesh",
        format!("mesh:{a}x{b}"),
        pattern,
        seed,
        5,
    )?];
    for d in 2..=4 {
        rows.extend(torus_row(nodes, d, pattern, seed)?);
    }
    Ok(rows)
}

/// The d-D torus of `nodes` switches (degree 2d + 1), if `nodes` factors into one.
fn torus_row(nodes: usize, d: usize, pattern: &str, seed: u64) -> Result<Option<CompareRow>> {
    let Some(sides) = torus_sides(nodes, d) else {
        return Ok(None);
    };
    let sides: Vec<String> = sides.iter().map(|s| s.to_string()).collect();
    let spec = format!("torus:{}", sides.join("x"));
    grid_row(&format!("{d}-D torus"), spec, pattern, seed, 2 * d + 1).map(Some)
}

/// Fig. 13: TOPOGEN_REV (degree 5) for every target N from the highest N of the mesh and tori
/// down to `lowest`.
pub fn tradeoff(
    nodes: usize,
    pattern: &str,
    seed: u64,
    lowest: u32,
    progress: &mut dyn FnMut(f64),
) -> Result<Tradeoff> {
    tradeoff_points(nodes, pattern, seed, lowest, &mut |f, _| progress(f))
}

/// `tradeoff`, telling `report(fraction, point)` about each point as it is computed. The
/// targets are independent runs: natively they run on every core, a chunk at a time, and the
/// curve is the same as one run after another (it ends at the first target out of reach).
pub(crate) fn tradeoff_points(
    nodes: usize,
    pattern: &str,
    seed: u64,
    lowest: u32,
    report: &mut dyn FnMut(f64, Option<&TradeoffPoint>),
) -> Result<Tradeoff> {
    crate::circuit::topogen::check_target(nodes, Some(lowest))?;
    let traffic = topogen_traffic(pattern, nodes, seed)?;
    let networks = standard_networks(nodes, pattern, seed)?;
    let mesh = networks[0].clone();
    let baselines: Vec<TradeoffBaseline> = networks
        .into_iter()
        .map(|network| TradeoffBaseline {
            switches_vs_mesh: network.switches as f64 / mesh.switches as f64,
            links_vs_mesh: network.links as f64 / mesh.links as f64,
            network,
        })
        .collect();
    let targets = slot_targets(&baselines, lowest);
    report(0.0, None);
    let runs = TargetRuns::new(nodes, 5, &traffic)?;
    let (points, stopped) = tradeoff_curve(&targets, &runs, &mesh, report)?;
    report(1.0, None);
    Ok(Tradeoff {
        mesh,
        baselines,
        points,
        stopped,
    })
}

/// The curve's targets N, from the largest N of the standard networks down to `lowest`.
fn slot_targets(baselines: &[TradeoffBaseline], lowest: u32) -> Vec<u32> {
    let highest = baselines
        .iter()
        .map(|b| b.network.max_slots)
        .max()
        .unwrap_or(1);
    let lowest = lowest.max(1);
    (lowest..=highest.max(lowest)).rev().collect()
}

/// TOPOGEN_REV's point at each target, streamed in order; a target out of reach ends the
/// curve (its reason returned beside the points so far), any other error fails it.
fn tradeoff_curve(
    targets: &[u32],
    runs: &TargetRuns<'_>,
    mesh: &CompareRow,
    report: &mut dyn FnMut(f64, Option<&TradeoffPoint>),
) -> Result<(Vec<TradeoffPoint>, Option<String>)> {
    let mut points = Vec::new();
    let mut stopped = None;
    let mut failure = None;
    let run = |&target: &u32| runs.summary(target);
    crate::parallel::map_chunked(targets, crate::parallel::threads(), run, |i, outcome| {
        let s = match outcome {
            Ok(summary) => summary,
            // a target out of reach ends the curve; the points so far stand
            Err(Error::Invalid { name, reason }) if name == "target-slots" => {
                stopped = Some(reason.clone());
                return false;
            }
            Err(e) => {
                failure = Some(e.clone());
                return false;
            }
        };
        let point = TradeoffPoint {
            target_slots: targets[i],
            max_slots: s.max_slots,
            switches: s.switches,
            links: s.links,
            avg_hops: s.avg_hops,
            switches_vs_mesh: s.switches as f64 / mesh.switches as f64,
            links_vs_mesh: s.links as f64 / mesh.links as f64,
        };
        report((i + 1) as f64 / targets.len() as f64, Some(&point));
        points.push(point);
        true
    });
    match failure {
        Some(e) => Err(e),
        None => Ok((points, stopped)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn torus_sides_are_balanced() {
        assert_eq!(torus_sides(1024, 2), Some(vec![32, 32]));
        assert_eq!(torus_sides(1024, 3), Some(vec![8, 8, 16]));
        assert_eq!(torus_sides(1024, 4), Some(vec![4, 4, 8, 8]));
        assert_eq!(torus_sides(64, 3), Some(vec![4, 4, 4]));
        assert_eq!(torus_sides(16, 4), None);
    }
}

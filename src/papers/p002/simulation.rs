//! Paper 002 §VI-C (Table II, Fig. 7–10): LOREN against Cowen on LRT(64,4,2) and
//! LRT(256,4,4), each at Cowen's smallest t_max and at |N|/2 (18 / 32 and 42 / 128), under
//! uniform, transpose, shuffle and reverse (bit-reversal, Dally & Towles) traffic, with the
//! router of Table II: 1-flit packets, 4 VCs of 8 flits, 4 pipeline stages, 100,000 simulated
//! cycles (read here as the measurement window, after 10,000 cycles of warm-up).
//!
//! Which topology: Cowen fits in 18 entries only on the rare 64-node topologies with the
//! smallest Cowen tables (the minimum over the table-size study's 1,000; most need 19–21), so
//! the paper's simulated network must be one of them. We simulate the first topology of the
//! table-size study (seed 1) that has Cowen's minimum: index 20 at 64 nodes (18 entries), index
//! 0 at 256 nodes (41 entries, so the paper's 42 fits). `tests` checks both against the study.
//! Cowen at t_max T is the α with the largest table within T (`cowen:T`, what the paper's
//! "table entry size" fixes); LOREN at T is LOREN with at most T entries.
//!
//! Deadlock freedom: the paper assigns VCs with ACRO ([25], "based on" LASH-TOR); the study runs
//! every curve with both of our assignments (`ASSIGNMENTS`: LASH-TOR, and our reading of ACRO in
//! `sim::flit::acro`), or the one it is asked for, and reports the layers each needs.

use super::super::Reproduction;
use crate::labs::sim::SimConfig;
use crate::labs::{json, study_args, Study};
use crate::sim::flit;
use crate::sim::flit::VcAssignment;
use serde::{Deserialize, Serialize};

/// Fig. 7–10, a study of the Simulate lab.
pub(crate) const STUDIES: &[Reproduction] = &[
    Reproduction::of("sim", Study {
        name: "paper002",
        title: "Paper 002, Fig. 7–10",
        about: "paper 002 §VI-C: the 32 latency–load curves of Fig. 7–10 (LOREN and Cowen on LRT(64,4,2) and LRT(256,4,4), two t_max each, four traffics, Table II's router), or those whose label contains `only`, each with both VC assignments (LASH-TOR and ACRO, the paper's [25]) or the one `vc_assignment` names, and the saturation throughputs beside the paper's statements per assignment; the section is not used (each curve has its own). About 3.5 minutes natively on 2 cores (half with one assignment), a long run; one point per curve and assignment",
        args: crate::labs::NO_ARGS,
        run: |_section, _seed, args, report| {
            let (only, assignments) = study_request(args)?;
            Ok(json(&reproduce(only.as_deref(), &assignments, report)?))
        },
        precheck: |_section, _seed, args| {
            let (only, assignments) = study_request(args)?;
            for (curve, vc_assignment) in chosen_runs(only.as_deref(), &assignments)? {
                let config = curve_config(&curve, vc_assignment);
                let loads = crate::sim::flit::loads(config.sweep_step);
                config
                    .check_request(loads.len())
                    .and_then(|()| config.checked_sweep(SEED, &loads))
                    .map_err(|e| curve_error(only.as_deref(), &curve, vc_assignment, e))?;
            }
            Ok(())
        },
    }),
];

/// The study's arguments.
#[derive(Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
struct StudyArgs {
    only: Option<String>,
    vc_assignment: Option<flit::VcAssignment>,
}

/// The curves' label filter and the VC assignments (the one named, or both).
fn study_request(args: &serde_json::Value) -> crate::Result<(Option<String>, Vec<VcAssignment>)> {
    let a = study_args::<StudyArgs>(args)?;
    let assignments = match a.vc_assignment {
        Some(one) => vec![one],
        None => ASSIGNMENTS.to_vec(),
    };
    Ok((a.only, assignments))
}

/// The Scenario seed of the topologies (the table-size study's seed).
pub(crate) const SEED: u64 = 1;

/// One network size of the section.
pub(crate) struct Size {
    pub topology: &'static str,
    /// The study's index of the first topology with Cowen's smallest table.
    pub index: u32,
    /// Cowen's smallest t_max in the paper, and |N|/2.
    pub tmaxes: [usize; 2],
    /// The sub-figure (a: 64 nodes, b: 256 nodes).
    pub panel: char,
}

pub(crate) const SIZES: [Size; 2] = [
    Size {
        topology: "lrt:64:4:2",
        index: 20,
        tmaxes: [18, 32],
        panel: 'a',
    },
    Size {
        topology: "lrt:256:4:4",
        index: 0,
        tmaxes: [42, 128],
        panel: 'b',
    },
];

/// The four traffics and their figures.
pub(crate) const TRAFFICS: [(&str, u32); 4] = [
    ("uniform", 7),
    ("transpose", 8),
    ("shuffle", 9),
    ("bitrev", 10),
];

pub(crate) const SCHEMES: [&str; 2] = ["loren", "cowen"];

/// The VC assignments every curve is run with: ours (LASH-TOR) and the paper's (ACRO, [25]).
pub(crate) const ASSIGNMENTS: [VcAssignment; 2] = [VcAssignment::LashTor, VcAssignment::Acro];

/// Table II's router and run on `base`'s network: 1-flit packets, 4 VCs × 8 flits, 4 stages,
/// 10,000 warm-up and 100,000 measured cycles, loads in steps of 0.01 (the 256-node curves saturate below 0.1).
pub(crate) fn table_ii(base: SimConfig) -> SimConfig {
    SimConfig {
        vcs: 4,
        buf: 8,
        packet: 1,
        stages: 4,
        link_latency: 1,
        credit_delay: 1,
        warmup: 10_000,
        cycles: 100_000,
        drain: 10_000,
        sweep_step: 0.01,
        seed_count: 1,
        ..base
    }
}

/// One curve of Fig. 7–10.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Curve {
    /// "Fig. 7a", …
    pub figure: String,
    pub scheme: String,
    pub tmax: usize,
    pub traffic: String,
    pub config: SimConfig,
}

impl Curve {
    /// How the page's preset list and the CLI's table name it.
    pub fn label(&self) -> String {
        format!(
            "{} · {} · {} · t_max {}",
            self.figure,
            self.config.topology,
            self.scheme_title(),
            self.tmax
        )
    }

    fn scheme_title(&self) -> &'static str {
        if self.scheme == "loren" {
            "LOREN"
        } else {
            "Cowen"
        }
    }
}

/// The 32 curves: 4 traffics × 2 sizes × 2 t_max × LOREN and Cowen, in figure order.
pub fn curves() -> Vec<Curve> {
    let mut out = Vec::new();
    for (traffic, fig) in TRAFFICS {
        for size in &SIZES {
            for tmax in size.tmaxes {
                for scheme in SCHEMES {
                    out.push(Curve {
                        figure: format!("Fig. {fig}{}", size.panel),
                        scheme: scheme.into(),
                        tmax,
                        traffic: traffic.into(),
                        config: table_ii(SimConfig {
                            topology: size.topology.into(),
                            topology_index: size.index,
                            routing: scheme.into(),
                            tmax: Some(tmax),
                            alpha: None,
                            traffic: traffic.into(),
                            rate: 0.1,
                            ..SimConfig::default()
                        }),
                    });
                }
            }
        }
    }
    out
}

/// A statement of §VI-C about saturation throughputs: ours beside the paper's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Statement {
    pub statement: String,
    /// The paper's relative change (0.39 = +39%).
    pub paper: f64,
    /// The VC assignment of the curves `ours` is measured on.
    #[serde(default)]
    pub vc_assignment: VcAssignment,
    /// Ours, from the measured saturation throughputs (none if a curve is missing).
    pub ours: Option<f64>,
}

/// The paper's statements, with `saturation(topology, traffic, scheme, tmax)` giving our
/// saturation throughputs under `assignment`.
pub fn statements(
    assignment: VcAssignment,
    saturation: &dyn Fn(&str, &str, &str, usize) -> Option<f64>,
) -> Vec<Statement> {
    let change = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => Some(a / b - 1.0),
        _ => None,
    };
    let (s64, s256) = (SIZES[0].topology, SIZES[1].topology);
    let growth = |traffic: &str, scheme: &str| {
        change(
            saturation(s64, traffic, scheme, 32),
            saturation(s64, traffic, scheme, 18),
        )
    };
    vec![
        Statement {
            statement: "256 nodes, uniform, t_max 42: LOREN over Cowen".into(),
            paper: 0.39,
            vc_assignment: assignment,
            ours: change(
                saturation(s256, "uniform", "loren", 42),
                saturation(s256, "uniform", "cowen", 42),
            ),
        },
        Statement {
            statement: "64 nodes, reverse, t_max 32: LOREN over Cowen".into(),
            paper: -0.21,
            vc_assignment: assignment,
            ours: change(
                saturation(s64, "bitrev", "loren", 32),
                saturation(s64, "bitrev", "cowen", 32),
            ),
        },
        Statement {
            statement: "64 nodes, uniform: Cowen from t_max 18 to 32".into(),
            paper: 0.40,
            vc_assignment: assignment,
            ours: growth("uniform", "cowen"),
        },
        Statement {
            statement: "64 nodes, uniform: LOREN from t_max 18 to 32".into(),
            paper: 0.38,
            vc_assignment: assignment,
            ours: growth("uniform", "loren"),
        },
        Statement {
            statement: "64 nodes, transpose: Cowen from t_max 18 to 32".into(),
            paper: -0.27,
            vc_assignment: assignment,
            ours: growth("transpose", "cowen"),
        },
        Statement {
            statement: "64 nodes, shuffle: Cowen from t_max 18 to 32".into(),
            paper: -0.26,
            vc_assignment: assignment,
            ours: growth("shuffle", "cowen"),
        },
    ]
}

/// One curve of Fig. 7–10 with its sweep: what the `paper002` study reports per curve.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct CurveResult {
    pub figure: String,
    pub label: String,
    pub topology: String,
    pub topology_index: u32,
    pub scheme: String,
    pub tmax: usize,
    pub traffic: String,
    pub vc_assignment: VcAssignment,
    /// Undefined when the curve's sweep did not reach saturation (`flit::Sweep`).
    pub saturation_throughput: Option<f64>,
    pub saturated_at: Option<f64>,
    /// The VC layers and groups the routes need, and the channel-load bound (the first
    /// point's: they do not depend on the load).
    pub vc_layers: Option<usize>,
    pub vc_groups: Option<usize>,
    pub channel_load_bound: Option<f64>,
    pub points: Vec<crate::sim::flit::SimResult>,
}

/// §VI-C reproduced: every curve's sweep (in the order of `curves`), then the paper's
/// statements beside ours.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Figures {
    pub curves: Vec<CurveResult>,
    pub statements: Vec<Statement>,
}

/// The `paper002` study: the sweeps of the curves whose label contains `only` (all of them
/// without), each with every VC assignment of `assignments` (in that order), one point per
/// sweep as it is done, and the statements of §VI-C that those curves decide, per assignment.
/// The curves whose label contains `only` (all of them without it), at least one.
fn chosen_curves(only: Option<&str>) -> crate::Result<Vec<Curve>> {
    let chosen: Vec<Curve> = curves()
        .into_iter()
        .filter(|c| only.is_none_or(|o| c.label().contains(o)))
        .collect();
    if chosen.is_empty() {
        return Err(crate::Error::invalid(
            "only",
            format!(
                "'{}' matches none of the 32 curves (labels like \"Fig. 7a · lrt:64:4:2 · LOREN · t_max 18\")",
                crate::error::shorten(only.unwrap_or_default())
            ),
        ));
    }
    Ok(chosen)
}

/// Each chosen curve with each assignment, in that order.
fn runs_of<'a>(
    chosen: &'a [Curve],
    assignments: &[VcAssignment],
) -> Vec<(&'a Curve, VcAssignment)> {
    chosen
        .iter()
        .flat_map(|c| assignments.iter().map(move |&a| (c, a)))
        .collect()
}

/// `chosen_curves` and `runs_of` for a precheck (the curves owned).
fn chosen_runs(
    only: Option<&str>,
    assignments: &[VcAssignment],
) -> crate::Result<Vec<(Curve, VcAssignment)>> {
    let chosen = chosen_curves(only)?;
    Ok(runs_of(&chosen, assignments)
        .into_iter()
        .map(|(c, a)| (c.clone(), a))
        .collect())
}

/// A curve's simulation with `vc_assignment`: a research run by name (issue 62), natively a
/// long run, held to what it keeps and not to an interactive request's work (100 loads ×
/// 120,000 cycles is 1,813 million units for one curve, refused by that); its sweeps stop at
/// saturation (below 0.1 at 256 nodes). In the page it stays within the page's limits.
fn curve_config(curve: &Curve, vc_assignment: VcAssignment) -> SimConfig {
    SimConfig {
        vc_assignment,
        long_run: !cfg!(target_arch = "wasm32"),
        ..curve.config.clone()
    }
}

/// A curve's refusal, the curve named and the field kept (`only` named only when it was given).
fn curve_error(
    only: Option<&str>,
    curve: &Curve,
    vc_assignment: VcAssignment,
    e: crate::Error,
) -> crate::Error {
    let why = format!("{} ({}): {e}", curve.label(), vc_assignment.label());
    crate::Error::invalid(if only.is_some() { "only" } else { "paper002" }, why)
}

pub(crate) fn reproduce(
    only: Option<&str>,
    assignments: &[VcAssignment],
    report: crate::labs::Report<'_>,
) -> crate::Result<Figures> {
    let chosen = chosen_curves(only)?;
    let runs = runs_of(&chosen, assignments);
    let mut done = Vec::with_capacity(runs.len());
    for (i, &(curve, vc_assignment)) in runs.iter().enumerate() {
        let config = curve_config(curve, vc_assignment);
        let loads = crate::sim::flit::loads(config.sweep_step);
        config.check()?;
        let sweep = config
            .sweep(SEED, &loads, &mut |_, _| {})
            .map_err(|e| curve_error(only, curve, vc_assignment, e))?;
        let first = sweep.points.first();
        let row = CurveResult {
            figure: curve.figure.clone(),
            label: curve.label(),
            topology: config.topology.clone(),
            topology_index: config.topology_index,
            scheme: curve.scheme.clone(),
            tmax: curve.tmax,
            traffic: curve.traffic.clone(),
            vc_assignment,
            saturation_throughput: sweep.saturation_throughput,
            saturated_at: sweep.saturated_at,
            vc_layers: first.map(|p| p.vc_layers),
            vc_groups: first.map(|p| p.vc_groups),
            channel_load_bound: first.and_then(|p| p.channel_load_bound),
            points: sweep.points,
        };
        report(
            (i + 1) as f64 / runs.len() as f64,
            Some(crate::labs::json(&row)),
        );
        done.push(row);
    }
    let statements = assignments
        .iter()
        .flat_map(|&a| {
            let saturation = |topo: &str, traffic: &str, scheme: &str, tmax: usize| {
                done.iter()
                    .find(|c| {
                        c.vc_assignment == a
                            && c.topology == topo
                            && c.traffic == traffic
                            && c.scheme == scheme
                            && c.tmax == tmax
                    })
                    .and_then(|c| c.saturation_throughput)
            };
            statements(a, &saturation)
        })
        .collect();
    Ok(Figures {
        curves: done,
        statements,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_two_curves_each_within_the_simulators_limits() {
        let all = curves();
        assert_eq!(all.len(), 32);
        for c in &all {
            c.config
                .check()
                .unwrap_or_else(|e| panic!("{}: {e}", c.label()));
        }
        assert_eq!(all[0].label(), "Fig. 7a · lrt:64:4:2 · LOREN · t_max 18");
    }

    #[test]
    fn the_64_node_topology_is_the_first_with_cowens_smallest_table() {
        let study =
            crate::papers::p002::table_study_streamed(SIZES[0].topology, 40, SEED, &mut |_, _| {})
                .unwrap();
        assert_eq!(study.cowen.min, 18);
        assert_eq!(study.cowen.min_at, SIZES[0].index as usize);
    }

    /// The layers each assignment needs on the paper's 256-node network (LRT(256,4,4), index 0
    /// of seed 1) at t_max 42: our reading of ACRO takes LOREN to 3 layers, LASH-TOR 4, so
    /// LOREN no longer has a layer more than Cowen (3 with either).
    #[test]
    fn acro_takes_loren_to_cowens_layers_at_256_nodes() {
        for (scheme, lash_tor, acro) in [("LOREN", 4, 3), ("Cowen", 3, 3)] {
            let label = format!("Fig. 7b · lrt:256:4:4 · {scheme} · t_max 42");
            let curve = curves().into_iter().find(|c| c.label() == label).unwrap();
            for (assignment, layers) in [
                (VcAssignment::LashTor, lash_tor),
                (VcAssignment::Acro, acro),
            ] {
                let config = SimConfig {
                    vc_assignment: assignment,
                    ..curve.config.clone()
                };
                let network = config.network(SEED).unwrap();
                assert_eq!(network.routes.layers(), layers, "{label} {assignment:?}");
            }
        }
    }

    #[test]
    fn statements_compare_relative_changes() {
        let sat = |topo: &str, _: &str, scheme: &str, tmax: usize| {
            Some(match (topo.starts_with("lrt:64"), scheme, tmax) {
                (true, "loren", 18) => 0.2,
                (true, "loren", 32) => 0.3,
                _ => 0.25,
            })
        };
        let s = statements(VcAssignment::Acro, &sat);
        assert!(s.iter().all(|s| s.vc_assignment == VcAssignment::Acro));
        assert_eq!(s.len(), 6);
        let loren_growth = s
            .iter()
            .find(|s| s.statement.contains("LOREN from"))
            .unwrap();
        assert!((loren_growth.ours.unwrap() - 0.5).abs() < 1e-12);
    }
}

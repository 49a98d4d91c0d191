//! Paper 002 §VI, studies of the Routing lab: the t_max sweep (§VI-A, Fig. 5, LOREN beside
//! Cowen), the table-size study (§VI-B, Fig. 6) and imbalanced traffic (§VI-D, Fig. 11–12).
//! The studies' Cowen is `cowen` over the α grid of `routing::alpha_grid`.

use super::super::Reproduction;
use crate::analysis::routes::traffic_metrics;
use crate::analysis::routes::{mean_hops_over_pairs, mean_positive_hops};
use crate::labs::routing::*;
use crate::labs::{config, json, study_args, Study};
use crate::model::Topology;
use crate::routing::{alpha_grid, Balls, Cowen, CowenParam, Loren, Reading, RouterSpec, TmaxRule};
use crate::topology::TopologySpec;
use crate::traffic::Pattern;
use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// The arguments of the `table-study` study: how many random topologies (Fig. 6 averages 100).
#[derive(Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
struct TableArgs {
    count: usize,
}

impl Default for TableArgs {
    fn default() -> Self {
        TableArgs { count: 100 }
    }
}

pub(crate) const STUDIES: &[Reproduction] = &[
    Reproduction::of("routing", Study {
            name: "sweep-tmax",
            title: "Average path against t_max (Fig. 5)",
            about: "LOREN's average path length for every t_max from the minimum to |N|/2, then Cowen's (paper 002 reading) largest table and average path length for every α of 0.05, 0.10, …, 0.95; one point per t_max or α",
            args: crate::labs::TAKES_NONE,
            run: |section, seed, _args, report| {
                Ok(json(&sweep_tmax_points(&config(section)?, seed, report)?))
            },
            precheck: |section, seed, _args| {
                let c: RoutingConfig = config(section)?;
                let topo = c.topology(seed, &RouterSpec::named("loren", None)?)?;
                Cowen::check_size(topo.switch_count()).map_err(|e| e.at("topology"))
            },
    }),
    Reproduction::of("routing", Study {
            name: "table-study",
            title: "Table entries needed: LOREN vs Cowen (Fig. 6)",
            about: "the smallest tables of LOREN and Cowen (paper 002 reading, best α of 0.05, 0.10, …, 0.95) over `count` random topologies like this one; each point is the summary so far",
            args: crate::labs::StudyArgs {
                defaults: || json(&TableArgs::default()),
                limits: || {
                    vec![crate::labs::Limit::closed(
                        "count",
                        1.0,
                        MAX_STUDY_TOPOLOGIES as f64,
                    )]
                },
                none: false,
            },
            run: |section, seed, args, report| {
                let c: RoutingConfig = config(section)?;
                let count = study_args::<TableArgs>(args)?.count;
                Ok(json(&table_study_streamed(&c.topology, count, seed, report)?))
            },
            precheck: |section, _seed, args| {
                let c: RoutingConfig = config(section)?;
                let count = study_args::<TableArgs>(args)?.count;
                check_table_study(&c.topology, count).map(drop)
            },
    }),
    Reproduction::of("routing", Study {
            name: "imbalance",
            title: "Imbalanced traffic: Γ and efficiency, LOREN vs Cowen (Fig. 11–12)",
            about: "effective bandwidth Γ and average efficiency of LOREN and Cowen (paper 002 reading) at each t_max of `tmaxes` (default: Cowen's smallest on this topology and |N|/2) under each traffic of `traffics` (default hotspot β = 0.1, 0.3, 0.5, 0.7 and local γ = 1, 2, 3), averaged over `patterns` random patterns (default: the configured count); one row per traffic and t_max",
            args: crate::labs::NO_ARGS,
            run: |section, seed, args, report| {
                let c: RoutingConfig = config(section)?;
                let args = study_args::<ImbalanceArgs>(args)?;
                Ok(json(&imbalance_study(&c, seed, &args, report)?))
            },
            precheck: |section, seed, args| {
                let c: RoutingConfig = config(section)?;
                let r = imbalance_request(&c, seed, &study_args::<ImbalanceArgs>(args)?)?;
                // each t_max's tables, as the run builds them (LOREN's floor, Cowen's α)
                imbalance_routers(&r.topo, &r.balls, &r.tmaxes, r.rule).map(drop)
            },
    }),
];

/// One point of the Fig. 5 series: a scheme's largest table and its average path length over
/// all ordered pairs of switches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TmaxPoint {
    /// `loren` (a point per t_max) or `cowen` (a point per α of the grid, its largest table
    /// as t_max).
    pub scheme: String,
    pub tmax: usize,
    /// Cowen: the ball exponent of the point.
    pub alpha: Option<f64>,
    pub avg_path_length: f64,
}

/// Fig. 5: LOREN's average path length for every t_max from the minimum to |N|/2, and Cowen's
/// (paper 002 reading) for every α of `alpha_grid()`.
pub fn sweep_tmax(config: &RoutingConfig, seed: u64) -> Result<Vec<TmaxPoint>> {
    sweep_tmax_points(config, seed, &mut |_, _| {})
}

/// `sweep_tmax`, reporting each point as it is computed: LOREN's by t_max, then Cowen's by α.
pub(crate) fn sweep_tmax_points(
    config: &RoutingConfig,
    seed: u64,
    report: crate::labs::Report<'_>,
) -> Result<Vec<TmaxPoint>> {
    let topo = config.topology(seed, &RouterSpec::named("loren", None)?)?;
    Cowen::check_size(topo.switch_count()).map_err(|e| e.at("topology"))?;
    let n = topo.switch_count();
    let balls = std::sync::Arc::new(Balls::new(&topo).map_err(|e| e.at("topology"))?);
    let minimum = Loren::with_distances(&topo, n, balls.table())
        .map_err(router_error)?
        .min_required_entries;
    let points: Vec<SweepPoint> = (minimum..=(n / 2).max(minimum))
        .map(SweepPoint::Loren)
        .chain(alpha_grid().into_iter().map(SweepPoint::Cowen))
        .collect();
    // every point is an independent run: natively on every core, a chunk at a time, streamed
    // in order (the same points as one after another)
    let measure = |point: &SweepPoint| point.measure(&topo, &balls);
    crate::parallel::try_map_chunked(&points, crate::parallel::threads(), measure, |i, point| {
        report((i + 1) as f64 / points.len() as f64, Some(json(point)));
    })
}

/// One point of the Fig. 5 sweep: LOREN at a t_max or Cowen at an α.
enum SweepPoint {
    Loren(usize),
    Cowen(f64),
}

impl SweepPoint {
    /// The scheme's largest table and average path length at this point.
    fn measure(&self, topo: &Topology, balls: &std::sync::Arc<Balls>) -> Result<TmaxPoint> {
        let n = topo.switch_count() as u32;
        Ok(match *self {
            SweepPoint::Loren(tmax) => {
                let l = Loren::with_distances(topo, tmax, balls.table())?;
                TmaxPoint {
                    scheme: "loren".into(),
                    tmax,
                    alpha: None,
                    avg_path_length: mean_positive_hops(
                        (0..n).flat_map(|d| l.hops_to(d).into_iter().flatten()),
                    ),
                }
            }
            SweepPoint::Cowen(alpha) => {
                let param = CowenParam::Alpha(alpha);
                let c = Cowen::with_balls(topo, balls.clone(), Reading::Cowen1999, param)?;
                TmaxPoint {
                    scheme: "cowen".into(),
                    tmax: c.max_entries(),
                    alpha: Some(alpha),
                    avg_path_length: mean_positive_hops(
                        (0..n).flat_map(|d| c.hops_to(d).into_iter().map(|h| h as usize)),
                    ),
                }
            }
        })
    }
}

/// The traffics of the imbalance study by default (paper 002 §VI-D; the figures' β and γ are
/// not in the text, 0.7 is named).
pub(crate) const IMBALANCED_TRAFFICS: &[&str] = &[
    "hotspot:0.1",
    "hotspot:0.3",
    "hotspot:0.5",
    "hotspot:0.7",
    "local:1",
    "local:2",
    "local:3",
];

/// Most rows (traffics × t_max values) of one imbalance study.
pub(crate) const MAX_IMBALANCE_ROWS: usize = 64;

/// Arguments of the imbalance study (all optional).
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct ImbalanceArgs {
    /// Table limits compared; none = Cowen's smallest on this topology and |N|/2.
    pub tmaxes: Option<Vec<usize>>,
    /// Traffic specs; none = `IMBALANCED_TRAFFICS`.
    pub traffics: Option<Vec<String>>,
    /// Random patterns per traffic; none = the configured `patterns`.
    pub patterns: Option<usize>,
    /// How Cowen's α is picked at each t_max: `largest` or `shortest` (`TmaxRule`); none =
    /// what `cowen:T` means (`TmaxRule::DEFAULT`, the largest table within t_max).
    pub cowen_rule: Option<String>,
}

/// One row of the imbalance study: one traffic at one t_max.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImbalanceRow {
    pub traffic: String,
    pub tmax: usize,
    pub loren: TrafficMetrics,
    pub cowen: TrafficMetrics,
    /// The α Cowen runs with at this t_max, and its largest table.
    pub cowen_alpha: f64,
    pub cowen_max_entries: usize,
    /// LOREN over Cowen − 1: Γ and the average efficiency.
    pub bandwidth_gain: f64,
    pub efficiency_gain: f64,
}

/// §VI-D (Fig. 11–12) on one topology: every traffic at every t_max.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImbalanceStudy {
    pub topology: String,
    pub seed: u64,
    pub patterns: usize,
    pub tmaxes: Vec<usize>,
    /// How Cowen's α was picked at each t_max (`largest`, the default, or `shortest`), what
    /// that rule means, and why `largest` is the default (`TmaxRule::DEFAULT`).
    pub cowen_rule: String,
    pub cowen_rule_definition: String,
    pub cowen_default_rule: String,
    /// Fig. 5 at each t_max: LOREN's and Cowen's average path over all ordered pairs.
    pub paths: Vec<ImbalancePaths>,
    pub rows: Vec<ImbalanceRow>,
}

/// LOREN's and Cowen's average path length (all ordered pairs of switches) at one t_max.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImbalancePaths {
    pub tmax: usize,
    pub cowen_alpha: f64,
    pub cowen_max_entries: usize,
    pub loren_avg_path_length: f64,
    pub cowen_avg_path_length: f64,
    /// LOREN over Cowen − 1 (paper 002 §VI-A: +6.6% at t_max 42 on 256 nodes, down to −4.2% /
    /// −2.8% at large t_max).
    pub path_gain: f64,
}

/// An imbalance study's set-up, checked before its patterns are routed: the Cowen rule, the
/// traffics, the topology (its size within Cowen's), the t_maxes and the rows they make.
struct ImbalanceRequest {
    patterns: usize,
    rule: TmaxRule,
    traffics: Vec<String>,
    topo: Topology,
    balls: std::sync::Arc<Balls>,
    tmaxes: Vec<usize>,
}

fn imbalance_request(
    config: &RoutingConfig,
    seed: u64,
    args: &ImbalanceArgs,
) -> Result<ImbalanceRequest> {
    let patterns = args.patterns.unwrap_or(config.patterns);
    let rule = match &args.cowen_rule {
        Some(word) => TmaxRule::parse(word, "cowen_rule")?,
        None => TmaxRule::DEFAULT,
    };
    let traffics = imbalance_traffics(args)?;
    let checked = RoutingConfig {
        traffic: traffics.first().cloned(),
        patterns,
        ..config.clone()
    };
    let topo = checked.topology(seed, &RouterSpec::named("loren", None)?)?;
    Cowen::check_size(topo.switch_count()).map_err(|e| e.at("topology"))?;
    let balls = std::sync::Arc::new(Balls::new(&topo).map_err(|e| e.at("topology"))?);
    let tmaxes: Vec<usize> = match &args.tmaxes {
        Some(t) => t.clone(),
        None => default_tmaxes(&balls, topo.switch_count())?,
    };
    check_imbalance_rows(&traffics, &tmaxes)?;
    Ok(ImbalanceRequest {
        patterns,
        rule,
        traffics,
        topo,
        balls,
        tmaxes,
    })
}

/// Γ and the average efficiency of LOREN and of Cowen at t_max T (the α of the grid that
/// `args.cowen_rule` picks within T), under the same `patterns` draws of each traffic, and both
/// schemes' average path length at each T.
/// Rows (traffic, t_max) are independent: natively they run on every core, streamed in order
/// with the same numbers as one after another.
pub fn imbalance_study(
    config: &RoutingConfig,
    seed: u64,
    args: &ImbalanceArgs,
    report: crate::labs::Report<'_>,
) -> Result<ImbalanceStudy> {
    let r = imbalance_request(config, seed, args)?;
    let (patterns, rule, traffics, topo, balls, tmaxes) =
        (r.patterns, r.rule, r.traffics, r.topo, r.balls, r.tmaxes);
    let routers = imbalance_routers(&topo, &balls, &tmaxes, rule)?;
    let cells: Vec<(usize, usize)> = (0..traffics.len())
        .flat_map(|p| (0..tmaxes.len()).map(move |t| (p, t)))
        .collect();
    let measure = |&(p, t): &(usize, usize)| -> Result<ImbalanceRow> {
        imbalance_row(&traffics[p], tmaxes[t], &routers[t], patterns, seed)
    };
    let rows =
        crate::parallel::try_map_chunked(&cells, crate::parallel::threads(), measure, |i, row| {
            report((i + 1) as f64 / cells.len() as f64, Some(json(row)));
        })?;
    let paths = imbalance_paths(topo.switch_count(), &tmaxes, &routers);
    Ok(ImbalanceStudy {
        topology: config.topology.clone(),
        seed,
        patterns,
        tmaxes,
        cowen_rule: rule.name().into(),
        cowen_rule_definition: rule.definition().into(),
        cowen_default_rule: TmaxRule::WHY_DEFAULT.into(),
        paths,
        rows,
    })
}

/// The imbalance study's traffics (`IMBALANCED_TRAFFICS` by default), each checked.
fn imbalance_traffics(args: &ImbalanceArgs) -> Result<Vec<String>> {
    let traffics: Vec<String> = match &args.traffics {
        Some(t) => t.clone(),
        None => IMBALANCED_TRAFFICS.iter().map(|t| t.to_string()).collect(),
    };
    for name in &traffics {
        Pattern::parse(name).map_err(|e| e.at("traffics"))?;
    }
    Ok(traffics)
}

/// The imbalance study's t_max values by default: Cowen's smallest largest table over the α
/// grid on this topology, and |N|/2.
fn default_tmaxes(balls: &Balls, n: usize) -> Result<Vec<usize>> {
    let smallest = Reading::Cowen1999
        .max_entries_for(balls, &alpha_grid())?
        .into_iter()
        .min()
        .unwrap_or(0);
    let mut t = vec![smallest, n / 2];
    t.dedup();
    Ok(t)
}

/// Refuses an imbalance study without rows or with more than `MAX_IMBALANCE_ROWS`.
fn check_imbalance_rows(traffics: &[String], tmaxes: &[usize]) -> Result<()> {
    if traffics.is_empty()
        || tmaxes.is_empty()
        || traffics.len() * tmaxes.len() > MAX_IMBALANCE_ROWS
    {
        return Err(Error::invalid(
            "tmaxes",
            format!(
                "from 1 to {MAX_IMBALANCE_ROWS} rows (traffics × t_max values), not {} × {}",
                traffics.len(),
                tmaxes.len()
            ),
        ));
    }
    Ok(())
}

/// LOREN and Cowen (its α picked by `rule`) at each t_max.
fn imbalance_routers<'t>(
    topo: &'t Topology,
    balls: &std::sync::Arc<Balls>,
    tmaxes: &[usize],
    rule: TmaxRule,
) -> Result<Vec<(Loren<'t>, Cowen<'t>)>> {
    tmaxes
        .iter()
        .map(|&t| -> Result<(Loren<'_>, Cowen<'_>)> {
            let loren =
                Loren::with_distances(topo, t, balls.table()).map_err(|e| e.at("tmaxes"))?;
            let cowen = Cowen::with_balls(
                topo,
                balls.clone(),
                Reading::Cowen1999,
                CowenParam::TableLimit(t, rule),
            )
            .map_err(|e| e.at("tmaxes"))?;
            Ok((loren, cowen))
        })
        .collect()
}

/// One row of the imbalance study: Γ and the efficiency of both schemes under one traffic.
fn imbalance_row(
    traffic: &str,
    tmax: usize,
    (loren, cowen): &(Loren<'_>, Cowen<'_>),
    patterns: usize,
    seed: u64,
) -> Result<ImbalanceRow> {
    let l = traffic_metrics(loren, traffic, patterns, seed, &mut |_| {})?;
    let c = traffic_metrics(cowen, traffic, patterns, seed, &mut |_| {})?;
    Ok(ImbalanceRow {
        traffic: traffic.to_string(),
        tmax,
        cowen_alpha: cowen.alpha,
        cowen_max_entries: cowen.max_entries(),
        bandwidth_gain: l.effective_bandwidth / c.effective_bandwidth - 1.0,
        efficiency_gain: l.avg_efficiency / c.avg_efficiency - 1.0,
        loren: l,
        cowen: c,
    })
}

/// Both schemes' average path length over all ordered pairs at each t_max (a LOREN route
/// that loops counts 0 hops).
fn imbalance_paths(
    n: usize,
    tmaxes: &[usize],
    routers: &[(Loren<'_>, Cowen<'_>)],
) -> Vec<ImbalancePaths> {
    let n32 = n as u32;
    tmaxes
        .iter()
        .zip(routers)
        .map(|(&tmax, (loren, cowen))| {
            let l = mean_hops_over_pairs(
                n,
                (0..n32).flat_map(|d| loren.hops_to(d).into_iter().map(|h| h.unwrap_or(0))),
            );
            let c = mean_hops_over_pairs(
                n,
                (0..n32).flat_map(|d| cowen.hops_to(d).into_iter().map(|h| h as usize)),
            );
            ImbalancePaths {
                tmax,
                cowen_alpha: cowen.alpha,
                cowen_max_entries: cowen.max_entries(),
                loren_avg_path_length: l,
                cowen_avg_path_length: c,
                path_gain: l / c - 1.0,
            }
        })
        .collect()
}

/// Mean and minimum of a sample.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeanMin {
    pub mean: f64,
    pub min: usize,
    /// The first topology with the minimum: its index among the seed's topologies (what
    /// `--topology-index` of `topolab sim` takes to simulate on it).
    pub min_at: usize,
}

/// §VI-B (Fig. 6): minimum required table entries over many random topologies — LOREN's phase
/// (1)+(2) tables, and Cowen's (`cowen`: Cowen 1999 as paper 002 counts it, a switch's own
/// entry included) smallest largest table over the α of `alpha_grid()`, {0.05, 0.10, …, 0.95}.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableStudy {
    pub topology: String,
    pub topologies: usize,
    pub loren: MeanMin,
    pub cowen: MeanMin,
    /// The reading of Cowen's scheme measured (`cowen`) and the α it scans per topology.
    pub cowen_scheme: String,
    pub cowen_alphas: Vec<f64>,
    /// 1 − LOREN/Cowen for the minimum and the mean (the paper's "reduction").
    pub reduction_min: f64,
    pub reduction_mean: f64,
}

impl TableStudy {
    /// The summary of per-topology minimum tables (LOREN, Cowen).
    fn of(spec: &str, sizes: &[(usize, usize)]) -> Self {
        let summary = |v: &mut dyn Iterator<Item = usize>| {
            let (mut sum, mut min, mut min_at, mut count) = (0, usize::MAX, 0, 0);
            for x in v {
                sum += x;
                if x < min {
                    (min, min_at) = (x, count);
                }
                count += 1;
            }
            MeanMin {
                mean: sum as f64 / count.max(1) as f64,
                min: if count == 0 { 0 } else { min },
                min_at,
            }
        };
        let l = summary(&mut sizes.iter().map(|s| s.0));
        let c = summary(&mut sizes.iter().map(|s| s.1));
        TableStudy {
            topology: spec.to_string(),
            topologies: sizes.len(),
            reduction_min: 1.0 - l.min as f64 / c.min.max(1) as f64,
            reduction_mean: 1.0 - l.mean / c.mean.max(1.0),
            loren: l,
            cowen: c,
            cowen_scheme: Reading::Cowen1999.name().into(),
            cowen_alphas: alpha_grid(),
        }
    }
}

/// Most topologies one table study draws.
pub(crate) const MAX_STUDY_TOPOLOGIES: usize = 10_000;
/// Most work of one table study, topologies × switches² (each topology's LOREN and Cowen
/// tables grow as |N|²): 1,000 of LRT(1024) or 65 of LRT(4096), about 3 minutes on two cores.
pub const MAX_STUDY_WORK: usize = 1_100_000_000;

/// Run the study on `count` topologies drawn from topology streams 0, 1, … of `seed`.
pub fn table_study(
    spec: &str,
    count: usize,
    seed: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<TableStudy> {
    table_study_streamed(spec, count, seed, &mut |f, _| progress(f))
}

/// What the table study refuses before it draws a topology: the count, the size and their
/// work; the parsed topology spec.
fn check_table_study(spec: &str, count: usize) -> Result<TopologySpec> {
    if count == 0 || count > MAX_STUDY_TOPOLOGIES {
        return Err(Error::invalid(
            "count",
            format!("from 1 to {MAX_STUDY_TOPOLOGIES} topologies, not {count}"),
        ));
    }
    let parsed = TopologySpec::parse(spec).map_err(|e| e.at("topology"))?;
    let n = parsed.switch_count();
    Loren::check_size(n).map_err(|e| e.at("topology"))?;
    Cowen::check_size(n).map_err(|e| e.at("topology"))?;
    if count.saturating_mul(n * n) > MAX_STUDY_WORK {
        return Err(Error::invalid(
            "count",
            format!(
                "{count} topologies of {n} switches are above the study's limit of topologies × switches² = {MAX_STUDY_WORK}: at most {} of this size",
                MAX_STUDY_WORK / (n * n).max(1)
            ),
        ));
    }
    Ok(parsed)
}

/// `table_study`, reporting the summary so far after every topology. The topologies are
/// independent: natively they are drawn and measured on every core, with the same result as
/// one after another.
pub(crate) fn table_study_streamed(
    spec: &str,
    count: usize,
    seed: u64,
    report: crate::labs::Report<'_>,
) -> Result<TableStudy> {
    let parsed = check_table_study(spec, count)?;
    let alphas = alpha_grid();
    let indices: Vec<usize> = (0..count).collect();
    let measure = |&k: &usize| -> Result<(usize, usize)> {
        let topo = parsed.build_nth(seed, k as u32)?;
        let balls = Balls::new(&topo)?;
        let loren =
            Loren::with_distances(&topo, topo.switch_count(), balls.table())?.min_required_entries;
        let cowen = Reading::Cowen1999
            .max_entries_for(&balls, &alphas)?
            .into_iter()
            .min()
            .unwrap_or(0);
        Ok((loren, cowen))
    };
    let mut sizes = Vec::with_capacity(count);
    crate::parallel::try_map_chunked(&indices, crate::parallel::chunk_size(), measure, |k, s| {
        sizes.push(*s);
        report(
            (k + 1) as f64 / count as f64,
            Some(json(&TableStudy::of(spec, &sizes))),
        );
    })?;
    Ok(TableStudy::of(spec, &sizes))
}

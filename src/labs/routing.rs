//! The Routing lab (paper 002): an LRT (or any square-floor topology), a router of the
//! registry — LOREN with t_max, Cowen with α (`cowen`, Cowen 1999 as the paper counts it, or
//! `cowen-cluster`), shortest paths with full tables, or any other — and the metrics of §VI:
//! average path length over all pairs, table sizes, stretch, and with a traffic pattern the
//! effective bandwidth and average efficiency averaged over random patterns. Studies: the t_max
//! sweep (§VI-A, Fig. 5, LOREN beside Cowen), the table-size study (§VI-B, Fig. 6), imbalanced
//! traffic (§VI-D, Fig. 11–12) and a packet walk under any scheme. The studies' Cowen is
//! `cowen` over the α grid of `routing::alpha_grid`.

use super::{
    check_section, config, default_section, json, study_args, Lab, LabRun, StepSummary, Study, View,
};
use crate::analysis::{average_efficiency, effective_bandwidth};
use crate::graph::DistanceTable;
use crate::model::{PathSet, SwitchId, Topology};
use crate::routing::{
    alpha_grid, check_alpha, route_traffic, Balls, Cowen, CowenParam, Loren, Reading, Router,
    RouterSpec, TmaxRule,
};
use crate::topology::TopologySpec;
use crate::traffic::{self, Pattern};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub const LAB: Lab = Lab {
    name: "routing",
    title: "Routing",
    about: "LOREN vs Cowen compact routing on layout-conscious random topologies, hop by hop (paper 002)",
    default_config: default_section::<RoutingConfig>,
    check_config: check_section::<RoutingConfig>,
    run: |section, seed, _record, progress| {
        Ok(Box::new(RoutingLab::run(&config(section)?, seed, progress)?))
    },
    studies: &[
        Study {
            name: "sweep-tmax",
            title: "Average path against t_max (Fig. 5)",
            about: "LOREN's average path length for every t_max from the minimum to |N|/2, then Cowen's (paper 002 reading) largest table and average path length for every α of 0.05, 0.10, …, 0.95; one point per t_max or α",
            run: |section, seed, _args, report| {
                Ok(json(&sweep_tmax_points(&config(section)?, seed, report)?))
            },
        },
        Study {
            name: "table-study",
            title: "Table entries needed: LOREN vs Cowen (Fig. 6)",
            about: "the smallest tables of LOREN and Cowen (paper 002 reading, best α of 0.05, 0.10, …, 0.95) over `count` random topologies like this one; each point is the summary so far",
            run: |section, seed, args, report| {
                #[derive(Default, Deserialize, Serialize)]
                #[serde(default, deny_unknown_fields)]
                struct Args {
                    count: Option<usize>,
                }
                let c: RoutingConfig = config(section)?;
                let count = study_args::<Args>(args)?.count.unwrap_or(100);
                Ok(json(&table_study_streamed(&c.topology, count, seed, report)?))
            },
        },
        Study {
            name: "imbalance",
            title: "Imbalanced traffic: Γ and efficiency, LOREN vs Cowen (Fig. 11–12)",
            about: "effective bandwidth Γ and average efficiency of LOREN and Cowen (paper 002 reading) at each t_max of `tmaxes` (default: Cowen's smallest on this topology and |N|/2) under each traffic of `traffics` (default hotspot β = 0.1, 0.3, 0.5, 0.7 and local γ = 1, 2, 3), averaged over `patterns` random patterns (default: the configured count); one row per traffic and t_max",
            run: |section, seed, args, report| {
                let c: RoutingConfig = config(section)?;
                let args = study_args::<ImbalanceArgs>(args)?;
                Ok(json(&imbalance_study(&c, seed, &args, report)?))
            },
        },
        Study {
            name: "walk",
            title: "A packet's walk",
            about: "the path of a packet from `src` to `dst` under `scheme` (default: the configured one), with LOREN's decisions",
            run: |section, seed, args, report| {
                #[derive(Default, Deserialize, Serialize)]
                #[serde(default, deny_unknown_fields)]
                struct Args {
                    src: u32,
                    dst: u32,
                    scheme: Option<String>,
                }
                let mut c: RoutingConfig = config(section)?;
                let a = study_args::<Args>(args)?;
                if let Some(scheme) = a.scheme {
                    c.scheme = scheme;
                }
                let walk = route_walk(&c, seed, a.src, a.dst)?;
                report(1.0, None);
                Ok(json(&walk))
            },
        },
    ],
};

/// Configuration of the Routing lab (paper 002).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RoutingConfig {
    /// Topology spec, e.g. `lrt:64:4:2`.
    pub topology: String,
    /// A router of the registry: `loren`, `cowen`, `cowen-cluster`, `shortest`, … A parameter
    /// written in the spec (`cowen:18`, `loren:16`) wins over `tmax` and `alpha`.
    pub scheme: String,
    /// LOREN's table limit; none = |N|/2.
    pub tmax: Option<usize>,
    /// Cowen's ball exponent, 0 < α < 1 (both readings).
    pub alpha: f64,
    /// Traffic for effective bandwidth and efficiency (uniform, transpose, shuffle, reverse,
    /// hotspot:β, local:γ); none = all-pairs metrics only.
    pub traffic: Option<String>,
    /// Random patterns averaged for a random traffic.
    pub patterns: usize,
    /// Switch a packet is walked from (the step view, Fig. 4); none = no walk.
    pub source: Option<u32>,
    /// Switch the packet is walked to.
    pub destination: Option<u32>,
}

impl Default for RoutingConfig {
    fn default() -> Self {
        RoutingConfig {
            topology: "lrt:64:4:2".into(),
            scheme: "loren".into(),
            tmax: None,
            alpha: 0.5,
            traffic: None,
            patterns: 1000,
            // a walk between opposite corners, so the lab opens on something to step through
            source: Some(0),
            destination: Some(63),
        }
    }
}

impl RoutingConfig {
    /// The router spec: the scheme with LOREN's t_max or Cowen's α (unless the scheme names
    /// its own parameter).
    fn router(&self) -> Result<RouterSpec> {
        let spec = RouterSpec::parse(&self.scheme).map_err(|e| e.at("scheme"))?;
        if spec.param.is_some() {
            return Ok(spec);
        }
        let cowen = Reading::of_router(spec.name()).is_some();
        if cowen {
            // the α field is an α only (a whole number in a spec is a table limit)
            check_alpha(self.alpha)?;
        }
        let param = match spec.name() {
            "loren" => self.tmax.map(|t| t as f64),
            _ if cowen => Some(self.alpha),
            _ => None,
        };
        let field = if cowen { "alpha" } else { "tmax" };
        RouterSpec::named(spec.name(), param).map_err(|e| e.at(field))
    }

    /// The field that sets the router's parameter: `scheme` when its spec names one
    /// (`cowen:18`, `loren:16`), else `alpha` (Cowen) or `tmax` (LOREN).
    fn param_field(&self) -> &'static str {
        match RouterSpec::parse(&self.scheme) {
            Ok(spec) if spec.param.is_none() && Reading::of_router(spec.name()).is_some() => {
                "alpha"
            }
            Ok(spec) if spec.param.is_none() && spec.name() == "loren" => "tmax",
            _ => "scheme",
        }
    }

    /// The topology, parsed, checked against the router's and the distance table's limits
    /// from its switch count (and the pattern count checked), then built.
    fn topology(&self, seed: u64, routing: &RouterSpec) -> Result<Topology> {
        if self.traffic.is_some() && self.patterns > MAX_PATTERNS {
            return Err(Error::invalid(
                "patterns",
                format!(
                    "at most {MAX_PATTERNS} random patterns are averaged, not {}",
                    self.patterns
                ),
            ));
        }
        let spec = TopologySpec::parse(&self.topology).map_err(|e| e.at("topology"))?;
        if self.traffic.is_some()
            && self.patterns.saturating_mul(spec.switch_count()) > MAX_PATTERN_ROUTES
        {
            return Err(Error::invalid(
                "patterns",
                format!(
                    "{} patterns on {} switches route {} flows, above the limit of {MAX_PATTERN_ROUTES}: at most {} patterns on this network",
                    self.patterns,
                    spec.switch_count(),
                    self.patterns * spec.switch_count(),
                    MAX_PATTERN_ROUTES / spec.switch_count().max(1)
                ),
            ));
        }
        routing
            .check_switches(spec.switch_count())
            .map_err(router_error)?;
        if spec.switch_count() > MAX_ROUTING_SWITCHES {
            return Err(Error::invalid(
                "topology",
                format!(
                    "{} switches is above the limit of {MAX_ROUTING_SWITCHES}: the Routing lab follows every ordered pair of switches ({}² routes)",
                    spec.switch_count(),
                    spec.switch_count()
                ),
            ));
        }
        DistanceTable::check_size(spec.switch_count()).map_err(|e| e.at("topology"))?;
        spec.build(seed).map_err(|e| e.at("topology"))
    }
}

/// What the Routing lab computed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoutingResult {
    pub topology: String,
    pub scheme: String,
    pub seed: u64,
    pub switches: usize,
    pub links: usize,
    pub tmax: Option<usize>,
    pub alpha: Option<f64>,
    /// Mean hops over all ordered pairs that arrive.
    pub avg_path_length: f64,
    /// Mean shortest-path hops over all pairs (the reference).
    pub avg_shortest_path_length: f64,
    pub max_entries: usize,
    /// LOREN: the phase (1)+(2) table size (the smallest usable t_max).
    pub min_required_entries: Option<usize>,
    pub landmarks: Option<usize>,
    /// Ordered pairs of switches holding end nodes whose packets arrive, out of `total_pairs`.
    pub delivered_pairs: usize,
    pub total_pairs: usize,
    /// Largest path length / shortest length over all pairs.
    pub max_stretch: f64,
    pub traffic: Option<String>,
    pub patterns: Option<usize>,
    pub effective_bandwidth: Option<f64>,
    pub avg_efficiency: Option<f64>,
}

/// A router that cannot be built: about its parameter when that is what is wrong, else about
/// the scheme.
fn router_error(e: Error) -> Error {
    router_error_at(e, None)
}

/// A router's error about its parameter (`tmax`, `alpha`) at `param_field`, the field that set
/// it (`scheme` for `cowen:18`; none: where it is), any other at `scheme`.
fn router_error_at(e: Error, param_field: Option<&str>) -> Error {
    match (e.field().as_deref(), param_field) {
        (Some("tmax") | Some("alpha"), None) => e,
        (Some("tmax") | Some("alpha"), Some(field)) => e.at(field),
        _ => e.at("scheme"),
    }
}

/// Most switches the lab measures: it routes all |N|² ordered pairs (16.7 million at the limit,
/// a few seconds; 16,384 switches took over five minutes with shortest-path routing).
pub const MAX_ROUTING_SWITCHES: usize = 4096;

/// The most random patterns a random traffic is averaged over.
pub const MAX_PATTERNS: usize = 10_000;
/// Most flows routed over all patterns (patterns × switches): 2,500 patterns on 4,096
/// switches take about 20 s with LOREN and 65 s with Cowen; 10,000 on 1,024 about the same.
pub const MAX_PATTERN_ROUTES: usize = 10_240_000;

/// What the metrics and the walk both need, built once per run: the router, the network's
/// distances and, for LOREN and Cowen, their tables (which give every route length at once).
struct Prepared<'t> {
    routing: RouterSpec,
    topo: &'t Topology,
    table: DistanceTable,
    loren: Option<Loren<'t>>,
    cowen: Option<Cowen<'t>>,
}

impl<'t> Prepared<'t> {
    fn new(
        config: &RoutingConfig,
        routing: RouterSpec,
        topo: &'t Topology,
        progress: &mut dyn FnMut(f64),
    ) -> Result<Self> {
        let router_error = |e| router_error_at(e, Some(config.param_field()));
        progress(0.02);
        let table = DistanceTable::new(topo).map_err(|e| e.at("topology"))?;
        progress(0.05);
        let loren = match routing.name() {
            "loren" => Some(
                Loren::build(
                    topo,
                    lorens_tmax(&routing, topo.switch_count()),
                    &table,
                    &mut |f| progress(0.05 + 0.15 * f),
                )
                .map_err(router_error)?,
            ),
            _ => None,
        };
        let cowen = match Reading::of_router(routing.name()) {
            Some(reading) => {
                let balls = Balls::from_table(table.clone()).map_err(router_error)?;
                let param = CowenParam::of(routing.param, routing.word);
                Some(Cowen::with_balls(topo, balls.into(), reading, param).map_err(router_error)?)
            }
            None => None,
        };
        Ok(Prepared {
            routing,
            topo,
            table,
            loren,
            cowen,
        })
    }
}

/// Run the Routing lab's metrics.
pub fn run_routing(
    config: &RoutingConfig,
    seed: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<RoutingResult> {
    let routing = config.router()?;
    let topo = config.topology(seed, &routing)?;
    let prepared = Prepared::new(config, routing, &topo, progress)?;
    metrics(config, &prepared, seed, progress)
}

/// The all-pairs metrics (and, with a traffic, its effective bandwidth) of a prepared run.
fn metrics(
    config: &RoutingConfig,
    prepared: &Prepared<'_>,
    seed: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<RoutingResult> {
    let Prepared {
        routing,
        topo,
        table,
        loren,
        cowen,
    } = prepared;
    let topo = *topo;
    // LOREN's and Cowen's lengths come memoised per destination; other routers walk each pair
    let built;
    let router: &dyn Router = match (loren, cowen) {
        (Some(l), _) => l,
        (None, Some(c)) => c,
        (None, None) => {
            built = routing.build(topo).map_err(router_error)?;
            built.as_ref()
        }
    };
    let memoised = |d: usize| -> Option<Vec<Option<usize>>> {
        match (loren, cowen) {
            (Some(l), _) => Some(l.hops_to(d as u32)),
            (None, Some(c)) => Some(
                c.hops_to(d as u32)
                    .into_iter()
                    .map(|h| Some(h as usize))
                    .collect(),
            ),
            (None, None) => None,
        }
    };
    progress(0.2);
    let n = topo.switch_count();
    // The pairs measured: switches that hold end nodes (every switch of an LRT, a mesh or a
    // torus; the leaves of a fat-tree, whose inner switches neither send nor receive).
    let mut hosts = vec![false; n];
    for e in 0..topo.endpoint_count() {
        hosts[topo
            .endpoint_switch(crate::model::EndpointId::new(e))
            .index()] = true;
    }
    if !hosts.contains(&true) {
        hosts.fill(true);
    }
    let host_count = hosts.iter().filter(|&&h| h).count();
    let (mut delivered, mut hops_sum, mut shortest_sum, mut max_stretch) =
        (0usize, 0usize, 0usize, 0.0f64);
    for d in (0..n).filter(|&d| hosts[d]) {
        let memo = memoised(d);
        for s in (0..n).filter(|&s| s != d && hosts[s]) {
            // where the pair's packets enter and leave (a dual-plane network picks the plane;
            // ties alternate with the source)
            let (a, b) = router.entry(SwitchId::new(s), SwitchId::new(d), s % 2 == 1);
            let shortest = table.distance(a.index(), b.index());
            let hops = match &memo {
                Some(h) => h[s],
                None => router.path(a, b).ok().map(|p| p.hops()),
            };
            if let Some(h) = hops {
                delivered += 1;
                hops_sum += h;
                shortest_sum += shortest as usize;
                max_stretch = max_stretch.max(h as f64 / f64::from(shortest.max(1)));
            }
        }
        if d % 64 == 0 {
            progress(0.2 + 0.5 * d as f64 / n as f64);
        }
    }
    let (effective, efficiency) = match &config.traffic {
        Some(name) => {
            let m = traffic_metrics(router, name, config.patterns, seed, &mut |f| {
                progress(0.7 + 0.3 * f)
            })?;
            (Some(m.effective_bandwidth), Some(m.avg_efficiency))
        }
        None => (None, None),
    };
    progress(1.0);
    let tables = router.tables();
    let total = host_count * host_count.saturating_sub(1);
    Ok(RoutingResult {
        topology: config.topology.clone(),
        scheme: routing.name().to_string(),
        seed,
        switches: n,
        links: topo.link_count(),
        tmax: (routing.name() == "loren").then(|| lorens_tmax(routing, n)),
        alpha: cowen.as_ref().map(|c| c.alpha),
        avg_path_length: if delivered == 0 {
            0.0
        } else {
            hops_sum as f64 / delivered as f64
        },
        avg_shortest_path_length: if delivered == 0 {
            0.0
        } else {
            shortest_sum as f64 / delivered as f64
        },
        max_entries: tables.max_entries,
        min_required_entries: tables.min_required_entries,
        landmarks: tables.landmarks,
        delivered_pairs: delivered,
        total_pairs: total,
        max_stretch,
        traffic: config.traffic.clone(),
        patterns: config.traffic.as_ref().map(|_| config.patterns),
        effective_bandwidth: effective,
        avg_efficiency: efficiency,
    })
}

/// LOREN's table limit in a router spec (none: |N|/2).
fn lorens_tmax(routing: &RouterSpec, n: usize) -> usize {
    routing.param.map_or(n / 2, |t| t as usize)
}

/// Γ and the average efficiency of one traffic, averaged over its random patterns.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TrafficMetrics {
    /// Γ (paper 002 §VI-D2), per directed channel.
    pub effective_bandwidth: f64,
    /// Mean of 1/hops over the traffic's paths (§VI-D3).
    pub avg_efficiency: f64,
}

/// Route `patterns` draws of the traffic `name` (one for a deterministic pattern), drawn from
/// the traffic streams 0, 1, … of `seed`, and average Γ and the efficiency.
fn traffic_metrics(
    router: &dyn Router,
    name: &str,
    patterns: usize,
    seed: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<TrafficMetrics> {
    let topo = router.topology();
    let pattern = Pattern::parse(name).map_err(|e| e.at("traffic"))?;
    let runs = if pattern.is_random() {
        patterns.max(1)
    } else {
        1
    };
    let (mut gamma, mut eff) = (0.0, 0.0);
    for k in 0..runs {
        let traffic = traffic::generate_nth(pattern, topo, seed, k as u32, name)
            .map_err(|e| e.at("traffic"))?;
        let paths: PathSet = route_traffic(router, topo, &traffic)?;
        gamma += effective_bandwidth(topo, &paths);
        eff += average_efficiency(&paths);
        if k % 50 == 0 {
            progress(k as f64 / runs as f64);
        }
    }
    Ok(TrafficMetrics {
        effective_bandwidth: gamma / runs as f64,
        avg_efficiency: eff / runs as f64,
    })
}

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
pub fn sweep_tmax_points(
    config: &RoutingConfig,
    seed: u64,
    report: super::Report<'_>,
) -> Result<Vec<TmaxPoint>> {
    let topo = config.topology(seed, &RouterSpec::named("loren", None)?)?;
    Cowen::check_size(topo.switch_count()).map_err(|e| e.at("topology"))?;
    let n = topo.switch_count();
    let balls = std::sync::Arc::new(Balls::new(&topo).map_err(|e| e.at("topology"))?);
    let table = balls.table();
    let minimum = Loren::with_distances(&topo, n, table)
        .map_err(router_error)?
        .min_required_entries;
    enum Point {
        Loren(usize),
        Cowen(f64),
    }
    let points: Vec<Point> = (minimum..=(n / 2).max(minimum))
        .map(Point::Loren)
        .chain(alpha_grid().into_iter().map(Point::Cowen))
        .collect();
    let average = |hops: &mut dyn Iterator<Item = usize>| {
        let (mut sum, mut count) = (0usize, 0usize);
        for h in hops.filter(|&h| h > 0) {
            sum += h;
            count += 1;
        }
        sum as f64 / count.max(1) as f64
    };
    // every point is an independent run: natively on every core, a chunk at a time, streamed
    // in order (the same points as one after another)
    let measure = |point: &Point| -> Result<TmaxPoint> {
        Ok(match *point {
            Point::Loren(tmax) => {
                let l = Loren::with_distances(&topo, tmax, table)?;
                TmaxPoint {
                    scheme: "loren".into(),
                    tmax,
                    alpha: None,
                    avg_path_length: average(
                        &mut (0..n as u32).flat_map(|d| l.hops_to(d).into_iter().flatten()),
                    ),
                }
            }
            Point::Cowen(alpha) => {
                let c = Cowen::with_balls(
                    &topo,
                    balls.clone(),
                    Reading::Cowen1999,
                    CowenParam::Alpha(alpha),
                )?;
                TmaxPoint {
                    scheme: "cowen".into(),
                    tmax: c.max_entries(),
                    alpha: Some(alpha),
                    avg_path_length: average(
                        &mut (0..n as u32)
                            .flat_map(|d| c.hops_to(d).into_iter().map(|h| h as usize)),
                    ),
                }
            }
        })
    };
    crate::parallel::try_map_chunked(&points, crate::parallel::threads(), measure, |i, point| {
        report((i + 1) as f64 / points.len() as f64, Some(json(point)));
    })
}

/// The traffics of the imbalance study by default (paper 002 §VI-D; the figures' β and γ are
/// not in the text, 0.7 is named).
pub const IMBALANCED_TRAFFICS: &[&str] = &[
    "hotspot:0.1",
    "hotspot:0.3",
    "hotspot:0.5",
    "hotspot:0.7",
    "local:1",
    "local:2",
    "local:3",
];

/// Most rows (traffics × t_max values) of one imbalance study.
pub const MAX_IMBALANCE_ROWS: usize = 64;

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

/// Γ and the average efficiency of LOREN and of Cowen at t_max T (the α of the grid that
/// `args.cowen_rule` picks within T), under the same `patterns` draws of each traffic, and both
/// schemes' average path length at each T.
/// Rows (traffic, t_max) are independent: natively they run on every core, streamed in order
/// with the same numbers as one after another.
pub fn imbalance_study(
    config: &RoutingConfig,
    seed: u64,
    args: &ImbalanceArgs,
    report: super::Report<'_>,
) -> Result<ImbalanceStudy> {
    let patterns = args.patterns.unwrap_or(config.patterns);
    let rule = match &args.cowen_rule {
        Some(word) => TmaxRule::parse(word, "cowen_rule")?,
        None => TmaxRule::DEFAULT,
    };
    let traffics: Vec<String> = match &args.traffics {
        Some(t) => t.clone(),
        None => IMBALANCED_TRAFFICS.iter().map(|t| t.to_string()).collect(),
    };
    for name in &traffics {
        Pattern::parse(name).map_err(|e| e.at("traffics"))?;
    }
    let checked = RoutingConfig {
        traffic: traffics.first().cloned(),
        patterns,
        ..config.clone()
    };
    let topo = checked.topology(seed, &RouterSpec::named("loren", None)?)?;
    Cowen::check_size(topo.switch_count()).map_err(|e| e.at("topology"))?;
    let n = topo.switch_count();
    let balls = std::sync::Arc::new(Balls::new(&topo).map_err(|e| e.at("topology"))?);
    let tmaxes: Vec<usize> = match &args.tmaxes {
        Some(t) => t.clone(),
        None => {
            let smallest = Reading::Cowen1999
                .max_entries_for(&balls, &alpha_grid())?
                .into_iter()
                .min()
                .unwrap_or(0);
            let mut t = vec![smallest, n / 2];
            t.dedup();
            t
        }
    };
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
    let routers = tmaxes
        .iter()
        .map(|&t| -> Result<(Loren<'_>, Cowen<'_>)> {
            let loren =
                Loren::with_distances(&topo, t, balls.table()).map_err(|e| e.at("tmaxes"))?;
            let cowen = Cowen::with_balls(
                &topo,
                balls.clone(),
                Reading::Cowen1999,
                CowenParam::TableLimit(t, rule),
            )
            .map_err(|e| e.at("tmaxes"))?;
            Ok((loren, cowen))
        })
        .collect::<Result<Vec<_>>>()?;
    let cells: Vec<(usize, usize)> = (0..traffics.len())
        .flat_map(|p| (0..tmaxes.len()).map(move |t| (p, t)))
        .collect();
    let measure = |&(p, t): &(usize, usize)| -> Result<ImbalanceRow> {
        let (loren, cowen) = &routers[t];
        let traffic = &traffics[p];
        let l = traffic_metrics(loren, traffic, patterns, seed, &mut |_| {})?;
        let c = traffic_metrics(cowen, traffic, patterns, seed, &mut |_| {})?;
        Ok(ImbalanceRow {
            traffic: traffic.clone(),
            tmax: tmaxes[t],
            cowen_alpha: cowen.alpha,
            cowen_max_entries: cowen.max_entries(),
            bandwidth_gain: l.effective_bandwidth / c.effective_bandwidth - 1.0,
            efficiency_gain: l.avg_efficiency / c.avg_efficiency - 1.0,
            loren: l,
            cowen: c,
        })
    };
    let rows =
        crate::parallel::try_map_chunked(&cells, crate::parallel::threads(), measure, |i, row| {
            report((i + 1) as f64 / cells.len() as f64, Some(json(row)));
        })?;
    let paths = tmaxes
        .iter()
        .zip(&routers)
        .map(|(&tmax, (loren, cowen))| {
            let mean = |hops: &mut dyn FnMut(u32) -> Vec<usize>| {
                let total: usize = (0..n as u32).map(|d| hops(d).iter().sum::<usize>()).sum();
                total as f64 / (n * n.saturating_sub(1)).max(1) as f64
            };
            let l = mean(&mut |d| {
                loren
                    .hops_to(d)
                    .into_iter()
                    .map(|h| h.unwrap_or(0))
                    .collect()
            });
            let c = mean(&mut |d| cowen.hops_to(d).into_iter().map(|h| h as usize).collect());
            ImbalancePaths {
                tmax,
                cowen_alpha: cowen.alpha,
                cowen_max_entries: cowen.max_entries(),
                loren_avg_path_length: l,
                cowen_avg_path_length: c,
                path_gain: l / c - 1.0,
            }
        })
        .collect();
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
pub const MAX_STUDY_TOPOLOGIES: usize = 10_000;
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

/// `table_study`, reporting the summary so far after every topology. The topologies are
/// independent: natively they are drawn and measured on every core, with the same result as
/// one after another.
pub fn table_study_streamed(
    spec: &str,
    count: usize,
    seed: u64,
    report: super::Report<'_>,
) -> Result<TableStudy> {
    if count == 0 || count > MAX_STUDY_TOPOLOGIES {
        return Err(Error::invalid(
            "topologies",
            format!("from 1 to {MAX_STUDY_TOPOLOGIES} topologies, not {count}"),
        ));
    }
    let parsed = TopologySpec::parse(spec).map_err(|e| e.at("topology"))?;
    let n = parsed.switch_count();
    Loren::check_size(n).map_err(|e| e.at("topology"))?;
    Cowen::check_size(n).map_err(|e| e.at("topology"))?;
    if count.saturating_mul(n * n) > MAX_STUDY_WORK {
        return Err(Error::invalid(
            "topologies",
            format!(
                "{count} topologies of {n} switches are above the study's limit of topologies × switches² = {MAX_STUDY_WORK}: at most {} of this size",
                MAX_STUDY_WORK / (n * n).max(1)
            ),
        ));
    }
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

/// One forwarding step of a LOREN walk: the switch's table and why it chose its entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WalkHop {
    pub at: u32,
    pub table: Vec<crate::routing::Entry>,
    /// Manhattan distance of each entry's destination to the packet's destination.
    pub distances: Vec<u32>,
    pub chosen: usize,
    /// Entries as close as the chosen one, passed over by table order.
    pub tied: Vec<usize>,
    pub next: u32,
}

/// A packet's walk from `src` to `dst` under the scheme, with the shortest path beside it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RouteWalk {
    pub scheme: String,
    pub src: u32,
    pub dst: u32,
    pub path: Vec<u32>,
    pub shortest_path: Vec<u32>,
    /// LOREN only: every forwarding decision.
    pub hops: Vec<WalkHop>,
}

/// Walk a packet from switch `src` to switch `dst` (paper 002 Fig. 4's step view).
pub fn route_walk(config: &RoutingConfig, seed: u64, src: u32, dst: u32) -> Result<RouteWalk> {
    let routing = config.router()?;
    let topo = config.topology(seed, &routing)?;
    walk(
        &Prepared::new(config, routing, &topo, &mut |_| {})?,
        src,
        dst,
    )
}

/// The walk from `src` to `dst` on a prepared run (LOREN's decisions from its tables).
fn walk(prepared: &Prepared<'_>, src: u32, dst: u32) -> Result<RouteWalk> {
    let Prepared {
        routing,
        topo,
        table,
        loren,
        cowen,
    } = prepared;
    let topo = *topo;
    let n = topo.switch_count() as u32;
    if src >= n || dst >= n {
        let field = if src >= n { "source" } else { "destination" };
        return Err(
            Error::invalid("switch", format!("switches are numbered 0–{} here", n - 1)).at(field),
        );
    }
    let ids = |p: &crate::model::Path| p.switches.iter().map(|s| s.0).collect::<Vec<_>>();
    let shortest_path = ids(&table.path(topo, SwitchId(src), SwitchId(dst), "shortest")?);
    let (path, hops) = if let Some(l) = loren {
        let (path, decisions) = l.route(SwitchId(src), SwitchId(dst))?;
        let hops = decisions
            .into_iter()
            .map(|d| {
                let table = l.tables[d.at as usize].clone();
                WalkHop {
                    at: d.at,
                    next: table[d.chosen].next,
                    table,
                    distances: d.distances,
                    chosen: d.chosen,
                    tied: d.tied,
                }
            })
            .collect();
        (ids(&path), hops)
    } else if let Some(c) = cowen {
        (ids(&c.path(SwitchId(src), SwitchId(dst))?), Vec::new())
    } else {
        let router = routing.build(topo).map_err(router_error)?;
        (ids(&router.path(SwitchId(src), SwitchId(dst))?), Vec::new())
    };
    Ok(RouteWalk {
        scheme: routing.name().to_string(),
        src,
        dst,
        path,
        shortest_path,
        hops,
    })
}

/// A run of the Routing lab: metrics, the topology, and the packet walk when the Scenario names
/// a source and a destination (its decisions are the lab's steps).
#[derive(Debug, Clone)]
pub struct RoutingLab {
    pub result: RoutingResult,
    pub topology: Topology,
    pub walk: Option<RouteWalk>,
}

impl RoutingLab {
    /// Run the metrics, and the walk if asked for.
    pub fn run(config: &RoutingConfig, seed: u64, progress: &mut dyn FnMut(f64)) -> Result<Self> {
        // one network, one distance table and one set of LOREN tables for metrics and walk
        let routing = config.router()?;
        let topology = config.topology(seed, &routing)?;
        let prepared = Prepared::new(config, routing, &topology, progress)?;
        let result = metrics(config, &prepared, seed, progress)?;
        let walk = match (config.source, config.destination) {
            (Some(s), Some(d)) if s != d => Some(walk(&prepared, s, d)?),
            (Some(_), Some(_)) => {
                return Err(Error::invalid(
                    "destination",
                    "source and destination are the same switch",
                ))
            }
            _ => None,
        };
        Ok(RoutingLab {
            result,
            topology,
            walk,
        })
    }

    /// One step per hop of the walk: for LOREN the entry chosen and why.
    pub fn steps(&self) -> Vec<StepSummary> {
        let Some(walk) = &self.walk else {
            return Vec::new();
        };
        walk.path
            .windows(2)
            .enumerate()
            .map(|(i, w)| {
                let (at, next) = (w[0], w[1]);
                let metrics = vec![("hop".to_string(), (i + 1) as f64), ("shortest hops".to_string(), (walk.shortest_path.len() - 1) as f64)];
                match walk.hops.get(i) {
                    Some(h) => {
                        let e = h.table[h.chosen];
                        let ties: Vec<String> = h.tied.iter().map(|&t| format!("⟨{},{}⟩", h.table[t].dst, h.table[t].next)).collect();
                        let tie_note = if ties.is_empty() {
                            String::new()
                        } else {
                            format!("; {} {} as near, and the first in table order wins", ties.join(", "), if ties.len() == 1 { "is" } else { "are" })
                        };
                        StepSummary {
                            title: format!("At {at}: entry ⟨{},{}⟩ → {next}", e.dst, e.next),
                            explanation: format!(
                                "The packet is for switch {dst}. Of the {} entries of switch {at}'s table, the one whose destination is nearest (Manhattan) to {dst} is ⟨{},{}⟩, at distance {}{tie_note}. It is forwarded to switch {next}.",
                                h.table.len(),
                                e.dst,
                                e.next,
                                h.distances[h.chosen],
                                dst = walk.dst
                            ),
                            metrics,
                        }
                    }
                    None => StepSummary {
                        title: format!("At {at}: → {next}"),
                        explanation: format!("{} routing forwards the packet for switch {} from switch {at} to switch {next}.", walk.scheme, walk.dst),
                        metrics,
                    },
                }
            })
            .collect()
    }

    /// The floor with the walk so far: earlier hops marked as the path, the current hop as the step.
    pub fn figure(&self, step: Option<usize>) -> Result<crate::render::Figure> {
        let values = vec![0; self.topology.channel_count()];
        let mut state = crate::render::FigureState {
            channel_values: &values,
            ..Default::default()
        };
        let mut caption = format!("{} · {}", self.result.topology, self.result.scheme);
        if let Some(walk) = &self.walk {
            let hops = walk.path.len() - 1;
            let shown = step.map_or(hops, |s| (s + 1).min(hops));
            let channel = |i: usize| {
                self.topology
                    .channel_between(SwitchId(walk.path[i]), SwitchId(walk.path[i + 1]))
            };
            state.on_path = (0..shown.saturating_sub(1)).filter_map(channel).collect();
            state.step_channels = channel(shown - 1).into_iter().collect();
            state.step_switches = vec![SwitchId(walk.path[shown]), SwitchId(walk.dst)];
            caption += &format!(
                " · {} → {}: {} hops (shortest {})",
                walk.src,
                walk.dst,
                hops,
                walk.shortest_path.len() - 1
            );
        }
        state.caption = caption;
        Ok(crate::render::figure(
            &self.topology,
            &crate::layout::layout(&self.topology),
            &state,
        ))
    }
}

impl LabRun for RoutingLab {
    fn result(&self) -> Value {
        json(&self.result)
    }
    fn steps(&self) -> Vec<StepSummary> {
        self.steps()
    }
    fn figure(&self, view: &View) -> Result<crate::render::Figure> {
        self.figure(view.step_index())
    }
    fn topology(&self) -> &Topology {
        &self.topology
    }
}

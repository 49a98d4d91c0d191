//! The Routing lab (paper 002): an LRT (or any square-floor topology), a router of the
//! registry — LOREN with t_max, Cowen with α, shortest paths with full tables, or any other —
//! and the metrics of §VI: average path length over all pairs, table sizes, stretch, and with a
//! traffic pattern the effective bandwidth and average efficiency averaged over random
//! patterns. Studies: the t_max sweep (Fig. 5), the table-size study (§VI-B, Fig. 6) and a
//! packet walk under any scheme.

use super::{
    check_section, config, default_section, json, study_args, Lab, LabRun, StepSummary, Study, View,
};
use crate::analysis::{average_efficiency, effective_bandwidth};
use crate::graph::DistanceTable;
use crate::model::{PathSet, SwitchId, Topology};
use crate::routing::{route_traffic, Cowen, Loren, Router, RouterSpec};
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
            about: "LOREN's average path length for every t_max from the minimum to |N|/2; one point per t_max",
            run: |section, seed, _args, report| {
                Ok(json(&sweep_tmax_points(&config(section)?, seed, report)?))
            },
        },
        Study {
            name: "table-study",
            title: "Table entries needed: LOREN vs Cowen (Fig. 6)",
            about: "the smallest tables of LOREN and Cowen over `count` random topologies like this one; each point is the summary so far",
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
    /// A router of the registry: `loren`, `cowen`, `shortest`, …
    pub scheme: String,
    /// LOREN's table limit; none = |N|/2.
    pub tmax: Option<usize>,
    /// Cowen's ball exponent, 0 < α < 1.
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
    /// The router spec: the scheme with LOREN's t_max or Cowen's α.
    fn router(&self) -> Result<RouterSpec> {
        let spec = RouterSpec::parse(&self.scheme).map_err(|e| e.at("scheme"))?;
        let param = match spec.name() {
            "loren" => self.tmax.map(|t| t as f64),
            "cowen" => Some(self.alpha),
            _ => None,
        };
        let field = if spec.name() == "cowen" {
            "alpha"
        } else {
            "tmax"
        };
        RouterSpec::named(spec.name(), param).map_err(|e| e.at(field))
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
    match e.field().as_deref() {
        Some("tmax") | Some("alpha") => e,
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
/// distances and, for LOREN, its tables (which give every route length at once).
struct Prepared<'t> {
    routing: RouterSpec,
    topo: &'t Topology,
    table: DistanceTable,
    loren: Option<Loren<'t>>,
}

impl<'t> Prepared<'t> {
    fn new(
        config: &RoutingConfig,
        routing: RouterSpec,
        topo: &'t Topology,
        progress: &mut dyn FnMut(f64),
    ) -> Result<Self> {
        progress(0.02);
        let table = DistanceTable::new(topo).map_err(|e| e.at("topology"))?;
        progress(0.05);
        let loren = match routing.name() {
            "loren" => Some(
                Loren::build(
                    topo,
                    config.tmax.unwrap_or(topo.switch_count() / 2),
                    &table,
                    &mut |f| progress(0.05 + 0.15 * f),
                )
                .map_err(router_error)?,
            ),
            _ => None,
        };
        Ok(Prepared {
            routing,
            topo,
            table,
            loren,
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
    } = prepared;
    let topo = *topo;
    // LOREN's lengths come memoised per destination; every other router walks each pair
    let built;
    let router: &dyn Router = match loren {
        Some(l) => l,
        None => {
            built = routing.build(topo).map_err(router_error)?;
            built.as_ref()
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
        let loren_hops = loren.as_ref().map(|l| l.hops_to(d as u32));
        for s in (0..n).filter(|&s| s != d && hosts[s]) {
            let shortest = table.distance(s, d);
            let hops = match &loren_hops {
                Some(h) => h[s],
                None => router
                    .path(SwitchId::new(s), SwitchId::new(d))
                    .ok()
                    .map(|p| p.hops()),
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
            let pattern = Pattern::parse(name).map_err(|e| e.at("traffic"))?;
            let runs = if pattern.is_random() {
                config.patterns.max(1)
            } else {
                1
            };
            let (mut gamma, mut eff) = (0.0, 0.0);
            for k in 0..runs {
                let traffic = traffic::generate_nth(pattern, &topo, seed, k as u32, name)
                    .map_err(|e| e.at("traffic"))?;
                let paths: PathSet = route_traffic(router, &topo, &traffic)?;
                gamma += effective_bandwidth(&topo, &paths);
                eff += average_efficiency(&paths);
                if k % 50 == 0 {
                    progress(0.7 + 0.3 * k as f64 / runs as f64);
                }
            }
            (Some(gamma / runs as f64), Some(eff / runs as f64))
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
        tmax: (routing.name() == "loren").then(|| config.tmax.unwrap_or(n / 2)),
        alpha: (routing.name() == "cowen").then_some(config.alpha),
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

/// One point of the Fig. 5 series.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TmaxPoint {
    pub tmax: usize,
    pub avg_path_length: f64,
}

/// Fig. 5 for LOREN: average path length for every t_max from the minimum to |N|/2.
pub fn sweep_tmax(config: &RoutingConfig, seed: u64) -> Result<Vec<TmaxPoint>> {
    sweep_tmax_points(config, seed, &mut |_, _| {})
}

/// `sweep_tmax`, reporting each point as it is computed.
pub fn sweep_tmax_points(
    config: &RoutingConfig,
    seed: u64,
    report: super::Report<'_>,
) -> Result<Vec<TmaxPoint>> {
    let topo = config.topology(seed, &RouterSpec::named("loren", None)?)?;
    let n = topo.switch_count();
    let table = DistanceTable::new(&topo).map_err(|e| e.at("topology"))?;
    let minimum = Loren::with_distances(&topo, n, &table)
        .map_err(router_error)?
        .min_required_entries;
    let tmaxes: Vec<usize> = (minimum..=(n / 2).max(minimum)).collect();
    // every t_max is an independent run: natively on every core, a chunk at a time, streamed
    // in t_max order (the same points as one after another)
    let measure = |&tmax: &usize| -> Result<TmaxPoint> {
        let l = Loren::with_distances(&topo, tmax, &table)?;
        let (mut sum, mut count) = (0usize, 0usize);
        for d in 0..n as u32 {
            for h in l.hops_to(d).into_iter().flatten().filter(|&h| h > 0) {
                sum += h;
                count += 1;
            }
        }
        Ok(TmaxPoint {
            tmax,
            avg_path_length: sum as f64 / count.max(1) as f64,
        })
    };
    crate::parallel::try_map_chunked(&tmaxes, crate::parallel::threads(), measure, |i, point| {
        report((i + 1) as f64 / tmaxes.len() as f64, Some(json(point)));
    })
}

/// Mean and minimum of a sample.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeanMin {
    pub mean: f64,
    pub min: usize,
}

/// §VI-B (Fig. 6): minimum required table entries over many random topologies — LOREN's phase
/// (1)+(2) tables, and Cowen's smallest largest table over α ∈ {0.05, 0.10, …, 0.95}.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableStudy {
    pub topology: String,
    pub topologies: usize,
    pub loren: MeanMin,
    pub cowen: MeanMin,
    /// 1 − LOREN/Cowen for the minimum and the mean (the paper's "reduction").
    pub reduction_min: f64,
    pub reduction_mean: f64,
}

impl TableStudy {
    /// The summary of per-topology minimum tables (LOREN, Cowen).
    fn of(spec: &str, sizes: &[(usize, usize)]) -> Self {
        let summary = |v: &mut dyn Iterator<Item = usize>| {
            let (mut sum, mut min, mut count) = (0, usize::MAX, 0);
            for x in v {
                sum += x;
                min = min.min(x);
                count += 1;
            }
            MeanMin {
                mean: sum as f64 / count.max(1) as f64,
                min: if count == 0 { 0 } else { min },
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
    if count.saturating_mul(n * n) > MAX_STUDY_WORK {
        return Err(Error::invalid(
            "topologies",
            format!(
                "{count} topologies of {n} switches are above the study's limit of topologies × switches² = {MAX_STUDY_WORK}: at most {} of this size",
                MAX_STUDY_WORK / (n * n).max(1)
            ),
        ));
    }
    let alphas: Vec<f64> = (1..20).map(|i| f64::from(i) * 0.05).collect();
    let indices: Vec<usize> = (0..count).collect();
    let measure = |&k: &usize| -> Result<(usize, usize)> {
        let topo = parsed.build_nth(seed, k as u32)?;
        let loren = Loren::new(&topo, topo.switch_count())?.min_required_entries;
        let cowen = Cowen::max_entries_for(&topo, &alphas)?
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

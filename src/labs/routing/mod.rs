//! The Routing lab (paper 002): an LRT (or any square-floor topology), a router of the
//! registry — LOREN with t_max, Cowen with α (`cowen`, Cowen 1999 as the paper counts it, or
//! `cowen-cluster`), shortest paths with full tables, or any other — and the metrics of §VI:
//! average path length over all pairs, table sizes, stretch, and with a traffic pattern the
//! effective bandwidth and average efficiency averaged over random patterns (measured by
//! `analysis::routes`), and a packet's walk hop by hop as the steps (`routing::walk`). Its own
//! study is a packet's walk under any scheme; the t_max sweep (§VI-A, Fig. 5), the table-size
//! study (§VI-B, Fig. 6) and imbalanced traffic (§VI-D, Fig. 11–12) are in `papers::p002`.

pub use crate::routing::walk::{RouteWalk, WalkHop};

use super::{
    check_section, config, default_section, json, study_args, Lab, LabRun, StepSummary, Study, View,
};
use super::{Choice, Field, FieldKind};
pub use crate::analysis::routes::TrafficMetrics;
use crate::analysis::routes::{pair_stats, traffic_metrics};
use crate::graph::DistanceTable;
use crate::model::{SwitchId, Topology};
use crate::routing::walk::Walker;
use crate::routing::{check_alpha, Balls, Cowen, CowenParam, Loren, Reading, Router, RouterSpec};
use crate::topology::TopologySpec;
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The walk study's arguments.
#[derive(Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
struct WalkArgs {
    src: u32,
    dst: u32,
    scheme: Option<String>,
}

/// A walk's configuration (its scheme the argument's, when given) and arguments.
fn walk_request(section: &Value, args: &Value) -> Result<(RoutingConfig, WalkArgs)> {
    let mut c: RoutingConfig = config(section)?;
    let a = study_args::<WalkArgs>(args)?;
    if let Some(scheme) = &a.scheme {
        c.scheme = scheme.clone();
    }
    Ok((c, a))
}

pub const LAB: Lab = Lab {
    name: "routing",
    title: "Routing",
    about: "LOREN vs Cowen compact routing on layout-conscious random topologies, hop by hop (paper 002)",
    default_config: default_section::<RoutingConfig>,
    check_config: check_section::<RoutingConfig>,
    run: |section, seed, _record, progress| {
        Ok(Box::new(RoutingLab::run(&config(section)?, seed, progress)?))
    },
    precheck: |section, seed| precheck(&config(section)?, seed),
    studies: &[
        Study {
            name: "walk",
            title: "A packet's walk",
            about: "the path of a packet from `src` to `dst` under `scheme` (default: the configured one), with LOREN's decisions",
            args: crate::labs::NO_ARGS,
            run: |section, seed, args, report| {
                let (c, a) = walk_request(section, args)?;
                let walk = route_walk(&c, seed, a.src, a.dst)?;
                report(1.0, None);
                Ok(json(&walk))
            },
            precheck: |section, seed, args| {
                let (c, a) = walk_request(section, args)?;
                let topo = c.topology(seed, &c.router()?)?;
                let (src, dst) = c.walk_ends(&topo, a.src, a.dst);
                check_walk_ends(&topo, src, dst)
            },
        },
    ],
    presets,
    limits: super::no_limits,
    choices,
    fields,
    types: super::types::<RoutingConfig, RoutingResult>(),
};

/// The schemes the lab compares (paper 002) first, then every other router of the registry
/// (DOR, up/down, …: the walk and the metrics of any router, as docs/labs/routing.md says; one
/// that does not fit the network is refused by the run's checks with its reason), each with the
/// registry's definition.
fn choices() -> Vec<Choice> {
    let about = |name: &str| -> &'static str {
        crate::routing::ROUTERS
            .iter()
            .find(|r| r.name == name)
            .map_or("", |r| r.definition)
    };
    let mut options = vec![
        ("loren", "LOREN", about("loren")),
        ("cowen", "Cowen 1999 (paper 002)", about("cowen")),
        (
            "cowen-cluster",
            "Cowen, cluster reading",
            about("cowen-cluster"),
        ),
        ("shortest", "Shortest path", about("shortest")),
    ];
    for router in crate::routing::ROUTERS {
        if !options.iter().any(|(name, ..)| *name == router.name) {
            options.push((router.name, router.name, router.definition));
        }
    }
    vec![Choice::named(
        "scheme",
        "Which routing forwards the packets",
        &options,
    )]
}

/// The Routing lab's form: the network, the scheme and its parameter, the packet walked, and
/// the traffic whose effective bandwidth is measured (no control of the page's yet).
fn fields() -> Vec<Field> {
    let switch = |path, label| {
        Field::whole(path, label, 0)
            .hint("a switch number, or empty")
            .empty("none")
    };
    vec![
        Field::spec("topology", "Topology")
            .reads(super::Reads::Network)
            .help("lrt:N:d:r — N = n² switches on an n×n floor, degree d, links at most r long (seeded); lrt:fig4 is the paper's Fig. 4 network.")
            .hint("write lrt:N:d:r (e.g. lrt:64:4:2) or lrt:fig4")
            .examples(&["lrt:fig4", "lrt:64:4:2", "lrt:256:4:4", "lrt:1024:4:8"]),
        Field::choice("scheme", "Scheme"),
        Field::whole("tmax", "t<sub>max</sub> (LOREN table limit)", 1)
            .glossary("t_max")
            .help("Empty: |N|/2. The slider runs from the entries LOREN needs to |N|.")
            .hint("a whole number of table entries, or empty for |N|/2")
            .empty("|N|/2"),
        Field::number("alpha", "α (Cowen)").hint("a number between 0 and 1, e.g. 0.5"),
        switch("source", "Source"),
        switch("destination", "Destination"),
        Field::seed("Seeds the random topology: same seed, same network")
            .help("Source and destination: or click two switches in the figure, first the source."),
        Field::new("traffic", "Traffic", FieldKind::Text { required: false })
            .reads(super::Reads::Traffic)
            .help("For the effective bandwidth and the average efficiency of the routes (a random traffic averaged over its patterns). Empty: the all-pairs metrics only.")
            .hint("a traffic pattern, e.g. uniform or hotspot:0.2, or empty for none")
            .empty("none"),
        Field::whole("patterns", "Random patterns", 1)
            .help_text(format!(
                "How many patterns a random traffic is averaged over (at most {MAX_PATTERNS})."
            ))
            .hint("a whole number of patterns, at least 1"),
    ]
}

/// The Routing lab's presets.
fn presets() -> Vec<crate::labs::Preset> {
    vec![crate::labs::Preset {
        id: "rt-preset-fig4",
        label: "Fig. 4 example (15 → 5, t<sub>max</sub> = 7)",
        about: "Preset: the paper's Fig. 4 example, LOREN with t_max 7, from switch 15 to switch 5",
        seed: Some(1),
        section: super::preset_section(
            r#"{ "topology": "lrt:fig4", "scheme": "loren", "tmax": 7, "source": 15, "destination": 5 }"#,
        ),
    }]
}

/// Configuration of the Routing lab (paper 002).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
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

impl RoutingConfig {
    /// A walk asked of the lab's `walk` study (`src` → `dst`): the lab's own walk (its
    /// section's pair) as the run walks it, the default pair adapted to the network
    /// (`walk_pair`), so the page's paths of the schemes are the run's walk; any other pair as
    /// asked.
    pub fn walk_ends(&self, topo: &Topology, src: u32, dst: u32) -> (u32, u32) {
        let own = (Some(src), Some(dst)) == (self.source, self.destination);
        match self.walk_pair(topo) {
            (Some(s), Some(d)) if own => (s, d),
            _ => (src, dst),
        }
    }

    /// The walk's switches: as set, or — the default walk (0 → 63, opposite corners of the
    /// default 8×8 floor) on a network of fewer switches, or where an end of it has no end
    /// nodes (a fat-tree's top, which up/down routes do not start from) — its first and last
    /// switch with end nodes: a default adapts to the network, so that no one is asked to fix
    /// a field they did not set.
    pub fn walk_pair(&self, topo: &Topology) -> (Option<u32>, Option<u32>) {
        let default = Self::default();
        let set = (self.source, self.destination);
        if set != (default.source, default.destination) {
            return set;
        }
        let switches = topo.switch_count();
        let mut hosts = vec![false; switches];
        for e in 0..topo.endpoint_count() {
            hosts[topo
                .endpoint_switch(crate::model::EndpointId::new(e))
                .index()] = true;
        }
        let fits = |s: Option<u32>| s.is_some_and(|s| hosts.get(s as usize) == Some(&true));
        if fits(set.0) && fits(set.1) {
            return set;
        }
        let first = hosts.iter().position(|&h| h).unwrap_or(0);
        let last = hosts
            .iter()
            .rposition(|&h| h)
            .unwrap_or(switches.saturating_sub(1));
        (Some(first as u32), Some(last as u32))
    }
}

impl Default for RoutingConfig {
    fn default() -> Self {
        RoutingConfig {
            topology: "lrt:64:4:2".into(),
            // (an empty scheme is `auto`, `default_scheme`: what the command line runs when
            // --scheme is not given; the page offers the schemes by name, and where LOREN
            // cannot route its network, the ones that can)
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
        let scheme = if self.scheme.trim().is_empty() {
            self.default_scheme()?.0
        } else {
            self.scheme.trim()
        };
        let spec = RouterSpec::parse(scheme).map_err(|e| e.at("scheme"))?;
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

    /// The scheme an empty `scheme` runs (`auto`) and why: LOREN on an LRT network (the
    /// paper's), shortest paths on any other, where LOREN's square floor is missing (issue 62:
    /// a field the user did not set never refuses their network).
    pub(crate) fn default_scheme(&self) -> Result<(&'static str, &'static str)> {
        let topology = TopologySpec::parse(&self.topology).map_err(|e| e.at("topology"))?;
        Ok(if topology.kind() == "lrt" {
            ("loren", "LOREN, the default on LRT networks (paper 002)")
        } else {
            ("shortest", "shortest paths, the default on networks other than LRT (LOREN needs switches on a square floor)")
        })
    }

    /// The field that sets the router's parameter: `scheme` when its spec names one
    /// (`cowen:18`, `loren:16`), else `alpha` (Cowen) or `tmax` (LOREN).
    fn param_field(&self) -> &'static str {
        let scheme = match self.scheme.trim() {
            "" => self.default_scheme().map_or("", |d| d.0),
            s => s,
        };
        match RouterSpec::parse(scheme) {
            Ok(spec) if spec.param.is_none() && Reading::of_router(spec.name()).is_some() => {
                "alpha"
            }
            Ok(spec) if spec.param.is_none() && spec.name() == "loren" => "tmax",
            _ => "scheme",
        }
    }

    /// The topology, parsed, checked against the router's and the distance table's limits
    /// from its switch count (and the pattern count checked), then built.
    pub(crate) fn topology(&self, seed: u64, routing: &RouterSpec) -> Result<Topology> {
        // (the catalog's minimum, 1, enforced here too: 0 ran one pattern and reported 0)
        if self.traffic.is_some() && self.patterns == 0 {
            return Err(Error::invalid(
                "patterns",
                format!("from 1 to {MAX_PATTERNS} random patterns, not 0"),
            ));
        }
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
        let topology = spec.build(seed).map_err(|e| e.at("topology"))?;
        // (the scheme's kind of network, before the distance table: LOREN on a file says so at once)
        routing.fits(&topology).map_err(router_error)?;
        Ok(topology)
    }
}

/// What the Routing lab computed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
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
    /// Why, when the scheme was left to the network's default (`auto`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scheme_default: Option<String>,
    pub traffic: Option<String>,
    pub patterns: Option<usize>,
    pub effective_bandwidth: Option<f64>,
    pub avg_efficiency: Option<f64>,
    /// "Simulate this": the Simulate lab's fields for this network and router (the others
    /// keep what its form holds).
    pub simulate: crate::labs::Handoff,
}

/// A router that cannot be built: about its parameter when that is what is wrong, else about
/// the scheme.
pub(crate) fn router_error(e: Error) -> Error {
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
pub(crate) const MAX_PATTERNS: usize = 10_000;
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
    /// Any other router of the registry, built once (LOREN and Cowen route by their tables).
    other: Option<Box<dyn Router + 't>>,
}

impl<'t> Prepared<'t> {
    /// The route lengths from every switch to `d` when the router knows them at once (LOREN's
    /// and Cowen's memoised tables, the shortest-path router's distance row); none for the
    /// other routers, which walk each pair.
    fn memoised_hops(&self, d: usize) -> Option<Vec<Option<usize>>> {
        self.walker().router().path_lengths_to(SwitchId::new(d))
    }

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
        let other = match (&loren, &cowen) {
            (None, None) => Some(routing.build(topo).map_err(router_error)?),
            _ => None,
        };
        Ok(Prepared {
            routing,
            topo,
            table,
            loren,
            cowen,
            other,
        })
    }

    /// The run's router: LOREN's or Cowen's tables when the scheme has them, else the built one.
    fn walker(&self) -> Walker<'_, 't> {
        match (&self.loren, &self.cowen, &self.other) {
            (Some(l), _, _) => Walker::Loren(l),
            (None, Some(c), _) => Walker::Cowen(c),
            (None, None, Some(r)) => Walker::Other(r.as_ref()),
            (None, None, None) => unreachable!("Prepared::new builds a router when no table does"),
        }
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
        cowen,
        ..
    } = prepared;
    let topo = *topo;
    // LOREN's and Cowen's lengths come memoised per destination; other routers walk each pair
    let walker = prepared.walker();
    let router = walker.router();
    progress(0.2);
    let n = topo.switch_count();
    let memoised = |d: usize| prepared.memoised_hops(d);
    let pairs = pair_stats(topo, table, router, &memoised, &mut |f| {
        progress(0.2 + 0.5 * f)
    });
    let (effective, efficiency) = traffic_measures(config, router, seed, progress)?;
    progress(1.0);
    let tables = router.tables();
    let tmax = (routing.name() == "loren").then(|| lorens_tmax(routing, n));
    let alpha = cowen.as_ref().map(|c| c.alpha);
    Ok(RoutingResult {
        topology: config.topology.clone(),
        scheme: routing.name().to_string(),
        scheme_default: config
            .scheme
            .trim()
            .is_empty()
            .then(|| config.default_scheme().ok().map(|(_, why)| why.to_string()))
            .flatten(),
        seed,
        switches: n,
        links: topo.link_count(),
        tmax,
        alpha,
        avg_path_length: pairs.avg_path_length,
        avg_shortest_path_length: pairs.avg_shortest_path_length,
        max_entries: tables.max_entries,
        min_required_entries: tables.min_required_entries,
        landmarks: tables.landmarks,
        delivered_pairs: pairs.delivered,
        total_pairs: pairs.total,
        max_stretch: pairs.max_stretch,
        traffic: config.traffic.clone(),
        patterns: config.traffic.as_ref().map(|_| config.patterns),
        effective_bandwidth: effective,
        avg_efficiency: efficiency,
        simulate: simulate_handoff(config, routing, tmax, alpha),
    })
}

/// With a traffic, its effective bandwidth Γ and average efficiency under `router` (progress
/// from 0.7 to 1); none without.
fn traffic_measures(
    config: &RoutingConfig,
    router: &dyn Router,
    seed: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<(Option<f64>, Option<f64>)> {
    Ok(match &config.traffic {
        Some(name) => {
            let m = traffic_metrics(router, name, config.patterns, seed, &mut |f| {
                progress(0.7 + 0.3 * f)
            })?;
            (Some(m.effective_bandwidth), Some(m.avg_efficiency))
        }
        None => (None, None),
    })
}

/// 'Simulate this': the Simulate lab on the run's network with its router as resolved.
fn simulate_handoff(
    config: &RoutingConfig,
    routing: &RouterSpec,
    tmax: Option<usize>,
    alpha: Option<f64>,
) -> crate::labs::Handoff {
    crate::labs::Handoff {
        lab: crate::labs::sim::LAB.name.into(),
        section: serde_json::json!({
            "topology": config.topology, "topology_index": 0,
            "routing": routing.name(), "tmax": tmax, "alpha": alpha,
        }),
    }
}

/// LOREN's table limit in a router spec (none: |N|/2).
fn lorens_tmax(routing: &RouterSpec, n: usize) -> usize {
    routing.param.map_or(n / 2, |t| t as usize)
}

/// What `RoutingLab::run` refuses before its metrics: the fields and the network, the traffic
/// on its end nodes, the scheme's tables (LOREN's t_max against its floor, a Cowen t_max no α
/// fits) and the walk's ends.
fn precheck(config: &RoutingConfig, seed: u64) -> Result<()> {
    let routing = config.router()?;
    let topo = config.topology(seed, &routing)?;
    if let Some(traffic) = &config.traffic {
        crate::traffic::check_placement(traffic, &topo, seed).map_err(|e| e.at("traffic"))?;
    }
    let router_error = |e| router_error_at(e, Some(config.param_field()));
    match config.walk_pair(&topo) {
        (Some(s), Some(d)) => {
            check_walk_pair(&topo, s, d)?;
            // the router built once (its tables decide for LOREN and Cowen), and the walk's
            // route as the run walks it (up/down refuses a fat-tree's top switch)
            routing.fits(&topo).map_err(router_error)?;
            let router = routing.build(&topo).map_err(router_error)?;
            router.path(SwitchId(s), SwitchId(d)).map(drop)
        }
        _ => routing.precheck(&topo).map_err(router_error),
    }
}

/// Walk a packet from switch `src` to switch `dst` (paper 002 Fig. 4's step view).
pub(crate) fn route_walk(
    config: &RoutingConfig,
    seed: u64,
    src: u32,
    dst: u32,
) -> Result<RouteWalk> {
    let routing = config.router()?;
    let topo = config.topology(seed, &routing)?;
    let (src, dst) = config.walk_ends(&topo, src, dst);
    let prepared = Prepared::new(config, routing, &topo, &mut |_| {})?;
    walk(&prepared, src, dst)
}

/// A walk's ends, switches of `topo`.
fn check_walk_ends(topo: &Topology, src: u32, dst: u32) -> Result<()> {
    let n = topo.switch_count() as u32;
    if src >= n || dst >= n {
        let field = if src >= n { "source" } else { "destination" };
        return Err(
            Error::invalid("switch", format!("switches are numbered 0–{} here", n - 1)).at(field),
        );
    }
    Ok(())
}

/// The Routing lab's walk: two different switches of `topo`.
fn check_walk_pair(topo: &Topology, src: u32, dst: u32) -> Result<()> {
    check_walk_ends(topo, src, dst)?;
    if src == dst {
        return Err(Error::invalid(
            "destination",
            "source and destination are the same switch",
        ));
    }
    Ok(())
}

/// The walk from `src` to `dst` on a prepared run (LOREN's decisions from its tables).
fn walk(prepared: &Prepared<'_>, src: u32, dst: u32) -> Result<RouteWalk> {
    let Prepared {
        routing,
        topo,
        table,
        ..
    } = prepared;
    check_walk_ends(topo, src, dst)?;
    crate::routing::walk::walk(topo, table, routing.name(), prepared.walker(), src, dst)
}

/// A run of the Routing lab: metrics, the topology, and the packet walk when the Scenario names
/// a source and a destination (its decisions are the lab's steps).
#[derive(Debug, Clone)]
pub(crate) struct RoutingLab {
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
        let walk = match config.walk_pair(&topology) {
            (Some(s), Some(d)) => {
                check_walk_pair(&topology, s, d)?;
                Some(walk(&prepared, s, d)?)
            }
            _ => None,
        };
        drop(prepared); // it borrows the topology the run keeps
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

#[cfg(test)]
mod tests {
    use super::*;

    /// "Simulate this" sets fields the Simulate lab has, to the run's network and router
    /// (LOREN's t_max, Cowen's α as resolved), and the Simulate lab takes the result.
    #[test]
    fn the_handoff_sets_simulate_fields() {
        let sim = crate::labs::lab("sim").unwrap();
        for (scheme, param) in [("loren", "tmax"), ("cowen", "alpha")] {
            let c = RoutingConfig {
                scheme: scheme.into(),
                ..Default::default()
            };
            let r = RoutingLab::run(&c, 1, &mut |_| {}).unwrap().result();
            let handoff = &r["simulate"];
            assert_eq!(handoff["lab"], sim.name);
            let mut section = (sim.default_config)();
            for (key, value) in handoff["section"].as_object().unwrap() {
                assert!(section.get(key).is_some(), "sim has no field {key}");
                section[key.as_str()] = value.clone();
            }
            assert_eq!(section["routing"], scheme);
            assert_eq!(section[param], r[param]);
            assert!(section[param].is_number(), "{scheme}: {param}");
            (sim.check_config)(&section).unwrap();
        }
    }

    /// The default walk (0 → 63) on a network of fewer switches goes from its first switch to
    /// its last (issue 53: a 4-switch file was refused for a destination no one set), while a
    /// destination the user set beyond the network is refused, naming the field.
    #[test]
    fn the_default_walk_fits_a_small_network() {
        let c = RoutingConfig {
            topology: "mesh:2x2".into(),
            scheme: "shortest".into(),
            ..Default::default()
        };
        let run = RoutingLab::run(&c, 1, &mut |_| {}).unwrap();
        let walk = run.walk.as_ref().expect("the default walk is taken");
        assert_eq!((walk.src, walk.dst), (0, 3));
        let set = RoutingConfig {
            destination: Some(9),
            ..c
        };
        let e = RoutingLab::run(&set, 1, &mut |_| {}).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("destination"), "{e}");
    }
}

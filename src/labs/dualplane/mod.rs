//! The Dual-plane lab (paper 004): two hypercube (or folded-hypercube) planes, the second
//! either the same (D-HC, D-FHC) or an isomorphic copy from a generator set (DI-HC, DI-FHC,
//! §2.1). A run gives both metrics of §2.3 beside the identical planes, the per-node routing
//! table (Table 1), the route of one node pair in both planes and the plane it takes (§2.2,
//! stepped hop by hop), the per-generator loads of the all-to-all exchange (the figure's
//! colours), and the real-system model of §3 (racks, cables by length, delay, cost). Studies:
//! the search for plane 1 (§2.4, §3.2.2), the six variants against n (Fig. 3, 5, 6, 7) and
//! the six variants in the flit simulator (§3.4, `simulate`).

pub mod simulate;

use super::{
    check_section, config, default_section, json, study_args, Lab, LabRun, StepSummary, Study, View,
};
use super::{Choice, Field, FieldKind};
use crate::dualplane::search::{self, Candidate, Combine, Method, Objective, SearchSpec};
use crate::export::graph::Loads;
use crate::model::{ChannelId, SwitchId, Topology};
use crate::topology::dualplane::floor::CableReading;
use crate::topology::dualplane::{floor, DualPlane, Kind, TableRow};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub const LAB: Lab = Lab {
    name: "dualplane",
    title: "Dual-plane",
    about: "Dual-plane isomorphic (folded) hypercubes of paper 004: plane choice and routing (§2.2), average shortest distance and all-to-all maximum traffic (§2.3), the search for plane 1 (§2.4), racks, cables, delay and cost (§3)",
    default_config: default_section::<DualPlaneConfig>,
    check_config: check_section::<DualPlaneConfig>,
    run: |section, _seed, _record, progress| {
        Ok(Box::new(DualPlaneRun::run(&config(section)?, progress)?))
    },
    // (the run's own checks before its scores: the fields, the generator set, the planes;
    // `no_precheck` passed n = 99 and a generator 9 of a 3-cube, which the run refused)
    precheck: |section, _seed| {
        let c: DualPlaneConfig = config(section)?;
        let network = c.network()?;
        DualPlane::identical(c.kind, c.n)?;
        RackCables::of(&network, c.cables).map(drop)
    },
    studies: &[
        Study {
            name: "search",
            title: "Search for plane 1",
            about: "the generator set improving most on the identical planes (config's kind, n, objective, effort; `method`: auto, exhaustive or annealing): one point each time the best so far improves, then the best, its ties (with their cables) and the time taken",
            args: crate::labs::NO_ARGS,
            run: |section, seed, args, report| {
                let c: DualPlaneConfig = config(section)?;
                let method = study_args::<SearchArgs>(args)?.method;
                Ok(json(&c.search(seed, method, report)?))
            },
            precheck: |section, seed, args| {
                let c: DualPlaneConfig = config(section)?;
                c.check()?;
                let method = study_args::<SearchArgs>(args)?.method;
                search::precheck(&c.search_spec(seed, method))
            },
        },
        Study {
            name: "sweep-n",
            title: "The six variants against n",
            about: "D-HC, DI-HC, DI-HC-r, D-FHC, DI-FHC and DI-FHC-r for n = `from`…`to` (default 2…12): average distance, all-to-all maximum traffic (per switch and per node at 4 nodes per switch), cable, delay and cost; one point per n and variant (the DI sets from the search, at the config's effort)",
            args: crate::labs::StudyArgs {
                defaults: || json(&SweepArgs::default()),
                limits: || {
                    let range = |field| {
                        crate::labs::Limit::closed(
                            field,
                            f64::from(search::MIN_N),
                            f64::from(search::MAX_N),
                        )
                    };
                    vec![range("from"), range("to")]
                },
                none: false,
            },
            run: |section, seed, args, report| {
                let c: DualPlaneConfig = config(section)?;
                let a = study_args::<SweepArgs>(args)?;
                Ok(json(&sweep_n(&c, seed, a.from, a.to, report)?))
            },
            precheck: |section, _seed, args| {
                let c: DualPlaneConfig = config(section)?;
                let a = study_args::<SweepArgs>(args)?;
                check_sweep_n(&c, a.from, a.to)
            },
        },
    ],
    presets,
    limits: || {
        vec![
            super::Limit::closed("n", 1.0, f64::from(MAX_N)),
            super::Limit::above("effort", 0.0, MAX_EFFORT),
        ]
    },
    choices: || {
        vec![
            Choice::of::<Kind>("kind"),
            Choice::of::<Objective>("objective"),
            Choice::of::<CableReading>("cables"),
            Choice::of::<Combine>("combine"),
        ]
    },
    fields,
    types: super::types::<DualPlaneConfig, DualPlaneResult>(),
};

/// The Dual-plane lab's form: the network, the node pair routed, the search and the rack floor.
fn fields() -> Vec<Field> {
    let node = |path, label| Field::whole(path, label, 0).hint("a node id from 0 to 2ⁿ − 1");
    vec![
        Field::choice("kind", "Planes")
            .glossary("d-hc").group("Network"),
        Field::whole("n", "Dimensions <var>n</var>", 0)
            .about("2ⁿ switches per plane, 2ⁿ nodes (4·2ⁿ on the rack floor of §3)")
            .hint("a whole number of dimensions"),
        Field::new(
            "generators",
            "Plane 1 generators <var>H</var>(1,<var>n</var>)",
            FieldKind::Custom,
        )
        .help("n linearly independent ids in [1, 2ⁿ), e.g. 3,5,7 (checked as you type); empty for two identical planes.")
        .reads(super::Reads::Generators)
        .empty("identical planes"),
        node("source", "Source").group("Route"),
        node("destination", "Destination"),
        Field::choice("objective", "Search objective").group("Search"),
        Field::choice("cables", "In-rack cable").group("Rack floor"),
        Field::choice("combine", "Rates combined by"),
        Field::number("effort", "Effort")
            .about("Multiplies the annealing's evaluations (n ≥ 7); 1 is the default")
            .hint("a factor in (0, 100], e.g. 1"),
        Field::seed("Seeds the search's annealing: same seed, same set"),
    ]
}

/// The Dual-plane lab's presets.
fn presets() -> Vec<crate::labs::Preset> {
    let preset = |id, label, about, section| crate::labs::Preset {
        id,
        label,
        about,
        seed: None,
        section,
    };
    vec![
        preset(
            "dp-preset-table1",
            "Table 1 example (<var>n</var> = 3, {3,5,7}, 0 → 6)",
            "Preset: the paper's Table 1 example, n 3, plane 1 generators 3, 5, 7, route from node 0 to node 6",
            super::preset_section(r#"{ "kind": "hc", "n": 3, "generators": "3,5,7", "source": 0, "destination": 6 }"#),
        ),
        preset(
            "dp-preset-dhc8",
            "D-HC <var>n</var> = 8 (0 → 255)",
            "Preset: two identical 8-dimensional hypercubes, route from node 0 to node 255",
            super::preset_section(r#"{ "kind": "hc", "n": 8, "generators": "", "source": 0, "destination": 255 }"#),
        ),
        preset(
            "dp-preset-dfhc8",
            "D-FHC <var>n</var> = 8 (0 → 255)",
            "Preset: two identical 8-dimensional folded hypercubes, route from node 0 to node 255",
            super::preset_section(r#"{ "kind": "fhc", "n": 8, "generators": "", "source": 0, "destination": 255 }"#),
        ),
    ]
}

/// Largest n the lab runs (the floor model of §3 ends at 12: 64 × 16 racks).
pub const MAX_N: u32 = 12;
/// Largest n whose whole routing table (Table 1) is part of the result.
pub(crate) const TABLE_MAX_N: u32 = 8;
/// Most search effort (a factor of the annealing's evaluations); the work budget
/// (`search::MAX_SEARCH_UNITS`) may refuse less at large n.
pub(crate) const MAX_EFFORT: f64 = 100.0;

/// Configuration of the Dual-plane lab.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct DualPlaneConfig {
    /// Hypercube or folded-hypercube planes.
    pub kind: Kind,
    /// Dimensions: 2ⁿ switches per plane.
    pub n: u32,
    /// Plane 1's generator set, comma-separated; empty for two identical planes.
    pub generators: String,
    /// The node pair whose routes are shown.
    pub source: u32,
    pub destination: u32,
    /// What the search improves besides the all-to-all traffic (delay: the -r variants).
    pub objective: Objective,
    /// Multiplies the search's annealing evaluations.
    pub effort: f64,
    /// How a cable between the switches of one rack counts (§3.1.2).
    pub cables: CableReading,
    /// How the search combines its two improvement rates.
    pub combine: Combine,
}

impl Default for DualPlaneConfig {
    fn default() -> Self {
        // the paper's example (§2.1–2.2, Table 1) and its worked route 0 → 6
        DualPlaneConfig {
            kind: Kind::Hc,
            n: 3,
            generators: "3,5,7".into(),
            source: 0,
            destination: 6,
            objective: Objective::Distance,
            effort: 1.0,
            cables: CableReading::default(),
            combine: Combine::default(),
        }
    }
}

impl DualPlaneConfig {
    /// Check every field, each error naming its field.
    pub fn check(&self) -> Result<()> {
        if !(1..=MAX_N).contains(&self.n) {
            return Err(Error::invalid(
                "n",
                format!(
                    "from 1 to {MAX_N} dimensions (the floor model of §3 ends at 12), not {}",
                    self.n
                ),
            ));
        }
        for (field, id) in [("source", self.source), ("destination", self.destination)] {
            if id >= 1 << self.n {
                return Err(Error::invalid(
                    field,
                    format!(
                        "a node id from 0 to {} for n = {}, not {id}",
                        (1u32 << self.n) - 1,
                        self.n
                    ),
                ));
            }
        }
        if !(self.effort.is_finite() && self.effort > 0.0 && self.effort <= MAX_EFFORT) {
            return Err(Error::invalid(
                "effort",
                format!("a factor in (0, {MAX_EFFORT}], not {}", self.effort),
            ));
        }
        self.generator_set().map(|_| ())
    }

    /// Plane 1's generators as given (None: identical planes).
    pub(crate) fn generator_set(&self) -> Result<Option<Vec<u32>>> {
        let text = self.generators.trim();
        if text.is_empty() {
            return Ok(None);
        }
        text.split([',', ' '])
            .filter(|t| !t.is_empty())
            .map(|t| {
                t.trim().parse::<u32>().map_err(|_| {
                    Error::invalid(
                        "generators",
                        format!(
                            "'{}' is not a whole number: write ids like 3,5,7",
                            crate::error::shorten(t)
                        ),
                    )
                })
            })
            .collect::<Result<Vec<u32>>>()
            .map(Some)
    }

    /// The network (checked).
    pub fn network(&self) -> Result<DualPlane> {
        self.check()?;
        match self.generator_set()? {
            Some(g) => DualPlane::isomorphic(self.kind, self.n, &g),
            None => DualPlane::identical(self.kind, self.n),
        }
    }

    fn search_spec(&self, seed: u64, method: Method) -> SearchSpec {
        SearchSpec {
            kind: self.kind,
            n: self.n,
            objective: self.objective,
            seed,
            effort: self.effort,
            method,
            cables: self.cables,
            combine: self.combine,
        }
    }

    fn search(&self, seed: u64, method: Method, report: super::Report<'_>) -> Result<SearchRecord> {
        let spec = self.search_spec(seed, method);
        let mut points: Vec<SearchPoint> = Vec::new();
        let result = search::search(&spec, &mut |fraction, best| {
            let improved = points.last().is_none_or(|p| best.score > p.best.score);
            let point = improved.then(|| SearchPoint {
                fraction,
                best: best.clone(),
            });
            if let Some(p) = &point {
                points.push(p.clone());
            }
            report(fraction, point.map(|p| json(&p)));
        })?;
        Ok(SearchRecord { result, points })
    }
}

/// A search's improvement as it went.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct SearchPoint {
    pub fraction: f64,
    pub best: Candidate,
}

/// The search study's result: the search and its improvements.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct SearchRecord {
    #[serde(flatten)]
    pub result: search::SearchResult,
    pub points: Vec<SearchPoint>,
}

/// The `dual:` topology spec of a network (plane 1 by its basis), with `suffix` (":x4": four
/// nodes per switch).
pub(crate) fn dual_spec(d: &DualPlane, suffix: &str) -> String {
    let n = d.n();
    let set: Vec<String> = d.planes[1].generators()[..n as usize]
        .iter()
        .map(u32::to_string)
        .collect();
    let kind = d.planes[0].kind().name();
    format!("dual:{kind}:{n}:{}{suffix}", set.join(","))
}

/// The name of a variant (Fig. 3's legend).
pub(crate) fn variant(kind: Kind, identical: bool, objective: Option<Objective>) -> String {
    let base = match kind {
        Kind::Hc => "HC",
        Kind::Fhc => "FHC",
    };
    match (identical, objective) {
        (true, _) => format!("D-{base}"),
        (false, Some(Objective::Delay)) => format!("DI-{base}-r"),
        (false, _) => format!("DI-{base}"),
    }
}

/// What one network scores: both metrics, and the real-system model at 4 nodes per switch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Scores {
    pub avg_distance: f64,
    /// The §2 scale (one node per switch): 2·2ⁿ over the busiest link.
    pub a2a_max_traffic: f64,
    /// The §3 scale, 4 nodes per switch (a quarter, Fig. 5(b)).
    pub a2a_max_traffic_per_node: f64,
    pub max_link_load: u64,
    #[serde(flatten)]
    pub floor: floor::Floor,
}

pub(crate) fn scores(d: &DualPlane, cables: CableReading) -> Result<(Scores, [Vec<u64>; 2])> {
    let (m, loads) = d.metrics_and_loads();
    let f = floor::floor(d, m.avg_distance, cables)?;
    Ok((
        Scores {
            avg_distance: m.avg_distance,
            a2a_max_traffic: m.a2a_max_traffic,
            a2a_max_traffic_per_node: m.a2a_max_traffic / f64::from(floor::NODES_PER_SWITCH),
            max_link_load: m.max_link_load,
            floor: f,
        },
        loads,
    ))
}

/// One pair's routes (§2.2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct PairRoute {
    pub source: u32,
    pub destination: u32,
    /// The table row used (index src ⊕ dst).
    pub row: TableRow,
    /// The plane taken: the shorter; on a tie either, and we show plane 0.
    pub plane: usize,
    pub tie: bool,
    /// Switches visited in each plane (ids within the plane).
    pub paths: [Vec<u32>; 2],
    /// The generator each hop of each plane uses (index into the plane's generators).
    pub hops: [Vec<usize>; 2],
}

fn pair_route(d: &DualPlane, source: u32, destination: u32) -> PairRoute {
    let x = source ^ destination;
    let row = d.row(x);
    PairRoute {
        source,
        destination,
        row,
        plane: d.plane_for(x),
        tie: row.distance[0] == row.distance[1],
        paths: [0, 1].map(|p| d.planes[p].path(source, destination)),
        hops: [0, 1].map(|p| d.planes[p].route(x).collect()),
    }
}

/// The switch–switch cables grouped by plane, pair of racks (from ≤ to) and length, as
/// columns (at n = 12 there are 12,288 groups: columns keep the result small and quick to
/// hand to the page).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct RackCables {
    pub plane: Vec<u8>,
    pub from: Vec<u32>,
    pub to: Vec<u32>,
    pub length_m: Vec<f64>,
    pub count: Vec<u32>,
}

impl RackCables {
    /// Both planes' cables grouped by pair of racks and length (`floor::cables_by_racks`).
    fn of(network: &DualPlane, cables: CableReading) -> Result<RackCables> {
        let mut rack_cables = RackCables::default();
        for (p, plane) in network.planes.iter().enumerate() {
            let by_racks = floor::cables_by_racks(network.n(), plane.generators(), cables)?;
            for ((a, b, dm), count) in by_racks {
                rack_cables.plane.push(p as u8);
                rack_cables.from.push(a);
                rack_cables.to.push(b);
                rack_cables.length_m.push(dm as f64 / 10.0);
                rack_cables.count.push(count);
            }
        }
        Ok(rack_cables)
    }
}

/// Table 1: every row, up to n = `TABLE_MAX_N` (none beyond).
fn table_1(network: &DualPlane) -> Vec<TableRow> {
    let n = network.n();
    if n <= TABLE_MAX_N {
        (0..1u32 << n).map(|x| network.row(x)).collect()
    } else {
        Vec::new()
    }
}

/// How an odd-n folded cube routes a tie inside a plane (none for the others).
fn tie_rule(kind: Kind, n: u32) -> Option<String> {
    (kind == Kind::Fhc && n % 2 == 1).then(|| {
        format!(
            "n = {} is odd: an offset {} hops away directly is also {} hops through the folded link; we route direct (the paper does not say)",
            n,
            n.div_ceil(2),
            n.div_ceil(2)
        )
    })
}

/// The result of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct DualPlaneResult {
    pub kind: Kind,
    pub n: u32,
    /// D-HC, DI-HC, D-FHC or DI-FHC.
    pub variant: String,
    /// Plane 0's and plane 1's generators (FHC: the folded one last).
    pub generators: [Vec<u32>; 2],
    #[serde(flatten)]
    pub scores: Scores,
    pub baseline: Scores,
    /// Packets per directed link of each generator in the all-to-all exchange, per plane.
    pub loads: [Vec<u64>; 2],
    /// Table 1: every row (up to n = `TABLE_MAX_N`).
    pub table: Vec<TableRow>,
    pub route: PairRoute,
    /// Racks along the width and rows of racks.
    pub racks: [u32; 2],
    pub rack_cables: RackCables,
    /// Switches and directed channels of the drawn network (ids of a clicked channel).
    pub switches: usize,
    pub channels: usize,
    /// Odd-n folded cubes: how a tie inside a plane is routed.
    pub tie_rule: Option<String>,
    /// "Simulate this": the Simulate lab's section for this network (§3.4).
    pub simulate: super::Handoff,
}

/// A finished run.
pub(crate) struct DualPlaneRun {
    network: DualPlane,
    result: DualPlaneResult,
    topology: Topology,
}

impl DualPlaneRun {
    pub fn run(c: &DualPlaneConfig, progress: &mut dyn FnMut(f64)) -> Result<DualPlaneRun> {
        let network = c.network()?;
        let baseline = DualPlane::identical(c.kind, c.n)?;
        // identical planes however they were given (empty, plane 0's own generators in any
        // order, or a file wired like plane 0): the links are x ↔ x ⊕ g for each generator g
        let wiring = |d: &DualPlane, p: usize| {
            let mut g = d.planes[p].generators().to_vec();
            g.sort_unstable();
            g
        };
        let identical = wiring(&network, 1) == wiring(&baseline, 0);
        progress(0.1);
        let (s, loads) = scores(&network, c.cables)?;
        let (b, _) = scores(&baseline, c.cables)?;
        progress(0.5);
        let rack_cables = RackCables::of(&network, c.cables)?;
        let (wide, deep) = floor::racks(c.n);
        let generators = [0, 1].map(|p| network.planes[p].generators().to_vec());
        let topology = crate::topology::build(&dual_spec(&network, ""))?;
        progress(0.9);
        let result = DualPlaneResult {
            kind: c.kind,
            n: c.n,
            variant: variant(c.kind, identical, None),
            generators,
            scores: s,
            baseline: b,
            loads,
            table: table_1(&network),
            route: pair_route(&network, c.source, c.destination),
            racks: [wide, deep],
            rack_cables,
            switches: topology.switch_count(),
            channels: topology.channel_count(),
            tie_rule: tie_rule(c.kind, c.n),
            simulate: simulate::handoff(&network, identical),
        };
        progress(1.0);
        Ok(DualPlaneRun {
            network,
            result,
            topology,
        })
    }

    /// The steps: the table row, the plane, then each hop in that plane.
    fn steps(&self) -> Vec<StepSummary> {
        let r = &self.result.route;
        let x = r.row.offset;
        let mut steps = vec![StepSummary {
            title: format!("Row {x} of the table: {} ⊕ {} = {x}", r.source, r.destination),
            explanation: format!(
                "Node {} looks up row src ⊕ dst = {x}: {} hops in plane 0 (the popcount of {x}), {} in plane 1 (the popcount of the routing value {}, M⁻¹·{x}). {}",
                r.source,
                r.row.distance[0],
                r.row.distance[1],
                r.row.routing_value,
                if r.tie {
                    "A tie: either plane is shortest; this walk takes plane 0 (the all-to-all count sends one packet each way).".to_string()
                } else {
                    format!("Plane {} is shorter, so the packet is sent into it and stays there.", r.plane)
                }
            ),
            metrics: vec![
                ("plane 0 hops".into(), f64::from(r.row.distance[0])),
                ("plane 1 hops".into(), f64::from(r.row.distance[1])),
            ],
        }];
        let p = r.plane;
        let gens = &self.result.generators[p];
        for (i, (&g, w)) in r.hops[p].iter().zip(r.paths[p].windows(2)).enumerate() {
            let folded = g == self.result.n as usize;
            steps.push(StepSummary {
                title: format!("Hop {}: {} → {} in plane {p}", i + 1, w[0], w[1]),
                explanation: format!(
                    "Dimension order on the {}: the lowest bit still set is {}, so the switch takes generator h{} = {} ({} ⊕ {} = {}){}.",
                    if p == 0 { "bits of src ⊕ dst" } else { "routing value's bits" },
                    if folded { "none left on this side".to_string() } else { format!("bit {g}") },
                    g + 1,
                    gens[g],
                    w[0],
                    gens[g],
                    w[1],
                    if folded { ": the folded link, taken last, because going round is shorter" } else { "" }
                ),
                metrics: vec![("hop".into(), (i + 1) as f64)],
            });
        }
        steps
    }

    /// The global id of switch `s` of plane `p`.
    fn id(&self, p: usize, s: u32) -> SwitchId {
        SwitchId::new(p * (1 << self.result.n) + s as usize)
    }

    fn channels(&self, p: usize, path: &[u32]) -> Vec<ChannelId> {
        path.windows(2)
            .filter_map(|w| {
                self.topology
                    .channel_between(self.id(p, w[0]), self.id(p, w[1]))
            })
            .collect()
    }

    /// The generator index of a channel of plane p, and the load it carries.
    fn channel_load(&self, c: ChannelId) -> (usize, usize, u64) {
        let (a, b) = self.topology.channel_ends(c);
        let size = 1usize << self.result.n;
        let p = a.index() / size;
        let g = ((a.index() ^ b.index()) % size) as u32;
        let i = self.result.generators[p]
            .iter()
            .position(|&h| h == g)
            .expect("every link is a generator's");
        (p, i, self.result.loads[p][i])
    }

    /// The all-to-all packets over every channel, by channel id.
    fn channel_packets(&self) -> Vec<u64> {
        (0..self.topology.channel_count())
            .map(|c| self.channel_load(ChannelId(c as u32)).2)
            .collect()
    }
}

impl LabRun for DualPlaneRun {
    fn result(&self) -> Value {
        json(&self.result)
    }
    fn steps(&self) -> Vec<StepSummary> {
        self.steps()
    }
    fn figure(&self, view: &View) -> Result<crate::render::Figure> {
        // the loads of a good set lie close together: the colours run from just below the
        // least loaded channel to the busiest, so the differences show
        let loads = self.channel_packets();
        let least = loads.iter().copied().min().unwrap_or(0).saturating_sub(1);
        let values: Vec<u32> = loads.iter().map(|&l| (l - least) as u32).collect();
        let legend = format!(
            "all-to-all packets per channel above {least} (busiest {}, §2.3)",
            self.result.scores.max_link_load
        );
        let r = &self.result.route;
        let p = r.plane;
        let hops = r.hops[p].len();
        let shown = view.step_index().map_or(hops, |s| s.min(hops));
        let chosen = self.channels(p, &r.paths[p]);
        let mut state = crate::render::FigureState {
            channel_values: &values,
            selected: view
                .channel
                .filter(|&c| (c as usize) < self.topology.channel_count())
                .map(ChannelId),
            max_value: (self.result.scores.max_link_load - least) as u32,
            legend: &legend,
            ..Default::default()
        };
        state.on_path = self.channels(1 - p, &r.paths[1 - p]);
        state
            .on_path
            .extend(chosen.iter().take(shown.saturating_sub(1)));
        state.step_channels = chosen
            .get(shown.wrapping_sub(1))
            .into_iter()
            .copied()
            .collect();
        state.step_switches = vec![
            self.id(p, r.paths[p][shown]),
            self.id(p, r.destination),
            self.id(1 - p, r.source),
            self.id(1 - p, r.destination),
        ];
        state.caption = format!(
            "{} n = {}: plane 0 left, plane 1 right · route {} → {} in plane {p}{}",
            self.result.variant,
            self.result.n,
            r.source,
            r.destination,
            if r.tie { " (a tie)" } else { "" }
        );
        Ok(crate::render::figure(
            &self.topology,
            &crate::layout::layout(&self.topology),
            &state,
        ))
    }
    fn topology(&self) -> &Topology {
        &self.topology
    }
    /// Every channel's all-to-all packets (§2.3).
    fn csv(&self) -> String {
        let loads: Vec<u32> = self.channel_packets().iter().map(|&l| l as u32).collect();
        crate::export::channel_loads_csv(&self.topology, &loads, None)
    }
    fn channel_loads(&self) -> Option<Loads> {
        Some(Loads {
            per_channel: self.channel_packets().iter().map(|&l| l as f64).collect(),
            measure: "packets over the channel in the all-to-all exchange (§2.3)",
        })
    }
    /// `{"pair": [s, d]}`: both routes and the table row; `{"channel": c}`: its plane,
    /// generator and load.
    fn detail(&self, query: &Value, _view: &View) -> Result<Value> {
        if let Some(pair) = query.get("pair") {
            let ids: Vec<u32> = serde_json::from_value(pair.clone())
                .map_err(|_| Error::invalid("pair", "write [source, destination]"))?;
            let size = 1u32 << self.result.n;
            match ids.as_slice() {
                &[s, d] if s < size && d < size => Ok(json(&pair_route(&self.network, s, d))),
                _ => Err(Error::invalid(
                    "pair",
                    format!("two node ids below {size}, not {ids:?}"),
                )),
            }
        } else if let Some(c) = super::query_index(query, "channel", self.topology.channel_count())?
        {
            let (p, g, load) = self.channel_load(ChannelId::new(c));
            let (a, b) = self.topology.channel_ends(ChannelId::new(c));
            let size = 1usize << self.result.n;
            Ok(serde_json::json!({
                "plane": p,
                "from": a.index() % size,
                "to": b.index() % size,
                "generator": g,
                "generator_value": self.result.generators[p][g],
                "packets": load,
                "busiest": self.result.scores.max_link_load,
            }))
        } else {
            Err(Error::invalid(
                "detail",
                "ask for {\"pair\": [s, d]} or {\"channel\": c}",
            ))
        }
    }
}

/// One variant at one n (a point of the sweep).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct VariantPoint {
    pub n: u32,
    pub variant: String,
    pub generators: Vec<u32>,
    #[serde(flatten)]
    pub scores: Scores,
    /// The search's seconds (0 for the identical planes).
    pub seconds: f64,
}

/// The search units (`search::work`) of the six variants for n = from…to at `effort`: the
/// DI and DI-r searches of both kinds at every n.
pub(crate) fn sweep_n_units(from: u32, to: u32, effort: f64) -> f64 {
    (from..=to)
        .flat_map(|n| {
            [Kind::Hc, Kind::Fhc].map(|kind| {
                search::variants_work(kind, n, &[Objective::Distance, Objective::Delay], effort)
            })
        })
        .sum()
}

/// What `sweep_n` refuses before its searches: n's range and the whole request's work.
fn check_sweep_n(c: &DualPlaneConfig, from: u32, to: u32) -> Result<()> {
    if !(search::MIN_N..=search::MAX_N).contains(&from) || !(from..=search::MAX_N).contains(&to) {
        return Err(Error::invalid(
            "arguments",
            format!(
                "from and to within {}…{} and from ≤ to, not {from}…{to}",
                search::MIN_N,
                search::MAX_N
            ),
        ));
    }
    // the whole request's searches against one budget (each search alone would fit)
    let units = sweep_n_units(from, to, c.effort);
    search::check_work(units, c.effort)
}

/// The search study's arguments.
#[derive(Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
struct SearchArgs {
    method: Method,
}

/// The arguments of the `sweep-n` study: n from … to (all of search's range by default).
#[derive(Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
struct SweepArgs {
    from: u32,
    to: u32,
}

impl Default for SweepArgs {
    fn default() -> Self {
        SweepArgs {
            from: search::MIN_N,
            to: search::MAX_N,
        }
    }
}

/// The six variants for n = from…to.
fn sweep_n(
    c: &DualPlaneConfig,
    seed: u64,
    from: u32,
    to: u32,
    report: super::Report<'_>,
) -> Result<Vec<VariantPoint>> {
    check_sweep_n(c, from, to)?;
    let runs: Vec<(u32, Kind, Option<Objective>)> = (from..=to)
        .flat_map(|n| {
            simulate::six_variants()
                .into_iter()
                .map(move |(k, o)| (n, k, o))
        })
        .collect();
    // each search's cost grows with n·2ⁿ (annealing) or is small: weigh progress by it
    let weight = |n: u32| f64::from(n) * f64::from(1u32 << n);
    let total: f64 = runs.iter().map(|r| weight(r.0)).sum();
    let mut done = 0.0;
    let mut points = Vec::new();
    let mut searched = search::Searched::new();
    for (n, kind, objective) in runs {
        let (network, seconds) = search::variant_network(
            kind,
            n,
            objective,
            (seed, c.effort),
            (c.cables, c.combine),
            &mut searched,
        )?;
        let point = VariantPoint {
            n,
            variant: variant(kind, objective.is_none(), objective),
            generators: network.planes[1].generators()[..n as usize].to_vec(),
            scores: scores(&network, c.cables)?.0,
            seconds,
        };
        done += weight(n);
        report(done / total, Some(json(&point)));
        points.push(point);
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(c: &DualPlaneConfig) -> DualPlaneRun {
        DualPlaneRun::run(c, &mut |_| {}).unwrap()
    }

    /// "Simulate this" hands the Simulate lab a section it runs: this network (the set, or
    /// none for identical planes), 4 nodes per switch, the dual-plane router.
    #[test]
    fn the_handoff_is_a_simulate_section_of_this_network() {
        let sim = crate::labs::lab("sim").unwrap();
        for generators in ["", "3,5,7"] {
            let c = DualPlaneConfig {
                n: 3,
                generators: generators.into(),
                ..Default::default()
            };
            let handoff = run(&c).result.simulate;
            assert_eq!(handoff.lab, sim.name);
            let section = (sim.check_config)(&handoff.section).unwrap();
            assert_eq!(section, handoff.section, "complete as handed");
            let expect = if generators.is_empty() {
                "dual:hc:3:x4"
            } else {
                "dual:hc:3:3,5,7:x4"
            };
            assert_eq!(section["topology"], expect);
            let mut short = section.clone();
            short["warmup"] = 10.into();
            short["cycles"] = 50.into();
            short["drain"] = 50.into();
            let r = (sim.run)(&short, 1, false, &mut |_| {}).unwrap().result();
            assert_eq!(r["switches"], 16, "two planes of 8");
        }
    }

    /// Planes wired alike are D-HC however plane 1 is given (issue 53: plane 0's generators
    /// in another order were named DI-HC), and the identical-planes baseline is matched.
    #[test]
    fn identical_planes_are_named_d_whatever_their_form() {
        for generators in ["", "1,2,4", "4,1,2"] {
            let c = DualPlaneConfig {
                generators: generators.into(),
                ..DualPlaneConfig::default()
            };
            let v = run(&c).result();
            assert_eq!(v["variant"], "D-HC", "{generators:?}");
            assert_eq!(v["avg_distance"], v["baseline"]["avg_distance"]);
        }
        let v = run(&DualPlaneConfig::default()).result();
        assert_eq!(v["variant"], "DI-HC");
    }

    #[test]
    fn the_default_is_table_1_and_the_route_0_to_6() {
        let r = run(&DualPlaneConfig::default());
        let v = r.result();
        assert_eq!(v["variant"], "DI-HC");
        assert_eq!(v["table"][7]["routing_value"], 4);
        assert_eq!(
            v["route"]["paths"],
            serde_json::json!([[0, 2, 6], [0, 3, 6]])
        );
        assert_eq!(v["route"]["tie"], true);
        assert_eq!(v["avg_distance"], 1.0);
        assert_eq!(v["baseline"]["avg_distance"], 1.5);
        // the steps: the row, then two hops
        assert_eq!(r.steps().len(), 3);
        let d = r
            .detail(&serde_json::json!({"pair": [0, 7]}), &View::default())
            .unwrap();
        assert_eq!(d["plane"], 1);
        assert_eq!(d["paths"][1], serde_json::json!([0, 7]));
        let f = r
            .figure(&View {
                step: Some(1),
                ..View::default()
            })
            .unwrap();
        assert!(f.drawing.unwrap().to_svg().contains("<svg"));
    }

    #[test]
    fn the_default_sweep_over_every_n_fits_one_request() {
        // 2…12 at the default effort is the page's and the README's sweep: it must not be
        // refused (it is 110 units, 26 s on 2 cores)
        let units = sweep_n_units(search::MIN_N, search::MAX_N, 1.0);
        assert!(units <= search::MAX_SEARCH_UNITS, "{units}");
        assert!(search::check_work(sweep_n_units(2, 12, 1.1), 1.1).is_err());
    }

    #[test]
    fn fields_are_checked_by_name() {
        let bad = |c: DualPlaneConfig| DualPlaneRun::run(&c, &mut |_| {}).err().unwrap();
        let e = bad(DualPlaneConfig {
            generators: "3,5,6".into(),
            ..Default::default()
        });
        assert!(e.to_string().contains("XOR"), "{e}");
        assert_eq!(e.field().as_deref(), Some("generators"));
        let e = bad(DualPlaneConfig {
            generators: "3,five,7".into(),
            ..Default::default()
        });
        assert_eq!(e.field().as_deref(), Some("generators"));
        let e = bad(DualPlaneConfig {
            destination: 8,
            ..Default::default()
        });
        assert_eq!(e.field().as_deref(), Some("destination"));
        let e = bad(DualPlaneConfig {
            n: 13,
            ..Default::default()
        });
        assert_eq!(e.field().as_deref(), Some("n"));
        let e = bad(DualPlaneConfig {
            effort: f64::NAN,
            ..Default::default()
        });
        assert_eq!(e.field().as_deref(), Some("effort"));
    }
}

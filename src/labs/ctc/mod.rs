//! The CTC lab (paper 003): a task-to-task traffic matrix is clustered into LCs of T tasks
//! (§4.2.1), the OCS of K planes × P ports per LC is configured by serving the inter-LC
//! demands in HDF order (§4.2.2–4.2.3, one step per decision) and the order improved by
//! simulated annealing; optionally the ILP (§4.1) for small instances; beside it the same LCs
//! mapped onto a torus (§5) and the cost of both (§5.2.1). Its own study is a live annealing
//! curve (`anneal`); Table I is its study in `papers::p003`.

mod anneal;
mod steps;

use super::{check_section, config, default_section, json, Lab, LabRun, StepSummary, View};
use crate::hybrid::ctc::anneal::{CurvePoint, Schedule};
use crate::hybrid::ctc::cost::{Cost, CostParams};
use crate::hybrid::ctc::ilp::{self, IlpOutcome};
use crate::hybrid::ctc::pipeline::{self, Configured, Plan};
use crate::hybrid::ctc::serve::Event;
use crate::hybrid::ctc::spectral::{self, Split};
use crate::hybrid::ctc::{
    inputs, torus, Demand, LcTraffic, Ocs, Readings, TaskMatrix, MAX_DEPTH, MAX_LCS, MAX_PLANES,
    MAX_PORTS,
};

use super::{Choice, Field, FieldKind};
use crate::export::graph::Loads;
pub use crate::hybrid::ctc::pipeline::{Ordered, Unserved};
use crate::model::{ChannelId, LinkInfo, LinkKind, Shape, SwitchId, SwitchInfo, Topology};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use steps::MAX_STEPS;

pub const LAB: Lab = Lab {
    name: "ctc",
    title: "CTC",
    about: "Clustering and topology configuration of a hybrid EPS/OCS network (paper 003): spectral clustering into logical clusters, the OCS configured by serving demands in HDF order step by step, simulated annealing over orders, the ILP for small instances, against a torus mapping and its cost",
    default_config: default_section::<CtcConfig>,
    check_config: check_section::<CtcConfig>,
    run: |section, seed, record, progress| {
        Ok(Box::new(CtcRun::run(&config(section)?, seed, record, progress)?))
    },
    precheck: |section, seed| config::<CtcConfig>(section)?.checked_run(seed).map(drop),
    studies: anneal::STUDIES,
    presets,
    limits: super::no_limits,
    choices,
    fields,
    types: super::types::<CtcConfig, CtcResult>(),
};

/// The CTC lab's closed choices: the order, the solver and the readings of §4.2.
fn choices() -> Vec<Choice> {
    use crate::hybrid::ctc::{Accept, Laplacian, MultiHop, PlaneRule, Tie};
    vec![
        Choice::of::<OrderKind>("order"),
        Choice::of::<SolverKind>("solver"),
        Choice::of::<Tie>("readings.tie"),
        Choice::of::<PlaneRule>("readings.planes"),
        Choice::of::<MultiHop>("readings.multi_hop"),
        Choice::of::<Accept>("readings.accept"),
        Choice::of::<Laplacian>("readings.laplacian"),
    ]
}

/// The CTC lab's form: the traffic, the LCs and the OCS, the order and the solver, the torus
/// baseline, then two groups whose parts follow them: the readings of §4.2 and the cost model.
fn fields() -> Vec<Field> {
    vec![
        Field::spec("traffic", "Traffic")
            .help("random:N:p (§5.1), stencil:AxB[:periodic][:BYTES], fft:Z[:BYTES][:pencil], superlu:PRxPC[:BYTES][:density], or csv (the matrix below). Up to 4,096 tasks.")
            .hint("e.g. random:16:0.5")
            .examples(&[
                "random:16:0.5",
                "random:32:0.5",
                "stencil:16x16",
                "fft:64",
                "superlu:20x24",
                "csv",
            ]),
        Field::new("matrix", "Matrix (CSV)", FieldKind::Custom)
            .help("A line per entry: source task, destination task, bytes (and optionally a count).")
            .reads(super::Reads::FileText),
        Field::whole("cluster_size", "T (tasks per LC)", 1)
            .glossary("lc-logical-cluster")
            .hint("tasks per logical cluster, e.g. 1"),
        Field::whole("planes", "K (planes)", 1).hint("optical planes, e.g. 6"),
        Field::whole("ports", "P (ports per plane)", 1).hint("ports per LC per plane, e.g. 1"),
        Field::choice("order", "Order").glossary("hdf"),
        Field::whole("iterations", "Iterations", 0).hint("annealing iterations, e.g. 1000"),
        Field::choice("solver", "Solver"),
        Field::number("time_limit_s", "ILP time limit (s)").hint("seconds, e.g. 10"),
        Field::spec("baseline", "Torus baseline")
            .help("torus:X (the most even X-D torus), torus:AxBxC, or none.")
            .hint("e.g. torus:3")
            .examples(&["torus:3", "torus:2", "torus:4", "none"]),
        Field::whole("torus_iterations", "Torus iterations", 0)
            .help("Empty: the same as the hybrid’s (§5.2).")
            .hint("a whole number, or empty")
            .empty("as the hybrid"),
        Field::new("readings", "Readings of §4.2", FieldKind::Custom).group("Readings"),
        Field::choice("readings.tie", "HDF ties").named("readings-tie"),
        Field::choice("readings.planes", "Direct links").named("readings-planes"),
        Field::choice("readings.multi_hop", "Multi-hop passes").named("readings-multi_hop"),
        Field::choice("readings.accept", "Annealing acceptance").named("readings-accept"),
        Field::choice("readings.laplacian", "Fiedler vector").named("readings-laplacian"),
        Field::whole("readings.depth", "Deepest pass", 0)
            .named("readings-depth")
            .help("The last multi-hop pass (the paper: 4)")
            .hint("a whole number, e.g. 4"),
        Field::number("readings.t0", "T₀")
            .named("readings-t0")
            .help("Initial temperature in hop-bytes (Matlab: 100)")
            .hint("a number"),
        Field::number("readings.cooling", "Cooling")
            .named("readings-cooling")
            .help("T_k = T₀ · cooling^k (Matlab: 0.95)")
            .hint("a number"),
        Field::new("cost", "Cost model of §5.2.1", FieldKind::Custom).group("Cost model (§5.2.1)"),
        Field::number("cost.port_ratio", "OCS ÷ EPS port price")
            .named("cost-port_ratio")
            .help("§5.2.1: currently 0.4–0.6 (0.5)")
            .hint("a number from 0"),
        Field::number("cost.txrx_cost", "Transceiver (EPS ports)")
            .named("cost-txrx_cost")
            .help("A transceiver’s price in EPS ports (not printed: 1)")
            .hint("a number from 0"),
        Field::whole("cost.eps_core_ports", "M: EPS-core ports per LC", 0)
            .named("cost-eps_core_ports")
            .help("Ports of an LC to the EPS core (1: K = 4 costs a 3-D torus)")
            .hint("a whole number"),
        Field::whole("cost.nodes_per_rack", "R: nodes per rack", 0)
            .named("cost-nodes_per_rack")
            .help("Edge ports per rack, the same in both networks (40)")
            .hint("a whole number"),
        Field::seed("Seeds the random matrices, random ties and both annealing chains"),
    ]
}

/// The CTC lab's presets.
fn presets() -> Vec<crate::labs::Preset> {
    let preset = |id,
                  label,
                  about,
                  traffic: &str,
                  cluster_size: usize,
                  planes: usize,
                  iterations: u32,
                  solver: &str,
                  baseline: &str| crate::labs::Preset {
        id,
        label,
        about,
        seed: None,
        section: serde_json::json!({ "traffic": traffic, "cluster_size": cluster_size, "planes": planes, "ports": 1, "order": "sa", "iterations": iterations, "solver": solver, "baseline": baseline }),
    };
    vec![
        preset(
            "ctc-preset-t16",
            "Table I, N = 16",
            "Preset: 16 LCs, random unit matrix p = 0.5, K = 6, P = 1, annealing 1000",
            "random:16:0.5",
            1,
            6,
            1000,
            "heuristic",
            "torus:3",
        ),
        preset(
            "ctc-preset-t32",
            "Table I, N = 32",
            "Preset: 32 LCs, random unit matrix p = 0.5, K = 6, P = 1, annealing 1000",
            "random:32:0.5",
            1,
            6,
            1000,
            "heuristic",
            "torus:3",
        ),
        preset(
            "ctc-preset-ring",
            "4 LCs, K = 1: the ring",
            "Preset: 4 LCs all-to-all, one plane of one port, solved by the ILP",
            "random:4:1",
            1,
            1,
            300,
            "ilp",
            "torus:3",
        ),
        preset(
            "ctc-preset-stencil",
            "Stencil 16×16 on 16 LCs",
            "Preset: a 16 by 16 halo exchange in LCs of 16 tasks, K = 4",
            "stencil:16x16",
            16,
            4,
            1000,
            "heuristic",
            "torus:2",
        ),
        preset(
            "ctc-preset-superlu",
            "SuperLU-like, 480 ranks",
            "Preset: a SuperLU-like 20 by 24 process grid in nodes of 12, K = 6, annealing 100",
            "superlu:20x24",
            12,
            6,
            100,
            "heuristic",
            "torus:3",
        ),
        preset(
            "ctc-preset-256",
            "N = 256, annealing",
            "Preset: 256 LCs, random p = 0.5, K = 6, annealing 1000",
            "random:256:0.5",
            1,
            6,
            1000,
            "heuristic",
            "torus:3",
        ),
    ]
}

/// Most annealing iterations.
pub(crate) const MAX_ITERATIONS: u32 = 100_000;
/// Most work in one annealing run, iterations × (demands + N²/2): a serving visits every
/// demand, and its distance tables (the APSP, links added in the multi-hop passes) cost about
/// N² / 2 demands' worth (sparse traffic leaves many free ports for the passes). About 10 s
/// natively at the limit (N = 256 dense: 1,800 iterations;
/// N = 1,024 dense: 110; a 64×64 stencil in LCs of 4: 220).
pub const MAX_SA_WORK: u64 = 120_000_000;
/// Most demands listed in the result (above, the list would dominate the result's size).
pub(crate) const MAX_LISTED_DEMANDS: usize = 65_536;

/// How the demands are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum OrderKind {
    /// HDF alone.
    Hdf,
    /// HDF, then simulated annealing.
    #[default]
    Sa,
}

impl crate::choice::Choices for OrderKind {
    const DECIDES: &'static str = "How the demands are ordered";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (OrderKind::Hdf, "HDF only", "Highest Demand First alone"),
        (
            OrderKind::Sa,
            "HDF + annealing",
            "Highest Demand First, improved by simulated annealing over orders (§4.2.2)",
        ),
    ];
}

/// Which solver configures the OCS.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum SolverKind {
    #[default]
    Heuristic,
    /// §4.1's ILP (small instances), warm-started from the heuristic.
    Ilp,
}

impl crate::choice::Choices for SolverKind {
    const DECIDES: &'static str = "Which solver configures the OCS";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (SolverKind::Heuristic, "Heuristic", "The serving heuristic (§4.2)"),
        (SolverKind::Ilp, "ILP (≤ 32 LCs)", "The ILP of §4.1 (planes merged), warm-started from the heuristic; proves N = 16 optimal in under a second"),
    ];
}

/// Configuration of the CTC lab.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CtcConfig {
    /// The task matrix: random:N:p, stencil:AxB[:periodic][:BYTES], fft:Z[:BYTES][:pencil],
    /// superlu:PRxPC[:BYTES][:density] or csv (the `matrix` text).
    pub traffic: String,
    /// CSV rows src,dst,bytes[,count] when `traffic` is csv.
    pub matrix: String,
    /// T: tasks per logical cluster (1: the matrix is the inter-LC traffic, §5.1).
    pub cluster_size: usize,
    /// K optical planes and P ports per LC per plane.
    pub planes: usize,
    pub ports: usize,
    pub order: OrderKind,
    /// Annealing iterations (one neighbour and one serving each).
    pub iterations: u32,
    pub solver: SolverKind,
    /// The ILP's wall-clock limit (seconds).
    pub time_limit_s: f64,
    /// The electronic-only baseline: torus:X (the most even X-D torus), torus:AxBxC, or none.
    pub baseline: String,
    /// The torus mapping's annealing iterations (None: the same as the hybrid's, §5.2).
    pub torus_iterations: Option<u32>,
    pub readings: Readings,
    pub cost: CostParams,
}

impl Default for CtcConfig {
    fn default() -> Self {
        // Table I's setting: N = 16, p = 0.5, K = 6, P = 1, SA 1000
        CtcConfig {
            traffic: "random:16:0.5".into(),
            matrix: String::new(),
            cluster_size: 1,
            planes: 6,
            ports: 1,
            order: OrderKind::Sa,
            iterations: 1000,
            solver: SolverKind::Heuristic,
            time_limit_s: 10.0,
            baseline: "torus:3".into(),
            torus_iterations: None,
            readings: Readings::default(),
            cost: CostParams::default(),
        }
    }
}

impl CtcConfig {
    /// The OCS, checked against the number of LCs.
    pub fn ocs(&self, lcs: usize) -> Result<Ocs> {
        if !(1..=MAX_PLANES).contains(&self.planes) {
            return Err(Error::invalid(
                "planes",
                format!("from 1 to {MAX_PLANES} planes, not {}", self.planes),
            ));
        }
        if !(1..=MAX_PORTS).contains(&self.ports) {
            return Err(Error::invalid(
                "ports",
                format!("from 1 to {MAX_PORTS} ports per plane, not {}", self.ports),
            ));
        }
        if self.planes * self.ports >= lcs.max(2) {
            return Err(Error::invalid(
                "planes",
                format!(
                    "K·P = {} links per LC reach all {} others already: at most {} for {lcs} LCs",
                    self.planes * self.ports,
                    lcs.saturating_sub(1),
                    lcs.saturating_sub(2).max(1)
                ),
            ));
        }
        Ok(Ocs {
            planes: self.planes,
            ports: self.ports,
        })
    }

    /// What a run refuses before it configures the OCS (`Lab::precheck` and the run alike): the
    /// fields, the matrix and its clustering into LCs, the OCS against them, the torus baseline,
    /// the ILP's size. (The precheck passed planes 0, which the run refused.)
    fn checked_run(&self, seed: u64) -> Result<(Prepared, Option<Vec<usize>>)> {
        let p = self.prepare(seed, 0)?;
        let torus = match self.baseline.trim() {
            "none" | "" => None,
            spec => Some(torus::parse_dims(spec, p.traffic.lcs)?),
        };
        if self.solver == SolverKind::Ilp && p.traffic.lcs > ilp::MAX_ILP_LCS {
            return Err(Error::invalid(
                "solver",
                format!(
                    "the ILP takes at most {} LCs, not {}: use the heuristic",
                    ilp::MAX_ILP_LCS,
                    p.traffic.lcs
                ),
            ));
        }
        Ok((p, torus))
    }

    /// Every scalar checked (sizes are checked once the matrix is known).
    pub(crate) fn check(&self) -> Result<()> {
        let r = &self.readings;
        if !(1..=MAX_DEPTH).contains(&r.depth) {
            return Err(Error::invalid(
                "readings.depth",
                format!("from 1 to {MAX_DEPTH}, not {}", r.depth),
            ));
        }
        if !(r.t0.is_finite() && r.t0 > 0.0 && r.t0 <= 1e18) {
            return Err(Error::invalid(
                "readings.t0",
                format!("a temperature above 0, not {}", r.t0),
            ));
        }
        if !(r.cooling.is_finite() && r.cooling > 0.0 && r.cooling <= 1.0) {
            return Err(Error::invalid(
                "readings.cooling",
                format!("a factor in (0, 1], not {}", r.cooling),
            ));
        }
        if self.iterations > MAX_ITERATIONS {
            return Err(Error::invalid(
                "iterations",
                format!("at most {MAX_ITERATIONS}, not {}", self.iterations),
            ));
        }
        if let Some(t) = self.torus_iterations {
            if t > MAX_ITERATIONS {
                return Err(Error::invalid(
                    "torus_iterations",
                    format!("at most {MAX_ITERATIONS}, not {t}"),
                ));
            }
        }
        if !(self.time_limit_s.is_finite() && (0.1..=3600.0).contains(&self.time_limit_s)) {
            return Err(Error::invalid(
                "time_limit_s",
                format!("from 0.1 to 3600 s, not {}", self.time_limit_s),
            ));
        }
        let c = &self.cost;
        for (field, v, max) in [
            ("cost.port_ratio", c.port_ratio, 100.0),
            ("cost.txrx_cost", c.txrx_cost, 100.0),
        ] {
            if !(v.is_finite() && (0.0..=max).contains(&v)) {
                return Err(Error::invalid(field, format!("from 0 to {max}, not {v}")));
            }
        }
        if c.eps_core_ports > 64 || c.nodes_per_rack > 10_000 {
            return Err(Error::invalid(
                "cost",
                "at most 64 EPS-core ports per LC and 10,000 nodes per rack",
            ));
        }
        Ok(())
    }
}

/// The inputs of a run, built and checked: the matrix, the clustering, the inter-LC traffic.
pub struct Prepared {
    pub matrix: TaskMatrix,
    pub lc_of_task: Vec<u32>,
    pub members: Vec<Vec<u32>>,
    pub splits: Vec<Split>,
    pub traffic: LcTraffic,
    pub ocs: Ocs,
}

impl CtcConfig {
    /// Build the matrix (study matrix `index`), cluster it and check the sizes.
    pub fn prepare(&self, seed: u64, index: u32) -> Result<Prepared> {
        self.check()?;
        let matrix = inputs::build(&self.traffic, seed, index, &self.matrix)?;
        let lcs = self.lc_count(matrix.tasks)?;
        let ocs = self.ocs(lcs)?;
        let spectral::Clustering {
            lc_of_task,
            members,
            splits,
        } = spectral::cluster_tasks(&matrix, self.cluster_size, self.readings.laplacian);
        let traffic = LcTraffic::new(&matrix, &lc_of_task, lcs);
        if traffic.demands.is_empty() {
            return Err(Error::invalid(
                "cluster_size",
                "every byte stays inside an LC: no inter-LC traffic to configure for",
            ));
        }
        self.check_sa_work(lcs, traffic.demands.len())?;
        Ok(Prepared {
            matrix,
            lc_of_task,
            members,
            splits,
            traffic,
            ocs,
        })
    }

    /// The LCs that `tasks` tasks in clusters of `cluster_size` make: from 3 to `MAX_LCS`.
    fn lc_count(&self, tasks: usize) -> Result<usize> {
        let t = self.cluster_size;
        if t == 0 || t > tasks {
            return Err(Error::invalid(
                "cluster_size",
                format!("from 1 to the {tasks} tasks, not {t}"),
            ));
        }
        let lcs = tasks.div_ceil(t);
        if lcs > MAX_LCS {
            return Err(Error::invalid(
                "cluster_size",
                format!(
                    "{tasks} tasks in LCs of {t} make {lcs} LCs, above the limit of {MAX_LCS}: at least {} tasks per LC",
                    tasks.div_ceil(MAX_LCS)
                ),
            ));
        }
        if lcs < 3 {
            return Err(Error::invalid(
                "cluster_size",
                format!("{tasks} tasks in LCs of {t} make {lcs} LCs: at least 3 are needed"),
            ));
        }
        Ok(lcs)
    }

    /// Refuses an annealing order whose work (iterations × (demands + N²/2)) is above
    /// `MAX_SA_WORK`.
    fn check_sa_work(&self, lcs: usize, demands: usize) -> Result<()> {
        let per_iteration = demands as u64 + (lcs * lcs / 2) as u64;
        if self.order == OrderKind::Sa && u64::from(self.iterations) * per_iteration > MAX_SA_WORK {
            return Err(Error::invalid(
                "iterations",
                format!(
                    "{} iterations on {lcs} LCs with {demands} demands are above what a run may take (iterations × (demands + N²/2) ≤ {MAX_SA_WORK}): at most {} iterations here",
                    self.iterations,
                    MAX_SA_WORK / per_iteration
                ),
            ));
        }
        Ok(())
    }

    /// The annealing schedule of the hybrid.
    pub fn schedule(&self, iterations: u32) -> Schedule {
        pipeline::schedule(&self.readings, iterations)
    }
}

/// HDF then (if asked) annealing of `p`'s demands (`pipeline::order_and_anneal` with this
/// configuration's readings); `each` sees every annealing point.
pub fn order_and_anneal(
    c: &CtcConfig,
    p: &Prepared,
    seed: u64,
    chain: u32,
    iterations: u32,
    each: impl FnMut(CurvePoint),
) -> Ordered {
    pipeline::order_and_anneal(
        &p.traffic,
        p.ocs,
        &c.readings,
        seed,
        chain,
        iterations,
        each,
    )
}

/// A link in the result: plane (0-based), ends, the pass that made it, bytes routed over it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LinkOut {
    pub plane: u8,
    pub src: u32,
    pub dst: u32,
    pub pass: u8,
    pub bytes: u64,
}

/// The torus baseline in the result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TorusOut {
    pub dims: Vec<usize>,
    pub degree: usize,
    pub node_of_lc: Vec<usize>,
    pub start_hop_bytes: u64,
    pub hop_bytes: u64,
    pub iterations: u32,
    pub curve: Vec<CurvePoint>,
}

/// Both networks' cost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CostOut {
    pub hybrid: Cost,
    pub torus: Option<Cost>,
    /// Hybrid over torus.
    pub ratio: Option<f64>,
}

/// A matrix drawn as a heatmap: `size`×`size` cells (bins of `per_cell` rows), row-major
/// bytes, with the LC boundaries (cell positions where an LC starts).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Heatmap {
    pub rows: usize,
    pub size: usize,
    pub per_cell: usize,
    pub cells: Vec<u64>,
    pub lc_starts: Vec<usize>,
}

/// Most cells per side of a heatmap.
pub(crate) const HEATMAP_MAX: usize = 128;

impl Heatmap {
    /// `rows`×`rows` entries given by position (already reordered), LCs starting at `starts`.
    fn new(
        rows: usize,
        entries: impl Iterator<Item = (usize, usize, u64)>,
        starts: &[usize],
    ) -> Heatmap {
        let per_cell = rows.div_ceil(HEATMAP_MAX).max(1);
        let size = rows.div_ceil(per_cell);
        let mut cells = vec![0u64; size * size];
        for (a, b, bytes) in entries {
            cells[(a / per_cell) * size + b / per_cell] += bytes;
        }
        let mut lc_starts: Vec<usize> = starts.iter().map(|&s| s / per_cell).collect();
        lc_starts.dedup();
        Heatmap {
            rows,
            size,
            per_cell,
            cells,
            lc_starts,
        }
    }
}

/// The result of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CtcResult {
    pub traffic: String,
    pub traffic_about: String,
    pub tasks: usize,
    pub lcs: usize,
    pub cluster_size: usize,
    pub planes: usize,
    pub ports: usize,
    pub demands: usize,
    pub total_bytes: u64,
    pub intra_lc_bytes: u64,
    /// The configuration shown (the ILP's when it found one, else the heuristic's): Σ bytes ×
    /// hops over the demands with a path; the demands without one are `unserved`, not counted.
    pub hop_bytes: u64,
    /// Hop-bytes over the bytes between LCs; null when a demand is unserved (its hops are
    /// undefined) or no bytes cross between LCs.
    pub avg_hops: Option<f64>,
    /// Bytes at 1, 2, 3, … hops.
    pub by_hops: Vec<u64>,
    pub direct_demands: usize,
    pub links: Vec<LinkOut>,
    pub unserved: Vec<Unserved>,
    pub hdf_hop_bytes: u64,
    pub heuristic_hop_bytes: u64,
    pub sa_curve: Vec<CurvePoint>,
    pub iterations: u32,
    /// 2·V − M* (None above the bound's size limit).
    pub lower_bound: Option<u64>,
    /// (hop_bytes − bound) / bound; None without a bound or with a demand unserved (the bound
    /// counts every demand, hop_bytes only those with a path).
    pub gap_to_bound: Option<f64>,
    /// The ILP: proven optimal, its best bound, and the solve.
    pub optimal: Option<bool>,
    pub bound: Option<f64>,
    pub ilp: Option<IlpOutcome>,
    pub torus_hop_bytes: Option<u64>,
    pub torus: Option<TorusOut>,
    pub cost: CostOut,
    /// Demands in id order (s, d, bytes) and the order served (indices), when there are at
    /// most `MAX_LISTED_DEMANDS` (the page's steps and details have them all).
    pub demand_list: Vec<Demand>,
    pub order: Vec<u32>,
    /// Members of each LC (when T > 1) and the splits that made them.
    pub clusters: Option<Vec<Vec<u32>>>,
    pub splits: Vec<Split>,
    pub task_heatmap: Heatmap,
    pub lc_heatmap: Heatmap,
    pub readings: Readings,
    pub seed: u64,
    pub runtime_ms: f64,
}

/// A finished run.
pub struct CtcRun {
    result: CtcResult,
    demands: Vec<Demand>,
    order: Vec<u32>,
    events: Vec<Event>,
    /// Decisions not recorded (beyond `serve::MAX_EVENTS`).
    dropped: usize,
    /// Links made up to each event (prefix counts into `result.links` in making order).
    made_links: Vec<(u32, u32, u8)>,
    made_after: Vec<usize>,
    topology: Topology,
    /// Directed channel of every made link, by link index.
    channel_of: Vec<ChannelId>,
    channel_bytes: Vec<u64>,
    apsp: crate::hybrid::ctc::apsp::Apsp,
    members: Vec<Vec<u32>>,
    ports_used: (Vec<u8>, Vec<u8>),
}

impl CtcRun {
    pub fn run(
        c: &CtcConfig,
        seed: u64,
        record: bool,
        progress: &mut dyn FnMut(f64),
    ) -> Result<CtcRun> {
        let started = crate::clock::now_seconds();
        let (p, torus) = c.checked_run(seed)?;
        let t = &p.traffic;
        progress(0.05);
        let iterations = if c.order == OrderKind::Sa {
            c.iterations
        } else {
            0
        };
        let plan = Plan {
            ocs: p.ocs,
            readings: c.readings,
            iterations,
            ilp_time_limit_s: (c.solver == SolverKind::Ilp).then_some(c.time_limit_s),
            torus: torus.map(|dims| (dims, c.torus_iterations.unwrap_or(iterations))),
        };
        let done = pipeline::configure(t, &plan, seed, record, progress)?;
        let result = c.result(&p, &plan, &done, seed, started);
        let (topology, channel_of, made_links, made_after) = figure_network(t, c, &done);
        let mut channel_bytes = vec![0u64; topology.channel_count()];
        for (&bytes, &ch) in done.measured.link_bytes.iter().zip(&channel_of) {
            channel_bytes[ch.index()] = bytes;
        }
        Ok(CtcRun {
            result,
            demands: t.demands.clone(),
            order: done.ordered.order,
            events: done.events,
            dropped: done.events_dropped,
            made_links,
            made_after,
            topology,
            channel_of,
            channel_bytes,
            apsp: done.apsp,
            members: p.members,
            ports_used: done.ports_used,
        })
    }

    pub fn result(&self) -> &CtcResult {
        &self.result
    }
}

impl CtcConfig {
    /// The result of a configured run, in the lab's shape.
    fn result(
        &self,
        p: &Prepared,
        plan: &Plan,
        done: &Configured,
        seed: u64,
        started: f64,
    ) -> CtcResult {
        let t = &p.traffic;
        let m = &done.measured;
        let torus = done
            .torus
            .as_ref()
            .zip(plan.torus.as_ref())
            .map(|(m, (_, its))| TorusOut {
                dims: m.dims.clone(),
                degree: m.degree,
                node_of_lc: m.node_of.clone(),
                start_hop_bytes: m.start_hop_bytes,
                hop_bytes: m.hop_bytes,
                iterations: *its,
                curve: m.curve.clone(),
            });
        let hybrid_cost = self.cost.hybrid(t.lcs, p.ocs.planes, p.ocs.ports);
        let torus_cost = torus.as_ref().map(|m| {
            self.cost
                .torus(t.lcs, m.dims.iter().filter(|&&k| k > 1).count())
        });
        let (task_heatmap, lc_heatmap) = heatmaps(p);
        let listed = t.demands.len() <= MAX_LISTED_DEMANDS;
        CtcResult {
            traffic: self.traffic.clone(),
            traffic_about: inputs::GENERATORS
                .iter()
                .find(|g| self.traffic.trim().starts_with(g.name))
                .map_or(String::new(), |g| g.about.to_string()),
            tasks: p.matrix.tasks,
            lcs: t.lcs,
            cluster_size: self.cluster_size,
            planes: self.planes,
            ports: self.ports,
            demands: t.demands.len(),
            total_bytes: t.total_bytes(),
            intra_lc_bytes: t.intra_bytes,
            hop_bytes: m.hop_bytes,
            avg_hops: (m.unserved.is_empty() && t.total_bytes() > 0)
                .then(|| m.hop_bytes as f64 / t.total_bytes() as f64),
            by_hops: m.by_hops.clone(),
            direct_demands: m.direct_demands,
            links: done
                .links
                .iter()
                .zip(&m.link_bytes)
                .map(|(&(src, dst, plane, pass), &bytes)| LinkOut {
                    plane,
                    src,
                    dst,
                    pass,
                    bytes,
                })
                .collect(),
            unserved: m.unserved.clone(),
            hdf_hop_bytes: done.ordered.hdf_cost,
            heuristic_hop_bytes: done.heuristic_hop_bytes,
            sa_curve: done.ordered.curve.clone(),
            iterations: plan.iterations,
            lower_bound: done.lower_bound,
            // (the bound counts every demand; hop-bytes only those with a path: with a demand
            // unserved the two do not compare, and a "gap" of −99% said the opposite of what
            // happened)
            gap_to_bound: done
                .lower_bound
                .filter(|_| m.unserved.is_empty())
                .map(|b| (m.hop_bytes as f64 - b as f64) / (b as f64).max(1.0)),
            optimal: done.ilp.as_ref().map(|o| o.optimal),
            bound: done.ilp.as_ref().and_then(|o| o.bound),
            ilp: done.ilp.clone(),
            torus_hop_bytes: torus.as_ref().map(|m| m.hop_bytes),
            torus,
            cost: CostOut {
                hybrid: hybrid_cost,
                torus: torus_cost,
                ratio: torus_cost.map(|tc| hybrid_cost.total / tc.total),
            },
            demand_list: if listed {
                t.demands.clone()
            } else {
                Vec::new()
            },
            order: if listed {
                done.ordered.order.clone()
            } else {
                Vec::new()
            },
            clusters: (self.cluster_size > 1).then(|| p.members.clone()),
            splits: p.splits.clone(),
            task_heatmap,
            lc_heatmap,
            readings: self.readings,
            seed,
            runtime_ms: (crate::clock::now_seconds() - started) * 1e3,
        }
    }
}

/// The task matrix in LC order (LC boundaries marked) and the LC matrix, as heatmaps.
fn heatmaps(p: &Prepared) -> (Heatmap, Heatmap) {
    let mut position = vec![0usize; p.matrix.tasks];
    let mut starts = Vec::with_capacity(p.members.len());
    let mut at = 0;
    for m in &p.members {
        starts.push(at);
        for &x in m {
            position[x as usize] = at;
            at += 1;
        }
    }
    let tasks = Heatmap::new(
        p.matrix.tasks,
        p.matrix
            .entries
            .iter()
            .map(|&(s, d, b)| (position[s as usize], position[d as usize], b)),
        &starts,
    );
    let t = &p.traffic;
    let lcs = Heatmap::new(
        t.lcs,
        t.demands
            .iter()
            .map(|d| (d.s as usize, d.d as usize, d.bytes)),
        &[],
    );
    (tasks, lcs)
}

/// The figure's network: one link per LC pair with an OCS link either way, the configuration's
/// links first (their channels, by link index), then the serving's (when the ILP ran they
/// differ, and its steps show them), with the links made up to each event.
#[allow(clippy::type_complexity)]
fn figure_network(
    t: &LcTraffic,
    c: &CtcConfig,
    done: &Configured,
) -> (Topology, Vec<ChannelId>, Vec<(u32, u32, u8)>, Vec<usize>) {
    let mut topology = Topology::new(
        format!("ctc:{}", c.traffic),
        Shape::Circle { n: t.lcs },
        vec![SwitchInfo::default(); t.lcs],
    );
    let channel_of: Vec<ChannelId> = done
        .links
        .iter()
        .map(|&(u, v, plane, _)| optical_channel(&mut topology, u, v, plane))
        .collect();
    let (made_links, made_after) = steps::made_by_event(&done.events, &t.demands);
    for &(u, v, plane) in &made_links {
        optical_channel(&mut topology, u, v, plane);
    }
    (topology, channel_of, made_links, made_after)
}

/// The channel u → v of the figure's network, adding the link (both directions) on first use.
fn optical_channel(topology: &mut Topology, u: u32, v: u32, plane: u8) -> ChannelId {
    let (a, b) = (SwitchId(u), SwitchId(v));
    if let Some(ch) = topology.channel_between(a, b) {
        return ch;
    }
    topology.add_link(
        a,
        b,
        LinkInfo {
            kind: LinkKind::Optical,
            plane,
            ..LinkInfo::default()
        },
    );
    topology.channel_between(a, b).expect("just added")
}

impl LabRun for CtcRun {
    fn result(&self) -> Value {
        json(&self.result)
    }

    fn steps(&self) -> Vec<StepSummary> {
        steps::summaries(
            &self.result,
            &self.demands,
            &self.order,
            &self.events,
            self.dropped,
            &self.made_after,
        )
    }

    /// The LC graph on a circle: links coloured by the bytes they carry; at a serving step,
    /// only the links the serving made so far, the step's demand and new links marked (with
    /// the ILP, its configuration is the last step's and the figure's without a step).
    fn figure(&self, view: &View) -> Result<crate::render::Figure> {
        let r = &self.result;
        let shown_step = view.step_index().filter(|&i| i < self.events.len());
        let made = shown_step.map_or(usize::MAX, |i| self.made_after[i]);
        let mut hidden = vec![true; self.topology.channel_count()];
        let at_step = shown_step.is_some();
        let mut values = vec![0u32; self.topology.channel_count()];
        if let Some(limit) = shown_step.map(|_| made) {
            for &(u, v, _) in self.made_links.iter().take(limit) {
                if let Some(ch) = self.topology.channel_between(SwitchId(u), SwitchId(v)) {
                    hidden[ch.index()] = false;
                    values[ch.index()] = 1;
                }
            }
        } else {
            let max = self.channel_bytes.iter().copied().max().unwrap_or(0).max(1);
            let scale = (max / u64::from(u32::MAX / 2)).max(1);
            for &ch in &self.channel_of {
                hidden[ch.index()] = false;
                values[ch.index()] = (self.channel_bytes[ch.index()] / scale).max(1) as u32;
            }
        }
        let max_value = values.iter().copied().max().unwrap_or(0).max(1);
        let mut state = crate::render::FigureState {
            channel_values: &values,
            max_value,
            legend: if at_step {
                "links made so far"
            } else {
                "bytes over each OCS link (shortest paths)"
            },
            hidden,
            selected: view.channel.map(ChannelId),
            ..Default::default()
        };
        if let Some(i) = shown_step {
            let (demand, new) = steps::event_demand_and_links(&self.events[i]);
            if let Some(d) = demand.and_then(|d| self.demands.get(d as usize)) {
                state.step_switches = vec![SwitchId(d.s), SwitchId(d.d)];
            }
            state.step_channels = new
                .iter()
                .filter_map(|&(u, v)| self.topology.channel_between(SwitchId(u), SwitchId(v)))
                .collect();
        }
        state.caption = format!(
            "{} · {} LCs · K = {}, P = {} · hop-bytes {} ({}){}",
            r.traffic,
            r.lcs,
            r.planes,
            r.ports,
            r.hop_bytes,
            r.avg_hops.map_or_else(
                || format!("{} demands unserved", r.unserved.len()),
                |h| format!("{h:.2} hops per byte")
            ),
            r.torus_hop_bytes
                .map_or(String::new(), |t| format!(" · torus {t}"))
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

    /// Bytes per directed channel of the LC graph.
    fn csv(&self) -> String {
        let loads: Vec<u32> = self
            .channel_bytes
            .iter()
            .map(|&b| b.min(u64::from(u32::MAX)) as u32)
            .collect();
        crate::export::channel_loads_csv(&self.topology, &loads, None)
    }

    fn channel_loads(&self) -> Option<Loads> {
        Some(Loads {
            per_channel: self.channel_bytes.iter().map(|&b| b as f64).collect(),
            measure: "bytes over the OCS link in this direction (shortest paths)",
        })
    }

    /// `{"demand": i}` or `{"pair": [s, d]}`: the demand's volume, order position, link or
    /// refusal, path; `{"lc": i}`: its tasks, ports per plane and links; `{"channel": c}`:
    /// the link and the demands routed over it.
    fn detail(&self, query: &Value, _view: &View) -> Result<Value> {
        steps::detail(self, query)
    }
}

impl CtcRun {
    pub(crate) fn parts(&self) -> steps::Parts<'_> {
        steps::Parts {
            result: &self.result,
            demands: &self.demands,
            order: &self.order,
            events: &self.events,
            apsp: &self.apsp,
            members: &self.members,
            ports_used: (&self.ports_used.0, &self.ports_used.1),
            topology: &self.topology,
        }
    }
}

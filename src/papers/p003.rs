//! Paper 003 §5.1, a study of the CTC lab: `table-1`, Table I's setting — 10 random unit matrices with N = 16 and 32 LCs, p = 0.5, K = 6, P = 1 — with HDF,
//! SA 100 and SA 1000 (one chain read at 100 and 1000), the 2V − M* lower bound, the ILP for
//! N = 16, and the 3-D torus mapping by the same annealing, with id and random HDF ties.

use super::Reproduction;
use crate::hybrid::ctc::ilp::{self, IlpLimits};
use crate::hybrid::ctc::pipeline::ilp_from_order;
use crate::hybrid::ctc::torus::TorusMapping;
use crate::hybrid::ctc::{bound, torus, LcTraffic, Tie};
use crate::labs::ctc::{order_and_anneal, CtcConfig, OrderKind};
use crate::labs::{config, json, study_args, Report, Study};
use crate::rng::{stream, Purpose};
use crate::Result;
use serde::{Deserialize, Serialize};

/// Table I, a study of the CTC lab.
pub(crate) const STUDIES: &[Reproduction] = &[
    Reproduction::of("ctc", Study {
        name: "table-1",
        title: "Table I: heuristic against ILP and torus",
        about: "§5.1: 10 random unit matrices (p = 0.5) with 16 and 32 LCs, K = 6, P = 1: HDF, SA 100, SA 1000 (id ties and random ties), the 2V − M* lower bound, the ILP at N = 16, and the 3-D torus mapping; per matrix and the means",
        args: crate::labs::NO_ARGS,
        run: |section, seed, args, report| {
            Ok(json(&table_1(&config(section)?, seed, &study_args(args)?, report)?))
        },
        precheck: |section, _seed, args| {
            config::<CtcConfig>(section)?.check()?;
            let a: Table1Args = study_args(args)?;
            check_table_1_sizes(&a)?;
            check_table_1_work(&a)
        },
    }),
];

/// Table I's arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Table1Args {
    /// Matrices per size.
    pub matrices: u32,
    pub sizes: Vec<usize>,
    /// Solve the ILP for sizes up to this many LCs.
    pub ilp_up_to: usize,
    /// The ILP's limit per matrix: seconds, and nodes (deterministic, for tests).
    pub ilp_time_limit_s: f64,
    pub ilp_node_limit: Option<u64>,
}

impl Default for Table1Args {
    fn default() -> Self {
        Table1Args {
            matrices: 10,
            sizes: vec![16, 32],
            ilp_up_to: 16,
            ilp_time_limit_s: 60.0,
            ilp_node_limit: None,
        }
    }
}

/// One matrix of Table I.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table1Row {
    pub lcs: usize,
    pub matrix: u32,
    pub demands: usize,
    pub hdf: u64,
    pub sa100: u64,
    pub sa1000: u64,
    pub hdf_random_ties: u64,
    pub sa1000_random_ties: u64,
    pub lower_bound: Option<u64>,
    pub ilp: Option<f64>,
    pub ilp_optimal: Option<bool>,
    pub ilp_bound: Option<f64>,
    pub ilp_ms: Option<f64>,
    pub torus_start: u64,
    pub torus_sa100: u64,
    pub torus_sa1000: u64,
    pub heuristic_ms: f64,
}

/// Means per size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table1Mean {
    pub lcs: usize,
    pub hdf: f64,
    pub sa100: f64,
    pub sa1000: f64,
    pub hdf_random_ties: f64,
    pub sa1000_random_ties: f64,
    pub lower_bound: Option<f64>,
    pub ilp: Option<f64>,
    pub ilp_optimal: usize,
    pub sa1000_gap_to_ilp: Option<f64>,
    pub torus_start: f64,
    pub torus_sa100: f64,
    pub torus_sa1000: f64,
}

impl Table1Mean {
    /// The means over the rows of size `n` (the ILP's and the bound's only when every row
    /// has one).
    fn of(rows: &[Table1Row], n: usize) -> Table1Mean {
        let of: Vec<&Table1Row> = rows.iter().filter(|r| r.lcs == n).collect();
        let k = of.len() as f64;
        let mean = |f: &dyn Fn(&Table1Row) -> f64| of.iter().map(|r| f(r)).sum::<f64>() / k;
        let all = |f: &dyn Fn(&Table1Row) -> Option<f64>| -> Option<f64> {
            of.iter()
                .map(|r| f(r))
                .collect::<Option<Vec<f64>>>()
                .map(|v| v.iter().sum::<f64>() / k)
        };
        let ilp = all(&|r| r.ilp);
        let sa = mean(&|r| r.sa1000 as f64);
        Table1Mean {
            lcs: n,
            hdf: mean(&|r| r.hdf as f64),
            sa100: mean(&|r| r.sa100 as f64),
            sa1000: sa,
            hdf_random_ties: mean(&|r| r.hdf_random_ties as f64),
            sa1000_random_ties: mean(&|r| r.sa1000_random_ties as f64),
            lower_bound: all(&|r| r.lower_bound.map(|b| b as f64)),
            ilp,
            ilp_optimal: of.iter().filter(|r| r.ilp_optimal == Some(true)).count(),
            sa1000_gap_to_ilp: ilp.map(|i| (sa - i) / i),
            torus_start: mean(&|r| r.torus_start as f64),
            torus_sa100: mean(&|r| r.torus_sa100 as f64),
            torus_sa1000: mean(&|r| r.torus_sa1000 as f64),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table1 {
    pub rows: Vec<Table1Row>,
    pub means: Vec<Table1Mean>,
}

/// One matrix: both tie rules, the bound, the ILP and the torus.
fn table_1_row(
    c: &CtcConfig,
    seed: u64,
    lcs: usize,
    index: u32,
    a: &Table1Args,
) -> Result<Table1Row> {
    let started = crate::clock::now_seconds();
    let c = table_1_config(c, lcs);
    let p = c.prepare(seed, index)?;
    let mut at100 = 0;
    let ordered = order_and_anneal(&c, &p, seed, index, 1000, |pt| {
        if pt.iteration == 100 {
            at100 = pt.best;
        }
    });
    let mut random = c.clone();
    random.readings.tie = Tie::Random;
    let ordered_random = order_and_anneal(&random, &p, seed, index, 1000, |_| {});
    let heuristic_ms = (crate::clock::now_seconds() - started) * 1e3;
    let t = &p.traffic;
    let ilp = if lcs <= a.ilp_up_to.min(ilp::MAX_ILP_LCS) {
        let limits = IlpLimits {
            time_limit_s: a.ilp_time_limit_s,
            node_limit: a.ilp_node_limit,
        };
        Some(ilp_from_order(
            t,
            p.ocs,
            c.readings,
            &ordered.order,
            limits,
        )?)
    } else {
        None
    };
    let (torus, torus100) = torus_mapping(&c, t, seed, index);
    Ok(Table1Row {
        lcs,
        matrix: index,
        demands: t.demands.len(),
        hdf: ordered.hdf_cost,
        sa100: at100,
        sa1000: ordered.cost,
        hdf_random_ties: ordered_random.hdf_cost,
        sa1000_random_ties: ordered_random.cost,
        lower_bound: bound::lower_bound(t, p.ocs.degree()),
        ilp: ilp.as_ref().and_then(|o| o.hop_bytes),
        ilp_optimal: ilp.as_ref().map(|o| o.optimal),
        ilp_bound: ilp.as_ref().and_then(|o| o.bound),
        ilp_ms: ilp.as_ref().map(|o| o.elapsed_ms),
        torus_start: torus.start_hop_bytes,
        torus_sa100: torus100,
        torus_sa1000: torus.hop_bytes,
        heuristic_ms,
    })
}

/// Table I's setting on `c`: `lcs` tasks of a random unit matrix with p = 0.5, one per LC,
/// K = 6 planes of P = 1 port, SA 1000 with id ties.
fn table_1_config(c: &CtcConfig, lcs: usize) -> CtcConfig {
    let mut c = CtcConfig {
        traffic: format!("random:{lcs}:0.5"),
        cluster_size: 1,
        planes: 6,
        ports: 1,
        order: OrderKind::Sa,
        iterations: 1000,
        ..c.clone()
    };
    c.readings.tie = Tie::Id;
    c
}

/// The 3-D torus mapping of matrix `index` by 1,000 iterations of the same annealing, and
/// its best hop-bytes at iteration 100.
fn torus_mapping(c: &CtcConfig, t: &LcTraffic, seed: u64, index: u32) -> (TorusMapping, u64) {
    let dims = torus::balanced_dims(t.lcs, 3);
    let mut rng = stream(seed, Purpose::Search, 1_000_000 + index);
    let mut torus100 = 0;
    let m = torus::map(t, &dims, c.schedule(1000), &mut rng, |pt| {
        if pt.iteration == 100 {
            torus100 = pt.best;
        }
    });
    (m, torus100)
}

/// Most annealing work of a Table I request: three chains of 1,000 iterations (two tie rules
/// and the torus) per matrix, each about 1,000 × N² steps; ten runs' worth of `MAX_SA_WORK`.
pub const MAX_TABLE_1_WORK: u64 = 10 * crate::labs::ctc::MAX_SA_WORK;
/// Most seconds the ILPs of one Table I request may be given in all (matrices × ILP sizes ×
/// the limit per matrix) when no node limit is given; the solver stops at the limit and
/// reports its bound.
pub const MAX_TABLE_1_ILP_S: f64 = 3600.0;
/// Most branch-and-bound nodes the ILPs of one Table I request may take in all when a node
/// limit is given (the ILP at N = 16 proves optimality in about 25).
pub const MAX_TABLE_1_ILP_NODES: u64 = 1_000_000;

/// The request's sizes: 1 to 100 matrices of 4 to 256 LCs.
fn check_table_1_sizes(a: &Table1Args) -> Result<()> {
    if a.matrices == 0
        || a.matrices > 100
        || a.sizes.is_empty()
        || a.sizes.iter().any(|&n| !(4..=256).contains(&n))
    {
        return Err(crate::Error::invalid(
            "arguments",
            "1 to 100 matrices of 4 to 256 LCs",
        ));
    }
    Ok(())
}

/// The whole request's work, checked before any matrix runs.
fn check_table_1_work(a: &Table1Args) -> Result<()> {
    let work: u64 = a
        .sizes
        .iter()
        .map(|&n| 3 * 1000 * (n as u64).pow(2) * u64::from(a.matrices))
        .sum();
    if work > MAX_TABLE_1_WORK {
        return Err(crate::Error::invalid(
            "arguments",
            format!("{} matrices of sizes {:?} are about {work} annealing steps, above the limit of {MAX_TABLE_1_WORK} for one request: fewer matrices or smaller sizes", a.matrices, a.sizes),
        ));
    }
    if !(a.ilp_time_limit_s.is_finite() && (0.1..=3600.0).contains(&a.ilp_time_limit_s)) {
        return Err(crate::Error::invalid(
            "ilp_time_limit_s",
            format!(
                "the ILP's limit per matrix is from 0.1 to 3600 s, not {}",
                a.ilp_time_limit_s
            ),
        ));
    }
    let ilps = a
        .sizes
        .iter()
        .filter(|&&n| n <= a.ilp_up_to.min(ilp::MAX_ILP_LCS))
        .count() as f64
        * f64::from(a.matrices);
    // a node limit bounds the solver by counted work (the tests' way); without one, the
    // seconds given to all the ILPs are the budget
    if let Some(nodes) = a.ilp_node_limit {
        if ilps * nodes as f64 > MAX_TABLE_1_ILP_NODES as f64 {
            return Err(crate::Error::invalid(
                "ilp_node_limit",
                format!("{ilps} ILPs × {nodes} nodes is above the {MAX_TABLE_1_ILP_NODES} branch-and-bound nodes one request may take"),
            ));
        }
    } else if ilps * a.ilp_time_limit_s > MAX_TABLE_1_ILP_S {
        return Err(crate::Error::invalid(
            "ilp_time_limit_s",
            format!("{ilps} ILPs × {} s is above the {MAX_TABLE_1_ILP_S} s one request may give the solver: at most {:.1} s per matrix", a.ilp_time_limit_s, MAX_TABLE_1_ILP_S / ilps),
        ));
    }
    Ok(())
}

/// Table I: every (size, matrix) on every core, rows streamed as they finish.
pub fn table_1(c: &CtcConfig, seed: u64, a: &Table1Args, report: Report<'_>) -> Result<Table1> {
    check_table_1_sizes(a)?;
    check_table_1_work(a)?;
    let jobs: Vec<(usize, u32)> = a
        .sizes
        .iter()
        .flat_map(|&n| (0..a.matrices).map(move |i| (n, i)))
        .collect();
    let total = jobs.len() as f64;
    let mut done = 0.0;
    let mut rows = crate::parallel::try_map_chunked(
        &jobs,
        crate::parallel::threads(),
        |&(n, i)| table_1_row(c, seed, n, i, a),
        |_, row: &Table1Row| {
            done += 1.0;
            report(done / total, Some(json(row)));
        },
    )?;
    crate::sort::by_key(&mut rows, |r| (r.lcs, r.matrix));
    let means = a.sizes.iter().map(|&n| Table1Mean::of(&rows, n)).collect();
    Ok(Table1 { rows, means })
}

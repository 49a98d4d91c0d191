//! The ILP of paper 003 §4.1 for the topology part, solved with microlp (pure Rust, so it runs
//! in the page's worker too). The K planes are merged into one binary y_ij per LC pair with
//! out- and in-degree ≤ K·P: without capacities a second parallel link never lowers hop-bytes,
//! and any such link set splits back into K planes of P ports (`planes`, König). Flows are
//! aggregated by source (f^s_ij; exact without capacities, N³ instead of N⁴ variables):
//! min Σ f subject to conservation (source s emits Σ_t d_st, LC v absorbs d_sv), linking
//! f^s_ij ≤ (Σ_t d_st)·y_ij, no flow back into its source, and the valid cut
//! Σ f ≥ 2·V − Σ d_st·y_st (a demand without its own link takes ≥ 2 hops), which makes the
//! root relaxation as strong as the 2V − M* bound. With T = 1 (§5.1) this is §4.1's problem;
//! with T > 1 it configures the topology for phase 1's clustering (the joint clustering model
//! grows as Z²·N² and is not built). The solve runs in slices so a caller can report the
//! incumbent and the bound as it goes; a time or node limit stops it with the best solution
//! and bound found.

use super::LcTraffic;
use crate::{Error, Result};
use microlp::{
    ComparisonOp, OptimizationDirection, Problem, SolveOptions, TerminationReason, Variable,
};
use serde::{Deserialize, Serialize};
use web_time::Duration;

/// Most LCs the ILP is built for (Table I's sizes; N = 32: 992 binaries, 30,752 flows, 62 MB;
/// it proves N = 16 optimal in well under a second and stops at its time limit at N = 32).
pub const MAX_ILP_LCS: usize = 32;

/// Limits of one solve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IlpLimits {
    /// Wall clock (seconds); results under a time limit may differ between machines.
    pub time_limit_s: f64,
    /// Branch-and-bound nodes (deterministic; for tests).
    pub node_limit: Option<u64>,
}

/// What the solver found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct IlpOutcome {
    /// Proven optimal.
    pub optimal: bool,
    /// "optimal", "time-limit", "node-limit" or "no-solution".
    pub status: String,
    /// The best solution's hop-bytes (None when no solution was found in time).
    pub hop_bytes: Option<f64>,
    /// The best proven lower bound.
    pub bound: Option<f64>,
    pub gap: Option<f64>,
    pub nodes: u64,
    pub elapsed_ms: f64,
    /// The best solution's links (src, dst), merged planes.
    pub links: Vec<(u32, u32)>,
    /// Where the best solution came from: "ilp", or "warm-start" when the solver found none
    /// better than the configuration it was given (e.g. at N = 32 within the limit).
    pub incumbent: String,
    pub variables: usize,
    pub constraints: usize,
}

/// A progress report between slices: (seconds so far, incumbent, bound).
pub(crate) type IlpProgress<'a> = &'a mut dyn FnMut(f64, Option<f64>, Option<f64>);

/// Solve for `t` with `degree` = K·P ports per LC each way; `warm`: links of a known
/// configuration whose every demand has a path (the heuristic's), to start from, and its
/// hop-bytes: it is the best solution reported when the solver finds none better.
pub fn solve(
    t: &LcTraffic,
    degree: usize,
    warm: Option<(&[(u32, u32)], u64)>,
    limits: IlpLimits,
    progress: IlpProgress<'_>,
) -> Result<IlpOutcome> {
    let n = t.lcs;
    if n > MAX_ILP_LCS {
        return Err(Error::invalid(
            "solver",
            format!("the ILP takes at most {MAX_ILP_LCS} LCs, not {n}: use the heuristic"),
        ));
    }
    let mut d = vec![0f64; n * n];
    for dem in &t.demands {
        d[dem.s as usize * n + dem.d as usize] += dem.bytes as f64;
    }
    let out: Vec<f64> = (0..n).map(|s| d[s * n..(s + 1) * n].iter().sum()).collect();
    let total: f64 = out.iter().sum();
    let mut p = Problem::new(OptimizationDirection::Minimize);
    let mut y: Vec<Option<Variable>> = vec![None; n * n];
    for i in 0..n {
        for j in 0..n {
            if i != j {
                y[i * n + j] = Some(p.add_binary_var(0.0));
            }
        }
    }
    // f[s][i·n + j] for sources that send
    let mut f: Vec<Vec<Option<Variable>>> = vec![Vec::new(); n];
    let mut flows = 0;
    for s in 0..n {
        if out[s] == 0.0 {
            continue;
        }
        f[s] = vec![None; n * n];
        for i in 0..n {
            for j in 0..n {
                if i != j && j != s {
                    f[s][i * n + j] = Some(p.add_var(1.0, (0.0, out[s])));
                    flows += 1;
                }
            }
        }
    }
    let mut rows = 0;
    for i in 0..n {
        let outs: Vec<(Variable, f64)> = (0..n)
            .filter_map(|j| y[i * n + j].map(|v| (v, 1.0)))
            .collect();
        let ins: Vec<(Variable, f64)> = (0..n)
            .filter_map(|j| y[j * n + i].map(|v| (v, 1.0)))
            .collect();
        p.add_constraint(outs, ComparisonOp::Le, degree as f64);
        p.add_constraint(ins, ComparisonOp::Le, degree as f64);
        rows += 2;
    }
    for s in 0..n {
        if f[s].is_empty() {
            continue;
        }
        for v in 0..n {
            let mut expr: Vec<(Variable, f64)> = Vec::new();
            for j in 0..n {
                if let Some(x) = f[s][v * n + j] {
                    expr.push((x, 1.0));
                }
                if let Some(x) = f[s][j * n + v] {
                    expr.push((x, -1.0));
                }
            }
            let rhs = if v == s { out[s] } else { -d[s * n + v] };
            p.add_constraint(expr, ComparisonOp::Eq, rhs);
            rows += 1;
        }
        for i in 0..n {
            for j in 0..n {
                if let (Some(x), Some(link)) = (f[s][i * n + j], y[i * n + j]) {
                    p.add_constraint([(x, 1.0), (link, -out[s])], ComparisonOp::Le, 0.0);
                    rows += 1;
                }
            }
        }
    }
    // the cut: Σ f + Σ d_st·y_st ≥ 2V
    let mut cut: Vec<(Variable, f64)> = f.iter().flatten().flatten().map(|&x| (x, 1.0)).collect();
    for s in 0..n {
        for e in 0..n {
            if d[s * n + e] > 0.0 {
                cut.push((y[s * n + e].expect("s ≠ e"), d[s * n + e]));
            }
        }
    }
    p.add_constraint(cut, ComparisonOp::Ge, 2.0 * total);
    rows += 1;

    // a time limit becomes a Duration: anything but a finite, positive number of seconds up
    // to an hour is refused here (Duration::from_secs_f64 panics past its range)
    if !(limits.time_limit_s.is_finite() && (0.01..=3600.0).contains(&limits.time_limit_s)) {
        return Err(Error::invalid(
            "time_limit_s",
            format!(
                "the ILP's time limit is from 0.01 to 3600 s, not {}",
                limits.time_limit_s
            ),
        ));
    }
    let mut options = SolveOptions::default();
    options.node_limit = limits.node_limit;
    let slice = Duration::from_secs_f64((limits.time_limit_s / 20.0).clamp(0.25, 5.0));
    let deadline = Duration::from_secs_f64(limits.time_limit_s.max(0.01));
    options.time_limit = Some(slice.min(deadline));
    if let Some((links, _)) = warm {
        options.warm_start = Some(warm_start(t, n, links, &y, &f));
    }
    let started = web_time::Instant::now();
    let mut outcome = p
        .solve_with(options)
        .map_err(|e| Error::invalid("solver", format!("the ILP solver failed: {e}")))?;
    loop {
        let stats = match &outcome {
            microlp::SolveOutcome::Solution(s) => s.stats(),
            microlp::SolveOutcome::Interrupted(i) => i.stats(),
        };
        let incumbent = outcome.solution().map(|s| s.objective());
        let reason = outcome.termination_reason();
        let elapsed = started.elapsed();
        progress(elapsed.as_secs_f64(), incumbent, stats.best_bound);
        if reason != TerminationReason::TimeLimit || elapsed >= deadline {
            break;
        }
        let mut again = outcome.last_resume_options();
        again.time_limit = Some(slice.min(deadline - elapsed));
        outcome = outcome
            .resume_with(again)
            .map_err(|e| Error::invalid("solver", format!("the ILP solver failed: {e}")))?;
    }
    let reason = outcome.termination_reason();
    let stats = match &outcome {
        microlp::SolveOutcome::Solution(s) => s.stats(),
        microlp::SolveOutcome::Interrupted(i) => i.stats(),
    };
    let solution = outcome.solution();
    let mut links: Vec<(u32, u32)> = solution.map_or(Vec::new(), |sol| {
        (0..n * n)
            .filter_map(|k| {
                y[k].filter(|&v| sol.var_value(v) > 0.5)
                    .map(|_| ((k / n) as u32, (k % n) as u32))
            })
            .collect()
    });
    let optimal = reason == TerminationReason::ProvenOptimal && solution.is_some();
    let mut hop_bytes = solution.map(|s| s.objective());
    let mut incumbent = "ilp";
    if let Some((warm_links, warm_value)) = warm {
        if hop_bytes.is_none_or(|h| warm_value as f64 <= h - 1e-6) {
            links = warm_links.to_vec();
            hop_bytes = Some(warm_value as f64);
            incumbent = "warm-start";
        }
    }
    let proven = optimal && incumbent == "ilp";
    Ok(IlpOutcome {
        optimal: proven,
        status: match (hop_bytes.is_some(), reason) {
            (true, TerminationReason::ProvenOptimal) => "optimal",
            (false, _) => "no-solution",
            (_, TerminationReason::NodeLimit) => "node-limit",
            _ => "time-limit",
        }
        .into(),
        hop_bytes,
        bound: if proven { hop_bytes } else { stats.best_bound },
        gap: if proven {
            Some(0.0)
        } else {
            hop_bytes
                .zip(stats.best_bound)
                .map(|(h, b)| (h - b) / h.abs().max(1e-9))
        },
        nodes: stats.nodes_solved,
        elapsed_ms: started.elapsed().as_secs_f64() * 1e3,
        links,
        incumbent: incumbent.into(),
        variables: y.iter().flatten().count() + flows,
        constraints: rows,
    })
}

/// The warm start of a link set: y from the links, f along shortest paths (lowest next LC).
fn warm_start(
    t: &LcTraffic,
    n: usize,
    links: &[(u32, u32)],
    y: &[Option<Variable>],
    f: &[Vec<Option<Variable>>],
) -> Vec<(Variable, f64)> {
    let mut apsp = super::apsp::Apsp::new(n);
    for &(u, v) in links {
        apsp.add_link(u as usize, v as usize);
    }
    apsp.recompute();
    let mut flow = vec![0f64; n * n * n];
    for dem in &t.demands {
        let path = super::serve::path_in(&apsp, dem.s as usize, dem.d as usize);
        for w in path.windows(2) {
            flow[dem.s as usize * n * n + w[0] * n + w[1]] += dem.bytes as f64;
        }
    }
    let mut out: Vec<(Variable, f64)> = Vec::new();
    for (k, var) in y.iter().enumerate() {
        if let Some(v) = *var {
            out.push((
                v,
                if apsp.has_link(k / n, k % n) {
                    1.0
                } else {
                    0.0
                },
            ));
        }
    }
    for (s, row) in f.iter().enumerate() {
        for (k, var) in row.iter().enumerate() {
            if let Some(v) = var {
                out.push((*v, flow[s * n * n + k]));
            }
        }
    }
    out
}

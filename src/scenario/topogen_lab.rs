//! The TopoGen lab (paper 000 §4–5): Scenario → pattern on V end nodes → TOPOGEN (and
//! TOPOGEN_REV with a target N) → result, optional failures (§5.3). The pattern is generated on
//! the 2-D mesh of V nodes that §5.2 compares against, so "transpose" means the same in both.

use super::TopoGenConfig;
use crate::circuit::topogen::{
    random_failures, reconfigure, topogen, Reconfiguration, TopoGenRun, TopoGenSummary,
};
use crate::model::PathSet;
use crate::model::{Shape, SwitchId, SwitchInfo, Topology};
use crate::sim::tdm::{simulate_round, TdmParams, TdmRound};
use crate::traffic::{self, Pattern};
use crate::{topology, Result};
use serde::{Deserialize, Serialize};

/// What the TopoGen lab computed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TopoGenResult {
    pub pattern: String,
    pub seed: u64,
    #[serde(flatten)]
    pub summary: TopoGenSummary,
    pub communications: usize,
    pub steps: usize,
    pub reconfiguration: Option<Reconfiguration>,
    /// Copies of the reconfiguration figures at the top level (CLI contract).
    pub avg_hops_after: Option<f64>,
    pub extra_slots: Option<u32>,
    /// One round of the pattern on the generated network: TDM circuits vs packet switching.
    pub simulation: TdmRound,
}

/// A run of the TopoGen lab.
#[derive(Debug, Clone)]
pub struct TopoGenLab {
    pub run: TopoGenRun,
    pub result: TopoGenResult,
}

/// The sides (a ≤ b, a·b = nodes, a as large as possible) of the 2-D mesh of `nodes` nodes.
pub fn mesh_sides(nodes: usize) -> Option<(usize, usize)> {
    let a = (2..=nodes.isqrt()).rev().find(|a| nodes % a == 0)?;
    Some((a, nodes / a))
}

/// The pattern's communications over `nodes` end nodes, on the comparison mesh when there is one.
pub fn topogen_traffic(
    pattern_text: &str,
    nodes: usize,
    seed: u64,
) -> Result<crate::model::Traffic> {
    let pattern = Pattern::parse(pattern_text)?;
    let carrier = match mesh_sides(nodes) {
        Some((a, b)) => topology::build(&format!("mesh:{a}x{b}"))?,
        None => {
            let mut t = Topology::new(
                format!("nodes:{nodes}"),
                Shape::Irregular,
                vec![SwitchInfo::default(); nodes],
            );
            for s in 0..nodes {
                t.add_endpoint(SwitchId::new(s));
            }
            t
        }
    };
    traffic::generate(pattern, &carrier, seed, pattern_text)
}

/// Run the TopoGen lab.
pub fn run_topogen(
    config: &TopoGenConfig,
    seed: u64,
    record: bool,
    progress: &mut dyn FnMut(f64),
) -> Result<TopoGenLab> {
    let traffic = topogen_traffic(&config.pattern, config.nodes, seed)?;
    let run = topogen(
        config.nodes,
        config.degree,
        &traffic,
        config.target_slots,
        record,
        progress,
    )?;
    let reconfiguration = if config.fail.is_empty() && config.fail_random == 0 {
        None
    } else {
        let failed = if config.fail.is_empty() {
            random_failures(run.state.switch_count(), config.fail_random, seed)?
        } else {
            config.fail.clone()
        };
        Some(reconfigure(
            &run.state,
            &run.comms,
            &failed,
            run.summary.max_slots,
            run.summary.avg_hops,
        )?)
    };
    let mut circuits = PathSet::new();
    for p in &run.routes.paths {
        circuits.push_path(p);
    }
    let params = TdmParams {
        message_bytes: config.message_bytes,
        ..Default::default()
    };
    let simulation = simulate_round(
        &circuits,
        &vec![1; circuits.len()],
        &run.routes.loads,
        &params,
    )?;
    let result = TopoGenResult {
        simulation,
        pattern: config.pattern.clone(),
        seed,
        summary: run.summary.clone(),
        communications: run.comms.pairs.len(),
        steps: run.trace.as_ref().map_or(0, |t| t.steps.len()),
        avg_hops_after: reconfiguration.as_ref().map(|r| r.avg_hops_after),
        extra_slots: reconfiguration.as_ref().map(|r| r.extra_slots),
        reconfiguration,
    };
    Ok(TopoGenLab { run, result })
}

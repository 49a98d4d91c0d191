//! Topology reconfiguration after switch failures (paper 000 §5.3, Fig. 14): a failed switch
//! takes its links down; communications of its own end nodes are lost, the others are rerouted
//! by shortest path. Reported: average hop count before and after, and the extra slots (extra
//! TDM cycles) when the new N exceeds the old.

use super::state::GenState;
use super::Comms;
use crate::graph::DistanceTable;
use crate::model::SwitchId;
use crate::{analysis, Error, Result};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// What the failures did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reconfiguration {
    pub failed_switches: Vec<u32>,
    pub avg_hops_before: f64,
    pub avg_hops_after: f64,
    pub max_slots_before: u32,
    pub max_slots_after: u32,
    /// max(0, N after − N before): the extra cycles reconfiguration costs.
    pub extra_slots: u32,
    /// Communications whose end node sat on a failed switch.
    pub lost_communications: usize,
    /// Communications left without any path.
    pub unroutable_communications: usize,
    /// The (source, destination) end nodes of the first unroutable communications (at most
    /// `LISTED_UNROUTABLE`), so the page can name the pairs the failure disconnects.
    #[serde(default)]
    pub unroutable_pairs: Vec<(u32, u32)>,
}

/// The network after the failures, for drawing: every switch kept (failed ones without links)
/// and the rerouted communications' load per channel of that network.
#[derive(Debug, Clone)]
pub struct Survivor {
    pub topology: crate::model::Topology,
    pub loads: Vec<u32>,
}

/// How many unroutable communications a reconfiguration names.
pub(crate) const LISTED_UNROUTABLE: usize = 20;

/// `count` distinct switches drawn with `seed` (ChaCha8, u32 draws).
pub fn random_failures(switches: usize, count: usize, seed: u64) -> Result<Vec<u32>> {
    if count >= switches {
        return Err(Error::invalid(
            "fail",
            format!("cannot fail {count} of {switches} switches"),
        ));
    }
    let mut rng = crate::rng::stream(seed, crate::rng::Purpose::Failures, 0);
    let mut chosen: Vec<u32> = Vec::new();
    while chosen.len() < count {
        let s = rng.random_range(0..switches as u32);
        if !chosen.contains(&s) {
            chosen.push(s);
        }
    }
    chosen.sort_unstable();
    Ok(chosen)
}

/// Fail `failed` in the network `state` whose current N and average hops are given: what it
/// did, and the network left.
pub fn reconfigure(
    state: &GenState,
    comms: &Comms,
    failed: &[u32],
    max_slots_before: u32,
    avg_hops_before: f64,
) -> Result<(Reconfiguration, Survivor)> {
    if let Some(&bad) = failed.iter().find(|&&s| s as usize >= state.switch_count()) {
        return Err(Error::invalid(
            "fail",
            format!(
                "switch {bad} does not exist (the network has {} switches)",
                state.switch_count()
            ),
        ));
    }
    let mut survivor = state.clone();
    survivor
        .links
        .retain(|(a, b)| !failed.contains(a) && !failed.contains(b));
    let topo = survivor.topology();
    let table = DistanceTable::new(&topo)?;
    let mut paths = crate::model::PathSet::new();
    let (mut lost, mut unroutable) = (0, 0);
    let mut unroutable_pairs = Vec::new();
    for c in 0..comms.pairs.len() {
        let (s, d) = comms.switches(state, c);
        if failed.contains(&s) || failed.contains(&d) {
            lost += 1;
            continue;
        }
        match table.path(&topo, SwitchId(s), SwitchId(d), "shortest") {
            Ok(p) => paths.push_path(&p),
            Err(_) => {
                unroutable += 1;
                if unroutable_pairs.len() < LISTED_UNROUTABLE {
                    let (a, b) = comms.pairs[c];
                    unroutable_pairs.push((a, b));
                }
            }
        }
    }
    let loads = analysis::channel_loads(&topo, &paths);
    let after = analysis::max_slots(&loads);
    let summary = Reconfiguration {
        failed_switches: failed.to_vec(),
        avg_hops_before,
        avg_hops_after: analysis::average_hops(&paths),
        max_slots_before,
        max_slots_after: after,
        extra_slots: after.saturating_sub(max_slots_before),
        lost_communications: lost,
        unroutable_communications: unroutable,
        unroutable_pairs,
    };
    Ok((
        summary,
        Survivor {
            topology: topo,
            loads,
        },
    ))
}

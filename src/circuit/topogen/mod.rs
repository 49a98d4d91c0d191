//! TOPOGEN (paper 000 §4, Alg. 1): generate a circuit-switched topology for a communication
//! pattern and a maximum switch degree — partition a giant switch (§4.1), swap end nodes (§4.2),
//! optimize links (§4.3) — and optionally grow it to a target N (TOPOGEN_REV, §4.5). Every
//! partition, swap and tried link is a trace step.

mod links;
mod partition;
mod reconfigure;
mod rev;
mod routes;
mod state;
mod swap;

pub use links::MAX_LINK_SEARCH_WORK;
pub use reconfigure::{
    random_failures, reconfigure, FailedNodes, Reconfig, Reconfiguration, Survivor,
};
pub use routes::RouteState;
pub use state::GenState;

use crate::model::Traffic;
use crate::trace::{Highlight, Recorder, Step, Trace};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// Most end nodes TOPOGEN takes: at 16,384, link optimization adds some 3,300 links to 8,400
/// switches, each relaxing the 140 MB distance table (about 60 s natively).
pub const MAX_TOPOGEN_NODES: usize = 16_384;
/// Most end nodes TOPOGEN_REV takes: every move re-routes all communications and relaxes the
/// distances through its new links, thousands of moves towards a low target (at 4,096 nodes
/// 12 s to N ≤ 5; at 16,384 the minimal network alone takes about 60 s).
pub const MAX_TOPOGEN_REV_NODES: usize = 4096;

/// The communications as end-node pairs, with an index from end node to its communications.
#[derive(Debug, Clone)]
pub struct Comms {
    pub pairs: Vec<(u32, u32)>,
    by_endpoint: Vec<Vec<usize>>,
}

impl Comms {
    /// From a pattern's traffic over `nodes` end nodes.
    pub fn new(traffic: &Traffic, nodes: usize) -> Self {
        Self::from_pairs(
            traffic.flows.iter().map(|f| (f.src.0, f.dst.0)).collect(),
            nodes,
        )
    }
    /// From (source, destination) end-node pairs over `nodes` end nodes.
    pub(crate) fn from_pairs(pairs: Vec<(u32, u32)>, nodes: usize) -> Self {
        let mut by_endpoint = vec![Vec::new(); nodes];
        for (i, &(s, d)) in pairs.iter().enumerate() {
            by_endpoint[s as usize].push(i);
            by_endpoint[d as usize].push(i);
        }
        Comms { pairs, by_endpoint }
    }
    /// Communications that start or end at `a` or `b`, each once.
    pub(crate) fn touching(&self, a: u32, b: u32) -> impl Iterator<Item = usize> + '_ {
        let mut all: Vec<usize> = self.by_endpoint[a as usize]
            .iter()
            .chain(&self.by_endpoint[b as usize])
            .copied()
            .collect();
        all.sort_unstable();
        all.dedup();
        all.into_iter()
    }
    /// Source and destination switch of communication `c` in `state`.
    pub fn switches(&self, state: &GenState, c: usize) -> (u32, u32) {
        let (s, d) = self.pairs[c];
        (
            state.endpoint_switch[s as usize],
            state.endpoint_switch[d as usize],
        )
    }
    /// "c(s,d)".
    pub fn label(&self, c: usize) -> String {
        format!("c({},{})", self.pairs[c].0, self.pairs[c].1)
    }
}

/// What TOPOGEN produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TopoGenSummary {
    pub nodes: usize,
    /// The maximum switch degree asked for.
    pub degree_limit: usize,
    pub switches: usize,
    pub links: usize,
    pub max_slots: u32,
    pub avg_hops: f64,
    /// Largest switch degree (end nodes + links) in the result; never above `degree_limit`.
    pub max_degree: usize,
    pub target_slots: Option<u32>,
    /// N after each phase: partition, swaps, links (and the target phase).
    pub max_slots_after_partition: u32,
    pub max_slots_after_swaps: u32,
    pub max_slots_after_links: u32,
    /// Pending swaps kept when retried after link optimization.
    pub pending_swaps_kept: usize,
    pub swaps_pending: usize,
    pub links_added: usize,
    /// Whether the link search ran to its end, not stopped by its work budget
    /// (`links::MAX_LINK_SEARCH_WORK`: the network is then as improved as the budget allowed).
    pub link_search_complete: bool,
}

/// A finished TOPOGEN run.
#[derive(Debug, Clone)]
pub struct TopoGenRun {
    /// The network the run started from: one giant switch, or the given one (`topogen_from`).
    pub initial: GenState,
    pub state: GenState,
    pub routes: RouteState,
    pub comms: Comms,
    pub summary: TopoGenSummary,
    /// Steps the run took (recorded or not).
    pub steps: usize,
    pub trace: Option<Trace>,
}

pub(crate) fn metrics(state: &GenState, routes: &RouteState) -> Vec<(String, f64)> {
    vec![
        ("N".into(), f64::from(routes.max_slots())),
        ("switches".into(), state.switch_count() as f64),
        ("links".into(), state.links.len() as f64),
    ]
}

/// The end-node count TOPOGEN accepts (2 to `MAX_TOPOGEN_NODES`), checked before anything is
/// generated or allocated for it.
pub(crate) fn check_nodes(nodes: usize) -> Result<()> {
    if nodes < 2 {
        return Err(Error::invalid(
            "nodes",
            "TOPOGEN needs at least 2 end nodes",
        ));
    }
    if nodes > MAX_TOPOGEN_NODES {
        return Err(Error::TooLarge {
            what: "the end-node count".into(),
            value: nodes,
            limit: MAX_TOPOGEN_NODES,
            hint: "choose fewer nodes".into(),
        }
        .at("nodes"));
    }
    Ok(())
}

/// The end-node count checked for TOPOGEN_REV too when a target N is asked for.
pub(crate) fn check_target(nodes: usize, target_slots: Option<u32>) -> Result<()> {
    check_nodes(nodes)?;
    if target_slots.is_some() && nodes > MAX_TOPOGEN_REV_NODES {
        return Err(Error::TooLarge {
            what: "the end-node count for a target N (TOPOGEN_REV)".into(),
            value: nodes,
            limit: MAX_TOPOGEN_REV_NODES,
            hint: "every move re-routes all communications; choose fewer nodes or no target".into(),
        }
        .at("nodes"));
    }
    Ok(())
}

/// Run TOPOGEN for `traffic` over `nodes` end nodes and a maximum switch degree; with
/// `target_slots`, continue with TOPOGEN_REV until N reaches it.
pub fn topogen(
    nodes: usize,
    max_degree: usize,
    traffic: &Traffic,
    target_slots: Option<u32>,
    record: bool,
    progress: &mut dyn FnMut(f64),
) -> Result<TopoGenRun> {
    topogen_from(
        None,
        nodes,
        max_degree,
        traffic,
        target_slots,
        record,
        progress,
    )
}

/// TOPOGEN from `start`, a given network (`GenState::from_topology`), instead of one giant
/// switch (none: `topogen`). The partition, which only splits the giant switch, is skipped:
/// the end-node swaps, the link optimization and TOPOGEN_REV work on the given switches and
/// links as on partitioned ones, adding links where ports are spare (an extension of ours; the
/// paper always starts from the giant switch). N "after partition" is then the given network's.
/// The maximum switch degree TOPOGEN takes: at least an end node and two links.
pub fn check_degree(max_degree: usize) -> Result<()> {
    if max_degree < 3 {
        return Err(Error::invalid(
            "degree",
            "the maximum switch degree must be at least 3 (an end node and two links)",
        ));
    }
    Ok(())
}

pub fn topogen_from(
    start: Option<GenState>,
    nodes: usize,
    max_degree: usize,
    traffic: &Traffic,
    target_slots: Option<u32>,
    record: bool,
    progress: &mut dyn FnMut(f64),
) -> Result<TopoGenRun> {
    check_target(nodes, target_slots)?;
    check_degree(max_degree)?;
    let mut recorder = Recorder::new(record);
    let comms = Comms::new(traffic, nodes);
    let given = start.is_some();
    let mut state = start.unwrap_or_else(|| GenState::giant(nodes, max_degree));
    if state.endpoint_switch.len() != nodes {
        return Err(Error::invalid(
            "start",
            format!(
                "the starting network has {} end nodes and the traffic {nodes}",
                state.endpoint_switch.len()
            ),
        ));
    }
    let initial = state.clone();
    if given {
        let (switches, links) = (state.switch_count(), state.links.len());
        recorder.record(|| Step {
            title: "Start: the given network".into(),
            explanation: format!("TOPOGEN starts from the network given ({switches} switches, {links} links, {nodes} end nodes) instead of one giant switch: no partition; the swaps and the link optimization work on it, adding links where ports are spare (maximum degree {max_degree})."),
            metrics: vec![("switches".into(), switches as f64), ("links".into(), links as f64)],
            ..Default::default()
        });
    } else {
        recorder.record(|| Step {
            title: "Start: one giant switch".into(),
            explanation: format!("All {nodes} end nodes hang off switch 0, like a crossbar; its degree {nodes} exceeds the maximum {max_degree}, so it will be partitioned."),
            highlight: Highlight { switches: vec![0], ..Default::default() },
            metrics: vec![("switches".into(), 1.0), ("links".into(), 0.0)],
            ..Default::default()
        });
    }
    // the phases' shares of the work, as measured (16,384 nodes, uniform: partition 0.1 s,
    // swaps 1.9 s, links 45 s; TOPOGEN_REV, when asked, gets the last fifth)
    let links_end = if target_slots.is_some() { 0.8 } else { 0.99 };
    if !given {
        partition::partition_switches(&mut state, &mut recorder)?;
    }
    progress(0.01);
    let mut routes = RouteState::new(&state, &comms.pairs)?;
    let after_partition = routes.max_slots();
    recorder.record(|| Step {
        title: format!("Routes by shortest path: N = {after_partition}"),
        explanation: format!(
            "{}: {} switches, {} links. Every communication takes a shortest path; the most crowded channel(s) carry N = {after_partition} communications.",
            if given { "The given network" } else { "Partition done" },
            state.switch_count(),
            state.links.len()
        ),
        highlight: Highlight { channels: routes.crowded().iter().map(|c| c.0).collect(), ..Default::default() },
        metrics: metrics(&state, &routes),
        ..Default::default()
    });
    let pending = swap::swap_nodes(&mut state, &mut routes, &comms, &mut recorder)?;
    let after_swaps = routes.max_slots();
    progress(0.05);
    let mut link_work = 0;
    let search = links::optimize_links(
        &mut state,
        &mut routes,
        &comms,
        &mut recorder,
        &mut |f| progress(0.05 + (links_end - 0.05) * f),
        &mut link_work,
    )?;
    let after_links = routes.max_slots();
    let pending_kept =
        swap::retry_pending(&mut state, &mut routes, &comms, &pending, &mut recorder)?;
    // the swaps kept there moved end nodes in `state` only: the network the lab draws and
    // exports (`routes.topo`) must show them where they now are (links and channels unchanged)
    routes.topo = state.topology();
    progress(links_end);
    if let Some(target) = target_slots {
        rev::reach_target(
            &mut state,
            &mut routes,
            &comms,
            target,
            &mut recorder,
            &mut |f| progress(0.8 + 0.2 * f),
            &mut link_work,
        )?;
    }
    progress(1.0);
    let summary = TopoGenSummary {
        nodes,
        degree_limit: max_degree,
        switches: state.switch_count(),
        links: state.links.len(),
        max_slots: routes.max_slots(),
        avg_hops: routes.average_hops(),
        max_degree: state.max_switch_degree(),
        target_slots,
        max_slots_after_partition: after_partition,
        max_slots_after_swaps: after_swaps,
        max_slots_after_links: after_links,
        swaps_pending: pending.len(),
        pending_swaps_kept: pending_kept,
        links_added: search.kept,
        link_search_complete: search.complete && link_work <= links::MAX_LINK_SEARCH_WORK,
    };
    Ok(TopoGenRun {
        initial,
        state,
        routes,
        comms,
        summary,
        steps: recorder.count(),
        trace: recorder.finish(),
    })
}

/// TOPOGEN_REV towards one target N after another (paper 000 §5.2, Fig. 13's curve): the
/// minimal network is generated once, and since TOPOGEN_REV stops before its first move when
/// the minimal network already has N ≤ the target, every target from its N up shares that run.
pub(crate) struct TargetRuns<'a> {
    nodes: usize,
    max_degree: usize,
    traffic: &'a Traffic,
    minimal: TopoGenSummary,
}

impl<'a> TargetRuns<'a> {
    /// Generates the minimal network (no target) once.
    pub fn new(nodes: usize, max_degree: usize, traffic: &'a Traffic) -> Result<Self> {
        let minimal = topogen(nodes, max_degree, traffic, None, false, &mut |_| {})?.summary;
        Ok(TargetRuns {
            nodes,
            max_degree,
            traffic,
            minimal,
        })
    }

    /// The summary of TOPOGEN with `target` as its target N.
    pub fn summary(&self, target: u32) -> Result<TopoGenSummary> {
        if target >= self.minimal.max_slots {
            Ok(self.minimal.clone())
        } else {
            topogen(
                self.nodes,
                self.max_degree,
                self.traffic,
                Some(target),
                false,
                &mut |_| {},
            )
            .map(|r| r.summary)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Paper 000 Fig. 5: 16 end nodes, maximum degree 5.
    #[test]
    fn fig5_partition() {
        let mut state = GenState::giant(16, 5);
        let mut rec = Recorder::new(true);
        partition::partition_switches(&mut state, &mut rec).unwrap();
        assert_eq!(state.switch_count(), 6);
        let degrees: Vec<usize> = (0..6).map(|s| state.degree(s)).collect();
        assert_eq!(degrees, [5, 5, 5, 5, 3, 3]);
        assert_eq!(state.neighbors(4), [0]);
        assert_eq!(state.neighbors(5), [1]);
        let titles: Vec<String> = rec
            .finish()
            .unwrap()
            .steps
            .iter()
            .map(|s| s.title.clone())
            .collect();
        assert_eq!(
            titles,
            [
                "Round 1: split switch 0 → new switch 1",
                "Round 2: split switch 0 → new switch 2",
                "Round 2: split switch 1 → new switch 3",
                "Round 3: split switch 0 → new switch 4",
                "Round 3: split switch 1 → new switch 5",
            ]
        );
    }
}

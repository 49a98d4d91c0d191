//! Topology reconfiguration after switch failures (paper 000 §5.3, Fig. 14): a failed switch
//! takes its links down, and its end nodes with it unless they move to a neighbour
//! (`FailedNodes`). How the rest of the network is reconfigured §5.3 leaves open (`Reconfig`).
//! Reported: average hop count before and after, and the extra slots (extra TDM cycles) when the
//! new N exceeds the old.
//!
//! The readings on our networks (uniform, degree 5; 1,024 nodes with ten random failures, seeds
//! 1–10; 64 nodes with every single failure, seeds 1–10). §5.3 says: at 1,024 nodes no extra
//! cycle while the average hop count rises; at 64 nodes four extra cycles for one failure.
//!
//! | reading | 1,024: extra | hops rise | unroutable | 64: extra 0 / ≥ 4 |
//! |---|---|---|---|---|
//! | `reroute-all` | +5 … +12 | 2 of 10 | 5–30 | 43 % / 3 % |
//! | `reroute-affected` | 0 | 10 of 10 | 5–30 | 87 % / 0.3 % |
//! | `reconnect` | 0 | 10 of 10 | none | 81 % / 2 % |
//! | `reoptimize` (estimated) | 0 (N often falls) | 7 of 10 | none | 97 % / 0 |
//!
//! `reroute-all` compares two routings: N before is that of link optimization's detours, N after
//! that of plain shortest paths, which alone costs +5 … +14 at 1,024 nodes without any failure.
//! No reading makes §5.3's four extra cycles at 64 nodes typical: a third of the single failures
//! there cut the tree-like minimal network, and most of the rest cost nothing.

use super::links::{optimize_links, MAX_EXTRA_HOPS};
use super::routes::RouteState;
use super::state::GenState;
use super::Comms;
use crate::model::{ChannelId, Path, SwitchId};
use crate::trace::Recorder;
use crate::{Error, Result};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How the network is reconfigured after switch failures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Reconfig {
    /// Every surviving communication takes a shortest path in what is left; the detours of
    /// link optimization are given up.
    RerouteAll,
    /// Only communications whose route crossed a failed switch move, each onto the least
    /// loaded path at most `MAX_EXTRA_HOPS` longer than the shortest; no link is added.
    RerouteAffected,
    /// Links between spare ports (a failed switch's neighbours gain one each) first join the
    /// pieces the failures cut apart; then as `RerouteAffected`.
    #[default]
    Reconnect,
    /// As `Reconnect`, then link optimization (Alg. 4) again on the spare ports.
    Reoptimize,
}

impl crate::choice::Choices for Reconfig {
    const DECIDES: &'static str = "How the network is reconfigured after switch failures (§5.3)";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (
            Reconfig::RerouteAll,
            "reroute all",
            "Every surviving communication takes a shortest path; link optimization's detours are lost",
        ),
        (
            Reconfig::RerouteAffected,
            "reroute affected",
            "Only communications through a failed switch move, onto the least loaded path at most 2 hops longer; no new link",
        ),
        (
            Reconfig::Reconnect,
            "reconnect",
            "Links between spare ports join the pieces the failures cut apart, then the affected communications move",
        ),
        (
            Reconfig::Reoptimize,
            "re-optimize",
            "Reconnect, then link optimization (Alg. 4) again on the spare ports",
        ),
    ];
}

/// What becomes of the end nodes of a failed switch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum FailedNodes {
    /// They fail with it: their communications are lost.
    #[default]
    Drop,
    /// Each moves to a surviving neighbour of its switch with a spare port (lowest id first);
    /// one that finds none fails with the switch.
    Reattach,
}

impl crate::choice::Choices for FailedNodes {
    const DECIDES: &'static str = "What becomes of the end nodes of a failed switch (§5.3)";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (
            FailedNodes::Drop,
            "drop",
            "They fail with their switch; their communications are lost",
        ),
        (
            FailedNodes::Reattach,
            "re-attach",
            "Each moves to a surviving neighbour with a spare port, lowest id first",
        ),
    ];
}

/// What the failures did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
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
    /// Links the reconfiguration added between spare ports.
    #[serde(default)]
    pub links_added: usize,
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
        // (named as the count the user set: `fail_random`, not the list `fail`)
        return Err(Error::invalid(
            "fail_random",
            format!(
                "cannot fail {count} of {switches} switches: at most {} (one must remain)",
                switches.saturating_sub(1)
            ),
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

/// Fail `failed` in the network `state` routed by `routes`, and reconfigure it as `reconfig`
/// says: what it did, and the network left.
pub fn reconfigure(
    state: &GenState,
    routes: &RouteState,
    comms: &Comms,
    failed: &[u32],
    reconfig: Reconfig,
    failed_nodes: FailedNodes,
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
    let link_ids = survivor.fail_switches(failed);
    if failed_nodes == FailedNodes::Reattach {
        reattach(state, &mut survivor, failed);
    }
    let live: Vec<usize> = (0..comms.pairs.len())
        .filter(|&c| {
            let (s, d) = comms.switches(&survivor, c);
            !failed.contains(&s) && !failed.contains(&d)
        })
        .collect();
    let links_before = survivor.links.len();
    if matches!(reconfig, Reconfig::Reconnect | Reconfig::Reoptimize) {
        reconnect(&mut survivor, comms, &live);
    }
    let piece = pieces(&survivor);
    let (routable, cut): (Vec<usize>, Vec<usize>) = live.iter().copied().partition(|&c| {
        let (s, d) = comms.switches(&survivor, c);
        piece[s as usize] == piece[d as usize]
    });
    let kept = Comms::from_pairs(
        routable.iter().map(|&c| comms.pairs[c]).collect(),
        state.endpoint_switch.len(),
    );
    // the routes that stay first (their channels renumbered), then the ones that move, onto
    // what the others leave
    let mut after = RouteState::with_paths(&survivor, Vec::new())?;
    let mut moving = Vec::new();
    for (k, &c) in routable.iter().enumerate() {
        let (s, d) = kept.switches(&survivor, k);
        let old = &routes.paths[c];
        let stays = reconfig != Reconfig::RerouteAll
            && old.switches.first() == Some(&SwitchId(s))
            && old.switches.last() == Some(&SwitchId(d))
            && old
                .channels
                .iter()
                .all(|ch| link_ids[ch.index() / 2].is_some());
        let path = if stays {
            Path {
                switches: old.switches.clone(),
                channels: (old.channels.iter())
                    .map(|ch| ChannelId(2 * link_ids[ch.index() / 2].unwrap_or(0) + ch.0 % 2))
                    .collect(),
            }
        } else {
            moving.push(k);
            Path {
                switches: vec![SwitchId(s)],
                channels: Vec::new(),
            }
        };
        after.loads.add(&path.channels);
        after.paths.push(path);
    }
    for k in moving {
        let (s, d) = kept.switches(&survivor, k);
        let path = if reconfig == Reconfig::RerouteAll {
            after.shortest(SwitchId(s), SwitchId(d))?
        } else {
            after
                .least_loaded(SwitchId(s), SwitchId(d), MAX_EXTRA_HOPS)
                .ok_or_else(|| {
                    Error::routing(
                        "reconfiguration",
                        format!("no path from switch {s} to switch {d}"),
                    )
                })?
        };
        after.set_path(k, path);
    }
    if reconfig == Reconfig::Reoptimize {
        optimize_links(
            &mut survivor,
            &mut after,
            &kept,
            &mut Recorder::new(false),
            &mut |_| {},
            &mut 0,
        )?;
    }
    let (before, now) = (routes.max_slots(), after.max_slots());
    let summary = Reconfiguration {
        failed_switches: failed.to_vec(),
        avg_hops_before: routes.average_hops(),
        avg_hops_after: after.average_hops(),
        max_slots_before: before,
        max_slots_after: now,
        extra_slots: now.saturating_sub(before),
        lost_communications: comms.pairs.len() - live.len(),
        unroutable_communications: cut.len(),
        unroutable_pairs: (cut.iter().take(LISTED_UNROUTABLE))
            .map(|&c| comms.pairs[c])
            .collect(),
        links_added: survivor.links.len() - links_before,
    };
    Ok((
        summary,
        Survivor {
            loads: after.loads.as_slice().to_vec(),
            topology: after.topo,
        },
    ))
}

/// Move every end node of a failed switch to a surviving neighbour of it with a spare port
/// (lowest id first); one that finds none stays, and fails with the switch.
fn reattach(state: &GenState, survivor: &mut GenState, failed: &[u32]) {
    for &f in failed {
        let neighbours: Vec<u32> = (state.neighbors(f).into_iter())
            .filter(|w| !failed.contains(w))
            .collect();
        for e in state.endpoints_of(f) {
            if let Some(&w) = neighbours.iter().find(|&&w| survivor.has_spare_port(w)) {
                survivor.move_endpoint(e, w);
            }
        }
    }
}

/// Link spare ports until every live communication has a path again, or no spare port is left
/// where one is needed: each link joins the two pieces that most cut communications run
/// between, at the lowest-id switch with a spare port in each.
fn reconnect(state: &mut GenState, comms: &Comms, live: &[usize]) {
    loop {
        let piece = pieces(state);
        let mut between: BTreeMap<(u32, u32), usize> = BTreeMap::new();
        for &c in live {
            let (s, d) = comms.switches(state, c);
            let (p, q) = (piece[s as usize], piece[d as usize]);
            if p != q {
                *between.entry((p.min(q), p.max(q))).or_default() += 1;
            }
        }
        let mut door: BTreeMap<u32, u32> = BTreeMap::new();
        for s in 0..state.switch_count() as u32 {
            if state.has_spare_port(s) {
                door.entry(piece[s as usize]).or_insert(s);
            }
        }
        let best = (between.iter())
            .filter_map(|(&(p, q), &n)| Some((n, *door.get(&p)?, *door.get(&q)?)))
            .max_by_key(|&(n, a, b)| (n, std::cmp::Reverse((a, b))));
        match best {
            Some((_, a, b)) => state.add_link(a, b),
            None => return,
        }
    }
}

/// The piece of the network every switch is in, named by its lowest switch id.
fn pieces(state: &GenState) -> Vec<u32> {
    fn root(up: &mut [u32], mut x: u32) -> u32 {
        while up[x as usize] != x {
            up[x as usize] = up[up[x as usize] as usize];
            x = up[x as usize];
        }
        x
    }
    let mut up: Vec<u32> = (0..state.switch_count() as u32).collect();
    for &(a, b) in &state.links {
        let (ra, rb) = (root(&mut up, a), root(&mut up, b));
        up[ra.max(rb) as usize] = ra.min(rb);
    }
    (0..up.len() as u32).map(|x| root(&mut up, x)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labs::topogen::topogen_traffic;

    fn run(nodes: usize, seed: u64) -> super::super::TopoGenRun {
        let traffic = topogen_traffic("uniform", nodes, seed).unwrap();
        super::super::topogen(nodes, 5, &traffic, None, false, &mut |_| {}).unwrap()
    }

    /// §5.3 at 1,024 nodes: ten failed switches cost no extra cycle while the average hop
    /// count rises, and the reconnected network routes every surviving communication.
    #[test]
    fn ten_failures_at_1024_nodes_cost_no_slot() {
        let r = run(1024, 1);
        let failed = random_failures(r.state.switch_count(), 10, 1).unwrap();
        let (rc, _) = reconfigure(
            &r.state,
            &r.routes,
            &r.comms,
            &failed,
            Reconfig::Reconnect,
            FailedNodes::Drop,
        )
        .unwrap();
        assert_eq!((rc.max_slots_before, rc.max_slots_after), (13, 13));
        assert_eq!(rc.unroutable_communications, 0);
        assert_eq!(rc.lost_communications, 45);
        assert!(rc.links_added >= 1);
        assert!(rc.avg_hops_after > rc.avg_hops_before, "{rc:?}");
    }

    /// `reroute-all` is today's reading: N 13 → 23 with 15 pairs cut off (seed 1).
    #[test]
    fn reroute_all_keeps_the_old_figures() {
        let r = run(1024, 1);
        let failed = random_failures(r.state.switch_count(), 10, 1).unwrap();
        let (rc, _) = reconfigure(
            &r.state,
            &r.routes,
            &r.comms,
            &failed,
            Reconfig::RerouteAll,
            FailedNodes::Drop,
        )
        .unwrap();
        assert_eq!((rc.max_slots_after, rc.extra_slots), (23, 10));
        assert_eq!(rc.unroutable_communications, 15);
    }

    /// Switch 30 of the 64-node network (seed 1) carries no end node but is the only way to
    /// five communications: rerouting alone leaves them cut off, one link between spare ports
    /// brings them back at no extra slot.
    #[test]
    fn a_transit_failure_is_reconnected() {
        let r = run(64, 1);
        let fail = |reconfig| {
            reconfigure(
                &r.state,
                &r.routes,
                &r.comms,
                &[30],
                reconfig,
                FailedNodes::Drop,
            )
            .unwrap()
        };
        let (alone, survivor) = fail(Reconfig::RerouteAffected);
        assert_eq!(
            (
                alone.lost_communications,
                alone.unroutable_communications,
                alone.links_added
            ),
            (0, 5, 0)
        );
        assert_eq!(
            survivor.topology.link_count(),
            r.state
                .links
                .iter()
                .filter(|&&(a, b)| a != 30 && b != 30)
                .count()
        );
        let (joined, _) = fail(Reconfig::Reconnect);
        assert_eq!(
            (joined.unroutable_communications, joined.links_added),
            (0, 1)
        );
        assert_eq!(joined.extra_slots, 0);
    }
}

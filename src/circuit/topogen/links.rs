//! optimizeLinks (paper 000 §4.3, Alg. 4, Fig. 6(c)): switches with a spare port may be linked
//! to divert the most crowded traffic over an indirect path (more hops) or a parallel path (same
//! hops). After a link is added, every communication that now has a shorter path takes it (no
//! short-cut is left, as the paper's Dijkstra recomputation ensures), then communications on
//! crowded channels move onto the new link where that relieves a crowded channel without
//! crowding another. The link is kept only if N decreases; otherwise it is erased.
//!
//! Which pairs are tried: the paper tries every pair of switches with spare degree. We try the
//! pairs whose ends lie within `DETOUR_RADIUS` hops of a crowded channel's two ends: a link
//! farther away gives the crowded communications a detour longer than `MAX_EXTRA_HOPS`, so it
//! cannot relieve them, and trying all pairs is quadratic in the switch count.

use super::routes::RouteState;
use super::state::GenState;
use super::Comms;
use crate::graph::ChannelLoads;
use crate::model::{ChannelId, Path, SwitchId};
use crate::trace::{Change, Highlight, Recorder, Step};
use crate::Result;
use std::collections::BTreeSet;

/// How far from a crowded channel's ends a new link's ends may be.
const DETOUR_RADIUS: u32 = 2;
/// How many hops longer than its route a diverted communication's new path may be.
const MAX_EXTRA_HOPS: usize = 2;
/// Most links tried with a full recomputation per pass (after the cheap screening).
const MAX_ATTEMPTS_PER_PASS: usize = 64;

/// Add links while one lowers N; returns how many were kept.
pub(super) fn optimize_links(
    state: &mut GenState,
    routes: &mut RouteState,
    comms: &Comms,
    recorder: &mut Recorder,
    progress: &mut dyn FnMut(f64),
) -> Result<usize> {
    let mut kept = 0;
    let start_n = routes.max_slots().max(1);
    loop {
        let n = routes.max_slots();
        progress(1.0 - f64::from(n) / f64::from(start_n));
        if n <= 1 {
            break;
        }
        let before = routes.loads.congestion();
        let mut attempts = 0;
        let mut improved = false;
        for (a, b) in candidate_pairs(state, routes) {
            if screen(state, routes, comms, a, b) >= before {
                continue;
            }
            attempts += 1;
            if try_link(state, routes, comms, a, b, before, recorder)? {
                kept += 1;
                improved = true;
                break;
            }
            if attempts >= MAX_ATTEMPTS_PER_PASS {
                break;
            }
        }
        if !improved {
            break;
        }
    }
    Ok(kept)
}

/// Pairs (a < b) of switches with spare ports near the two ends of some crowded channel.
fn candidate_pairs(state: &GenState, routes: &RouteState) -> BTreeSet<(u32, u32)> {
    let spare: Vec<u32> = (0..state.switch_count() as u32)
        .filter(|&s| state.has_spare_port(s))
        .collect();
    let mut pairs = BTreeSet::new();
    for ch in routes.crowded() {
        let (u, v) = routes.topo.channel_ends(ch);
        let near = |x: SwitchId| {
            spare
                .iter()
                .copied()
                .filter(move |&s| routes.distance(x.0, s) <= DETOUR_RADIUS)
        };
        for a in near(u) {
            for b in near(v) {
                if a != b {
                    pairs.insert((a.min(b), a.max(b)));
                }
            }
        }
    }
    pairs
}

/// The path of communication `c` over the link `link` (a–b), if one exists at most
/// `MAX_EXTRA_HOPS` longer than its current route.
fn detour(
    state: &GenState,
    routes: &RouteState,
    comms: &Comms,
    c: usize,
    a: u32,
    b: u32,
    link: u32,
) -> Option<Path> {
    let (s, d) = comms.pairs[c];
    let (s, d) = (
        state.endpoint_switch[s as usize],
        state.endpoint_switch[d as usize],
    );
    let via = |x: u32, y: u32| {
        routes
            .distance(s, x)
            .saturating_add(1)
            .saturating_add(routes.distance(y, d))
    };
    let (from, to, channel) = if via(a, b) <= via(b, a) {
        (a, b, 2 * link)
    } else {
        (b, a, 2 * link + 1)
    };
    let hops = via(from, to) as usize;
    if hops > routes.paths[c].hops() + MAX_EXTRA_HOPS {
        return None;
    }
    let head = routes.shortest(SwitchId(s), SwitchId(from)).ok()?;
    let tail = routes.shortest(SwitchId(to), SwitchId(d)).ok()?;
    let mut switches = head.switches;
    switches.extend(tail.switches);
    let mut channels = head.channels;
    channels.push(ChannelId(channel));
    channels.extend(tail.channels);
    Some(Path { switches, channels })
}

/// Move crowded communications onto the link where that relieves a channel at load `n` and
/// brings no channel to `n`. `loads` must have room for the link's two channels.
fn divert(
    state: &GenState,
    routes: &RouteState,
    comms: &Comms,
    a: u32,
    b: u32,
    link: u32,
    n: u32,
    loads: &mut ChannelLoads,
) -> Vec<(usize, Path)> {
    let mut moves = Vec::new();
    for (c, _) in routes.on_crowded() {
        let Some(new) = detour(state, routes, comms, c, a, b, link) else {
            continue;
        };
        let old = &routes.paths[c].channels;
        let relieves = old
            .iter()
            .any(|&ch| loads.get(ch) >= n && !new.channels.contains(&ch));
        let safe = new
            .channels
            .iter()
            .all(|&ch| old.contains(&ch) || loads.get(ch) + 1 < n);
        if relieves && safe {
            loads.remove(old);
            loads.add(&new.channels);
            moves.push((c, new));
        }
    }
    moves
}

/// Congestion after diverting onto a link a–b, without building it (cheap: no distances
/// recomputed).
fn screen(state: &GenState, routes: &RouteState, comms: &Comms, a: u32, b: u32) -> (u32, usize) {
    let n = routes.max_slots();
    let mut loads = routes.loads.clone();
    loads.grow(2);
    divert(
        state,
        routes,
        comms,
        a,
        b,
        state.links.len() as u32,
        n,
        &mut loads,
    );
    loads.congestion()
}

/// Add link a–b for real (shortest paths recomputed, then diversions); keep it if congestion
/// drops below `before`.
fn try_link(
    state: &mut GenState,
    routes: &mut RouteState,
    comms: &Comms,
    a: u32,
    b: u32,
    before: (u32, usize),
    recorder: &mut Recorder,
) -> Result<bool> {
    let n = before.0;
    let link = state.links.len() as u32;
    state.add_link(a, b);
    let mut next = RouteState::with_paths(state, routes.paths.clone())?;
    let mut shortcuts = 0;
    for c in 0..comms.pairs.len() {
        let (s, d) = comms.switches(state, c);
        if (next.distance(s, d) as usize) < next.paths[c].hops() {
            let p = next.shortest(SwitchId(s), SwitchId(d))?;
            next.set_path(c, p);
            shortcuts += 1;
        }
    }
    let mut loads = next.loads.clone();
    let moves = divert(state, &next, comms, a, b, link, n, &mut loads);
    let diverted: Vec<u32> = moves.iter().map(|&(c, _)| c as u32).collect();
    for (c, p) in moves {
        next.set_path(c, p);
    }
    let after = next.loads.congestion();
    let new_n = after.0;
    let keep = after < before;
    recorder.record(|| Step {
        title: format!("Link {a}–{b}: {}", if keep { "kept" } else { "erased" }),
        explanation: format!(
            "Switches {a} and {b} have spare ports near the most crowded channel(s) (N = {n}). With a new link between them, {shortcuts} communication(s) take a shorter path and {} move onto the link ({}). N becomes {new_n}, carried by {} channel(s) (before: {}): {}",
            diverted.len(),
            if diverted.is_empty() { "none".to_string() } else { diverted.iter().map(|&c| comms.label(c as usize)).collect::<Vec<_>>().join(", ") },
            after.1,
            before.1,
            if keep { "less congested, so the link is kept." } else { "not less congested, so the link is erased and the old routes stay." }
        ),
        changes: if keep { vec![Change::AddLink { a, b }] } else { Vec::new() },
        highlight: Highlight { switches: vec![a, b], channels: if keep { vec![2 * link, 2 * link + 1] } else { Vec::new() }, flows: diverted.clone() },
        metrics: vec![
            ("N".into(), f64::from(if keep { new_n } else { n })),
            ("switches".into(), state.switch_count() as f64),
            ("links".into(), (state.links.len() - usize::from(!keep)) as f64),
        ],
    });
    if keep {
        *routes = next;
    } else {
        state.pop_link();
    }
    Ok(keep)
}

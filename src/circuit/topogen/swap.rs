//! swapNodes (paper 000 §4.2, Alg. 3, Fig. 6(a)–(b)): take the communications on the most
//! crowded channel(s) — those crossing all of them, or else as many of them as any communication
//! does — and try exchanging each one's two end nodes. A swap is kept only if N decreases; an
//! equal N is left pending for link optimization (§4.3), a larger one is undone. Rounds repeat
//! while a round lowers N.

use super::routes::RouteState;
use super::state::GenState;
use super::Comms;
use crate::model::SwitchId;
use crate::trace::{Change, Highlight, Recorder, Step};
use crate::Result;

/// Most swap rounds (each must lower N, so N bounds them anyway).
const MAX_ROUNDS: usize = 256;

/// The communications to try first: those crossing the most crowded channels.
pub(super) fn crowded_candidates(routes: &RouteState) -> Vec<usize> {
    let on = routes.on_crowded();
    let most = on.iter().map(|&(_, k)| k).max().unwrap_or(0);
    on.into_iter()
        .filter(|&(_, k)| k == most)
        .map(|(c, _)| c)
        .collect()
}

/// Swap end nodes while it lowers N; returns the swaps left pending (equal N).
pub(super) fn swap_nodes(
    state: &mut GenState,
    routes: &mut RouteState,
    comms: &Comms,
    recorder: &mut Recorder,
) -> Result<Vec<usize>> {
    let mut pending = Vec::new();
    for _ in 0..MAX_ROUNDS {
        let mut n = routes.max_slots();
        if n <= 1 {
            break;
        }
        let mut improved = false;
        for c in crowded_candidates(routes) {
            let (s, d) = comms.pairs[c];
            if state.endpoint_switch[s as usize] == state.endpoint_switch[d as usize] {
                continue;
            }
            let saved = apply_swap(state, routes, comms, c)?;
            let new_n = routes.max_slots();
            let (sw_s, sw_d) = (
                state.endpoint_switch[s as usize],
                state.endpoint_switch[d as usize],
            );
            let verdict = if new_n < n {
                improved = true;
                "kept"
            } else {
                undo_swap(state, routes, comms, c, saved);
                if new_n == n {
                    pending.push(c);
                    "pending"
                } else {
                    "undone"
                }
            };
            recorder.record(|| Step {
                title: format!("Swap end nodes of c({s},{d}): {verdict}"),
                explanation: format!(
                    "c({s},{d}) crosses the most crowded channel(s), which carry N = {n}. Exchanging end nodes {s} and {d} (now on switches {sw_s} and {sw_d}) reverses its direction and gives N = {new_n}: {}",
                    match verdict {
                        "kept" => "lower, so the swap is kept.",
                        "pending" => "unchanged, so the swap is undone and left pending for link optimization.",
                        _ => "higher, so the swap is undone.",
                    }
                ),
                changes: if verdict == "kept" {
                    vec![Change::MoveEndpoint { endpoint: s, to: sw_s }, Change::MoveEndpoint { endpoint: d, to: sw_d }]
                } else {
                    Vec::new()
                },
                highlight: Highlight { switches: vec![sw_s, sw_d], channels: routes.crowded().iter().map(|c| c.0).collect(), flows: vec![c as u32] },
                metrics: super::metrics(state, routes),
            });
            if verdict == "kept" {
                n = new_n;
            }
        }
        if !improved {
            break;
        }
    }
    Ok(pending)
}

/// The routes a swap replaced, to undo it with.
type Saved = Vec<(usize, crate::model::Path)>;

/// Exchange the end nodes of communication `c` and give every communication they touch a new
/// shortest route; returns the old routes.
fn apply_swap(
    state: &mut GenState,
    routes: &mut RouteState,
    comms: &Comms,
    c: usize,
) -> Result<Saved> {
    let (s, d) = comms.pairs[c];
    let saved: Saved = comms
        .touching(s, d)
        .map(|i| (i, routes.paths[i].clone()))
        .collect();
    state.swap_endpoints(s, d);
    reroute(state, routes, comms, &saved)?;
    Ok(saved)
}

/// Put the end nodes of `c` and the routes in `saved` back.
fn undo_swap(state: &mut GenState, routes: &mut RouteState, comms: &Comms, c: usize, saved: Saved) {
    let (s, d) = comms.pairs[c];
    state.swap_endpoints(s, d);
    for (i, p) in saved {
        routes.set_path(i, p);
    }
}

/// New shortest routes for the communications in `saved` (those touching moved end nodes).
pub(super) fn reroute(
    state: &GenState,
    routes: &mut RouteState,
    comms: &Comms,
    saved: &[(usize, crate::model::Path)],
) -> Result<()> {
    for &(i, _) in saved {
        let (s, d) = comms.pairs[i];
        let p = routes.shortest(
            SwitchId(state.endpoint_switch[s as usize]),
            SwitchId(state.endpoint_switch[d as usize]),
        )?;
        routes.set_path(i, p);
    }
    Ok(())
}

/// After link optimization (§4.2: equal-N swaps are "pending for the next procedure"), try the
/// pending swaps again on the new network; keep one only if it lowers N, or keeps N with fewer
/// channels at N. Returns how many were kept.
pub(super) fn retry_pending(
    state: &mut GenState,
    routes: &mut RouteState,
    comms: &Comms,
    pending: &[usize],
    recorder: &mut Recorder,
) -> Result<usize> {
    let mut kept = 0;
    for &c in pending {
        let (s, d) = comms.pairs[c];
        if state.endpoint_switch[s as usize] == state.endpoint_switch[d as usize] {
            continue;
        }
        let before = routes.loads.congestion();
        let saved = apply_swap(state, routes, comms, c)?;
        let after = routes.loads.congestion();
        let keep = after < before;
        let (sw_s, sw_d) = (
            state.endpoint_switch[s as usize],
            state.endpoint_switch[d as usize],
        );
        if keep {
            kept += 1;
        } else {
            undo_swap(state, routes, comms, c, saved);
        }
        recorder.record(|| Step {
            title: format!("Pending swap of c({s},{d}) retried: {}", if keep { "kept" } else { "undone" }),
            explanation: format!(
                "This swap left N unchanged before link optimization. On the network with its new links it gives N = {} on {} channel(s) (before: N = {} on {}): {}",
                after.0,
                after.1,
                before.0,
                before.1,
                if keep { "less congested, so it is kept." } else { "not less congested, so it is undone." }
            ),
            changes: if keep { vec![Change::MoveEndpoint { endpoint: s, to: sw_s }, Change::MoveEndpoint { endpoint: d, to: sw_d }] } else { Vec::new() },
            highlight: Highlight { switches: vec![sw_s, sw_d], flows: vec![c as u32], ..Default::default() },
            metrics: super::metrics(state, routes),
        });
    }
    Ok(kept)
}

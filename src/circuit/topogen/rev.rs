//! TOPOGEN_REV (paper 000 §4.5, Alg. 5, Fig. 7): to reach a target N, add a linked pair of
//! switches and move the two end nodes of each communication on the crowded channels onto it
//! (the source to one, the destination to the other); each old switch gets a link to the new
//! switch in place of the end node it lost, so its degree is unchanged. A pair is used until
//! another move would exceed the maximum degree, then a new pair is added.

use super::routes::RouteState;
use super::state::GenState;
use super::swap::crowded_candidates;
use super::Comms;
use crate::model::SwitchId;
use crate::trace::{Change, Highlight, Recorder, Step};
use crate::{Error, Result};

/// Rounds without a lower N after which TOPOGEN_REV gives up.
const STALL_ROUNDS: usize = 32;

/// Grow the network until N ≤ `target`.
pub(super) fn reach_target(
    state: &mut GenState,
    routes: &mut RouteState,
    comms: &Comms,
    target: u32,
    recorder: &mut Recorder,
    progress: &mut dyn FnMut(f64),
) -> Result<()> {
    if target == 0 {
        return Err(Error::invalid(
            "target-slots",
            "the target N must be at least 1",
        ));
    }
    if state.max_degree < 3 {
        return Err(Error::invalid("target-slots", "TOPOGEN_REV needs a maximum degree ≥ 3 (a new switch takes a link and an end node per move)"));
    }
    let start = routes.max_slots();
    let mut pair: Option<(u32, u32)> = None;
    let limit = 4 * comms.pairs.len() + 16;
    // give up when N has not dropped for this many rounds (each round moves every crowded
    // communication, so a target that far out of reach would otherwise take thousands of rounds)
    let (mut best, mut since_best) = (start, 0);
    for _ in 0..limit {
        let n = routes.max_slots();
        if n < best {
            (best, since_best) = (n, 0);
        } else {
            since_best += 1;
            if since_best > STALL_ROUNDS {
                break;
            }
        }
        progress(if start > target {
            f64::from(start - n.min(start)) / f64::from(start - target)
        } else {
            1.0
        });
        if n <= target {
            return Ok(());
        }
        let mut moved = Vec::new();
        for c in crowded_candidates(routes) {
            let (s, d) = comms.pairs[c];
            let (from_s, from_d) = comms.switches(state, c);
            let (sw1, sw2) = match pair {
                Some((a, b))
                    if state.degree(a) + 2 <= state.max_degree
                        && state.degree(b) + 2 <= state.max_degree =>
                {
                    (a, b)
                }
                _ => {
                    let (a, b) = (state.add_switch(), state.add_switch());
                    state.add_link(a, b);
                    recorder.record(|| Step {
                        title: format!("New switch pair {a}–{b}"),
                        explanation: format!("N = {n} is above the target {target}. A new pair of linked switches {a} and {b} will take end nodes of crowded communications."),
                        changes: vec![Change::AddSwitch { switch: a }, Change::AddSwitch { switch: b }, Change::AddLink { a, b }],
                        highlight: Highlight { switches: vec![a, b], ..Default::default() },
                        metrics: super::metrics(state, routes),
                    });
                    pair = Some((a, b));
                    (a, b)
                }
            };
            if from_s == sw1 && from_d == sw2 {
                continue;
            }
            for (e, from, to) in [(s, from_s, sw1), (d, from_d, sw2)] {
                if from != to {
                    state.move_endpoint(e, to);
                    state.add_link(from, to);
                }
            }
            moved.push((c, s, d, from_s, from_d, sw1, sw2));
        }
        if moved.is_empty() {
            break;
        }
        *routes = RouteState::with_paths(state, routes.paths.clone())?;
        for c in 0..comms.pairs.len() {
            let (s, d) = comms.switches(state, c);
            let stale = routes.paths[c].switches.first() != Some(&SwitchId(s))
                || routes.paths[c].switches.last() != Some(&SwitchId(d));
            if stale || (routes.distance(s, d) as usize) < routes.paths[c].hops() {
                let p = routes.shortest(SwitchId(s), SwitchId(d))?;
                routes.set_path(c, p);
            }
        }
        for &(c, s, d, from_s, from_d, sw1, sw2) in &moved {
            recorder.record(|| Step {
                title: format!("Move end nodes of {} to switches {sw1}, {sw2}", comms.label(c)),
                explanation: format!(
                    "{} crossed a crowded channel. End node {s} moves from switch {from_s} to {sw1} and end node {d} from switch {from_d} to {sw2}; switches {from_s} and {from_d} each trade an end node for a link, so their degree is unchanged. N is now {}.",
                    comms.label(c),
                    routes.max_slots()
                ),
                changes: [(s, from_s, sw1), (d, from_d, sw2)]
                    .iter()
                    .filter(|(_, from, to)| from != to)
                    .flat_map(|&(e, from, to)| [Change::MoveEndpoint { endpoint: e, to }, Change::AddLink { a: from, b: to }])
                    .collect(),
                highlight: Highlight { switches: vec![sw1, sw2], flows: vec![c as u32], ..Default::default() },
                metrics: super::metrics(state, routes),
            });
        }
    }
    Err(Error::invalid(
        "target-slots",
        format!("N = {} could not be brought down to {target} (no progress in {STALL_ROUNDS} rounds); try a higher target", routes.max_slots()),
    ))
}

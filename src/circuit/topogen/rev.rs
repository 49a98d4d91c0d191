//! TOPOGEN_REV (paper 000 §4.5, Alg. 5, Fig. 7): to reach a target N, add a linked pair of
//! switches and move the two end nodes of a communication on the crowded channels onto it (the
//! source to one, the destination to the other); each old switch gets a link to the new switch
//! in place of the end node it lost, so its degree is unchanged. A pair is used until another
//! move would exceed the maximum degree, then a new pair is added.
//!
//! Our reading of the loop: Alg. 5 moves every communication of `findNodesByCrowdedLinks` and
//! then tests N; we move one communication at a time and test N after each move, so growth stops
//! at the target instead of overshooting by the rest of a round (tens of switch pairs at 1,024
//! nodes). Before a new pair is opened, link optimization (§4.3) runs again on the spare ports
//! left so far: a link is cheaper than two switches, and the loads have changed since it last
//! ran.

use super::links::optimize_links;
use super::routes::RouteState;
use super::state::GenState;
use super::swap::crowded_candidates;
use super::Comms;
use crate::trace::{Change, Highlight, Recorder, Step};
use crate::{Error, Result};

/// Moves without a lower N after which TOPOGEN_REV gives up (at least; more for many
/// communications, as each move relieves the crowded channels one communication at a time).
const STALL_MOVES: usize = 256;

/// Grow the network until N ≤ `target`.
pub(super) fn reach_target(
    state: &mut GenState,
    routes: &mut RouteState,
    comms: &Comms,
    target: u32,
    recorder: &mut Recorder,
    progress: &mut dyn FnMut(f64),
    work: &mut u64,
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
    let stall = STALL_MOVES.max(comms.pairs.len() / 4);
    let mut pair: Option<(u32, u32)> = None;
    let (mut best, mut since_best) = (start, 0);
    loop {
        let n = routes.max_slots();
        if n <= target {
            return Ok(());
        }
        if n < best {
            (best, since_best) = (n, 0);
        } else if since_best > stall {
            break;
        }
        since_best += 1;
        progress(if start > target {
            f64::from(start - n.min(start)) / f64::from(start - target)
        } else {
            1.0
        });
        let has_room = |s: u32, state: &GenState| state.degree(s) + 2 <= state.max_degree;
        let (sw1, sw2) = match pair {
            Some((a, b)) if has_room(a, state) && has_room(b, state) => (a, b),
            _ => {
                // spare ports first: a link is cheaper than a new pair of switches
                optimize_links(state, routes, comms, recorder, &mut |_| {}, work)?;
                if routes.max_slots() <= target {
                    return Ok(());
                }
                let (a, b) = (state.add_switch(), state.add_switch());
                let from = state.links.len();
                state.add_link(a, b);
                routes.extend(state, from)?;
                let n = routes.max_slots();
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
        let Some(c) = crowded_candidates(routes)
            .into_iter()
            .find(|&c| comms.switches(state, c) != (sw1, sw2))
        else {
            break;
        };
        let (s, d) = comms.pairs[c];
        let (from_s, from_d) = comms.switches(state, c);
        let from = state.links.len();
        let before_move = routes.distances(state, comms);
        for (e, old, new) in [(s, from_s, sw1), (d, from_d, sw2)] {
            if old != new {
                state.move_endpoint(e, new);
                state.add_link(old, new);
            }
        }
        routes.extend(state, from)?;
        routes.reroute_shortened(state, comms, &before_move)?;
        recorder.record(|| Step {
            title: format!("Move end nodes of {} to switches {sw1}, {sw2}", comms.label(c)),
            explanation: format!(
                "{} crossed a crowded channel. End node {s} moves from switch {from_s} to {sw1} and end node {d} from switch {from_d} to {sw2}; switches {from_s} and {from_d} each trade an end node for a link, so their degree is unchanged. N is now {}.",
                comms.label(c),
                routes.max_slots()
            ),
            changes: [(s, from_s, sw1), (d, from_d, sw2)]
                .iter()
                .filter(|(_, old, new)| old != new)
                .flat_map(|&(e, old, new)| [Change::MoveEndpoint { endpoint: e, to: new }, Change::AddLink { a: old, b: new }])
                .collect(),
            highlight: Highlight { switches: vec![sw1, sw2], flows: vec![c as u32], ..Default::default() },
            metrics: super::metrics(state, routes),
        });
    }
    Err(Error::invalid(
        "target-slots",
        format!("N = {} could not be brought down to {target} (no progress in {stall} moves); try a higher target", routes.max_slots()),
    ))
}

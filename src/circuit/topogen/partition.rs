//! partitionSwitches (paper 000 §4.1, Alg. 2, Fig. 5): while some switch exceeds the maximum
//! degree, every such switch (of those existing when the round starts, in id order) with more
//! than one end node keeps the lower half of its end nodes and hands the upper half to a new
//! switch; the two are linked, then the new switch is linked to each (distinct, ascending)
//! neighbour of the old one whose degree is still below the maximum.
//!
//! Our extension: Alg. 2 as printed cannot finish beyond 16 end nodes at degree 5 — the switch
//! that keeps the lower half gains a link every round while its end nodes halve (degree
//! V/2^r + r), until it has one end node and is still over the limit. Such a switch (at most one
//! end node, degree over the limit) instead hands the upper half of its links (rounded up), by
//! neighbour id, to a new switch linked to it. This never happens in the paper's 16-node example (Fig. 5).

use super::state::GenState;
use crate::trace::{Change, Highlight, Recorder, Step};
use crate::{Error, Result};

/// Partition until every switch meets the maximum degree.
pub(super) fn partition_switches(state: &mut GenState, recorder: &mut Recorder) -> Result<()> {
    let max = state.max_degree;
    let mut round = 0;
    let round_limit = 64 + 4 * state.endpoint_switch.len() as u32;
    while state.max_switch_degree() > max {
        round += 1;
        if round > round_limit {
            return Err(Error::invalid(
                "degree",
                format!(
                    "partitioning did not meet maximum degree {max} within {round_limit} rounds"
                ),
            ));
        }
        let mut split = false;
        for sw in 0..state.switch_count() as u32 {
            if state.degree(sw) <= max {
                continue;
            }
            if state.nodes_at(sw) <= 1 {
                let before = state.degree(sw);
                let (new, moved) = split_links(state, sw);
                split = true;
                recorder.record(|| link_split_step(state, round, sw, before, new, &moved));
                continue;
            }
            let before = state.degree(sw);
            let nodes = state.endpoints_of(sw);
            let keep = nodes.len() - nodes.len() / 2;
            let new = state.add_switch();
            for &e in &nodes[keep..] {
                state.move_endpoint(e, new);
            }
            state.add_link(sw, new);
            let (mut linked, mut refused) = (Vec::new(), Vec::new());
            for n in state.neighbors(sw) {
                if n == new {
                    continue;
                }
                if state.degree(n) < max {
                    state.add_link(n, new);
                    linked.push(n);
                } else {
                    refused.push((n, state.degree(n)));
                }
            }
            split = true;
            recorder.record(|| {
                partition_step(
                    state,
                    round,
                    sw,
                    before,
                    new,
                    &nodes[keep..],
                    &linked,
                    &refused,
                )
            });
        }
        if !split {
            let worst = (0..state.switch_count() as u32)
                .find(|&s| state.degree(s) > max)
                .unwrap_or(0);
            return Err(Error::invalid(
                "degree",
                format!("maximum degree {max} cannot be met: switch {worst} has degree {} with one end node left; use a maximum degree ≥ 3", state.degree(worst)),
            ));
        }
    }
    Ok(())
}

/// Move the upper half (rounded up) of `sw`'s links, by neighbour id, to a new switch linked to `sw`.
fn split_links(state: &mut GenState, sw: u32) -> (u32, Vec<u32>) {
    let mut ends: Vec<(u32, usize)> = state
        .links
        .iter()
        .enumerate()
        .filter_map(|(i, &(a, b))| {
            if a == sw {
                Some((b, i))
            } else if b == sw {
                Some((a, i))
            } else {
                None
            }
        })
        .collect();
    ends.sort_unstable();
    let new = state.add_switch();
    // ⌈L/2⌉ links move: keeping ⌈L/2⌉ plus the new link would leave a 3-link switch unchanged
    let moved: Vec<(u32, usize)> = ends[ends.len() / 2..].to_vec();
    for &(_, i) in &moved {
        state.relink(i, sw, new);
    }
    state.add_link(sw, new);
    (new, moved.into_iter().map(|(n, _)| n).collect())
}

fn link_split_step(
    state: &GenState,
    round: u32,
    sw: u32,
    before: usize,
    new: u32,
    moved: &[u32],
) -> Step {
    let mut changes = vec![Change::AddSwitch { switch: new }];
    for &n in moved {
        changes.push(Change::RemoveLink { a: n, b: sw });
        changes.push(Change::AddLink { a: n, b: new });
    }
    changes.push(Change::AddLink { a: sw, b: new });
    Step {
        title: format!("Round {round}: split the links of switch {sw} → new switch {new}"),
        explanation: format!(
            "Switch {sw} has degree {before} > {} but at most one end node, so its end nodes cannot be halved. Its links to {} move to the new switch {new}, which is linked to switch {sw}.",
            state.max_degree,
            list(moved)
        ),
        changes,
        highlight: Highlight { switches: vec![sw, new], ..Default::default() },
        metrics: vec![("switches".into(), state.switch_count() as f64), ("links".into(), state.links.len() as f64)],
    }
}

#[allow(clippy::too_many_arguments)]
fn partition_step(
    state: &GenState,
    round: u32,
    sw: u32,
    before: usize,
    new: u32,
    moved: &[u32],
    linked: &[u32],
    refused: &[(u32, usize)],
) -> Step {
    let max = state.max_degree;
    let mut changes = vec![Change::AddSwitch { switch: new }];
    changes.extend(moved.iter().map(|&e| Change::MoveEndpoint {
        endpoint: e,
        to: new,
    }));
    changes.push(Change::AddLink { a: sw, b: new });
    changes.extend(linked.iter().map(|&n| Change::AddLink { a: n, b: new }));
    let range = match (moved.first(), moved.last()) {
        (Some(a), Some(b)) if a != b => format!("end nodes {a}–{b}"),
        (Some(a), _) => format!("end node {a}"),
        _ => "no end nodes".into(),
    };
    let mut explanation = format!(
        "Round {round}: switch {sw} has degree {before} > {max}, so it is split. It keeps the lower half of its end nodes; {range} move to the new switch {new}, which is linked to switch {sw}."
    );
    if !linked.is_empty() {
        explanation += &format!(
            " Switch {new} is also linked to {} (their degree was below {max}).",
            list(linked)
        );
    }
    for (n, d) in refused {
        explanation += &format!(
            " Switch {new} is not linked to switch {n}: its degree is {d}, not below {max}."
        );
    }
    Step {
        title: format!("Round {round}: split switch {sw} → new switch {new}"),
        explanation,
        changes,
        highlight: Highlight {
            switches: vec![sw, new],
            ..Default::default()
        },
        metrics: vec![
            ("switches".into(), state.switch_count() as f64),
            ("links".into(), state.links.len() as f64),
        ],
    }
}

fn list(ids: &[u32]) -> String {
    let names: Vec<String> = ids.iter().map(|i| format!("switch {i}")).collect();
    names.join(", ")
}

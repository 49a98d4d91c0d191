//! The CTC lab's steps and click details: one step per serving decision of §4.2.3 (a direct
//! link on a plane, a refusal with the planes' port use, a multi-hop pass building links or
//! finding none, the network full), in the words of the paper's O/I port matrices.

use super::{CtcResult, CtcRun};
use crate::hybrid::ctc::apsp::{Apsp, UNREACHABLE};
use crate::hybrid::ctc::ilp::IlpOutcome;
use crate::hybrid::ctc::serve::{path_in, Event, Tried};
use crate::hybrid::ctc::Demand;
use crate::labs::StepSummary;
use crate::model::{ChannelId, Topology};
use crate::{Error, Result};
use serde_json::{json, Value};

/// Most steps listed (a dense N = 256 matrix has 32,640 demands); the rest are summarised.
pub const MAX_STEPS: usize = crate::trace::MAX_TRACE_STEPS;

/// What a detail query reads.
pub(crate) struct Parts<'a> {
    pub result: &'a CtcResult,
    pub demands: &'a [Demand],
    pub order: &'a [u32],
    pub events: &'a [Event],
    pub apsp: &'a Apsp,
    pub members: &'a [Vec<u32>],
    pub ports_used: (&'a [u8], &'a [u8]),
    pub topology: &'a Topology,
}

/// The links in the order they were made, and how many exist after each event.
pub(crate) fn made_by_event(
    events: &[Event],
    demands: &[Demand],
) -> (Vec<(u32, u32, u8)>, Vec<usize>) {
    let mut made = Vec::new();
    let mut after = Vec::with_capacity(events.len());
    for e in events {
        match e {
            Event::Direct { demand, plane, .. } => {
                let d = demands[*demand as usize];
                made.push((d.s, d.d, *plane));
            }
            Event::Built { new_links, .. } => made.extend(new_links.iter().copied()),
            _ => {}
        }
        after.push(made.len());
    }
    (made, after)
}

/// The demand an event is about and the links it made (src, dst).
pub(crate) fn event_demand_and_links(e: &Event) -> (Option<u32>, Vec<(u32, u32)>) {
    match e {
        Event::Direct { demand, .. } => (Some(*demand), Vec::new()),
        Event::Refused { demand, .. } | Event::NoPath { demand, .. } => (Some(*demand), Vec::new()),
        Event::Built {
            demand, new_links, ..
        } => (
            Some(*demand),
            new_links.iter().map(|l| (l.0, l.1)).collect(),
        ),
        Event::Full { .. } => (None, Vec::new()),
    }
}

fn planes_text(tried: &[Tried], ports: usize) -> String {
    tried
        .iter()
        .map(|&(k, o, i)| format!("plane {}: out {o}/{ports}, in {i}/{ports}", k + 1))
        .collect::<Vec<_>>()
        .join("; ")
}

/// One summary per event (up to `MAX_STEPS`, then one that says what was left out).
pub(crate) fn summaries(
    r: &CtcResult,
    demands: &[Demand],
    order: &[u32],
    events: &[Event],
    dropped: usize,
    made_after: &[usize],
) -> Vec<StepSummary> {
    let dem = |i: u32| demands[i as usize];
    let position: std::collections::HashMap<u32, usize> =
        order.iter().enumerate().map(|(p, &d)| (d, p + 1)).collect();
    let mut direct = 0usize;
    let mut out = Vec::with_capacity(events.len().min(MAX_STEPS + 1));
    for (k, e) in events.iter().enumerate() {
        if let Event::Direct { .. } = e {
            direct += 1;
        }
        if k >= MAX_STEPS {
            continue;
        }
        let (title, explanation) = match e {
            Event::Direct {
                demand,
                plane,
                tried,
            } => {
                let d = dem(*demand);
                (
                    format!("Pass 1: {}→{} linked on plane {}", d.s, d.d, plane + 1),
                    format!(
                        "Demand {}→{} ({} B, {} of {} in the order). {}. LC {} has a free out-port and LC {} a free in-port on plane {}: link (k, i, j) = ({}, {}, {}) is established, taking one of each (O and I count them).",
                        d.s, d.d, d.bytes, position[demand], order.len(), planes_text(tried, r.ports), d.s, d.d, plane + 1, plane + 1, d.s, d.d
                    ),
                )
            }
            Event::Refused { demand, tried } => {
                let d = dem(*demand);
                let out_free: Vec<String> = tried.iter().filter(|t| (t.1 as usize) < r.ports).map(|t| (t.0 + 1).to_string()).collect();
                let in_free: Vec<String> = tried.iter().filter(|t| (t.2 as usize) < r.ports).map(|t| (t.0 + 1).to_string()).collect();
                let why = match (out_free.is_empty(), in_free.is_empty()) {
                    (true, _) => format!("LC {} has no free out-port on any plane", d.s),
                    (_, true) => format!("LC {} has no free in-port on any plane", d.d),
                    _ => format!(
                        "LC {}'s free out-ports are on planes {{{}}} and LC {}'s free in-ports on {{{}}}: no common plane",
                        d.s, out_free.join(", "), d.d, in_free.join(", ")
                    ),
                };
                (
                    format!("Pass 1: {}→{} refused", d.s, d.d),
                    format!(
                        "Demand {}→{} ({} B, {} of {} in the order). {}. {why}; the demand is left to the multi-hop passes.",
                        d.s, d.d, d.bytes, position[demand], order.len(), planes_text(tried, r.ports)
                    ),
                )
            }
            Event::Built {
                pass,
                demand,
                was,
                new_links,
                path,
            } => {
                let d = dem(*demand);
                let links: Vec<String> = new_links.iter().map(|l| format!("{}→{} (plane {})", l.0, l.1, l.2 + 1)).collect();
                let route: Vec<String> = path.iter().map(|x| x.to_string()).collect();
                (
                    format!("Pass {pass}: {}→{} within {} hops", d.s, d.d, path.len().saturating_sub(1)),
                    format!(
                        "Demand {}→{} was {}; pass {pass} looks for a path of at most {pass} hops over existing links and free ports. New link{} {} make{} {}.",
                        d.s, d.d, hops_text(*was), if links.len() > 1 { "s" } else { "" }, links.join(", "), if links.len() > 1 { "" } else { "s" }, route.join(" → ")
                    ),
                )
            }
            Event::NoPath { pass, demand, was } => {
                let d = dem(*demand);
                (
                    format!("Pass {pass}: {}→{} stays at {}", d.s, d.d, hops_text(*was)),
                    format!(
                        "Demand {}→{} is {}; no path of at most {pass} hops can be made from existing links and the ports still free.",
                        d.s, d.d, hops_text(*was)
                    ),
                )
            }
            Event::Full { pass } => (
                format!("Pass {pass}: the optical network is full"),
                "No LC with a free out-port can be linked to an LC with a free in-port on a common plane (both free, not already linked): the passes end.".into(),
            ),
        };
        out.push(StepSummary {
            title,
            explanation,
            metrics: vec![
                ("links".into(), made_after[k] as f64),
                ("direct demands".into(), direct as f64),
            ],
        });
    }
    let total = events.len() + dropped;
    if total > MAX_STEPS {
        out.push(StepSummary {
            title: format!("{} more decisions", total - MAX_STEPS),
            explanation: format!(
                "The serving made {total} decisions; the first {MAX_STEPS} are listed. The links, hop-bytes and unserved demands in the results cover all of them."
            ),
            metrics: vec![("links".into(), r.links.len() as f64)],
        });
    }
    if let Some(ilp) = &r.ilp {
        out.push(ilp_step(r, ilp));
    }
    out
}

/// The last step when the ILP ran: the steps before it are the serving that warm-started it;
/// this one shows the configuration the ILP returned. No clock reading here: a trace is the
/// same in WASM and natively (tests/node).
fn ilp_step(r: &CtcResult, ilp: &IlpOutcome) -> StepSummary {
    let found = match ilp.hop_bytes {
        Some(h) if ilp.incumbent == "warm-start" => format!(
            "it found no configuration better than the serving's, whose hop-bytes ({h:.0}) it keeps"
        ),
        Some(h) => format!("its configuration has {h:.0} hop-bytes"),
        None => "it found no configuration in time".into(),
    };
    let proof = if ilp.optimal {
        "proven optimal".to_string()
    } else {
        match ilp.bound {
            Some(b) => format!("stopped ({}) with bound {b:.1}", ilp.status),
            None => format!("stopped ({})", ilp.status),
        }
    };
    StepSummary {
        title: format!("The ILP (§4.1): {proof}"),
        explanation: format!(
            "The steps so far served the demands in the heuristic's order; the ILP, started from that configuration, searched the configurations of {} link{} per LC each way (K·P, planes merged): {found}. The figure shows its {} links; the results are the ILP's (its time and nodes among them).",
            r.planes * r.ports,
            if r.planes * r.ports == 1 { "" } else { "s" },
            r.links.len()
        ),
        metrics: vec![("links".into(), r.links.len() as f64)],
    }
}

fn hops_text(h: u16) -> String {
    if h == UNREACHABLE {
        "unreachable".into()
    } else {
        format!("{h} hops away")
    }
}

/// Answer a click.
pub(crate) fn detail(run: &CtcRun, query: &Value) -> Result<Value> {
    let p = run.parts();
    let r = p.result;
    let n = r.lcs;
    let index = |key: &str, below: usize| crate::labs::query_index(query, key, below);
    let demand = match (index("demand", p.demands.len())?, query.get("pair")) {
        (Some(i), _) => Some(i),
        (None, Some(pair)) => {
            let ids: Vec<u32> = serde_json::from_value(pair.clone())
                .map_err(|_| Error::invalid("pair", "write [source LC, destination LC]"))?;
            let found = p
                .demands
                .iter()
                .position(|d| ids.len() == 2 && (d.s, d.d) == (ids[0], ids[1]));
            Some(found.ok_or_else(|| Error::invalid("pair", format!("{ids:?} is not a demand")))?)
        }
        _ => None,
    };
    if let Some(i) = demand {
        let d = p.demands[i];
        let path = path_in(p.apsp, d.s as usize, d.d as usize);
        let decisions: Vec<&Event> = p
            .events
            .iter()
            .filter(|e| super::steps::event_demand_and_links(e).0 == Some(i as u32))
            .collect();
        return Ok(json!({
            "demand": i,
            "src": d.s,
            "dst": d.d,
            "bytes": d.bytes,
            "position": p.order.iter().position(|&x| x as usize == i).map(|x| x + 1),
            "hops": path.len().checked_sub(1),
            "path": path,
            "direct": r.links.iter().any(|l| (l.src, l.dst) == (d.s, d.d)),
            "decisions": decisions,
        }));
    }
    if let Some(lc) = index("lc", n)? {
        let k = r.planes;
        let (o, i) = p.ports_used;
        return Ok(json!({
            "lc": lc,
            "tasks": p.members.get(lc),
            "out_ports_per_plane": &o[lc * k..(lc + 1) * k],
            "in_ports_per_plane": &i[lc * k..(lc + 1) * k],
            "links_out": r.links.iter().filter(|l| l.src as usize == lc).collect::<Vec<_>>(),
            "links_in": r.links.iter().filter(|l| l.dst as usize == lc).collect::<Vec<_>>(),
        }));
    }
    if let Some(c) = index("channel", p.topology.channel_count())? {
        let (a, b) = p.topology.channel_ends(ChannelId(c as u32));
        let (a, b) = (a.0, b.0);
        let link = r.links.iter().find(|l| (l.src, l.dst) == (a, b));
        let over: Vec<Value> = p
            .demands
            .iter()
            .filter(|d| {
                path_in(p.apsp, d.s as usize, d.d as usize)
                    .windows(2)
                    .any(|w| (w[0] as u32, w[1] as u32) == (a, b))
            })
            .take(200)
            .map(|d| json!([d.s, d.d, d.bytes]))
            .collect();
        return Ok(json!({ "channel": c, "src": a, "dst": b, "link": link, "demands": over }));
    }
    Err(Error::invalid(
        "detail",
        "ask for {\"demand\": i}, {\"pair\": [s, d]}, {\"lc\": i} or {\"channel\": c}",
    ))
}

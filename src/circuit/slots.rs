//! Slot utilization (paper 000 §3.3, §5.1): every circuit starts with one slot; communications
//! then take extra slots, in the policy's order, as long as no channel exceeds N. Orders: `src`
//! (source number), `hcLtoS` (most switches first), `hcStoL` (fewest first), ties kept in source
//! order; increments: `greedy` (all the room at once) or `polling` (one slot per turn, round after
//! round). Efficiency = used slots / (N × directed inter-switch channels).

use crate::error::suggest;
use crate::model::{ChannelId, PathSet, Topology};
use crate::trace::{Change, Highlight, Recorder, Step};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// Which communication is considered first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Order {
    /// Natural order of source node number.
    Src,
    /// Descending hop count (switches traversed).
    HcLtoS,
    /// Ascending hop count.
    HcStoL,
}

/// How many slots a communication gets per turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Increment {
    /// As many as fit.
    Greedy,
    /// One per turn, in rounds.
    Polling,
}

/// One of the six policies of §3.3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotPolicy {
    pub order: Order,
    pub increment: Increment,
}

/// The six policy names with their definitions.
pub const SLOT_POLICIES: &[(&str, &str)] = &[
    (
        "src_greedy",
        "in order of source node number; each takes as many extra slots as fit",
    ),
    (
        "src_polling",
        "in order of source node number; one extra slot per turn, round after round",
    ),
    (
        "hcLtoS_greedy",
        "longest communications (most switches) first; each takes as many extra slots as fit",
    ),
    (
        "hcLtoS_polling",
        "longest communications first; one extra slot per turn, round after round",
    ),
    (
        "hcStoL_greedy",
        "shortest communications first; each takes as many extra slots as fit",
    ),
    (
        "hcStoL_polling",
        "shortest communications first; one extra slot per turn, round after round",
    ),
];

impl SlotPolicy {
    /// Parse `src_greedy`, `hcLtoS_polling`, … (case-insensitive).
    pub fn parse(text: &str) -> Result<SlotPolicy> {
        let lower = text.trim().to_ascii_lowercase();
        let (order, increment) = lower.split_once('_').unwrap_or((&lower, ""));
        let order = match order {
            "src" => Some(Order::Src),
            "hcltos" => Some(Order::HcLtoS),
            "hcstol" => Some(Order::HcStoL),
            _ => None,
        };
        let increment = match increment {
            "greedy" => Some(Increment::Greedy),
            "polling" => Some(Increment::Polling),
            _ => None,
        };
        match (order, increment) {
            (Some(order), Some(increment)) => Ok(SlotPolicy { order, increment }),
            _ => {
                let names: Vec<&str> = SLOT_POLICIES.iter().map(|(n, _)| *n).collect();
                Err(Error::invalid(
                    "policy",
                    format!("unknown policy '{text}'; {}", suggest(text, &names)),
                ))
            }
        }
    }

    /// The paper's name, e.g. `hcLtoS_greedy`.
    pub fn name(self) -> &'static str {
        let i = match (self.order, self.increment) {
            (Order::Src, Increment::Greedy) => 0,
            (Order::Src, Increment::Polling) => 1,
            (Order::HcLtoS, Increment::Greedy) => 2,
            (Order::HcLtoS, Increment::Polling) => 3,
            (Order::HcStoL, Increment::Greedy) => 4,
            (Order::HcStoL, Increment::Polling) => 5,
        };
        SLOT_POLICIES[i].0
    }
}

/// Efficiency of one fat-tree layer (channels leaving that layer's switches), Fig. 10 (b)–(d).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LayerUtilization {
    pub layer: u32,
    pub used_slots: u64,
    pub total_slots: u64,
    pub efficiency: f64,
}

/// The outcome of one policy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SlotAllocation {
    pub policy: String,
    /// Slots held by each circuit (≥ 1).
    pub circuit_slots: Vec<u32>,
    /// Slots used on each channel (≤ N).
    pub channel_slots: Vec<u32>,
    /// (circuit, extra slots) in the order they were given.
    pub grants: Vec<(u32, u32)>,
    pub used_slots: u64,
    pub total_slots: u64,
    /// used / total, 0–1 (the paper's slot-utilization efficiency).
    pub slot_utilization: f64,
    /// Per layer, for layered topologies (fat-trees); empty otherwise.
    pub layers: Vec<LayerUtilization>,
}

/// Run `policy` on `circuits` (whose loads are `loads`, N = `max_slots`). `label(i)` names
/// circuit i in the trace ("c(5,11)"); `progress` gets the fraction of the first pass done.
// (eight arguments: five inputs of the allocation and three observers of it, the trace's
// labels, its recorder and the progress)
#[allow(clippy::too_many_arguments)]
pub fn allocate_slots(
    topo: &Topology,
    circuits: &PathSet,
    loads: &[u32],
    max_slots: u32,
    policy: SlotPolicy,
    label: &dyn Fn(usize) -> String,
    recorder: &mut Recorder,
    progress: &mut dyn FnMut(f64),
) -> SlotAllocation {
    let mut used = loads.to_vec();
    let mut slots = vec![1u32; circuits.len()];
    let mut order: Vec<usize> = (0..circuits.len()).collect();
    match policy.order {
        Order::Src => {}
        Order::HcLtoS => {
            crate::sort::by_key(&mut order, |&i| std::cmp::Reverse(circuits.switch_count(i)))
        }
        Order::HcStoL => crate::sort::by_key(&mut order, |&i| circuits.switch_count(i)),
    }
    let used_total = |used: &[u32]| used.iter().map(|&u| u64::from(u)).sum::<u64>();
    let total_slots = u64::from(max_slots) * topo.channel_count() as u64;
    let efficiency = |u: u64| {
        if total_slots == 0 {
            0.0
        } else {
            u as f64 / total_slots as f64
        }
    };
    recorder.record(|| Step {
        title: format!("Start: every communication holds 1 slot, N = {max_slots}"),
        explanation: format!(
            "N is the largest number of communications sharing one directed channel. {} takes communications {} and gives each {} while no channel exceeds N = {max_slots}.",
            policy.name(),
            match policy.order {
                Order::Src => "in order of source node",
                Order::HcLtoS => "longest first (most switches)",
                Order::HcStoL => "shortest first (fewest switches)",
            },
            match policy.increment {
                Increment::Greedy => "as many extra slots as fit",
                Increment::Polling => "one extra slot per turn, round after round,",
            }
        ),
        highlight: Highlight { channels: crate::analysis::busiest_channels(loads).iter().map(|c| c.0).collect(), ..Default::default() },
        metrics: metrics(used_total(&used), efficiency(used_total(&used))),
        ..Default::default()
    });

    // the tightest channel of circuit i (fewest free slots, then lowest id) and its free slots
    let room = |used: &[u32], i: usize| -> (u32, Option<ChannelId>) {
        let mut tightest: Option<(u32, ChannelId)> = None;
        for &c in circuits.channels(i) {
            let free = max_slots - used[c.index()];
            if tightest.is_none_or(|(f, t)| (free, c.0) < (f, t.0)) {
                tightest = Some((free, c));
            }
        }
        match tightest {
            Some((free, c)) => (free, Some(c)),
            None => (0, None),
        }
    };
    // slots in use over all channels, kept as grants are made (summing `used` for every
    // recorded step cost a pass over every channel per grant)
    let mut used_sum = used_total(&used);
    let mut grants = Vec::new();
    let mut active = order;
    let mut round = 0;
    loop {
        round += 1;
        let mut next_active = Vec::with_capacity(active.len());
        let count = active.len();
        for (turn, &i) in active.iter().enumerate() {
            if round == 1 && turn % 4096 == 0 {
                progress(turn as f64 / count.max(1) as f64);
            }
            let (free, tightest) = room(&used, i);
            if free == 0 {
                continue;
            }
            let extra = if policy.increment == Increment::Greedy {
                free
            } else {
                1
            };
            slots[i] += extra;
            for c in circuits.channels(i) {
                used[c.index()] += extra;
            }
            used_sum += u64::from(extra) * circuits.channels(i).len() as u64;
            grants.push((i as u32, extra));
            if free > extra {
                next_active.push(i);
            }
            recorder.record(|| {
                let tight = tightest.expect("a circuit with room has a channel");
                let (a, b) = topo.channel_ends(tight);
                let now = used[tight.index()];
                Step {
                    title: format!("{} gets {} more slot{} (now {})", label(i), extra, if extra == 1 { "" } else { "s" }, slots[i]),
                    explanation: format!(
                        "{}{} crosses {} switches. Its tightest channel l({},{}) had {} of N = {max_slots} slots in use, so {} {} fit{}. l({},{}) now uses {now}{}.",
                        if policy.increment == Increment::Polling { format!("Round {round}: ") } else { String::new() },
                        label(i),
                        circuits.switch_count(i),
                        a.0,
                        b.0,
                        now - extra,
                        free,
                        if free == 1 { "more slot would" } else { "more slots would" },
                        if policy.increment == Increment::Polling && free > 1 { "; polling takes only one this turn" } else { "" },
                        a.0,
                        b.0,
                        if now == max_slots { " — it is full" } else { "" },
                    ),
                    changes: std::iter::once(Change::FlowSlots { flow: i as u32, slots: slots[i] })
                        .chain(circuits.channels(i).iter().map(|c| Change::ChannelSlots { channel: c.0, used: used[c.index()] }))
                        .collect(),
                    // the communication's whole path is marked; the text names its tightest channel
                    highlight: Highlight { flows: vec![i as u32], channels: circuits.channels(i).iter().map(|c| c.0).collect(), ..Default::default() },
                    metrics: metrics(used_sum, efficiency(used_sum)),
                }
            });
        }
        active = next_active;
        if policy.increment == Increment::Greedy || active.is_empty() {
            break;
        }
    }
    progress(1.0);
    let used_slots = used_sum;
    debug_assert_eq!(used_slots, used_total(&used));
    recorder.record(|| Step {
        title: format!("Done: slot utilization {:.1}%", 100.0 * efficiency(used_slots)),
        explanation: format!(
            "No communication can take another slot without raising N. {used_slots} of {total_slots} switch slots (N × {} directed channels) are used.",
            topo.channel_count()
        ),
        metrics: metrics(used_slots, efficiency(used_slots)),
        ..Default::default()
    });
    SlotAllocation {
        policy: policy.name().to_string(),
        layers: layer_utilization(topo, &used, max_slots),
        circuit_slots: slots,
        channel_slots: used,
        grants,
        used_slots,
        total_slots,
        slot_utilization: efficiency(used_slots),
    }
}

fn metrics(used: u64, efficiency: f64) -> Vec<(String, f64)> {
    vec![
        ("used_slots".into(), used as f64),
        ("slot_utilization".into(), efficiency),
    ]
}

fn layer_utilization(topo: &Topology, used: &[u32], max_slots: u32) -> Vec<LayerUtilization> {
    let crate::model::Shape::FatTree { levels, .. } = *topo.shape() else {
        return Vec::new();
    };
    let mut per_layer = vec![(0u64, 0u64); levels];
    for (c, &u) in used.iter().enumerate() {
        let (from, _) = topo.channel_ends(ChannelId::new(c));
        let layer = topo.switch_info(from).layer as usize;
        per_layer[layer].0 += u64::from(u);
        per_layer[layer].1 += u64::from(max_slots);
    }
    per_layer
        .into_iter()
        .enumerate()
        .map(|(layer, (u, t))| LayerUtilization {
            layer: layer as u32,
            used_slots: u,
            total_slots: t,
            efficiency: if t == 0 { 0.0 } else { u as f64 / t as f64 },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn policy_names_round_trip() {
        for (name, _) in SLOT_POLICIES {
            assert_eq!(SlotPolicy::parse(name).unwrap().name(), *name);
        }
        assert!(SlotPolicy::parse("hcltos_greed")
            .unwrap_err()
            .to_string()
            .contains("did you mean"));
    }
}

//! One round of a communication pattern, every message sent at time 0, under two switching
//! models on the same topology and routes (paper 000 §3.1, Fig. 2):
//! - circuit switching with TDM: every channel has N slots of `slot_gbps` each; a communication
//!   holding m slots sends at m·`slot_gbps` with no contention, and pays `cs_switch_ns` per switch;
//! - packet switching: a channel's `ps_link_gbps` is shared equally by the flows crossing it; a
//!   flow runs at the share of its most shared channel for the whole message (bandwidth freed by
//!   finished flows is not handed back, so this bounds the PS time from above), and pays
//!   `ps_switch_ns` per switch.
//!
//! The round completes when the last message arrives. Defaults are the paper's.

use crate::model::PathSet;
use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// Parameters of the two models.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct TdmParams {
    pub message_bytes: u64,
    pub slot_gbps: f64,
    pub cs_switch_ns: f64,
    pub ps_link_gbps: f64,
    pub ps_switch_ns: f64,
}

impl Default for TdmParams {
    fn default() -> Self {
        TdmParams {
            message_bytes: 65_536,
            slot_gbps: 25.0,
            cs_switch_ns: 10.0,
            ps_link_gbps: 400.0,
            ps_switch_ns: 200.0,
        }
    }
}

/// Completion times of one round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TdmRound {
    pub message_bytes: u64,
    pub cs_round_ns: f64,
    pub cs_mean_ns: f64,
    pub ps_round_ns: f64,
    pub ps_mean_ns: f64,
    /// ps_round / cs_round: above 1, circuit switching finishes first.
    pub cs_speedup: f64,
}

/// Simulate one round. `circuits` are the communications' routes, `slots` the slots each holds
/// (1 without a slot policy), `loads` the number of circuits per channel.
pub(crate) fn simulate_round(
    circuits: &PathSet,
    slots: &[u32],
    loads: &[u32],
    params: &TdmParams,
) -> Result<TdmRound> {
    for (name, v) in [
        ("slot_gbps", params.slot_gbps),
        ("ps_link_gbps", params.ps_link_gbps),
        ("cs_switch_ns", params.cs_switch_ns),
        ("ps_switch_ns", params.ps_switch_ns),
    ] {
        if !v.is_finite() || v < 0.0 || (name.ends_with("gbps") && v == 0.0) {
            return Err(Error::invalid(
                name,
                format!("must be a positive finite number, not {v}"),
            ));
        }
    }
    if circuits.is_empty() {
        return Ok(TdmRound {
            message_bytes: params.message_bytes,
            cs_round_ns: 0.0,
            cs_mean_ns: 0.0,
            ps_round_ns: 0.0,
            ps_mean_ns: 0.0,
            cs_speedup: 1.0,
        });
    }
    let bits = params.message_bytes as f64 * 8.0;
    let (mut cs, mut ps) = (
        Vec::with_capacity(circuits.len()),
        Vec::with_capacity(circuits.len()),
    );
    for i in 0..circuits.len() {
        let switches = circuits.switch_count(i) as f64;
        let m = f64::from(slots.get(i).copied().unwrap_or(1).max(1));
        // Gbit/s = bit/ns
        cs.push(switches * params.cs_switch_ns + bits / (m * params.slot_gbps));
        let sharers = circuits
            .channels(i)
            .iter()
            .map(|c| loads[c.index()])
            .max()
            .unwrap_or(1)
            .max(1);
        ps.push(switches * params.ps_switch_ns + bits * f64::from(sharers) / params.ps_link_gbps);
    }
    let max = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    Ok(TdmRound {
        message_bytes: params.message_bytes,
        cs_round_ns: max(&cs),
        cs_mean_ns: mean(&cs),
        ps_round_ns: max(&ps),
        ps_mean_ns: mean(&ps),
        cs_speedup: max(&ps) / max(&cs),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ChannelId;

    #[test]
    fn hand_computed_round() {
        // two circuits over 3 switches sharing channel 0; 1000 bytes
        let mut set = PathSet::new();
        set.push(&[ChannelId(0), ChannelId(2)], 3);
        set.push(&[ChannelId(0)], 2);
        let loads = [2, 0, 1, 0];
        let p = TdmParams {
            message_bytes: 1000,
            ..Default::default()
        };
        let r = simulate_round(&set, &[1, 1], &loads, &p).unwrap();
        assert!((r.cs_round_ns - (3.0 * 10.0 + 8000.0 / 25.0)).abs() < 1e-9);
        assert!((r.ps_round_ns - (3.0 * 200.0 + 8000.0 * 2.0 / 400.0)).abs() < 1e-9);
        let more = simulate_round(&set, &[2, 1], &loads, &p).unwrap();
        assert!(
            more.cs_mean_ns < r.cs_mean_ns,
            "an extra slot shortens the transfer"
        );
        assert!(simulate_round(
            &set,
            &[1, 1],
            &loads,
            &TdmParams {
                slot_gbps: f64::NAN,
                ..p
            }
        )
        .is_err());
    }
}

//! The simulator's own limits on a run's parameters (`MAX_VCS`, `MAX_SIM_CYCLES`, …) and
//! their check (`check`), made before anything is built.

use super::engine::SimParams;
use crate::{Error, Result};

/// Most cycles of one run (warm-up + window + drain).
pub const MAX_SIM_CYCLES: u64 = 10_000_000;

/// Most network ports of one endpoint (a node on both planes of a dual-plane network).
pub(crate) const MAX_PORTS: usize = 2;

/// Most cycles on one channel (its link latency plus its cable).
pub(crate) const MAX_CHANNEL_LATENCY: u32 = 4096;

/// Most bytes one run may hold (`engine::memory_bytes`): the page's worker and a 32-bit WASM
/// module have 4 GiB in all, and a sweep runs several at once natively.
pub const MAX_SIM_MEMORY_BYTES: u64 = 1 << 30;

/// Most VCs per port and flits per VC buffer and per packet.
pub(crate) const MAX_VCS: usize = 64;

/// Most router pipeline stages.
pub(crate) const MAX_STAGES: u32 = 64;

/// Most cycles of a channel's latency or a credit's delay (besides the cable's).
pub(crate) const MAX_HOP_CYCLES: u32 = 1000;

/// Most cycles per metre of cable.
pub(crate) const MAX_LATENCY_PER_M: f64 = 100.0;

pub(crate) const MAX_BUFFER: usize = 1024;

pub(crate) const MAX_PACKET: usize = 1024;

/// Checks the parameters before anything is built.
pub fn check(p: &SimParams) -> Result<()> {
    check_router(p)?;
    check_load(p)?;
    check_cycles(p)
}

/// The refusal of `name` for `reason`.
fn bad(name: &str, reason: String) -> Result<()> {
    Err(Error::invalid(name, reason))
}

/// The router's parameters: VCs, buffers, packets, stages, channel and credit delays, cables.
fn check_router(p: &SimParams) -> Result<()> {
    if p.vcs == 0 || p.vcs > MAX_VCS {
        return bad(
            "vcs",
            format!("from 1 to {MAX_VCS} virtual channels, not {}", p.vcs),
        );
    }
    if p.buffer == 0 || p.buffer > MAX_BUFFER {
        return bad(
            "buf",
            format!("from 1 to {MAX_BUFFER} flits per VC, not {}", p.buffer),
        );
    }
    if p.packet == 0 || p.packet > MAX_PACKET {
        return bad(
            "packet",
            format!("from 1 to {MAX_PACKET} flits per packet, not {}", p.packet),
        );
    }
    if p.stages == 0 || p.stages > MAX_STAGES {
        return bad(
            "stages",
            format!("from 1 to {MAX_STAGES} pipeline stages, not {}", p.stages),
        );
    }
    for (name, value, what) in [
        ("link_latency", p.link_latency, "cycles per channel"),
        ("credit_delay", p.credit_delay, "cycles for a credit"),
    ] {
        if value == 0 || value > MAX_HOP_CYCLES {
            return bad(
                name,
                format!("from 1 to {MAX_HOP_CYCLES} {what}, not {value}"),
            );
        }
    }
    if !(p.latency_per_m.is_finite() && (0.0..=MAX_LATENCY_PER_M).contains(&p.latency_per_m)) {
        return bad(
            "latency_per_m",
            format!(
                "from 0 to {MAX_LATENCY_PER_M} cycles per metre of cable, not {}",
                p.latency_per_m
            ),
        );
    }
    Ok(())
}

/// The offered load: within the ports of a node and one packet a cycle.
fn check_load(p: &SimParams) -> Result<()> {
    if !(p.rate.is_finite() && p.rate > 0.0 && p.rate <= MAX_PORTS as f64) {
        return bad(
            "rate",
            format!(
                "an offered load in (0, 1] flits per node per cycle (up to {MAX_PORTS} for nodes on {MAX_PORTS} planes), not {}",
                p.rate
            ),
        );
    }
    // a node starts at most one packet a cycle (a Bernoulli draw of probability rate / P):
    // a larger rate would be run as rate = P and reported as what was asked
    if p.rate > p.packet as f64 {
        return bad(
            "rate",
            format!(
                "a node starts at most one packet a cycle, so with packets of {} flit(s) the offered load is at most {} flits per node per cycle, not {}",
                p.packet, p.packet, p.rate
            ),
        );
    }
    Ok(())
}

/// The run's length: a measured cycle at least, and warm-up + cycles + drain within
/// `MAX_SIM_CYCLES`.
fn check_cycles(p: &SimParams) -> Result<()> {
    if p.cycles == 0 {
        return bad("cycles", "at least one measured cycle, not 0".to_string());
    }
    let total = p.warmup.saturating_add(p.cycles).saturating_add(p.drain);
    if total > MAX_SIM_CYCLES {
        // named by the part that is too long alone (a warm-up of 2^32 is the warm-up's), else
        // the window
        let (name, value) = [
            ("warmup", p.warmup),
            ("drain", p.drain),
            ("cycles", p.cycles),
        ]
        .into_iter()
        .find(|&(_, v)| v > MAX_SIM_CYCLES)
        .unwrap_or(("cycles", p.cycles));
        return bad(
            name,
            format!(
                "warm-up + cycles + drain is at most {MAX_SIM_CYCLES} cycles, not {total} ({name} {value})"
            ),
        );
    }
    Ok(())
}

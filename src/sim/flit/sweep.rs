//! Latency against offered load: runs at increasing offered loads until the network saturates
//! (measured packets left undelivered, a deadlock, or less than 90% of the offered load
//! accepted), the saturation throughput being the most any point accepted. The points are
//! independent runs: natively they run on every core, a chunk at a time, and the curve is the
//! one a serial run gives (it ends at the first saturated point in load order). With several
//! seeds a point is their runs merged (`SimResult::merged`: means and the spread for error
//! bars); the seeds are the Scenario's seed, seed + 1, …, each its own simulation stream.

use super::engine::SimParams;
use super::network::Network;
use super::result::SimResult;
use super::simulation::simulate;
use crate::Result;
use serde::{Deserialize, Serialize};

/// Most load points of one sweep.
pub const MAX_SWEEP_POINTS: usize = 200;
/// Most seeds per point.
pub const MAX_SWEEP_SEEDS: usize = 32;

/// A latency–load curve.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sweep {
    pub points: Vec<SimResult>,
    /// The largest accepted throughput of any point (flits/node/cycle), once the sweep
    /// saturated the network or ran every load up to 1; undefined when it stopped below 1
    /// without saturating (its loads cut at `MAX_SWEEP_POINTS` by a small step, or a list of
    /// loads that ends lower): the network's saturation was not reached, so it is not known.
    pub saturation_throughput: Option<f64>,
    /// The offered load of the first saturated point, if the sweep reached one.
    pub saturated_at: Option<f64>,
}

/// True when a point is past saturation.
pub fn is_saturated(r: &SimResult) -> bool {
    r.past_saturation
}

/// The offered loads `step`, 2·`step`, … up to 1 (at most `MAX_SWEEP_POINTS`).
pub fn loads(step: f64) -> Vec<f64> {
    let step = if step.is_finite() && step > 0.0 {
        step
    } else {
        0.05
    };
    (1..=MAX_SWEEP_POINTS)
        .map(|i| (i as f64 * step * 1e6).round() / 1e6)
        .take_while(|&l| l <= 1.0 + 1e-9)
        .collect()
}

/// The point at `rate`: `params` run with each of `seeds` seeds from `seed` on, merged.
pub fn point(
    network: &Network,
    params: &SimParams,
    rate: f64,
    seed: u64,
    seeds: usize,
) -> Result<SimResult> {
    let params = SimParams {
        rate,
        ..params.clone()
    };
    let runs = (0..seeds.max(1) as u64)
        .map(|k| simulate(network, params.clone(), seed.wrapping_add(k)))
        .collect::<Result<Vec<_>>>()?;
    Ok(SimResult::merged(&runs))
}

/// Run `params` at each of `loads` (with `seeds` seeds each) until saturation;
/// `report(fraction, point)` hears each point in load order.
pub fn sweep(
    network: &Network,
    params: &SimParams,
    loads: &[f64],
    seed: u64,
    seeds: usize,
    report: &mut dyn FnMut(f64, &SimResult),
) -> Result<Sweep> {
    let run = |&rate: &f64| point(network, params, rate, seed, seeds);
    let mut saturated_at = None;
    let mut failure = None;
    let results =
        crate::parallel::map_chunked(loads, crate::parallel::threads(), run, |i, r| match r {
            Ok(point) => {
                report((i + 1) as f64 / loads.len() as f64, point);
                if point.past_saturation {
                    saturated_at = Some(point.offered_flits_per_node_cycle);
                    return false;
                }
                true
            }
            Err(e) => {
                failure = Some(e.clone());
                false
            }
        });
    if let Some(e) = failure {
        return Err(e);
    }
    let kept: Vec<SimResult> = results.into_iter().collect::<Result<_>>()?;
    let reached_one = kept
        .last()
        .is_some_and(|r| r.offered_flits_per_node_cycle >= 1.0 - 1e-9);
    let saturation_throughput = (saturated_at.is_some() || reached_one).then(|| {
        kept.iter()
            .map(|r| r.accepted_flits_per_node_cycle)
            .fold(0.0, f64::max)
    });
    Ok(Sweep {
        points: kept,
        saturation_throughput,
        saturated_at,
    })
}

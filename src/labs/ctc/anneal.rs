//! The CTC lab's own study: `anneal`, the configuration's annealing run with its convergence
//! curve streamed as it goes (Cancel keeps the points).

use super::{order_and_anneal, CtcConfig, OrderKind};
use crate::hybrid::ctc::anneal::CurvePoint;
use crate::labs::{config, json, Report, Study};
use crate::Result;
use serde::{Deserialize, Serialize};

pub(crate) const STUDIES: &[Study] = &[
    Study {
        name: "anneal",
        title: "Annealing, live",
        about: "the configuration's simulated annealing over demand orders from HDF, its current and best hop-bytes streamed every 1% of the iterations",
        args: crate::labs::TAKES_NONE,
        run: |section, seed, _args, report| Ok(json(&anneal_live(&config(section)?, seed, report)?)),
        precheck: |section, seed, _args| annealing(&config(section)?).prepare(seed, 0).map(drop),
    },
];

/// The live curve's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct AnnealResult {
    pub hdf: u64,
    pub best: u64,
    pub iterations: u32,
    pub points: Vec<CurvePoint>,
}

/// The configuration annealing whatever its order field says, so its work limit applies.
fn annealing(c: &CtcConfig) -> CtcConfig {
    CtcConfig {
        order: OrderKind::Sa,
        ..c.clone()
    }
}

/// Anneal the configuration's demands, reporting a point every 1% of the iterations.
pub(crate) fn anneal_live(c: &CtcConfig, seed: u64, report: Report<'_>) -> Result<AnnealResult> {
    let c = &annealing(c);
    let p = c.prepare(seed, 0)?;
    let iterations = c.iterations;
    let every = (iterations / 100).max(1);
    let mut points = Vec::new();
    let ordered = order_and_anneal(c, &p, seed, 0, iterations, |pt| {
        if pt.iteration % every == 0 || pt.iteration == iterations {
            points.push(pt);
            report(
                f64::from(pt.iteration) / f64::from(iterations.max(1)),
                Some(json(&pt)),
            );
        }
    });
    Ok(AnnealResult {
        hdf: ordered.hdf_cost,
        best: ordered.cost,
        iterations,
        points,
    })
}

//! The Scenario: the whole configuration of a lab, the one thing the page, the permalink, the
//! CLI and the tests exchange. Spec strings stay strings here (readable in JSON and links) and
//! are parsed when a lab runs, so a bad one is reported with the field it came from.

mod permalink;
mod routing_lab;
mod slots_lab;
mod topogen_compare;
mod topogen_lab;

pub use permalink::{decode_permalink, encode_permalink, PERMALINK_VERSION};
pub use routing_lab::{
    route_walk, run_routing, sweep_tmax, table_study, MeanMin, RouteWalk, RoutingLab,
    RoutingResult, TableStudy, TmaxPoint, WalkHop,
};
pub use slots_lab::{run_slots, SlotsLab, SlotsResult};
pub use topogen_compare::{compare, torus_sides, tradeoff, CompareRow, Tradeoff, TradeoffPoint};
pub use topogen_lab::{mesh_sides, run_topogen, topogen_traffic, TopoGenLab, TopoGenResult};

use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// Scenario format version written into every scenario and permalink.
pub const SCENARIO_VERSION: u32 = 1;

/// Largest seed: 2^53 − 1, so every seed is exactly a JavaScript number in the page.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// The labs of the page, one per paper plus Simulate. Only the ones built so far run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lab {
    #[default]
    Slots,
    Topogen,
    Routing,
}

/// Configuration of the Slots lab (paper 000 §3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SlotsConfig {
    /// Topology spec, e.g. `mesh:8x8`.
    pub topology: String,
    /// Pattern name, e.g. `transpose`, `hotspot:0.2`.
    pub pattern: String,
    /// `dor`, `shortest` or `updown`; empty = the topology's default.
    pub routing: String,
    /// One of the six slot policies; empty = none.
    pub policy: String,
    /// All-to-all method (only with pattern all-to-all); empty = destination-based.
    pub all2all: String,
}

impl Default for SlotsConfig {
    fn default() -> Self {
        SlotsConfig {
            topology: "mesh:8x8".into(),
            pattern: "transpose".into(),
            routing: String::new(),
            policy: String::new(),
            all2all: String::new(),
        }
    }
}

/// Configuration of the TopoGen lab (paper 000 §4–5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TopoGenConfig {
    /// End nodes V.
    pub nodes: usize,
    /// Maximum switch degree (end nodes + links).
    pub degree: usize,
    pub pattern: String,
    /// Target N for TOPOGEN_REV; none = the minimal topology.
    pub target_slots: Option<u32>,
    /// Switches to fail (§5.3), by id.
    pub fail: Vec<u32>,
    /// Or this many switches chosen at random (seeded).
    pub fail_random: usize,
    /// Message size of the one-round CS-vs-PS simulation.
    pub message_bytes: u64,
}

impl Default for TopoGenConfig {
    fn default() -> Self {
        TopoGenConfig {
            nodes: 16,
            degree: 5,
            pattern: "uniform".into(),
            target_slots: None,
            fail: Vec::new(),
            fail_random: 0,
            message_bytes: 65_536,
        }
    }
}

/// Configuration of the Routing lab (paper 002).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RoutingConfig {
    /// Topology spec, e.g. `lrt:64:4:2`.
    pub topology: String,
    /// `loren`, `cowen` or `shortest`.
    pub scheme: String,
    /// LOREN's table limit; none = |N|/2.
    pub tmax: Option<usize>,
    /// Cowen's ball exponent, 0 < α < 1.
    pub alpha: f64,
    /// Traffic for effective bandwidth and efficiency (uniform, transpose, shuffle, reverse,
    /// hotspot:B, local:G); none = all-pairs metrics only.
    pub traffic: Option<String>,
    /// Random patterns averaged for a random traffic.
    pub patterns: usize,
    /// Switch a packet is walked from (the step view, Fig. 4); none = no walk.
    pub source: Option<u32>,
    /// Switch the packet is walked to.
    pub destination: Option<u32>,
}

impl Default for RoutingConfig {
    fn default() -> Self {
        RoutingConfig {
            topology: "lrt:64:4:2".into(),
            scheme: "loren".into(),
            tmax: None,
            alpha: 0.5,
            traffic: None,
            patterns: 1000,
            source: None,
            destination: None,
        }
    }
}

/// What the page shows on top of the result: the step and the clicked channel. Part of the
/// Scenario so a permalink reopens exactly where it was shared.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct View {
    pub step: Option<u32>,
    pub channel: Option<u32>,
}

/// The whole configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Scenario {
    pub version: u32,
    pub lab: Lab,
    /// Seed of every random choice (ChaCha8).
    pub seed: u64,
    pub slots: SlotsConfig,
    pub topogen: TopoGenConfig,
    pub routing: RoutingConfig,
    pub view: View,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            version: SCENARIO_VERSION,
            lab: Lab::Slots,
            seed: 1,
            slots: SlotsConfig::default(),
            topogen: TopoGenConfig::default(),
            routing: RoutingConfig::default(),
            view: View::default(),
        }
    }
}

impl Scenario {
    /// Read a Scenario from JSON, checking the version.
    pub fn from_json(text: &str) -> Result<Scenario> {
        let s: Scenario = serde_json::from_str(text)
            .map_err(|e| Error::Scenario(format!("not a valid scenario: {e}")))?;
        if s.version != SCENARIO_VERSION {
            return Err(Error::Scenario(format!(
                "version {} is not supported (this Topolab reads version {SCENARIO_VERSION})",
                s.version
            )));
        }
        s.check()?;
        Ok(s)
    }

    /// Check what the types alone do not: the seed's range.
    pub fn check(&self) -> Result<()> {
        if self.seed > MAX_SEED {
            return Err(Error::Scenario(format!(
                "seed {} is above {MAX_SEED} (2^53 − 1), the largest a browser can hold exactly",
                self.seed
            )));
        }
        Ok(())
    }

    /// The Scenario as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a Scenario always serializes")
    }
}

/// A finished run of whichever lab the Scenario names.
#[derive(Debug, Clone)]
pub enum LabRun {
    Slots(Box<SlotsLab>),
    Topogen(Box<TopoGenLab>),
    Routing(Box<RoutingLab>),
}

/// Run the lab a Scenario names. `record` keeps the trace for stepping.
pub fn run(scenario: &Scenario, record: bool, progress: &mut dyn FnMut(f64)) -> Result<LabRun> {
    scenario.check()?;
    match scenario.lab {
        Lab::Slots => Ok(LabRun::Slots(Box::new(run_slots(
            &scenario.slots,
            scenario.seed,
            record,
            progress,
        )?))),
        Lab::Topogen => Ok(LabRun::Topogen(Box::new(run_topogen(
            &scenario.topogen,
            scenario.seed,
            record,
            progress,
        )?))),
        Lab::Routing => Ok(LabRun::Routing(Box::new(RoutingLab::run(
            &scenario.routing,
            scenario.seed,
            progress,
        )?))),
    }
}

/// One step as the page lists it (the changes stay in Rust).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepSummary {
    pub title: String,
    pub explanation: String,
    pub metrics: Vec<(String, f64)>,
}

impl LabRun {
    /// The result as JSON (what `--json` prints).
    pub fn result_value(&self) -> serde_json::Value {
        match self {
            LabRun::Slots(lab) => serde_json::to_value(&lab.result).expect("results serialize"),
            LabRun::Topogen(lab) => serde_json::to_value(&lab.result).expect("results serialize"),
            LabRun::Routing(lab) => serde_json::to_value(&lab.result).expect("results serialize"),
        }
    }
    /// The steps of the trace, without their changes.
    pub fn steps(&self) -> Vec<StepSummary> {
        let trace = match self {
            LabRun::Slots(lab) => lab.trace.as_ref(),
            LabRun::Topogen(lab) => lab.run.trace.as_ref(),
            LabRun::Routing(lab) => return lab.steps(),
        };
        trace
            .map(|t| {
                t.steps
                    .iter()
                    .map(|s| StepSummary {
                        title: s.title.clone(),
                        explanation: s.explanation.clone(),
                        metrics: s.metrics.clone(),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
    /// The figure at `step` with `channel` selected.
    pub fn figure(&self, step: Option<usize>, channel: Option<u32>) -> Result<String> {
        match self {
            LabRun::Slots(lab) => lab.figure(step, channel),
            LabRun::Topogen(lab) => lab.figure(step),
            LabRun::Routing(lab) => lab.figure(step),
        }
    }
    /// Per-channel data as CSV.
    pub fn csv(&self) -> String {
        match self {
            LabRun::Slots(lab) => lab.loads_csv(),
            LabRun::Topogen(lab) => {
                crate::export::channel_loads_csv(&lab.run.routes.topo, &lab.run.routes.loads, None)
            }
            LabRun::Routing(lab) => crate::export::channel_loads_csv(
                &lab.topology,
                &vec![0; lab.topology.channel_count()],
                None,
            ),
        }
    }
    /// The topology in BookSim2's anynet format.
    pub fn anynet(&self) -> String {
        match self {
            LabRun::Slots(lab) => crate::export::anynet(&lab.topology),
            LabRun::Topogen(lab) => crate::export::anynet(&lab.run.routes.topo),
            LabRun::Routing(lab) => crate::export::anynet(&lab.topology),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn json_round_trip_and_clear_errors() {
        let mut s = Scenario::default();
        s.slots.policy = "hcLtoS_greedy".into();
        s.view.step = Some(3);
        assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
        let partial =
            Scenario::from_json(r#"{"version":1,"slots":{"topology":"mesh:4x4"}}"#).unwrap();
        assert_eq!(partial.slots.pattern, "transpose");
        assert!(Scenario::from_json(r#"{"version":9}"#)
            .unwrap_err()
            .to_string()
            .contains("version 9"));
        assert!(Scenario::from_json(r#"{"version":1,"sloths":{}}"#)
            .unwrap_err()
            .to_string()
            .contains("unknown field"));
        assert!(Scenario::from_json("[").is_err());
    }
}

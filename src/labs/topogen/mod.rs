//! The TopoGen lab (paper 000 §4–5): Scenario → pattern on V end nodes → TOPOGEN (and
//! TOPOGEN_REV with a target N) → result, optional failures (§5.3). The pattern is generated on
//! the 2-D mesh of V nodes that §5.2 compares against, so "transpose" means the same in both.
//! The comparison with mesh and tori (Fig. 12) and the N-versus-resources trade-off (Fig. 13)
//! are its studies in `papers::p000`.

use super::{
    check_section, config, default_section, json, Field, FieldKind, Lab, LabRun, StepSummary, View,
};
use crate::circuit::topogen::{
    random_failures, reconfigure, topogen_from, FailedNodes, GenState, Reconfig, Reconfiguration,
    Survivor, TopoGenRun, TopoGenSummary,
};
use crate::export::graph::Loads;
use crate::layout::{force_positions, Layout};
use crate::model::ChannelId;
use crate::model::{Shape, SwitchId, SwitchInfo, Topology};
use crate::render::{figure, Figure, FigureState};
use crate::sim::tdm::{simulate_round, TdmParams, TdmRound};
use crate::topology::TopologySpec;
use crate::traffic::{self, Pattern};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub const LAB: Lab = Lab {
    name: "topogen",
    title: "TopoGen",
    about: "design a network for a traffic pattern (TOPOGEN), step by step; compare it with mesh and tori (paper 000 §4–5)",
    default_config: default_section::<TopoGenConfig>,
    check_config: check_section::<TopoGenConfig>,
    run: |section, seed, record, progress| {
        Ok(Box::new(run_topogen(&config(section)?, seed, record, progress)?))
    },
    precheck: |section, seed| precheck(&config::<TopoGenConfig>(section)?, seed),
    studies: &[],
    presets,
    limits: || vec![super::Limit::closed("nodes", 2.0, crate::circuit::topogen::MAX_TOPOGEN_NODES as f64)],
    choices: || {
        vec![
            super::Choice::of::<Reconfig>("reconfig"),
            super::Choice::of::<FailedNodes>("failed_nodes"),
        ]
    },
    fields,
    types: super::types::<TopoGenConfig, TopoGenResult>(),
};

/// The TopoGen lab's form: where TOPOGEN starts, V, the degree, the pattern and target N, then
/// the message size and the failures of §5.3.
fn fields() -> Vec<Field> {
    vec![
        Field::new("start", "Start from", FieldKind::Text { required: false })
            .reads(super::Reads::Network)
            .help("Empty: the paper’s start, one giant switch. A topology spec (mesh:4x4) or a file: TOPOGEN keeps its switches, links and end nodes (they set V) and improves it within the max degree (our extension).")
            .empty_default("one giant switch (the paper)"),
        Field::whole("nodes", "End nodes", 0)
            .help_text(format!(
                "Up to {}.",
                crate::circuit::topogen::MAX_TOPOGEN_NODES
            ))
            .hint("a whole number of end nodes, e.g. 16 or 1024"),
        Field::whole("degree", "Max degree", 3)
            .help("End nodes + links of a switch.")
            .about("The largest switch degree: end nodes + links")
            .hint("a whole number, the largest switch degree (end nodes + links), e.g. 5"),
        Field::new("pattern", "Traffic pattern", FieldKind::Pattern),
        Field::whole("target_slots", "Target N", 1)
            .glossary("n")
            .named("target")
            .help("Empty: the minimal network. A number: TOPOGEN_REV adds switch pairs until N is at most this (§4.5).")
            .hint("a whole number of slots, or empty for the minimal topology")
            .empty("minimal"),
        Field::seed("For the random patterns and random failures: same seed, same result"),
        Field::whole("message_bytes", "Message (bytes)", 1)
            .named("message-bytes")
            .about("Message size of the one-round circuit vs packet switching comparison")
            .hint("a whole number of bytes, at least 1"),
        Field::new("fail", "Switch failures (§5.3)", FieldKind::Custom)
            .about("The switches to fail, by number (clicked in the figure)")
            .reads(super::Reads::List)
            .empty("none"),
        Field::whole("fail_random", "Or fail this many switches at random", 0)
            .named("fail-random")
            .help("Clicked switches win over random ones.")
            .about("Fail this many switches chosen at random (seeded)")
            .hint("a whole number of switches (0 = none)")
            .empty_default("none"),
        Field::choice("reconfig", "Reconfiguration"),
        Field::choice("failed_nodes", "End nodes of a failed switch").named("failed-nodes"),
    ]
}

/// The TopoGen lab's presets.
fn presets() -> Vec<crate::labs::Preset> {
    vec![crate::labs::Preset {
        id: "tg-preset-fig5",
        label: "Fig. 5 example (16 nodes, degree 5)",
        about: "Preset: the paper's Fig. 5 example, 16 nodes, degree 5, uniform, seed 1",
        seed: Some(1),
        section: super::preset_section(r#"{ "nodes": 16, "degree": 5, "pattern": "uniform", "target_slots": null, "fail_random": 0, "fail": [] }"#),
    }, crate::labs::Preset {
        id: "tg-preset-4096",
        label: "4,096 nodes (research size)",
        about: "Preset: 4,096 end nodes, degree 5, uniform, seed 1 — the designed network opens as an overview (a cell per switch), too large to draw switch by switch",
        seed: Some(1),
        section: super::preset_section(r#"{ "nodes": 4096, "degree": 5, "pattern": "uniform", "target_slots": null, "fail_random": 0, "fail": [] }"#),
    }]
}

/// Configuration of the TopoGen lab (paper 000 §4–5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
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
    /// How the network is reconfigured after the failures (§5.3).
    pub reconfig: Reconfig,
    /// What becomes of the end nodes of a failed switch.
    pub failed_nodes: FailedNodes,
    /// Message size of the one-round CS-vs-PS simulation.
    pub message_bytes: u64,
    /// A network to start from instead of one giant switch (a topology spec; `file:PATH` on
    /// the CLI): its switches, links and end nodes, which then set V (`nodes` is not read).
    /// Empty: the paper's start.
    pub start: String,
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
            reconfig: Reconfig::default(),
            failed_nodes: FailedNodes::default(),
            message_bytes: 65_536,
            start: String::new(),
        }
    }
}

/// What the TopoGen lab computed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TopoGenResult {
    pub pattern: String,
    pub seed: u64,
    #[serde(flatten)]
    pub summary: TopoGenSummary,
    pub communications: usize,
    /// The run started from a given network (`start`), not from one giant switch: the
    /// "after partition" N is then the given network's.
    pub from_given_network: bool,
    pub steps: usize,
    pub reconfiguration: Option<Reconfiguration>,
    /// Copies of the reconfiguration figures at the top level (CLI contract).
    pub avg_hops_after: Option<f64>,
    pub extra_slots: Option<u32>,
    /// One round of the pattern on the generated network: TDM circuits vs packet switching.
    pub simulation: TdmRound,
}

/// A run of the TopoGen lab.
#[derive(Debug, Clone)]
pub struct TopoGenLab {
    pub run: TopoGenRun,
    pub result: TopoGenResult,
    /// The network after the configured failures (the final figure shows it).
    survivor: Option<Survivor>,
    /// Where every switch of the final network is drawn, so steps keep switches in place.
    positions: std::cell::OnceCell<Vec<(f64, f64)>>,
}

impl TopoGenLab {
    /// Where every switch of the final network is drawn (laid out once, on first use).
    fn drawn_positions(&self) -> &[(f64, f64)] {
        self.positions
            .get_or_init(|| force_positions(&self.run.routes.topo, 1))
    }

    /// The network after `step` (the final network when `None` or past the end): switches and
    /// end nodes, links coloured by load at the end, the step's switches and links marked.
    pub fn figure(&self, step: Option<usize>) -> Result<Figure> {
        let final_topo = &self.run.routes.topo;
        let positions = self.drawn_positions();
        let steps = self
            .run
            .trace
            .as_ref()
            .map(|t| t.steps.as_slice())
            .unwrap_or_default();
        let last = steps.len().saturating_sub(1);
        let shown = step.filter(|&i| i < last);
        let (topo, values, max, caption) = match shown {
            Some(i) => {
                let mut state = self.run.initial.clone();
                for s in &steps[..=i] {
                    for c in &s.changes {
                        state.apply(c);
                    }
                }
                let n = steps[..=i].iter().rev().find_map(|s| {
                    s.metrics
                        .iter()
                        .find(|(k, _)| k == "N")
                        .map(|(_, v)| *v as u32)
                });
                let topo = state.topology();
                let values = vec![0; topo.channel_count()];
                let caption = format!(
                    "step {} · {} switches · {} links{}",
                    i + 1,
                    topo.switch_count(),
                    topo.link_count(),
                    n.map_or(String::new(), |n| format!(" · N = {n}"))
                );
                (topo, values, n.unwrap_or(0), caption)
            }
            None if self.survivor.is_some() => {
                let (survivor, rc) = (
                    self.survivor.as_ref().unwrap(),
                    self.result.reconfiguration.as_ref().unwrap(),
                );
                let failed: Vec<String> = rc.failed_switches.iter().map(u32::to_string).collect();
                let caption = format!(
                    "after failing switch{} {} · {} communications rerouted, {} lost, {} unroutable · N = {} (was {})",
                    if failed.len() == 1 { "" } else { "es" },
                    crate::error::shorten(&failed.join(", ")),
                    self.result.communications - rc.lost_communications - rc.unroutable_communications,
                    rc.lost_communications,
                    rc.unroutable_communications,
                    rc.max_slots_after,
                    rc.max_slots_before
                );
                (
                    survivor.topology.clone(),
                    survivor.loads.clone(),
                    rc.max_slots_after,
                    caption,
                )
            }
            None => {
                let r = &self.result.summary;
                let caption = format!(
                    "generated for {} · {} switches · {} links · N = {}",
                    self.result.pattern, r.switches, r.links, r.max_slots
                );
                (
                    final_topo.clone(),
                    self.run.routes.loads.as_slice().to_vec(),
                    r.max_slots,
                    caption,
                )
            }
        };
        let (step_switches, step_channels) = match shown.or(step).and_then(|i| steps.get(i)) {
            Some(s) => (
                s.highlight.switches.iter().map(|&x| SwitchId(x)).collect(),
                s.highlight
                    .channels
                    .iter()
                    .map(|&c| ChannelId(c))
                    .filter(|c| c.index() < topo.channel_count())
                    .collect(),
            ),
            None => (Vec::new(), Vec::new()),
        };
        let layout = Layout {
            switches: positions[..topo.switch_count()].to_vec(),
            endpoints: endpoint_positions(&topo, positions),
        };
        let state = FigureState {
            channel_values: &values,
            max_value: max,
            step_channels,
            step_switches,
            caption,
            ..Default::default()
        };
        Ok(figure(&topo, &layout, &state))
    }
}

/// End nodes on a small circle around their switch (only for lecture sizes).
fn endpoint_positions(topo: &Topology, positions: &[(f64, f64)]) -> Vec<(f64, f64)> {
    if topo.endpoint_count() > 256 {
        return Vec::new();
    }
    let per_switch = topo.endpoints_per_switch();
    let mut seen = vec![0u32; topo.switch_count()];
    (0..topo.endpoint_count())
        .map(|e| {
            let s = topo
                .endpoint_switch(crate::model::EndpointId::new(e))
                .index();
            let k = per_switch[s].max(1) as f64;
            let angle = std::f64::consts::TAU * (f64::from(seen[s]) + 0.5) / k + 0.4;
            seen[s] += 1;
            (
                positions[s].0 + 0.5 * angle.cos(),
                positions[s].1 + 0.5 * angle.sin(),
            )
        })
        .collect()
}

/// The sides (a ≤ b, a·b = nodes, a as large as possible) of the 2-D mesh of `nodes` nodes.
pub(crate) fn mesh_sides(nodes: usize) -> Option<(usize, usize)> {
    let a = (2..=nodes.isqrt())
        .rev()
        .find(|a| nodes.is_multiple_of(*a))?;
    Some((a, nodes / a))
}

/// The pattern's communications over `nodes` end nodes, on the comparison mesh when there is one.
pub fn topogen_traffic(
    pattern_text: &str,
    nodes: usize,
    seed: u64,
) -> Result<crate::model::Traffic> {
    crate::circuit::topogen::check_nodes(nodes)?;
    let pattern = Pattern::parse(pattern_text).map_err(|e| e.at("pattern"))?;
    let carrier = match mesh_sides(nodes) {
        Some((a, b)) => TopologySpec::parse(&format!("mesh:{a}x{b}"))
            .and_then(|spec| spec.build(seed))
            .map_err(|e| e.at("nodes"))?,
        None => {
            let mut t = Topology::new(
                format!("nodes:{nodes}"),
                Shape::Irregular,
                vec![SwitchInfo::default(); nodes],
            );
            for s in 0..nodes {
                t.add_endpoint(SwitchId::new(s));
            }
            t
        }
    };
    traffic::generate(&pattern, &carrier, seed, pattern_text).map_err(|e| e.at("pattern"))
}

/// The starting network of a configuration (`start`), built and placed for TOPOGEN with the
/// pattern over its own end nodes; none for the paper's start.
fn starting_network(
    config: &TopoGenConfig,
    seed: u64,
) -> Result<Option<(GenState, crate::model::Traffic)>> {
    let spec = config.start.trim();
    if spec.is_empty() {
        return Ok(None);
    }
    let topo = TopologySpec::parse(spec)
        .and_then(|s| s.build(seed))
        .map_err(|e| e.at("start"))?;
    crate::circuit::topogen::check_nodes(topo.endpoint_count()).map_err(|e| e.at("start"))?;
    let state = GenState::from_topology(&topo, config.degree).map_err(|e| e.at("start"))?;
    let pattern = Pattern::parse(&config.pattern).map_err(|e| e.at("pattern"))?;
    let traffic =
        traffic::generate(&pattern, &topo, seed, &config.pattern).map_err(|e| e.at("pattern"))?;
    Ok(Some((state, traffic)))
}

/// The switches to fail, each named once (`--fail 3,3,3` is one failure, not three: refused
/// so that the run does not report what did not happen).
fn check_failures(fail: &[u32]) -> Result<()> {
    let mut sorted = fail.to_vec();
    sorted.sort_unstable();
    match sorted.windows(2).find(|w| w[0] == w[1]) {
        Some(w) => {
            let times = fail.iter().filter(|&&s| s == w[0]).count();
            Err(Error::invalid(
                "fail",
                format!(
                    "switch {} is listed {times} times; list each switch once",
                    w[0]
                ),
            ))
        }
        None => Ok(()),
    }
}

/// Run the TopoGen lab.
/// What `run_topogen` refuses before TOPOGEN works: the failures, the starting network or the
/// pattern on the end nodes, the node count and target, the degree. (Only the failures were
/// checked: --check passed a pattern or a start that the run refused.) A random failure count
/// is checked against the generated network's switches, which only the run knows.
fn precheck(config: &TopoGenConfig, seed: u64) -> Result<()> {
    check_failures(&config.fail)?;
    let nodes = match starting_network(config, seed)? {
        Some((state, _)) => state.endpoint_switch.len(),
        None => {
            topogen_traffic(&config.pattern, config.nodes, seed)?;
            config.nodes
        }
    };
    crate::circuit::topogen::check_target(nodes, config.target_slots)?;
    crate::circuit::topogen::check_degree(config.degree)
}

pub fn run_topogen(
    config: &TopoGenConfig,
    seed: u64,
    record: bool,
    progress: &mut dyn FnMut(f64),
) -> Result<TopoGenLab> {
    check_failures(&config.fail)?;
    let (start, nodes, traffic) = match starting_network(config, seed)? {
        Some((state, traffic)) => {
            let nodes = state.endpoint_switch.len();
            (Some(state), nodes, traffic)
        }
        None => (
            None,
            config.nodes,
            topogen_traffic(&config.pattern, config.nodes, seed)?,
        ),
    };
    crate::circuit::topogen::check_target(nodes, config.target_slots)?;
    let run = topogen_from(
        start,
        nodes,
        config.degree,
        &traffic,
        config.target_slots,
        record,
        progress,
    )?;
    let (reconfiguration, survivor) = match failed_switches(config, &run, seed)? {
        None => (None, None),
        Some(failed) => {
            let (summary, survivor) = reconfigure(
                &run.state,
                &run.routes,
                &run.comms,
                &failed,
                config.reconfig,
                config.failed_nodes,
            )?;
            (Some(summary), Some(survivor))
        }
    };
    let simulation = simulate_generated(&run, config.message_bytes)?;
    let result = TopoGenResult {
        simulation,
        pattern: config.pattern.clone(),
        seed,
        summary: run.summary.clone(),
        communications: run.comms.pairs.len(),
        from_given_network: !config.start.trim().is_empty(),
        steps: run.steps,
        avg_hops_after: reconfiguration.as_ref().map(|r| r.avg_hops_after),
        extra_slots: reconfiguration.as_ref().map(|r| r.extra_slots),
        reconfiguration,
    };
    Ok(TopoGenLab {
        run,
        result,
        survivor,
        positions: std::cell::OnceCell::new(),
    })
}

/// The switches that fail (§5.3): the configured ones, or `fail_random` drawn at random; none
/// when neither is set.
fn failed_switches(
    config: &TopoGenConfig,
    run: &TopoGenRun,
    seed: u64,
) -> Result<Option<Vec<u32>>> {
    if config.fail.is_empty() && config.fail_random == 0 {
        return Ok(None);
    }
    Ok(Some(if config.fail.is_empty() {
        random_failures(run.state.switch_count(), config.fail_random, seed)?
    } else {
        config.fail.clone()
    }))
}

/// One TDM round on the generated topology: every route a circuit with one slot.
fn simulate_generated(run: &TopoGenRun, message_bytes: u64) -> Result<TdmRound> {
    let circuits = run.routes.circuits();
    let params = TdmParams {
        message_bytes,
        ..Default::default()
    };
    simulate_round(
        &circuits,
        &vec![1; circuits.len()],
        run.routes.loads.as_slice(),
        &params,
    )
}

impl LabRun for TopoGenLab {
    fn result(&self) -> Value {
        json(&self.result)
    }
    fn steps(&self) -> Vec<StepSummary> {
        StepSummary::of_trace(self.run.trace.as_ref())
    }
    fn figure(&self, view: &View) -> Result<Figure> {
        self.figure(view.step_index())
    }
    fn topology(&self) -> &Topology {
        &self.run.routes.topo
    }
    fn csv(&self) -> String {
        crate::export::channel_loads_csv(
            &self.run.routes.topo,
            self.run.routes.loads.as_slice(),
            None,
        )
    }
    fn positions(&self) -> Vec<(f64, f64)> {
        self.drawn_positions().to_vec()
    }
    fn channel_loads(&self) -> Option<Loads> {
        Some(Loads {
            per_channel: (self.run.routes.loads.as_slice().iter())
                .map(|&l| f64::from(l))
                .collect(),
            measure: super::CIRCUIT_LOADS,
        })
    }
}

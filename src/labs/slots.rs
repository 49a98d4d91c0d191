//! The Slots lab (paper 000 §3): Scenario → topology → traffic → routes (or all-to-all
//! circuits) → channel loads and N → optional slot policy with its trace. `SlotsLab` keeps the
//! built pieces so the page can ask for figures and channel details without rebuilding. Any
//! router of the registry can route (`dor`, `shortest`, `updown`, `loren:16`, `cowen:0.5`).

use super::{
    check_section, config, default_section, json, ChoiceList, Field, FieldKind, Lab, LabRun, Reads,
    StepSummary, View,
};
use crate::analysis::{self, AllToAllMethod};
use crate::circuit::{allocate_slots, LayerUtilization, SlotAllocation, SlotPolicy};
use crate::export::graph::Loads;
use crate::layout::{layout, Layout};
use crate::model::{ChannelId, PathSet, Topology, Traffic};
use crate::render::{figure, Figure, FigureState};
use crate::routing::{route_traffic, RouterSpec};
use crate::topology::TopologySpec;
use crate::trace::{Change, Recorder, Trace};
use crate::traffic::{self, Pattern};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub const LAB: Lab = Lab {
    name: "slots",
    title: "Slots",
    about: "how many TDM slots N a traffic pattern needs, and how slot policies use them (paper 000 §3)",
    default_config: default_section::<SlotsConfig>,
    check_config: check_section::<SlotsConfig>,
    run: |section, seed, record, progress| {
        Ok(Box::new(run_slots(&config(section)?, seed, record, progress)?))
    },
    precheck: |section, seed| precheck(&config(section)?, seed),
    studies: &[],
    presets: super::no_presets,
    limits: super::no_limits,
    choices: super::no_choices,
    fields,
    types: super::types::<SlotsConfig, SlotsResult>(),
};

/// The Slots lab's form: the network, the traffic, how it is routed and the slot policy.
fn fields() -> Vec<Field> {
    let registry = |from| FieldKind::Choice { from };
    let generators: Vec<&str> = crate::topology::GENERATORS.iter().map(|g| g.name).collect();
    vec![
        Field::new("topology", "Topology", FieldKind::Text { required: false })
            .reads(Reads::Network)
            .help_text(format!(
                "{}: e.g. mesh:8x8, fattree:4:3. Enter runs.",
                generators.join(", ")
            ))
            .about_text(topology_about())
            .examples(&[
                "mesh:4x4",
                "mesh:8x8",
                "mesh:16x16",
                "torus:8x8",
                "mesh:16x16x16",
                "hypercube:6",
                "fattree:4:3",
                "fattree:16:3",
                "full:16",
            ]),
        Field::new("pattern", "Traffic pattern", FieldKind::Pattern),
        Field::new("all2all", "All-to-all method", registry(ChoiceList::AllToAll))
            .empty("destination")
            .about("destination-based (default): every (source, destination) pair is its own circuit along the unicast route"),
        Field::new("routing", "Routing", registry(ChoiceList::Routers))
            .empty("auto")
            .about("the topology's default: dimension-order on meshes and tori, up/down on fat-trees, shortest path otherwise"),
        Field::new("policy", "Slot policy", registry(ChoiceList::Policies))
            .glossary("slot")
            .empty("none")
            .about("no slot policy: every communication holds one slot; the figure shows each channel's load against N"),
        Field::seed("").help("For the random patterns: same seed, same result."),
    ]
}

/// A topology field's tooltip: every generator's syntax (the Slots and Simulate labs).
pub(super) fn topology_about() -> String {
    let syntaxes: Vec<&str> = crate::topology::GENERATORS
        .iter()
        .map(|g| g.syntax)
        .collect();
    format!("Topology spec: {}", syntaxes.join(" · "))
}

/// Configuration of the Slots lab (paper 000 §3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SlotsConfig {
    /// Topology spec, e.g. `mesh:8x8`.
    pub topology: String,
    /// Pattern name, e.g. `transpose`, `hotspot:0.2`.
    pub pattern: String,
    /// A router of the registry (`dor`, `shortest`, `updown`, `loren:T`, `cowen:α`); empty =
    /// the topology's default.
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
            // a policy, so the lab opens on something to step through
            policy: "src_greedy".into(),
            all2all: String::new(),
        }
    }
}

/// A busy channel, named by the switches it joins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ChannelLoad {
    pub channel: u32,
    pub from: u32,
    pub to: u32,
    pub load: u32,
}

/// What the Slots lab computed (the CLI's `--json` and the page's metrics).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SlotsResult {
    pub topology: String,
    pub pattern: String,
    pub routing: String,
    pub all2all: Option<String>,
    pub policy: Option<String>,
    pub seed: u64,
    pub switches: usize,
    pub links: usize,
    pub channels: usize,
    pub endpoints: usize,
    /// Communications c(s, d) with s ≠ d.
    pub communications: usize,
    /// Circuits (= communications, except for path-broadcast and tree all-to-all).
    pub circuits: usize,
    /// N: the largest number of circuits on one directed channel.
    pub max_slots: u32,
    /// Mean inter-switch hops of the communications' routes.
    pub avg_hops: f64,
    /// Channels whose load is N (at most 64 listed).
    pub busiest_channels: Vec<ChannelLoad>,
    pub busiest_channel_count: usize,
    pub slot_utilization: Option<f64>,
    pub used_slots: Option<u64>,
    pub total_slots: Option<u64>,
    /// Per fat-tree layer (0 = roots), with a policy.
    pub layers: Vec<LayerUtilization>,
    /// Steps in the trace (0 without a policy).
    pub steps: usize,
}

/// A run of the Slots lab with everything needed to draw it.
#[derive(Debug, Clone)]
pub struct SlotsLab {
    pub topology: Topology,
    pub circuits: PathSet,
    /// (source endpoint, destination endpoint) of each circuit.
    pub labels: Vec<(u32, u32)>,
    pub loads: Vec<u32>,
    pub allocation: Option<SlotAllocation>,
    pub trace: Option<Trace>,
    pub result: SlotsResult,
    layout: Layout,
}

/// Run the Slots lab. `record` keeps the policy's trace; `progress` gets 0–1.
/// What `run_slots` refuses before routing: the fields, the network, the pattern on its end
/// nodes, the router's kind of network.
fn precheck(config: &SlotsConfig, seed: u64) -> Result<()> {
    let checked = Checked::of(config)?;
    let topo = checked.spec.build(seed).map_err(|e| e.at("topology"))?;
    traffic::check_placement(&config.pattern, &topo, seed).map_err(|e| e.at("pattern"))?;
    let routing = checked
        .chosen
        .unwrap_or_else(|| RouterSpec::default_for(&topo));
    routing.precheck(&topo).map_err(|e| e.at("routing"))
}

pub fn run_slots(
    config: &SlotsConfig,
    seed: u64,
    record: bool,
    progress: &mut dyn FnMut(f64),
) -> Result<SlotsLab> {
    let checked = Checked::of(config)?;
    let topo = checked.spec.build(seed).map_err(|e| e.at("topology"))?;
    let traffic = traffic::generate(&checked.pattern, &topo, seed, &config.pattern)
        .map_err(|e| e.at("pattern"))?;
    let routing = checked
        .chosen
        .unwrap_or_else(|| RouterSpec::default_for(&topo));
    progress(0.05);
    let routes = {
        let router = routing.build(&topo).map_err(|e| e.at("routing"))?;
        route_traffic(router.as_ref(), &topo, &traffic).map_err(|e| e.at("routing"))?
    };
    progress(0.4);
    let (circuits, labels) = circuits_of(&topo, checked.all2all, &routes, &traffic)?;
    let loads = analysis::channel_loads(&topo, &circuits);
    let mut recorder = Recorder::new(record);
    let allocation = checked.policy.map(|policy| {
        let progress = &mut |f| progress(0.5 + 0.5 * f);
        allocate(
            policy,
            &topo,
            &circuits,
            &labels,
            &loads,
            &mut recorder,
            progress,
        )
    });
    let steps = recorder.count();
    let trace = recorder.finish();
    progress(1.0);
    let result = SlotsResult {
        routing: routing.text(),
        communications: traffic.flows.len(),
        circuits: circuits.len(),
        avg_hops: analysis::average_hops(&routes),
        steps,
        ..SlotsResult::of(config, seed, &topo, &loads, allocation.as_ref())
    };
    let layout = layout(&topo);
    Ok(SlotsLab {
        topology: topo,
        circuits,
        labels,
        loads,
        allocation,
        trace,
        result,
        layout,
    })
}

/// The circuits and their (source, destination) endpoint labels: the routes themselves, or
/// with an all-to-all method its circuits (paper 000 §3.2).
fn circuits_of(
    topo: &Topology,
    all2all: Option<AllToAllMethod>,
    routes: &PathSet,
    traffic: &Traffic,
) -> Result<(PathSet, Vec<(u32, u32)>)> {
    Ok(match all2all {
        Some(method) => analysis::all_to_all_circuits(topo, method, routes)?,
        None => (
            routes.clone(),
            traffic.flows.iter().map(|f| (f.src.0, f.dst.0)).collect(),
        ),
    })
}

/// The slot policy's allocation over N = the largest load (paper 000 §3.3), each circuit
/// named c(source, destination) in the trace.
fn allocate(
    policy: SlotPolicy,
    topo: &Topology,
    circuits: &PathSet,
    labels: &[(u32, u32)],
    loads: &[u32],
    recorder: &mut Recorder,
    progress: &mut dyn FnMut(f64),
) -> SlotAllocation {
    let label = |i: usize| format!("c({},{})", labels[i].0, labels[i].1);
    let max_slots = analysis::max_slots(loads);
    allocate_slots(
        topo, circuits, loads, max_slots, policy, &label, recorder, progress,
    )
}

/// The Slots lab's specs, every one parsed and checked before anything is built.
struct Checked {
    spec: TopologySpec,
    pattern: Pattern,
    /// The configured router; none = the topology's default.
    chosen: Option<RouterSpec>,
    all2all: Option<AllToAllMethod>,
    policy: Option<SlotPolicy>,
}

impl Checked {
    /// The configuration's specs parsed, in the order their errors are reported.
    fn of(config: &SlotsConfig) -> Result<Checked> {
        let spec = TopologySpec::parse(&config.topology).map_err(|e| e.at("topology"))?;
        let pattern = Pattern::parse(&config.pattern).map_err(|e| e.at("pattern"))?;
        let chosen = if config.routing.trim().is_empty() {
            None
        } else {
            Some(RouterSpec::parse(&config.routing).map_err(|e| e.at("routing"))?)
        };
        let all2all = if config.all2all.trim().is_empty() {
            None
        } else {
            if pattern != Pattern::AllToAll {
                return Err(Error::invalid(
                    "all2all",
                    "an all-to-all method needs the pattern all-to-all",
                ));
            }
            Some(AllToAllMethod::parse(&config.all2all)?)
        };
        let policy = if config.policy.trim().is_empty() {
            None
        } else {
            Some(SlotPolicy::parse(&config.policy)?)
        };
        if let Some(router) = &chosen {
            router
                .check_switches(spec.switch_count())
                .map_err(|e| e.at("routing"))?;
        }
        Ok(Checked {
            spec,
            pattern,
            chosen,
            all2all,
            policy,
        })
    }
}

impl SlotsResult {
    /// The result's network, loads and policy parts; the routing, counts, hops and steps are
    /// the caller's to fill in.
    fn of(
        config: &SlotsConfig,
        seed: u64,
        topo: &Topology,
        loads: &[u32],
        allocation: Option<&SlotAllocation>,
    ) -> SlotsResult {
        let busiest = analysis::busiest_channels(loads);
        SlotsResult {
            topology: config.topology.trim().to_string(),
            pattern: config.pattern.trim().to_string(),
            routing: String::new(),
            all2all: (!config.all2all.trim().is_empty()).then(|| config.all2all.trim().to_string()),
            policy: allocation.map(|a| a.policy.clone()),
            seed,
            switches: topo.switch_count(),
            links: topo.link_count(),
            channels: topo.channel_count(),
            endpoints: topo.endpoint_count(),
            communications: 0,
            circuits: 0,
            max_slots: analysis::max_slots(loads),
            avg_hops: 0.0,
            busiest_channels: busiest
                .iter()
                .take(64)
                .map(|&c| channel_load(topo, loads, c))
                .collect(),
            busiest_channel_count: busiest.len(),
            slot_utilization: allocation.map(|a| a.slot_utilization),
            used_slots: allocation.map(|a| a.used_slots),
            total_slots: allocation.map(|a| a.total_slots),
            layers: allocation.map(|a| a.layers.clone()).unwrap_or_default(),
            steps: 0,
        }
    }
}

fn channel_load(topo: &Topology, loads: &[u32], c: ChannelId) -> ChannelLoad {
    let (from, to) = topo.channel_ends(c);
    ChannelLoad {
        channel: c.0,
        from: from.0,
        to: to.0,
        load: loads[c.index()],
    }
}

/// A circuit as listed for a clicked channel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CircuitOnChannel {
    pub circuit: u32,
    pub src: u32,
    pub dst: u32,
    pub switches: u32,
    pub slots: u32,
}

/// Everything the page lists for a clicked channel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ChannelDetail {
    pub channel: u32,
    pub from: u32,
    pub to: u32,
    pub load: u32,
    /// Slots in use at the step shown (= load without a policy).
    pub used: u32,
    pub max_slots: u32,
    pub circuits: Vec<CircuitOnChannel>,
}

impl SlotsLab {
    /// Slots used per channel and per circuit after `step` of the trace (before any step when
    /// `None`, or the final state when there is no trace).
    pub fn state_at(&self, step: Option<usize>) -> (Vec<u32>, Vec<u32>) {
        let mut channel_slots = self.loads.clone();
        let mut circuit_slots = vec![1u32; self.circuits.len()];
        match (&self.trace, &self.allocation, step) {
            (Some(trace), _, Some(step)) => {
                for s in trace.steps.iter().take(step + 1) {
                    for change in &s.changes {
                        match *change {
                            Change::ChannelSlots { channel, used } => {
                                channel_slots[channel as usize] = used
                            }
                            Change::FlowSlots { flow, slots } => {
                                circuit_slots[flow as usize] = slots
                            }
                            _ => {}
                        }
                    }
                }
            }
            (None, Some(a), _) => {
                channel_slots = a.channel_slots.clone();
                circuit_slots = a.circuit_slots.clone();
            }
            _ => {}
        }
        (channel_slots, circuit_slots)
    }

    /// The circuits crossing `channel` (at most `limit` listed) with the slots they hold at `step`.
    pub(crate) fn channel_detail(
        &self,
        channel: u32,
        step: Option<usize>,
        limit: usize,
    ) -> Result<ChannelDetail> {
        if channel as usize >= self.topology.channel_count() {
            return Err(Error::invalid(
                "channel",
                format!(
                    "{channel} does not exist (this topology has {} channels)",
                    self.topology.channel_count()
                ),
            ));
        }
        let c = ChannelId(channel);
        let (channel_slots, circuit_slots) = self.state_at(step);
        let (from, to) = self.topology.channel_ends(c);
        let circuits = analysis::circuits_on_channel(&self.circuits, c)
            .into_iter()
            .take(limit)
            .map(|i| CircuitOnChannel {
                circuit: i as u32,
                src: self.labels[i].0,
                dst: self.labels[i].1,
                switches: self.circuits.switch_count(i) as u32,
                slots: circuit_slots[i],
            })
            .collect();
        Ok(ChannelDetail {
            channel,
            from: from.0,
            to: to.0,
            load: self.loads[c.index()],
            used: channel_slots[c.index()],
            max_slots: self.result.max_slots,
            circuits,
        })
    }

    /// The figure at `step` (final state without a trace), with `channel` selected: channels
    /// coloured by slots used / N, the step's channels and the selected channel's circuits marked.
    pub fn figure(&self, step: Option<usize>, channel: Option<u32>) -> Result<Figure> {
        let (channel_slots, _) = self.state_at(step);
        let selected = channel
            .filter(|&c| (c as usize) < self.topology.channel_count())
            .map(ChannelId);
        let on_path = selected
            .map(|c| {
                let mut channels: Vec<ChannelId> = analysis::circuits_on_channel(&self.circuits, c)
                    .iter()
                    .flat_map(|&i| self.circuits.channels(i).to_vec())
                    .collect();
                channels.sort_unstable();
                channels.dedup();
                channels
            })
            .unwrap_or_default();
        let step_channels = match (&self.trace, step) {
            (Some(t), Some(s)) => t
                .steps
                .get(s)
                .map(|s| s.highlight.channels.iter().map(|&c| ChannelId(c)).collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        let r = &self.result;
        let caption = format!(
            "{} · {} · {} routing · N = {}",
            r.topology,
            r.all2all
                .as_deref()
                .map_or(r.pattern.clone(), |m| format!("all-to-all ({m})")),
            r.routing,
            r.max_slots
        );
        let state = FigureState {
            channel_values: &channel_slots,
            max_value: r.max_slots,
            selected,
            on_path,
            step_channels,
            caption,
            ..Default::default()
        };
        Ok(figure(&self.topology, &self.layout, &state))
    }

    /// Per-channel loads (and slots used, with a policy) as CSV.
    pub(crate) fn loads_csv(&self) -> String {
        crate::export::channel_loads_csv(
            &self.topology,
            &self.loads,
            self.allocation.as_ref().map(|a| a.channel_slots.as_slice()),
        )
    }
}

impl LabRun for SlotsLab {
    fn result(&self) -> Value {
        json(&self.result)
    }
    fn steps(&self) -> Vec<StepSummary> {
        StepSummary::of_trace(self.trace.as_ref())
    }
    fn figure(&self, view: &View) -> Result<Figure> {
        self.figure(view.step_index(), view.channel)
    }
    fn topology(&self) -> &Topology {
        &self.topology
    }
    fn csv(&self) -> String {
        self.loads_csv()
    }
    fn positions(&self) -> Vec<(f64, f64)> {
        self.layout.switches.clone()
    }
    fn channel_loads(&self) -> Option<Loads> {
        Some(Loads {
            per_channel: self.loads.iter().map(|&l| f64::from(l)).collect(),
            measure: super::CIRCUIT_LOADS,
        })
    }
    /// `{"channel": c}`: the circuits crossing channel c at the view's step (at most 200).
    fn detail(&self, query: &Value, view: &View) -> Result<Value> {
        let channel = query
            .get("channel")
            .and_then(Value::as_u64)
            .and_then(|c| u32::try_from(c).ok())
            .ok_or_else(|| Error::invalid("channel", "give {\"channel\": a channel id}"))?;
        Ok(json(&self.channel_detail(
            channel,
            view.step_index(),
            200,
        )?))
    }
}

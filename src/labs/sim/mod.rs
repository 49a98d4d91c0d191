//! The Simulate lab (papers 002 §VI-C and 004 §3.4): the cycle-level flit simulator of
//! `sim::flit` on any topology, router and pattern. A run is one offered load: latency,
//! accepted throughput and channel utilisation (the figure's heat map); on networks of up to
//! `ANIMATION_MAX_SWITCHES` routers it also records the first `ANIMATION_CYCLES` cycles of the
//! measurement window, one step per cycle (flits crossing, buffers filling, a router's VCs on
//! click). Its study is the latency–load sweep up to saturation, which the page splits over
//! several workers a load at a time. The 32 curves of paper 002's Fig. 7–10 are its study in
//! `papers::p002`.

use super::{
    check_section, config, default_section, json, study_args, ChoiceList, Field, FieldKind, Lab,
    LabRun, StepSummary, Study, View,
};
use crate::export::graph::Loads;
use crate::model::{ChannelId, Topology};
use crate::render::{Figure, FigureState};
use crate::routing::{Forwarding, RouterSpec};
use crate::sim::flit::{self, Network, SimParams, SimResult, Simulation};
use crate::topology::TopologySpec;
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub const LAB: Lab = Lab {
    name: "sim",
    title: "Simulate",
    about: "Cycle-level virtual-channel flit simulation: input-queued VC routers, credits, wormhole; latency and throughput against offered load (papers 002 §VI-C, 004 §3.4)",
    default_config: default_section::<SimConfig>,
    // fields and sizes are checked when it runs (`SimConfig::check`), so errors keep their field
    check_config: check_section::<SimConfig>,
    run: |section, seed, record, progress| {
        Ok(Box::new(SimRun::run(
            &config(section)?,
            seed,
            record,
            progress,
        )?))
    },
    precheck: |section, seed| config::<SimConfig>(section)?.precheck(seed),
    studies: &[
    Study {
        name: "sweep",
        title: "Latency against offered load",
        about: "the run at offered loads `loads` (default: sweep_step, 2·sweep_step, … up to 1), each with `seed_count` seeds merged, in load order until the first point past saturation; one point per load. The page gives each worker one load at a time",
        args: crate::labs::NO_ARGS,
        run: |section, seed, args, report| {
            let (c, loads) = sweep_request(section, args)?;
            Ok(json(&c.sweep(seed, &loads, report)?))
        },
        precheck: |section, seed, args| {
            let (c, loads) = sweep_request(section, args)?;
            c.checked_sweep(seed, &loads)
        },
    }],
    presets,
    limits,
    choices: || vec![super::Choice::of::<flit::VcAssignment>("vc_assignment")],
    fields,
    types: super::types::<SimConfig, SimOutput>(),
};

/// The Simulate lab's form: the network and its routing, the traffic and load, the router,
/// the run and the sweep.
fn fields() -> Vec<Field> {
    vec![
        Field::spec("topology", "Topology")
            .reads(super::Reads::Network)
            .group("Network and routing")
            .help_text(format!(
                "Up to {} switches with any routing, {} with loren or shortest (a next-hop tree per destination), {} with dor or dual-plane (they decide each hop themselves; no route is kept); up to {ANIMATION_MAX_SWITCHES} step through their first cycles one at a time. Enter runs.",
                flit::MAX_SIM_SWITCHES,
                flit::MAX_BY_DESTINATION.min(flit::MAX_SIM_ROUTERS),
                flit::MAX_SIM_ROUTERS,
            ))
            .about_text(super::slots::topology_about())
            .hint("write a spec such as mesh:8x8 or lrt:64:4:2")
            .examples(&[
                "mesh:4x4",
                "mesh:8x8",
                "torus:8x8",
                "mesh:16x16",
                "hypercube:6",
                "fattree:4:3",
                "lrt:64:4:2",
                "lrt:256:4:4",
            ]),
        Field::whole("topology_index", "Topology index", 0)
            .named("topology-index")
            .about("Which of the seed's random topologies (the Routing lab's table-size study numbers them from 0)")
            .hint("a whole number, 0 for the seed’s first random topology"),
        Field::seed("Seeds the random topology, the traffic and the injection: same seed, same run"),
        Field::new(
            "routing",
            "Routing",
            FieldKind::Choice {
                from: ChoiceList::Routers,
            },
        )
        .empty("auto")
        .about("the topology's default: dimension order on meshes, tori and hypercubes, up/down on fat-trees, the dual-plane router on dual planes, shortest paths otherwise (a network from a file)"),
        Field::whole("tmax", "t<sub>max</sub> (table limit)", 1)
            .glossary("t_max")
            .hint("a whole number of table entries, or empty for the default")
            .empty("default"),
        Field::number("alpha", "α (Cowen)")
            .about("Cowen's ball exponent; a t_max, when given, wins")
            .hint("a number from 0 to 1, e.g. 0.5, or empty for the default")
            .empty("0.5"),
        Field::new("traffic", "Traffic pattern", FieldKind::Pattern).group("Traffic and load"),
        Field::number("rate", "Offered load (flits/node/cycle)")
            .glossary("offered-load")
            .help("Each end node starts a packet with probability load ÷ packet size each cycle (Bernoulli), so the load is honoured exactly up to 1, and up to 2 for a node on two planes (dual:…), with packets of at least that many flits.")
            .hint("an offered load in (0, 1] flits per node per cycle (up to 2 where nodes sit on two planes), e.g. 0.3"),
        Field::whole("vcs", "VCs per port", 1)
            .group("Router")
            .hint("a whole number of virtual channels per port, at least 1"),
        Field::whole("buf", "Buffer (flits/VC)", 1)
            .hint("a whole number of flits per virtual channel, at least 1"),
        Field::whole("packet", "Packet (flits)", 1)
            .hint("a whole number of flits per packet, at least 1"),
        Field::whole("stages", "Pipeline stages", 1)
            .hint("a whole number of router pipeline stages, at least 1"),
        Field::whole("link_latency", "Link latency", 1)
            .named("link-latency")
            .about("Cycles a flit takes on a link")
            .hint("a whole number of cycles, at least 1"),
        Field::whole("credit_delay", "Credit delay", 1)
            .named("credit-delay")
            .about("Cycles a credit takes back upstream")
            .hint("a whole number of cycles, at least 1"),
        Field::number("latency_per_m", "Cable latency (cycles/m)")
            .named("latency-per-m")
            .help("Added to a channel per metre of its cable: dual-plane networks (dual:…) carry their cable lengths from the rack floor of paper 004 §3.1. Paper 004’s 5 ns/m is 1.95 cycles/m at 2.56 ns per cycle (a 32-byte flit at 100 Gbps). 0: every channel takes the link latency.")
            .hint("cycles per metre of cable from 0 to 100, e.g. 1.95, or 0 for none")
            .empty_default("0"),
        Field::choice("vc_assignment", "VC assignment (deadlock freedom)")
            .glossary("vc-layer").named("vc-assignment"),
        Field::whole("warmup", "Warm-up cycles", 0)
            .group("Run")
            .hint("a whole number of cycles (0 for none)"),
        Field::whole("cycles", "Measured cycles", 1)
            .about("Packets created in these cycles are measured")
            .hint("a whole number of cycles, at least 1"),
        Field::whole("drain", "Drain cycles", 0)
            .help("Measured packets still in the network after the drain mean saturation.")
            .about("Cycles after the window for the measured packets to arrive")
            .hint("a whole number of cycles (0 for none)"),
        Field::number("sweep_step", "Load step")
            .named("sweep-step")
            .group("Sweep")
            .about("The sweep runs the loads step, 2·step, … until the network saturates")
            .hint("a load step in (0, 1], e.g. 0.05"),
        Field::whole("seed_count", "Seeds per load", 1)
            .named("seed-count")
            .about("Several seeds give each load its mean and a min–max error bar")
            .hint("a whole number of seeds per load, at least 1"),
    ]
}

/// The Simulate lab's presets (paper 002's Fig. 7–10 curves are `papers::p002::curves`).
fn presets() -> Vec<crate::labs::Preset> {
    vec![
        crate::labs::Preset {
            id: "sim-preset-lecture",
            label: "Quick look: mesh 4×4, uniform at 0.3",
            about: "Preset: a 4 by 4 mesh, dimension-order routing, uniform traffic at 0.3 flits per node per cycle, short run",
            seed: Some(1),
            section: super::preset_section(r#"{ "topology": "mesh:4x4", "topology_index": 0, "routing": "dor", "tmax": null, "alpha": null, "traffic": "uniform", "rate": 0.3, "vcs": 4, "vc_assignment": "lash-tor", "buf": 8, "packet": 1, "stages": 4, "link_latency": 1, "latency_per_m": 0.0, "credit_delay": 1, "warmup": 1000, "cycles": 5000, "drain": 5000, "sweep_step": 0.05, "seed_count": 1 }"#),
        },
        crate::labs::Preset {
            id: "sim-preset-dualplane",
            label: "Paper 004 §3.4: DI-HC n = 6, cables as latencies",
            about: "Preset: a dual-plane isomorphic 6-cube, 4 nodes per switch on both planes, the dual-plane router, 2.56 nanosecond cycles, 35-stage switches, cables at 1.95 cycles per metre",
            seed: Some(1),
            section: super::preset_section(r#"{ "topology": "dual:hc:6:7,15,19,21,41,57:x4", "topology_index": 0, "routing": "dual-plane", "tmax": null, "alpha": null, "traffic": "uniform", "rate": 0.5, "vcs": 4, "vc_assignment": "lash-tor", "buf": 64, "packet": 8, "stages": 35, "link_latency": 1, "latency_per_m": 1.95, "credit_delay": 1, "warmup": 2000, "cycles": 4000, "drain": 4000, "sweep_step": 0.1, "seed_count": 1 }"#),
        },
    ]
}

/// Routers whose animation is recorded (one step per cycle).
pub(crate) const ANIMATION_MAX_SWITCHES: usize = 64;
/// Cycles of the measurement window the animation shows.
pub(crate) const ANIMATION_CYCLES: u64 = 100;
/// Most router-cycles (switches × (warm-up + window + drain)) of one run on up to
/// `FULL_SPEED_SWITCHES` routers. The engine runs 5–10 million router-cycles per second on
/// 64–256 routers, so this is a few seconds there and paper 002's 256-node runs (120,000
/// cycles) fit.
pub const MAX_ROUTER_CYCLES: u64 = 40_000_000;
/// Above this many routers a router-cycle costs more (more packets in flight per router,
/// caches: a 24×24 mesh past saturation ran 1.0 million router-cycles a second), so the
/// per-run limit shrinks as 256 / routers: 17.8 million router-cycles at 576 (about 20 s).
pub(crate) const FULL_SPEED_SWITCHES: u64 = 256;

/// Most router-cycles of one run on a network above `MAX_SIM_SWITCHES` (routes decided hop by
/// hop, `flit::Routes::Compact`): idle routers cost nothing there, so what bounds a run is
/// its traffic, `MAX_FLIT_HOPS`; this only bounds the cycles (100,000 on 16,384 routers).
pub const MAX_ROUTER_CYCLES_HOP_BY_HOP: u64 = 1_638_400_000;
/// Most latency samples one run of a long run keeps (4 bytes each: 2 GiB): a long run
/// (`SimConfig::long_run`, `topolab sim --long-run`; natively only) takes any work, since what
/// it holds besides its buffers (checked per run against `flit::MAX_SIM_MEMORY_BYTES`, source
/// queues capped) is one latency per measured packet. A work unit costs about 0.45 µs on
/// hc:14 at rate 1 on two threads, 0.08 µs on mesh:128x128, so 600 million take 1–5 minutes;
/// paper 002's study (`sim --paper002`) is 1,813 million for one of its 32 curves. (Until
/// issue 62 a long run was held to 600 million work units, which the project's own studies
/// exceeded.)
pub const MAX_LONG_RUN_SAMPLES: u64 = 1 << 29;

/// Most work units of one run (twice this for a request on up to `MAX_SIM_SWITCHES` routers,
/// `REQUEST_RUNS`; a request above is held to one run's worth), where what a cycle costs is counted (`cycle_units`), not the routers: a
/// flit-hop expected (cycles × the smaller of the channels and the offered flits × the average
/// distance) is a unit, an end node and cycle a quarter of one (`ENDPOINTS_PER_UNIT`), and a
/// router's crosspoints (input ports × output ports) per cycle one per `CROSSPOINTS_PER_UNIT`.
/// Measured at rate 1, single-threaded: a unit costs 0.11 µs on a 24×24 mesh, 0.43 µs on
/// dual:hc:8:x16 (4,096 end nodes on 512 routers, each hop decided by the router), 0.28 µs on
/// tree2:2x2048 (4,096 end nodes on 3 routers) and 0.18 µs on full:576 (575 ports a router),
/// so a run at this limit takes 7–26 s natively; router-cycles alone had let these run for
/// 100–200 s. On 16,384 routers a unit costs up to 0.45 µs on two threads (hc:14 at rate 1:
/// 27 s at this limit); longer runs are asked for by name (`SimConfig::long_run`).
pub const MAX_RUN_WORK: u64 = if cfg!(target_arch = "wasm32") {
    30_000_000
} else {
    60_000_000
};

/// End nodes whose cycle is a work unit (`MAX_RUN_WORK`): each is fed and served every cycle.
const ENDPOINTS_PER_UNIT: u64 = 4;
/// Crosspoints whose cycle is a work unit (`MAX_RUN_WORK`): a router's allocator visits its
/// ports and weighs their requests against each other.
const CROSSPOINTS_PER_UNIT: u64 = 4_000;

/// Most router-cycles of one run on `switches` routers (a counted budget, checked before the
/// run: `MAX_ROUTER_CYCLES`, scaled down above `FULL_SPEED_SWITCHES`).
pub fn max_router_cycles(switches: usize) -> u64 {
    let n = (switches as u64).max(1);
    if n > flit::MAX_SIM_SWITCHES as u64 {
        return MAX_ROUTER_CYCLES_HOP_BY_HOP;
    }
    if n <= FULL_SPEED_SWITCHES {
        MAX_ROUTER_CYCLES
    } else {
        MAX_ROUTER_CYCLES * FULL_SPEED_SWITCHES / n
    }
}

/// Most router-cycles of one request (a run, or a sweep's loads × seeds counted as if none
/// stopped early), as a multiple of the per-run limit: two runs' worth, one per core natively.
pub const REQUEST_RUNS: u64 = 2;

/// The Simulate lab's number fields' ranges: the simulator's own (`flit::check`) and the
/// sweep's.
fn limits() -> Vec<super::Limit> {
    use super::Limit;
    let whole = |field, max: f64| Limit::closed(field, 1.0, max);
    vec![
        whole("vcs", flit::MAX_VCS as f64),
        whole("buf", flit::MAX_BUFFER as f64),
        whole("packet", flit::MAX_PACKET as f64),
        whole("stages", f64::from(flit::MAX_STAGES)),
        whole("link_latency", f64::from(flit::MAX_HOP_CYCLES)),
        whole("credit_delay", f64::from(flit::MAX_HOP_CYCLES)),
        Limit::closed("latency_per_m", 0.0, flit::MAX_LATENCY_PER_M),
        Limit::above("rate", 0.0, flit::MAX_PORTS as f64),
        Limit::closed("sweep_step", MIN_SWEEP_STEP, 1.0),
        whole("seed_count", flit::MAX_SWEEP_SEEDS as f64),
    ]
}

/// Configuration of the Simulate lab; the router parameters default to paper 002's Table II.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SimConfig {
    /// Topology spec: mesh:8x8, torus:8x8, lrt:64:4:2, fattree:4:3, …
    pub topology: String,
    /// Which of the seed's random topologies (the table-size study's numbering; 0 is the one
    /// every lab shows for the seed).
    pub topology_index: u32,
    /// A router of the registry: dor, shortest, updown, loren, cowen, cowen-cluster, …
    pub routing: String,
    /// LOREN's table limit, or Cowen at t_max T (the α with the largest table within T).
    pub tmax: Option<usize>,
    /// Cowen's α (when no t_max is given).
    pub alpha: Option<f64>,
    /// Pattern, a fresh destination per packet.
    pub traffic: String,
    /// Offered load, flits per node per cycle.
    pub rate: f64,
    pub vcs: usize,
    /// How the per-pair routes' hops get their deadlock-free VC layers: LASH-TOR, or ACRO
    /// (paper 002's [25]); ACRO needs every pair's route kept (`flit::check_assignment`).
    pub vc_assignment: flit::VcAssignment,
    /// Flits per VC buffer.
    pub buf: usize,
    /// Flits per packet.
    pub packet: usize,
    /// Router pipeline stages.
    pub stages: u32,
    pub link_latency: u32,
    /// Cycles per metre of cable added to each channel (0: none; dual-plane networks carry
    /// their cable lengths, paper 004 §3.4).
    pub latency_per_m: f64,
    pub credit_delay: u32,
    pub warmup: u64,
    /// Measured cycles.
    pub cycles: u64,
    pub drain: u64,
    /// The sweep's load step.
    pub sweep_step: f64,
    /// Seeds per sweep point (error bars): the seed, seed + 1, …
    pub seed_count: usize,
    /// A research run that may take minutes or hours: no work limit, only what it keeps
    /// (`MAX_LONG_RUN_SAMPLES`) instead of `MAX_RUN_WORK` (natively only; the page's runs keep
    /// to its limit).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(optional, type = "boolean"))]
    pub long_run: bool,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            rate: 0.3,
            // `auto`: the topology's default (`default_router`), so a network from a file runs
            // without the user naming a router
            ..SimConfig::with_params("mesh:8x8", "", &SimParams::default())
        }
    }
}

impl SimConfig {
    /// `topology` under `routing` with the router, link and run parameters `p` (its rate
    /// too), uniform traffic, the sweep's defaults.
    pub(crate) fn with_params(topology: &str, routing: &str, p: &SimParams) -> SimConfig {
        SimConfig {
            topology: topology.into(),
            topology_index: 0,
            routing: routing.into(),
            tmax: None,
            alpha: None,
            traffic: "uniform".into(),
            rate: p.rate,
            vcs: p.vcs,
            vc_assignment: flit::VcAssignment::LashTor,
            buf: p.buffer,
            packet: p.packet,
            stages: p.stages,
            link_latency: p.link_latency,
            latency_per_m: p.latency_per_m,
            credit_delay: p.credit_delay,
            warmup: p.warmup,
            cycles: p.cycles,
            drain: p.drain,
            sweep_step: 0.05,
            seed_count: 1,
            long_run: false,
        }
    }
}

/// The loads of a sweep request, checked.
/// The smallest load step: loads are kept to 6 decimals (`flit::loads`).
pub const MIN_SWEEP_STEP: f64 = 1e-6;

/// The sweep study's arguments.
#[derive(Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
struct SweepArgs {
    loads: Option<Vec<f64>>,
}

/// A sweep's configuration and loads, checked as one request (`check_request`).
fn sweep_request(section: &Value, args: &Value) -> Result<(SimConfig, Vec<f64>)> {
    let c: SimConfig = config(section)?;
    let loads = match study_args::<SweepArgs>(args)?.loads {
        Some(loads) => check_loads(loads)?,
        None => flit::loads(c.sweep_step),
    };
    c.check_request(loads.len())?;
    Ok((c, loads))
}

fn check_loads(loads: Vec<f64>) -> Result<Vec<f64>> {
    if loads.is_empty() || loads.len() > flit::MAX_SWEEP_POINTS {
        return Err(Error::invalid(
            "loads",
            format!("from 1 to {} loads", flit::MAX_SWEEP_POINTS),
        ));
    }
    if let Some(bad) = loads
        .iter()
        .find(|l| !(l.is_finite() && **l > 0.0 && **l <= 1.0))
    {
        return Err(Error::invalid(
            "loads",
            format!("offered loads lie in (0, 1], not {bad}"),
        ));
    }
    Ok(loads)
}

impl SimConfig {
    /// The router parameters.
    pub fn params(&self) -> SimParams {
        SimParams {
            vcs: self.vcs,
            buffer: self.buf,
            packet: self.packet,
            stages: self.stages,
            link_latency: self.link_latency,
            latency_per_m: self.latency_per_m,
            credit_delay: self.credit_delay,
            rate: self.rate,
            warmup: self.warmup,
            cycles: self.cycles,
            drain: self.drain,
        }
    }

    /// The router an empty `routing` runs (`auto`) and why (issue 62: a field the user did not
    /// set never refuses their network, a file's among them).
    pub fn default_router(&self) -> Result<(RouterSpec, &'static str)> {
        let topology = TopologySpec::parse(&self.topology).map_err(|e| e.at("topology"))?;
        Ok(RouterSpec::default_for_kind(topology.kind()))
    }

    /// The router spec: `routing` with t_max or α unless it names its own parameter; empty
    /// (`auto`), the topology's default (`RouterSpec::default_for_kind`).
    pub fn router(&self) -> Result<RouterSpec> {
        if self.routing.trim().is_empty() {
            return Ok(self.default_router()?.0);
        }
        // a table limit or α for a router without a parameter names the field set
        let named = RouterSpec::parse(self.routing.trim()).map_err(|e| e.at("routing"))?;
        if named.def.param.is_none() && !self.routing.contains(':') {
            let set = [
                ("tmax", self.tmax.is_some()),
                ("alpha", self.alpha.is_some()),
            ];
            if let Some((field, _)) = set.into_iter().find(|&(_, given)| given) {
                return Err(Error::invalid(
                    field,
                    format!(
                        "{} takes no parameter: {} is for loren and cowen; leave it empty",
                        named.name(),
                        if field == "tmax" { "t_max" } else { "α" }
                    ),
                ));
            }
        }
        let text = match (self.routing.trim(), self.tmax, self.alpha) {
            (r, Some(t), _) if !r.contains(':') => format!("{r}:{t}"),
            (r, None, Some(alpha)) if !r.contains(':') => format!("{r}:{alpha}"),
            (r, _, _) => r.to_string(),
        };
        RouterSpec::parse(&text).map_err(|e| e.at("routing"))
    }

    /// Every field checked, and the sizes against the simulator's limits, before anything is
    /// built: the topology spec and its switch count, the router, the parameters, the work.
    pub fn check(&self) -> Result<(TopologySpec, RouterSpec)> {
        self.checked(true)
    }

    /// Every field checked as `check` does, without the flit simulator's own limits (switches
    /// per kind of router, router-cycles, VC assignment): an experiment exported to BookSim2 or
    /// SST/Merlin runs there, and those have limits of their own (Merlin's fat-tree at any size).
    pub fn check_experiment(&self) -> Result<(TopologySpec, RouterSpec)> {
        self.checked(false)
    }

    fn checked(&self, simulator_limits: bool) -> Result<(TopologySpec, RouterSpec)> {
        let topology = TopologySpec::parse(&self.topology).map_err(|e| e.at("topology"))?;
        let n = topology.switch_count();
        let router = self.router()?;
        if self.long_run && cfg!(target_arch = "wasm32") {
            return Err(Error::invalid(
                "long_run",
                "a run that may take minutes is for the command line (topolab sim --long-run); the page holds a run to its work limit",
            ));
        }
        if simulator_limits && n > flit::MAX_SIM_ROUTERS {
            return Err(Error::invalid(
                "topology",
                format!(
                    "{n} switches; the flit simulator takes at most {}",
                    flit::MAX_SIM_ROUTERS
                ),
            ));
        }
        let (limit, kept) = match router.forwarding() {
            Forwarding::PerPair => (flit::MAX_SIM_SWITCHES, "every pair's route"),
            Forwarding::ByDestination => {
                (flit::MAX_BY_DESTINATION, "a next-hop tree per destination")
            }
            Forwarding::Compact => (flit::MAX_SIM_ROUTERS, "no routes"),
        };
        if simulator_limits && n > limit {
            return Err(Error::invalid(
                "topology",
                format!(
                    "{n} switches; with {} the flit simulator takes at most {limit} (it keeps {kept}); routers that forward by destination alone (loren, shortest) go up to {}, routers that decide each hop themselves (dor, dual-plane) up to {}",
                    router.name(),
                    flit::MAX_BY_DESTINATION,
                    flit::MAX_SIM_ROUTERS
                ),
            ));
        }
        if simulator_limits {
            flit::check_assignment(self.vc_assignment, router.name(), n)?;
        }
        router.check_switches(n).map_err(|e| e.at("routing"))?;
        flit::check(&self.params())?;
        let horizon = self.warmup + self.cycles + self.drain;
        let limit = max_router_cycles(n);
        // (a long run's work is not limited: `check_samples`)
        if simulator_limits && !self.long_run && (n as u64).saturating_mul(horizon) > limit {
            return Err(Error::invalid(
                "cycles",
                format!(
                    "{n} routers × {horizon} cycles is above the limit of {limit} router-cycles per run on {n} routers: at most {} cycles (warm-up + window + drain) on this network{}",
                    limit / n.max(1) as u64,
                    if cfg!(target_arch = "wasm32") { "" } else { ", or a long run (--long-run)" }
                ),
            ));
        }
        // (loads are kept to 6 decimals: a smaller step made every load 0, refused as a
        // rate of 0 the user never set)
        if !(self.sweep_step.is_finite()
            && self.sweep_step >= MIN_SWEEP_STEP
            && self.sweep_step <= 1.0)
        {
            return Err(Error::invalid(
                "sweep_step",
                format!(
                    "a load step from {MIN_SWEEP_STEP} to 1, not {}",
                    self.sweep_step
                ),
            ));
        }
        if self.seed_count == 0 || self.seed_count > flit::MAX_SWEEP_SEEDS {
            return Err(Error::invalid(
                "seed_count",
                format!(
                    "from 1 to {} seeds per point, not {}",
                    flit::MAX_SWEEP_SEEDS,
                    self.seed_count
                ),
            ));
        }
        Ok((topology, router))
    }

    /// The work of a request of `loads` offered loads (`seed_count` runs each), checked against
    /// `REQUEST_RUNS` runs at the per-run limit before any runs: a sweep is refused with its
    /// estimate.
    pub(crate) fn check_request(&self, loads: usize) -> Result<()> {
        let (topology, _) = self.check()?;
        if self.long_run {
            return Ok(());
        }
        let runs = (loads as u64).saturating_mul(self.seed_count as u64);
        let per_run =
            (topology.switch_count() as u64).saturating_mul(self.warmup + self.cycles + self.drain);
        let work = per_run.saturating_mul(runs);
        let limit = REQUEST_RUNS * max_router_cycles(topology.switch_count());
        if work > limit {
            return Err(Error::invalid(
                "seed_count",
                format!(
                    "{loads} loads × {} seed(s) × {per_run} router-cycles is {work} router-cycles, above the limit of {limit} for one request on this network: at most {} runs of this size (fewer loads — a larger load step — fewer seeds, or fewer cycles){}",
                    self.seed_count,
                    limit / per_run.max(1),
                    if cfg!(target_arch = "wasm32") { "" } else { ", or a long run (--long-run)" }
                ),
            ));
        }
        Ok(())
    }

    /// The network: checked, the topology built, routes walked and layered, pattern placed.
    pub fn network(&self, seed: u64) -> Result<Network> {
        self.network_for(seed, &[self.rate], 1)
    }

    /// Everything a run at the configured rate checks before its work begins (`Lab::precheck`):
    /// the fields, the router's kind of network on the built topology, the run's work.
    pub fn precheck(&self, seed: u64) -> Result<()> {
        let (topo, router, _) = self.checked_topology(seed, &[self.rate], 1)?;
        router.precheck(&topo).map_err(|e| e.at("routing"))
    }

    /// The topology for runs at `rates` (`runs` runs each) and its sampled average distance,
    /// checked: the fields, the router's kind of network (`RouterSpec::fits`) and the runs'
    /// work (`check_work`), before any route or buffer is built.
    fn checked_topology(
        &self,
        seed: u64,
        rates: &[f64],
        runs: usize,
    ) -> Result<(Topology, RouterSpec, f64)> {
        let (topology, router) = self.check()?;
        let topo = topology
            .build_nth(seed, self.topology_index)
            .map_err(|e| e.at("topology"))?;
        router.fits(&topo).map_err(|e| e.at("routing"))?;
        // the pattern on this network's end nodes (too few, not a power of two, …), as the
        // simulation places it once the routes are built
        crate::traffic::check_placement(&self.traffic, &topo, seed).map_err(|e| e.at("traffic"))?;
        // (the sampled distance is kept with the network: the simulation asks for it too)
        let hops = flit::average_hops(&topo);
        self.check_work(&topo, hops, rates, runs)?;
        Ok((topo, router, hops))
    }

    /// The network for runs at `rates` (`seed_count` runs each for a sweep): their expected work
    /// is checked (`check_work`) once the topology is built and before its routes and the
    /// simulator's buffers are.
    fn network_for(&self, seed: u64, rates: &[f64], runs: usize) -> Result<Network> {
        let (topo, router, hops) = self.checked_topology(seed, rates, runs)?;
        let router = router.build(&topo).map_err(|e| e.at("routing"))?;
        Ok(Network::with_assignment(
            router.as_ref(),
            &self.traffic,
            self.vcs,
            seed,
            self.vc_assignment,
        )?
        .knowing_average_hops(Some(hops)))
    }

    /// A long run's latency samples against `MAX_LONG_RUN_SAMPLES`: one per measured packet, at
    /// most one packet per end node and cycle, in its largest run (at the highest of `rates`;
    /// a run's samples go when its point is done, and a sweep stops at saturation).
    fn check_samples(&self, topo: &Topology, rates: &[f64]) -> Result<()> {
        let ends = topo.endpoint_count() as f64;
        let top = rates.iter().fold(0.0f64, |a, &r| a.max(r.clamp(0.0, 1.0)));
        let per_cycle = top * ends / self.packet.max(1) as f64;
        let samples = per_cycle * self.cycles as f64;
        if samples > MAX_LONG_RUN_SAMPLES as f64 {
            let most = MAX_LONG_RUN_SAMPLES as f64 / per_cycle;
            return Err(Error::invalid(
                "cycles",
                format!(
                    "{} measured cycles keep about {:.0} million packet latencies in a run, above the {} million (2 GiB) a long run's run may keep: at most {:.0} measured cycles",
                    self.cycles,
                    samples / 1e6,
                    MAX_LONG_RUN_SAMPLES / 1_000_000,
                    most.floor()
                ),
            ));
        }
        Ok(())
    }

    /// The work units of a cycle of `topo` at each of `rates` (`MAX_RUN_WORK`): the expected
    /// flit-hops (the smaller of the channels and the offered flits × `hops`, the average
    /// distance), a unit per `ENDPOINTS_PER_UNIT` end nodes and per `CROSSPOINTS_PER_UNIT`
    /// crosspoints (the last two the network's, counted once for every load).
    fn cycle_units(topo: &Topology, hops: f64, rates: &[f64]) -> Vec<(f64, f64, f64)> {
        let channels = topo.channel_count() as f64;
        let endpoints = topo.endpoints_per_switch();
        let mut ports_in: Vec<u64> = endpoints.iter().map(|&e| u64::from(e)).collect();
        let mut ports_out = ports_in.clone();
        for c in 0..topo.channel_count() {
            let (a, b) = topo.channel_ends(crate::model::ChannelId::new(c));
            ports_out[a.index()] += 1;
            ports_in[b.index()] += 1;
        }
        let crosspoints: u64 = ports_in.iter().zip(&ports_out).map(|(i, o)| i * o).sum();
        let ends = topo.endpoint_count() as f64;
        rates
            .iter()
            .map(|&rate| {
                (
                    channels.min(rate * ends * hops),
                    ends / ENDPOINTS_PER_UNIT as f64,
                    crosspoints as f64 / CROSSPOINTS_PER_UNIT as f64,
                )
            })
            .collect()
    }

    /// The work expected at `rates` (`runs` seeds each) on `topo`, whose switches are `hops`
    /// apart on average (`flit::average_hops`), against the limits, before any route or buffer
    /// is built: `MAX_RUN_WORK` a run (a long run: only its samples, `check_samples`) and `REQUEST_RUNS`
    /// runs' worth a request on up to `MAX_SIM_SWITCHES` routers, one run's worth above.
    /// The work units of runs at `rates` (`runs` each) on `topo`: what `check_work` holds to
    /// the request's budget.
    fn request_units(&self, topo: &Topology, hops: f64, rates: &[f64], runs: usize) -> f64 {
        let horizon = (self.warmup + self.cycles + self.drain) as f64;
        let per_cycle = |&(f, e, x): &(f64, f64, f64)| f + e + x;
        Self::cycle_units(topo, hops, rates)
            .iter()
            .map(per_cycle)
            .sum::<f64>()
            * horizon
            * runs as f64
    }

    /// The work units of this run (`sweep`: of the sweep at the configured step, every load up
    /// to 1 — it stops at saturation, often sooner), checked as the run checks it; what a long
    /// run says before it begins.
    pub fn work_units(&self, seed: u64, sweep: bool) -> Result<f64> {
        let rates = if sweep {
            flit::loads(self.sweep_step)
        } else {
            vec![self.rate]
        };
        let runs = if sweep { self.seed_count.max(1) } else { 1 };
        let (topo, _, hops) = self.checked_topology(seed, &rates, runs)?;
        Ok(self.request_units(&topo, hops, &rates, runs))
    }

    fn check_work(&self, topo: &Topology, hops: f64, rates: &[f64], runs: usize) -> Result<()> {
        if self.long_run {
            return self.check_samples(topo, rates);
        }
        let horizon = (self.warmup + self.cycles + self.drain) as f64;
        let units = Self::cycle_units(topo, hops, rates);
        let per_cycle = |&(f, e, x): &(f64, f64, f64)| f + e + x;
        let request = self.request_units(topo, hops, rates, runs);
        let (largest, worst) = units
            .iter()
            .map(|u| (per_cycle(u), *u))
            .fold((0.0, (0.0, 0.0, 0.0)), |a, b| if b.0 > a.0 { b } else { a });
        let (flit_hops, ends, crosspoints) = worst;
        let run_limit = MAX_RUN_WORK;
        // above MAX_SIM_SWITCHES a run already keeps every core busy: one run's worth a request
        let request_runs = if topo.switch_count() > flit::MAX_SIM_SWITCHES {
            1
        } else {
            REQUEST_RUNS
        };
        let (run_limit, request_limit) = (run_limit as f64, (request_runs * run_limit) as f64);
        let what = format!(
            "a cycle is about {largest:.0} work units ({flit_hops:.0} expected flit-hops at {:.1} hops on average, {ends:.0} for the end nodes, {crosspoints:.0} for the routers' crosspoints)",
            hops
        );
        let (work, limit, of, most) = if largest * horizon > run_limit {
            (largest * horizon, run_limit, "one run", run_limit / largest)
        } else if request > request_limit {
            let per_run = request / horizon;
            (
                request,
                request_limit,
                "one request",
                request_limit / per_run,
            )
        } else {
            return Ok(());
        };
        let runs_note = if rates.len() > 1 || runs > 1 {
            format!(" over {} loads × {runs} seeds", rates.len())
        } else {
            String::new()
        };
        Err(Error::invalid(
            "cycles",
            format!(
                "{what}: {horizon} cycles{runs_note} is about {:.0} million, above the {:.0} million {of} may take on this network: at most {:.0} cycles (warm-up + window + drain){}{}",
                work / 1e6,
                limit / 1e6,
                most.floor(),
                if of == "one request" { " per run, or fewer loads or seeds" } else { ", or a lower load" },
                if cfg!(target_arch = "wasm32") {
                    String::new()
                } else {
                    format!(
                        " (or ask for a long run, --long-run: about {:.0} minutes at 0.2 µs a unit on this machine's kind)",
                        (work * 0.2e-6 / 60.0).max(1.0).ceil()
                    )
                }
            ),
        ))
    }

    /// What `sweep` at `loads` refuses before its routes are built (`checked_topology`), and
    /// a router whose tables decide built once (`RouterSpec::precheck`).
    pub(crate) fn checked_sweep(&self, seed: u64, loads: &[f64]) -> Result<()> {
        let (topo, router, _) = self.checked_topology(seed, loads, self.seed_count.max(1))?;
        router.precheck(&topo).map_err(|e| e.at("routing"))
    }

    /// The latency–load curve at `loads` (a point per load, `seed_count` seeds each).
    pub fn sweep(
        &self,
        seed: u64,
        loads: &[f64],
        report: super::Report<'_>,
    ) -> Result<flit::Sweep> {
        let network = self.network_for(seed, loads, self.seed_count.max(1))?;
        flit::sweep(
            &network,
            &self.params(),
            loads,
            seed,
            self.seed_count,
            &mut |f, p| report(f, Some(json(p))),
        )
    }
}

/// One recorded cycle of the animation.
struct Frame {
    cycle: u64,
    /// Flits in each input VC (the engine's `vc_lengths`).
    vcs: Vec<u16>,
    /// Flits each channel carried this cycle.
    crossed: Vec<u8>,
}

/// What a Simulate run hands the page: the simulator's result, the network's size and the
/// loads a sweep of this configuration runs (the page hands them out to its workers).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SimOutput {
    #[serde(flatten)]
    pub result: SimResult,
    /// The router run (`auto` resolved).
    pub routing: String,
    /// Why, when the routing was left to the topology's default (`auto`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub routing_default: Option<String>,
    pub switches: usize,
    pub channels: usize,
    pub sweep_loads: Vec<f64>,
}

/// A finished run: the result, the network, and the animation's frames.
pub(crate) struct SimRun {
    config: SimConfig,
    seed: u64,
    network: Network,
    result: SimResult,
    frames: Vec<Frame>,
    /// Input ports per switch (channel ids, then channel count + endpoint).
    ports: Vec<Vec<u32>>,
}

impl SimRun {
    /// Simulate the configured load; `record` keeps the animation on small networks.
    pub fn run(
        config: &SimConfig,
        seed: u64,
        record: bool,
        progress: &mut dyn FnMut(f64),
    ) -> Result<Self> {
        let network = config.network(seed)?;
        let mut sim = Simulation::new(&network, config.params(), seed)?;
        let horizon = sim.horizon().max(1);
        let animate = record && network.topo.switch_count() <= ANIMATION_MAX_SWITCHES;
        let mut frames = Vec::new();
        // progress about every 2^17 router-cycles (a few tenths of a second in the page),
        // whatever the network's size: a 576-router run reported only every 2,048 cycles
        let chunk = ((1u64 << 17) / network.topo.switch_count().max(1) as u64).clamp(16, 2048);
        if !animate {
            // to the end in one call (a run split into parts keeps its threads throughout)
            sim.finish(chunk, &mut |now| {
                progress((now as f64 / horizon as f64).min(0.99));
            });
        } else {
            loop {
                let now = sim.now();
                let start = config.warmup;
                if now >= start && now < start + ANIMATION_CYCLES {
                    let before = sim.channel_flits();
                    let done = sim.step(1);
                    frames.push(Frame {
                        cycle: sim.now(),
                        vcs: sim.vc_lengths(),
                        crossed: sim
                            .channel_flits()
                            .iter()
                            .zip(&before)
                            .map(|(a, b)| (a - b).min(255) as u8)
                            .collect(),
                    });
                    if done {
                        break;
                    }
                    continue;
                }
                let to = if now < start {
                    chunk.min(start - now)
                } else {
                    chunk
                };
                if sim.step(to) {
                    break;
                }
                progress((sim.now() as f64 / horizon as f64).min(0.99));
            }
        }
        sim.failure()?;
        let result = sim.result();
        let ports = (0..network.topo.switch_count())
            .map(|s| sim.input_ports(s).to_vec())
            .collect();
        drop(sim);
        progress(1.0);
        Ok(SimRun {
            config: config.clone(),
            seed,
            network,
            result,
            frames,
            ports,
        })
    }

    fn topo(&self) -> &Topology {
        &self.network.topo
    }

    /// What sits in switch `s`'s input VCs in `frame` (none: the end of the run is not kept).
    fn router_detail(&self, s: usize, frame: Option<&Frame>) -> Value {
        let topo = self.topo();
        let c = topo.channel_count();
        let v = self.config.vcs;
        let ports: Vec<Value> = self.ports[s]
            .iter()
            .map(|&port| {
                let from = if (port as usize) < c {
                    let (a, _) = topo.channel_ends(ChannelId(port));
                    format!("from switch {}", a.0)
                } else {
                    format!("injection of endpoint {}", port as usize - c)
                };
                let flits: Option<Vec<u16>> =
                    frame.map(|f| f.vcs[port as usize * v..(port as usize + 1) * v].to_vec());
                serde_json::json!({ "port": from, "flits": flits })
            })
            .collect();
        serde_json::json!({
            "switch": s,
            "cycle": frame.map(|f| f.cycle),
            "vcs": v,
            "buffer": self.config.buf,
            "ports": ports,
        })
    }
}

impl LabRun for SimRun {
    /// The run's result, with the network's size and the loads a sweep of this configuration
    /// runs (the page hands them out to its workers).
    fn result(&self) -> Value {
        json(&SimOutput {
            result: self.result.clone(),
            routing: self.network_router_name(),
            routing_default: self
                .config
                .routing
                .trim()
                .is_empty()
                .then(|| {
                    self.config
                        .default_router()
                        .ok()
                        .map(|(_, why)| why.to_string())
                })
                .flatten(),
            switches: self.topo().switch_count(),
            channels: self.topo().channel_count(),
            sweep_loads: flit::loads(self.config.sweep_step),
        })
    }

    fn steps(&self) -> Vec<StepSummary> {
        let c = self.topo().channel_count();
        let v = self.config.vcs;
        let r = &self.result;
        let whole = (!self.frames.is_empty()).then(|| StepSummary {
            title: "The whole run".into(),
            explanation: format!(
                "Channel colour: the share of the {} measured cycles each channel carried a flit. Accepted {:.3} of {:.3} offered flits/node/cycle.",
                self.config.cycles, r.accepted_flits_per_node_cycle, r.offered_flits_per_node_cycle
            ),
            metrics: vec![(
                "max_channel_utilization".into(),
                r.channel_utilisation.iter().copied().fold(0.0, f64::max),
            )],
        });
        self.frames
            .iter()
            .map(|f| {
                let crossing: u64 = f.crossed.iter().map(|&x| u64::from(x)).sum();
                let in_channels: u64 = f.vcs[..c * v].iter().map(|&x| u64::from(x)).sum();
                let waiting: u64 = f.vcs[c * v..].iter().map(|&x| u64::from(x)).sum();
                StepSummary {
                    title: format!("Cycle {}", f.cycle),
                    explanation: format!(
                        "{crossing} flit(s) crossed a channel this cycle (thick lines); {in_channels} wait in routers' input buffers and {waiting} in injection queues. Channel colour: flits buffered at the channel's far end, out of {} ({} VCs × {}). Click a router for its VCs.",
                        v * self.config.buf,
                        v,
                        self.config.buf
                    ),
                    metrics: vec![
                        ("crossing".into(), crossing as f64),
                        ("buffered".into(), in_channels as f64),
                        ("injection_queues".into(), waiting as f64),
                    ],
                }
            })
            .chain(whole)
            .collect()
    }

    fn figure(&self, view: &View) -> Result<Figure> {
        let topo = self.topo();
        let layout = crate::layout::layout(topo);
        let frame = view.step_index().and_then(|i| self.frames.get(i));
        let r = &self.result;
        let (values, max, legend, caption, crossed) = match frame {
            Some(f) => {
                let v = self.config.vcs;
                let values: Vec<u32> = (0..topo.channel_count())
                    .map(|ch| {
                        f.vcs[ch * v..(ch + 1) * v]
                            .iter()
                            .map(|&x| u32::from(x))
                            .sum()
                    })
                    .collect();
                let crossed: Vec<ChannelId> = f
                    .crossed
                    .iter()
                    .enumerate()
                    .filter(|(_, &x)| x > 0)
                    .map(|(ch, _)| ChannelId::new(ch))
                    .collect();
                (
                    values,
                    (v * self.config.buf) as u32,
                    "flits buffered at each channel's far end".to_string(),
                    format!(
                        "cycle {} · {} crossing · offered {:.3}",
                        f.cycle,
                        crossed.len(),
                        r.offered_flits_per_node_cycle
                    ),
                    crossed,
                )
            }
            None => (
                r.channel_utilisation
                    .iter()
                    .map(|&u| (u * 100.0).round() as u32)
                    .collect(),
                100,
                "channel utilisation, % of cycles carrying a flit".to_string(),
                format!(
                    "{} · {} · {} at {:.3}: accepted {:.3}, latency {}",
                    topo.spec(),
                    self.network_router_name(),
                    self.config.traffic,
                    r.offered_flits_per_node_cycle,
                    r.accepted_flits_per_node_cycle,
                    r.avg_latency_cycles
                        .map_or("—".into(), |l| format!("{l:.1} cycles"))
                ),
                Vec::new(),
            ),
        };
        let selected = view.channel.map(ChannelId);
        let state = FigureState {
            channel_values: &values,
            max_value: max,
            selected,
            step_channels: crossed,
            caption,
            legend: &legend,
            ..Default::default()
        };
        Ok(crate::render::figure(topo, &layout, &state))
    }

    fn topology(&self) -> &Topology {
        self.topo()
    }

    fn sst(&self) -> Result<String> {
        let spec = self.config.router()?;
        let router = spec.build(self.topo()).map_err(|e| e.at("routing"))?;
        let files = crate::export::sst::sst(
            router.as_ref(),
            &spec.text(),
            &self.config.traffic,
            &self.config.params(),
            self.seed,
        )?;
        Ok(files.single())
    }

    fn booksim(&self, network_file: &str) -> Result<crate::export::booksim::BooksimFiles> {
        let spec = self.config.router()?;
        // the routing must work on the topology even where BookSim routes by its own function
        spec.build(self.topo()).map_err(|e| e.at("routing"))?;
        crate::export::booksim::booksim(
            self.topo(),
            &spec,
            &self.config.traffic,
            &self.config.params(),
            self.seed,
            network_file,
        )
    }

    fn csv(&self) -> String {
        let topo = self.topo();
        let mut out = String::from("channel,from,to,utilisation\n");
        for (ch, u) in self.result.channel_utilisation.iter().enumerate() {
            let (a, b) = topo.channel_ends(ChannelId::new(ch));
            out.push_str(&format!("{ch},{},{},{u:.6}\n", a.0, b.0));
        }
        out
    }

    fn channel_loads(&self) -> Option<Loads> {
        Some(Loads {
            per_channel: self.result.channel_utilisation.clone(),
            measure: "channel utilisation: the fraction of measured cycles carrying a flit",
        })
    }

    /// `{"switch": s}`: the router's input VCs at the shown cycle; `{"channel": c}`: the
    /// channel's utilisation (and buffered flits at the shown cycle).
    fn detail(&self, query: &Value, view: &View) -> Result<Value> {
        let frame = view.step_index().and_then(|i| self.frames.get(i));
        let id = |key: &str, count: usize| super::query_index(query, key, count);
        if let Some(s) = id("switch", self.topo().switch_count())? {
            return Ok(self.router_detail(s, frame));
        }
        if let Some(ch) = id("channel", self.topo().channel_count())? {
            let (a, b) = self.topo().channel_ends(ChannelId::new(ch));
            let v = self.config.vcs;
            return Ok(serde_json::json!({
                "channel": ch,
                "from": a.0,
                "to": b.0,
                "utilisation": self.result.channel_utilisation[ch],
                "cycle": frame.map(|f| f.cycle),
                "flits": frame.map(|f| f.vcs[ch * v..(ch + 1) * v].to_vec()),
            }));
        }
        Err(Error::invalid(
            "detail",
            "give {\"switch\": a switch id} or {\"channel\": a channel id}",
        ))
    }
}

impl SimRun {
    fn network_router_name(&self) -> String {
        self.config
            .router()
            .map(|r| r.text())
            .unwrap_or_else(|_| self.config.routing.clone())
    }
}

#[cfg(test)]
mod golden_tests;

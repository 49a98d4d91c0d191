//! The OCS relay lab (paper 001): a two-level electrical tree with a few OCS nodes under every
//! edge switch on one optical circuit switch. A run places the application (§4.1), allocates
//! the circuits (§3.2.2, one step per decision), routes every large communication (§3.2.3:
//! direct, relayed or EPS only) and simulates the messages (§4.1) for ours and for the
//! baselines: EPS only at the same uplinks, the full-bisection EPS, and the low-bisection
//! (1:20) EPS with and without the OCS. Applications (`hybrid::relay::apps`): §4.1's neighbour
//! exchange, NPB CG, LU and MG's communication structures, a traffic matrix. Times are
//! communication only unless `compute_us` is set (the paper's compute times are not printed).
//! Studies (`studies`): Fig. 4–5's bars and Table 2.

use super::{check_section, config, default_section, json, Lab, LabRun, StepSummary, View};
use super::{Choice, Field, FieldKind};
use crate::hybrid::relay::alloc::{allocate, Allocation, Readings};
use crate::hybrid::relay::apps::{App, Workload};
use crate::hybrid::relay::route::{Kind, RelayNet, Routes, UplinkCost};
use crate::hybrid::relay::run::{self, NetParams};
use crate::hybrid::relay::{communications, Counting, Demand, OcsPlacement};
use crate::model::{ChannelId, SwitchId, Topology};
use crate::sim::message::{Outcome, MAX_PACKET_HOPS};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub const LAB: Lab = Lab {
    name: "ocs-relay",
    title: "OCS relay",
    about: "A small optical circuit network beside a low-bisection electrical tree, with relaying through OCS nodes (paper 001): circuit allocation step by step, route kinds, message-level times against EPS only",
    default_config: default_section::<OcsRelayConfig>,
    check_config: check_section::<OcsRelayConfig>,
    run: |section, _seed, _record, progress| {
        Ok(Box::new(OcsRelayRun::run(&config(section)?, progress)?))
    },
    // (the placement and the application's program, checked as the run checks them before it
    // plans: `no_precheck` passed --ocs-nodes 64 under 4,096 edge switches, which the run refused)
    precheck: |section, _seed| {
        let c: OcsRelayConfig = config(section)?;
        c.workload(&c.placement()?).map(drop)
    },
    studies: &[],
    presets,
    limits: super::no_limits,
    choices,
    fields,
    types: super::types::<OcsRelayConfig, OcsRelayResult>(),
};

/// The OCS relay lab's closed choices: the application and the readings of §3.2.2–3.2.3.
fn choices() -> Vec<Choice> {
    use crate::hybrid::relay::alloc::{Blocked, NodeChoice, Step3};
    use crate::hybrid::relay::apps::{APPS, NPB_CLASSES};
    use crate::hybrid::relay::route::UplinkCost;
    use crate::hybrid::relay::Counting;
    vec![
        Choice::named(
            "app",
            "The application whose messages the network carries",
            APPS,
        ),
        Choice::named(
            "class",
            "The NPB problem class: its message sizes",
            NPB_CLASSES,
        ),
        Choice::of::<Blocked>("readings.blocked"),
        Choice::of::<Step3>("readings.step3"),
        Choice::of::<NodeChoice>("readings.node_choice"),
        Choice::of::<Counting>("counting"),
        Choice::of::<UplinkCost>("uplink_cost"),
    ]
}

/// The OCS relay lab's form: the network, the application, the communication shown, and the
/// network model with the readings of §3.2.2 (a group: its choices are its parts).
fn fields() -> Vec<Field> {
    let rank = |path, label| Field::whole(path, label, 0).hint("a node rank");
    vec![
        Field::spec("edge", "Edge switches × nodes")
            .group("Network")
            .help("EDGESxNODES: edge switches under one upper switch, nodes per edge switch (the paper: 8x32 and 16x16; at most 4,096 nodes).")
            .hint("write EDGESxNODES, e.g. 8x32")
            .examples(&["8x32", "16x16", "4x16", "32x32"]),
        Field::whole("ocs_nodes", "OCS nodes", 0)
            .glossary("eps-and-ocs")
            .help("In all, the same number under every edge switch (its lowest ranks): a multiple of the edge switches (the paper: 64 and 128).")
            .hint("a whole number, a multiple of the edge switches"),
        Field::choice("app", "Application").group("Application"),
        Field::choice("class", "NPB class")
            .help("The problem class sets the message sizes (the paper: B)."),
        Field::whole("message_bytes", "Message (bytes)", 1)
            .help("Bytes to each neighbour (§4.1: 4 MB = 4194304).")
            .hint("bytes per neighbour message, e.g. 4194304"),
        Field::new("matrix", "Messages (CSV)", FieldKind::Custom)
            .help("A line per message: source rank, destination rank, bytes, count.")
            .reads(super::Reads::FileText),
        Field::whole("iterations", "Iterations", 1).hint("a whole number of iterations, e.g. 5"),
        Field::number("compute_us", "Compute (µs)")
            .about("Compute time per iteration in µs (0: communication only; the paper does not print its times)")
            .hint("µs of compute per iteration, e.g. 0"),
        rank("source", "Source").group("Communication shown"),
        rank("destination", "Destination"),
        Field::number("ratio", "Uplinks 1:<var>R</var>")
            .group("Network model and readings")
            .about("Uplink oversubscription: P × 1 Gbps / uplink (§4.1: 5; the low-bisection EPS 20)")
            .hint("R of the uplinks’ 1:R, e.g. 5"),
        Field::whole("mtu", "MTU (bytes)", 1).hint("bytes per packet, e.g. 4096"),
        Field::whole("threshold", "Large message (bytes)", 0)
            .help("Messages of at least this many bytes may use the OCS (§4.1: 8192).")
            .hint("bytes, e.g. 8192"),
        Field::new("readings", "Readings of §3.2.2", FieldKind::Custom),
        Field::choice("readings.blocked", "Blocked turn (step 2)").named("readings-blocked"),
        Field::choice("readings.step3", "Step 3 order").named("readings-step3"),
        Field::choice("readings.node_choice", "OCS node choice (steps 2–3)")
            .named("readings-node_choice"),
        Field::choice("counting", "Communications counted"),
        Field::choice("uplink_cost", "Uplink cost (routing)"),
        Field::seed("Nothing in this lab is random; the seed only travels with the link"),
    ]
}

/// The OCS relay lab's presets.
fn presets() -> Vec<crate::labs::Preset> {
    let preset = |id, label, about, edge, ocs_nodes| crate::labs::Preset {
        id,
        label,
        about,
        seed: None,
        section: serde_json::json!({ "edge": edge, "ocs_nodes": ocs_nodes, "app": "neighbor", "source": 17, "destination": 33 }),
    };
    vec![
        preset("ocs-preset-fig3", "Fig. 3 relay (8×32 / 64)", "Preset: 8 edge switches of 32 nodes, 64 OCS nodes, the neighbour exchange, the route 17 to 33 of Fig. 3", "8x32", 64),
        preset("ocs-preset-fig4", "Fig. 4 (8×32 / 128)", "Preset: 8 edge switches of 32 nodes, 128 OCS nodes, the neighbour exchange", "8x32", 128),
        preset("ocs-preset-fig5", "Fig. 5 (16×16 / 128)", "Preset: 16 edge switches of 16 nodes, 128 OCS nodes, the neighbour exchange", "16x16", 128),
    ]
}

/// The oversubscription of the low-bisection EPS (§4.1: 1:20).
pub(crate) const LOW_RATIO: f64 = 20.0;
/// Most nodes the lab simulates (the paper's future work: 4,096).
pub const MAX_LAB_NODES: usize = 4096;

/// Configuration of the OCS relay lab.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OcsRelayConfig {
    /// Edge switches × nodes per edge switch: 8x32 or 16x16 in the paper.
    pub edge: String,
    /// OCS nodes in all (the same number under every edge switch).
    pub ocs_nodes: usize,
    /// The application: neighbor (§4.1's 4 MB neighbour exchange on a square process grid),
    /// cg, lu, mg (NPB's communication structures) or matrix (the `matrix` CSV).
    pub app: String,
    /// The NPB class (A, B, C or D; not printed in the paper, B by default).
    pub class: String,
    /// NPB iterations (§4.1: 5); the neighbour exchange is one exchange.
    pub iterations: u32,
    /// Computation per iteration (µs; not printed in the paper, so 0: times are communication
    /// only).
    pub compute_us: f64,
    /// CSV rows rank,rank,bytes,count when `app` is matrix.
    pub matrix: String,
    /// Bytes per neighbour message.
    pub message_bytes: u64,
    /// Uplink oversubscription 1:ratio (5 in the paper; 20 for the low-bisection EPS).
    pub ratio: f64,
    /// Messages of at least this many bytes may use the OCS (§4.1: 8192).
    pub threshold: u64,
    pub readings: Readings,
    pub counting: Counting,
    pub uplink_cost: UplinkCost,
    pub mtu: u64,
    /// The communication whose route is shown.
    pub source: u32,
    pub destination: u32,
}

impl Default for OcsRelayConfig {
    fn default() -> Self {
        // Fig. 4's 8×32 with 64 OCS nodes, and Fig. 3's relay shape (17 ⇒ 1 ⇒ 34 ⇒ 33)
        OcsRelayConfig {
            edge: "8x32".into(),
            ocs_nodes: 64,
            app: "neighbor".into(),
            class: "B".into(),
            iterations: 5,
            compute_us: 0.0,
            matrix: String::new(),
            message_bytes: 4 << 20,
            ratio: 5.0,
            threshold: 8192,
            readings: Readings::default(),
            counting: Counting::Undirected,
            uplink_cost: UplinkCost::Share,
            mtu: 4096,
            source: 17,
            destination: 33,
        }
    }
}

impl OcsRelayConfig {
    /// The communication shown: as set, or — the default pair (Fig. 3's 17 → 33) on a network
    /// of fewer ranks — its first and last rank: a default adapts to the network, so that no one
    /// is asked to fix a field they did not set.
    pub fn shown_pair(&self, nodes: usize) -> (u32, u32) {
        let default = Self::default();
        let fits = |rank: u32| (rank as usize) < nodes;
        let set = (self.source, self.destination);
        if set == (default.source, default.destination) && !(fits(set.0) && fits(set.1)) {
            (0, nodes.saturating_sub(1) as u32)
        } else {
            set
        }
    }

    /// The placement, checked.
    pub fn placement(&self) -> Result<OcsPlacement> {
        let parts: Vec<&str> = self.edge.trim().split(['x', 'X', '×']).collect();
        let sizes: Option<(usize, usize)> = match parts.as_slice() {
            [e, p] => e.trim().parse().ok().zip(p.trim().parse().ok()),
            _ => None,
        };
        let Some((edges, per)) = sizes else {
            return Err(Error::invalid(
                "edge",
                format!(
                    "write EDGESxNODES, e.g. 8x32, not '{}'",
                    crate::error::shorten(&self.edge)
                ),
            ));
        };
        if edges.saturating_mul(per) > MAX_LAB_NODES {
            return Err(Error::invalid(
                "edge",
                format!(
                    "at most {MAX_LAB_NODES} nodes, not {}",
                    edges.saturating_mul(per)
                ),
            ));
        }
        let p = OcsPlacement::new(edges, per, self.ocs_nodes)?;
        let (source, destination) = self.shown_pair(p.nodes());
        for (field, id) in [("source", source), ("destination", destination)] {
            if id as usize >= p.nodes() {
                return Err(Error::invalid(
                    field,
                    format!("a rank below {}, not {id}", p.nodes()),
                ));
            }
        }
        if !(self.ratio.is_finite() && (1.0..=1000.0).contains(&self.ratio)) {
            return Err(Error::invalid(
                "ratio",
                format!(
                    "an oversubscription 1:R with R from 1 to 1000, not {}",
                    self.ratio
                ),
            ));
        }
        if self.mtu == 0 || self.mtu > 1 << 30 {
            return Err(Error::invalid(
                "mtu",
                format!("from 1 byte to 1 GiB, not {}", self.mtu),
            ));
        }
        if self.message_bytes == 0 || self.message_bytes > 1 << 32 {
            return Err(Error::invalid(
                "message_bytes",
                format!("from 1 byte to 4 GiB, not {}", self.message_bytes),
            ));
        }
        Ok(p)
    }

    /// Table 1's parameters with uplinks at 1:`ratio` and the configured MTU.
    pub(crate) fn net_params(&self, p: &OcsPlacement, ratio: f64) -> NetParams {
        NetParams {
            up_gbps: p.nodes_per_edge as f64 / ratio,
            mtu_bytes: self.mtu,
            ..NetParams::default()
        }
    }

    /// One network of the comparison: `ocs_nodes` OCS nodes (0: EPS only) on `p`'s tree at
    /// 1:`ratio` — its allocation, routes and simulated program.
    pub fn plan(
        &self,
        p: &OcsPlacement,
        work: &Workload,
        demands: &[Demand],
        ocs_nodes: usize,
        ratio: f64,
    ) -> Result<Planned> {
        let p = OcsPlacement::new(p.edges, p.nodes_per_edge, ocs_nodes)?;
        let comms = communications(demands, self.threshold, self.counting);
        let alloc = allocate(&p, &comms, &self.readings);
        let q = self.net_params(&p, ratio);
        let routes = RelayNet::new(&p, &alloc, q.bandwidths(), self.uplink_cost)
            .route_all(&large_messages(demands, self.threshold));
        let outcome = run::simulate(&p, &alloc, &routes, work, self.threshold, &q)?;
        Ok(Planned {
            alloc,
            routes,
            outcome,
        })
    }

    /// The application's program.
    pub fn workload(&self, p: &OcsPlacement) -> Result<Workload> {
        if !(self.compute_us.is_finite() && (0.0..=1e9).contains(&self.compute_us)) {
            return Err(Error::invalid(
                "compute_us",
                format!("from 0 to 10^9 µs, not {}", self.compute_us),
            ));
        }
        let work = App::parse(&self.app, &self.class, self.message_bytes, &self.matrix)?.workload(
            p.nodes() as u32,
            self.iterations,
            (self.compute_us * 1000.0).round() as u64,
        )?;
        // a packet crosses at most 4 EPS links (a relay: 2 + 2); checked before simulating
        let packets = |mtu: u64| -> u64 {
            work.phases
                .iter()
                .flat_map(|phase| &phase.sends)
                .map(|s| s.bytes.div_ceil(mtu).max(1))
                .fold(0, u64::saturating_add)
        };
        let hops = packets(self.mtu).saturating_mul(4);
        if hops > MAX_PACKET_HOPS {
            let fits = [4096u64, 16384, 65536, 1 << 20]
                .into_iter()
                .find(|&m| m > self.mtu && packets(m).saturating_mul(4) <= MAX_PACKET_HOPS);
            return Err(Error::invalid(
                "mtu",
                format!(
                    "up to {hops} packet-hops at {} B packets, above the {MAX_PACKET_HOPS} a simulation may take: {}",
                    self.mtu,
                    fits.map_or("fewer iterations or smaller messages".into(), |m| format!("an MTU of {m} B fits"))
                ),
            ));
        }
        Ok(work)
    }
}

/// One network of the comparison, planned and simulated.
pub struct Planned {
    pub alloc: Allocation,
    pub routes: Routes,
    pub outcome: Outcome,
}

/// The large messages' directed pairs with their bytes (the router's input).
pub(crate) fn large_messages(demands: &[Demand], threshold: u64) -> Vec<(u32, u32, u64)> {
    demands
        .iter()
        .filter(|d| d.bytes >= threshold && d.src != d.dst)
        .map(|d| (d.src, d.dst, d.bytes * d.count))
        .collect()
}

/// One network's time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    pub time_s: f64,
    pub bound_s: f64,
    pub uplink_bytes: u64,
}

/// Directed large communications by route kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RouteKinds {
    pub direct: usize,
    pub relay: usize,
    pub eps: usize,
    pub local: usize,
}

impl RouteKinds {
    /// The counts of a set of routes.
    pub fn of(routes: &Routes) -> RouteKinds {
        let [direct, relay, eps, local] = routes.kinds();
        RouteKinds {
            direct,
            relay,
            eps,
            local,
        }
    }
}

/// A circuit with what it carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CircuitLoad {
    pub a: u32,
    pub b: u32,
    pub step: u8,
    pub switches: [usize; 2],
    pub bytes: u64,
}

/// One allocation decision, for the page's player (titles come with the steps).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct DecisionRef {
    pub step: u8,
    pub circuit: Option<usize>,
    pub switches: Option<[usize; 2]>,
}

/// A large communication and its route kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RouteRef {
    pub src: u32,
    pub dst: u32,
    pub kind: Kind,
}

/// An uplink's bytes in ours, each way.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct UplinkLoad {
    pub switch: usize,
    pub up: u64,
    pub down: u64,
}

/// The result of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OcsRelayResult {
    pub edge: String,
    pub ocs_nodes: usize,
    pub app: String,
    /// What the application sends (class, sizes).
    pub app_definition: String,
    pub edges: usize,
    pub nodes_per_edge: usize,
    pub ocs_per_edge: usize,
    /// Messages in the program, and packet-hops in ours.
    pub messages: usize,
    pub packet_hops: u64,
    pub ocs_nodes_used: usize,
    pub decisions: Vec<DecisionRef>,
    pub route_list: Vec<RouteRef>,
    pub uplink_per_switch: Vec<UplinkLoad>,
    pub circuits: Vec<CircuitLoad>,
    pub circuits_by_step: [usize; 3],
    pub routes: RouteKinds,
    pub unused_ocs_nodes: Vec<crate::hybrid::relay::alloc::Unused>,
    /// Ours; EPS only at the same uplinks; the full-bisection EPS; EPS only and ours at 1:20.
    pub time_s: f64,
    pub time_eps_only_s: f64,
    pub time_full_bisection_s: f64,
    pub time_low_bisection_eps_only_s: f64,
    pub time_low_bisection_s: f64,
    /// Ours over EPS only; null when EPS only takes no time (no traffic crosses the network).
    pub relative_time: Option<f64>,
    pub bound_s: f64,
    pub bound_eps_only_s: f64,
    /// Bytes into the upper switch in ours (§4.2's "received from all links").
    pub uplink_bytes: u64,
    pub uplink_bytes_eps_only: u64,
    /// The shown communication's route.
    pub route: Option<crate::hybrid::relay::route::Route>,
    pub readings: Readings,
    pub counting: Counting,
    pub uplink_cost: UplinkCost,
    pub params: NetParams,
}

/// A finished run.
pub struct OcsRelayRun {
    placement: OcsPlacement,
    threshold: u64,
    /// Per node, the large bytes it relays for others in ours.
    relay_bytes: Vec<u64>,
    alloc: Allocation,
    routes: Routes,
    result: OcsRelayResult,
    topology: Topology,
    /// Bytes on each uplink channel in ours (edge s up, down).
    uplink_channel_bytes: Vec<[u64; 2]>,
}

impl OcsRelayRun {
    pub fn run(c: &OcsRelayConfig, progress: &mut dyn FnMut(f64)) -> Result<OcsRelayRun> {
        let p = c.placement()?;
        let work = c.workload(&p)?;
        let demands = work.demands();
        progress(0.05);
        let [ours, eps, full, low_eps, low] = plan_five(c, &p, &work, &demands, progress)?;
        let Planned {
            alloc,
            routes,
            outcome: ours,
        } = ours;
        let outcomes = [
            &ours,
            &eps.outcome,
            &full.outcome,
            &low_eps.outcome,
            &low.outcome,
        ];
        let uplink_channel_bytes = run::uplink_channel_bytes(&p, &ours);
        let result = OcsRelayResult::of(
            c,
            &p,
            &work,
            &alloc,
            &routes,
            &uplink_channel_bytes,
            outcomes,
        );
        let topology = crate::topology::build(&format!(
            "tree2:{}x{}:1:{}",
            p.edges, p.nodes_per_edge, c.ratio
        ))?;
        let relay_bytes = routes.relay_bytes(p.nodes(), &large_messages(&demands, c.threshold));
        progress(1.0);
        Ok(OcsRelayRun {
            placement: p,
            threshold: c.threshold,
            relay_bytes,
            alloc,
            routes,
            result,
            topology,
            uplink_channel_bytes,
        })
    }

    pub fn result(&self) -> &OcsRelayResult {
        &self.result
    }
}

/// The five networks of the comparison, planned and simulated side by side (progress from
/// 0.05 to 0.95): ours, EPS only at the same uplinks, the full-bisection EPS, and EPS only and
/// ours at 1:20.
fn plan_five(
    c: &OcsRelayConfig,
    p: &OcsPlacement,
    work: &Workload,
    demands: &[Demand],
    progress: &mut dyn FnMut(f64),
) -> Result<[Planned; 5]> {
    let networks = [
        (c.ocs_nodes, c.ratio),
        (0, c.ratio),
        (0, 1.0),
        (0, LOW_RATIO),
        (c.ocs_nodes, LOW_RATIO),
    ];
    let mut done = 0.0;
    let planned = crate::parallel::try_map_chunked(
        &networks,
        networks.len(),
        |&(ocs, ratio)| c.plan(p, work, demands, ocs, ratio),
        |_, _| {
            done += 1.0;
            progress(0.05 + 0.9 * done / networks.len() as f64);
        },
    )?;
    let Ok(five) = <[Planned; 5]>::try_from(planned) else {
        unreachable!("five networks")
    };
    Ok(five)
}

impl OcsRelayResult {
    /// The result of a run from ours (`alloc`, `routes`, the uplinks' bytes) and the five
    /// networks' outcomes in `plan_five`'s order.
    fn of(
        c: &OcsRelayConfig,
        p: &OcsPlacement,
        work: &Workload,
        alloc: &Allocation,
        routes: &Routes,
        uplink_channel_bytes: &[[u64; 2]],
        outcomes: [&Outcome; 5],
    ) -> OcsRelayResult {
        let [ours, eps, full, low_eps, low] = outcomes;
        let s = |ns: f64| ns / 1e9;
        OcsRelayResult {
            edge: c.edge.clone(),
            ocs_nodes: c.ocs_nodes,
            app: c.app.clone(),
            app_definition: work.definition.clone(),
            edges: p.edges,
            nodes_per_edge: p.nodes_per_edge,
            ocs_per_edge: p.ocs_per_edge,
            messages: work.messages(),
            packet_hops: ours.packet_hops,
            decisions: decision_refs(alloc),
            route_list: route_refs(routes),
            uplink_per_switch: uplink_loads(uplink_channel_bytes),
            ocs_nodes_used: alloc.nodes_used(),
            circuits: circuit_loads(alloc, routes),
            circuits_by_step: alloc.by_step(),
            routes: RouteKinds::of(routes),
            unused_ocs_nodes: alloc.unused.clone(),
            time_s: s(ours.time_ns),
            time_eps_only_s: s(eps.time_ns),
            time_full_bisection_s: s(full.time_ns),
            time_low_bisection_eps_only_s: s(low_eps.time_ns),
            time_low_bisection_s: s(low.time_ns),
            relative_time: (eps.time_ns > 0.0).then(|| ours.time_ns / eps.time_ns),
            bound_s: s(ours.bound_ns),
            bound_eps_only_s: s(eps.bound_ns),
            uplink_bytes: run::uplink_bytes(p, ours),
            uplink_bytes_eps_only: run::uplink_bytes(p, eps),
            route: routes
                .routes
                .iter()
                .find(|r| (r.src, r.dst) == c.shown_pair(p.nodes()))
                .cloned(),
            readings: c.readings,
            counting: c.counting,
            uplink_cost: c.uplink_cost,
            params: c.net_params(p, c.ratio),
        }
    }
}

/// The allocation's decisions, for the page's player.
fn decision_refs(alloc: &Allocation) -> Vec<DecisionRef> {
    alloc
        .decisions
        .iter()
        .map(|d| DecisionRef {
            step: d.step,
            circuit: d.circuit,
            switches: d.switches,
        })
        .collect()
}

/// Every large communication with its route kind.
fn route_refs(routes: &Routes) -> Vec<RouteRef> {
    routes
        .routes
        .iter()
        .map(|r| RouteRef {
            src: r.src,
            dst: r.dst,
            kind: r.kind,
        })
        .collect()
}

/// Each switch's uplink bytes, each way.
fn uplink_loads(uplink_channel_bytes: &[[u64; 2]]) -> Vec<UplinkLoad> {
    uplink_channel_bytes
        .iter()
        .enumerate()
        .map(|(switch, b)| UplinkLoad {
            switch,
            up: b[0],
            down: b[1],
        })
        .collect()
}

/// Every circuit with the bytes it carries.
fn circuit_loads(alloc: &Allocation, routes: &Routes) -> Vec<CircuitLoad> {
    alloc
        .circuits
        .iter()
        .zip(&routes.circuit_bytes)
        .map(|(x, &bytes)| CircuitLoad {
            a: x.a,
            b: x.b,
            step: x.step,
            switches: x.switches,
            bytes,
        })
        .collect()
}

impl LabRun for OcsRelayRun {
    fn result(&self) -> Value {
        json(&self.result)
    }
    /// One step per allocation decision (§3.2.2).
    fn steps(&self) -> Vec<StepSummary> {
        let mut made = 0;
        self.alloc
            .decisions
            .iter()
            .map(|d| {
                made += usize::from(d.circuit.is_some());
                StepSummary {
                    title: d.title.clone(),
                    explanation: d.explanation.clone(),
                    metrics: vec![
                        ("circuits".into(), made as f64),
                        ("OCS nodes used".into(), (2 * made) as f64),
                    ],
                }
            })
            .collect()
    }
    /// The tree with its uplinks coloured by the MiB ours sends over them; the current step's
    /// switch pair marked.
    fn figure(&self, view: &View) -> Result<crate::render::Figure> {
        let mib: Vec<u32> = (0..self.topology.channel_count())
            .map(|ch| {
                let (a, b) = self.topology.channel_ends(ChannelId(ch as u32));
                let (s, up) = if a.index() < b.index() {
                    (a.index(), 0)
                } else {
                    (b.index(), 1)
                };
                (self.uplink_channel_bytes.get(s).map_or(0, |x| x[up]) >> 20) as u32
            })
            .collect();
        let mut state = crate::render::FigureState {
            channel_values: &mib,
            max_value: mib.iter().copied().max().unwrap_or(0).max(1),
            legend: "MiB per uplink channel in ours",
            ..Default::default()
        };
        if let Some(d) = view.step_index().and_then(|i| self.alloc.decisions.get(i)) {
            state.step_switches = d.switches.map_or(Vec::new(), |s| {
                s.iter().map(|&x| SwitchId::new(x)).collect()
            });
        }
        let r = &self.result;
        state.caption = format!(
            "{} · {} OCS nodes ({} used) · {} · ours {} EPS only",
            r.edge,
            r.ocs_nodes,
            r.ocs_nodes_used,
            r.app,
            r.relative_time
                .map_or("— (no traffic) ×".to_string(), |t| format!("{t:.2}×"))
        );
        Ok(crate::render::figure(
            &self.topology,
            &crate::layout::layout(&self.topology),
            &state,
        ))
    }
    fn topology(&self) -> &Topology {
        &self.topology
    }
    /// `{"pair": [s, d]}`: that communication's route (kind, path, circuits, cost);
    /// `{"node": r}`: the node's switch, whether it is an OCS node, its circuit, why it is
    /// unused, and the bytes it relays.
    fn detail(&self, query: &Value, _view: &View) -> Result<Value> {
        if let Some(r) = super::query_index(query, "node", self.placement.nodes())? {
            let r = r as u32;
            let circuit = self.result.circuits.iter().find(|c| c.a == r || c.b == r);
            return Ok(serde_json::json!({
                "node": r,
                "switch": self.placement.switch_of(r),
                "ocs": self.placement.is_ocs(r),
                "circuit": circuit,
                "unused": self.alloc.unused.iter().find(|u| u.node == r),
                "relay_bytes": self.relay_bytes[r as usize],
            }));
        }
        let ids: Vec<u32> = query
            .get("pair")
            .and_then(|p| serde_json::from_value(p.clone()).ok())
            .ok_or_else(|| {
                Error::invalid(
                    "detail",
                    "ask for {\"pair\": [source, destination]} or {\"node\": rank}",
                )
            })?;
        let route = self
            .routes
            .routes
            .iter()
            .find(|r| ids.len() == 2 && (r.src, r.dst) == (ids[0], ids[1]));
        match route {
            Some(r) => Ok(serde_json::json!({
                "route": r,
                "nodes": r.nodes(),
                "kind": r.kind,
                "relayed": r.kind == Kind::Relay,
            })),
            None => Err(Error::invalid(
                "pair",
                format!(
                    "{ids:?} sends no message of at least {} bytes",
                    self.threshold
                ),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default communication (17 → 33) on a network of fewer ranks is its first and last
    /// rank (issue 53: `--edge 2x8 --ocs-nodes 4` was refused for a --source never given),
    /// while a rank the user set beyond the network is refused, naming the field.
    #[test]
    fn the_default_pair_fits_a_small_network() {
        let small = OcsRelayConfig {
            edge: "2x8".into(),
            ocs_nodes: 4,
            ..OcsRelayConfig::default()
        };
        assert_eq!(small.shown_pair(16), (0, 15));
        let run = OcsRelayRun::run(&small, &mut |_| {}).unwrap();
        // (0 and 15 are not neighbours: no route of theirs to show, and nothing refused)
        assert!(run.result().route.is_none());
        let set = OcsRelayConfig {
            source: 20,
            ..small
        };
        let e = set.placement().unwrap_err();
        assert_eq!(e.field().as_deref(), Some("source"), "{e}");
    }

    #[test]
    fn the_default_is_fig_4_with_fig_3s_relay() {
        let r = OcsRelayRun::run(
            &OcsRelayConfig {
                mtu: 65536,
                ..OcsRelayConfig::default()
            },
            &mut |_| {},
        )
        .unwrap();
        let v = r.result();
        assert_eq!(v.ocs_nodes_used, 56);
        assert_eq!((v.routes.direct, v.routes.relay, v.routes.eps), (0, 224, 0));
        assert_eq!(v.route.as_ref().unwrap().nodes(), vec![17, 1, 34, 33]);
        assert_eq!(v.uplink_bytes, 0);
        assert!(v.relative_time.unwrap() > 1.0);
        assert_eq!(v.time_low_bisection_s, v.time_s);
        assert_eq!(LabRun::steps(&r).len(), r.alloc.decisions.len());
        assert!(r
            .figure(&View {
                step: Some(1),
                ..View::default()
            })
            .unwrap()
            .drawing
            .is_ok());
        let d = r
            .detail(&serde_json::json!({"pair": [16, 32]}), &View::default())
            .unwrap();
        assert_eq!(d["nodes"], serde_json::json!([16, 0, 32]));
    }

    #[test]
    fn fields_are_checked_by_name() {
        let bad = |c: OcsRelayConfig| OcsRelayRun::run(&c, &mut |_| {}).err().unwrap();
        let field = |c| bad(c).field();
        assert_eq!(
            field(OcsRelayConfig {
                edge: "8by32".into(),
                ..Default::default()
            })
            .as_deref(),
            Some("edge")
        );
        assert_eq!(
            field(OcsRelayConfig {
                ocs_nodes: 60,
                ..Default::default()
            })
            .as_deref(),
            Some("ocs_nodes")
        );
        assert_eq!(
            field(OcsRelayConfig {
                app: "ring".into(),
                ..Default::default()
            })
            .as_deref(),
            Some("app")
        );
        assert_eq!(
            field(OcsRelayConfig {
                ratio: f64::NAN,
                ..Default::default()
            })
            .as_deref(),
            Some("ratio")
        );
        assert_eq!(
            field(OcsRelayConfig {
                destination: 256,
                ..Default::default()
            })
            .as_deref(),
            Some("destination")
        );
        assert_eq!(
            field(OcsRelayConfig {
                edge: "128x64".into(),
                ..Default::default()
            })
            .as_deref(),
            Some("edge")
        );
    }
}

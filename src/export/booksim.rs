//! A flit-simulator experiment (issue 10, "Interoperability") as a BookSim2 run: the `anynet`
//! listing and a `booksim.cfg` whose every setting says why it has its value, so that BookSim's
//! IQ router sees the same network, routes, traffic, buffers and per-hop latency as
//! `sim::flit`. The delays were measured on BookSim2 at zero load (README, "BookSim side by
//! side"); what cannot match is written in the config's comments.

use crate::model::{Shape, Topology};
use crate::routing::RouterSpec;
use crate::sim::flit::SimParams;
use crate::traffic::Pattern;
use crate::{Error, Result};
use std::fmt::Write;

/// The files of one BookSim2 experiment: `anynet` and `booksim.cfg`.
#[derive(Debug, Clone, PartialEq)]
pub struct BooksimFiles {
    /// The topology, one `node` per endpoint (the config reads it unless `native` is true).
    pub anynet: String,
    /// The configuration (BookSim's `key = value;` with `//` comments).
    pub config: String,
    /// True when the config uses BookSim's own mesh/torus instead of the `anynet` file.
    pub native: bool,
}

/// The network file's name in `network_file` (BookSim opens it relative to where it runs).
pub const ANYNET_FILE: &str = "anynet";

/// Fewest router stages BookSim's IQ router can have: lookahead routing (`routing_delay = 0`),
/// one cycle of VC allocation, one of switch allocation with traversal.
pub(crate) const MIN_STAGES: u32 = 3;

/// The BookSim2 files for simulating `params` with `traffic` on `topo` routed by `routing`,
/// the config naming the anynet file `network_file` (`ANYNET_FILE` beside it on the command
/// line; the page's download name).
///
/// The config uses BookSim's native `mesh`/`torus` (`k`, `n`, `dim_order`) when the network
/// is a grid with equal sides routed by `dor` on 1-cycle links, and its `fattree` (`nca`) for
/// a fat-tree routed by `nca`: the routes ours take; anything else becomes `anynet` with
/// BookSim's only anynet routing, `min` (shortest paths).
pub fn booksim(
    topo: &Topology,
    routing: &RouterSpec,
    traffic: &str,
    params: &SimParams,
    seed: u64,
    network_file: &str,
) -> Result<BooksimFiles> {
    let traffic_name = booksim_traffic(traffic)?;
    check_readable(topo, params)?;
    if params.stages < MIN_STAGES {
        return Err(Error::invalid(
            "stages",
            format!(
                "{} stages: BookSim's IQ router needs at least {MIN_STAGES} (lookahead routing, \
                 VC allocation, switch allocation and traversal)",
                params.stages
            ),
        ));
    }
    let mut c = Config::default();
    c.line(&format!(
        "Topolab experiment for BookSim2 (topolab export booksim): {} routed by {}, {traffic} \
         at {} flits/node/cycle, seed {seed}.",
        topo.spec(),
        routing.text(),
        params.rate
    ));
    c.line("Run it where this file is: booksim booksim.cfg");
    c.blank();
    let native = network(&mut c, topo, routing, params, network_file);
    c.blank();
    c.line("Traffic: BookSim's pattern of the same name, Bernoulli arrivals counted in flits.");
    if traffic_name == "uniform" {
        c.line("(BookSim's uniform may draw the source itself, at 0 hops; ours draws among the others.)");
    }
    c.set("traffic", traffic_name);
    c.set("injection_process", "bernoulli");
    c.set("injection_rate_uses_flits", 1);
    c.set("injection_rate", params.rate);
    c.set("packet_size", params.packet);
    c.set("seed", seed);
    c.blank();
    router(&mut c, params);
    c.blank();
    measurement(&mut c, params);
    let anynet = if params.link_latency == 1 {
        super::anynet(topo)?
    } else {
        super::anynet_with_latency(topo, params.link_latency)
    };
    Ok(BooksimFiles {
        anynet,
        config: c.text,
        native,
    })
}

/// What BookSim2 can read and run, checked before anything is written: every node on one
/// router (anynet attaches a node to one), every router reachable (one connected network),
/// and an injection rate BookSim accepts (at most a flit per node per cycle).
fn check_readable(topo: &Topology, params: &SimParams) -> Result<()> {
    super::check_one_router_per_node(topo)?;
    if topo.endpoint_count() == 0 {
        return Err(Error::topology(
            topo.spec(),
            "it has no nodes: BookSim2 would have nothing to inject",
        )
        .at("topology"));
    }
    let components = petgraph::algo::connected_components(topo.graph());
    if components != 1 {
        return Err(Error::topology(
            topo.spec(),
            format!("its switches form {components} separate networks; BookSim2 needs every router reachable from every node"),
        )
        .at("topology"));
    }
    if params.latency_per_m != 0.0 {
        // the export writes one latency for every channel (`anynet_with_latency`)
        return Err(Error::invalid(
            "latency_per_m",
            "this export gives every channel one latency: set the latency per metre of cable to 0",
        ));
    }
    if !(params.rate > 0.0 && params.rate <= 1.0) {
        return Err(Error::invalid(
            "rate",
            format!("BookSim2's injection_rate (flits per node per cycle, one injection port) lies in (0, 1], not {}", params.rate),
        ));
    }
    Ok(())
}

/// BookSim's name of a pattern ours shares, or why there is none.
fn booksim_traffic(traffic: &str) -> Result<&'static str> {
    let name =
        match Pattern::parse(traffic).map_err(|e| e.at("traffic"))? {
            Pattern::Uniform => "uniform",
            Pattern::RandPerm => "randperm",
            Pattern::BitRev => "bitrev",
            Pattern::Transpose => "transpose",
            Pattern::Neighbor => "neighbor",
            Pattern::Shuffle => "shuffle",
            Pattern::BitComp => "bitcomp",
            Pattern::Tornado => "tornado",
            Pattern::Butterfly
            | Pattern::BitRot
            | Pattern::AllToAll
            | Pattern::Hotspot { .. }
            | Pattern::Local { .. }
            | Pattern::Matrix(_) => return Err(Error::pattern(
                traffic,
                "BookSim2 has no pattern of this meaning; it shares uniform, randperm, bitrev, \
                 transpose, neighbor, shuffle, bitcomp and tornado",
            )
            .at("traffic")),
        };
    Ok(name)
}

/// The topology and routing lines; true when BookSim's own network is used.
fn network(
    c: &mut Config,
    topo: &Topology,
    routing: &RouterSpec,
    params: &SimParams,
    network_file: &str,
) -> bool {
    let grid = match topo.shape() {
        Shape::Grid { dims, wrap } if dims.iter().all(|&k| k == dims[0]) => Some((dims, *wrap)),
        _ => None,
    };
    if let Shape::FatTree { k, levels } = *topo.shape() {
        if routing.name() == "nca" && params.link_latency == 1 {
            c.line(&format!(
                "Network: BookSim's native fattree (k = {k}, n = {levels}), the faithful choice \
                 for {} with nca: both number the leaves as ours, k nodes each, and climb to the \
                 nearest common ancestor on up-ports drawn at random (BookSim per hop, ours per \
                 packet and layer), then descend the one way down.",
                topo.spec()
            ));
            c.set("topology", "fattree");
            c.set("k", k);
            c.set("n", levels);
            c.set("routing_function", "nca");
            return true;
        }
    }
    match grid {
        Some((dims, wrap)) if routing.name() == "dor" && params.link_latency == 1 => {
            let kind = if wrap { "torus" } else { "mesh" };
            c.line(&format!(
                "Network: BookSim's native {kind} (k = {}, n = {}), the faithful choice for {} \
                 with dor: BookSim's dim_order corrects dimension 0 first as ours does, and \
                 numbers routers with dimension 0 fastest as ours does.",
                dims[0],
                dims.len(),
                topo.spec()
            ));
            if wrap {
                c.line("dim_order on a torus halves the VCs between two dateline classes (a dimension whose way wraps is travelled in the second) and sends a tie at k/2 either way at random: ours does the same, its ties alternating between a source's packets.");
            }
            c.line("(The anynet file beside this config is the same network, but BookSim routes anynet only by min: shortest paths without dateline classes, a different experiment.)");
            c.set("topology", kind);
            c.set("k", dims[0]);
            c.set("n", dims.len());
            c.set("routing_function", "dim_order");
            c.line("1-cycle channels everywhere (with use_noc_latency = 1 BookSim makes a torus's channels 2 cycles).");
            c.set("use_noc_latency", 0);
            true
        }
        _ => {
            let why = match grid {
                Some(_) if routing.name() == "dor" => format!(
                    "{}-cycle links, which BookSim's mesh cannot have",
                    params.link_latency
                ),
                _ if matches!(topo.shape(), Shape::Grid { .. }) && routing.name() == "dor" => {
                    "unequal sides, which BookSim's k-ary n-cube cannot have".to_string()
                }
                _ if matches!(topo.shape(), Shape::FatTree { .. }) && routing.name() == "nca" => {
                    format!(
                        "{}-cycle links, which BookSim's fattree cannot have",
                        params.link_latency
                    )
                }
                _ if matches!(topo.shape(), Shape::FatTree { .. }) => format!(
                    "routing {}, which BookSim's fattree lacks (it routes by nca: --routing nca \
                     gives ours the same routes and BookSim's own fattree)",
                    routing.text()
                ),
                _ => format!(
                    "routing {}, which BookSim's native networks lack",
                    routing.text()
                ),
            };
            c.line(&format!(
                "Network: anynet ({} switches, {} endpoints, {}-cycle links) because of {why}.",
                topo.switch_count(),
                topo.endpoint_count(),
                params.link_latency
            ));
            c.line("BookSim's anynet routes only by min: one shortest path per pair from its table, every VC, no deadlock avoidance.");
            if !matches!(routing.name(), "shortest" | "dor") {
                c.line(&format!(
                    "Ours routes by {}, so the two runs differ in their routes, not only in their routers.",
                    routing.text()
                ));
            }
            c.set("topology", "anynet");
            c.set("network_file", network_file);
            c.set("routing_function", "min");
            false
        }
    }
}

/// The IQ router: buffers, allocators, pipeline and credits.
fn router(c: &mut Config, p: &SimParams) {
    c.line("Router: BookSim's input-queued VC router, the model ours follows.");
    c.set("router", "iq");
    c.set("num_vcs", p.vcs);
    c.set("vc_buf_size", p.buffer);
    c.line("Ours frees an output VC when the tail leaves, without waiting for its last credit.");
    c.set("wait_for_tail_credit", 0);
    c.line("One-pass separable input-first allocators with round-robin arbiters: ours is a greedy input-first round robin in one pass, no speculation.");
    c.set("vc_allocator", "separable_input_first");
    c.set("sw_allocator", "separable_input_first");
    c.set("arb_type", "round_robin");
    c.set("alloc_iters", 1);
    c.set("speculative", 0);
    c.set("hold_switch_for_packet", 0);
    c.set("input_speedup", 1);
    c.set("output_speedup", 1);
    c.set("internal_speedup", 1.0);
    c.line(&format!(
        "Pipeline: {} stages per router as ours. Measured at zero load, BookSim's per-hop \
         latency is routing + VC alloc + switch alloc + st_prepare + st_final + 1 link cycle, \
         so these sum to {}; extra stages go to st_prepare_delay, which body flits pay too, \
         as in ours.{}",
        p.stages,
        p.stages,
        if p.stages == MIN_STAGES {
            " Three stages: lookahead routing (routing_delay = 0)."
        } else {
            ""
        }
    ));
    let routing_delay = u32::from(p.stages > MIN_STAGES);
    c.set("routing_delay", routing_delay);
    c.set("vc_alloc_delay", 1);
    c.set("sw_alloc_delay", 1);
    c.set("st_prepare_delay", p.stages.saturating_sub(4));
    c.set("st_final_delay", 1);
    c.line("BookSim's packet latency has 3 cycles ours lacks at any load: the injection and ejection channels and one cycle from creation to injection.");
    c.line(&format!(
        "Credits: ours returns a credit {} cycle(s) after the flit leaves; BookSim adds credit_delay to the 1-cycle credit channel.",
        p.credit_delay
    ));
    c.set("credit_delay", p.credit_delay.saturating_sub(1));
}

/// Warm-up and window in whole sample periods, and no early stop.
fn measurement(c: &mut Config, p: &SimParams) {
    let period = if p.warmup == 0 {
        p.cycles
    } else {
        gcd(p.warmup, p.cycles)
    };
    let warmup_periods = (p.warmup / period).max(1);
    c.line(&format!(
        "Measurement: {} warm-up cycles and a {}-cycle window as ours, in periods of {period} \
         cycles (BookSim warms up at least one period); stopping_thres = 0 keeps it from \
         stopping early, so it runs all max_samples periods, then drains the measured packets.",
        p.warmup, p.cycles
    ));
    c.set("sim_type", "latency");
    c.set("sample_period", period);
    c.set("warmup_periods", warmup_periods);
    c.set("max_samples", warmup_periods + p.cycles / period);
    c.set("stopping_thres", 0.0);
    c.set("acc_stopping_thres", 0.0);
    c.line("Past saturation ours reports what arrived; BookSim would give up at 500 cycles of latency, so the limit is lifted.");
    c.set("latency_thres", 1.0e9);
    c.set("sim_count", 1);
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a.max(1)
    } else {
        gcd(b, a % b)
    }
}

/// A BookSim config being written: settings and `//` comments.
#[derive(Default)]
struct Config {
    text: String,
}

impl Config {
    fn line(&mut self, comment: &str) {
        let _ = writeln!(self.text, "// {comment}");
    }
    fn blank(&mut self) {
        self.text.push('\n');
    }
    fn set(&mut self, key: &str, value: impl ConfigValue) {
        let _ = writeln!(self.text, "{key} = {};", value.text());
    }
}

/// How a value is written: BookSim's parser tells integer from float fields by a decimal point.
trait ConfigValue {
    fn text(&self) -> String;
}

impl ConfigValue for &str {
    fn text(&self) -> String {
        (*self).to_string()
    }
}

impl ConfigValue for f64 {
    fn text(&self) -> String {
        let s = format!("{self}");
        if s.contains(['.', 'e', 'E']) {
            s
        } else {
            format!("{s}.0")
        }
    }
}

macro_rules! integer_value {
    ($($t:ty),*) => {$(
        impl ConfigValue for $t {
            fn text(&self) -> String {
                self.to_string()
            }
        }
    )*};
}
integer_value!(u32, u64, usize, i32);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_keep_a_decimal_point() {
        assert_eq!(0.0.text(), "0.0");
        assert_eq!(0.3.text(), "0.3");
        assert_eq!(1.0e9.text(), "1000000000.0");
    }

    #[test]
    fn gcd_splits_warm_up_and_window() {
        assert_eq!(gcd(2000, 10_000), 2000);
        assert_eq!(gcd(3000, 10_000), 1000);
    }
}

//! `topolab sim`: the cycle-level flit simulator (`topolab::sim::flit`) on any topology, router
//! and pattern — one run, or with `--sweep` the latency–load curve up to saturation.

use crate::cli::{flags, print_value, LabCommand};
use clap::Args;
use topolab::routing::RouterSpec;
use topolab::sim::flit::{self, Network, SimParams};
use topolab::topology::TopologySpec;

pub const COMMAND: LabCommand = LabCommand {
    name: "sim",
    about: "Cycle-level virtual-channel flit simulation (input-queued VC routers, credits, wormhole): latency and accepted throughput at an offered load, or the curve to saturation",
    args: <SimArgs as Args>::augment_args,
    execute: |matches| execute(flags(matches)?),
};

#[derive(Args)]
struct SimArgs {
    #[command(flatten)]
    experiment: ExperimentArgs,
    /// Sweep offered loads step, 2·step, … up to saturation instead of one rate.
    #[arg(long, value_name = "STEP", num_args = 0..=1, default_missing_value = "0.05")]
    sweep: Option<f64>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// One experiment's flags (`topolab sim` and `topolab export booksim`).
#[derive(Args)]
pub(crate) struct ExperimentArgs {
    /// Topology spec: mesh:8x8, torus:8x8, lrt:64:4:2, fattree:4:3, …
    #[arg(long)]
    topology: String,
    /// Router: dor | shortest | updown | loren[:T] | cowen[:α or :T] | cowen-cluster[…].
    #[arg(long)]
    routing: String,
    /// LOREN's table limit, or Cowen at t_max T.
    #[arg(long)]
    tmax: Option<usize>,
    /// Cowen's α.
    #[arg(long)]
    alpha: Option<f64>,
    /// Pattern, a fresh destination per packet: uniform, transpose, shuffle, bitrev, bitcomp,
    /// tornado, neighbor, randperm, hotspot:β, local:γ, …
    #[arg(long, default_value = "uniform")]
    traffic: String,
    /// Offered load, flits per node per cycle (0–1].
    #[arg(long, default_value_t = SimParams::default().rate)]
    rate: f64,
    /// Virtual channels per port.
    #[arg(long, default_value_t = SimParams::default().vcs)]
    vcs: usize,
    /// Flits per VC buffer.
    #[arg(long, default_value_t = SimParams::default().buffer)]
    buf: usize,
    /// Flits per packet.
    #[arg(long, default_value_t = SimParams::default().packet)]
    packet: usize,
    /// Router pipeline stages.
    #[arg(long, default_value_t = SimParams::default().stages)]
    stages: u32,
    /// Cycles per channel.
    #[arg(long, default_value_t = SimParams::default().link_latency)]
    link_latency: u32,
    /// Cycles for a credit to come back.
    #[arg(long, default_value_t = SimParams::default().credit_delay)]
    credit_delay: u32,
    /// Measured cycles.
    #[arg(long, default_value_t = SimParams::default().cycles)]
    cycles: u64,
    /// Warm-up cycles.
    #[arg(long, default_value_t = SimParams::default().warmup)]
    warmup: u64,
    /// Most cycles after the window to wait for the measured packets.
    #[arg(long, default_value_t = SimParams::default().drain)]
    drain: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// A checked experiment: the built topology's spec, the router's and the parameters.
pub(crate) struct Experiment {
    pub(crate) topology: TopologySpec,
    pub(crate) routing: RouterSpec,
    pub(crate) traffic: String,
    pub(crate) params: SimParams,
    pub(crate) seed: u64,
}

impl ExperimentArgs {
    /// The flags checked: sizes within the simulator's limits, router and parameters parsed.
    pub(crate) fn check(self) -> Result<Experiment, String> {
        let err = |e: topolab::Error| e.to_string();
        let topology = TopologySpec::parse(&self.topology).map_err(|e| err(e.at("topology")))?;
        if topology.switch_count() > flit::MAX_SIM_SWITCHES {
            return Err(format!(
                "topology: {} switches; the flit simulator takes at most {}",
                topology.switch_count(),
                flit::MAX_SIM_SWITCHES
            ));
        }
        let routing = match (self.routing.as_str(), self.tmax, self.alpha) {
            (r, Some(t), _) if !r.contains(':') => format!("{r}:{t}"),
            (r, None, Some(alpha)) if !r.contains(':') => format!("{r}:{alpha}"),
            (r, _, _) => r.to_string(),
        };
        let routing = RouterSpec::parse(&routing).map_err(|e| err(e.at("routing")))?;
        let params = SimParams {
            vcs: self.vcs,
            buffer: self.buf,
            packet: self.packet,
            stages: self.stages,
            link_latency: self.link_latency,
            credit_delay: self.credit_delay,
            rate: self.rate,
            warmup: self.warmup,
            cycles: self.cycles,
            drain: self.drain,
        };
        flit::check(&params).map_err(err)?;
        Ok(Experiment {
            topology,
            routing,
            traffic: self.traffic,
            params,
            seed: self.seed,
        })
    }
}

fn execute(a: SimArgs) -> Result<(), String> {
    let err = |e: topolab::Error| e.to_string();
    let Experiment {
        topology,
        routing,
        traffic,
        params,
        seed,
    } = a.experiment.check()?;
    let topo = topology.build(seed).map_err(|e| err(e.at("topology")))?;
    let router = routing.build(&topo).map_err(|e| err(e.at("routing")))?;
    let network = Network::new(router.as_ref(), &traffic, params.vcs, seed).map_err(err)?;
    let value = match a.sweep {
        None => serde_json::to_value(flit::simulate(&network, params, seed).map_err(err)?),
        Some(step) => {
            let loads = flit::loads(step);
            serde_json::to_value(
                flit::sweep(&network, &params, &loads, seed, &mut |f, p| {
                    if !a.json {
                        eprintln!(
                            "{:>3.0}%  offered {:.3}  accepted {:.3}  latency {}",
                            100.0 * f,
                            p.offered_flits_per_node_cycle,
                            p.accepted_flits_per_node_cycle,
                            p.avg_latency_cycles
                                .map_or("—".into(), |l| format!("{l:.1}"))
                        );
                    }
                })
                .map_err(err)?,
            )
        }
    }
    .map_err(|e| e.to_string())?;
    print_value(&value, a.json);
    Ok(())
}

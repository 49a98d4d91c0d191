//! The Routing lab (paper 002): an LRT (or any square-floor topology), a routing scheme —
//! LOREN with t_max, Cowen with α, or shortest paths with full tables — and the metrics of §VI:
//! average path length over all pairs, table sizes, stretch, and with a traffic pattern the
//! effective bandwidth and average efficiency averaged over random patterns.

use super::RoutingConfig;
use crate::analysis::{average_efficiency, effective_bandwidth};
use crate::model::{PathSet, SwitchId, Topology};
use crate::routing::{route_traffic, Cowen, Loren, Router, ShortestPath};
use crate::traffic::{self, Pattern};
use crate::{topology, Error, Result};
use serde::{Deserialize, Serialize};

/// What the Routing lab computed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoutingResult {
    pub topology: String,
    pub scheme: String,
    pub seed: u64,
    pub switches: usize,
    pub links: usize,
    pub tmax: Option<usize>,
    pub alpha: Option<f64>,
    /// Mean hops over all ordered pairs that arrive.
    pub avg_path_length: f64,
    /// Mean shortest-path hops over all pairs (the reference).
    pub avg_shortest_path_length: f64,
    pub max_entries: usize,
    /// LOREN: the phase (1)+(2) table size (the smallest usable t_max).
    pub min_required_entries: Option<usize>,
    pub landmarks: Option<usize>,
    pub delivered_pairs: usize,
    pub total_pairs: usize,
    /// Largest path length / shortest length over all pairs.
    pub max_stretch: f64,
    pub traffic: Option<String>,
    pub patterns: Option<usize>,
    pub effective_bandwidth: Option<f64>,
    pub avg_efficiency: Option<f64>,
}

enum Scheme<'t> {
    Loren(Loren<'t>),
    Cowen(Cowen<'t>),
    Shortest(ShortestPath<'t>),
}

impl Scheme<'_> {
    fn router(&self) -> &dyn Router {
        match self {
            Scheme::Loren(r) => r,
            Scheme::Cowen(r) => r,
            Scheme::Shortest(r) => r,
        }
    }
}

fn scheme<'t>(config: &RoutingConfig, topo: &'t Topology) -> Result<Scheme<'t>> {
    Ok(match config.scheme.trim().to_ascii_lowercase().as_str() {
        "loren" => Scheme::Loren(Loren::new(
            topo,
            config.tmax.unwrap_or(topo.switch_count() / 2),
        )?),
        "cowen" => Scheme::Cowen(Cowen::new(topo, config.alpha)?),
        "shortest" => Scheme::Shortest(ShortestPath::new(topo)),
        other => {
            return Err(Error::routing(
                other,
                "unknown scheme; expected loren, cowen or shortest",
            ))
        }
    })
}

/// Run the Routing lab.
pub fn run_routing(
    config: &RoutingConfig,
    seed: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<RoutingResult> {
    let topo = topology::build_seeded(&config.topology, seed)?;
    let scheme = scheme(config, &topo)?;
    progress(0.2);
    let n = topo.switch_count();
    let sp = ShortestPath::new(&topo);
    let (mut delivered, mut hops_sum, mut shortest_sum, mut max_stretch) =
        (0usize, 0usize, 0usize, 0.0f64);
    for d in 0..n {
        let dist = sp.distances_to(SwitchId::new(d));
        let loren_hops = match &scheme {
            Scheme::Loren(l) => l.hops_to(d as u32),
            _ => Vec::new(),
        };
        for s in (0..n).filter(|&s| s != d) {
            let hops = match &scheme {
                Scheme::Loren(_) => loren_hops[s],
                Scheme::Shortest(_) => Some(dist[s] as usize),
                Scheme::Cowen(c) => c
                    .path(SwitchId::new(s), SwitchId::new(d))
                    .ok()
                    .map(|p| p.hops()),
            };
            if let Some(h) = hops {
                delivered += 1;
                hops_sum += h;
                shortest_sum += dist[s] as usize;
                max_stretch = max_stretch.max(h as f64 / f64::from(dist[s].max(1)));
            }
        }
        if d % 64 == 0 {
            progress(0.2 + 0.5 * d as f64 / n as f64);
        }
    }
    let (effective, efficiency) = match &config.traffic {
        Some(name) => {
            let pattern = Pattern::parse(name)?;
            let runs = if pattern.is_random() {
                config.patterns.max(1)
            } else {
                1
            };
            let (mut gamma, mut eff) = (0.0, 0.0);
            for k in 0..runs {
                let traffic = traffic::generate(pattern, &topo, seed.wrapping_add(k as u64), name)?;
                let paths: PathSet = route_traffic(scheme.router(), &topo, &traffic)?;
                gamma += effective_bandwidth(&topo, &paths);
                eff += average_efficiency(&paths);
                if k % 50 == 0 {
                    progress(0.7 + 0.3 * k as f64 / runs as f64);
                }
            }
            (Some(gamma / runs as f64), Some(eff / runs as f64))
        }
        None => (None, None),
    };
    progress(1.0);
    let (max_entries, min_required, landmarks) = match &scheme {
        Scheme::Loren(l) => (l.max_entries(), Some(l.min_required_entries), None),
        Scheme::Cowen(c) => (c.max_entries(), None, Some(c.landmarks.len())),
        Scheme::Shortest(_) => (n - 1, None, None),
    };
    let total = n * (n - 1);
    Ok(RoutingResult {
        topology: config.topology.clone(),
        scheme: config.scheme.to_ascii_lowercase(),
        seed,
        switches: n,
        links: topo.link_count(),
        tmax: matches!(scheme, Scheme::Loren(_)).then(|| config.tmax.unwrap_or(n / 2)),
        alpha: matches!(scheme, Scheme::Cowen(_)).then_some(config.alpha),
        avg_path_length: if delivered == 0 {
            0.0
        } else {
            hops_sum as f64 / delivered as f64
        },
        avg_shortest_path_length: if delivered == 0 {
            0.0
        } else {
            shortest_sum as f64 / delivered as f64
        },
        max_entries,
        min_required_entries: min_required,
        landmarks,
        delivered_pairs: delivered,
        total_pairs: total,
        max_stretch,
        traffic: config.traffic.clone(),
        patterns: config.traffic.as_ref().map(|_| config.patterns),
        effective_bandwidth: effective,
        avg_efficiency: efficiency,
    })
}

/// One point of the Fig. 5 series.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TmaxPoint {
    pub tmax: usize,
    pub avg_path_length: f64,
}

/// Fig. 5 for LOREN: average path length for every t_max from the minimum to |N|/2.
pub fn sweep_tmax(config: &RoutingConfig, seed: u64) -> Result<Vec<TmaxPoint>> {
    let topo = topology::build_seeded(&config.topology, seed)?;
    let n = topo.switch_count();
    let minimum = Loren::new(&topo, n)?.min_required_entries;
    (minimum..=(n / 2).max(minimum))
        .map(|tmax| {
            let l = Loren::new(&topo, tmax)?;
            let (mut sum, mut count) = (0usize, 0usize);
            for d in 0..n as u32 {
                for h in l.hops_to(d).into_iter().flatten().filter(|&h| h > 0) {
                    sum += h;
                    count += 1;
                }
            }
            Ok(TmaxPoint {
                tmax,
                avg_path_length: sum as f64 / count.max(1) as f64,
            })
        })
        .collect()
}

/// Mean and minimum of a sample.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeanMin {
    pub mean: f64,
    pub min: usize,
}

/// §VI-B (Fig. 6): minimum required table entries over many random topologies — LOREN's phase
/// (1)+(2) tables, and Cowen's smallest largest table over α ∈ {0.05, 0.10, …, 0.95}.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableStudy {
    pub topology: String,
    pub topologies: usize,
    pub loren: MeanMin,
    pub cowen: MeanMin,
    /// 1 − LOREN/Cowen for the minimum and the mean (the paper's "reduction").
    pub reduction_min: f64,
    pub reduction_mean: f64,
}

/// Run the study on `count` topologies drawn with seeds `seed`, `seed + 1`, ….
pub fn table_study(
    spec: &str,
    count: usize,
    seed: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<TableStudy> {
    if count == 0 {
        return Err(Error::invalid("topologies", "at least one topology"));
    }
    let (mut loren, mut cowen) = (Vec::with_capacity(count), Vec::with_capacity(count));
    for k in 0..count {
        let topo = topology::build_seeded(spec, seed.wrapping_add(k as u64))?;
        loren.push(Loren::new(&topo, topo.switch_count())?.min_required_entries);
        let alphas: Vec<f64> = (1..20).map(|i| f64::from(i) * 0.05).collect();
        cowen.push(
            Cowen::max_entries_for(&topo, &alphas)?
                .into_iter()
                .min()
                .unwrap_or(0),
        );
        progress((k + 1) as f64 / count as f64);
    }
    let summary = |v: &[usize]| MeanMin {
        mean: v.iter().sum::<usize>() as f64 / v.len() as f64,
        min: v.iter().copied().min().unwrap_or(0),
    };
    let (l, c) = (summary(&loren), summary(&cowen));
    Ok(TableStudy {
        topology: spec.to_string(),
        topologies: count,
        reduction_min: 1.0 - l.min as f64 / c.min.max(1) as f64,
        reduction_mean: 1.0 - l.mean / c.mean.max(1.0),
        loren: l,
        cowen: c,
    })
}

/// One forwarding step of a LOREN walk: the switch's table and why it chose its entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WalkHop {
    pub at: u32,
    pub table: Vec<crate::routing::Entry>,
    /// Manhattan distance of each entry's destination to the packet's destination.
    pub distances: Vec<u32>,
    pub chosen: usize,
    /// Entries as close as the chosen one, passed over by table order.
    pub tied: Vec<usize>,
    pub next: u32,
}

/// A packet's walk from `src` to `dst` under the scheme, with the shortest path beside it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RouteWalk {
    pub scheme: String,
    pub src: u32,
    pub dst: u32,
    pub path: Vec<u32>,
    pub shortest_path: Vec<u32>,
    /// LOREN only: every forwarding decision.
    pub hops: Vec<WalkHop>,
}

/// Walk a packet from switch `src` to switch `dst` (paper 002 Fig. 4's step view).
pub fn route_walk(config: &RoutingConfig, seed: u64, src: u32, dst: u32) -> Result<RouteWalk> {
    let topo = topology::build_seeded(&config.topology, seed)?;
    let n = topo.switch_count() as u32;
    if src >= n || dst >= n {
        return Err(Error::invalid(
            "switch",
            format!("switches are numbered 0–{} here", n - 1),
        ));
    }
    let ids = |p: &crate::model::Path| p.switches.iter().map(|s| s.0).collect::<Vec<_>>();
    let shortest_path = ids(&ShortestPath::new(&topo).path(SwitchId(src), SwitchId(dst))?);
    let (path, hops) = match scheme(config, &topo)? {
        Scheme::Loren(l) => {
            let (path, decisions) = l.route(SwitchId(src), SwitchId(dst))?;
            let hops = decisions
                .into_iter()
                .map(|d| {
                    let table = l.tables[d.at as usize].clone();
                    WalkHop {
                        at: d.at,
                        next: table[d.chosen].next,
                        table,
                        distances: d.distances,
                        chosen: d.chosen,
                        tied: d.tied,
                    }
                })
                .collect();
            (ids(&path), hops)
        }
        other => (
            ids(&other.router().path(SwitchId(src), SwitchId(dst))?),
            Vec::new(),
        ),
    };
    Ok(RouteWalk {
        scheme: config.scheme.to_ascii_lowercase(),
        src,
        dst,
        path,
        shortest_path,
        hops,
    })
}

/// A run of the Routing lab: metrics, the topology, and the packet walk when the Scenario names
/// a source and a destination (its decisions are the lab's steps).
#[derive(Debug, Clone)]
pub struct RoutingLab {
    pub result: RoutingResult,
    pub topology: Topology,
    pub walk: Option<RouteWalk>,
}

impl RoutingLab {
    /// Run the metrics, and the walk if asked for.
    pub fn run(config: &RoutingConfig, seed: u64, progress: &mut dyn FnMut(f64)) -> Result<Self> {
        let result = run_routing(config, seed, progress)?;
        let topology = topology::build_seeded(&config.topology, seed)?;
        let walk = match (config.source, config.destination) {
            (Some(s), Some(d)) if s != d => Some(route_walk(config, seed, s, d)?),
            (Some(_), Some(_)) => {
                return Err(Error::invalid(
                    "destination",
                    "source and destination are the same switch",
                ))
            }
            _ => None,
        };
        Ok(RoutingLab {
            result,
            topology,
            walk,
        })
    }

    /// One step per hop of the walk: for LOREN the entry chosen and why.
    pub fn steps(&self) -> Vec<super::StepSummary> {
        let Some(walk) = &self.walk else {
            return Vec::new();
        };
        walk.path
            .windows(2)
            .enumerate()
            .map(|(i, w)| {
                let (at, next) = (w[0], w[1]);
                let metrics = vec![("hop".to_string(), (i + 1) as f64), ("shortest hops".to_string(), (walk.shortest_path.len() - 1) as f64)];
                match walk.hops.get(i) {
                    Some(h) => {
                        let e = h.table[h.chosen];
                        let ties: Vec<String> = h.tied.iter().map(|&t| format!("⟨{},{}⟩", h.table[t].dst, h.table[t].next)).collect();
                        let tie_note = if ties.is_empty() {
                            String::new()
                        } else {
                            format!("; {} {} as near, and the first in table order wins", ties.join(", "), if ties.len() == 1 { "is" } else { "are" })
                        };
                        super::StepSummary {
                            title: format!("At {at}: entry ⟨{},{}⟩ → {next}", e.dst, e.next),
                            explanation: format!(
                                "The packet is for switch {dst}. Of the {} entries of switch {at}'s table, the one whose destination is nearest (Manhattan) to {dst} is ⟨{},{}⟩, at distance {}{tie_note}. It is forwarded to switch {next}.",
                                h.table.len(),
                                e.dst,
                                e.next,
                                h.distances[h.chosen],
                                dst = walk.dst
                            ),
                            metrics,
                        }
                    }
                    None => super::StepSummary {
                        title: format!("At {at}: → {next}"),
                        explanation: format!("{} routing forwards the packet for switch {} from switch {at} to switch {next}.", walk.scheme, walk.dst),
                        metrics,
                    },
                }
            })
            .collect()
    }

    /// The floor with the walk so far: earlier hops marked as the path, the current hop as the step.
    pub fn figure(&self, step: Option<usize>) -> Result<String> {
        let values = vec![0; self.topology.channel_count()];
        let mut state = crate::render::FigureState {
            channel_values: &values,
            ..Default::default()
        };
        let mut caption = format!("{} · {}", self.result.topology, self.result.scheme);
        if let Some(walk) = &self.walk {
            let hops = walk.path.len() - 1;
            let shown = step.map_or(hops, |s| (s + 1).min(hops));
            let channel = |i: usize| {
                self.topology
                    .channel_between(SwitchId(walk.path[i]), SwitchId(walk.path[i + 1]))
            };
            state.on_path = (0..shown.saturating_sub(1)).filter_map(channel).collect();
            state.step_channels = channel(shown - 1).into_iter().collect();
            state.step_switches = vec![SwitchId(walk.path[shown]), SwitchId(walk.dst)];
            caption += &format!(
                " · {} → {}: {} hops (shortest {})",
                walk.src,
                walk.dst,
                hops,
                walk.shortest_path.len() - 1
            );
        }
        state.caption = caption;
        crate::render::channel_svg(
            &self.topology,
            &crate::layout::layout(&self.topology),
            &state,
        )
    }
}

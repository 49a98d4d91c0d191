//! LASH-TOR's layering of the routes (`Layering`, `lash_tor`): route by route, longest first,
//! each starts in layer 0 and moves up a layer at a turn that would close a cycle in its own;
//! layers × the router's classes as VC groups sharing a channel's VCs; the checks of the
//! assignment against the VCs given and of the layering's work.

use super::acro::VcAssignment;
use super::cdg::{Cdg, MAX_LAYERING_STEPS};
use super::hop::RouteHop;
use super::limits::MAX_SIM_SWITCHES;
use crate::routing::Router;
use crate::{Error, Result};

/// Most layers `DestinationRoutes` (a channel's layer is a byte) and ACRO build.
pub(super) const MAX_LAYERS: usize = 64;

/// Refuses `assignment` where it cannot apply: ACRO layers the per-pair route table
/// (`RouteTable`), which the simulator keeps up to `MAX_SIM_SWITCHES`; above, a network's routes
/// are decided hop by hop (`Routes::Compact`, the router's own classes) or kept per destination
/// (`DestinationRoutes`, layered as LASH-TOR), so only LASH-TOR is accepted there. `router` and
/// `switches` name the network in the error.
pub fn check_assignment(assignment: VcAssignment, router: &str, switches: usize) -> Result<()> {
    if assignment.acro_order().is_none() || switches <= MAX_SIM_SWITCHES {
        return Ok(());
    }
    Err(Error::invalid(
        "vc_assignment",
        format!(
            "{} gives VC layers to every pair's route, which the flit simulator keeps up to {MAX_SIM_SWITCHES} switches; with {switches} switches the routes of {router} are decided hop by hop or kept per destination, layered as LASH-TOR: use lash-tor, or a network of at most {MAX_SIM_SWITCHES} switches",
            assignment.label()
        ),
    ))
}

/// The refusal of a run with fewer VCs than the router's routes need for deadlock freedom.
pub(super) fn too_few_vcs(router: &dyn Router, needs: usize, what: &str, vcs: usize) -> Error {
    Error::invalid(
        "vcs",
        format!(
            "{} on this topology needs {needs} virtual-channel {what} for deadlock freedom, but only {vcs} virtual channels are given: use at least {needs}",
            router.name()
        ),
    )
}

/// `vcs` VCs shared among groups by how many hops use each (largest remainder, at least one
/// each): most routes start in layer 0 and stay there, so an even split left the busiest
/// group one VC while a layer a few routes reach held as many. A VC carries a packet only
/// every other cycle or so once allocation is counted (BookSim's IQ router the same: mesh 8×8
/// with one VC saturates at 0.14 in both), so the VCs a group gets bound its throughput.
pub(super) fn share_vcs(uses: &[u64], vcs: usize) -> Vec<(u16, u16)> {
    let groups = uses.len().max(1);
    let spare = vcs.saturating_sub(groups);
    let total: u64 = uses.iter().sum::<u64>().max(1);
    let mut counts: Vec<usize> = uses
        .iter()
        .map(|&u| 1 + (spare as u64 * u / total) as usize)
        .collect();
    counts.resize(groups, 1);
    let mut left = vcs.saturating_sub(counts.iter().sum());
    // the remainders, largest first (ties: the lower group)
    let mut order: Vec<usize> = (0..groups).collect();
    crate::sort::by_key(&mut order, |&g| {
        let u = uses.get(g).copied().unwrap_or(0);
        std::cmp::Reverse((spare as u64 * u) % total)
    });
    for g in order {
        if left == 0 {
            break;
        }
        counts[g] += 1;
        left -= 1;
    }
    let mut base = 0u16;
    counts
        .into_iter()
        .map(|c| {
            let range = (base, c as u16);
            base += c as u16;
            range
        })
        .collect()
}

/// LASH-TOR's layers for the routes `hops[offsets[i]..offsets[i + 1]]` (groups: the router's
/// classes, made class + layer × classes here), over CDG nodes (channel, class); the layers
/// used (at least 1).
pub(super) fn lash_tor(
    router: &dyn Router,
    offsets: &[u32],
    hops: &mut [RouteHop],
    channels: usize,
    classes: usize,
) -> Result<usize> {
    // each route's hops as CDG nodes (channel, class), placed and given their layers in
    // one visit (buffers reused: 331,000 routes at 576 switches)
    let mut layering = Layering::new(channels * classes);
    let (mut nodes, mut placed) = (Vec::new(), Vec::new());
    for (done, i) in route_order(offsets).into_iter().enumerate() {
        if done % 1024 == 0 {
            check_layering(
                router,
                layering.layers.iter().map(Cdg::steps).sum(),
                MAX_LAYERING_STEPS,
            )?;
        }
        let route = &mut hops[offsets[i] as usize..offsets[i + 1] as usize];
        nodes.clear();
        nodes.extend(
            route
                .iter()
                .map(|h| h.channel as usize * classes + usize::from(h.group)),
        );
        layering.place(&nodes, &mut placed);
        for (h, &layer) in route.iter_mut().zip(&placed) {
            h.group += (layer * classes) as u16;
        }
    }
    Ok(layering.layers.len().max(1))
}

/// Refuse layering that has taken more than `MAX_LAYERING_STEPS` (`steps`, counted as it
/// goes: the first destinations or routes take most of them, while the graphs fill, so a pace
/// read early would overstate the rest and a network is only refused once it has spent them).
pub(super) fn check_layering(router: &dyn Router, steps: u64, max_steps: u64) -> Result<()> {
    if steps <= max_steps {
        return Ok(());
    }
    Err(layering_too_long(router, max_steps))
}

/// The refusal of layering that took more than `max_steps` (`MAX_LAYERING_STEPS`).
pub(super) fn layering_too_long(router: &dyn Router, max_steps: u64) -> Error {
    let topo = router.topology();
    Error::invalid(
        "topology",
        format!(
            "layering the routes of {} on this network ({} switches, {} channels) for deadlock freedom takes more than the {} million search steps a simulation's set-up may take: a sparser or smaller network, or a router that decides each hop itself (dor, dual-plane)",
            router.name(),
            topo.switch_count(),
            topo.channel_count(),
            max_steps / 1_000_000
        ),
    )
}

/// The order routes are layered in: longest first (ties in (source, destination) order). Long
/// routes have the most turns to fit, so they take the low layers while those are empty; in
/// (source, destination) order LOREN on LRT(256,4,4) at t_max 42 needed 5 layers, longest
/// first 4 (Cowen 4 → 3).
/// (Shuffling the ties with eight seeds did not find fewer layers for LOREN or Cowen on
/// LRT(256,4,4).)
pub(super) fn route_order(offsets: &[u32]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..offsets.len() - 1).collect();
    crate::sort::by_key(&mut order, |&i| {
        std::cmp::Reverse(offsets[i + 1] - offsets[i])
    });
    order
}

/// LASH-TOR layers: one channel dependency graph per layer, each kept acyclic.
pub(super) struct Layering {
    pub(super) nodes: usize,
    pub(super) layers: Vec<Cdg>,
}

impl Layering {
    pub(super) fn new(nodes: usize) -> Self {
        Layering {
            nodes,
            layers: Vec::new(),
        }
    }

    /// The layer of each hop of `route` (CDG nodes): layer 0 from the start, one layer up at
    /// each turn that would close a cycle where the route is.
    pub(super) fn place(&mut self, route: &[usize], out: &mut Vec<usize>) {
        let mut at = 0;
        out.clear();
        if let Some(&first) = route.first() {
            out.push(at);
            let mut from = first;
            for &to in &route[1..] {
                if self.layers.is_empty() {
                    self.layers.push(Cdg::new(self.nodes));
                }
                if !self.layers[at].try_add(from, to) {
                    // the turn crosses up to a fresh layer, where it is not an edge of any CDG
                    at += 1;
                    if at == self.layers.len() {
                        self.layers.push(Cdg::new(self.nodes));
                    }
                }
                out.push(at);
                from = to;
            }
        }
    }
}

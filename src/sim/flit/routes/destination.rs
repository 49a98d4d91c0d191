//! Routes kept per destination (`DestinationRoutes`): the next hop of every switch towards
//! every destination switch, for routers that forward by destination (LOREN, Cowen, shortest)
//! on networks too large for a table of every pair's route.

use super::cdg::{Cdg, Turn, MAX_LAYERING_STEPS};
use super::hop::{RouteHop, NO_CHANNEL};
use super::layering::{check_layering, too_few_vcs, MAX_LAYERS};
use super::limits::MAX_BY_DESTINATION;
use super::walk::OutChannels;
use crate::model::{SwitchId, Topology};
use crate::routing::{Header, Router};
use crate::{Error, Result};

/// The routes of a router that forwards by destination alone (`Forwarding::ByDestination`),
/// kept as one next-hop tree per destination — n² channels, not every pair's hops — with a
/// deadlock-free layer (VC group) for each of the tree's channels. This is LASH-TOR's layering
/// (see the module header) with a destination's tree as the unit: a route starts in layer 0
/// and moves up at a turn that would close a cycle in its layer, and since routes to one
/// destination merge and never split, a channel's layer is the highest its routes arrive with
/// (layers never fall along a route, so a packet's layer is a function of where it is and where
/// it goes, and it carries no state). Turns go to the same or a higher layer only, so a cycle
/// could only lie inside one layer, and each layer's dependency graph is kept acyclic.
/// Whole-destination layers (plain LASH by destination) needed 35 layers for LOREN on
/// LRT(256,4,4) at t_max 42, where transitions need as few as the per-pair table.
pub struct DestinationRoutes {
    pub(super) n: usize,
    /// `next[dst·n + at]`: the channel a packet at `at` for `dst` takes (unused at `dst`).
    pub(super) next: Vec<u32>,
    /// `layer[dst·n + at]`: the layer of that channel for `dst`.
    pub(super) layer: Vec<u8>,
    pub(super) layers: usize,
    /// Hops in each layer, over every pair of switches with endpoints (`share_vcs`).
    pub(super) group_use: Vec<u64>,
}

impl DestinationRoutes {
    /// Every destination's next-hop tree from `router` (checked: every route arrives), layered
    /// (at most `max_groups` layers).
    pub fn new(router: &dyn Router, max_groups: usize) -> Result<Self> {
        Self::within(router, max_groups, MAX_LAYERING_STEPS)
    }

    /// `new`, refused past `max_steps` steps of layering (`check_layering`).
    pub(super) fn within(router: &dyn Router, max_groups: usize, max_steps: u64) -> Result<Self> {
        let topo = router.topology();
        let n = topo.switch_count();
        if n > MAX_BY_DESTINATION {
            return Err(Error::TooLarge {
                what: format!(
                    "the switch count for the flit simulator with {}",
                    router.name()
                ),
                value: n,
                limit: MAX_BY_DESTINATION,
                hint: "it keeps a next-hop tree per destination; choose a smaller network".into(),
            });
        }
        if router.vc_classes() > 1 {
            return Err(Error::routing(
                router.name(),
                "routes kept by destination take routers without VC classes",
            ));
        }
        // a router that answers route lengths in bulk from a next-hop matrix (LOREN) builds it
        // on this first call, and the n² decisions below are look-ups instead of table scans
        let _ = router.path_lengths_to(SwitchId::new(0));
        let hosts: Vec<bool> = topo.endpoints_per_switch().iter().map(|&e| e > 0).collect();
        let mut next = vec![NO_CHANNEL; n * n];
        let mut layer = vec![0u8; n * n];
        let mut group_use: Vec<u64> = Vec::new();
        let mut cdgs: Vec<Cdg> = Vec::new();
        // per destination: each switch's next switch on the tree (u32::MAX: not on it), hops to
        // the destination, hosts whose routes pass it, and the tree's switches leaves first
        let mut to = vec![u32::MAX; n];
        let mut hops = vec![u32::MAX; n];
        let mut senders = vec![0u64; n];
        let mut order: Vec<u32> = Vec::with_capacity(n);
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut path = Vec::new();
        let links = OutChannels::new(topo);
        for d in 0..n {
            let dst = SwitchId::new(d);
            to.fill(u32::MAX);
            hops.fill(u32::MAX);
            hops[d] = 0;
            let row = &mut next[d * n..(d + 1) * n];
            // follow each host's route until it meets one already known
            for s in (0..n).filter(|&s| hosts[s] && s != d) {
                let mut at = s;
                path.clear();
                while hops[at] == u32::MAX {
                    if path.len() > n {
                        return Err(Error::routing(
                            router.name(),
                            format!("the route from switch {s} to switch {d} does not arrive"),
                        ));
                    }
                    let here = SwitchId::new(at);
                    let hop = router.next(here, &mut Header::new(here, dst))?;
                    let channel = links.to(router.name(), here, hop.next)?;
                    row[at] = channel;
                    to[at] = hop.next.0;
                    path.push(at);
                    at = hop.next.index();
                }
                for (i, &u) in path.iter().rev().enumerate() {
                    hops[u] = hops[at] + 1 + i as u32;
                }
            }
            order.clear();
            order.extend((0..n as u32).filter(|&u| to[u as usize] != u32::MAX));
            crate::sort::by_key(&mut order, |&u| std::cmp::Reverse(hops[u as usize]));
            for c in &mut children {
                c.clear();
            }
            for &u in &order {
                children[to[u as usize] as usize].push(u);
            }
            // leaves first: a channel's layer is the highest its feeding channels have, one
            // more where a turn from them would close a cycle there
            let lay = &mut layer[d * n..(d + 1) * n];
            for &u in &order {
                let u = u as usize;
                let mut l = children[u]
                    .iter()
                    .map(|&v| lay[v as usize])
                    .max()
                    .unwrap_or(0) as usize;
                loop {
                    if l == cdgs.len() {
                        if l == MAX_LAYERS {
                            return Err(Error::routing(
                                router.name(),
                                format!("more than {MAX_LAYERS} layers for deadlock freedom"),
                            ));
                        }
                        cdgs.push(Cdg::new(topo.channel_count()));
                        group_use.push(0);
                    }
                    let cdg = &mut cdgs[l];
                    let mut added = 0;
                    let fits = children[u]
                        .iter()
                        .filter(|&&v| usize::from(lay[v as usize]) == l)
                        .all(
                            |&v| match cdg.add(row[v as usize] as usize, row[u] as usize) {
                                Turn::Known => true,
                                Turn::Added => {
                                    added += 1;
                                    true
                                }
                                Turn::Cycle => false,
                            },
                        );
                    if fits {
                        break;
                    }
                    for _ in 0..added {
                        cdg.remove_newest();
                    }
                    l += 1;
                }
                lay[u] = l as u8;
                senders[u] = u64::from(hosts[u])
                    + children[u]
                        .iter()
                        .map(|&v| senders[v as usize])
                        .sum::<u64>();
                group_use[l] += senders[u];
            }
            check_layering(router, cdgs.iter().map(Cdg::steps).sum(), max_steps)?;
        }
        let layers = cdgs.len().max(1);
        if layers > max_groups {
            return Err(too_few_vcs(router, layers, "layers", max_groups));
        }
        group_use.resize(layers, 0);
        Ok(DestinationRoutes {
            n,
            next,
            layer,
            layers,
            group_use,
        })
    }

    /// Layers the routes use (VC groups).
    pub fn layers(&self) -> usize {
        self.layers
    }

    /// The hops from switch `s` to switch `d`, followed through the trees (for checks; the
    /// simulator asks `hop` at each head flit).
    pub fn route(&self, topo: &Topology, s: usize, d: usize) -> Vec<RouteHop> {
        let mut hops = Vec::new();
        let mut at = s;
        while at != d && hops.len() < self.n {
            let hop = self.hop(at as u32, d as u32);
            hops.push(hop);
            at = topo
                .channel_ends(crate::model::ChannelId(hop.channel))
                .1
                .index();
        }
        hops
    }

    /// The hop a packet at `at` (not its destination) takes towards `dst`.
    #[inline]
    pub(super) fn hop(&self, at: u32, dst: u32) -> RouteHop {
        let i = dst as usize * self.n + at as usize;
        RouteHop {
            channel: self.next[i],
            group: u16::from(self.layer[i]),
        }
    }
}

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
        check_router(router)?;
        let topo = router.topology();
        let n = topo.switch_count();
        // a router that answers route lengths in bulk from a next-hop matrix (LOREN) builds it
        // on this first call, and the n² decisions below are look-ups instead of table scans
        let _ = router.path_lengths_to(SwitchId::new(0));
        let hosts: Vec<bool> = topo.endpoints_per_switch().iter().map(|&e| e > 0).collect();
        let mut next = vec![NO_CHANNEL; n * n];
        let mut layer = vec![0u8; n * n];
        let mut layers = Layers {
            cdgs: Vec::new(),
            group_use: Vec::new(),
            channels: topo.channel_count(),
        };
        let mut tree = Tree::new(n);
        let links = OutChannels::new(topo);
        for d in 0..n {
            let row = &mut next[d * n..(d + 1) * n];
            tree.follow(router, &links, &hosts, d, row)?;
            // leaves first: a channel's layer is the highest its feeding channels have, one
            // more where a turn from them would close a cycle there
            let lay = &mut layer[d * n..(d + 1) * n];
            for &u in &tree.order {
                let u = u as usize;
                let children = &tree.children[u];
                let l = layers.place(router, children, lay, row, u)?;
                lay[u] = l as u8;
                tree.senders[u] = u64::from(hosts[u])
                    + children
                        .iter()
                        .map(|&v| tree.senders[v as usize])
                        .sum::<u64>();
                layers.group_use[l] += tree.senders[u];
            }
            check_layering(router, layers.cdgs.iter().map(Cdg::steps).sum(), max_steps)?;
        }
        let Layers {
            cdgs,
            mut group_use,
            ..
        } = layers;
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

/// Refuses a router whose routes cannot be kept by destination: on too many switches, or with
/// VC classes of its own.
fn check_router(router: &dyn Router) -> Result<()> {
    let n = router.topology().switch_count();
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
    Ok(())
}

/// One destination's next-hop tree, made again for each destination in the same vectors: each
/// switch's next switch on it (`u32::MAX`: not on it), its hops to the destination, the hosts
/// whose routes pass it, the tree's switches leaves first and each one's children.
struct Tree {
    to: Vec<u32>,
    hops: Vec<u32>,
    senders: Vec<u64>,
    order: Vec<u32>,
    children: Vec<Vec<u32>>,
    path: Vec<usize>,
}

impl Tree {
    fn new(n: usize) -> Self {
        Tree {
            to: vec![u32::MAX; n],
            hops: vec![u32::MAX; n],
            senders: vec![0; n],
            order: Vec::with_capacity(n),
            children: vec![Vec::new(); n],
            path: Vec::new(),
        }
    }

    /// The tree of destination `d`: each host's route followed until it meets one already
    /// known, its channels written into `row` (`row[at]`: the channel taken at `at`), then its
    /// switches ordered leaves first.
    fn follow(
        &mut self,
        router: &dyn Router,
        links: &OutChannels,
        hosts: &[bool],
        d: usize,
        row: &mut [u32],
    ) -> Result<()> {
        let n = hosts.len();
        let dst = SwitchId::new(d);
        self.to.fill(u32::MAX);
        self.hops.fill(u32::MAX);
        self.hops[d] = 0;
        for s in (0..n).filter(|&s| hosts[s] && s != d) {
            let mut at = s;
            self.path.clear();
            while self.hops[at] == u32::MAX {
                if self.path.len() > n {
                    return Err(Error::routing(
                        router.name(),
                        format!("the route from switch {s} to switch {d} does not arrive"),
                    ));
                }
                let here = SwitchId::new(at);
                let hop = router.next(here, &mut Header::new(here, dst))?;
                row[at] = links.to(router.name(), here, hop.next)?;
                self.to[at] = hop.next.0;
                self.path.push(at);
                at = hop.next.index();
            }
            for (i, &u) in self.path.iter().rev().enumerate() {
                self.hops[u] = self.hops[at] + 1 + i as u32;
            }
        }
        self.order.clear();
        let to = &self.to;
        self.order
            .extend((0..n as u32).filter(|&u| to[u as usize] != u32::MAX));
        let hops = &self.hops;
        crate::sort::by_key(&mut self.order, |&u| std::cmp::Reverse(hops[u as usize]));
        for c in &mut self.children {
            c.clear();
        }
        for &u in &self.order {
            self.children[self.to[u as usize] as usize].push(u);
        }
        Ok(())
    }
}

/// The layers so far: each one's channel dependency graph, and the hops its routes take
/// (`DestinationRoutes::group_use`), over a network of `channels` channels.
struct Layers {
    cdgs: Vec<Cdg>,
    group_use: Vec<u64>,
    channels: usize,
}

impl Layers {
    /// The layer of switch `u`'s channel on a tree (`row[u]`): the highest of its `children`'s
    /// (their layers in `lay`), or the first above it where the turns from theirs into it close
    /// no cycle; a new layer is opened when none does.
    fn place(
        &mut self,
        router: &dyn Router,
        children: &[u32],
        lay: &[u8],
        row: &[u32],
        u: usize,
    ) -> Result<usize> {
        let mut l = children.iter().map(|&v| lay[v as usize]).max().unwrap_or(0) as usize;
        loop {
            if l == self.cdgs.len() {
                if l == MAX_LAYERS {
                    return Err(Error::routing(
                        router.name(),
                        format!("more than {MAX_LAYERS} layers for deadlock freedom"),
                    ));
                }
                self.cdgs.push(Cdg::new(self.channels));
                self.group_use.push(0);
            }
            let cdg = &mut self.cdgs[l];
            let mut added = 0;
            let fits = children
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
                return Ok(l);
            }
            for _ in 0..added {
                cdg.remove_newest();
            }
            l += 1;
        }
    }
}

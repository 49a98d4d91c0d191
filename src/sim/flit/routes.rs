//! Routes for the flit simulator and their virtual-channel groups (paper 002 §VI-C: "assign
//! traffics to multiple virtual channels", after LASH-TOR). Every router of the registry is
//! oblivious and deterministic, so the hop-by-hop walk of `Router::next` from a source switch
//! to a destination switch is the same for every packet of that pair: up to `MAX_SIM_SWITCHES`
//! it is walked once per pair here and the simulator follows it, hop by hop, with the VC class
//! the router asked for at each hop (`RouteTable`). Above, routers with a compact form (DOR,
//! dual-plane: deadlock-free with their own classes) are asked at each head flit instead, and
//! nothing is kept per pair (`Routes::Compact`, up to `MAX_SIM_ROUTERS`).
//!
//! Deadlock freedom: a packet holds a channel's VC while it waits for the next one, so a cycle
//! in the channel dependency graph (CDG) can deadlock. Routers that need classes say so
//! (`Router::vc_classes`: DOR's dateline classes on tori); on top of them, the routes are put
//! in layers as LASH-TOR does (Skeie et al., "transition-oriented" LASH; paper 002's ACRO [25]
//! is built on it): each layer has its own CDG — nodes (channel, class), an edge for each turn
//! a route takes inside the layer — kept acyclic, and a route may move up to the next layer at
//! a turn that would close a cycle in its present one. Turns only ever go to the same or a
//! higher layer, so a cycle could only lie inside one layer, and none does. Route by route,
//! longest first, every route starts in layer 0 and moves up only where it must. Whole-route
//! layers (plain LASH) needed 11 layers for LOREN on LRT(256,4,4) at t_max 42; transitions and
//! the longest-first order need 4, the VCs of paper 002's Table II. Layers × classes VC groups share a
//! channel's VCs evenly; a configuration needing more groups than VCs is refused with the
//! number it needs.

use crate::model::{SwitchId, Topology};
use crate::routing::{CompactRouter, Header, Router};
use crate::{Error, Result};

/// Most routers the flit simulator takes: its route table holds every pair, and layering them
/// takes 3 s at 529 routers (LOREN on LRT(529,4,6)) but 49 s at 1,024.
pub const MAX_SIM_SWITCHES: usize = 576;

/// How the simulator finds each packet's next channel: every pair's route walked once and put
/// in LASH-TOR layers (`RouteTable`, for routers that need them, up to `MAX_SIM_SWITCHES`), or,
/// for routers with a compact form (`Router::compact`: DOR, dual-plane), the router's own
/// decision at each head flit — nothing kept per pair, so a network of thousands of routers
/// costs what its buffers cost. A network within `MAX_SIM_SWITCHES` always takes the table, so
/// the numbers of every network that ran before stay what they were.
pub enum Routes {
    Table(RouteTable),
    Compact(CompactRoutes),
}

/// A compact router with the out-channels of every switch by neighbour.
pub struct CompactRoutes {
    rule: Box<dyn CompactRouter>,
    classes: usize,
    /// Per switch (flat, `offsets`): (neighbour, channel) over its links, first link first.
    offsets: Vec<u32>,
    out: Vec<(u32, u32)>,
}

impl Routes {
    /// The table for networks within `MAX_SIM_SWITCHES` or routers without a compact form, else
    /// the router's compact form (at most `max_groups` VC groups either way).
    pub fn new(router: &dyn Router, max_groups: usize) -> Result<Self> {
        // the compact form is asked for only where it is used (it clones the router's state)
        let compact = (router.topology().switch_count() > MAX_SIM_SWITCHES)
            .then(|| router.compact())
            .flatten();
        match compact {
            Some(rule) => Self::hop_by_hop(router, rule, max_groups),
            None => RouteTable::new(router, max_groups).map(Routes::Table),
        }
    }

    /// Routes decided at each head flit by `rule`, the compact form of `router`.
    pub(crate) fn hop_by_hop(
        router: &dyn Router,
        rule: Box<dyn CompactRouter>,
        max_groups: usize,
    ) -> Result<Self> {
        let topo = router.topology();
        let classes = usize::from(router.vc_classes().max(1));
        if classes > max_groups {
            return Err(Error::invalid(
                "vcs",
                format!("{} needs {classes} virtual-channel classes for deadlock freedom, but only {max_groups} virtual channels are given: use at least {classes}", router.name()),
            ));
        }
        let mut offsets = vec![0u32];
        let mut out = Vec::with_capacity(topo.channel_count());
        for s in 0..topo.switch_count() {
            let s = SwitchId::new(s);
            for next in topo.neighbors(s) {
                let channel = topo
                    .channel_between(s, next)
                    .expect("a neighbour is linked");
                out.push((next.0, channel.0));
            }
            offsets.push(out.len() as u32);
        }
        Ok(Routes::Compact(CompactRoutes {
            rule,
            classes,
            offsets,
            out,
        }))
    }

    /// VC groups the routes use (layers × the router's classes).
    pub fn groups(&self) -> usize {
        match self {
            Routes::Table(t) => t.groups,
            Routes::Compact(c) => c.classes,
        }
    }

    /// LASH-TOR layers (1 for a compact router: it needs none).
    pub fn layers(&self) -> usize {
        match self {
            Routes::Table(t) => t.layers,
            Routes::Compact(_) => 1,
        }
    }

    /// Each group's VCs on every channel, (first VC, count): shared by use for a table, evenly
    /// among a compact router's classes (its routes are not walked, so their use is not known).
    pub fn vc_ranges(&self, vcs: usize) -> Vec<(u16, u16)> {
        match self {
            Routes::Table(t) => t.vc_ranges(vcs),
            Routes::Compact(c) => share_vcs(&vec![1; c.classes], vcs),
        }
    }

    /// As `RouteTable::entry`.
    pub fn entry(&self, s: u32, d: u32, alternate: bool) -> (u32, u32, bool) {
        match self {
            Routes::Table(t) => t.entry(s, d, alternate),
            Routes::Compact(c) => {
                let pick = |alternate| c.rule.entry(SwitchId(s), SwitchId(d), alternate);
                let ((a, b), (x, y)) = (pick(false), pick(true));
                let tie = (a, b) != (x, y);
                let (a, b) = if alternate { (x, y) } else { (a, b) };
                (a.0, b.0, tie)
            }
        }
    }

    /// The next hop of a packet that entered at switch `src`, is at switch `at` after `hop`
    /// hops and goes to switch `dst`, with its router state: `None` at its destination.
    #[inline]
    pub(crate) fn step(
        &self,
        src: u32,
        at: u32,
        dst: u32,
        hop: u16,
        state: &mut u32,
    ) -> Result<Option<RouteHop>> {
        match self {
            Routes::Table(t) => Ok(t
                .route(src as usize, dst as usize)
                .get(usize::from(hop))
                .copied()),
            Routes::Compact(_) if at == dst => Ok(None),
            Routes::Compact(c) => {
                let mut header = Header {
                    src: SwitchId(src),
                    dst: SwitchId(dst),
                    state: *state,
                };
                let hop = c.rule.next(SwitchId(at), &mut header)?;
                *state = header.state;
                let links =
                    &c.out[c.offsets[at as usize] as usize..c.offsets[at as usize + 1] as usize];
                let channel = links
                    .iter()
                    .find(|l| l.0 == hop.next.0)
                    .map(|l| l.1)
                    .ok_or_else(|| {
                        Error::routing(
                            "compact",
                            format!("switches {at} and {} are not linked", hop.next.0),
                        )
                    })?;
                Ok(Some(RouteHop {
                    channel,
                    group: u16::from(hop.vc_class),
                }))
            }
        }
    }

    /// The table, when the routes are one (the channel-load bound walks it).
    pub fn table(&self) -> Option<&RouteTable> {
        match self {
            Routes::Table(t) => Some(t),
            Routes::Compact(_) => None,
        }
    }
}

/// Most routers of a network whose routes are decided hop by hop (`Routes::Compact`): 16,384
/// natively, 4,096 in the page (a browser tab's memory and a worker's speed).
pub const MAX_SIM_ROUTERS: usize = if cfg!(target_arch = "wasm32") {
    4096
} else {
    16_384
};

/// One hop of a route: the channel taken and its VC group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RouteHop {
    pub channel: u32,
    pub group: u16,
}

/// Every switch pair's route, flat, with the VC groups they use.
#[derive(Debug, Clone)]
pub struct RouteTable {
    n: usize,
    offsets: Vec<u32>,
    hops: Vec<RouteHop>,
    /// VC groups the routes use (layers × the router's classes).
    pub groups: usize,
    /// LASH-TOR layers.
    pub layers: usize,
    /// Hops in each group (how a run shares its VCs among the groups, `vc_ranges`).
    pub group_use: Vec<u64>,
    /// For routers that choose where a packet enters (`Router::entry`: dual planes), the two
    /// entries of every home pair (s·n + d): [s, d] plainly and [s, d] alternated; empty when
    /// every entry is the home pair.
    entries: Vec<[u32; 4]>,
}

impl RouteTable {
    /// Walk every pair of switches with endpoints with `router` and layer the routes (at most
    /// `max_groups` groups).
    pub fn new(router: &dyn Router, max_groups: usize) -> Result<Self> {
        let topo = router.topology();
        let n = topo.switch_count();
        if n > MAX_SIM_SWITCHES {
            return Err(Error::TooLarge {
                what: "the switch count for the flit simulator".into(),
                value: n,
                limit: MAX_SIM_SWITCHES,
                hint: "cycle-level simulation keeps every pair's route; choose a smaller network"
                    .into(),
            });
        }
        let classes = usize::from(router.vc_classes().max(1));
        let mut offsets = Vec::with_capacity(n * n + 1);
        let mut hops: Vec<RouteHop> = Vec::new();
        offsets.push(0);
        // only switches with endpoints send and receive (up*/down* routes leaf to leaf)
        // the pairs walked: where packets between home switches enter and leave, both ways
        // of a tie (the home pair itself for every router but dual-plane)
        let hosts: Vec<bool> = topo.endpoints_per_switch().iter().map(|&e| e > 0).collect();
        let mut wanted = vec![false; n * n];
        let mut entries = vec![[0u32; 4]; n * n];
        let mut chooses = false;
        for s in (0..n).filter(|&s| hosts[s]) {
            for d in (0..n).filter(|&d| hosts[d]) {
                let (a, b) = router.entry(SwitchId::new(s), SwitchId::new(d), false);
                let (c, e) = router.entry(SwitchId::new(s), SwitchId::new(d), true);
                entries[s * n + d] = [a.0, b.0, c.0, e.0];
                chooses |= (a.index(), b.index(), c.index(), e.index()) != (s, d, s, d);
                wanted[a.index() * n + b.index()] = true;
                wanted[c.index() * n + e.index()] = true;
            }
        }
        if !chooses {
            entries = Vec::new();
        }
        for s in 0..n {
            for d in 0..n {
                if wanted[s * n + d] {
                    walk(router, topo, s, d, &mut hops)?;
                }
                offsets.push(hops.len() as u32);
            }
        }
        let nodes = |i: usize| -> Vec<usize> {
            hops[offsets[i] as usize..offsets[i + 1] as usize]
                .iter()
                .map(|h| h.channel as usize * classes + usize::from(h.group))
                .collect()
        };
        let mut layering = Layering::new(topo.channel_count() * classes);
        let mut placed: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        for i in route_order(&offsets) {
            placed[i] = layering.place(&nodes(i));
        }
        let layers = layering.layers.len().max(1);
        for (i, layers) in placed.iter().enumerate() {
            let route = &mut hops[offsets[i] as usize..offsets[i + 1] as usize];
            for (h, &layer) in route.iter_mut().zip(layers) {
                h.group += (layer * classes) as u16;
            }
        }
        let groups = layers * classes;
        if groups > max_groups {
            return Err(Error::invalid(
                "vcs",
                format!(
                    "{} on this topology needs {groups} virtual-channel groups for deadlock freedom ({layers} layer(s) × {classes} class(es)), but only {max_groups} virtual channels are given: use at least {groups}",
                    router.name()
                ),
            ));
        }
        let mut use_per_group = vec![0u64; groups];
        for h in &hops {
            use_per_group[usize::from(h.group)] += 1;
        }
        Ok(RouteTable {
            n,
            offsets,
            hops,
            groups,
            layers,
            group_use: use_per_group,
            entries,
        })
    }

    /// Every route in VC group 0, deadlock-prone on purpose (tests of the deadlock detector).
    #[cfg(test)]
    pub(crate) fn force_single_group(&mut self) {
        for h in &mut self.hops {
            h.group = 0;
        }
        (self.groups, self.layers) = (1, 1);
        self.group_use = vec![self.hops.len() as u64];
    }

    /// Each group's VCs on every channel, (first VC, count), when a channel has `vcs` VCs
    /// (at least one per group: `vcs` ≥ `groups`).
    pub fn vc_ranges(&self, vcs: usize) -> Vec<(u16, u16)> {
        share_vcs(&self.group_use, vcs)
    }

    /// Where a packet between the home switches `s` and `d` enters and leaves (alternated or
    /// not), and whether the two ways differ (a tie the caller alternates).
    pub fn entry(&self, s: u32, d: u32, alternate: bool) -> (u32, u32, bool) {
        match self.entries.get(s as usize * self.n + d as usize) {
            Some(&[a, b, c, e]) => {
                let tie = (a, b) != (c, e);
                if alternate {
                    (c, e, tie)
                } else {
                    (a, b, tie)
                }
            }
            None => (s, d, false),
        }
    }

    /// The hops from switch `s` to switch `d`.
    #[inline]
    pub fn route(&self, s: usize, d: usize) -> &[RouteHop] {
        let i = s * self.n + d;
        &self.hops[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }
}

/// `vcs` VCs shared among groups by how many hops use each (largest remainder, at least one
/// each): most routes start in layer 0 and stay there, so an even split left the busiest
/// group one VC while a layer a few routes reach held as many. A VC carries a packet only
/// every other cycle or so once allocation is counted (BookSim's IQ router the same: mesh 8×8
/// with one VC saturates at 0.14 in both), so the VCs a group gets bound its throughput.
fn share_vcs(uses: &[u64], vcs: usize) -> Vec<(u16, u16)> {
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

/// The order routes are layered in: longest first (ties in (source, destination) order). Long
/// routes have the most turns to fit, so they take the low layers while those are empty; in
/// (source, destination) order LOREN on LRT(256,4,4) at t_max 42 needed 5 layers, longest
/// first 4 (Cowen 4 → 3).
/// (Shuffling the ties with eight seeds did not find fewer layers for LOREN or Cowen on
/// LRT(256,4,4).)
fn route_order(offsets: &[u32]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..offsets.len() - 1).collect();
    crate::sort::by_key(&mut order, |&i| {
        std::cmp::Reverse(offsets[i + 1] - offsets[i])
    });
    order
}

/// The router's walk from `s` to `d`, appended to `out` (an error if it does not arrive).
fn walk(
    router: &dyn Router,
    topo: &Topology,
    s: usize,
    d: usize,
    out: &mut Vec<RouteHop>,
) -> Result<()> {
    let limit = topo.switch_count() * 4 + 16;
    let mut header = Header::new(SwitchId::new(s), SwitchId::new(d));
    let mut at = SwitchId::new(s);
    let mut steps = 0;
    while at.index() != d {
        let hop = router.next(at, &mut header)?;
        let channel = topo.channel_between(at, hop.next).ok_or_else(|| {
            Error::routing(
                router.name(),
                format!("switches {} and {} are not linked", at.0, hop.next.0),
            )
        })?;
        out.push(RouteHop {
            channel: channel.0,
            group: u16::from(hop.vc_class),
        });
        at = hop.next;
        steps += 1;
        if steps > limit {
            return Err(Error::routing(
                router.name(),
                format!("the route from switch {s} to switch {d} does not arrive"),
            ));
        }
    }
    Ok(())
}

/// LASH-TOR layers: one channel dependency graph per layer, each kept acyclic.
struct Layering {
    nodes: usize,
    layers: Vec<Cdg>,
}

impl Layering {
    fn new(nodes: usize) -> Self {
        Layering {
            nodes,
            layers: Vec::new(),
        }
    }

    /// The layer of each hop of `route` (CDG nodes): layer 0 from the start, one layer up at
    /// each turn that would close a cycle where the route is.
    fn place(&mut self, route: &[usize]) -> Vec<usize> {
        let mut at = 0;
        let mut out = Vec::with_capacity(route.len());
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
        out
    }
}

/// A channel dependency graph: successor lists, edges added only while it stays acyclic.
struct Cdg {
    next: Vec<Vec<u32>>,
    seen: Vec<u32>,
    stamp: u32,
}

impl Cdg {
    fn new(nodes: usize) -> Self {
        Cdg {
            next: vec![Vec::new(); nodes],
            seen: vec![0; nodes],
            stamp: 0,
        }
    }

    /// Add the turn `a` → `b` unless it closes a cycle; true when it is (or was) an edge.
    fn try_add(&mut self, a: usize, b: usize) -> bool {
        let b32 = b as u32;
        if self.next[a].contains(&b32) {
            return true;
        }
        if self.reaches(b, a) {
            return false;
        }
        self.next[a].push(b32);
        true
    }

    /// True when `to` is reachable from `from` (depth-first).
    fn reaches(&mut self, from: usize, to: usize) -> bool {
        if from == to {
            return true;
        }
        self.stamp += 1;
        let stamp = self.stamp;
        let mut stack = vec![from];
        self.seen[from] = stamp;
        while let Some(u) = stack.pop() {
            for &v in &self.next[u] {
                let v = v as usize;
                if v == to {
                    return true;
                }
                if self.seen[v] != stamp {
                    self.seen[v] = stamp;
                    stack.push(v);
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::RouterSpec;
    use crate::topology::build;

    fn groups(topo: &str, routing: &str) -> Result<(usize, usize)> {
        let t = build(topo).unwrap();
        let r = RouterSpec::parse(routing).unwrap().build(&t)?;
        let table = RouteTable::new(r.as_ref(), 64)?;
        Ok((table.layers, table.groups))
    }

    #[test]
    fn vcs_are_shared_by_use() {
        assert_eq!(share_vcs(&[90, 10], 4), vec![(0, 3), (3, 1)]);
        assert_eq!(share_vcs(&[50, 50], 4), vec![(0, 2), (2, 2)]);
        assert_eq!(
            share_vcs(&[5, 3, 1, 1], 4),
            vec![(0, 1), (1, 1), (2, 1), (3, 1)]
        );
        assert_eq!(share_vcs(&[1], 8), vec![(0, 8)]);
        assert_eq!(share_vcs(&[80, 15, 5], 8), vec![(0, 5), (5, 2), (7, 1)]);
    }

    #[test]
    fn dor_on_a_mesh_and_updown_need_one_layer() {
        assert_eq!(groups("mesh:8x8", "dor").unwrap(), (1, 1));
        assert_eq!(groups("fattree:4:3", "updown").unwrap(), (1, 1));
        // DOR's dateline classes on a torus: one layer of two classes
        assert_eq!(groups("torus:4x4", "dor").unwrap(), (1, 2));
    }

    #[test]
    fn shortest_on_a_ring_needs_two_layers_and_too_few_vcs_are_refused() {
        let (layers, _) = groups("torus:8", "shortest").unwrap();
        assert!(layers >= 2, "a ring's shortest paths close a cycle");
        let t = build("torus:8").unwrap();
        let r = RouterSpec::parse("shortest").unwrap().build(&t).unwrap();
        let err = RouteTable::new(r.as_ref(), 1).unwrap_err().to_string();
        assert!(
            err.contains("needs") && err.contains("use at least"),
            "{err}"
        );
    }
}

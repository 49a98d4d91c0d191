//! The per-pair route table (`RouteTable`): every pair's route walked once, each hop with its
//! channel and VC group, in a flat layout the engine reads hop by hop (`RouteHop`,
//! `RoutePos`); and the rule that turns a destination-based router's table into one.

use super::acro::VcAssignment;
use super::cdg::MAX_LAYERING_STEPS;
use super::hop::{RouteHop, NO_CHANNEL, NO_HOP};
use super::layering::{lash_tor, layering_too_long, share_vcs, too_few_vcs, MAX_LAYERS};
use super::limits::MAX_SIM_SWITCHES;
use super::walk::{destination_hops, walk, OutChannels};
use crate::model::SwitchId;
use crate::routing::{CompactRouter, Forwarding, Header, Router, ROUTERS};
use crate::{Error, Result};

/// A packet's place on its route (`Routes::begin`, `Routes::step`): for a table, its next hop's
/// index in the table and its route's end there; for routes decided at each hop, the router's
/// state word (`Header::state`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct RoutePos {
    pub(super) state: u32,
    pub(super) end: u32,
}

impl RoutePos {
    /// The place as one word (kept in an atomic by the engine's packet records).
    pub(crate) fn to_bits(self) -> u64 {
        u64::from(self.state) | u64::from(self.end) << 32
    }

    /// The place `to_bits` gave.
    pub(crate) fn from_bits(bits: u64) -> Self {
        RoutePos {
            state: bits as u32,
            end: (bits >> 32) as u32,
        }
    }
}

/// Every switch pair's route, flat, with the VC groups they use; for a compact router whose
/// routes agree per destination (DOR on a mesh) the routes are kept per switch and destination
/// alone (`by_destination`, `per_pair` false) and read from there (`route`).
#[derive(Debug, Clone)]
pub struct RouteTable {
    pub(super) n: usize,
    pub(super) offsets: Vec<u32>,
    pub(super) hops: Vec<RouteHop>,
    /// VC groups the routes use (layers × the router's classes).
    pub groups: usize,
    /// Deadlock-free layers (LASH-TOR's or ACRO's, `VcAssignment`).
    pub layers: usize,
    /// Hops in each group (how a run shares its VCs among the groups, `vc_ranges`).
    pub group_use: Vec<u64>,
    /// For routers that choose where a packet enters (`Router::entry`: dual planes), the two
    /// entries of every home pair (s·n + d): [s, d] plainly and [s, d] alternated; empty when
    /// every entry is the home pair.
    pub(super) entries: Vec<[u32; 4]>,
    /// Per switch and destination (at·n + d), the hop of every route through that switch to
    /// that destination, when they all agree (`destination_hops`); empty when they do not.
    /// What the simulator reads at each hop: n² hops in place of every pair's route (576
    /// routers under DOR: 2.6 MB against 42 MB, and a miss per hop on the larger).
    pub(super) by_destination: Vec<RouteHop>,
    /// Whether `offsets` and `hops` hold every pair's route: not for a compact router whose
    /// routes agree per destination, read from `by_destination` alone (`route`).
    pub(super) per_pair: bool,
    /// Whether the router splits ties (`Router::splits_ties`): `offsets` then holds every
    /// pair's route twice, plainly (s·n + d) and the other way at a tie (n² + s·n + d).
    pub(super) two_ways: bool,
    /// Per channel, the switch it leads to (walking `by_destination`).
    pub(super) channel_end: Vec<u32>,
}

impl RouteTable {
    /// Walk every pair of switches with endpoints with `router` and layer the routes as
    /// LASH-TOR does (at most `max_groups` groups).
    pub fn new(router: &dyn Router, max_groups: usize) -> Result<Self> {
        Self::with_assignment(router, max_groups, VcAssignment::LashTor)
    }

    /// A table of `n` switches with no route yet, one layer.
    fn empty(n: usize) -> Self {
        RouteTable {
            n,
            offsets: Vec::new(),
            hops: Vec::new(),
            groups: 0,
            layers: 1,
            group_use: Vec::new(),
            entries: Vec::new(),
            by_destination: Vec::new(),
            per_pair: false,
            channel_end: Vec::new(),
            two_ways: false,
        }
    }

    /// Walk every pair of switches with endpoints with `router` and layer the routes by
    /// `assignment` (LASH-TOR, or ACRO: `acro`), at most `max_groups` groups.
    pub fn with_assignment(
        router: &dyn Router,
        max_groups: usize,
        assignment: VcAssignment,
    ) -> Result<Self> {
        let topo = router.topology();
        let n = topo.switch_count();
        check_size(n)?;
        let classes = usize::from(router.vc_classes().max(1));
        let (wanted, entries) = pairs(router, n);
        let links = OutChannels::new(topo);
        let channel_end: Vec<u32> = (0..topo.channel_count())
            .map(|c| topo.channel_ends(crate::model::ChannelId::new(c)).1 .0)
            .collect();
        // a router with a compact form is deadlock-free with its own classes (`CompactRouter`):
        // its routes fit one layer whatever the assignment, so none is searched for (LASH-TOR's
        // search was most of a 576-router DOR run's set-up, 0.18 s of it; the test
        // `compact_routers_need_one_layer` checks the claim)
        let compact = ROUTERS
            .iter()
            .any(|def| def.name == router.name() && def.forwarding == Forwarding::Compact);
        if compact && entries.is_empty() {
            let table = by_destination_rule(router, (&links, &channel_end), &wanted, classes);
            if let Some((next, group_use)) = table {
                if classes > max_groups {
                    let what = format!("groups (1 layer(s) × {classes} class(es))");
                    return Err(too_few_vcs(router, classes, &what, max_groups));
                }
                return Ok(RouteTable {
                    groups: classes,
                    group_use,
                    entries,
                    by_destination: next,
                    channel_end,
                    ..RouteTable::empty(n)
                });
            }
        }
        let two_ways = router.splits_ties();
        let (offsets, mut hops) = walk_pairs(router, &links, &wanted, two_ways)?;
        let layers = if compact {
            1
        } else {
            layer(router, assignment, &offsets, &mut hops, classes)?
        };
        let groups = layers * classes;
        if groups > max_groups {
            let what = format!("groups ({layers} layer(s) × {classes} class(es))");
            return Err(too_few_vcs(router, groups, &what, max_groups));
        }
        // a router's own classes (DOR's datelines) share the VCs evenly, as BookSim's dim_order
        // halves them: a class few hops use still carries whole rings' traffic at the
        // wrap-around links (shared by use, torus 8×8 had 1 VC of 4 in class 1 and saturated
        // at 0.23 where BookSim carries 0.5)
        let use_per_group = if compact {
            vec![1; groups]
        } else {
            group_use(&hops, groups)
        };
        let by_destination = if two_ways {
            Vec::new()
        } else {
            destination_hops(topo, &offsets, &hops)
        };
        Ok(RouteTable {
            n,
            by_destination,
            offsets,
            hops,
            groups,
            layers,
            group_use: use_per_group,
            entries,
            per_pair: true,
            channel_end,
            two_ways,
        })
    }

    /// Where the route from `s` to `d` is listed in `offsets` (the other way at a tie where
    /// the table keeps both).
    #[inline]
    pub(super) fn route_index(&self, s: usize, d: usize, other_way: bool) -> usize {
        let variant = usize::from(other_way && self.two_ways);
        variant * self.n * self.n + s * self.n + d
    }

    /// Every route in VC group 0, deadlock-prone on purpose (tests of the deadlock detector).
    #[cfg(test)]
    pub(crate) fn force_single_group(&mut self) {
        for h in self.hops.iter_mut().chain(&mut self.by_destination) {
            h.group = 0;
        }
        (self.groups, self.layers) = (1, 1);
        self.group_use = vec![self.group_use.iter().sum()];
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

    /// The hops from switch `s` to switch `d` (none for a pair no packet goes between; read
    /// from the destination's hops where the table keeps no pair's route, so there a switch
    /// without endpoints has the route its destination's hops give).
    #[inline]
    pub fn route(&self, s: usize, d: usize) -> impl Iterator<Item = RouteHop> + '_ {
        self.route_way(s, d, false)
    }

    /// As `route`, the other way at a tie where the router splits ties.
    #[inline]
    pub fn route_way(
        &self,
        s: usize,
        d: usize,
        other_way: bool,
    ) -> impl Iterator<Item = RouteHop> + '_ {
        let listed: &[RouteHop] = if self.per_pair {
            let i = self.route_index(s, d, other_way);
            &self.hops[self.offsets[i] as usize..self.offsets[i + 1] as usize]
        } else {
            &[]
        };
        let mut at = if self.per_pair { d } else { s };
        let followed = std::iter::from_fn(move || {
            let hop = *self
                .by_destination
                .get(at * self.n + d)
                .filter(|_| at != d)?;
            at = *self.channel_end.get(hop.channel as usize)? as usize;
            Some(hop)
        });
        listed.iter().copied().chain(followed)
    }

    /// Whether the table keeps every pair's route (else it reads them per destination).
    pub(crate) fn per_pair(&self) -> bool {
        self.per_pair
    }

    /// For a table read per destination: per channel, the sum of `weight[s]·weight[d]` over
    /// the ordered switch pairs (s, d), s ≠ d, whose route (`route`) takes it. The routes to one
    /// destination form a tree (each switch has one hop towards it), so each destination costs
    /// a pass over the switches, leaves first, each switch handing on what came through it
    /// (Kahn's order on the tree): n² steps, where walking every pair's route took n² × its
    /// length (at 576 routers under DOR, 10.6 M hops and two-thirds of a run's set-up).
    /// Integers, so the sums are exact whatever the order. A switch whose hop leads nowhere
    /// ends the routes through it there, as `route` does. (Not petgraph's `toposort`: a graph
    /// built per destination would cost more than the pass it orders.)
    pub(crate) fn destination_flows(&self, weight: &[u64]) -> Vec<u64> {
        debug_assert!(
            !self.per_pair,
            "only a table read per destination is a tree per destination"
        );
        let n = self.n;
        let mut load = vec![0u64; self.channel_end.len()];
        let mut next = vec![NO_CHANNEL; n];
        let mut into = vec![0u32; n];
        let mut flow = vec![0u64; n];
        let mut ready = Vec::with_capacity(n);
        for d in (0..n).filter(|&d| weight[d] > 0) {
            into.fill(0);
            for at in (0..n).filter(|&at| at != d) {
                let hop = self.by_destination[at * n + d];
                next[at] = match self.channel_end.get(hop.channel as usize) {
                    Some(&end) => {
                        into[end as usize] += 1;
                        hop.channel
                    }
                    None => NO_CHANNEL,
                };
                flow[at] = weight[at];
            }
            // the leaves first; a switch is handed on once every switch routing through it was
            // (the destination, and switches on a loop no route from a weighted source takes,
            // are never handed on)
            ready.clear();
            ready.extend((0..n as u32).filter(|&at| at as usize != d && into[at as usize] == 0));
            while let Some(at) = ready.pop() {
                let (at, channel) = (at as usize, next[at as usize]);
                if channel == NO_CHANNEL {
                    continue; // a hop leading nowhere: the routes through here end here
                }
                let end = self.channel_end[channel as usize] as usize;
                if flow[at] > 0 {
                    load[channel as usize] += flow[at] * weight[d];
                    flow[end] += flow[at];
                }
                into[end] -= 1;
                if into[end] == 0 && end != d {
                    ready.push(end as u32);
                }
            }
        }
        load
    }
}

/// The per-pair table's size limit: `n` switches within `MAX_SIM_SWITCHES`.
fn check_size(n: usize) -> Result<()> {
    if n > MAX_SIM_SWITCHES {
        return Err(Error::TooLarge {
            what: "the switch count for the flit simulator".into(),
            value: n,
            limit: MAX_SIM_SWITCHES,
            hint: "cycle-level simulation keeps every pair's route; choose a smaller network"
                .into(),
        });
    }
    Ok(())
}

/// Every wanted pair's route walked (`wanted`, s·n + d), the other way of a tie too where the
/// router splits ties (`two_ways`): the routes' offsets (one per pair, walked or not, per way)
/// and their hops.
fn walk_pairs(
    router: &dyn Router,
    links: &OutChannels,
    wanted: &[bool],
    two_ways: bool,
) -> Result<(Vec<u32>, Vec<RouteHop>)> {
    let topo = router.topology();
    let n = topo.switch_count();
    let mut offsets = Vec::with_capacity(n * n + 1);
    let mut hops: Vec<RouteHop> = Vec::new();
    offsets.push(0);
    for other_way in [false, true].into_iter().take(1 + usize::from(two_ways)) {
        for s in 0..n {
            for d in 0..n {
                if wanted[s * n + d] {
                    walk(router, topo, links, s, d, other_way, &mut hops)?;
                }
                offsets.push(hops.len() as u32);
            }
        }
    }
    Ok((offsets, hops))
}

/// How many hops use each of `groups` VC groups (a channel's VCs are shared by use).
fn group_use(hops: &[RouteHop], groups: usize) -> Vec<u64> {
    let mut use_per_group = vec![0u64; groups];
    for h in hops {
        use_per_group[usize::from(h.group)] += 1;
    }
    use_per_group
}

/// The pairs of home switches whose routes are walked (`wanted`, s·n + d: where packets
/// between switches with endpoints enter and leave the network, both ways of a tie) and each
/// home pair's entries (the pairs walked for it, both ways); no entries where every router
/// entry is the home pair itself (every router but dual-plane).
fn pairs(router: &dyn Router, n: usize) -> (Vec<bool>, Vec<[u32; 4]>) {
    // only switches with endpoints send and receive (up*/down* routes leaf to leaf)
    let topo = router.topology();
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
    (wanted, entries)
}

/// A compact router's routes as one table by switch and destination, where its rule says they
/// depend on the destination alone (DOR on a mesh) and it has one class: asked once per switch
/// and destination, that table is all a run reads (with its one group's use). None otherwise,
/// or where the rule fails: the walk of every pair names the failure.
fn by_destination_rule(
    router: &dyn Router,
    (links, channel_end): (&OutChannels, &[u32]),
    wanted: &[bool],
    classes: usize,
) -> Option<(Vec<RouteHop>, Vec<u64>)> {
    let n = router.topology().switch_count();
    match router.compact() {
        Some(rule) if rule.by_destination() && classes == 1 => {
            destination_rule_table(rule.as_ref(), router.name(), links, n, wanted, channel_end)
                .map(|(next, hops)| (next, vec![hops]))
        }
        _ => None,
    }
}

/// The deadlock-free layers of the per-pair routes (`offsets`, `hops`) by `assignment`: LASH-
/// TOR's, or ACRO's (`acro`), each hop's group raised by its layer × the router's `classes`;
/// their number.
fn layer(
    router: &dyn Router,
    assignment: VcAssignment,
    offsets: &[u32],
    hops: &mut [RouteHop],
    classes: usize,
) -> Result<usize> {
    let channels = router.topology().channel_count();
    let Some(order) = assignment.acro_order() else {
        return lash_tor(router, offsets, hops, channels, classes);
    };
    let nodes: Vec<u32> = hops
        .iter()
        .map(|h| h.channel * classes as u32 + u32::from(h.group))
        .collect();
    let acro = super::acro::assign(offsets, &nodes, channels * classes, order, MAX_LAYERS)
        .map_err(|stop| match stop {
            super::acro::AcroStop::Steps => layering_too_long(router, MAX_LAYERING_STEPS),
            super::acro::AcroStop::Layers => Error::routing(
                router.name(),
                format!("more than {MAX_LAYERS} layers for deadlock freedom"),
            ),
        })?;
    for (h, &layer) in hops.iter_mut().zip(&acro.layer) {
        h.group += layer * classes as u16;
    }
    Ok(acro.layers)
}

/// The per-destination table of a compact rule whose hops depend on the destination alone
/// (`CompactRouter::by_destination`, one class), asked once per switch and destination (n²
/// questions, where walking every pair asks once per hop of every route: 331,000 against 5.3 M
/// at 576 routers under DOR), and the hops of the routes between the pairs of `wanted` (what
/// walking them would count). `None` when a question fails or a route from a wanted source
/// does not arrive: the caller then walks the pairs, which names the failure.
pub(super) fn destination_rule_table(
    rule: &dyn CompactRouter,
    name: &str,
    links: &OutChannels,
    n: usize,
    wanted: &[bool],
    channel_end: &[u32],
) -> Option<(Vec<RouteHop>, u64)> {
    pub(super) const UNKNOWN: u32 = u32::MAX;
    let mut next = vec![NO_HOP; n * n];
    for at in 0..n {
        for d in (0..n).filter(|&d| d != at) {
            let mut header = Header::new(SwitchId::new(at), SwitchId::new(d));
            let hop = rule.next(SwitchId::new(at), &mut header).ok()?;
            if hop.vc_class != 0 {
                return None;
            }
            let channel = links.to(name, SwitchId::new(at), hop.next).ok()?;
            next[at * n + d] = RouteHop { channel, group: 0 };
        }
    }
    // each wanted route's length, from the switches' distances to its destination (each
    // found once, following the hops until a known one; a chain longer than n is a loop)
    let mut hops = 0u64;
    let mut depth = vec![UNKNOWN; n];
    let mut chain = Vec::new();
    for d in 0..n {
        depth.fill(UNKNOWN);
        depth[d] = 0;
        for s in (0..n).filter(|&s| wanted[s * n + d]) {
            chain.clear();
            let mut at = s;
            while depth[at] == UNKNOWN {
                if chain.len() >= n {
                    return None;
                }
                chain.push(at);
                at = channel_end[next[at * n + d].channel as usize] as usize;
            }
            let mut k = depth[at];
            for &x in chain.iter().rev() {
                k += 1;
                depth[x] = k;
            }
            hops += u64::from(depth[s]);
        }
    }
    Some((next, hops))
}

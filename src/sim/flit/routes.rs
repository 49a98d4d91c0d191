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
//! the longest-first order need 4, the VCs of paper 002's Table II. The per-pair table can take
//! ACRO's layers instead (`VcAssignment`, module `acro`: from each route's end backward, down a
//! layer where a turn would close a cycle; 3 layers there). Layers × classes VC groups share a
//! channel's VCs by use; a configuration needing more groups than VCs is refused with the
//! number it needs.

use super::cdg::{Cdg, Turn, MAX_LAYERING_STEPS};
use super::VcAssignment;
use crate::model::{SwitchId, Topology};
use crate::routing::{CompactRouter, Forwarding, Header, Router, ROUTERS};
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
    ByDestination(DestinationRoutes),
}

/// A compact router with the out-channels of every switch by neighbour.
pub struct CompactRoutes {
    rule: Box<dyn CompactRouter>,
    classes: usize,
    links: OutChannels,
}

impl Routes {
    /// The table for networks within `MAX_SIM_SWITCHES` or routers without a compact form, else
    /// the router's compact form (at most `max_groups` VC groups either way), the table layered
    /// as LASH-TOR does.
    pub fn new(router: &dyn Router, max_groups: usize) -> Result<Self> {
        Self::with_assignment(router, max_groups, VcAssignment::LashTor)
    }

    /// As `new`, the table layered by `assignment`; ACRO is refused (naming `vc_assignment`)
    /// where the routes are not kept per pair (`check_assignment`).
    pub fn with_assignment(
        router: &dyn Router,
        max_groups: usize,
        assignment: VcAssignment,
    ) -> Result<Self> {
        let n = router.topology().switch_count();
        if router.draws_ways() {
            // a way per packet: no table holds them, the hops are decided as the packet goes
            let rule = router.compact().ok_or_else(|| {
                Error::routing(
                    router.name(),
                    "draws its ways per packet but has no compact form",
                )
            })?;
            if assignment.acro_order().is_some() {
                return Err(Error::invalid(
                    "vc_assignment",
                    format!(
                        "{} layers every pair's route, but {} draws each packet's way as it goes: use lash-tor (its one class needs no layers)",
                        assignment.label(),
                        router.name()
                    ),
                ));
            }
            return Self::hop_by_hop(router, rule, max_groups);
        }
        if n <= MAX_SIM_SWITCHES {
            return RouteTable::with_assignment(router, max_groups, assignment).map(Routes::Table);
        }
        // the compact form is asked for only where it is used (it clones the router's state)
        if let Some(rule) = router.compact() {
            check_assignment(assignment, router.name(), n)?;
            return Self::hop_by_hop(router, rule, max_groups);
        }
        let forwarding = ROUTERS
            .iter()
            .find(|def| def.name == router.name())
            .map(|def| def.forwarding);
        match forwarding {
            Some(Forwarding::ByDestination) => {
                check_assignment(assignment, router.name(), n)?;
                DestinationRoutes::new(router, max_groups).map(Routes::ByDestination)
            }
            _ => RouteTable::with_assignment(router, max_groups, assignment).map(Routes::Table),
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
            return Err(too_few_vcs(router, classes, "classes", max_groups));
        }
        Ok(Routes::Compact(CompactRoutes {
            rule,
            classes,
            links: OutChannels::new(topo),
        }))
    }

    /// VC groups the routes use (layers × the router's classes).
    pub fn groups(&self) -> usize {
        match self {
            Routes::Table(t) => t.groups,
            Routes::Compact(c) => c.classes,
            Routes::ByDestination(r) => r.layers,
        }
    }

    /// Deadlock-free layers (1 for a compact router: it needs none).
    pub fn layers(&self) -> usize {
        match self {
            Routes::Table(t) => t.layers,
            Routes::Compact(_) => 1,
            Routes::ByDestination(r) => r.layers,
        }
    }

    /// Each group's VCs on every channel, (first VC, count): shared by use for a table, evenly
    /// among a compact router's classes (its routes are not walked, so their use is not known).
    pub fn vc_ranges(&self, vcs: usize) -> Vec<(u16, u16)> {
        match self {
            Routes::Table(t) => t.vc_ranges(vcs),
            Routes::Compact(c) => share_vcs(&vec![1; c.classes], vcs),
            Routes::ByDestination(r) => share_vcs(&r.group_use, vcs),
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
            Routes::ByDestination(_) => (s, d, false),
        }
    }

    /// True when the engine should ask ahead for what a head's `step` reads
    /// (`prefetch_step`): a route table beyond a core's caches.
    pub(crate) fn prefetches(&self) -> bool {
        match self {
            Routes::Table(t) => {
                // what `step` reads: the per-destination hops where there are some, else the
                // pairs' routes (in cache, as on 64 routers, asking would cost more than it saves)
                let read = if t.by_destination.is_empty() {
                    &t.hops
                } else {
                    &t.by_destination
                };
                std::mem::size_of_val(&read[..]) > super::PREFETCH_ABOVE
            }
            Routes::Compact(_) | Routes::ByDestination(_) => false,
        }
    }

    /// Asks for what the `step` of a packet at switch `at` going to switch `dst`, at `pos` on
    /// its route, reads (see `prefetches`).
    #[inline]
    pub(crate) fn prefetch_step(&self, at: u32, dst: u32, pos: &RoutePos) {
        if let Routes::Table(t) = self {
            let hop = if t.by_destination.is_empty() {
                t.hops.get(pos.state as usize)
            } else {
                t.by_destination.get(at as usize * t.n + dst as usize)
            };
            if let Some(hop) = hop {
                super::prefetch(hop);
            }
        }
    }

    /// Where a packet from switch `src` to switch `dst` starts on its route (`step`), its
    /// header's first `state`: 0, or with `Header::OTHER_WAY` on the route that takes the other
    /// way at a tie where the router splits ties (`splits_ties`), or `Header::DRAWN` and a
    /// random word where it draws its ways (`draws_ways`).
    #[inline]
    pub(crate) fn begin(&self, src: u32, dst: u32, state: u32) -> RoutePos {
        match self {
            Routes::Table(t) if !t.by_destination.is_empty() => RoutePos { state: 0, end: 0 },
            Routes::Table(t) => {
                let other_way = state & Header::OTHER_WAY != 0;
                let i = t.route_index(src as usize, dst as usize, other_way);
                RoutePos {
                    state: t.offsets[i],
                    end: t.offsets[i + 1],
                }
            }
            // (`state` is only ever set where the router splits ties or draws: the engine asks
            // once, not per packet)
            Routes::Compact(_) => RoutePos { state, end: 0 },
            Routes::ByDestination(_) => RoutePos { state: 0, end: 0 },
        }
    }

    /// Whether every packet draws its way (`Router::draws_ways`): the engine then gives each
    /// a random word from the run's stream.
    pub(crate) fn draws_ways(&self) -> bool {
        match self {
            Routes::Compact(c) => c.rule.draws_ways(),
            Routes::Table(_) | Routes::ByDestination(_) => false,
        }
    }

    /// Whether a packet may take another route than its source's previous one to the same
    /// place (`Router::splits_ties`): the engine then gives `other_way` to every other packet
    /// of a source.
    pub(crate) fn splits_ties(&self) -> bool {
        match self {
            Routes::Table(t) => t.two_ways,
            Routes::Compact(c) => c.rule.splits_ties(),
            Routes::ByDestination(_) => false,
        }
    }

    /// The next hop of a packet that entered at switch `src`, is at switch `at` and goes to
    /// switch `dst`, at `pos` on its route (`begin`, then each step's): `None` at its
    /// destination.
    #[inline]
    pub(crate) fn step(
        &self,
        src: u32,
        at: u32,
        dst: u32,
        pos: &mut RoutePos,
    ) -> Result<Option<RouteHop>> {
        match self {
            Routes::Table(t) if !t.by_destination.is_empty() => {
                Ok((at != dst).then(|| t.by_destination[at as usize * t.n + dst as usize]))
            }
            Routes::Table(t) => {
                if pos.state == pos.end {
                    return Ok(None);
                }
                let hop = t.hops[pos.state as usize];
                pos.state += 1;
                Ok(Some(hop))
            }
            Routes::Compact(_) | Routes::ByDestination(_) if at == dst => Ok(None),
            Routes::ByDestination(r) => Ok(Some(r.hop(at, dst))),
            Routes::Compact(c) => {
                let mut header = Header {
                    src: SwitchId(src),
                    dst: SwitchId(dst),
                    state: pos.state,
                };
                let hop = c.rule.next(SwitchId(at), &mut header)?;
                pos.state = header.state;
                let channel = c.links.to("compact", SwitchId(at), hop.next)?;
                Ok(Some(RouteHop {
                    channel,
                    group: u16::from(hop.vc_class),
                }))
            }
        }
    }

    /// The hops of a table read per switch and destination (`at·n + d`; see
    /// `RouteTable::by_destination`), if it is one: the engine packs them (`Engine::next_local`).
    pub(crate) fn destination_hops(&self) -> Option<&[RouteHop]> {
        match self {
            Routes::Table(t) if !t.by_destination.is_empty() => Some(&t.by_destination),
            _ => None,
        }
    }

    /// The table, when the routes are one (the channel-load bound walks it).
    pub fn table(&self) -> Option<&RouteTable> {
        match self {
            Routes::Table(t) => Some(t),
            Routes::Compact(_) | Routes::ByDestination(_) => None,
        }
    }
}

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

/// Most routers of a network whose routes are decided hop by hop (`Routes::Compact`): 16,384
/// natively, 4,096 in the page (a browser tab's memory and a worker's speed).
pub const MAX_SIM_ROUTERS: usize = if cfg!(target_arch = "wasm32") {
    4096
} else {
    16_384
};

/// Most routers of a network whose router forwards by destination alone
/// (`Forwarding::ByDestination`: LOREN, shortest) above `MAX_SIM_SWITCHES`: its next-hop
/// trees take 4 bytes per switch pair (64 MiB at 4,096), and LOREN's own tables stop there.
pub const MAX_BY_DESTINATION: usize = 4096;

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
    n: usize,
    /// `next[dst·n + at]`: the channel a packet at `at` for `dst` takes (unused at `dst`).
    next: Vec<u32>,
    /// `layer[dst·n + at]`: the layer of that channel for `dst`.
    layer: Vec<u8>,
    layers: usize,
    /// Hops in each layer, over every pair of switches with endpoints (`share_vcs`).
    group_use: Vec<u64>,
}

/// No channel: the destination itself, or a switch no route passes.
const NO_CHANNEL: u32 = u32::MAX;

/// A per-destination table's entry before it is known (`NO_CHANNEL`).
const NO_HOP: RouteHop = RouteHop {
    channel: NO_CHANNEL,
    group: 0,
};

/// Most layers `DestinationRoutes` (a channel's layer is a byte) and ACRO build.
const MAX_LAYERS: usize = 64;

impl DestinationRoutes {
    /// Every destination's next-hop tree from `router` (checked: every route arrives), layered
    /// (at most `max_groups` layers).
    pub fn new(router: &dyn Router, max_groups: usize) -> Result<Self> {
        Self::within(router, max_groups, MAX_LAYERING_STEPS)
    }

    /// `new`, refused past `max_steps` steps of layering (`check_layering`).
    fn within(router: &dyn Router, max_groups: usize, max_steps: u64) -> Result<Self> {
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
    fn hop(&self, at: u32, dst: u32) -> RouteHop {
        let i = dst as usize * self.n + at as usize;
        RouteHop {
            channel: self.next[i],
            group: u16::from(self.layer[i]),
        }
    }
}

/// One hop of a route: the channel taken and its VC group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RouteHop {
    pub channel: u32,
    pub group: u16,
}

/// A packet's place on its route (`Routes::begin`, `Routes::step`): for a table, its next hop's
/// index in the table and its route's end there; for routes decided at each hop, the router's
/// state word (`Header::state`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct RoutePos {
    state: u32,
    end: u32,
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
    n: usize,
    offsets: Vec<u32>,
    hops: Vec<RouteHop>,
    /// VC groups the routes use (layers × the router's classes).
    pub groups: usize,
    /// Deadlock-free layers (LASH-TOR's or ACRO's, `VcAssignment`).
    pub layers: usize,
    /// Hops in each group (how a run shares its VCs among the groups, `vc_ranges`).
    pub group_use: Vec<u64>,
    /// For routers that choose where a packet enters (`Router::entry`: dual planes), the two
    /// entries of every home pair (s·n + d): [s, d] plainly and [s, d] alternated; empty when
    /// every entry is the home pair.
    entries: Vec<[u32; 4]>,
    /// Per switch and destination (at·n + d), the hop of every route through that switch to
    /// that destination, when they all agree (`destination_hops`); empty when they do not.
    /// What the simulator reads at each hop: n² hops in place of every pair's route (576
    /// routers under DOR: 2.6 MB against 42 MB, and a miss per hop on the larger).
    by_destination: Vec<RouteHop>,
    /// Whether `offsets` and `hops` hold every pair's route: not for a compact router whose
    /// routes agree per destination, read from `by_destination` alone (`route`).
    per_pair: bool,
    /// Whether the router splits ties (`Router::splits_ties`): `offsets` then holds every
    /// pair's route twice, plainly (s·n + d) and the other way at a tie (n² + s·n + d).
    two_ways: bool,
    /// Per channel, the switch it leads to (walking `by_destination`).
    channel_end: Vec<u32>,
}

impl RouteTable {
    /// Walk every pair of switches with endpoints with `router` and layer the routes as
    /// LASH-TOR does (at most `max_groups` groups).
    pub fn new(router: &dyn Router, max_groups: usize) -> Result<Self> {
        Self::with_assignment(router, max_groups, VcAssignment::LashTor)
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
        if compact && !chooses {
            // with one layer, the routes are their hops and nothing else: where the rule says
            // they depend on the destination alone (DOR on a mesh), it is asked once per switch
            // and destination and that table is all a run reads (a failure is left to the walk
            // of every pair below, which names it)
            let asked = match router.compact() {
                Some(rule) if rule.by_destination() && classes == 1 => destination_rule_table(
                    rule.as_ref(),
                    router.name(),
                    &links,
                    n,
                    &wanted,
                    &channel_end,
                )
                .map(|(next, hops)| (next, vec![hops])),
                _ => None,
            };
            if let Some((next, group_use)) = asked {
                if classes > max_groups {
                    let what = format!("groups (1 layer(s) × {classes} class(es))");
                    return Err(too_few_vcs(router, classes, &what, max_groups));
                }
                return Ok(RouteTable {
                    n,
                    offsets: Vec::new(),
                    hops: Vec::new(),
                    groups: classes,
                    layers: 1,
                    group_use,
                    entries,
                    by_destination: next,
                    per_pair: false,
                    channel_end,
                    two_ways: false,
                });
            }
        }
        let two_ways = router.splits_ties();
        for other_way in [false, true].into_iter().take(1 + usize::from(two_ways)) {
            for s in 0..n {
                for d in 0..n {
                    if wanted[s * n + d] {
                        walk(router, topo, &links, s, d, other_way, &mut hops)?;
                    }
                    offsets.push(hops.len() as u32);
                }
            }
        }
        let layers = match assignment.acro_order() {
            _ if compact => 1,
            None => lash_tor(router, &offsets, &mut hops, topo.channel_count(), classes)?,
            Some(order) => {
                let nodes: Vec<u32> = hops
                    .iter()
                    .map(|h| h.channel * classes as u32 + u32::from(h.group))
                    .collect();
                let count = topo.channel_count() * classes;
                let acro = super::acro::assign(&offsets, &nodes, count, order, MAX_LAYERS)
                    .map_err(|stop| match stop {
                        super::acro::AcroStop::Steps => {
                            layering_too_long(router, MAX_LAYERING_STEPS)
                        }
                        super::acro::AcroStop::Layers => Error::routing(
                            router.name(),
                            format!("more than {MAX_LAYERS} layers for deadlock freedom"),
                        ),
                    })?;
                for (h, &layer) in hops.iter_mut().zip(&acro.layer) {
                    h.group += layer * classes as u16;
                }
                acro.layers
            }
        };
        let groups = layers * classes;
        if groups > max_groups {
            let what = format!("groups ({layers} layer(s) × {classes} class(es))");
            return Err(too_few_vcs(router, groups, &what, max_groups));
        }
        let mut use_per_group = vec![0u64; groups];
        for h in &hops {
            use_per_group[usize::from(h.group)] += 1;
        }
        if compact {
            // a router's own classes (DOR's datelines) share the VCs evenly, as BookSim's
            // dim_order halves them: a class few hops use still carries whole rings' traffic
            // at the wrap-around links (shared by use, torus 8×8 had 1 VC of 4 in class 1
            // and saturated at 0.23 where BookSim carries 0.5)
            use_per_group = vec![1; groups];
        }
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
    fn route_index(&self, s: usize, d: usize, other_way: bool) -> usize {
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

/// The per-destination table of a compact rule whose hops depend on the destination alone
/// (`CompactRouter::by_destination`, one class), asked once per switch and destination (n²
/// questions, where walking every pair asks once per hop of every route: 331,000 against 5.3 M
/// at 576 routers under DOR), and the hops of the routes between the pairs of `wanted` (what
/// walking them would count). `None` when a question fails or a route from a wanted source
/// does not arrive: the caller then walks the pairs, which names the failure.
fn destination_rule_table(
    rule: &dyn CompactRouter,
    name: &str,
    links: &OutChannels,
    n: usize,
    wanted: &[bool],
    channel_end: &[u32],
) -> Option<(Vec<RouteHop>, u64)> {
    const UNKNOWN: u32 = u32::MAX;
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

/// The refusal of a run with fewer VCs than the router's routes need for deadlock freedom.
fn too_few_vcs(router: &dyn Router, needs: usize, what: &str, vcs: usize) -> Error {
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

/// LASH-TOR's layers for the routes `hops[offsets[i]..offsets[i + 1]]` (groups: the router's
/// classes, made class + layer × classes here), over CDG nodes (channel, class); the layers
/// used (at least 1).
fn lash_tor(
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
fn check_layering(router: &dyn Router, steps: u64, max_steps: u64) -> Result<()> {
    if steps <= max_steps {
        return Ok(());
    }
    Err(layering_too_long(router, max_steps))
}

/// The refusal of layering that took more than `max_steps` (`MAX_LAYERING_STEPS`).
fn layering_too_long(router: &dyn Router, max_steps: u64) -> Error {
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
fn route_order(offsets: &[u32]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..offsets.len() - 1).collect();
    crate::sort::by_key(&mut order, |&i| {
        std::cmp::Reverse(offsets[i + 1] - offsets[i])
    });
    order
}

/// Each switch's out-channels by the switch they lead to, flat: where a route's next switch
/// is looked up. (Topology::channel_between asks petgraph's `find_edge`, which follows the
/// switch's edges through the graph's linked lists: a sixth of a 576-router run's set-up when
/// every pair's route was walked through it.) Parallel links map to the channel
/// `channel_between` gives, as before.
struct OutChannels {
    offsets: Vec<u32>,
    /// (next switch, channel) per link of each switch, in `Topology::neighbors` order.
    out: Vec<(u32, u32)>,
}

impl OutChannels {
    fn new(topo: &Topology) -> Self {
        let mut offsets = Vec::with_capacity(topo.switch_count() + 1);
        offsets.push(0u32);
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
        OutChannels { offsets, out }
    }

    /// The channel from `at` to `next`, or an error naming `router` when they are not linked.
    #[inline]
    fn to(&self, router: &str, at: SwitchId, next: SwitchId) -> Result<u32> {
        let links =
            &self.out[self.offsets[at.index()] as usize..self.offsets[at.index() + 1] as usize];
        links
            .iter()
            .find(|l| l.0 == next.0)
            .map(|l| l.1)
            .ok_or_else(|| {
                Error::routing(
                    router,
                    format!("switches {} and {} are not linked", at.0, next.0),
                )
            })
    }
}

/// The hop every route through a switch to a destination takes there (at·n + d), when the
/// routes of `offsets` and `hops` agree on it everywhere: each reaches its destination only at
/// its end, and all that pass a switch on the way to one destination leave it on the same
/// channel in the same VC group. Empty when they do not (routes that depend on their source:
/// LASH layers per pair, a dateline class, up*/down* from a leaf).
fn destination_hops(topo: &Topology, offsets: &[u32], hops: &[RouteHop]) -> Vec<RouteHop> {
    let n = topo.switch_count();
    let mut next = vec![NO_HOP; n * n];
    for s in 0..n {
        for d in 0..n {
            let route = &hops[offsets[s * n + d] as usize..offsets[s * n + d + 1] as usize];
            let mut at = s;
            for &hop in route {
                let slot = &mut next[at * n + d];
                if at == d || (slot.channel != NO_CHANNEL && *slot != hop) {
                    return Vec::new();
                }
                *slot = hop;
                at = topo
                    .channel_ends(crate::model::ChannelId(hop.channel))
                    .1
                    .index();
            }
        }
    }
    next
}

/// The router's walk from `s` to `d`, appended to `out` (an error if it does not arrive).
fn walk(
    router: &dyn Router,
    topo: &Topology,
    links: &OutChannels,
    s: usize,
    d: usize,
    other_way: bool,
    out: &mut Vec<RouteHop>,
) -> Result<()> {
    let limit = topo.switch_count() * 4 + 16;
    let (s_id, d_id) = (SwitchId::new(s), SwitchId::new(d));
    let mut header = if other_way {
        Header::other_way(s_id, d_id)
    } else {
        Header::new(s_id, d_id)
    };
    let mut at = SwitchId::new(s);
    let mut steps = 0;
    while at.index() != d {
        let hop = router.next(at, &mut header)?;
        let channel = links.to(router.name(), at, hop.next)?;
        out.push(RouteHop {
            channel,
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
    fn place(&mut self, route: &[usize], out: &mut Vec<usize>) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::RouterSpec;
    use crate::topology::build;

    /// Layering is set-up work inside the request's budget: counted, and refused with the
    /// network's size once past the limit, while a sparse network of the same switches stays
    /// within it (the limit here is a small one, so that the test is quick).
    #[test]
    fn layering_is_refused_past_its_step_budget() {
        let dense = build("lrt:64:4:12").unwrap();
        let sparse = build("torus:8x6").unwrap();
        let limit = 10_000;
        let steps_of = |topo: &Topology| {
            let r = RouterSpec::parse("shortest").unwrap().build(topo).unwrap();
            match DestinationRoutes::within(r.as_ref(), 64, limit) {
                Ok(_) => None,
                Err(e) => Some(e.to_string()),
            }
        };
        assert_eq!(steps_of(&sparse), None, "a torus's routes are layered");
        let refused = steps_of(&dense).expect("a denser irregular network's routes are refused");
        assert!(
            refused.contains("64 switches, ")
                && refused.contains("search steps a simulation's set-up may take"),
            "{refused}"
        );
    }

    /// The per-destination trees' flows (`destination_flows`) are what walking every pair's
    /// route and adding its weight to each channel gives, switches of no weight included.
    #[test]
    fn destination_flows_sum_the_routes_of_every_pair() {
        for topo in ["mesh:6x6", "mesh:5x3x2", "hypercube:5"] {
            let t = build(topo).unwrap();
            let r = RouterSpec::parse("dor").unwrap().build(&t).unwrap();
            let table = RouteTable::new(r.as_ref(), 64).unwrap();
            assert!(!table.per_pair, "{topo} is read per destination");
            let n = t.switch_count();
            for weight in [
                vec![1u64; n],
                (0..n as u64).map(|i| i % 3).collect::<Vec<_>>(),
            ] {
                let mut walked = vec![0u64; t.channel_count()];
                for s in 0..n {
                    for d in (0..n).filter(|&d| d != s) {
                        for h in table.route(s, d) {
                            walked[h.channel as usize] += weight[s] * weight[d];
                        }
                    }
                }
                assert!(walked.iter().any(|&x| x > 0));
                assert_eq!(
                    table.destination_flows(&weight),
                    walked,
                    "{topo} {weight:?}"
                );
            }
        }
    }

    /// A table's routes walked hop by hop as the simulator walks them (`begin`, `step`) are the
    /// table's own, and those take the router's own channels, whether the table reads them per
    /// destination or per pair and whether it keeps each pair's route; which it does is as
    /// expected.
    #[test]
    fn stepping_a_table_walks_its_routes() {
        for (topo, routing, per_destination, per_pair) in [
            ("mesh:6x6", "dor", true, false),
            ("mesh:4x4", "shortest", true, true),
            ("torus:6x6", "dor", false, true),
            ("fattree:4:3", "updown", true, true),
            ("lrt:64:4:2", "loren:16", false, true),
        ] {
            let t = build(topo).unwrap();
            let r = RouterSpec::parse(routing).unwrap().build(&t).unwrap();
            let table = RouteTable::new(r.as_ref(), 64).unwrap();
            assert_eq!(
                (!table.by_destination.is_empty(), table.per_pair),
                (per_destination, per_pair),
                "{topo} {routing}"
            );
            let n = t.switch_count() as u32;
            let routes = Routes::Table(table);
            let Routes::Table(table) = &routes else {
                unreachable!()
            };
            let links = OutChannels::new(&t);
            let hosts = t.endpoints_per_switch();
            for s in 0..n {
                for d in 0..n {
                    if hosts[s as usize] == 0 || hosts[d as usize] == 0 {
                        continue; // a pair no packet goes between (no endpoints)
                    }
                    let listed: Vec<RouteHop> = table.route(s as usize, d as usize).collect();
                    let mut own = Vec::new();
                    walk(
                        r.as_ref(),
                        &t,
                        &links,
                        s as usize,
                        d as usize,
                        false,
                        &mut own,
                    )
                    .unwrap();
                    let channels = |hops: &[RouteHop]| hops.iter().map(|h| h.channel).collect();
                    let (listed_channels, own_channels): (Vec<u32>, Vec<u32>) =
                        (channels(&listed), channels(&own));
                    assert_eq!(listed_channels, own_channels, "{topo} {routing}: {s} → {d}");
                    let (mut at, mut pos, mut walked) = (s, routes.begin(s, d, 0), Vec::new());
                    while let Some(hop) = routes.step(s, at, d, &mut pos).unwrap() {
                        walked.push(hop);
                        at = t.channel_ends(crate::model::ChannelId(hop.channel)).1 .0;
                    }
                    assert_eq!(walked, listed, "{topo} {routing}: {s} → {d}");
                }
            }
        }
    }

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

    /// The table takes one layer for every router with a compact form without searching
    /// (`RouteTable::with_assignment`): LASH-TOR over their routes finds one too.
    #[test]
    fn compact_routers_need_one_layer() {
        let compact: Vec<&str> = ROUTERS
            .iter()
            .filter(|def| def.forwarding == Forwarding::Compact)
            .map(|def| def.name)
            .collect();
        let mut checked = 0;
        for topo in [
            "mesh:6x5",
            "mesh:3x3x3",
            "torus:5x4",
            "torus:4x4x3",
            "torus:8",
            "hypercube:5",
            "dual:hc:5",
            "dual:fhc:5",
        ] {
            let t = build(topo).unwrap();
            for &name in &compact {
                let Ok(r) = RouterSpec::parse(name).unwrap().build(&t) else {
                    continue;
                };
                let table = RouteTable::new(r.as_ref(), 64).unwrap();
                assert_eq!(table.layers, 1, "{topo} {name}");
                let classes = usize::from(r.vc_classes().max(1));
                // every pair's route: the table's, or walked here where it keeps none (its
                // routes read per destination)
                let (offsets, mut hops) = if table.per_pair {
                    (table.offsets.clone(), table.hops.clone())
                } else {
                    let links = OutChannels::new(&t);
                    let (mut offsets, mut hops) = (vec![0u32], Vec::new());
                    for s in 0..t.switch_count() {
                        for d in 0..t.switch_count() {
                            walk(r.as_ref(), &t, &links, s, d, false, &mut hops).unwrap();
                            offsets.push(hops.len() as u32);
                        }
                    }
                    (offsets, hops)
                };
                let searched =
                    lash_tor(r.as_ref(), &offsets, &mut hops, t.channel_count(), classes).unwrap();
                assert_eq!(
                    searched, 1,
                    "{topo} {name}: LASH-TOR needs {searched} layers"
                );
                checked += 1;
            }
        }
        assert!(checked >= 8, "only {checked} router-topology pairs built");
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

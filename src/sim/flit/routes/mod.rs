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
//!
//! One job per file, imports in one direction (each file imports only those listed before it):
//! `limits` (the size limits), `hop` (a hop and the tables' sentinels), `cdg` (a layer's
//! channel dependency graph), `acro` (ACRO's layers), `walk` (walking a router's routes),
//! `layering` (LASH-TOR's layers and the VC groups), `destination` (routes kept per
//! destination), `table` (the per-pair table). Here: `Routes`, which picks one of them.

mod acro;
mod cdg;
mod destination;
mod hop;
mod layering;
mod limits;
mod table;
mod walk;

#[cfg(test)]
mod tests;
use crate::model::SwitchId;
use crate::routing::{CompactRouter, Forwarding, Header, Router, ROUTERS};
use crate::{Error, Result};
pub use acro::VcAssignment;
pub use cdg::MAX_LAYERING_STEPS;
pub use destination::DestinationRoutes;
pub use hop::RouteHop;
pub use layering::check_assignment;
use layering::{share_vcs, too_few_vcs};
pub use limits::{MAX_BY_DESTINATION, MAX_SIM_ROUTERS, MAX_SIM_SWITCHES};
pub(crate) use table::RoutePos;
pub use table::RouteTable;
use walk::OutChannels;

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
                std::mem::size_of_val(&read[..]) > super::prefetch::PREFETCH_ABOVE
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
                super::prefetch::prefetch(hop);
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

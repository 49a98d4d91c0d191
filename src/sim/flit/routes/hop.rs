//! A route's hop (`RouteHop`: its channel and VC group) and the sentinels of the tables that
//! hold hops (`NO_CHANNEL`, `NO_HOP`): what every other part of the routes reads.

/// One hop of a route: the channel taken and its VC group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RouteHop {
    pub channel: u32,
    pub group: u16,
}

/// No channel: the destination itself, or a switch no route passes.
pub(super) const NO_CHANNEL: u32 = u32::MAX;

/// A per-destination table's entry before it is known (`NO_CHANNEL`).
pub(super) const NO_HOP: RouteHop = RouteHop {
    channel: NO_CHANNEL,
    group: 0,
};

//! Walking a router's routes hop by hop over the topology: each switch's output channels by
//! neighbour (`OutChannels`), a pair's walk (`walk`) and a destination's hops (`destination_hops`).

use super::hop::{RouteHop, NO_CHANNEL, NO_HOP};
use crate::model::{SwitchId, Topology};
use crate::routing::{Header, Router};
use crate::{Error, Result};

/// Each switch's out-channels by the switch they lead to, flat: where a route's next switch
/// is looked up. (Topology::channel_between asks petgraph's `find_edge`, which follows the
/// switch's edges through the graph's linked lists: a sixth of a 576-router run's set-up when
/// every pair's route was walked through it.) Parallel links map to the channel
/// `channel_between` gives, as before.
pub(super) struct OutChannels {
    pub(super) offsets: Vec<u32>,
    /// (next switch, channel) per link of each switch, in `Topology::neighbors` order.
    pub(super) out: Vec<(u32, u32)>,
}

impl OutChannels {
    pub(super) fn new(topo: &Topology) -> Self {
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
    pub(super) fn to(&self, router: &str, at: SwitchId, next: SwitchId) -> Result<u32> {
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
pub(super) fn destination_hops(
    topo: &Topology,
    offsets: &[u32],
    hops: &[RouteHop],
) -> Vec<RouteHop> {
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
pub(super) fn walk(
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

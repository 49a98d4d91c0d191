//! Routes for the flit simulator and their virtual-channel groups (paper 002 §VI-C: "assign
//! traffics to multiple virtual channels", after LASH-TOR). Every router of the registry is
//! oblivious and deterministic, so the hop-by-hop walk of `Router::next` from a source switch
//! to a destination switch is the same for every packet of that pair: it is walked once per
//! pair here and the simulator follows it, hop by hop, with the VC class the router asked for
//! at each hop.
//!
//! Deadlock freedom: a packet holds a channel's VC while it waits for the next one, so a cycle
//! in the channel dependency graph (CDG) can deadlock. Routers that need classes say so
//! (`Router::vc_classes`: DOR's dateline classes on tori); on top of them, the pairs are put in
//! layers in the spirit of LASH: pair by pair, in (source, destination) order, a route joins
//! the first layer whose CDG — nodes (channel, class), an edge for each turn a route takes —
//! stays acyclic with its turns added. Layers × classes VC groups share a channel's VCs
//! evenly; a configuration needing more groups than VCs is refused with the number it needs.

use crate::model::{SwitchId, Topology};
use crate::routing::{Header, Router};
use crate::{Error, Result};

/// Most routers the flit simulator takes (its route table holds every pair).
pub const MAX_SIM_SWITCHES: usize = 1024;

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
    /// LASH layers.
    pub layers: usize,
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
        let mut layering = Layering::new(topo.channel_count() * classes);
        offsets.push(0);
        // only switches with endpoints send and receive (up*/down* routes leaf to leaf)
        let hosts: Vec<bool> = topo.endpoints_per_switch().iter().map(|&e| e > 0).collect();
        for s in 0..n {
            for d in 0..n {
                let start = hops.len();
                if hosts[s] && hosts[d] {
                    walk(router, topo, s, d, &mut hops)?;
                }
                let route = &mut hops[start..];
                let nodes: Vec<usize> = route
                    .iter()
                    .map(|h| h.channel as usize * classes + usize::from(h.group))
                    .collect();
                let layer = layering.place(&nodes);
                for h in route.iter_mut() {
                    h.group += (layer * classes) as u16;
                }
                offsets.push(hops.len() as u32);
            }
        }
        let layers = layering.layers.len().max(1);
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
        Ok(RouteTable {
            n,
            offsets,
            hops,
            groups,
            layers,
        })
    }

    /// Every route in VC group 0, deadlock-prone on purpose (tests of the deadlock detector).
    #[cfg(test)]
    pub(crate) fn force_single_group(&mut self) {
        for h in &mut self.hops {
            h.group = 0;
        }
        (self.groups, self.layers) = (1, 1);
    }

    /// The hops from switch `s` to switch `d`.
    pub fn route(&self, s: usize, d: usize) -> &[RouteHop] {
        let i = s * self.n + d;
        &self.hops[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }
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

/// LASH-style layers: one channel dependency graph per layer, kept acyclic.
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

    /// The first layer that takes the route's turns without a cycle (a new one if none does).
    fn place(&mut self, route: &[usize]) -> usize {
        if route.len() < 2 {
            return 0;
        }
        for (i, layer) in self.layers.iter_mut().enumerate() {
            if layer.try_add(route) {
                return i;
            }
        }
        let mut layer = Cdg::new(self.nodes);
        let added = layer.try_add(route);
        debug_assert!(added, "a single route has no cycle");
        self.layers.push(layer);
        self.layers.len() - 1
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

    /// Add the route's turns if none closes a cycle; otherwise leave the graph as it was.
    fn try_add(&mut self, route: &[usize]) -> bool {
        let mut added: Vec<(usize, u32)> = Vec::new();
        for w in route.windows(2) {
            let (a, b) = (w[0], w[1] as u32);
            if self.next[a].contains(&b) {
                continue;
            }
            if self.reaches(b as usize, a) {
                for (x, y) in added {
                    let list = &mut self.next[x];
                    let i = list.iter().rposition(|&z| z == y).expect("added");
                    list.remove(i);
                }
                return false;
            }
            self.next[a].push(b);
            added.push((a, b));
        }
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

//! A packet's walk from one switch to another under a scheme, with the shortest path beside
//! it, and for LOREN every forwarding decision: the switch's table, each entry's Manhattan
//! distance to the destination, the entry chosen and the ties it beat (paper 002 §IV, Fig. 4's
//! step view). The Routing lab shows it step by step; its `walk` study and the CLI print it.

use super::{Cowen, Entry, Loren, Router};
use crate::graph::DistanceTable;
use crate::model::{Path, SwitchId, Topology};
use crate::Result;
use serde::{Deserialize, Serialize};

/// One forwarding step of a LOREN walk: the switch's table and why it chose its entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WalkHop {
    pub at: u32,
    pub table: Vec<Entry>,
    /// Manhattan distance of each entry's destination to the packet's destination.
    pub distances: Vec<u32>,
    pub chosen: usize,
    /// Entries as close as the chosen one, passed over by table order.
    pub tied: Vec<usize>,
    pub next: u32,
}

/// A packet's walk from `src` to `dst` under the scheme, with the shortest path beside it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RouteWalk {
    pub scheme: String,
    pub src: u32,
    pub dst: u32,
    pub path: Vec<u32>,
    pub shortest_path: Vec<u32>,
    /// LOREN only: every forwarding decision.
    pub hops: Vec<WalkHop>,
}

/// The router a walk follows: LOREN (its decisions are recorded), Cowen, or any other.
pub enum Walker<'a, 't> {
    Loren(&'a Loren<'t>),
    Cowen(&'a Cowen<'t>),
    Other(&'a dyn Router),
}

impl Walker<'_, '_> {
    /// The router itself.
    pub fn router(&self) -> &dyn Router {
        match self {
            Walker::Loren(l) => *l,
            Walker::Cowen(c) => *c,
            Walker::Other(r) => *r,
        }
    }
}

/// Walk a packet from switch `src` to switch `dst` (both below the switch count) of `topo`
/// under `walker`, named `scheme`; `table` gives the shortest path.
pub fn walk(
    topo: &Topology,
    table: &DistanceTable,
    scheme: &str,
    walker: Walker<'_, '_>,
    src: u32,
    dst: u32,
) -> Result<RouteWalk> {
    let ids = |p: &Path| p.switches.iter().map(|s| s.0).collect::<Vec<_>>();
    let (from, to) = (SwitchId(src), SwitchId(dst));
    let shortest_path = ids(&table.path(topo, from, to, "shortest")?);
    let (path, hops) = match walker {
        Walker::Loren(l) => {
            let (path, decisions) = l.route(from, to)?;
            let hops = decisions
                .into_iter()
                .map(|d| {
                    let table = l.tables[d.at as usize].clone();
                    WalkHop {
                        at: d.at,
                        next: table[d.chosen].next,
                        table,
                        distances: d.distances,
                        chosen: d.chosen,
                        tied: d.tied,
                    }
                })
                .collect();
            (ids(&path), hops)
        }
        Walker::Cowen(c) => (ids(&c.path(from, to)?), Vec::new()),
        Walker::Other(r) => (ids(&r.path(from, to)?), Vec::new()),
    };
    Ok(RouteWalk {
        scheme: scheme.to_string(),
        src,
        dst,
        path,
        shortest_path,
        hops,
    })
}

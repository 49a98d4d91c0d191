//! Routers: given a topology and a source/destination switch, the path a communication takes.
//! Dimension-order for grids, shortest path (BFS, deterministic ties) for any topology, up/down
//! (nearest common ancestor) for fat-trees. Table-driven routers (LOREN, Cowen) come later.

mod cowen;
mod dor;
mod loren;
mod shortest;
mod updown;

pub use cowen::Cowen;
pub use dor::DimensionOrder;
pub use loren::{Decision, Entry, Loren};
pub use shortest::ShortestPath;
pub use updown::UpDown;

use crate::error::suggest;
use crate::model::{Path, PathSet, Shape, SwitchId, Topology, Traffic};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// Routes communications over one topology.
pub trait Router {
    /// The path from switch `src` to switch `dst`.
    fn path(&self, src: SwitchId, dst: SwitchId) -> Result<Path>;

    /// Paths for many pairs; routers that share work between pairs override this.
    fn paths(&self, pairs: &[(SwitchId, SwitchId)]) -> Result<Vec<Path>> {
        pairs.iter().map(|&(s, d)| self.path(s, d)).collect()
    }

    /// One sentence on how this router picks a path (shown in the page).
    fn describe(&self) -> &'static str;
}

/// The routing algorithms by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoutingKind {
    /// Dimension-order: dimension 0 first; on a torus the shorter way, ties to +.
    Dor,
    /// Shortest path by BFS; among equal next hops the lowest switch id.
    Shortest,
    /// Up to the nearest common ancestor, then down (fat-trees), up-port chosen by destination digit.
    Updown,
}

/// Names accepted for `--routing` and in the page.
pub const ROUTINGS: &[&str] = &["dor", "shortest", "updown"];

/// Each routing with its definition (page tooltips).
pub const ROUTING_DEFINITIONS: &[(&str, &str)] = &[
    ("dor", "dimension-order: correct dimension 0 (x) first, then 1 (y), …; on a torus the shorter way round, ties to +"),
    ("shortest", "shortest path (BFS); among neighbours one hop closer, the lowest switch id"),
    ("updown", "up/down (fat-trees): climb to the nearest common ancestor, choosing the up-port by the destination's digit (d-mod-k), then descend"),
];

impl RoutingKind {
    /// Parse a routing name.
    pub fn parse(text: &str) -> Result<RoutingKind> {
        match text.trim().to_ascii_lowercase().as_str() {
            "dor" => Ok(RoutingKind::Dor),
            "shortest" => Ok(RoutingKind::Shortest),
            "updown" | "up-down" | "up/down" => Ok(RoutingKind::Updown),
            other => Err(Error::routing(
                other,
                format!("unknown routing; {}", suggest(other, ROUTINGS)),
            )),
        }
    }

    /// The name used in specs and JSON.
    pub fn name(self) -> &'static str {
        match self {
            RoutingKind::Dor => "dor",
            RoutingKind::Shortest => "shortest",
            RoutingKind::Updown => "updown",
        }
    }

    /// The routing a topology uses when none is given.
    pub fn default_for(topo: &Topology) -> RoutingKind {
        match topo.shape() {
            Shape::Grid { .. } => RoutingKind::Dor,
            Shape::FatTree { .. } => RoutingKind::Updown,
            _ => RoutingKind::Shortest,
        }
    }

    /// Build this router for `topo`, or say why it does not apply.
    pub fn router<'t>(self, topo: &'t Topology) -> Result<Box<dyn Router + 't>> {
        Ok(match self {
            RoutingKind::Dor => Box::new(DimensionOrder::new(topo)?),
            RoutingKind::Shortest => Box::new(ShortestPath::new(topo)),
            RoutingKind::Updown => Box::new(UpDown::new(topo)?),
        })
    }
}

/// Route every communication of `traffic` (from its source's switch to its destination's).
pub fn route_traffic(router: &dyn Router, topo: &Topology, traffic: &Traffic) -> Result<PathSet> {
    let pairs: Vec<(SwitchId, SwitchId)> = traffic
        .flows
        .iter()
        .map(|f| (topo.endpoint_switch(f.src), topo.endpoint_switch(f.dst)))
        .collect();
    let mut set = PathSet::new();
    for p in router.paths(&pairs)? {
        set.push_path(&p);
    }
    Ok(set)
}

/// The path through the given switches, each adjacent to the next.
pub(crate) fn path_through(
    topo: &Topology,
    switches: Vec<SwitchId>,
    routing: &str,
) -> Result<Path> {
    let channels = switches
        .windows(2)
        .map(|w| {
            topo.channel_between(w[0], w[1]).ok_or_else(|| {
                Error::routing(
                    routing,
                    format!("switches {} and {} are not linked", w[0].0, w[1].0),
                )
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Path { switches, channels })
}

//! Shortest-path routing for any topology: hop distances to the destination by petgraph's BFS,
//! then from the source always the neighbour one hop closer with the lowest switch id, so the
//! same topology gives the same paths everywhere.

use super::{path_through, Router};
use crate::model::{Path, SwitchId, Topology};
use crate::{Error, Result};
use petgraph::graph::NodeIndex;
use petgraph::visit::Bfs;
use std::collections::HashMap;

/// Shortest-path router (BFS, ties to the lowest switch id).
pub struct ShortestPath<'t> {
    topo: &'t Topology,
}

impl<'t> ShortestPath<'t> {
    /// A shortest-path router over `topo`.
    pub fn new(topo: &'t Topology) -> Self {
        ShortestPath { topo }
    }

    /// Hop distance of every switch to `dst` (`u32::MAX` when unreachable).
    pub fn distances_to(&self, dst: SwitchId) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.topo.switch_count()];
        dist[dst.index()] = 0;
        // petgraph's Bfs yields switches in order of distance, so each one's distance is one
        // more than that of its closest neighbour already seen.
        let graph = self.topo.graph();
        let mut bfs = Bfs::new(graph, NodeIndex::new(dst.index()));
        while let Some(v) = bfs.next(graph) {
            if v.index() != dst.index() {
                let closest = graph
                    .neighbors(v)
                    .map(|u| dist[u.index()])
                    .min()
                    .unwrap_or(u32::MAX);
                dist[v.index()] = closest + 1;
            }
        }
        dist
    }

    /// The path from `src` to `dst` given `dist`, the distances to `dst` (from `distances_to`).
    pub fn walk(&self, src: SwitchId, dst: SwitchId, dist: &[u32]) -> Result<Path> {
        if dist[src.index()] == u32::MAX {
            return Err(Error::routing(
                "shortest",
                format!("no path from switch {} to switch {}", src.0, dst.0),
            ));
        }
        let mut switches = vec![src];
        let mut at = src;
        while at != dst {
            let closer = dist[at.index()] - 1;
            at = self
                .topo
                .neighbors(at)
                .filter(|n| dist[n.index()] == closer)
                .min()
                .expect("BFS distances are consistent");
            switches.push(at);
        }
        path_through(self.topo, switches, "shortest")
    }
}

impl Router for ShortestPath<'_> {
    fn path(&self, src: SwitchId, dst: SwitchId) -> Result<Path> {
        self.walk(src, dst, &self.distances_to(dst))
    }

    /// One BFS per distinct destination, shared by every pair that goes there.
    fn paths(&self, pairs: &[(SwitchId, SwitchId)]) -> Result<Vec<Path>> {
        let mut by_destination: HashMap<SwitchId, Vec<u32>> = HashMap::new();
        pairs
            .iter()
            .map(|&(s, d)| {
                let dist = by_destination
                    .entry(d)
                    .or_insert_with(|| self.distances_to(d));
                self.walk(s, d, dist)
            })
            .collect()
    }

    fn describe(&self) -> &'static str {
        super::ROUTING_DEFINITIONS[1].1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::build;

    #[test]
    fn matches_grid_distances_and_breaks_ties_low() {
        let t = build("mesh:4x4").unwrap();
        let r = ShortestPath::new(&t);
        let p = r.path(SwitchId(5), SwitchId(15)).unwrap();
        assert_eq!(p.hops(), 4);
        // from 5 both 6 and 9 are closer to 15; the lower id (6) wins at every step
        assert_eq!(
            p.switches.iter().map(|s| s.0).collect::<Vec<_>>(),
            [5, 6, 7, 11, 15]
        );
    }
}

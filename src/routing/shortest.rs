//! Shortest-path routing for any topology: from the all-pairs hop table, always the neighbour
//! one hop closer with the lowest switch id (`DistanceTable::next_hop`), so the same topology
//! gives the same paths everywhere.

use super::{Header, Hop, Router, RouterDef, TableSizes};
use crate::graph::DistanceTable;
use crate::model::{Path, SwitchId, Topology};
use crate::{Error, Result};

pub(super) const SHORTEST: RouterDef = RouterDef {
    name: "shortest",
    aliases: &["minimal"],
    definition: "shortest path (BFS); among neighbours one hop closer, the lowest switch id",
    param: None,
    check_size: Some(crate::graph::DistanceTable::check_size),
    needs: None,
    words: &[],
    tables_decide: false,
    forwarding: super::Forwarding::ByDestination,
    build: |topo, _, _| Ok(Box::new(ShortestPath::try_new(topo)?)),
};

/// Shortest-path router (BFS, ties to the lowest switch id).
pub struct ShortestPath<'t> {
    topo: &'t Topology,
    table: DistanceTable,
}

impl<'t> ShortestPath<'t> {
    /// A shortest-path router over `topo`, or an error when its table would be too large.
    pub(crate) fn try_new(topo: &'t Topology) -> Result<Self> {
        Ok(ShortestPath {
            topo,
            table: DistanceTable::new(topo)?,
        })
    }

    /// A shortest-path router over a topology known to be within the table limit.
    ///
    /// # Panics
    /// If `topo` has more than `graph::MAX_TABLE_SWITCHES` switches; use `try_new` for input.
    pub fn new(topo: &'t Topology) -> Self {
        Self::try_new(topo).expect("topology within the all-pairs table limit")
    }

    /// Hop distance of every switch to `dst` (`u32::MAX` when unreachable).
    pub fn distances_to(&self, dst: SwitchId) -> Vec<u32> {
        self.table.distances_to(dst)
    }

    /// The all-pairs table.
    pub fn table(&self) -> &DistanceTable {
        &self.table
    }
}

impl Router for ShortestPath<'_> {
    fn next(&self, at: SwitchId, header: &mut Header) -> Result<Hop> {
        let next = self.table.next_hop(at, header.dst).ok_or_else(|| {
            Error::routing(
                "shortest",
                format!("no path from switch {} to switch {}", at.0, header.dst.0),
            )
        })?;
        Ok(Hop { next, vc_class: 0 })
    }

    fn path(&self, src: SwitchId, dst: SwitchId) -> Result<Path> {
        self.table.path(self.topo, src, dst, "shortest")
    }

    /// The hop counts are the distance table's row: every route is a shortest path.
    fn path_lengths_to(&self, dst: SwitchId) -> Option<Vec<Option<usize>>> {
        let row = self.table.row(dst.index());
        Some(
            row.iter()
                .map(|&h| (h != u16::MAX).then_some(usize::from(h)))
                .collect(),
        )
    }

    fn tables(&self) -> TableSizes {
        TableSizes {
            max_entries: self.topo.switch_count().saturating_sub(1),
            ..TableSizes::default()
        }
    }

    fn topology(&self) -> &Topology {
        self.topo
    }

    fn name(&self) -> &'static str {
        "shortest"
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

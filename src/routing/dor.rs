//! Dimension-order routing on meshes and tori (and hypercubes, where it is e-cube routing):
//! correct dimension 0 first, then 1, …; on a torus take the shorter way round, ties to +.
//! This is the routing behind paper 000 Table 1 and Fig. 3.

use super::{path_through, Router};
use crate::model::{Path, Shape, SwitchId, Topology};
use crate::topology::grid_coords;
use crate::{Error, Result};

/// Dimension-order router for a grid topology.
pub struct DimensionOrder<'t> {
    topo: &'t Topology,
    dims: Vec<usize>,
    wrap: bool,
}

impl<'t> DimensionOrder<'t> {
    /// A DOR router, or an error if `topo` is not a mesh, torus or hypercube.
    pub fn new(topo: &'t Topology) -> Result<Self> {
        match topo.shape() {
            Shape::Grid { dims, wrap } => Ok(DimensionOrder {
                topo,
                dims: dims.clone(),
                wrap: *wrap,
            }),
            _ => Err(Error::routing(
                "dor",
                format!("needs a mesh, torus or hypercube, not '{}'", topo.spec()),
            )),
        }
    }
}

impl Router for DimensionOrder<'_> {
    fn path(&self, src: SwitchId, dst: SwitchId) -> Result<Path> {
        let mut at = grid_coords(&self.dims, src.index());
        let target = grid_coords(&self.dims, dst.index());
        let mut index = src.index();
        let mut switches = vec![src];
        let mut stride = 1;
        for (d, &k) in self.dims.iter().enumerate() {
            let forward = (target[d] + k - at[d]) % k;
            let go_up = if self.wrap {
                forward <= k - forward
            } else {
                target[d] > at[d]
            };
            while at[d] != target[d] {
                if go_up {
                    let wraps = at[d] == k - 1;
                    at[d] = (at[d] + 1) % k;
                    index = if wraps {
                        index - (k - 1) * stride
                    } else {
                        index + stride
                    };
                } else {
                    let wraps = at[d] == 0;
                    at[d] = (at[d] + k - 1) % k;
                    index = if wraps {
                        index + (k - 1) * stride
                    } else {
                        index - stride
                    };
                }
                switches.push(SwitchId::new(index));
            }
            stride *= k;
        }
        path_through(self.topo, switches, "dor")
    }

    fn describe(&self) -> &'static str {
        super::ROUTING_DEFINITIONS[0].1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::build;

    fn route(spec: &str, s: usize, d: usize) -> Vec<u32> {
        let t = build(spec).unwrap();
        let r = DimensionOrder::new(&t).unwrap();
        r.path(SwitchId::new(s), SwitchId::new(d))
            .unwrap()
            .switches
            .iter()
            .map(|s| s.0)
            .collect()
    }

    #[test]
    fn x_first_on_a_mesh() {
        // paper 000 Fig. 3: c(2,12) crosses l(4,8)
        assert_eq!(route("mesh:4x4", 2, 12), [2, 1, 0, 4, 8, 12]);
        assert_eq!(route("mesh:4x4", 5, 11), [5, 6, 7, 11]);
    }

    #[test]
    fn torus_takes_the_short_way_and_breaks_ties_upward() {
        assert_eq!(route("torus:5x5", 0, 4), [0, 4]); // one step back across the wrap
        assert_eq!(route("torus:4x4", 0, 2), [0, 1, 2]); // tie: + direction
        assert_eq!(route("torus:4x4", 2, 0), [2, 3, 0]); // tie: + direction, wraps
    }
}

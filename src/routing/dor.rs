//! Dimension-order routing on meshes and tori (and hypercubes, where it is e-cube routing):
//! correct dimension 0 first, then 1, …; on a torus take the shorter way round, ties to +.
//! This is the routing behind paper 000 Table 1 and Fig. 3. On a torus the per-hop form gives
//! a dateline VC class: class 1 from the wrap-around link of the current dimension on, so the
//! ring of each dimension has no cyclic channel dependency (Dally & Seitz).

use super::{Header, Hop, Router, RouterDef};
use crate::model::{GridShape, Path, Shape, SwitchId, Topology};
use crate::{Error, Result};

pub(super) const DOR: RouterDef = RouterDef {
    name: "dor",
    aliases: &["dimension-order", "ecube"],
    definition: "dimension-order: correct dimension 0 (x) first, then 1 (y), …; on a torus the shorter way round, ties to +",
    param: None,
    check_size: None,
    needs: Some(|topo| DimensionOrder::new(topo).map(drop)),
    words: &[],
    forwarding: super::Forwarding::Compact,
    build: |topo, _, _| Ok(Box::new(DimensionOrder::new(topo)?)),
};

/// Dimension-order router for a grid topology.
pub struct DimensionOrder<'t> {
    topo: &'t Topology,
    rule: DorRule,
}

/// DOR's decisions, owned: the grid's sides and whether it wraps (`CompactRouter`).
#[derive(Debug, Clone)]
struct DorRule {
    grid: GridShape,
    wrap: bool,
}

impl<'t> DimensionOrder<'t> {
    /// A DOR router, or an error if `topo` is not a mesh, torus or hypercube.
    pub fn new(topo: &'t Topology) -> Result<Self> {
        match topo.shape() {
            Shape::Grid { dims, wrap } => Ok(DimensionOrder {
                topo,
                rule: DorRule {
                    grid: GridShape::new(dims.clone()),
                    wrap: *wrap,
                },
            }),
            _ => Err(Error::routing(
                "dor",
                format!("needs a mesh, torus or hypercube, not '{}'", topo.spec()),
            )),
        }
    }
}

impl DorRule {
    /// Whether a packet at coordinate `at` for `target` in a dimension of side `k` moves +.
    fn goes_up(&self, at: usize, target: usize, k: usize) -> bool {
        if self.wrap {
            let forward = (target + k - at) % k;
            forward <= k - forward
        } else {
            target > at
        }
    }
}

impl super::CompactRouter for DorRule {
    /// The first dimension whose coordinate differs, read digit by digit from the switch ids
    /// (this runs at every head flit in the simulator: no coordinate vectors).
    fn next(&self, at: SwitchId, header: &mut Header) -> Result<Hop> {
        let (mut here_rest, mut target_rest) = (at.index(), header.dst.index());
        let mut stride = 1;
        for (d, &k) in self.grid.dims().iter().enumerate() {
            let (here, target) = (here_rest % k, target_rest % k);
            (here_rest, target_rest) = (here_rest / k, target_rest / k);
            if here != target {
                let up = self.goes_up(here, target, k);
                let wraps = if up { here == k - 1 } else { here == 0 };
                let index = match (up, wraps) {
                    (true, false) => at.index() + stride,
                    (true, true) => at.index() - (k - 1) * stride,
                    (false, false) => at.index() - stride,
                    (false, true) => at.index() + (k - 1) * stride,
                };
                // state: (dimension + 1) << 1 | crossed the dateline in that dimension
                let same_dimension = (header.state >> 1) == d as u32 + 1;
                let crossed = (same_dimension && header.state & 1 == 1) || wraps;
                header.state = ((d as u32 + 1) << 1) | u32::from(crossed);
                return Ok(Hop {
                    next: SwitchId::new(index),
                    vc_class: u8::from(self.wrap && crossed),
                });
            }
            stride *= k;
        }
        Err(Error::routing(
            "dor",
            format!("switch {} is the destination", at.0),
        ))
    }

    /// On a mesh or hypercube: the first differing dimension and its direction are the
    /// switch's and the destination's alone. Not on a torus, where the dateline class depends
    /// on where the packet came from.
    fn by_destination(&self) -> bool {
        !self.wrap
    }
}

impl Router for DimensionOrder<'_> {
    fn next(&self, at: SwitchId, header: &mut Header) -> Result<Hop> {
        super::CompactRouter::next(&self.rule, at, header)
    }

    /// DOR on a mesh is deadlock-free, and on a torus with its dateline classes (Dally & Seitz).
    fn compact(&self) -> Option<Box<dyn super::CompactRouter>> {
        Some(Box::new(self.rule.clone()))
    }

    fn vc_classes(&self) -> u8 {
        if self.rule.wrap {
            2
        } else {
            1
        }
    }

    /// The whole path dimension by dimension (an independent form of `next`).
    fn path(&self, src: SwitchId, dst: SwitchId) -> Result<Path> {
        let rule = &self.rule;
        let mut at = rule.grid.coords(src.index());
        let target = rule.grid.coords(dst.index());
        let mut index = src.index();
        let mut switches = vec![src];
        let mut stride = 1;
        for (d, &k) in rule.grid.dims().iter().enumerate() {
            let go_up = rule.goes_up(at[d], target[d], k);
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
        Path::through(self.topo, switches, "dor")
    }

    fn topology(&self) -> &Topology {
        self.topo
    }

    fn name(&self) -> &'static str {
        "dor"
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

    #[test]
    fn dateline_class_after_the_wrap_link() {
        let t = build("torus:4x4").unwrap();
        let r = DimensionOrder::new(&t).unwrap();
        let mut h = Header::new(SwitchId(2), SwitchId(0));
        let classes: Vec<u8> = [2, 3]
            .iter()
            .map(|&at| r.next(SwitchId(at), &mut h).unwrap().vc_class)
            .collect();
        assert_eq!(classes, [0, 1]); // 2→3 before the dateline, 3→0 crosses it
        assert_eq!(r.vc_classes(), 2);
    }
}

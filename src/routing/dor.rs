//! Dimension-order routing on meshes and tori (and hypercubes, where it is e-cube routing):
//! correct dimension 0 first, then 1, …; on a torus take the shorter way round, ties to + (the
//! routing behind paper 000 Table 1 and Fig. 3). On a torus the per-hop form gives dateline VC
//! classes as BookSim2's `dim_order` does (`dor_next_torus`): a packet whose way round a
//! dimension crosses the wrap-around link travels that whole dimension in class 1, the others
//! in class 0, so no ring has a cyclic channel dependency (Dally & Seitz's dateline, each
//! class's arcs stopping short of the link opposite the dateline). A packet with
//! `Header::OTHER_WAY` takes − at a tie, so the simulator splits ties half and half as
//! BookSim's random choice does.

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
    tables_decide: false,
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
    /// Whether a packet at coordinate `at` for `target` in a dimension of side `k` moves +
    /// (on a torus at a tie: + unless `other_way`).
    fn goes_up(&self, at: usize, target: usize, k: usize, other_way: bool) -> bool {
        if self.wrap {
            let forward = (target + k - at) % k;
            forward < k - forward || (forward == k - forward && !other_way)
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
                let other_way = header.state & Header::OTHER_WAY != 0;
                let up = self.goes_up(here, target, k, other_way);
                let wraps = if up { here == k - 1 } else { here == 0 };
                let index = match (up, wraps) {
                    (true, false) => at.index() + stride,
                    (true, true) => at.index() - (k - 1) * stride,
                    (false, false) => at.index() - stride,
                    (false, true) => at.index() + (k - 1) * stride,
                };
                // state: OTHER_WAY | (dimension + 1) << 1 | this dimension's way crosses the
                // dateline, decided where the packet turns into the dimension (BookSim's
                // partition: ahead of the wrap-around link, or on it)
                let same_dimension = (header.state & !Header::OTHER_WAY) >> 1 == d as u32 + 1;
                let crosses = if same_dimension {
                    header.state & 1 == 1
                } else if up {
                    target < here
                } else {
                    target > here
                };
                header.state =
                    (header.state & Header::OTHER_WAY) | ((d as u32 + 1) << 1) | u32::from(crosses);
                return Ok(Hop {
                    next: SwitchId::new(index),
                    vc_class: u8::from(self.wrap && crosses),
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

    fn splits_ties(&self) -> bool {
        self.wrap
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

    fn splits_ties(&self) -> bool {
        self.rule.wrap
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
            let go_up = rule.goes_up(at[d], target[d], k, false);
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

    /// The VC classes of the route from `s` to `d` on `spec`, hop by hop, from `header`.
    fn classes(spec: &str, mut header: Header) -> (Vec<u32>, Vec<u8>) {
        let t = build(spec).unwrap();
        let r = DimensionOrder::new(&t).unwrap();
        let (mut at, mut switches, mut classes) = (header.src, vec![header.src.0], Vec::new());
        while at != header.dst {
            let hop = r.next(at, &mut header).unwrap();
            at = hop.next;
            switches.push(at.0);
            classes.push(hop.vc_class);
        }
        (switches, classes)
    }

    #[test]
    fn a_dimension_whose_way_wraps_is_travelled_in_class_1() {
        // BookSim's dim_order partition: 1 → 3 on a ring of 4 in x (+, a tie) does not wrap,
        // 2 → 0 (+, a tie) wraps at 3 → 0: class 1 from its first hop in x
        let h = |s, d| Header::new(SwitchId(s), SwitchId(d));
        assert_eq!(classes("torus:4x4", h(1, 3)), (vec![1, 2, 3], vec![0, 0]));
        assert_eq!(classes("torus:4x4", h(2, 0)), (vec![2, 3, 0], vec![1, 1]));
        // x wraps (3 → 0), then y does not (0 → 4 → 8): the class starts again at the turn
        assert_eq!(
            classes("torus:4x4", h(3, 8)),
            (vec![3, 0, 4, 8], vec![1, 0, 0])
        );
        // y going − from row 0 wraps (0 → 12 → 8)
        assert_eq!(
            classes("torus:5x5", h(0, 15)),
            (vec![0, 20, 15], vec![1, 1])
        );
        let t = build("torus:4x4").unwrap();
        assert_eq!(DimensionOrder::new(&t).unwrap().vc_classes(), 2);
    }

    #[test]
    fn the_other_way_at_a_tie_only() {
        let other = |s, d| Header::other_way(SwitchId(s), SwitchId(d));
        // a tie (distance 2 of 4) goes − with the bit, and keeps the bit for the next dimension
        assert_eq!(
            classes("torus:4x4", other(0, 2)),
            (vec![0, 3, 2], vec![1, 1])
        );
        assert_eq!(
            classes("torus:4x4", other(0, 10)),
            (vec![0, 3, 2, 14, 10], vec![1, 1, 1, 1])
        );
        // not a tie: the bit changes nothing
        assert_eq!(classes("torus:5x5", other(0, 2)).0, [0, 1, 2]);
        // and on a mesh the router does not split ties at all
        let t = build("mesh:4x4").unwrap();
        assert!(!Router::splits_ties(&DimensionOrder::new(&t).unwrap()));
        let t = build("torus:4x4").unwrap();
        assert!(Router::splits_ties(&DimensionOrder::new(&t).unwrap()));
    }
}

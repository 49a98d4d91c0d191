//! Up/down routing on a k-ary n-tree: climb to the nearest common ancestor layer, then descend.
//! Going up, the up-port is the destination's label digit for that layer (d-mod-k), which makes
//! the route deterministic and the descent unique; paper 000 §5.1 uses fat-trees (Fig. 9–10).

use super::{path_through, Router};
use crate::model::{Path, Shape, SwitchId, Topology};
use crate::{Error, Result};

/// Up/down router for a `fattree:k:n`.
pub struct UpDown<'t> {
    topo: &'t Topology,
    k: usize,
    levels: usize,
    per_layer: usize,
}

impl<'t> UpDown<'t> {
    /// An up/down router, or an error if `topo` is not a fat-tree.
    pub fn new(topo: &'t Topology) -> Result<Self> {
        match *topo.shape() {
            Shape::FatTree { k, levels } => Ok(UpDown {
                topo,
                k,
                levels,
                per_layer: k.pow(levels as u32 - 1),
            }),
            _ => Err(Error::routing(
                "updown",
                format!("needs a fat-tree (fattree:K:N), not '{}'", topo.spec()),
            )),
        }
    }
}

impl Router for UpDown<'_> {
    fn path(&self, src: SwitchId, dst: SwitchId) -> Result<Path> {
        let leaf_layer = self.levels - 1;
        let (layer_of, label_of) = (
            |s: SwitchId| s.index() / self.per_layer,
            |s: SwitchId| s.index() % self.per_layer,
        );
        if layer_of(src) != leaf_layer || layer_of(dst) != leaf_layer {
            return Err(Error::routing("updown", "routes run between leaf switches"));
        }
        let (from, to) = (label_of(src), label_of(dst));
        // Digits 0..=top differ somewhere: climb `top + 1` layers, fixing digit i on the i-th climb.
        let mut label = from;
        let mut switches = vec![src];
        let mut weight = 1;
        let differing = (0..self.levels - 1)
            .filter(|&i| {
                (from / self.k.pow(i as u32)) % self.k != (to / self.k.pow(i as u32)) % self.k
            })
            .max();
        if let Some(top) = differing {
            for climb in 0..=top {
                let digit = (to / weight) % self.k;
                label = label - ((label / weight) % self.k) * weight + digit * weight;
                switches.push(SwitchId::new(
                    (leaf_layer - climb - 1) * self.per_layer + label,
                ));
                weight *= self.k;
            }
            for layer in (leaf_layer - top)..=leaf_layer {
                switches.push(SwitchId::new(layer * self.per_layer + to));
            }
        }
        path_through(self.topo, switches, "updown")
    }

    fn describe(&self) -> &'static str {
        super::ROUTING_DEFINITIONS[2].1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::ShortestPath;
    use crate::topology::build;

    #[test]
    fn paths_are_shortest_and_reach_the_destination() {
        let t = build("fattree:3:3").unwrap();
        let r = UpDown::new(&t).unwrap();
        let sp = ShortestPath::new(&t);
        let leaves: Vec<SwitchId> = (18..27).map(SwitchId::new).collect();
        for &s in &leaves {
            for &d in &leaves {
                let p = r.path(s, d).unwrap();
                assert_eq!(*p.switches.last().unwrap(), d);
                assert_eq!(p.hops(), sp.path(s, d).unwrap().hops(), "{s:?}→{d:?}");
            }
        }
    }
}

//! Up/down routing on a k-ary n-tree: climb to the nearest common ancestor layer, then descend.
//! Going up, the up-port is the destination's label digit for that layer (d-mod-k), which makes
//! the route deterministic and the descent unique; paper 000 §5.1 uses fat-trees (Fig. 9–10).
//! Per hop: a switch whose label is the destination's goes down, any other goes up, fixing the
//! next digit; climbing fixes digits from the lowest, so the label matches at the ancestor.

use super::{Header, Hop, Router, RouterDef};
use crate::model::{Path, Shape, SwitchId, Topology};
use crate::{Error, Result};

pub(super) const UPDOWN: RouterDef = RouterDef {
    name: "updown",
    aliases: &["up-down", "up/down"],
    definition: "up/down (fat-trees): climb to the nearest common ancestor, choosing the up-port by the destination's digit (d-mod-k), then descend",
    param: None,
    check_size: None,
    needs: Some(|topo| UpDown::new(topo).map(drop)),
    words: &[],
    tables_decide: false,
    forwarding: super::Forwarding::PerPair,
    build: |topo, _, _| Ok(Box::new(UpDown::new(topo)?)),
};

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

    fn layer_of(&self, s: SwitchId) -> usize {
        s.index() / self.per_layer
    }
    fn label_of(&self, s: SwitchId) -> usize {
        s.index() % self.per_layer
    }
    fn check_leaves(&self, src: SwitchId, dst: SwitchId) -> Result<()> {
        let leaf_layer = self.levels - 1;
        if self.layer_of(src) != leaf_layer || self.layer_of(dst) != leaf_layer {
            return Err(Error::routing("updown", "routes run between leaf switches"));
        }
        Ok(())
    }
}

impl Router for UpDown<'_> {
    fn next(&self, at: SwitchId, header: &mut Header) -> Result<Hop> {
        self.check_leaves(header.src, header.dst)?;
        let (layer, label, to) = (
            self.layer_of(at),
            self.label_of(at),
            self.label_of(header.dst),
        );
        let next = if label == to {
            (layer + 1) * self.per_layer + label
        } else {
            if layer == 0 {
                return Err(Error::routing("updown", "no up-port above the roots"));
            }
            // the climb from this layer fixes digit (levels − 1 − layer)
            let weight = self.k.pow((self.levels - 1 - layer) as u32);
            let digit = |x: usize| (x / weight) % self.k;
            (layer - 1) * self.per_layer + label - digit(label) * weight + digit(to) * weight
        };
        Ok(Hop {
            next: SwitchId::new(next),
            vc_class: 0,
        })
    }

    /// The whole path: all the climbs, then the descent (an independent form of `next`).
    fn path(&self, src: SwitchId, dst: SwitchId) -> Result<Path> {
        self.check_leaves(src, dst)?;
        let leaf_layer = self.levels - 1;
        let (from, to) = (self.label_of(src), self.label_of(dst));
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
        Path::through(self.topo, switches, "updown")
    }

    fn topology(&self) -> &Topology {
        self.topo
    }

    fn name(&self) -> &'static str {
        "updown"
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

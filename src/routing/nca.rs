//! Nearest-common-ancestor routing on a k-ary n-tree, as BookSim2's `nca` routes its `fattree`
//! (issue 61): a packet climbs until the switch it is at covers its destination, choosing each
//! up-port at random, then descends the one way down. Spreading the climb over every up-port is
//! what lets a fat-tree carry uniform traffic up to its bisection (`updown`'s d-mod-k by leaf
//! sends all of a leaf's traffic down one of its k up-links).
//!
//! The random choices come from a word the simulator draws per packet (`Header::DRAWN`,
//! `Router::draws_ways`); a header without one (the analyses' walk) climbs by the destination's
//! digits, as `updown` does, so `path` is one of the ways and a shortest one.
//!
//! Labels as in `topology::fattree`: a switch at layer l covers the leaves whose labels agree
//! with its own in digits n−1−l and above; climbing from layer l changes digit n−1−l.

use super::{CompactRouter, Header, Hop, Router, RouterDef};
use crate::model::{Shape, SwitchId, Topology};
use crate::{Error, Result};

pub(super) const NCA: RouterDef = RouterDef {
    name: "nca",
    aliases: &[],
    definition: "nearest common ancestor (fat-trees, BookSim2's nca): climb until the switch covers the destination, each up-port drawn at random per packet in the simulator (by the destination's digit in the analyses), then descend",
    param: None,
    check_size: None,
    needs: Some(|topo| Nca::new(topo).map(drop)),
    words: &[],
    tables_decide: false,
    forwarding: super::Forwarding::Compact,
    build: |topo, _, _| Ok(Box::new(Nca::new(topo)?)),
};

/// The tree's shape, all a hop needs.
#[derive(Debug, Clone, Copy)]
pub struct NcaRule {
    k: usize,
    levels: usize,
    per_layer: usize,
}

/// Nearest-common-ancestor router for a `fattree:k:n`.
pub struct Nca<'t> {
    topo: &'t Topology,
    rule: NcaRule,
}

impl<'t> Nca<'t> {
    /// An NCA router, or an error if `topo` is not a fat-tree.
    pub fn new(topo: &'t Topology) -> Result<Self> {
        match *topo.shape() {
            Shape::FatTree { k, levels } => Ok(Nca {
                topo,
                rule: NcaRule {
                    k,
                    levels,
                    per_layer: k.pow(levels as u32 - 1),
                },
            }),
            _ => Err(Error::routing(
                "nca",
                format!("needs a fat-tree (fattree:K:N), not '{}'", topo.spec()),
            )),
        }
    }
}

/// One of `k` up-ports for the climb from `layer`, from the packet's drawn `word` (a 32-bit
/// mix of the two, so the layers' choices are independent).
fn drawn_port(word: u32, layer: usize, k: usize) -> usize {
    let mut x = word ^ (layer as u32).wrapping_mul(0x9E37_79B9);
    x = (x ^ (x >> 16)).wrapping_mul(0x85EB_CA6B);
    x = (x ^ (x >> 13)).wrapping_mul(0xC2B2_AE35);
    x ^= x >> 16;
    x as usize % k
}

impl CompactRouter for NcaRule {
    fn next(&self, at: SwitchId, header: &mut Header) -> Result<Hop> {
        let leaf = self.levels - 1;
        let (layer, label) = (at.index() / self.per_layer, at.index() % self.per_layer);
        let (dst_layer, to) = (
            header.dst.index() / self.per_layer,
            header.dst.index() % self.per_layer,
        );
        if dst_layer != leaf || header.src.index() / self.per_layer != leaf {
            return Err(Error::routing("nca", "routes run between leaf switches"));
        }
        // the digits at and above `low` are the ones this switch's subtree shares
        let low = self.k.pow((leaf - layer) as u32);
        let digit = |x: usize, weight: usize| (x / weight) % self.k;
        let next = if label / low == to / low {
            // covered: down, setting the digit below to the destination's
            let weight = low / self.k;
            (layer + 1) * self.per_layer + label - digit(label, weight) * weight
                + digit(to, weight) * weight
        } else {
            if layer == 0 {
                return Err(Error::routing("nca", "no up-port above the roots"));
            }
            let port = if header.state & Header::DRAWN != 0 {
                drawn_port(header.state, layer, self.k)
            } else {
                digit(to, low)
            };
            (layer - 1) * self.per_layer + label - digit(label, low) * low + port * low
        };
        Ok(Hop {
            next: SwitchId::new(next),
            vc_class: 0,
        })
    }

    fn draws_ways(&self) -> bool {
        true
    }
}

impl Router for Nca<'_> {
    fn next(&self, at: SwitchId, header: &mut Header) -> Result<Hop> {
        self.rule.next(at, header)
    }

    /// Up*/down* on a tree is deadlock-free in one class: no packet turns up after going down.
    fn compact(&self) -> Option<Box<dyn CompactRouter>> {
        Some(Box::new(self.rule))
    }

    fn draws_ways(&self) -> bool {
        true
    }

    fn topology(&self) -> &Topology {
        self.topo
    }

    fn name(&self) -> &'static str {
        "nca"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::{ShortestPath, UpDown};
    use crate::topology::build;

    /// Every drawn way is a shortest path, and without a draw the route is up/down's.
    #[test]
    fn every_way_is_shortest_and_the_undrawn_one_is_updown() {
        let t = build("fattree:3:3").unwrap();
        let (nca, updown, sp) = (
            Nca::new(&t).unwrap(),
            UpDown::new(&t).unwrap(),
            ShortestPath::new(&t),
        );
        let leaves: Vec<SwitchId> = (18..27).map(SwitchId::new).collect();
        for &s in &leaves {
            for &d in &leaves {
                assert_eq!(nca.path(s, d).unwrap(), updown.path(s, d).unwrap());
                let shortest = sp.path(s, d).unwrap().hops();
                for word in 0..40u32 {
                    let mut header = Header {
                        src: s,
                        dst: d,
                        state: Header::DRAWN | word.wrapping_mul(0x2545_F491),
                    };
                    let (mut at, mut hops) = (s, 0);
                    while at != d {
                        let next = nca.next(at, &mut header).unwrap().next;
                        assert!(t.graph().contains_edge(
                            (at.index() as u32).into(),
                            (next.index() as u32).into()
                        ));
                        (at, hops) = (next, hops + 1);
                        assert!(hops <= shortest, "{s:?}→{d:?} word {word}");
                    }
                    assert_eq!(hops, shortest);
                }
            }
        }
    }

    /// The draws reach every up-port of a leaf and every parent a destination leaf has.
    #[test]
    fn draws_use_every_up_and_every_down_link() {
        let t = build("fattree:4:3").unwrap();
        let nca = Nca::new(&t).unwrap();
        let (src, dst) = (SwitchId::new(32), SwitchId::new(47));
        let (mut firsts, mut lasts) = (Vec::new(), Vec::new());
        for word in 0..200u32 {
            let mut header = Header {
                src,
                dst,
                state: Header::DRAWN | word,
            };
            let mut path = vec![src];
            while *path.last().unwrap() != dst {
                let next = nca.next(*path.last().unwrap(), &mut header).unwrap().next;
                path.push(next);
            }
            firsts.push(path[1]);
            lasts.push(path[path.len() - 2]);
        }
        for seen in [&mut firsts, &mut lasts] {
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), 4, "{seen:?}");
        }
    }
}

//! Dual-plane routing (paper 004 §2.2): the packet enters the plane with the shorter distance
//! (one table row per src ⊕ dst: both distances and plane 1's routing value, Table 1), chosen
//! once when it is injected (`Router::entry`; on a tie the caller alternates), and follows
//! dimension order inside that plane: plane 0 on the bits of src ⊕ dst, plane 1 on the bits
//! of the routing value, each bit i meaning generator h_i, the folded generator last. Every
//! route uses generators in increasing rank, so one virtual-channel class is deadlock-free.

use super::{Header, Hop, Router, RouterDef};
use crate::model::{Shape, SwitchId, Topology};
use crate::topology::dualplane::{DualPlane, Kind};
use crate::{Error, Result};

pub(super) const DUAL_PLANE: RouterDef = RouterDef {
    name: "dual-plane",
    aliases: &["dual"],
    definition: "paper 004 §2.2: each packet takes the plane with the shorter distance (either on a tie), then dimension order inside it (plane 1 through the isomorphism's routing value)",
    param: None,
    check_size: None,
    needs: Some(|topo| DualPlaneRouter::new(topo).map(drop)),
    words: &[],
    tables_decide: false,
    forwarding: super::Forwarding::Compact,
    build: |topo, _, _| Ok(Box::new(DualPlaneRouter::new(topo)?)),
};

/// The router of a dual-plane network.
pub struct DualPlaneRouter<'t> {
    topo: &'t Topology,
    rule: DualPlaneRule,
}

/// The dual-plane decisions, owned: the two planes and the switches per plane
/// (`CompactRouter`).
#[derive(Debug, Clone)]
struct DualPlaneRule {
    network: DualPlane,
    size: usize,
}

impl<'t> DualPlaneRouter<'t> {
    /// The router, or an error if `topo` is not a dual-plane network.
    pub fn new(topo: &'t Topology) -> Result<Self> {
        let Shape::DualPlane {
            n,
            folded,
            generators,
        } = topo.shape()
        else {
            return Err(Error::routing(
                "dual-plane",
                format!(
                    "needs a dual-plane network (dual:hc:N, dual:fhc:N:…), not '{}'",
                    topo.spec()
                ),
            ));
        };
        let kind = if *folded { Kind::Fhc } else { Kind::Hc };
        let network = DualPlane::isomorphic(kind, *n, &generators[..*n as usize])?;
        Ok(DualPlaneRouter {
            topo,
            rule: DualPlaneRule {
                network,
                size: 1 << n,
            },
        })
    }

    /// The network's two planes.
    pub fn network(&self) -> &DualPlane {
        &self.rule.network
    }
}

impl DualPlaneRule {
    /// (plane, switch within it) of an id.
    fn split(&self, s: SwitchId) -> (usize, u32) {
        (s.index() / self.size, (s.index() % self.size) as u32)
    }
}

impl super::CompactRouter for DualPlaneRule {
    fn next(&self, at: SwitchId, header: &mut Header) -> Result<Hop> {
        let (p, here) = self.split(at);
        let (q, there) = self.split(header.dst);
        if p != q {
            return Err(Error::routing(
                "dual-plane",
                format!(
                    "switch {} (plane {p}) cannot reach switch {} (plane {q}): a packet stays in the plane it entered",
                    at.index(),
                    header.dst.index()
                ),
            ));
        }
        let plane = &self.network.planes[p];
        let g = plane
            .route(here ^ there)
            .next()
            .ok_or_else(|| Error::routing("dual-plane", "asked for a hop at the destination"))?;
        let next = (here ^ plane.generators()[g]) as usize + p * self.size;
        Ok(Hop {
            next: SwitchId::new(next),
            vc_class: 0,
        })
    }

    fn entry(&self, src: SwitchId, dst: SwitchId, alternate: bool) -> (SwitchId, SwitchId) {
        let ((_, a), (_, b)) = (self.split(src), self.split(dst));
        let row = self.network.row(a ^ b);
        let plane = match row.distance[0].cmp(&row.distance[1]) {
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Equal => usize::from(alternate),
        };
        let at = |s: u32| SwitchId::new(plane * self.size + s as usize);
        (at(a), at(b))
    }
}

impl Router for DualPlaneRouter<'_> {
    fn next(&self, at: SwitchId, header: &mut Header) -> Result<Hop> {
        super::CompactRouter::next(&self.rule, at, header)
    }

    fn entry(&self, src: SwitchId, dst: SwitchId, alternate: bool) -> (SwitchId, SwitchId) {
        super::CompactRouter::entry(&self.rule, src, dst, alternate)
    }

    /// Dimension order inside one plane: deadlock-free with one class (see the module header).
    fn compact(&self) -> Option<Box<dyn super::CompactRouter>> {
        Some(Box::new(self.rule.clone()))
    }

    fn topology(&self) -> &Topology {
        self.topo
    }

    fn name(&self) -> &'static str {
        "dual-plane"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::build;

    #[test]
    fn section_2_2_routes_and_plane_choice() {
        let t = build("dual:hc:3:3,5,7").unwrap();
        let r = DualPlaneRouter::new(&t).unwrap();
        let ids = |p: crate::model::Path| -> Vec<usize> {
            p.switches.iter().map(|s| s.index()).collect()
        };
        // 0 → 6 is a tie: plane 0 goes 0-2-6, plane 1 (ids 8…15) 0-3-6
        let (a, b) = r.entry(SwitchId::new(0), SwitchId::new(6), false);
        assert_eq!(ids(r.path(a, b).unwrap()), vec![0, 2, 6]);
        let (a, b) = r.entry(SwitchId::new(0), SwitchId::new(6), true);
        assert_eq!(ids(r.path(a, b).unwrap()), vec![8, 11, 14]);
        // 0 → 7: 3 hops in plane 0, 1 in plane 1 (Table 1, row 7)
        let (a, b) = r.entry(SwitchId::new(0), SwitchId::new(7), false);
        assert_eq!(ids(r.path(a, b).unwrap()), vec![8, 15]);
        let e = r
            .path(SwitchId::new(0), SwitchId::new(15))
            .unwrap_err()
            .to_string();
        assert!(e.contains("stays in the plane"), "{e}");
        assert!(DualPlaneRouter::new(&build("hypercube:3").unwrap()).is_err());
    }
}

//! Dual-plane networks (paper 004 §2.1, §3.1): `dual:hc:N` (D-HC, two identical hypercubes),
//! `dual:fhc:N` (D-FHC), and with plane 1's generator set `dual:hc:N:h1,…,hn` (DI-HC) or
//! `dual:fhc:N:h1,…,hn` (DI-FHC). Switch s of plane p is id p·2ⁿ + s; node i attaches to
//! switch i of both planes (its home is plane 0's). A last argument `xK` puts K nodes on each
//! switch (1 in §2, 4 in §3). Every link carries its plane and its cable from the floor model
//! of §3.1 (commercial length; optical from 10 m); beyond n = 12, where that model has no
//! cable long enough, the raw run.

use super::{floor, DualPlane, Kind};
use crate::model::{LinkInfo, LinkKind, Shape, SwitchId, SwitchInfo, Topology};
use crate::spec::Spec;
use crate::topology::{check_switches, Generate, Generator};
use crate::{Error, Result};

/// Most nodes per switch.
const MAX_NODES_PER_SWITCH: usize = 16;
/// Most dimensions: two planes of 2¹⁵ switches fill `MAX_SWITCHES`.
const MAX_DUAL_DIMENSIONS: usize = 15;

pub(in crate::topology) const DUAL: Generator = Generator {
    name: "dual",
    aliases: &["dual-plane"],
    syntax: "dual:hc|fhc:N[:h1,…,hN][:xK] (two planes of 2^N switches; plane 1 from a generator set; K nodes per switch)",
    max_spec_bytes: crate::spec::MAX_SPEC_BYTES,
    parse: |spec| {
        let usage = "write dual:hc:N, dual:fhc:N, dual:hc:N:h1,…,hN or add :xK for K nodes per switch";
        let kind = match spec.arg(0).map(str::to_ascii_lowercase) {
            Some(k) if k == "hc" => Kind::Hc,
            Some(k) if k == "fhc" => Kind::Fhc,
            _ => return Err(spec.error(format!("the first argument is hc or fhc; {usage}"))),
        };
        let n = spec.whole(1, "N")?;
        if !(1..=MAX_DUAL_DIMENSIONS).contains(&n) {
            return Err(spec.error(format!(
                "N is from 1 to {MAX_DUAL_DIMENSIONS} (two planes of 2^N switches)"
            )));
        }
        check_switches(spec, &[2, 1 << n])?;
        let mut rest: Vec<&str> = spec.args_from(2);
        let mut nodes = 1;
        if let Some(last) = rest.last() {
            if let Some(k) = last.strip_prefix(['x', 'X']) {
                nodes = crate::spec::parse_whole(k, "nodes per switch").map_err(|r| spec.error(r))?;
                if !(1..=MAX_NODES_PER_SWITCH).contains(&nodes) {
                    return Err(spec.error(format!(
                        "from 1 to {MAX_NODES_PER_SWITCH} nodes per switch, not {nodes}"
                    )));
                }
                check_switches(spec, &[nodes, 1 << n])?;
                rest.pop();
            }
        }
        let generators = match rest.as_slice() {
            [] => None,
            [set] => Some(parse_set(spec, set)?),
            _ => return Err(spec.error(usage)),
        };
        // the set is checked now (range, count, independence), nothing large is built
        let network = match &generators {
            Some(g) => DualPlane::isomorphic(kind, n as u32, g),
            None => DualPlane::identical(kind, n as u32),
        }
        .map_err(|e| spec.error(e.to_string()))?;
        Ok(Box::new(DualSpec {
            kind,
            n: n as u32,
            generators: network.planes[1].generators().to_vec(),
            nodes,
        }))
    },
};

fn parse_set(spec: &Spec<'_>, set: &str) -> Result<Vec<u32>> {
    set.split(',')
        .map(|h| {
            crate::spec::parse_whole(h, "generator")
                .map_err(|r| spec.error(r))
                .and_then(|v| u32::try_from(v).map_err(|_| spec.error(format!("{v} is not an id"))))
        })
        .collect()
}

#[derive(Debug, Clone)]
struct DualSpec {
    kind: Kind,
    n: u32,
    /// Plane 1's generators (with the folded one for FHC).
    generators: Vec<u32>,
    nodes: usize,
}

impl Generate for DualSpec {
    fn switch_count(&self) -> usize {
        2 << self.n
    }
    fn build(&self, spec: &str, _seed: u64, _index: u32) -> Result<Topology> {
        let n = self.n;
        let size = 1u32 << n;
        let d = DualPlane::isomorphic(self.kind, n, &self.generators[..n as usize])?;
        let mut topo = Topology::new(
            spec,
            Shape::DualPlane {
                n,
                folded: self.kind == Kind::Fhc,
                generators: self.generators.clone(),
            },
            vec![SwitchInfo::default(); 2 * size as usize],
        );
        for (p, plane) in d.planes.iter().enumerate() {
            for &g in plane.generators() {
                for s in (0..size).filter(|&s| s < s ^ g) {
                    // the lab's default reading (`CableReading`): what the delay model and the
                    // search count, so a simulation's cables match them
                    let length_m = floor::cable(n, s, s ^ g, floor::CableReading::default())
                        .map_or(f64::from(floor::run_cm(n, s, s ^ g)) / 100.0, |c| c.0);
                    let info = LinkInfo {
                        kind: if length_m >= 10.0 {
                            LinkKind::Optical
                        } else {
                            LinkKind::Electrical
                        },
                        length_m,
                        plane: p as u8,
                        ..LinkInfo::default()
                    };
                    let base = p * size as usize;
                    topo.add_link(
                        SwitchId::new(base + s as usize),
                        SwitchId::new(base + (s ^ g) as usize),
                        info,
                    );
                }
            }
        }
        for s in 0..size as usize {
            for _ in 0..self.nodes {
                topo.add_endpoint_to(&[SwitchId::new(s), SwitchId::new(size as usize + s)]);
            }
        }
        if topo.link_count() > crate::topology::MAX_LINKS {
            return Err(Error::invalid("topology", "too many links"));
        }
        Ok(topo)
    }
}

#[cfg(test)]
mod tests {
    use crate::topology::build;

    #[test]
    fn specs_build_both_planes() {
        let t = build("dual:hc:3:3,5,7").unwrap();
        assert_eq!(
            (t.switch_count(), t.link_count(), t.endpoint_count()),
            (16, 24, 8)
        );
        // §2.1: plane-1 switch 1 links to 2, 4, 6 (ids 8 + …)
        let mut n1: Vec<usize> = t
            .neighbors(crate::model::SwitchId::new(9))
            .map(|s| s.index())
            .collect();
        n1.sort_unstable();
        assert_eq!(n1, vec![10, 12, 14]);
        let e = t.endpoint_switches(crate::model::EndpointId::new(5));
        assert_eq!((e[0].index(), e[1].index()), (5, 13));
        let f = build("dual:fhc:3:x4").unwrap();
        assert_eq!((f.link_count(), f.endpoint_count()), (32, 32));
        let msg = |s: &str| build(s).unwrap_err().to_string();
        assert!(
            msg("dual:hc:3:3,5,6").contains("XOR of earlier ones (3 ⊕ 5)"),
            "{}",
            msg("dual:hc:3:3,5,6")
        );
        assert!(msg("dual:hc:3:3,5,9").contains("not in [1, 8)"));
        assert!(msg("dual:hc:16").contains("from 1 to 15"));
        assert!(msg("dual:ring:3").contains("hc or fhc"));
        assert!(msg("dual:hc:3:x99").contains("nodes per switch"));
        assert!(
            msg("dual:hc:3:3,5,x").contains("generator"),
            "{}",
            msg("dual:hc:3:3,5,x")
        );
    }
}

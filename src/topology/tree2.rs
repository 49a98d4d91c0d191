//! A two-level electrical tree (paper 001 §4.1): `tree2:8x32` is 8 edge switches of 32 nodes
//! each under one upper switch, one uplink per edge switch. The uplink runs at P × 1 Gbps / R
//! for an oversubscription 1:R (`tree2:8x32:1:20`; 1:5 by default, Table 1's 6.4 Gbps for
//! 8×32 and 3.2 Gbps for 16×16), or at P Gbps (`tree2:8x32:full`, full bisection). Switches
//! 0…E−1 are the edge switches (the "switch identifiers" of §3.2.2), E the upper one; nodes sit
//! under the edge switches in rank order.

use super::{check_switches, Generate, Generator, MAX_ENDPOINTS};
use crate::model::{LinkInfo, Shape, SwitchId, SwitchInfo, Topology};
use crate::Result;

/// The default oversubscription (§4.1: "1:5").
const DEFAULT_RATIO: f64 = 5.0;

pub(super) const TREE2: Generator = Generator {
    name: "tree2",
    aliases: &["eps-tree"],
    syntax: "tree2:EDGESxNODES[:1:R|:full] (edge switches of NODES nodes under one upper switch; uplinks oversubscribed 1:R, 1:5 by default)",
    max_spec_bytes: crate::spec::MAX_SPEC_BYTES,
    parse: |spec| {
        let sides = spec.sides(0, 2, "tree2:8x32")?;
        let &[edges, per] = sides.as_slice() else {
            return Err(spec.error("write tree2:EDGESxNODES, e.g. tree2:8x32"));
        };
        if edges < 2 {
            return Err(spec.error("at least 2 edge switches"));
        }
        if per == 0 {
            return Err(spec.error("at least 1 node per edge switch (a network with no nodes carries nothing)"));
        }
        check_switches(spec, &[edges + 1])?;
        if edges.saturating_mul(per) > MAX_ENDPOINTS {
            return Err(spec.error(format!(
                "{} nodes is above the limit of {MAX_ENDPOINTS}",
                edges.saturating_mul(per)
            )));
        }
        let ratio = match spec.arg(1) {
            None => DEFAULT_RATIO,
            Some("full") => 1.0,
            Some("1") => {
                let r = spec.number(2, "R")?;
                if !(1.0..=1000.0).contains(&r) {
                    return Err(spec.error("an oversubscription 1:R with R from 1 to 1000"));
                }
                r
            }
            Some(_) => return Err(spec.error("write tree2:8x32, tree2:8x32:1:20 or tree2:8x32:full")),
        };
        Ok(Box::new(Tree2Spec { edges, per, ratio }))
    },
};

#[derive(Debug, Clone)]
struct Tree2Spec {
    edges: usize,
    per: usize,
    ratio: f64,
}

impl Generate for Tree2Spec {
    fn switch_count(&self) -> usize {
        self.edges + 1
    }
    fn build(&self, spec: &str, _seed: u64, _index: u32) -> Result<Topology> {
        let mut switches = vec![SwitchInfo { layer: 1 }; self.edges];
        switches.push(SwitchInfo { layer: 0 });
        let mut topo = Topology::new(
            spec,
            Shape::Tree2 {
                edges: self.edges,
                nodes_per_edge: self.per,
            },
            switches,
        );
        let uplink = LinkInfo {
            bandwidth_gbps: self.per as f64 / self.ratio,
            ..LinkInfo::default()
        };
        for s in 0..self.edges {
            topo.add_link(SwitchId::new(s), SwitchId::new(self.edges), uplink);
        }
        for r in 0..self.edges * self.per {
            topo.add_endpoint(SwitchId::new(r / self.per));
        }
        Ok(topo)
    }
}

#[cfg(test)]
mod tests {
    use crate::topology::build;

    #[test]
    fn table_1_uplinks() {
        let t = build("tree2:8x32").unwrap();
        assert_eq!(
            (t.switch_count(), t.link_count(), t.endpoint_count()),
            (9, 8, 256)
        );
        let up = |spec: &str| {
            build(spec)
                .unwrap()
                .link_info(crate::model::LinkId(0))
                .bandwidth_gbps
        };
        assert_eq!(up("tree2:8x32"), 6.4);
        assert_eq!(up("tree2:16x16"), 3.2);
        assert_eq!(up("tree2:8x32:1:20"), 1.6);
        assert_eq!(up("tree2:16x16:full"), 16.0);
        assert_eq!(
            t.endpoint_switch(crate::model::EndpointId::new(33)).index(),
            1
        );
        let msg = |s: &str| build(s).unwrap_err().to_string();
        assert!(msg("tree2:1x32").contains("at least 2"));
        assert!(msg("tree2:8x32:2:5").contains("tree2:8x32:1:20"));
        assert!(msg("tree2:8x32:1:0.5").contains("1:R"));
        assert!(msg("tree2:1000x1000").contains("above the limit"));
        assert!(msg("tree2:8x0").contains("at least 1 node"));
        assert!(msg("tree2:8x32:full:extra").contains("':extra' is not part of it"));
        assert!(msg("tree2:8x32:1:20:3").contains("':3' is not part of it"));
    }
}

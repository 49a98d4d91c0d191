//! The dragonfly (Kim, Dally, Scott and Abts, "Technology-Driven, Highly-Scalable Dragonfly
//! Topology", ISCA 2008, §3): `dragonfly:P:A:H` is g = A·H + 1 groups of A routers, the routers
//! of a group fully connected (its local channels), P terminals and H global channels per
//! router, one global channel between every two groups. The paper's balanced choice is
//! A = 2P = 2H (`dragonfly:2:4:2`: 9 groups, 36 routers, 72 terminals).
//!
//! Which router holds which global channel (the paper leaves it to the implementation): the
//! consecutive arrangement — group G's global channels in router order, router r's j-th being
//! channel c = r·H + j, lead to the groups other than G in increasing order (channel c to
//! group c if c < G, else to group c + 1). Router i of group G is switch G·A + i, so groups sit
//! side by side when switches are drawn on a circle.

use super::{check_switches, Generate, Generator, MAX_ENDPOINTS, MAX_LINKS};
use crate::model::{LinkInfo, Shape, SwitchId, SwitchInfo, Topology};
use crate::Result;

pub(super) const DRAGONFLY: Generator = Generator {
    name: "dragonfly",
    aliases: &[],
    syntax: "dragonfly:P:A:H (A·H + 1 groups of A fully connected routers, P terminals and H global links per router, one link between every two groups; balanced: A = 2P = 2H)",
    max_spec_bytes: crate::spec::MAX_SPEC_BYTES,
    parse: |spec| {
        let p = spec.whole(0, "P")?;
        let a = spec.whole(1, "A")?;
        let h = spec.whole(2, "H")?;
        if p == 0 || a == 0 || h == 0 {
            return Err(spec.error("P, A and H are at least 1 (e.g. dragonfly:2:4:2)"));
        }
        let groups = a.saturating_mul(h).saturating_add(1);
        let switches = check_switches(spec, &[a, groups])?;
        if switches.saturating_mul(p) > MAX_ENDPOINTS {
            return Err(spec.error(format!(
                "{} terminals is above the limit of {MAX_ENDPOINTS}",
                switches.saturating_mul(p)
            )));
        }
        let links = groups * a * (a - 1) / 2 + groups * (groups - 1) / 2;
        if links > MAX_LINKS {
            return Err(spec.error(format!(
                "{links} links is above the limit of {MAX_LINKS}; choose smaller groups"
            )));
        }
        Ok(Box::new(DragonflySpec { p, a, h }))
    },
};

#[derive(Debug, Clone)]
struct DragonflySpec {
    p: usize,
    a: usize,
    h: usize,
}

impl Generate for DragonflySpec {
    fn switch_count(&self) -> usize {
        self.a * (self.a * self.h + 1)
    }
    fn build(&self, spec: &str, _seed: u64, _index: u32) -> Result<Topology> {
        let (p, a, h) = (self.p, self.a, self.h);
        let groups = a * h + 1;
        let n = a * groups;
        let mut topo = Topology::new(spec, Shape::Circle { n }, vec![SwitchInfo::default(); n]);
        let router = |group: usize, i: usize| SwitchId::new(group * a + i);
        for g in 0..groups {
            for i in 0..a {
                for j in i + 1..a {
                    topo.add_link(router(g, i), router(g, j), LinkInfo::default());
                }
            }
        }
        // each pair of groups once: from the lower group's channel to the higher one
        for g in 0..groups {
            for c in g..a * h {
                let other = c + 1; // channel c of group g leads to group c + 1 (> g)
                let back = g; // and arrives on the other group's channel g (g < other)
                topo.add_link(
                    router(g, c / h),
                    router(other, back / h),
                    LinkInfo::default(),
                );
            }
        }
        for s in 0..n {
            for _ in 0..p {
                topo.add_endpoint(SwitchId::new(s));
            }
        }
        Ok(topo)
    }
}

#[cfg(test)]
mod tests {
    use super::super::TopologySpec;

    /// The paper's balanced example: 9 groups of 4 routers, every router of degree
    /// (A − 1) + H local and global links, one global link between every two groups, and a
    /// diameter of 3 router hops (local, global, local).
    #[test]
    fn balanced_dragonfly_has_one_link_between_every_two_groups() {
        let topo = TopologySpec::parse("dragonfly:2:4:2")
            .unwrap()
            .build(1)
            .unwrap();
        let (a, h, groups) = (4, 2, 9);
        assert_eq!(topo.switch_count(), a * groups);
        assert_eq!(topo.endpoint_count(), 2 * a * groups);
        let g = topo.graph();
        for s in g.node_indices() {
            assert_eq!(g.neighbors(s).count(), a - 1 + h, "router {}", s.index());
        }
        let mut between = vec![vec![0; groups]; groups];
        for e in g.edge_indices() {
            let (x, y) = g.edge_endpoints(e).unwrap();
            let (gx, gy) = (x.index() / a, y.index() / a);
            if gx != gy {
                between[gx][gy] += 1;
                between[gy][gx] += 1;
            }
        }
        for (x, row) in between.iter().enumerate() {
            for (y, &count) in row.iter().enumerate() {
                assert_eq!(count, usize::from(x != y), "groups {x} and {y}");
            }
        }
        let far = (0..topo.switch_count())
            .map(|s| {
                petgraph::algo::dijkstra(g, petgraph::graph::NodeIndex::new(s), None, |_| 1)
                    .into_values()
                    .max()
                    .unwrap()
            })
            .max()
            .unwrap();
        assert_eq!(far, 3);
    }

    #[test]
    fn sizes_are_checked_before_building() {
        for bad in [
            "dragonfly:0:4:2",
            "dragonfly:2:4",
            "dragonfly:1:100:100",
            "dragonfly:99999:4:2",
        ] {
            assert!(TopologySpec::parse(bad).is_err(), "{bad}");
        }
    }
}

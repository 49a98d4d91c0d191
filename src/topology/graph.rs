//! The `graph:` generator: a network brought in from a file (`topology::import`), carried in
//! its spec as the canonical edge list, deflated and in URL-safe base64, so a Scenario and its
//! permalink hold the network itself and open anywhere. `graph_spec` writes it; the CLI's
//! `file:PATH` and the page's file picker both come here.

use super::import::{read_edge_list, Network};
use super::{Generate, Generator};
use crate::model::{LinkInfo, Shape, SwitchId, SwitchInfo, Topology};
use crate::{Error, Result};
use std::sync::Arc;

/// The longest `graph:` spec: it must fit a Scenario file (`MAX_SCENARIO_FILE_BYTES`, 1 MiB)
/// with the rest of the Scenario. About 150,000 links of a random network, more of a regular
/// one.
pub const MAX_GRAPH_SPEC_BYTES: usize = 900 * 1024;

/// The longest canonical edge list a `graph:` spec may unpack to (a deflate bomb stops here):
/// `MAX_LINKS` links of two five-digit ids.
const MAX_EDGE_LIST_BYTES: usize = 16 << 20;

pub(super) const GRAPH: Generator = Generator {
    name: "graph",
    aliases: &[],
    syntax: "graph:… (a network brought in from a file: topolab --topology file:PATH)",
    max_spec_bytes: MAX_GRAPH_SPEC_BYTES,
    parse: |spec| {
        let payload = spec.arg(0).unwrap_or("");
        let network = unpack(spec.text, payload)?;
        Ok(Box::new(GraphSpec {
            network: Arc::new(network),
        }))
    },
};

/// The `graph:` spec of `network`, refused (with the sizes) above `MAX_GRAPH_SPEC_BYTES`.
pub fn graph_spec(name: &str, network: &Network) -> Result<String> {
    let spec = format!("graph:{}", crate::spec::pack(&network.edge_list()));
    if spec.len() > MAX_GRAPH_SPEC_BYTES {
        return Err(Error::TooLarge {
            what: format!(
                "the packed size of '{name}' ({} switches, {} links), in bytes,",
                network.switches,
                network.links.len()
            ),
            value: spec.len(),
            limit: MAX_GRAPH_SPEC_BYTES,
            hint: "a network brought in must fit a Scenario file; use a generator (mesh, lrt, …) for larger networks".into(),
        });
    }
    Ok(spec)
}

/// The network a `graph:` spec carries.
fn unpack(text: &str, payload: &str) -> Result<Network> {
    let damaged = |why: &str| {
        Error::topology(
            text,
            format!("{why}: a graph: spec is written by Topolab from a file (--topology file:PATH), not by hand"),
        )
    };
    let list = crate::spec::unpack(payload, MAX_EDGE_LIST_BYTES)
        .map_err(|why| damaged(&format!("its network is {why}")))?;
    read_edge_list(&crate::error::shorten(text), &list)
}

#[derive(Debug, Clone)]
struct GraphSpec {
    network: Arc<Network>,
}

impl Generate for GraphSpec {
    fn switch_count(&self) -> usize {
        self.network.switches
    }

    fn build(&self, _spec: &str, _seed: u64, _index: u32) -> Result<Topology> {
        let n = &self.network;
        // its name in titles, errors and exports: what it is, not its 900 KiB of payload
        let name = format!(
            "graph: from a file ({} switches, {} links, {} endpoints)",
            n.switches,
            n.links.len(),
            n.endpoint_count()
        );
        let shape = match &n.positions {
            Some(positions) => Shape::Placed {
                positions: positions.clone(),
            },
            None => Shape::Irregular,
        };
        let mut topo = Topology::new(name, shape, vec![SwitchInfo::default(); n.switches]);
        for &(a, b) in &n.links {
            topo.add_link(SwitchId(a), SwitchId(b), LinkInfo::default());
        }
        for (s, &k) in n.endpoints.iter().enumerate() {
            for _ in 0..k {
                topo.add_endpoint(SwitchId::new(s));
            }
        }
        Ok(topo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::{import, TopologySpec};

    #[test]
    fn a_file_becomes_a_spec_that_builds_it() {
        let net = import::read("ring.txt", "0 1\n1 2\n2 3\n3 0\nendpoints 1 2\n").unwrap();
        let spec = graph_spec("ring.txt", &net).unwrap();
        assert!(spec.starts_with("graph:"), "{spec}");
        let parsed = TopologySpec::parse(&spec).unwrap();
        assert_eq!(parsed.switch_count(), 4);
        let topo = parsed.build(1).unwrap();
        assert_eq!(
            (
                topo.switch_count(),
                topo.link_count(),
                topo.endpoint_count()
            ),
            (4, 4, 5)
        );
        assert_eq!(
            topo.spec(),
            "graph: from a file (4 switches, 4 links, 5 endpoints)"
        );
    }

    #[test]
    fn damaged_payloads_are_refused_clearly() {
        let e = TopologySpec::parse("graph:!!!").unwrap_err().to_string();
        assert!(e.contains("damaged (not base64)"), "{e}");
        let e = TopologySpec::parse("graph:AAAA").unwrap_err().to_string();
        assert!(e.contains("damaged"), "{e}");
        // a deflate bomb: 64 MiB of zeros packs small, and stops at the unpack limit
        let spec = format!("graph:{}", crate::spec::pack(&"0".repeat(64 << 20)));
        let e = TopologySpec::parse(&spec).unwrap_err().to_string();
        assert!(e.contains("too large to unpack"), "{e}");
        // longer than any spec may be
        let e = TopologySpec::parse(&format!("graph:{}", "A".repeat(MAX_GRAPH_SPEC_BYTES)))
            .unwrap_err()
            .to_string();
        assert!(e.contains("at most"), "{e}");
        // other generators keep the short limit
        let e = TopologySpec::parse(&format!("mesh:{}", "8x".repeat(200)))
            .unwrap_err()
            .to_string();
        assert!(e.contains("at most 256"), "{e}");
    }
}

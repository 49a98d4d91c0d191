//! Topology generators and the spec strings that name them (`mesh:8x8`, `torus:4x4x4`,
//! `hypercube:6`, `fattree:16:3`, `full:16`, `lrt:64:4:2`). A spec is parsed once into a
//! `TopologySpec`, which has checked every size against the limits below before anything is
//! allocated; building it is a separate step that takes the seed. A generator is one module
//! with a `Generator` entry, listed once in `GENERATORS`.

pub mod dualplane;
mod dragonfly;
mod fattree;
mod full;
mod graph;
mod grid;
pub mod import;
mod lrt;
mod tree2;

pub use graph::{graph_spec, MAX_GRAPH_SPEC_BYTES};

use crate::model::Topology;
use crate::spec::{find, Named, Spec};
use crate::{Error, Result};
use std::fmt;
use std::sync::Arc;

/// Most switches a topology may have for analysis (drawing has its own, smaller limit).
pub const MAX_SWITCHES: usize = 65_536;
/// Most links a topology may have for analysis.
pub const MAX_LINKS: usize = 1 << 20;
/// Most endpoints a topology may have.
pub const MAX_ENDPOINTS: usize = 65_536;

/// A checked generator configuration: what a spec string describes, ready to build.
pub(crate) trait Generate: fmt::Debug + Send + Sync {
    /// Switches the network has (already checked against `MAX_SWITCHES`).
    fn switch_count(&self) -> usize;
    /// Build the network; `spec` is its name, random generators draw from topology stream
    /// `index` of `seed`.
    fn build(&self, spec: &str, seed: u64, index: u32) -> Result<Topology>;
}

/// One family of networks: its name in specs, its syntax (shown in the page and in errors),
/// and the parser that checks a spec's arguments.
pub(crate) struct Generator {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub syntax: &'static str,
    /// The longest spec it reads (`spec::MAX_SPEC_BYTES` but for networks carried whole).
    pub max_spec_bytes: usize,
    pub parse: fn(&Spec<'_>) -> Result<Box<dyn Generate>>,
}

impl Named for Generator {
    fn name(&self) -> &'static str {
        self.name
    }
    fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }
    fn max_spec_bytes(&self) -> usize {
        self.max_spec_bytes
    }
}

/// Every generator, in the order the page lists them.
pub(crate) const GENERATORS: &[Generator] = &[
    grid::MESH,
    grid::TORUS,
    grid::HYPERCUBE,
    fattree::FAT_TREE,
    full::FULL,
    dragonfly::DRAGONFLY,
    lrt::LRT,
    dualplane::DUAL,
    tree2::TREE2,
    graph::GRAPH,
];

/// Format names a network file was once written with (`graphml:PATH`), now `file:PATH`.
const FILE_KINDS: &[&str] = &[
    "graphml",
    "anynet",
    "edgelist",
    "edge-list",
    "edges",
    "booksim",
    "xml",
];

/// A parsed and checked topology spec.
#[derive(Debug, Clone)]
pub struct TopologySpec {
    text: String,
    /// The generator's name (`mesh`, `fattree`, `graph`, …).
    kind: &'static str,
    generator: Arc<dyn Generate>,
}

impl TopologySpec {
    /// Parse `text` and check its sizes (nothing is allocated).
    pub fn parse(text: &str) -> Result<Self> {
        let spec = topology_spec(text);
        if FILE_KINDS.contains(&spec.name.as_str()) {
            // the spelling of a file by its format, before `file:` (it reads every format)
            return Err(spec.error(format!(
                "a network file is named file:PATH, whatever its format ({} are told apart by their content), not {}:PATH",
                "GraphML, an edge list and BookSim's anynet", spec.name
            )));
        }
        let generator = find(GENERATORS, &spec, "generator")?;
        let parsed = (generator.parse)(&spec)?;
        spec.finish(&format!("write {}", generator.syntax))?;
        Ok(TopologySpec {
            text: spec.text.to_string(),
            kind: generator.name,
            generator: Arc::from(parsed),
        })
    }
    /// The generator's name (`mesh`, `torus`, `fattree`, `graph` for a file, …).
    pub fn kind(&self) -> &'static str {
        self.kind
    }
    /// The spec as written (trimmed).
    pub fn text(&self) -> &str {
        &self.text
    }
    /// Switches the network will have.
    pub fn switch_count(&self) -> usize {
        self.generator.switch_count()
    }
    /// Build the network (random generators draw from `seed`).
    pub fn build(&self, seed: u64) -> Result<Topology> {
        self.build_nth(seed, 0)
    }
    /// Build network number `index` of `seed` (independent random networks for a study).
    pub fn build_nth(&self, seed: u64, index: u32) -> Result<Topology> {
        self.generator.build(&self.text, seed, index)
    }
}

impl std::str::FromStr for TopologySpec {
    type Err = Error;
    fn from_str(text: &str) -> Result<Self> {
        TopologySpec::parse(text)
    }
}

impl fmt::Display for TopologySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

fn topology_spec(text: &str) -> Spec<'_> {
    Spec::split(text, Error::topology)
}

/// Build the topology a spec string names (random generators use seed 1).
pub fn build(spec: &str) -> Result<Topology> {
    build_seeded(spec, 1)
}

/// Build the topology a spec string names; random generators (lrt) draw from `seed`.
pub fn build_seeded(spec: &str, seed: u64) -> Result<Topology> {
    TopologySpec::parse(spec)?.build(seed)
}

/// Check a switch count against `MAX_SWITCHES`, computing it without overflow.
pub(crate) fn check_switches(spec: &Spec<'_>, factors: &[usize]) -> Result<usize> {
    // u128 with saturation, so the count is reported as asked, even beyond usize on wasm32
    let total = factors
        .iter()
        .fold(1u128, |t, &f| t.saturating_mul(f as u128));
    if total > MAX_SWITCHES as u128 {
        let shown = if total == u128::MAX {
            "more than 10^38".to_string()
        } else {
            total.to_string()
        };
        return Err(spec.error(format!(
            "{shown} switches is above the limit of {MAX_SWITCHES}; choose a smaller network"
        )));
    }
    Ok(total as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_named_networks() {
        let cases = [
            ("mesh:8x8", 64, 112, 64),
            ("torus:4x4x4", 64, 192, 64),
            ("hypercube:6", 64, 192, 64),
            ("full:16", 16, 120, 16),
            ("fattree:4:3", 48, 128, 64),
            ("fattree:16:3", 768, 8192, 4096),
            ("mesh:16x16x16", 4096, 3 * 16 * 16 * 15, 4096),
        ];
        for (spec, switches, links, endpoints) in cases {
            let t = build(spec).unwrap();
            assert_eq!(
                (t.switch_count(), t.link_count(), t.endpoint_count()),
                (switches, links, endpoints),
                "{spec}"
            );
            assert_eq!(TopologySpec::parse(spec).unwrap().switch_count(), switches);
        }
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        let msg = |s: &str| TopologySpec::parse(s).unwrap_err().to_string();
        assert!(
            msg("mesh:8x0").contains("every side must be ≥ 2"),
            "{}",
            msg("mesh:8x0")
        );
        assert!(msg("torus:2x4").contains("≥ 3"));
        assert!(msg("mesh:8xa").contains("not a whole number"));
        assert!(msg("mesg:8x8").contains("did you mean mesh"));
        assert!(msg("mesh:10000x1000").contains("limit of 65536"));
        assert!(msg("full:100000000000000000").contains("limit"));
        assert!(msg("fattree:4").contains("fattree:K:N"));
        assert!(msg("hypercube:40").contains("between 1 and 16"));
        assert!(msg("lrt:60:4:2").contains("square"));
        assert!(msg("lrt:9:3:2").contains("even"));
    }
}

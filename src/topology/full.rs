//! Fully connected network: every pair of switches linked once, one endpoint per switch.

use super::{check_switches, Generate, Generator};
use crate::model::{LinkInfo, Shape, SwitchId, SwitchInfo, Topology};
use crate::{Error, Result};

/// Most switches of a full network: it has n(n−1)/2 links.
/// (full:1024 analyses in about 1 s; full:2048 took 8 s and full:4096 over 30 s.)
const MAX_FULL_SWITCHES: usize = 1024;

pub(super) const FULL: Generator = Generator {
    name: "full",
    aliases: &[],
    syntax: "full:N (N fully connected switches)",
    max_spec_bytes: crate::spec::MAX_SPEC_BYTES,
    parse: |spec| {
        let n = spec.whole(0, "N")?;
        if n < 2 {
            return Err(spec.error("needs at least 2 switches"));
        }
        check_switches(spec, &[n])?;
        if n > MAX_FULL_SWITCHES {
            return Err(Error::TooLarge {
                what: format!("the switch count of '{}'", spec.text),
                value: n,
                limit: MAX_FULL_SWITCHES,
                hint: "a full network has n(n−1)/2 links; use at most 1024 switches".into(),
            });
        }
        Ok(Box::new(FullSpec { n }))
    },
};

#[derive(Debug, Clone)]
struct FullSpec {
    n: usize,
}

impl Generate for FullSpec {
    fn switch_count(&self) -> usize {
        self.n
    }
    fn build(&self, spec: &str, _seed: u64, _index: u32) -> Result<Topology> {
        Ok(full(spec, self.n))
    }
}

/// Build `full:n` (n already checked).
fn full(spec: &str, n: usize) -> Topology {
    let mut topo = Topology::new(spec, Shape::Full { n }, vec![SwitchInfo::default(); n]);
    for a in 0..n {
        for b in a + 1..n {
            topo.add_link(SwitchId::new(a), SwitchId::new(b), LinkInfo::default());
        }
    }
    for s in 0..n {
        topo.add_endpoint(SwitchId::new(s));
    }
    topo
}

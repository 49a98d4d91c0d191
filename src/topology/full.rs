//! Fully connected network: every pair of switches linked once, one endpoint per switch.

use super::check_switches;
use crate::model::{LinkInfo, Shape, SwitchId, SwitchInfo, Topology};
use crate::{Error, Result};

/// Build `full:n`.
pub fn full(spec: &str, n: usize) -> Result<Topology> {
    if n < 2 {
        return Err(Error::topology(spec, "needs at least 2 switches"));
    }
    check_switches(spec, &[n])?;
    if n > 4096 {
        return Err(Error::TooLarge {
            what: format!("the switch count of '{spec}'"),
            value: n,
            limit: 4096,
            hint: "a full network has n(n-1)/2 links; use at most 4096 switches".into(),
        });
    }
    let mut topo = Topology::new(spec, Shape::Full { n }, vec![SwitchInfo::default(); n]);
    for a in 0..n {
        for b in a + 1..n {
            topo.add_link(SwitchId::new(a), SwitchId::new(b), LinkInfo::default());
        }
    }
    for s in 0..n {
        topo.add_endpoint(SwitchId::new(s));
    }
    Ok(topo)
}

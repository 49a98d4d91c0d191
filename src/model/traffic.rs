//! Traffic: the communications c(s, d) of a pattern, between endpoints.

use super::EndpointId;
use serde::{Deserialize, Serialize};

/// One communication from a source endpoint to a destination endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flow {
    pub src: EndpointId,
    pub dst: EndpointId,
    /// Size of the communication in bytes (demand matrices, papers 001 and 003); 0 when the
    /// flow is just a circuit or a path, as in paper 000's patterns.
    #[serde(default)]
    pub bytes: u64,
}

/// The communications of one pattern, in the order the pattern generates them (by source).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Traffic {
    pub flows: Vec<Flow>,
}

impl Traffic {
    /// Traffic from `(src, dst)` endpoint index pairs.
    pub(crate) fn from_pairs(pairs: impl IntoIterator<Item = (usize, usize)>) -> Self {
        Traffic {
            flows: pairs
                .into_iter()
                .map(|(s, d)| Flow {
                    src: EndpointId::new(s),
                    dst: EndpointId::new(d),
                    bytes: 0,
                })
                .collect(),
        }
    }

    /// Bytes over all flows.
    pub fn total_bytes(&self) -> u64 {
        self.flows.iter().map(|f| f.bytes).sum()
    }
}

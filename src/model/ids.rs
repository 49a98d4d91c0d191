//! Typed ids, so a switch can never be passed where an endpoint or a channel is meant.

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u32);
        impl $name {
            /// The id as an index into per-item vectors.
            pub fn index(self) -> usize {
                self.0 as usize
            }
            /// The id of the `i`-th item.
            pub fn new(i: usize) -> Self {
                $name(i as u32)
            }
        }
    };
}

id_type!(
    /// A switch (router). Numbered from 0; on grids row-major with dimension 0 fastest.
    SwitchId
);
id_type!(
    /// An end node (compute node). One per switch on direct networks.
    EndpointId
);
id_type!(
    /// A full-duplex inter-switch link.
    LinkId
);
id_type!(
    /// One direction of a link: `2·link` runs from the link's first switch to its second,
    /// `2·link + 1` back. Loads and slots are counted per channel (paper 000 §3.2).
    ChannelId
);

impl ChannelId {
    /// The link this channel is one direction of.
    pub fn link(self) -> LinkId {
        LinkId(self.0 / 2)
    }
    /// The channel in the opposite direction on the same link.
    pub fn reverse(self) -> ChannelId {
        ChannelId(self.0 ^ 1)
    }
}

//! The data every lab shares: a `Topology` of switches, endpoints and full-duplex links, the
//! `Traffic` (communications) placed on it, the `Path` a communication takes, and the grid
//! coordinates switches may sit on.
//! Knows nothing of generators, routing or analyses.

mod grid;
mod ids;
mod path;
mod topo;
mod traffic;

pub use grid::GridShape;
pub use ids::{ChannelId, EndpointId, LinkId, SwitchId};
pub use path::{Path, PathSet};
pub use topo::{LinkInfo, LinkKind, Shape, SwitchInfo, Topology};
pub use traffic::{Flow, Traffic};

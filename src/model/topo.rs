//! A network: switches, endpoints attached to switches, full-duplex inter-switch links. The
//! graph is a petgraph `UnGraph`, so the standard algorithms (BFS, components) run on it directly.

use super::{ChannelId, EndpointId, GridShape, LinkId, SwitchId};
use petgraph::graph::{EdgeIndex, NodeIndex, UnGraph};
use petgraph::visit::EdgeRef;
use serde::{Deserialize, Serialize};

/// What a switch is, beyond its id.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwitchInfo {
    /// Layer in a layered network (fat-tree: 0 = root layer); 0 elsewhere.
    pub layer: u32,
}

/// The technology of a link.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LinkKind {
    #[default]
    Electrical,
    Optical,
}

/// What a link is, beyond the switches it joins.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct LinkInfo {
    pub kind: LinkKind,
    pub bandwidth_gbps: f64,
    pub length_m: f64,
    /// Plane in multi-plane networks (dual-plane hypercubes); 0 elsewhere.
    pub plane: u8,
}

impl Default for LinkInfo {
    fn default() -> Self {
        LinkInfo {
            kind: LinkKind::Electrical,
            bandwidth_gbps: 100.0,
            length_m: 1.0,
            plane: 0,
        }
    }
}

/// The regular structure a generator built, which routers (DOR, up/down), traffic patterns
/// (digit patterns) and layouts use instead of guessing it back from the graph.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Shape {
    /// n-D mesh or torus; switch `i = Σ c_d · Π_{e<d} dims[e]` (dimension 0 fastest).
    Grid { dims: Vec<usize>, wrap: bool },
    /// k-ary n-tree: `levels` layers of k^(levels-1) switches, k^levels endpoints on the leaves.
    FatTree { k: usize, levels: usize },
    /// Fully connected switches.
    Full { n: usize },
    /// Switches on an n×n floor grid (switch i at (i mod n, i div n)) with irregular links
    /// (layout-conscious random topologies, paper 002).
    Floor { side: usize },
    /// Two planes of 2ⁿ switches (paper 004): switch s of plane p is id p·2ⁿ + s; plane 0 a
    /// hypercube (or folded hypercube), plane 1 from `generators` (with the folded one).
    DualPlane {
        n: u32,
        folded: bool,
        generators: Vec<u32>,
    },
    /// A two-level tree (paper 001): edge switches 0…edges−1, the upper switch `edges`.
    Tree2 { edges: usize, nodes_per_edge: usize },
    /// Switches on a circle in id order with configured links (paper 003's LC graphs, a
    /// dragonfly's groups side by side).
    Circle { n: usize },
    /// No known regularity.
    Irregular,
    /// No known regularity, with where each switch is drawn (a network from a file that has
    /// positions, `topology::import`), in the file's units.
    Placed { positions: Vec<(f64, f64)> },
}

impl Shape {
    /// The grid the switches sit on, for grids and floors (coordinates, Manhattan distance).
    pub fn grid(&self) -> Option<GridShape> {
        match self {
            Shape::Grid { dims, .. } => Some(GridShape::new(dims.clone())),
            Shape::Floor { side } => Some(GridShape::square(*side)),
            _ => None,
        }
    }
}

/// A built network.
#[derive(Debug, Clone)]
pub struct Topology {
    spec: String,
    shape: Shape,
    graph: UnGraph<SwitchInfo, LinkInfo, u32>,
    /// Switches of every endpoint, flat: endpoint e attaches to
    /// `attached[attach_offsets[e]..attach_offsets[e + 1]]`, its home switch first.
    attached: Vec<SwitchId>,
    attach_offsets: Vec<u32>,
}

impl Topology {
    /// A topology with `switches` switches and no links yet.
    pub fn new(spec: impl Into<String>, shape: Shape, switches: Vec<SwitchInfo>) -> Self {
        let mut graph = UnGraph::with_capacity(switches.len(), switches.len() * 2);
        for s in switches {
            graph.add_node(s);
        }
        Topology {
            spec: spec.into(),
            shape,
            graph,
            attached: Vec::new(),
            attach_offsets: vec![0],
        }
    }

    /// Join two switches with a full-duplex link.
    pub(crate) fn add_link(&mut self, a: SwitchId, b: SwitchId, info: LinkInfo) -> LinkId {
        LinkId(
            self.graph
                .add_edge(NodeIndex::new(a.index()), NodeIndex::new(b.index()), info)
                .index() as u32,
        )
    }

    /// Attach a new endpoint to `switch`.
    pub(crate) fn add_endpoint(&mut self, switch: SwitchId) -> EndpointId {
        self.add_endpoint_to(&[switch])
    }

    /// Attach a new endpoint to several switches (a host on two network planes), the first
    /// being its home switch. `switches` must not be empty.
    pub(crate) fn add_endpoint_to(&mut self, switches: &[SwitchId]) -> EndpointId {
        assert!(!switches.is_empty(), "an endpoint attaches to a switch");
        self.attached.extend_from_slice(switches);
        self.attach_offsets.push(self.attached.len() as u32);
        EndpointId::new(self.attach_offsets.len() - 2)
    }

    /// The spec string this topology was built from.
    pub fn spec(&self) -> &str {
        &self.spec
    }
    /// The regular structure, if any.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }
    /// The switch graph (nodes = switches, edges = links), for petgraph algorithms.
    pub fn graph(&self) -> &UnGraph<SwitchInfo, LinkInfo, u32> {
        &self.graph
    }
    /// Number of switches.
    pub fn switch_count(&self) -> usize {
        self.graph.node_count()
    }
    /// Number of full-duplex inter-switch links.
    pub(crate) fn link_count(&self) -> usize {
        self.graph.edge_count()
    }
    /// Number of directed channels (two per link).
    pub fn channel_count(&self) -> usize {
        2 * self.graph.edge_count()
    }
    /// Number of endpoints.
    pub fn endpoint_count(&self) -> usize {
        self.attach_offsets.len() - 1
    }
    /// The (home) switch an endpoint hangs off.
    pub fn endpoint_switch(&self, e: EndpointId) -> SwitchId {
        self.attached[self.attach_offsets[e.index()] as usize]
    }
    /// Every switch an endpoint attaches to, its home switch first.
    pub(crate) fn endpoint_switches(&self, e: EndpointId) -> &[SwitchId] {
        &self.attached
            [self.attach_offsets[e.index()] as usize..self.attach_offsets[e.index() + 1] as usize]
    }
    /// The most switches any endpoint attaches to (its network ports; 2 on a dual-plane
    /// network), 0 without endpoints.
    pub(crate) fn max_endpoint_ports(&self) -> usize {
        self.attach_offsets
            .windows(2)
            .map(|w| (w[1] - w[0]) as usize)
            .max()
            .unwrap_or(0)
    }
    /// Every endpoint's attachments counted: the network ports of all endpoints.
    pub(crate) fn endpoint_port_count(&self) -> usize {
        self.attached.len()
    }
    /// Switch info (layer).
    pub(crate) fn switch_info(&self, s: SwitchId) -> SwitchInfo {
        self.graph[NodeIndex::new(s.index())]
    }
    /// Link info.
    pub fn link_info(&self, l: LinkId) -> LinkInfo {
        self.graph[EdgeIndex::new(l.index())]
    }
    /// The two switches of a link, in the order it was added.
    pub(crate) fn link_ends(&self, l: LinkId) -> (SwitchId, SwitchId) {
        let (a, b) = self
            .graph
            .edge_endpoints(EdgeIndex::new(l.index()))
            .expect("link id from this topology");
        (SwitchId::new(a.index()), SwitchId::new(b.index()))
    }
    /// The switch a channel leaves from and the switch it enters.
    pub fn channel_ends(&self, c: ChannelId) -> (SwitchId, SwitchId) {
        let (a, b) = self.link_ends(c.link());
        if c.0.is_multiple_of(2) {
            (a, b)
        } else {
            (b, a)
        }
    }
    /// The channel from `from` to `to` over the first link joining them, if they are adjacent.
    #[inline]
    pub fn channel_between(&self, from: SwitchId, to: SwitchId) -> Option<ChannelId> {
        let e = self
            .graph
            .find_edge(NodeIndex::new(from.index()), NodeIndex::new(to.index()))?;
        let (a, _) = self.graph.edge_endpoints(e)?;
        let dir = u32::from(a.index() != from.index());
        Some(ChannelId(e.index() as u32 * 2 + dir))
    }
    /// Switches adjacent to `s` (once per link, so parallel links repeat a neighbour).
    #[inline]
    pub(crate) fn neighbors(&self, s: SwitchId) -> impl Iterator<Item = SwitchId> + '_ {
        self.graph.edges(NodeIndex::new(s.index())).map(move |e| {
            let other = if e.source().index() == s.index() {
                e.target()
            } else {
                e.source()
            };
            SwitchId::new(other.index())
        })
    }
    /// Number of inter-switch links at `s` (its switch-to-switch degree).
    pub fn degree(&self, s: SwitchId) -> usize {
        self.graph.edges(NodeIndex::new(s.index())).count()
    }
    /// Endpoints per switch, indexed by switch.
    pub fn endpoints_per_switch(&self) -> Vec<u32> {
        let mut count = vec![0u32; self.switch_count()];
        for e in 0..self.endpoint_count() {
            count[self.endpoint_switch(EndpointId::new(e)).index()] += 1;
        }
        count
    }
    /// Radices of the endpoint address used by digit patterns (tornado, neighbor): the grid's
    /// dimensions, `[k; n]` for a k-ary n-tree, `[n]` otherwise.
    pub(crate) fn address_radices(&self) -> Vec<usize> {
        match &self.shape {
            Shape::Grid { dims, .. } => dims.clone(),
            Shape::FatTree { k, levels } => vec![*k; *levels],
            Shape::Floor { side } => vec![*side, *side],
            _ => vec![self.endpoint_count()],
        }
    }
}

//! The network TOPOGEN grows (paper 000 §4): switches, the end nodes on each, and links
//! (parallel links allowed). A switch's degree counts its end nodes and its links, as in Fig. 5.

use crate::model::{LinkInfo, Shape, SwitchId, SwitchInfo, Topology};

/// `n` things, in words ("1 link", "4 links").
fn count(n: u32, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// Switches, end-node placement and links of a generated network.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenState {
    pub max_degree: usize,
    /// Switch of each end node.
    pub endpoint_switch: Vec<u32>,
    /// Links in the order they were added (a link's id is its index).
    pub links: Vec<(u32, u32)>,
    nodes_at: Vec<u32>,
    links_at: Vec<u32>,
    /// Switches that take no new link (failed, §5.3).
    closed: Vec<bool>,
}

impl GenState {
    /// One giant switch holding all `nodes` end nodes (Alg. 1, line 2).
    pub fn giant(nodes: usize, max_degree: usize) -> Self {
        GenState {
            max_degree,
            endpoint_switch: vec![0; nodes],
            links: Vec::new(),
            nodes_at: vec![nodes as u32],
            links_at: vec![0],
            closed: vec![false],
        }
    }
    /// A given network to start from instead of one giant switch (its switches, links and end
    /// nodes, as a `Topology`): refused where an end node sits on several switches or a
    /// switch's degree (end nodes + links) is above `max_degree`, naming the switch.
    pub fn from_topology(topo: &Topology, max_degree: usize) -> crate::Result<Self> {
        let n = topo.switch_count();
        let mut state = GenState {
            max_degree,
            endpoint_switch: Vec::with_capacity(topo.endpoint_count()),
            links: Vec::with_capacity(topo.link_count()),
            nodes_at: vec![0; n],
            links_at: vec![0; n],
            closed: vec![false; n],
        };
        for e in 0..topo.endpoint_count() {
            let on = topo.endpoint_switches(crate::model::EndpointId::new(e));
            if on.len() != 1 {
                return Err(crate::Error::invalid(
                    "start",
                    format!("end node {e} of '{}' sits on {} switches; TOPOGEN places an end node on one switch", crate::error::shorten(topo.spec()), on.len()),
                ));
            }
            state.endpoint_switch.push(on[0].0);
            state.nodes_at[on[0].index()] += 1;
        }
        for l in 0..topo.link_count() {
            let (a, b) = topo.link_ends(crate::model::LinkId::new(l));
            state.add_link(a.0, b.0);
        }
        if let Some(s) = (0..n as u32).find(|&s| state.degree(s) > max_degree) {
            return Err(crate::Error::invalid(
                "start",
                format!(
                    "switch {s} of the starting network has degree {} ({} + {}), above the maximum degree {max_degree}: raise the degree, or start from another network",
                    state.degree(s),
                    count(state.nodes_at[s as usize], "end node"),
                    count(state.links_at[s as usize], "link")
                ),
            ));
        }
        Ok(state)
    }

    pub fn switch_count(&self) -> usize {
        self.nodes_at.len()
    }
    /// End nodes plus links at `s`.
    pub fn degree(&self, s: u32) -> usize {
        (self.nodes_at[s as usize] + self.links_at[s as usize]) as usize
    }
    pub(crate) fn nodes_at(&self, s: u32) -> usize {
        self.nodes_at[s as usize] as usize
    }
    /// True when `s` can take one more port.
    pub(crate) fn has_spare_port(&self, s: u32) -> bool {
        !self.closed[s as usize] && self.degree(s) < self.max_degree
    }
    /// The largest degree of any switch.
    pub(crate) fn max_switch_degree(&self) -> usize {
        (0..self.switch_count() as u32)
            .map(|s| self.degree(s))
            .max()
            .unwrap_or(0)
    }
    pub(crate) fn add_switch(&mut self) -> u32 {
        self.nodes_at.push(0);
        self.links_at.push(0);
        self.closed.push(false);
        (self.nodes_at.len() - 1) as u32
    }
    pub(crate) fn add_link(&mut self, a: u32, b: u32) {
        self.links.push((a, b));
        self.links_at[a as usize] += 1;
        self.links_at[b as usize] += 1;
    }
    /// Fail the switches `failed` (§5.3): their links go down and they take no new one; their
    /// end nodes stay on them. Returns every link's id afterwards (`None`: gone).
    pub(crate) fn fail_switches(&mut self, failed: &[u32]) -> Vec<Option<u32>> {
        let mut ids = Vec::with_capacity(self.links.len());
        let mut kept = Vec::with_capacity(self.links.len());
        for &(a, b) in &self.links {
            if failed.contains(&a) || failed.contains(&b) {
                self.links_at[a as usize] -= 1;
                self.links_at[b as usize] -= 1;
                ids.push(None);
            } else {
                ids.push(Some(kept.len() as u32));
                kept.push((a, b));
            }
        }
        self.links = kept;
        for &s in failed {
            self.closed[s as usize] = true;
        }
        ids
    }
    /// Move the `from` end of link `i` to switch `to` (the link keeps its id).
    pub(crate) fn relink(&mut self, i: usize, from: u32, to: u32) {
        let (a, b) = self.links[i];
        self.links[i] = if a == from { (to, b) } else { (a, to) };
        self.links_at[from as usize] -= 1;
        self.links_at[to as usize] += 1;
    }
    pub(crate) fn move_endpoint(&mut self, e: u32, to: u32) {
        let from = self.endpoint_switch[e as usize];
        self.nodes_at[from as usize] -= 1;
        self.nodes_at[to as usize] += 1;
        self.endpoint_switch[e as usize] = to;
    }
    /// Exchange the switches of two end nodes (degrees are unchanged, §4.2).
    pub(crate) fn swap_endpoints(&mut self, a: u32, b: u32) {
        self.endpoint_switch.swap(a as usize, b as usize);
    }
    /// End nodes on switch `s`, ascending.
    pub(crate) fn endpoints_of(&self, s: u32) -> Vec<u32> {
        (0..self.endpoint_switch.len() as u32)
            .filter(|&e| self.endpoint_switch[e as usize] == s)
            .collect()
    }
    /// Distinct switches linked to `s`, ascending.
    pub(crate) fn neighbors(&self, s: u32) -> Vec<u32> {
        let mut n: Vec<u32> = self
            .links
            .iter()
            .filter_map(|&(a, b)| {
                if a == s {
                    Some(b)
                } else if b == s {
                    Some(a)
                } else {
                    None
                }
            })
            .collect();
        n.sort_unstable();
        n.dedup();
        n
    }
    /// Apply one recorded change (replaying a trace to a step).
    pub(crate) fn apply(&mut self, change: &crate::trace::Change) {
        use crate::trace::Change;
        match *change {
            Change::AddSwitch { switch } => {
                while self.switch_count() <= switch as usize {
                    self.add_switch();
                }
            }
            Change::AddLink { a, b } => self.add_link(a, b),
            Change::RemoveLink { a, b } => {
                if let Some(i) = self.links.iter().rposition(|&l| l == (a, b) || l == (b, a)) {
                    self.links.remove(i);
                    self.links_at[a as usize] -= 1;
                    self.links_at[b as usize] -= 1;
                }
            }
            Change::MoveEndpoint { endpoint, to } => self.move_endpoint(endpoint, to),
            Change::ChannelSlots { .. } | Change::FlowSlots { .. } => {}
        }
    }

    /// The network as a `Topology` (link i keeps id i, so channel ids are stable as links are added).
    pub fn topology(&self) -> Topology {
        let mut topo = Topology::new(
            "topogen",
            Shape::Irregular,
            vec![SwitchInfo::default(); self.switch_count()],
        );
        for &(a, b) in &self.links {
            topo.add_link(SwitchId(a), SwitchId(b), LinkInfo::default());
        }
        for &s in &self.endpoint_switch {
            topo.add_endpoint(SwitchId(s));
        }
        topo
    }
}

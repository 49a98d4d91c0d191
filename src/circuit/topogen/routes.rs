//! Routes of the pattern's communications over a generated network, with channel loads kept up
//! to date as single routes change. Routes are shortest paths ("Dijkstra" in §4.3; with unit
//! link weights that is BFS, done by the shared `ShortestPath` router) until a link-optimization
//! step diverts some of them.

use super::state::GenState;
use crate::analysis::busiest_channels;
use crate::model::{ChannelId, Path, SwitchId, Topology};
use crate::routing::ShortestPath;
use crate::Result;

/// Routes and loads for one placement of end nodes.
#[derive(Debug, Clone)]
pub struct RouteState {
    pub topo: Topology,
    /// `dist[d][a]`: hops from switch a to switch d.
    dist: Vec<Vec<u32>>,
    pub paths: Vec<Path>,
    pub loads: Vec<u32>,
}

impl RouteState {
    /// Shortest routes for every communication (endpoint pairs).
    pub fn new(state: &GenState, comms: &[(u32, u32)]) -> Result<Self> {
        let mut r = RouteState::with_paths(state, Vec::new());
        for &(s, d) in comms {
            let p = r.shortest(
                SwitchId(state.endpoint_switch[s as usize]),
                SwitchId(state.endpoint_switch[d as usize]),
            )?;
            r.add_load(&p, 1);
            r.paths.push(p);
        }
        Ok(r)
    }

    /// Distances for `state`'s current links, keeping the given routes (channel ids are stable
    /// as links are appended; the new links' channels start unloaded).
    pub fn with_paths(state: &GenState, paths: Vec<Path>) -> Self {
        let topo = state.topology();
        let dist = all_distances(&topo);
        let mut r = RouteState {
            loads: vec![0; topo.channel_count()],
            topo,
            dist,
            paths: Vec::new(),
        };
        for p in &paths {
            r.add_load(p, 1);
        }
        r.paths = paths;
        r
    }

    /// Hops between two switches (`u32::MAX` if disconnected).
    pub fn distance(&self, a: u32, b: u32) -> u32 {
        self.dist[b as usize][a as usize]
    }

    /// The shortest path (ties to the lowest switch id).
    pub fn shortest(&self, s: SwitchId, d: SwitchId) -> Result<Path> {
        ShortestPath::new(&self.topo).walk(s, d, &self.dist[d.index()])
    }

    /// N: the largest channel load.
    pub fn max_slots(&self) -> u32 {
        self.loads.iter().copied().max().unwrap_or(0)
    }

    /// Channels at load N.
    pub fn crowded(&self) -> Vec<ChannelId> {
        busiest_channels(&self.loads)
    }

    /// Replace the route of communication `c`.
    pub fn set_path(&mut self, c: usize, path: Path) {
        let old = std::mem::replace(&mut self.paths[c], path);
        self.add_load(&old, -1);
        let new = self.paths[c].clone();
        self.add_load(&new, 1);
    }

    fn add_load(&mut self, p: &Path, delta: i32) {
        for ch in &p.channels {
            self.loads[ch.index()] = (self.loads[ch.index()] as i32 + delta) as u32;
        }
    }

    /// Mean hops over all communications.
    pub fn average_hops(&self) -> f64 {
        if self.paths.is_empty() {
            return 0.0;
        }
        self.paths.iter().map(|p| p.hops()).sum::<usize>() as f64 / self.paths.len() as f64
    }

    /// Communications crossing at least one crowded channel, and how many they cross.
    pub fn on_crowded(&self) -> Vec<(usize, usize)> {
        let n = self.max_slots();
        if n == 0 {
            return Vec::new();
        }
        self.paths
            .iter()
            .enumerate()
            .map(|(c, p)| {
                (
                    c,
                    p.channels
                        .iter()
                        .filter(|ch| self.loads[ch.index()] == n)
                        .count(),
                )
            })
            .filter(|&(_, k)| k > 0)
            .collect()
    }
}

/// Hop distances between all switch pairs: one BFS per switch.
fn all_distances(topo: &Topology) -> Vec<Vec<u32>> {
    let sp = ShortestPath::new(topo);
    (0..topo.switch_count())
        .map(|d| sp.distances_to(SwitchId::new(d)))
        .collect()
}

//! Routes of the pattern's communications over a generated network, with channel loads kept up
//! to date as single routes change. Routes are shortest paths ("Dijkstra" in §4.3; with unit
//! link weights that is BFS, done by the shared `graph::DistanceTable`) until a link-optimization
//! step diverts some of them.

use super::state::GenState;
use crate::graph::{ChannelLoads, DistanceTable};
use crate::model::{ChannelId, Path, PathSet, SwitchId, Topology};
use crate::Result;

/// Routes and loads for one placement of end nodes.
#[derive(Debug, Clone)]
pub struct RouteState {
    pub topo: Topology,
    /// Hops between every pair of switches of `topo`.
    dist: DistanceTable,
    pub paths: Vec<Path>,
    pub loads: ChannelLoads,
}

impl RouteState {
    /// The routes as one circuit each, in communication order (what the TDM round of §5
    /// simulates on the generated topology).
    pub fn circuits(&self) -> PathSet {
        let mut circuits = PathSet::new();
        for p in &self.paths {
            circuits.push_path(p);
        }
        circuits
    }

    /// Shortest routes for every communication (endpoint pairs).
    pub fn new(state: &GenState, comms: &[(u32, u32)]) -> Result<Self> {
        let mut r = RouteState::with_paths(state, Vec::new())?;
        for &(s, d) in comms {
            let p = r.shortest(
                SwitchId(state.endpoint_switch[s as usize]),
                SwitchId(state.endpoint_switch[d as usize]),
            )?;
            r.loads.add(&p.channels);
            r.paths.push(p);
        }
        Ok(r)
    }

    /// Distances for `state`'s current links, keeping the given routes (channel ids are stable
    /// as links are appended; the new links' channels start unloaded).
    pub(crate) fn with_paths(state: &GenState, paths: Vec<Path>) -> Result<Self> {
        let topo = state.topology();
        let dist = DistanceTable::new(&topo)?;
        let mut loads = ChannelLoads::new(topo.channel_count());
        for p in &paths {
            loads.add(&p.channels);
        }
        Ok(RouteState {
            loads,
            topo,
            dist,
            paths,
        })
    }

    /// Catch up with `state` after it gained the links `state.links[from..]` (and perhaps new
    /// switches): distances are relaxed through the new links instead of recomputed, and the
    /// new links' channels start unloaded. Routes are kept as they are.
    pub fn extend(&mut self, state: &GenState, from: usize) -> Result<()> {
        self.topo = state.topology();
        self.dist.extend(&self.topo, &state.links[from..])?;
        let more = self.topo.channel_count() - self.loads.as_slice().len();
        self.loads.grow(more);
        Ok(())
    }

    /// Hops between the ends of every communication, to tell afterwards which ones a change
    /// gave a shorter path.
    pub fn distances(&self, state: &GenState, comms: &super::Comms) -> Vec<u32> {
        (0..comms.pairs.len())
            .map(|c| {
                let (s, d) = comms.switches(state, c);
                self.distance(s, d)
            })
            .collect()
    }

    /// Every communication whose ends moved, or to which the new links gave a path shorter than
    /// both its route and its ends' distance `before` (from `distances`), takes the shortest
    /// path; returns how many changed. A route already longer than the shortest (diverted by
    /// link optimization) keeps its detour unless the new links shorten the way itself.
    pub(crate) fn reroute_shortened(
        &mut self,
        state: &GenState,
        comms: &super::Comms,
        before: &[u32],
    ) -> Result<usize> {
        let mut changed = 0;
        for (c, &was) in before.iter().enumerate() {
            let (s, d) = comms.switches(state, c);
            let p = &self.paths[c];
            let moved =
                p.switches.first() != Some(&SwitchId(s)) || p.switches.last() != Some(&SwitchId(d));
            let now = self.distance(s, d);
            if moved || (now < was && (now as usize) < p.hops()) {
                let p = self.shortest(SwitchId(s), SwitchId(d))?;
                self.set_path(c, p);
                changed += 1;
            }
        }
        Ok(changed)
    }

    /// Hops between two switches (`u32::MAX` if disconnected).
    #[inline]
    pub fn distance(&self, a: u32, b: u32) -> u32 {
        self.dist.distance(a as usize, b as usize)
    }

    /// Hops of every switch to `x` (`u16::MAX` = unreachable).
    pub fn row(&self, x: u32) -> &[u16] {
        self.dist.row(x as usize)
    }

    /// The shortest path (ties to the lowest switch id).
    pub fn shortest(&self, s: SwitchId, d: SwitchId) -> Result<Path> {
        self.dist.path(&self.topo, s, d, "shortest")
    }

    /// The path from `s` to `d` at most `extra` hops longer than the shortest whose most
    /// loaded channel, counting this path, is least loaded; then the fewest hops, then the
    /// first found from the lowest switch ids. `None` when `d` cannot be reached.
    pub(crate) fn least_loaded(&self, s: SwitchId, d: SwitchId, extra: usize) -> Option<Path> {
        let shortest = self.distance(s.0, d.0);
        if shortest == u32::MAX {
            return None;
        }
        let longest = shortest as usize + extra;
        let to_d = self.row(d.0);
        let adjacency = self.dist.adjacency();
        // layer h: the switches an h-hop walk from s reaches with d still within reach, each
        // with its least bottleneck and the entry of layer h − 1 it came from
        let mut layers: Vec<Vec<(u32, u32, u32)>> = vec![vec![(s.0, 0, u32::MAX)]];
        let mut at = vec![u32::MAX; self.topo.switch_count()];
        for h in 1..=longest {
            let mut next: Vec<(u32, u32, u32)> = Vec::new();
            for (i, &(u, worst, _)) in layers[h - 1].iter().enumerate() {
                for &w in adjacency.neighbors(u as usize) {
                    if usize::from(to_d[w as usize]) > longest - h {
                        continue;
                    }
                    let channel = self.topo.channel_between(SwitchId(u), SwitchId(w))?;
                    let b = worst.max(self.loads.get(channel) + 1);
                    match at[w as usize] {
                        u32::MAX => {
                            at[w as usize] = next.len() as u32;
                            next.push((w, b, i as u32));
                        }
                        j if b < next[j as usize].1 => next[j as usize] = (w, b, i as u32),
                        _ => {}
                    }
                }
            }
            for &(w, _, _) in &next {
                at[w as usize] = u32::MAX;
            }
            layers.push(next);
        }
        // the least bottleneck, then the fewest hops (a walk with a cycle never wins: without
        // the cycle it is shorter and no more loaded)
        let (mut hops, mut entry, mut best) = (0, 0, u32::MAX);
        for (h, layer) in layers.iter().enumerate().skip(shortest as usize) {
            if let Some(i) = layer.iter().position(|&(w, _, _)| w == d.0) {
                if layer[i].1 < best {
                    (hops, entry, best) = (h, i, layer[i].1);
                }
            }
        }
        let mut switches = vec![d];
        for h in (1..=hops).rev() {
            entry = layers[h][entry].2 as usize;
            switches.push(SwitchId(layers[h - 1][entry].0));
        }
        switches.reverse();
        Path::through(&self.topo, switches, "least-loaded").ok()
    }

    /// N: the largest channel load.
    pub fn max_slots(&self) -> u32 {
        self.loads.max()
    }

    /// Channels at load N.
    pub(crate) fn crowded(&self) -> Vec<ChannelId> {
        self.loads.busiest()
    }

    /// Replace the route of communication `c`.
    pub(crate) fn set_path(&mut self, c: usize, path: Path) {
        let old = std::mem::replace(&mut self.paths[c], path);
        self.loads.remove(&old.channels);
        self.loads.add(&self.paths[c].channels);
    }

    /// Mean hops over all communications.
    pub fn average_hops(&self) -> f64 {
        if self.paths.is_empty() {
            return 0.0;
        }
        self.paths.iter().map(|p| p.hops()).sum::<usize>() as f64 / self.paths.len() as f64
    }

    /// Communications crossing at least one crowded channel, and how many they cross.
    pub(crate) fn on_crowded(&self) -> Vec<(usize, usize)> {
        let n = self.max_slots();
        if n == 0 {
            return Vec::new();
        }
        // plain loops: this scans every route's channels at each link step (as an iterator
        // chain it was left out of line in the size-optimised WebAssembly)
        let mut out = Vec::new();
        for (c, p) in self.paths.iter().enumerate() {
            let mut k = 0;
            for &ch in &p.channels {
                if self.loads.get(ch) == n {
                    k += 1;
                }
            }
            if k > 0 {
                out.push((c, k));
            }
        }
        out
    }
}

//! Phase 3 of the CTC heuristic (paper 003 §4.2.3): serve the inter-LC demands one by one in
//! a given order. Pass 1 gives a demand s → d a direct link on the first plane k = 1…K where
//! s has a free out-port and d a free in-port (`O_ks < P`, `I_kd < P`: the text's "≤ P" would
//! use P + 1 ports); with the `merged` reading on any free port (out/in degree < K·P; the
//! planes are assigned afterwards by `planes`). Passes h = 2 … depth then serve, in the same
//! order, each demand still more than h hops away by a path of at most h hops made of
//! existing links and new ones (the fewest new links first, then the fewest hops, then the
//! lowest ids), or with the `one-new` reading one new link only; the passes stop when no
//! link can be added anywhere ("the optical network is fully utilized"). Distances are the
//! shortest paths over every link (`apsp`); hop-bytes = Σ bytes × hops; a demand with no
//! path is unserved and costs N hops per byte in the annealing's fitness (one more than any
//! path), never dropped.

use super::apsp::{Apsp, UNREACHABLE};
use super::{LcTraffic, MultiHop, Ocs, PlaneRule, Readings};
use serde::{Deserialize, Serialize};

/// An established optical link: plane (0-based), from LC src to LC dst, the pass that made it
/// (1 = direct) and the demand it was made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Link {
    pub plane: u8,
    pub src: u32,
    pub dst: u32,
    pub pass: u8,
    pub demand: u32,
}

/// A plane's port use at the moment pass 1 looked at it: (plane, out-ports used at s, in-ports
/// used at d).
pub(crate) type Tried = (u8, u8, u8);

/// What serving did, one event per decision (recorded for the page's steps).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Event {
    /// Pass 1 linked the demand directly on `plane` (after the planes in `tried`).
    Direct {
        demand: u32,
        plane: u8,
        tried: Vec<Tried>,
    },
    /// Pass 1 found no plane with both ports free.
    Refused { demand: u32, tried: Vec<Tried> },
    /// Pass `pass` built `new_links` (src, dst, plane) so the demand takes `path`.
    Built {
        pass: u8,
        demand: u32,
        was: u16,
        new_links: Vec<(u32, u32, u8)>,
        path: Vec<u32>,
    },
    /// Pass `pass` could not bring the demand within `pass` hops.
    NoPath { pass: u8, demand: u32, was: u16 },
    /// No link can be added anywhere: the passes end before pass `pass`'s end.
    Full { pass: u8 },
}

/// Most events one serving records (the rest are counted: `Server::events_dropped`).
pub(crate) const MAX_EVENTS: usize = 20_000;

/// The outcome's numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Served {
    /// Σ bytes × hops over the demands with a path.
    pub hop_bytes: u64,
    /// Demands without a path and their bytes.
    pub unserved: usize,
    pub unserved_bytes: u64,
    pub links: usize,
}

impl Served {
    /// The annealing's fitness: hop-bytes with N hops per unserved byte.
    pub fn cost(&self, lcs: usize) -> u64 {
        self.hop_bytes + self.unserved_bytes * lcs as u64
    }
}

/// The port counters: per LC and plane, out- and in-ports in use; per LC the planes with a free
/// port each way as bit masks.
#[derive(Debug, Clone)]
struct Ports {
    planes: usize,
    ports: u8,
    merged: bool,
    out: Vec<u8>,
    inn: Vec<u8>,
    out_free: Vec<u16>,
    in_free: Vec<u16>,
}

impl Ports {
    fn new(lcs: usize, ocs: Ocs, merged: bool) -> Ports {
        let mut p = Ports {
            planes: ocs.planes,
            ports: ocs.ports as u8,
            merged,
            out: vec![0; lcs * ocs.planes],
            inn: vec![0; lcs * ocs.planes],
            out_free: vec![0; lcs],
            in_free: vec![0; lcs],
        };
        p.clear();
        p
    }

    fn clear(&mut self) {
        self.out.fill(0);
        self.inn.fill(0);
        let all = if self.merged {
            1
        } else {
            ((1u32 << self.planes) - 1) as u16
        };
        self.out_free.fill(all);
        self.in_free.fill(all);
    }

    /// The planes where u → v fits.
    fn common(&self, u: usize, v: usize) -> u16 {
        self.out_free[u] & self.in_free[v]
    }

    fn tried(&self, u: usize, v: usize) -> Vec<Tried> {
        (0..self.planes)
            .map(|k| {
                (
                    k as u8,
                    self.out[u * self.planes + k],
                    self.inn[v * self.planes + k],
                )
            })
            .collect()
    }

    /// Use an out-port of u and an in-port of v on the first common plane; the plane (0 with
    /// merged planes, assigned later).
    fn take(&mut self, u: usize, v: usize) -> u8 {
        let k = self.common(u, v).trailing_zeros() as usize;
        let kk = self.planes;
        if self.merged {
            // the free port of the least-used plane; only the totals matter
            let (o, i) = (
                &mut self.out[u * kk..(u + 1) * kk],
                &mut self.inn[v * kk..(v + 1) * kk],
            );
            let a = (0..kk).min_by_key(|&x| o[x]).unwrap_or(0);
            o[a] += 1;
            let b = (0..kk).min_by_key(|&x| i[x]).unwrap_or(0);
            i[b] += 1;
            let cap = u32::from(self.ports) * kk as u32;
            let total = |s: &[u8]| s.iter().map(|&x| u32::from(x)).sum::<u32>();
            if total(o) >= cap {
                self.out_free[u] = 0;
            }
            if total(i) >= cap {
                self.in_free[v] = 0;
            }
            return 0;
        }
        self.out[u * kk + k] += 1;
        self.inn[v * kk + k] += 1;
        if self.out[u * kk + k] >= self.ports {
            self.out_free[u] &= !(1 << k);
        }
        if self.inn[v * kk + k] >= self.ports {
            self.in_free[v] &= !(1 << k);
        }
        k as u8
    }

    /// Out- and in-ports in use per LC and plane (plane-major rows: [lc][plane]).
    fn used(&self) -> (&[u8], &[u8]) {
        (&self.out, &self.inn)
    }
}

/// Serving with every buffer kept between calls (annealing serves thousands of orderings).
#[derive(Debug, Clone)]
pub struct Server {
    lcs: usize,
    readings: Readings,
    ports: Ports,
    apsp: Apsp,
    links: Vec<Link>,
    /// Scratch of the path search.
    free_out: Vec<usize>,
    free_in: Vec<usize>,
    dropped: usize,
}

/// One layer of the path search: per candidate, the fewest hops from s and how it was reached
/// (`via`: the new link's end v and start u at this layer, or none: as in the layer below).
#[derive(Clone, Copy)]
struct Reach {
    hops: u16,
    via: Option<(usize, usize)>,
}

impl Server {
    pub fn new(lcs: usize, ocs: Ocs, readings: Readings) -> Server {
        Server {
            lcs,
            readings,
            ports: Ports::new(lcs, ocs, readings.planes == PlaneRule::Merged),
            apsp: Apsp::new(lcs),
            links: Vec::new(),
            free_out: Vec::new(),
            free_in: Vec::new(),
            dropped: 0,
        }
    }

    /// Decisions of the last serving beyond the `MAX_EVENTS` recorded.
    pub(crate) fn events_dropped(&self) -> usize {
        self.dropped
    }

    /// The links of the last serving.
    pub fn links(&self) -> &[Link] {
        &self.links
    }

    /// The distances of the last serving.
    pub(crate) fn apsp(&self) -> &Apsp {
        &self.apsp
    }

    /// Ports used per LC and plane, out and in (with merged planes, before the split).
    pub(crate) fn ports_used(&self) -> (&[u8], &[u8]) {
        self.ports.used()
    }

    /// Serve the demands of `t` in `order` (indices into `t.demands`); `events` records every
    /// decision when given.
    pub fn serve(
        &mut self,
        t: &LcTraffic,
        order: &[u32],
        mut events: Option<&mut Vec<Event>>,
    ) -> Served {
        self.ports.clear();
        self.apsp.clear();
        self.links.clear();
        self.dropped = 0;
        for &i in order {
            let dem = t.demands[i as usize];
            let (s, d) = (dem.s as usize, dem.d as usize);
            let fits = self.ports.common(s, d) != 0;
            let tried = events
                .as_ref()
                .filter(|e| e.len() < MAX_EVENTS)
                .map(|_| self.ports.tried(s, d));
            if fits {
                let plane = self.ports.take(s, d);
                self.apsp.add_link(s, d);
                self.links.push(Link {
                    plane,
                    src: dem.s,
                    dst: dem.d,
                    pass: 1,
                    demand: i,
                });
                if let (Some(ev), Some(mut tried)) = (room(&mut events, &mut self.dropped), tried) {
                    if self.readings.planes == PlaneRule::FirstFit {
                        tried.truncate(plane as usize + 1);
                    }
                    ev.push(Event::Direct {
                        demand: i,
                        plane,
                        tried,
                    });
                }
            } else if let (Some(ev), Some(tried)) = (room(&mut events, &mut self.dropped), tried) {
                ev.push(Event::Refused { demand: i, tried });
            }
        }
        self.apsp.recompute();
        let multi_hop = self.readings.multi_hop;
        let max_new = |h: u8| match multi_hop {
            MultiHop::Chain => h as usize,
            MultiHop::OneNew => 1,
            MultiHop::None => 0,
        };
        'passes: for h in 2..=self.readings.depth {
            if max_new(h) == 0 {
                break;
            }
            if !self.any_free_pair() {
                if let Some(ev) = room(&mut events, &mut self.dropped) {
                    ev.push(Event::Full { pass: h });
                }
                break;
            }
            for &i in order {
                let dem = t.demands[i as usize];
                let (s, d) = (dem.s as usize, dem.d as usize);
                let was = self.apsp.dist(s, d);
                if was <= u16::from(h) {
                    continue;
                }
                match self.search(s, d, h, max_new(h)) {
                    Some(new_links) => {
                        let mut made = Vec::with_capacity(new_links.len());
                        for &(u, v) in &new_links {
                            let plane = self.ports.take(u, v);
                            self.apsp.insert(u, v);
                            self.links.push(Link {
                                plane,
                                src: u as u32,
                                dst: v as u32,
                                pass: h,
                                demand: i,
                            });
                            made.push((u as u32, v as u32, plane));
                        }
                        if let Some(ev) = room(&mut events, &mut self.dropped) {
                            ev.push(Event::Built {
                                pass: h,
                                demand: i,
                                was,
                                new_links: made,
                                path: self.path(s, d).into_iter().map(|x| x as u32).collect(),
                            });
                        }
                        if !self.any_free_pair() {
                            if let Some(ev) = room(&mut events, &mut self.dropped) {
                                ev.push(Event::Full { pass: h });
                            }
                            break 'passes;
                        }
                    }
                    None => {
                        if let Some(ev) = room(&mut events, &mut self.dropped) {
                            ev.push(Event::NoPath {
                                pass: h,
                                demand: i,
                                was,
                            });
                        }
                    }
                }
            }
        }
        let mut out = Served {
            links: self.links.len(),
            ..Served::default()
        };
        for dem in &t.demands {
            match self.apsp.dist(dem.s as usize, dem.d as usize) {
                UNREACHABLE => {
                    out.unserved += 1;
                    out.unserved_bytes += dem.bytes;
                }
                h => out.hop_bytes += dem.bytes * u64::from(h),
            }
        }
        out
    }

    /// Whether some link u → v (u ≠ v, absent, a common free plane) can still be added; fills
    /// the lists of LCs with a free out- and in-port.
    fn any_free_pair(&mut self) -> bool {
        self.free_out.clear();
        self.free_in.clear();
        for x in 0..self.lcs {
            if self.ports.out_free[x] != 0 {
                self.free_out.push(x);
            }
            if self.ports.in_free[x] != 0 {
                self.free_in.push(x);
            }
        }
        self.free_out
            .iter()
            .any(|&u| self.free_in.iter().any(|&v| self.establishable(u, v)))
    }

    fn establishable(&self, u: usize, v: usize) -> bool {
        u != v && self.ports.common(u, v) != 0 && !self.apsp.has_link(u, v)
    }

    /// New links (in path order) that bring d within h hops of s with at most `max_new` new
    /// links: the fewest new links, then the fewest hops, then the lowest ids. Layer j holds,
    /// for every LC with a free out-port and for d, the fewest hops from s using ≤ j new links;
    /// a new link u → v at layer j extends layer j − 1's reach of u, then existing links take
    /// v on. The lists of free LCs are those of the last `any_free_pair` (refreshed at each
    /// pass's start and after every new link).
    fn search(&self, s: usize, d: usize, h: u8, max_new: usize) -> Option<Vec<(usize, usize)>> {
        let limit = u16::from(h);
        // any path with a new link goes s ⇝ u → v ⇝ d: at least the nearest free out-port LC,
        // one hop, and the nearest free in-port LC's distance (most demands stop here)
        let nearest_out = self.free_out.iter().map(|&u| self.apsp.dist(s, u)).min()?;
        let nearest_in = self.free_in.iter().map(|&v| self.apsp.dist(v, d)).min()?;
        if nearest_out == UNREACHABLE
            || nearest_in == UNREACHABLE
            || nearest_out + 1 + nearest_in > limit
        {
            return None;
        }
        // candidates: the free out-port LCs, then d
        let mut cands: Vec<usize> = self.free_out.clone();
        cands.push(d);
        let mut layers: Vec<Vec<Reach>> = vec![cands
            .iter()
            .map(|&x| Reach {
                hops: self.apsp.dist(s, x),
                via: None,
            })
            .collect()];
        for _ in 1..=max_new {
            let prev = layers.last().expect("layer 0");
            // the free out-port LCs reached in under `limit` hops: the only starts of a new link
            let starts: Vec<(usize, u16)> = cands[..cands.len() - 1]
                .iter()
                .zip(prev)
                .filter(|(_, r)| r.hops < limit)
                .map(|(&u, r)| (u, r.hops))
                .collect();
            let mut layer: Vec<Reach> = prev
                .iter()
                .map(|r| Reach {
                    hops: r.hops,
                    via: None,
                })
                .collect();
            if starts.is_empty() {
                layers.push(layer);
                continue;
            }
            // for each free in-port LC v: the best arrival by a new link u → v, then existing
            // links onwards to every candidate
            for &v in &self.free_in {
                let mut best = (UNREACHABLE, usize::MAX);
                for &(u, r) in &starts {
                    if r + 1 < best.0 && self.establishable(u, v) {
                        best = (r + 1, u);
                    }
                }
                let (a, u) = best;
                if a == UNREACHABLE {
                    continue;
                }
                let from_v = self.apsp.row(v);
                for (ci, &x) in cands.iter().enumerate() {
                    let rest = from_v[x];
                    if rest == UNREACHABLE {
                        continue;
                    }
                    let total = a + rest;
                    if total <= limit && total < layer[ci].hops {
                        layer[ci] = Reach {
                            hops: total,
                            via: Some((u, v)),
                        };
                    }
                }
            }
            let done = layer[cands.len() - 1].hops <= limit;
            layers.push(layer);
            if done {
                // walk back: a value set at layer k came by the new link u → v from u's reach
                // at layer k − 1; an unset one is the layer below's
                let mut links = Vec::new();
                let (mut x, mut k) = (d, layers.len() - 1);
                loop {
                    let ci = cands.iter().position(|&c| c == x).expect("a candidate");
                    while k > 0 && layers[k][ci].via.is_none() {
                        k -= 1;
                    }
                    if k == 0 {
                        break;
                    }
                    let (u, v) = layers[k][ci].via.expect("set");
                    links.push((u, v));
                    x = u;
                    k -= 1;
                }
                links.reverse();
                return Some(links);
            }
        }
        None
    }

    /// A shortest path s ⇝ d over the links (the lowest next LC at each step).
    pub fn path(&self, s: usize, d: usize) -> Vec<usize> {
        path_in(&self.apsp, s, d)
    }
}

/// The event list if it has room; otherwise the event is counted as dropped.
fn room<'a>(
    events: &'a mut Option<&mut Vec<Event>>,
    dropped: &mut usize,
) -> Option<&'a mut Vec<Event>> {
    match events.as_deref_mut() {
        Some(ev) if ev.len() < MAX_EVENTS => Some(ev),
        Some(_) => {
            *dropped += 1;
            None
        }
        None => None,
    }
}

/// A shortest path s ⇝ d in `apsp`'s links, taking the lowest-numbered next LC at each step;
/// empty when d cannot be reached.
pub(crate) fn path_in(apsp: &Apsp, s: usize, d: usize) -> Vec<usize> {
    if apsp.dist(s, d) == UNREACHABLE {
        return Vec::new();
    }
    let mut path = vec![s];
    let mut x = s;
    while x != d {
        let want = apsp.dist(x, d) - 1;
        x = apsp
            .successors(x)
            .find(|&y| apsp.dist(y, d) == want)
            .expect("a shortest path continues");
        path.push(x);
    }
    path
}

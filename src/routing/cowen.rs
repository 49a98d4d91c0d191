//! Cowen's landmark compact routing (L. Cowen, "Compact routing with minimum stretch", SODA 1999;
//! as summarised in paper 002 §II-C). Landmarks: a greedy hitting set of the balls B(w) — the
//! ⌈|N|^α⌉ switches nearest to w (ties by id) — so every ball holds a landmark; l(w) is w's
//! nearest landmark. Switch v keeps an entry for every landmark and for every w closer to v than
//! to l(w) (d(v,w) < d(w,l(w))). A packet for w goes by its table when it has w, else towards
//! l(w); at l(w) it takes the first hop of l(w)'s shortest path to w, carried in the header, and
//! from there every switch on that path has w. Stretch ≤ 3: d(u,l(w)) + d(l(w),w) ≤ d(u,w) +
//! 2·d(w,l(w)) ≤ 3·d(u,w), as w outside u's table means d(w,l(w)) ≤ d(u,w). This is the
//! single-step variant: the second step of Cowen's construction (extra landmarks for switches
//! whose clusters are too large) is not applied.

use super::{Header, Hop, Router, RouterDef, TableSizes};
use crate::graph::DistanceTable;
use crate::model::{SwitchId, Topology};
use crate::spec::Spec;
use crate::{Error, Result};

/// The largest network Cowen's scheme is built for.
pub const MAX_COWEN_SWITCHES: usize = 4096;

pub(super) const COWEN: RouterDef = RouterDef {
    name: "cowen",
    aliases: &["landmark"],
    definition: "Cowen's landmark scheme (stretch ≤ 3): shortest path to destinations in the table (landmarks and the cluster), else towards the destination's landmark, which knows the way; cowen:α sets the ball exponent (default 0.5)",
    param: Some(("α", check_alpha)),
    check_size: Some(Cowen::check_size),
    build: |topo, alpha| Ok(Box::new(Cowen::new(topo, alpha.unwrap_or(0.5))?)),
};

fn check_alpha(spec: &Spec<'_>) -> Result<f64> {
    let alpha = spec.number(0, "α")?;
    if !(alpha > 0.0 && alpha < 1.0) {
        return Err(spec.error(format!("α must be in (0, 1), not {alpha}")));
    }
    Ok(alpha)
}

/// Cowen tables of one topology.
#[derive(Debug, Clone)]
pub struct Cowen<'t> {
    topo: &'t Topology,
    table: DistanceTable,
    pub landmarks: Vec<u32>,
    /// Nearest landmark of every switch.
    pub landmark_of: Vec<u32>,
    /// Destinations each switch has an entry for (landmarks and its cluster), ascending.
    pub tables: Vec<Vec<u32>>,
}

/// Landmarks, every switch's nearest landmark, and the tables, for one α.
struct Scheme {
    landmarks: Vec<u32>,
    landmark_of: Vec<u32>,
    tables: Vec<Vec<u32>>,
}

impl<'t> Cowen<'t> {
    /// Cowen's scheme refuses networks above `MAX_COWEN_SWITCHES` before building anything.
    pub fn check_size(n: usize) -> Result<()> {
        if n > MAX_COWEN_SWITCHES {
            return Err(Error::TooLarge {
                what: "Cowen's switch count".into(),
                value: n,
                limit: MAX_COWEN_SWITCHES,
                hint: "its landmark and ball search orders every switch's distances (LRT(4096,4,16) takes about 14 s)".into(),
            });
        }
        Ok(())
    }

    /// Build the scheme with ball size ⌈|N|^α⌉, 0 < α < 1.
    pub fn new(topo: &'t Topology, alpha: f64) -> Result<Self> {
        let (table, order) = Self::prepare(topo)?;
        let scheme = Self::build(&table, &order, alpha)?;
        Ok(Cowen {
            topo,
            table,
            landmarks: scheme.landmarks,
            landmark_of: scheme.landmark_of,
            tables: scheme.tables,
        })
    }

    /// The largest table for each α, sharing the distance work between them.
    pub fn max_entries_for(topo: &'t Topology, alphas: &[f64]) -> Result<Vec<usize>> {
        let (table, order) = Self::prepare(topo)?;
        alphas
            .iter()
            .map(|&a| {
                Self::build(&table, &order, a)
                    .map(|s| s.tables.iter().map(Vec::len).max().unwrap_or(0))
            })
            .collect()
    }

    /// All-pairs distances, and every switch's list of switches by (distance, id).
    fn prepare(topo: &Topology) -> Result<(DistanceTable, Vec<Vec<u32>>)> {
        Self::check_size(topo.switch_count())?;
        let n = topo.switch_count();
        let table = DistanceTable::new(topo)?;
        if !table.is_connected() {
            return Err(Error::routing("cowen", "the topology is not connected"));
        }
        let order = (0..n)
            .map(|w| {
                let mut by_distance: Vec<u32> = (0..n as u32).collect();
                by_distance.sort_by_key(|&v| (table.distance(w, v as usize), v));
                by_distance
            })
            .collect();
        Ok((table, order))
    }

    fn build(table: &DistanceTable, order: &[Vec<u32>], alpha: f64) -> Result<Scheme> {
        if !(alpha > 0.0 && alpha < 1.0) {
            return Err(Error::invalid(
                "alpha",
                format!("α must be in (0, 1), not {alpha}"),
            ));
        }
        let n = table.len();
        let dist = |a: usize, b: usize| table.distance(a, b);
        let ball_size = ((n as f64).powf(alpha).ceil() as usize).clamp(1, n);
        // greedy hitting set of the balls: the switch in the most balls not yet hit (ties to the
        // lowest id); counts drop as balls get hit
        let mut count = vec![0usize; n];
        let mut balls_of = vec![Vec::new(); n];
        for (w, row) in order.iter().enumerate() {
            for &v in &row[..ball_size] {
                count[v as usize] += 1;
                balls_of[v as usize].push(w);
            }
        }
        let mut hit = vec![false; n];
        let mut unhit = n;
        let mut is_landmark = vec![false; n];
        while unhit > 0 {
            let best = (0..n)
                .max_by_key(|&v| (count[v], std::cmp::Reverse(v)))
                .unwrap_or(0);
            is_landmark[best] = true;
            for &w in &balls_of[best] {
                if !hit[w] {
                    hit[w] = true;
                    unhit -= 1;
                    for &v in &order[w][..ball_size] {
                        count[v as usize] -= 1;
                    }
                }
            }
        }
        let landmarks: Vec<u32> = (0..n as u32).filter(|&v| is_landmark[v as usize]).collect();
        let landmark_of: Vec<u32> = (0..n)
            .map(|w| {
                *landmarks
                    .iter()
                    .min_by_key(|&&l| (dist(l as usize, w), l))
                    .expect("at least one landmark")
            })
            .collect();
        // w is in v's table when v is closer to w than w's landmark: a prefix of w's order
        let mut tables: Vec<Vec<u32>> = vec![Vec::new(); n];
        for w in 0..n {
            let radius = dist(landmark_of[w] as usize, w);
            for &v in order[w]
                .iter()
                .take_while(|&&v| dist(w, v as usize) < radius)
            {
                if v as usize != w && !is_landmark[w] {
                    tables[v as usize].push(w as u32);
                }
            }
        }
        for (v, table) in tables.iter_mut().enumerate() {
            table.extend(landmarks.iter().copied().filter(|&l| l as usize != v));
            table.sort_unstable();
        }
        Ok(Scheme {
            landmarks,
            landmark_of,
            tables,
        })
    }

    fn next_towards(&self, at: SwitchId, target: usize) -> SwitchId {
        self.table
            .next_hop(at, SwitchId::new(target))
            .expect("connected")
    }

    /// Largest table (entries = landmarks + cluster).
    pub fn max_entries(&self) -> usize {
        self.tables.iter().map(Vec::len).max().unwrap_or(0)
    }
}

impl Router for Cowen<'_> {
    /// `header.state` = 1 once the packet is past l(w) and follows the port its header carries.
    fn next(&self, at: SwitchId, header: &mut Header) -> Result<Hop> {
        let w = header.dst.index();
        let lw = self.landmark_of[w] as usize;
        let next =
            if header.state == 1 || self.tables[at.index()].binary_search(&(w as u32)).is_ok() {
                self.next_towards(at, w)
            } else if at.index() == lw {
                header.state = 1; // the header's port: l(w)'s first hop towards w
                self.next_towards(at, w)
            } else {
                self.next_towards(at, lw)
            };
        Ok(Hop { next, vc_class: 0 })
    }

    fn tables(&self) -> TableSizes {
        TableSizes {
            max_entries: self.max_entries(),
            min_required_entries: None,
            landmarks: Some(self.landmarks.len()),
        }
    }

    fn topology(&self) -> &Topology {
        self.topo
    }

    fn name(&self) -> &'static str {
        "cowen"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::build_seeded;

    #[test]
    fn stretch_at_most_three_and_every_pair_delivered() {
        let t = build_seeded("lrt:64:4:2", 3).unwrap();
        let c = Cowen::new(&t, 0.5).unwrap();
        assert!(c.landmarks.len() < 64);
        for s in 0..64 {
            for d in 0..64 {
                if s != d {
                    let p = c.path(SwitchId(s), SwitchId(d)).unwrap();
                    let shortest = c.table.distance(s as usize, d as usize) as usize;
                    assert!(
                        p.hops() <= 3 * shortest,
                        "{s}→{d}: {} vs {shortest}",
                        p.hops()
                    );
                }
            }
        }
        assert!(Cowen::new(&t, 1.5).is_err());
    }
}

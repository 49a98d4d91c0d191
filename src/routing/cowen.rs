//! Cowen's landmark compact routing (L. Cowen, "Compact routing with minimum stretch", SODA 1999
//! / J. Algorithms 2001), as paper 002 evaluates it against LOREN (§II-C, §VI-A–B). The ball B_v
//! of v is its ⌈|N|^α⌉ nearest switches (v itself included, ties by id); D is a greedy hitting
//! set of the balls; R_c = {v : c ∈ B_v} is c's inverse ball; C = {c : |R_c| ≥ |N|^((1+α)/2)};
//! the landmarks are L = D ∪ C and l(v) is v's nearest landmark (ties by id). Every switch u,
//! landmarks included, stores every landmark and every v ∈ R_u — u itself among them (u ∈ B_u,
//! its local-delivery entry): a table holds |L ∪ R_u| destinations, the count that reproduces
//! the paper's table sizes (README). A packet for v follows the shortest path once a switch
//! stores v; otherwise it goes towards l(v), which puts its first hop towards v in the header.
//! Stretch ≤ 3: u not storing v means u ∉ B_v, so d(u,v) ≥ d(v,l(v)) (B_v holds a landmark),
//! and d(u,l(v)) + d(l(v),v) ≤ d(u,v) + 2·d(v,l(v)) ≤ 3·d(u,v); every switch on a shortest path
//! from a switch of B_v (or from l(v)) to v is in B_v, so it stores v.
//! The other reading, landmarks = D only and clusters instead of inverse balls, is
//! `cowen_cluster.rs`; the balls and the hitting set they share are in `landmarks.rs`.

use super::landmarks::{
    alpha_grid, ball_size, check_alpha, check_param, route_hops, Balls, Scheme, TmaxRule,
};
use super::{cowen_cluster, CowenParam, Header, Hop, Router, RouterDef, TableSizes};
use crate::model::{SwitchId, Topology};
use crate::{Error, Result};
use std::sync::Arc;

pub(super) const COWEN: RouterDef = RouterDef {
    name: "cowen",
    aliases: &["landmark"],
    definition: "Cowen's landmark scheme (SODA 1999, stretch ≤ 3) as paper 002 counts it: every switch stores every landmark and every destination whose ball (its ⌈|N|^α⌉ nearest switches) holds the switch, itself included; any other packet goes towards its destination's landmark, which knows the way. cowen:α sets α (default 0.5); cowen:T (a whole number) is Cowen at t_max T: the α of the grid 0.05, 0.10, …, 0.95 whose largest table is the largest within T (ties to the larger α); cowen:T:shortest takes, among the α within T, the one with the shortest average path instead",
    param: Some(("α or t_max", check_param)),
    check_size: Some(Balls::check_size),
    needs: None,
    words: TmaxRule::WORDS,
    tables_decide: true,
    forwarding: super::Forwarding::PerPair,
    build: |topo, param, word| {
        Ok(Box::new(Cowen::build(
            topo,
            Reading::Cowen1999,
            CowenParam::of(param, word),
        )?))
    },
};

/// Which reading of Cowen's scheme a router uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// Cowen 1999 as paper 002 counts it (`cowen`): landmarks D ∪ C, tables L ∪ R_u.
    Cowen1999,
    /// The Thorup–Zwick-style cluster reading (`cowen-cluster`): landmarks D, tables L and the
    /// cluster {w : d(u,w) < d(w,l(w))}.
    Cluster,
}

impl Reading {
    /// Both readings.
    pub const ALL: [Reading; 2] = [Reading::Cowen1999, Reading::Cluster];

    /// The router's name.
    pub fn name(self) -> &'static str {
        match self {
            Reading::Cowen1999 => "cowen",
            Reading::Cluster => "cowen-cluster",
        }
    }

    /// The reading of the router named `name`, if it is one of Cowen's.
    pub(crate) fn of_router(name: &str) -> Option<Reading> {
        Self::ALL.into_iter().find(|r| r.name() == name)
    }

    fn scheme(self, balls: &Balls, alpha: f64) -> Scheme {
        match self {
            Reading::Cowen1999 => scheme_1999(balls, alpha),
            Reading::Cluster => cowen_cluster::scheme(balls, alpha),
        }
    }

    /// The largest table for each α (checked), on one network's balls.
    pub fn max_entries_for(self, balls: &Balls, alphas: &[f64]) -> Result<Vec<usize>> {
        alphas
            .iter()
            .map(|&alpha| {
                check_alpha(alpha)?;
                Ok(self.scheme(balls, alpha).max_entries())
            })
            .collect()
    }

    /// "Cowen at t_max" (`cowen:T`): among the α of `alpha_grid()` whose largest table is
    /// within `t_max`, the one `rule` picks — the largest table, or the shortest average path
    /// over all ordered pairs (`TmaxRule`); ties to the larger α (bigger balls, fewer
    /// landmarks). Returns (α, largest table).
    #[cfg(test)]
    pub(crate) fn alpha_within(
        self,
        balls: &Balls,
        t_max: usize,
        rule: TmaxRule,
    ) -> Result<(f64, usize)> {
        let (alpha, scheme) = self.pick(balls, t_max, rule)?;
        Ok((alpha, scheme.max_entries()))
    }

    /// As `alpha_within`, with the scheme picked. One α's scheme is kept at a time; the
    /// shortest-path rule sums `route_hops` per destination (|N|² per α within t_max).
    fn pick(self, balls: &Balls, t_max: usize, rule: TmaxRule) -> Result<(f64, Scheme)> {
        // (α, scheme, the key the rule maximises); a later α wins ties, so ties go larger
        let mut best: Option<(f64, Scheme, (i64, usize))> = None;
        let mut smallest = usize::MAX;
        for alpha in alpha_grid() {
            let scheme = self.scheme(balls, alpha);
            let size = scheme.max_entries();
            smallest = smallest.min(size);
            if size > t_max {
                continue;
            }
            let key = match rule {
                TmaxRule::Largest => (0, size),
                TmaxRule::Shortest => (-(scheme.total_hops(balls) as i64), 0),
            };
            if best.as_ref().is_none_or(|b| key >= b.2) {
                best = Some((alpha, scheme, key));
            }
        }
        match best {
            Some((alpha, scheme, _)) => Ok((alpha, scheme)),
            None => Err(Error::routing(
                &format!("{}:{t_max}", self.name()),
                format!(
                    "{} needs at least {smallest} table entries on this network (over α = 0.05, 0.10, …, 0.95), so no α fits t_max {t_max}",
                    self.name()
                ),
            )),
        }
    }
}

/// Cowen 1999 for one α: landmarks D ∪ C, and every switch's table L ∪ R_u (itself included).
fn scheme_1999(balls: &Balls, alpha: f64) -> Scheme {
    let n = balls.len();
    let size = ball_size(n, alpha);
    let inverse = balls.inverse_balls(size);
    let mut is_landmark = balls.hitting_set(size, &inverse);
    // C: switches in many balls become landmarks, which bounds every other switch's R_u
    let threshold = (n as f64).powf((1.0 + alpha) / 2.0) - 1e-9;
    for (c, r) in inverse.iter().enumerate() {
        if r.len() as f64 >= threshold {
            is_landmark[c] = true;
        }
    }
    let landmarks: Vec<u32> = (0..n as u32).filter(|&v| is_landmark[v as usize]).collect();
    let tables = inverse
        .iter()
        .map(|r| {
            let mut table: Vec<u32> = r.iter().chain(&landmarks).copied().collect();
            table.sort_unstable();
            table.dedup();
            table
        })
        .collect();
    Scheme::new(balls, &is_landmark, tables)
}

/// Cowen tables of one topology, for one α.
#[derive(Debug, Clone)]
pub struct Cowen<'t> {
    topo: &'t Topology,
    balls: Arc<Balls>,
    reading: Reading,
    /// The ball exponent used (chosen from the grid for a table limit).
    pub alpha: f64,
    pub landmarks: Vec<u32>,
    /// Nearest landmark of every switch.
    pub landmark_of: Vec<u32>,
    /// Destinations each switch has an entry for, ascending.
    pub tables: Vec<Vec<u32>>,
}

impl<'t> Cowen<'t> {
    /// Refuses networks above `MAX_COWEN_SWITCHES` before building anything.
    pub(crate) fn check_size(n: usize) -> Result<()> {
        Balls::check_size(n)
    }

    /// Cowen 1999 (`cowen`) with ball size ⌈|N|^α⌉, 0 < α < 1.
    pub fn new(topo: &'t Topology, alpha: f64) -> Result<Self> {
        Self::build(topo, Reading::Cowen1999, CowenParam::Alpha(alpha))
    }

    /// A reading of the scheme for an α or a table limit.
    pub fn build(topo: &'t Topology, reading: Reading, param: CowenParam) -> Result<Self> {
        Self::with_balls(topo, Arc::new(Balls::new(topo)?), reading, param)
    }

    /// As `build`, on balls already computed for `topo` (sweeps build many α on one network).
    pub fn with_balls(
        topo: &'t Topology,
        balls: Arc<Balls>,
        reading: Reading,
        param: CowenParam,
    ) -> Result<Self> {
        let (alpha, scheme) = match param {
            CowenParam::Alpha(alpha) => {
                check_alpha(alpha)?;
                (alpha, reading.scheme(&balls, alpha))
            }
            CowenParam::TableLimit(t_max, rule) => reading.pick(&balls, t_max, rule)?,
        };
        Ok(Cowen {
            topo,
            balls,
            reading,
            alpha,
            landmarks: scheme.landmarks,
            landmark_of: scheme.landmark_of,
            tables: scheme.tables,
        })
    }

    /// Which reading this is.
    pub fn reading(&self) -> Reading {
        self.reading
    }

    /// Whether switch `at` has an entry for `dst`.
    pub(crate) fn stores(&self, at: usize, dst: u32) -> bool {
        self.tables[at].binary_search(&dst).is_ok()
    }

    /// Entries of the largest table.
    pub fn max_entries(&self) -> usize {
        self.tables.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// Hops of every switch's route to `dst` (what `next` walks, memoised; `route_hops`).
    pub fn hops_to(&self, dst: u32) -> Vec<u32> {
        route_hops(&self.balls, &self.landmark_of, dst, |u| self.stores(u, dst))
    }

    fn next_towards(&self, at: SwitchId, target: usize) -> SwitchId {
        self.balls
            .table()
            .next_hop(at, SwitchId::new(target))
            .expect("connected")
    }
}

impl Router for Cowen<'_> {
    fn path_lengths_to(&self, dst: SwitchId) -> Option<Vec<Option<usize>>> {
        Some(
            self.hops_to(dst.0)
                .into_iter()
                .map(|h| Some(h as usize))
                .collect(),
        )
    }

    /// `header.state` = 1 once the packet is past l(w) and follows the port its header carries.
    fn next(&self, at: SwitchId, header: &mut Header) -> Result<Hop> {
        let w = header.dst.index();
        let lw = self.landmark_of[w] as usize;
        let next = if header.state == 1 || self.stores(at.index(), w as u32) {
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
        self.reading.name()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::build_seeded;

    #[test]
    fn stretch_at_most_three_and_memoised_hops_match_the_walk() {
        let t = build_seeded("lrt:64:4:2", 3).unwrap();
        for reading in Reading::ALL {
            let c = Cowen::build(&t, reading, CowenParam::Alpha(0.5)).unwrap();
            assert!(c.landmarks.len() < 64);
            let table = c.balls.table();
            for d in 0..64u32 {
                let hops = c.hops_to(d);
                for s in 0..64u32 {
                    let p = c.path(SwitchId(s), SwitchId(d)).unwrap();
                    let shortest = table.distance(s as usize, d as usize) as usize;
                    assert!(p.hops() <= 3 * shortest, "{s}→{d}: {}", p.hops());
                    assert_eq!(p.hops(), hops[s as usize] as usize, "{s}→{d}");
                }
            }
        }
        assert!(Cowen::new(&t, 1.5).is_err());
    }

    #[test]
    fn a_table_limit_takes_the_largest_table_within_it() {
        let t = build_seeded("lrt:64:4:2", 3).unwrap();
        let balls = Balls::new(&t).unwrap();
        let sizes = Reading::Cowen1999
            .max_entries_for(&balls, &alpha_grid())
            .unwrap();
        let smallest = *sizes.iter().min().unwrap();
        let (alpha, size) = Reading::Cowen1999
            .alpha_within(&balls, 32, TmaxRule::Largest)
            .unwrap();
        assert!(size <= 32 && sizes.iter().all(|&s| s > 32 || s <= size));
        let limit = CowenParam::TableLimit(32, TmaxRule::Largest);
        let c = Cowen::build(&t, Reading::Cowen1999, limit).unwrap();
        assert_eq!((c.alpha, c.max_entries()), (alpha, size));
        let below = Reading::Cowen1999.alpha_within(&balls, smallest - 1, TmaxRule::Shortest);
        assert!(below
            .unwrap_err()
            .to_string()
            .contains(&format!("at least {smallest}")));
    }
}

//! Landmarks and balls for Cowen's compact routing (L. Cowen, "Compact routing with minimum
//! stretch", SODA 1999; paper 002 §II-C, §VI-A–B), shared by both readings of the scheme
//! (`cowen`, `cowen-cluster`): every switch's switches ordered by (hops, id), whose first
//! ⌈|N|^α⌉ are its ball; the greedy hitting set of the balls; each switch's nearest landmark;
//! the α grid the studies scan; and the router's parameter (an α, or a table limit t_max).
//! What a switch stores, and so the table sizes, is each reading's own (`cowen.rs`,
//! `cowen_cluster.rs`).

use crate::graph::DistanceTable;
use crate::model::{SwitchId, Topology};
use crate::spec::Spec;
use crate::{Error, Result};

/// The largest network Cowen's scheme is built for (both readings).
pub const MAX_COWEN_SWITCHES: usize = 4096;

/// The α grid the table-size study, the t_max sweep and "Cowen at t_max T" scan:
/// α ∈ {0.05, 0.10, …, 0.95}. Every α between two grid points gives a ball size some grid point
/// gives at 64 switches; at 256 switches a grid of every ball size (α = log_|N| k) finds the
/// same smallest tables and a slightly smaller mean (README, paper 002).
pub fn alpha_grid() -> Vec<f64> {
    (1..20).map(|i| f64::from(i * 5) / 100.0).collect()
}

/// ⌈n^α⌉, with n^α that is a whole number up to rounding (64^0.5) taken as that number.
pub fn ball_size(n: usize, alpha: f64) -> usize {
    let x = (n as f64).powf(alpha);
    let size = if (x - x.round()).abs() < 1e-9 {
        x.round()
    } else {
        x.ceil()
    };
    (size as usize).clamp(1, n.max(1))
}

/// How "Cowen at t_max T" (`cowen:T`) picks its α among the α of `alpha_grid()` whose largest
/// table is within T. Paper 002 runs Cowen "at t_max 18 / 32" and "42 / 128" without saying
/// which α; the rules are compared in the README (paper 002, imbalanced traffic).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TmaxRule {
    /// The largest table within T (ties to the larger α): T read as the table budget spent.
    Largest,
    /// The shortest average path over all ordered pairs (ties to the larger α): the best Cowen
    /// that fits T.
    Shortest,
}

impl TmaxRule {
    /// Both rules, the default first.
    pub const ALL: [TmaxRule; 2] = [TmaxRule::DEFAULT, TmaxRule::Shortest];
    /// What `cowen:T` means without a rule: the largest table, which reproduces more of paper
    /// 002's statements (README, paper 002; imbalance study on the topologies of seeds 1–10,
    /// 10-topology means). At 64 nodes and t_max 32 it gives LOREN +9.5% to +10.0% Γ under
    /// local(γ) (the paper: +9.1%) and 4.2% shorter paths (the paper: up to 4.2%); the
    /// shortest-path rule gives +5.0% to +5.3% and 2.2%, though its efficiency gains (up to
    /// +3.2% at 64 nodes) are nearer the paper's +3.3% than the largest rule's +8.9%. Under the
    /// shortest-path rule Cowen at t_max 32 is Cowen at its smallest t_max on 9 of the 10
    /// topologies, so its throughput could not change between t_max 18 and 32 as §VI-C reports
    /// (+40% uniform, −27% transpose). At 256 nodes the rules pick the same α on every
    /// topology at the smallest t_max and on 8 of 10 at t_max 128.
    pub const DEFAULT: TmaxRule = TmaxRule::Largest;
    /// Why the default is the default, for the studies' output.
    pub(crate) const WHY_DEFAULT: &'static str = "cowen:T means the largest table within T: on the topologies of seeds 1–10 it reproduces more of paper 002's statements (§VI-A, §VI-C, §VI-D) than the shortest-path rule (README, paper 002, imbalanced traffic); cowen:T:shortest is the other rule";
    /// The words a spec names the rules by (`cowen:32:shortest`).
    pub const WORDS: &'static [&'static str] = &["largest", "shortest"];

    /// The rule's word in specs and JSON.
    pub fn name(self) -> &'static str {
        match self {
            TmaxRule::Largest => "largest",
            TmaxRule::Shortest => "shortest",
        }
    }

    /// The rule a spec word names (checked by the spec parser), or the default.
    pub fn of(word: Option<&str>) -> Self {
        match word {
            Some(w) if w.eq_ignore_ascii_case("largest") => TmaxRule::Largest,
            Some(w) if w.eq_ignore_ascii_case("shortest") => TmaxRule::Shortest,
            _ => TmaxRule::DEFAULT,
        }
    }

    /// The rule a word names, or an error about `field`.
    pub fn parse(word: &str, field: &str) -> Result<Self> {
        Self::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(word.trim()))
            .ok_or_else(|| {
                Error::invalid(
                    field,
                    format!(
                        "write largest or shortest, not '{}'",
                        crate::error::shorten(word)
                    ),
                )
            })
    }

    /// One line on what the rule picks.
    pub(crate) fn definition(self) -> &'static str {
        match self {
            TmaxRule::Largest => "the α of 0.05, 0.10, …, 0.95 whose largest table is the largest within t_max (ties to the larger α)",
            TmaxRule::Shortest => "among the α of 0.05, 0.10, …, 0.95 whose largest table is within t_max, the one with the shortest average path over all ordered pairs (ties to the larger α)",
        }
    }
}

/// What a Cowen router spec's parameter says: `cowen:0.4` is the ball exponent α; `cowen:18`
/// is a table limit, "Cowen at t_max 18", whose α the rule picks (`cowen:18:shortest`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CowenParam {
    Alpha(f64),
    TableLimit(usize, TmaxRule),
}

impl CowenParam {
    /// The parameter of a spec and its rule word, already checked by `check_param` (none:
    /// α = 0.5).
    pub fn of(param: Option<f64>, rule: Option<&str>) -> Self {
        match param {
            Some(t) if t >= 1.0 => CowenParam::TableLimit(t as usize, TmaxRule::of(rule)),
            Some(alpha) => CowenParam::Alpha(alpha),
            None => CowenParam::Alpha(0.5),
        }
    }
}

/// Check a Cowen spec's parameter: an α in (0, 1), or a whole table limit ≥ 1.
pub(super) fn check_param(spec: &Spec<'_>) -> Result<f64> {
    let value = spec.number(0, "α or t_max")?;
    if spec.args.len() > 1 && !(value >= 1.0 && value.fract() == 0.0) {
        return Err(spec.error(format!(
            "a rule ({}) follows a whole table limit t_max only, not the α {value}",
            TmaxRule::WORDS.join(", ")
        )));
    }
    if value > 0.0 && value < 1.0 {
        return Ok(value);
    }
    if value >= 1.0 && value.fract() == 0.0 && value <= MAX_COWEN_SWITCHES as f64 {
        return Ok(value);
    }
    Err(spec.error(format!(
        "write an α in (0, 1) (the ball exponent) or a whole table limit t_max from 1 to {MAX_COWEN_SWITCHES}, not {value}"
    )))
}

/// Check an α given directly (not through a spec, where a whole number is a table limit).
pub fn check_alpha(alpha: f64) -> Result<()> {
    if alpha > 0.0 && alpha < 1.0 {
        Ok(())
    } else {
        Err(Error::invalid(
            "alpha",
            format!("α must be in (0, 1), not {alpha}"),
        ))
    }
}

/// A connected topology's distances and, for every switch, all switches by (hops, id): every
/// ball is a prefix of its switch's row, so one `Balls` serves every α.
#[derive(Debug, Clone)]
pub struct Balls {
    table: DistanceTable,
    /// `order[v]`: the switches by (hops from v, id), v first.
    order: Vec<Vec<u32>>,
}

impl Balls {
    /// Refuses networks above `MAX_COWEN_SWITCHES` before building anything.
    pub(crate) fn check_size(n: usize) -> Result<()> {
        if n > MAX_COWEN_SWITCHES {
            return Err(Error::TooLarge {
                what: "Cowen's switch count".into(),
                value: n,
                limit: MAX_COWEN_SWITCHES,
                hint: "its balls order every switch's distances (|N|² entries; all-pairs routes on LRT(4096,4,16) take about 2 s)".into(),
            });
        }
        Ok(())
    }

    /// The distances and orders of `topo`, which must be connected.
    pub fn new(topo: &Topology) -> Result<Self> {
        Self::check_size(topo.switch_count())?;
        Self::from_table(DistanceTable::new(topo)?)
    }

    /// The orders of a network whose distances are `table` (it must be connected).
    pub(crate) fn from_table(table: DistanceTable) -> Result<Self> {
        Self::check_size(table.len())?;
        if !table.is_connected() {
            return Err(Error::routing("cowen", "the topology is not connected"));
        }
        let n = table.len();
        // hops are small whole numbers: a bucket per distance gives (hops, id) order in O(n)
        let diameter = (0..n)
            .flat_map(|v| table.row(v).iter().copied())
            .max()
            .unwrap_or(0) as usize;
        let order = (0..n)
            .map(|v| {
                let row = table.row(v);
                let mut starts = vec![0usize; diameter + 2];
                for &h in row {
                    starts[h as usize + 1] += 1;
                }
                for d in 1..starts.len() {
                    starts[d] += starts[d - 1];
                }
                let mut by_distance = vec![0u32; n];
                for (u, &h) in row.iter().enumerate() {
                    by_distance[starts[h as usize]] = u as u32;
                    starts[h as usize] += 1;
                }
                by_distance
            })
            .collect();
        Ok(Balls { table, order })
    }

    /// Number of switches.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// True without switches.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The all-pairs distances.
    pub fn table(&self) -> &DistanceTable {
        &self.table
    }

    /// Hops between `a` and `b`.
    pub fn distance(&self, a: usize, b: usize) -> u32 {
        self.table.distance(a, b)
    }

    /// All switches by (hops from `v`, id).
    pub fn order(&self, v: usize) -> &[u32] {
        &self.order[v]
    }

    /// The ball of `v`: its `size` nearest switches, ties by id (v itself first).
    pub fn ball(&self, v: usize, size: usize) -> &[u32] {
        &self.order[v][..size]
    }

    /// For every switch c, the switches whose ball of `size` holds c (c's "inverse ball"),
    /// ascending.
    pub(crate) fn inverse_balls(&self, size: usize) -> Vec<Vec<u32>> {
        let mut inverse = vec![Vec::new(); self.len()];
        for v in 0..self.len() {
            for &c in self.ball(v, size) {
                inverse[c as usize].push(v as u32);
            }
        }
        inverse
    }

    /// A greedy hitting set of the balls of `size`: repeatedly the switch in the most balls not
    /// yet hit (ties to the lowest id), until every ball holds one. `inverse` is
    /// `inverse_balls(size)`.
    pub(crate) fn hitting_set(&self, size: usize, inverse: &[Vec<u32>]) -> Vec<bool> {
        let n = self.len();
        let mut count: Vec<usize> = inverse.iter().map(Vec::len).collect();
        let mut hit = vec![false; n];
        let mut unhit = n;
        let mut chosen = vec![false; n];
        while unhit > 0 {
            let best = (0..n)
                .max_by_key(|&v| (count[v], std::cmp::Reverse(v)))
                .unwrap_or(0);
            chosen[best] = true;
            for &w in &inverse[best] {
                let w = w as usize;
                if !hit[w] {
                    hit[w] = true;
                    unhit -= 1;
                    for &v in self.ball(w, size) {
                        count[v as usize] -= 1;
                    }
                }
            }
        }
        chosen
    }

    /// Every switch's nearest landmark, ties to the lowest id (the first landmark of its row).
    pub(crate) fn nearest_landmarks(&self, is_landmark: &[bool]) -> Vec<u32> {
        self.order
            .iter()
            .map(|row| {
                *row.iter()
                    .find(|&&l| is_landmark[l as usize])
                    .expect("at least one landmark")
            })
            .collect()
    }
}

/// One α's landmarks, every switch's nearest landmark, and the destinations each switch
/// stores (ascending).
#[derive(Debug, Clone)]
pub(super) struct Scheme {
    pub landmarks: Vec<u32>,
    pub landmark_of: Vec<u32>,
    pub tables: Vec<Vec<u32>>,
}

impl Scheme {
    /// The scheme with these landmarks and tables.
    pub fn new(balls: &Balls, is_landmark: &[bool], tables: Vec<Vec<u32>>) -> Self {
        Scheme {
            landmarks: (0..balls.len() as u32)
                .filter(|&v| is_landmark[v as usize])
                .collect(),
            landmark_of: balls.nearest_landmarks(is_landmark),
            tables,
        }
    }

    /// Entries of the largest table.
    pub fn max_entries(&self) -> usize {
        self.tables.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// Hops of every route over all ordered pairs (`route_hops` per destination, with the
    /// tables turned into each destination's storers once).
    pub(crate) fn total_hops(&self, balls: &Balls) -> u64 {
        let n = balls.len();
        let mut storers: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (u, table) in self.tables.iter().enumerate() {
            for &v in table {
                storers[v as usize].push(u as u32);
            }
        }
        let mut stores = vec![false; n];
        let mut total = 0u64;
        for (d, list) in storers.iter().enumerate() {
            for &u in list {
                stores[u as usize] = true;
            }
            let hops = route_hops(balls, &self.landmark_of, d as u32, |u| stores[u]);
            total += hops.iter().map(|&h| u64::from(h)).sum::<u64>();
            for &u in list {
                stores[u as usize] = false;
            }
        }
        total
    }
}

/// Hops of every switch's route to `dst` under Cowen's forwarding (what `Cowen::next` walks,
/// memoised), `stores(u)` telling whether switch u has an entry for `dst`: d(u, dst) where u
/// stores dst (or is dst or its landmark), else one hop towards the landmark plus the rest from
/// there — switches taken by distance from the landmark, so that rest is known.
pub fn route_hops(
    balls: &Balls,
    landmark_of: &[u32],
    dst: u32,
    stores: impl Fn(usize) -> bool,
) -> Vec<u32> {
    let v = dst as usize;
    let landmark = landmark_of[v] as usize;
    let table = balls.table();
    let mut hops = vec![0u32; balls.len()];
    for &u in balls.order(landmark) {
        let u = u as usize;
        hops[u] = if u == v || u == landmark || stores(u) {
            table.distance(u, v)
        } else {
            let next = table
                .next_hop(SwitchId::new(u), SwitchId::new(landmark))
                .expect("connected");
            1 + hops[next.index()]
        };
    }
    hops
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::build_seeded;

    #[test]
    fn rows_are_ordered_by_hops_then_id_and_balls_are_hit() {
        let t = build_seeded("lrt:64:4:2", 2).unwrap();
        let balls = Balls::new(&t).unwrap();
        for v in 0..64 {
            let row = balls.order(v);
            assert_eq!(row[0] as usize, v);
            for w in row.windows(2) {
                let key = |u: u32| (balls.distance(v, u as usize), u);
                assert!(key(w[0]) < key(w[1]), "row {v}");
            }
        }
        let size = ball_size(64, 0.5);
        assert_eq!(size, 8);
        let inverse = balls.inverse_balls(size);
        let hits = balls.hitting_set(size, &inverse);
        for v in 0..64 {
            assert!(balls.ball(v, size).iter().any(|&u| hits[u as usize]));
        }
        let nearest = balls.nearest_landmarks(&hits);
        for (v, &l) in nearest.iter().enumerate() {
            let l = l as usize;
            assert!(hits[l]);
            assert!((0..64)
                .filter(|&u| hits[u])
                .all(|u| (balls.distance(v, l), l) <= (balls.distance(v, u), u)));
        }
        assert_eq!(ball_size(256, 0.25), 4);
        assert_eq!(ball_size(64, 0.05), 2);
    }
}

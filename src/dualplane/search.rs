//! The search for plane 1 (paper 004 §2.4 and §3.2.2): the generator set H(1,n) / FH(1,n)
//! whose dual-plane network improves most on two identical planes. DI-HC / DI-FHC maximise the
//! improvement of the average shortest distance and of the all-to-all maximum traffic; the
//! "-r" variants (DI-HC-r, DI-FHC-r) the average shortest delay of §3.2.1 and the all-to-all
//! maximum traffic. The paper does not say how the two rates combine (`Combine`); by default we
//! maximise the product of the two ratios, the reading that reproduces most of §3.2.2–3.3.2.
//!
//! Both metrics are unchanged by the order of the generators (it only renames plane 1's
//! dimensions) and by a permutation of the id bits applied to every generator (plane 0 is
//! mapped onto itself), so the distance search needs one matrix per class of P·M·Q. Every
//! binary matrix can be ordered doubly lexically (Lubiw 1987: rows and columns both
//! non-increasing), so enumerating only such matrices covers every class, with few repeats;
//! that is exhaustive up to n = `EXHAUSTIVE_MAX`. Beyond it a seeded annealing (the paper's
//! "partial search" for n ≥ 9 is not described) runs several chains. A bit permutation keeps
//! both metrics but moves plane 1's links between racks, so the -r search also permutes bits:
//! it starts from the distance search's ties, each with its cables shortened by swapping bits,
//! and anneals over sets and permutations together.
//!
//! Candidates are scored from integers (the sum of distances, the busiest link's packets, the
//! plane-1 cable in cm), so ties are exact and every run with one seed gives one answer,
//! natively on any number of threads and in WASM.

use crate::rng::{stream, Purpose};
use crate::topology::dualplane::floor::{cable, CableReading, ALPHA_NS, CABLE_NS_PER_M, SWITCH_NS};
use crate::topology::dualplane::{DualPlane, Kind};
use crate::{Error, Result};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Largest n searched exhaustively (n = 6: 615,346 doubly lexical matrices, half a second
/// natively; n = 7 has hundreds of millions).
pub(crate) const EXHAUSTIVE_MAX: u32 = 6;
/// The search's range of n: the floor model of §3 (and so the delay) holds up to n = 12.
pub(crate) const MIN_N: u32 = 2;
pub const MAX_N: u32 = 12;
/// Most tied sets kept in a result.
pub(crate) const MAX_TIES: usize = 64;
/// Annealing chains (independent, spread over the cores natively). At n = 8, one effort of
/// evaluations split over 16 chains found the best known sets (HC: 3.125 / 5.12; FHC: 2.707 /
/// 6.65) on 6 of 6 seeds where 4 chains found them on 4 of 6 (HC) and 5 of 6 (FHC).
const CHAINS: usize = 16;
/// The annealing's default evaluations are multiplied by this up to n = `BOOSTED_MAX`: the
/// paper searched those exhaustively, so a default search should reach the optimum there
/// (n = 8 with 16 chains: 6 of 6 seeds at 5×, 2.2 s natively on 2 cores; 2 of 6 at 1×).
const BOOST: f64 = 20.0;
const BOOSTED_MAX: u32 = 8;
/// Progress reports (and rounds of the chains) per annealing.
const ROUNDS: usize = 50;

/// What the search maximises besides the all-to-all maximum traffic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Objective {
    /// DI-HC, DI-FHC (§2.4): the average shortest distance.
    Distance,
    /// DI-HC-r, DI-FHC-r (§3.2.2): the average shortest delay.
    Delay,
}

impl crate::choice::Choices for Objective {
    const DECIDES: &'static str =
        "What the search maximises besides the all-to-all maximum traffic";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (Objective::Distance, "Distance (DI)", "The search maximises the improvement of the average shortest distance and of the all-to-all maximum traffic (§2.4): DI-HC, DI-FHC"),
        (Objective::Delay, "Delay (DI-…-r)", "The search maximises the improvement of the average shortest delay (cables included) and of the all-to-all maximum traffic (§3.2.2): DI-HC-r, DI-FHC-r"),
    ];
}

/// How the two improvement rates make one score (§2.4 and §3.2.2 only say "the largest
/// improvement rates of the all-to-all maximum traffic and the average shortest distance
/// (delay)").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Combine {
    /// Their sum.
    Sum,
    /// The product of the ratios, (1 + r₁)(1 + r₂) − 1: reproduces 10 of the 12 statements of
    /// §3.2.2–3.3.2 we check (the sum 7, distance/delay first 5–9, all-to-all first 6; README).
    #[default]
    Product,
    /// The distance (or delay) rate first; the all-to-all rate only between sets equal in it
    /// (up to a thousandth of its weight).
    LatencyFirst,
    /// The all-to-all rate first; the distance (or delay) rate only between sets equal in it.
    A2aFirst,
}

impl crate::choice::Choices for Combine {
    const DECIDES: &'static str = "How the search combines its two improvement rates";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (Combine::Sum, "sum", "The sum of the two improvement rates"),
        (
            Combine::Product,
            "product",
            "The product of the two improvement ratios",
        ),
        (
            Combine::LatencyFirst,
            "distance/delay first",
            "The distance (or delay) rate first, the all-to-all rate between sets equal in it",
        ),
        (
            Combine::A2aFirst,
            "all-to-all first",
            "The all-to-all rate first, the distance (or delay) rate between sets equal in it",
        ),
    ];
}

impl Combine {
    /// One score from the latency rate `l` (distance or delay) and the all-to-all rate `a`.
    fn of(self, l: f64, a: f64) -> f64 {
        match self {
            Combine::Sum => l + a,
            Combine::Product => (1.0 + l) * (1.0 + a) - 1.0,
            Combine::LatencyFirst => l + 1e-3 * a,
            Combine::A2aFirst => a + 1e-3 * l,
        }
    }
}

/// One scored generator set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    /// Plane 1's n basis generators, sorted (FHC: the folded one, their XOR, is the largest).
    pub generators: Vec<u32>,
    pub avg_distance: f64,
    pub a2a_max_traffic: f64,
    pub avg_cable_m: f64,
    pub avg_delay_ns: f64,
    /// Improvement over the identical planes, in percent (positive is better).
    pub distance_gain_pct: f64,
    pub a2a_gain_pct: f64,
    pub delay_gain_pct: f64,
    /// The objective: the two improvement rates (fractions) as `Combine` makes them one.
    pub score: f64,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchResult {
    pub kind: Kind,
    pub n: u32,
    pub objective: Objective,
    /// "exhaustive" (every class up to generator order and bit permutation) or "annealing".
    pub method: String,
    /// The method asked for (`method` says what `Method::Auto` chose).
    #[serde(skip)]
    method_asked: Method,
    pub seed: u64,
    pub effort: f64,
    #[serde(default)]
    pub cables: CableReading,
    #[serde(default)]
    pub combine: Combine,
    /// Candidates scored.
    pub evaluated: u64,
    pub seconds: f64,
    pub best: Candidate,
    pub baseline: Candidate,
    /// Sets with the best set's distance and all-to-all values (for the distance search,
    /// one per class), with their cables: they differ there.
    pub ties: Vec<Candidate>,
    /// How many such sets were seen (more than `ties` holds when over `MAX_TIES`).
    pub ties_seen: u64,
}

/// The integers a candidate is judged by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key {
    total_distance: u64,
    max_load: u64,
    /// Σ load⁸ over the generators of both planes: its eighth root is a smooth stand-in for
    /// `max_load` that the annealing can climb on plateaus of equal maximum (loads stay below
    /// 2¹⁴, so the sum fits).
    load_pow8: u128,
    /// Plane 1's switch–switch cables, summed, in cm (Table 2's lengths are whole cm).
    cable_cm: u64,
}

/// Scores sets for one (kind, n, objective).
pub struct Evaluator {
    kind: Kind,
    n: u32,
    objective: Objective,
    combine: Combine,
    /// The summed cable (cm) of all links of each generator value.
    generator_cable_cm: Vec<u64>,
    /// Plane 0's summed cable and the cables per plane.
    plane0_cable_cm: u64,
    cables_per_plane: u64,
    baseline: Key,
}

impl Evaluator {
    pub fn new(
        kind: Kind,
        n: u32,
        objective: Objective,
        (cables, combine): (CableReading, Combine),
    ) -> Result<Evaluator> {
        if !(MIN_N..=MAX_N).contains(&n) {
            return Err(Error::invalid(
                "n",
                format!("the search runs from n = {MIN_N} to {MAX_N} (the floor model of §3 ends at 12), not {n}"),
            ));
        }
        let size = 1u32 << n;
        let mut generator_cable_cm = vec![0u64; size as usize];
        for (g, total) in generator_cable_cm.iter_mut().enumerate().skip(1) {
            for s in 0..size {
                let t = s ^ g as u32;
                if s < t {
                    *total += (cable(n, s, t, cables)?.0 * 100.0).round() as u64;
                }
            }
        }
        let mut e = Evaluator {
            kind,
            n,
            objective,
            combine,
            generator_cable_cm,
            plane0_cable_cm: 0,
            cables_per_plane: 0,
            baseline: Key {
                total_distance: 0,
                max_load: 1,
                load_pow8: 1,
                cable_cm: 0,
            },
        };
        let standard: Vec<u32> = (0..n).map(|i| 1 << i).collect();
        e.plane0_cable_cm = e.cable_of(&standard);
        e.cables_per_plane = u64::from(e.generator_count()) * u64::from(size / 2);
        e.baseline = e.key(&standard);
        Ok(e)
    }

    fn generator_count(&self) -> u32 {
        self.n + u32::from(self.kind == Kind::Fhc)
    }

    /// Plane 1's summed cable for a basis (and its folded generator).
    fn cable_of(&self, basis: &[u32]) -> u64 {
        let mut cm: u64 = basis
            .iter()
            .map(|&h| self.generator_cable_cm[h as usize])
            .sum();
        if self.kind == Kind::Fhc {
            cm += self.generator_cable_cm[basis.iter().fold(0, |a, &h| a ^ h) as usize];
        }
        cm
    }

    /// (distance, generators used) of a routing value: bit i is generator i, bit n the
    /// folded one.
    #[inline]
    fn route(&self, v: u32) -> (u32, u32) {
        let w = v.count_ones();
        if self.kind == Kind::Fhc && w > self.n + 1 - w {
            (self.n + 1 - w, (!v & ((1 << self.n) - 1)) | (1 << self.n))
        } else {
            (w, v)
        }
    }

    /// Both metrics of a basis in O(n·2ⁿ) without a table: y walks the routing values in
    /// Gray-code order and x = M·y follows with one XOR; plane 0 routes on the bits of x,
    /// plane 1 on those of y (the same rules as `DualPlane::metrics`, tested equal).
    fn key(&self, basis: &[u32]) -> Key {
        let n = self.n as usize;
        // per-generator packet counts, added eight generators at a time: byte lane i of a u64
        // counts generator i (the folded one is bit n of the route), emptied into `load`
        // before a lane can overflow (at most 2 packets per offset)
        let mut load = [[0u64; 16]; 2];
        let mut lanes = [[0u64; 2]; 2];
        let flush = |lanes: &mut [[u64; 2]; 2], load: &mut [[u64; 16]; 2]| {
            for (p, words) in lanes.iter_mut().enumerate() {
                for (w, word) in words.iter_mut().enumerate() {
                    for i in 0..8 {
                        load[p][8 * w + i] += (*word >> (8 * i)) & 0xff;
                    }
                    *word = 0;
                }
            }
        };
        let (mut x, mut y, mut total) = (0u32, 0u32, 0u64);
        for k in 1u32..(1 << n) {
            let f = k.trailing_zeros();
            y ^= 1 << f;
            x ^= basis[f as usize];
            let (d0, b0) = self.route(x);
            let (d1, b1) = self.route(y);
            total += u64::from(d0.min(d1));
            // 2 packets to the shorter plane, 1 each on a tie
            let w0 = u64::from(d0 <= d1) + u64::from(d0 < d1);
            let w1 = 2 - w0;
            lanes[0][0] += SPREAD[(b0 & 0xff) as usize] * w0;
            lanes[0][1] += SPREAD[(b0 >> 8) as usize] * w0;
            lanes[1][0] += SPREAD[(b1 & 0xff) as usize] * w1;
            lanes[1][1] += SPREAD[(b1 >> 8) as usize] * w1;
            if k % 127 == 0 {
                flush(&mut lanes, &mut load);
            }
        }
        flush(&mut lanes, &mut load);
        let used = self.generator_count() as usize;
        let max_load = load
            .iter()
            .flat_map(|l| &l[..used])
            .copied()
            .max()
            .unwrap_or(0)
            .max(1);
        let load_pow8 = load
            .iter()
            .flat_map(|l| &l[..used])
            .map(|&l| u128::from(l).pow(8))
            .sum();
        Key {
            total_distance: total,
            max_load,
            load_pow8,
            cable_cm: self.cable_of(basis),
        }
    }

    fn avg_distance(&self, k: &Key) -> f64 {
        k.total_distance as f64 / f64::from(1u32 << self.n)
    }

    fn a2a(&self, k: &Key) -> f64 {
        2.0 * f64::from(1u32 << self.n) / k.max_load as f64
    }

    fn avg_cable_m(&self, k: &Key) -> f64 {
        (self.plane0_cable_cm + k.cable_cm) as f64 / 100.0 / (2 * self.cables_per_plane) as f64
    }

    fn delay(&self, k: &Key) -> f64 {
        (self.avg_cable_m(k) * CABLE_NS_PER_M + SWITCH_NS) * self.avg_distance(k) + ALPHA_NS
    }

    /// The improvement rates (fractions) of distance, a2a and delay.
    fn gains(&self, k: &Key) -> [f64; 3] {
        let b = &self.baseline;
        [
            1.0 - self.avg_distance(k) / self.avg_distance(b),
            self.a2a(k) / self.a2a(b) - 1.0,
            1.0 - self.delay(k) / self.delay(b),
        ]
    }

    fn score(&self, k: &Key) -> f64 {
        let [d, a, t] = self.gains(k);
        match self.objective {
            Objective::Distance => self.combine.of(d, a),
            Objective::Delay => self.combine.of(t, a),
        }
    }

    /// The score the annealing climbs: the all-to-all rate taken from the loads' 8-norm (a soft
    /// maximum) instead of their maximum, so moves that lighten the busiest links count before
    /// the maximum falls. At n = 8 it found the best known HC set on 4 of 6 seeds where a pull
    /// towards fewer links at the maximum found it on 1 of 6 (same evaluations). The root is
    /// three square roots, exactly rounded everywhere: native and WASM runs stay identical.
    fn smooth_score(&self, k: &Key) -> f64 {
        let [d, _, t] = self.gains(k);
        let soft_load = (k.load_pow8 as f64).sqrt().sqrt().sqrt();
        let a = (2.0 * f64::from(1u32 << self.n) / soft_load) / self.a2a(&self.baseline) - 1.0;
        // the distance search climbs the sum, whatever `combine` its score uses (the best is
        // kept by `score`): at n = 8 climbing the product found FHC's best set on 4 of 6 seeds,
        // the sum on 6 of 6. The delay search climbs its own combination: with the sum, the
        // product's -r sets lost three of §3.3's statements (README)
        match self.objective {
            Objective::Distance => d + a,
            Objective::Delay => self.combine.of(t, a),
        }
    }

    fn candidate(&self, basis: &[u32], k: &Key) -> Candidate {
        let [d, a, t] = self.gains(k);
        Candidate {
            generators: canonical(self.kind, basis),
            avg_distance: self.avg_distance(k),
            a2a_max_traffic: self.a2a(k),
            avg_cable_m: self.avg_cable_m(k),
            avg_delay_ns: self.delay(k),
            distance_gain_pct: 100.0 * d,
            a2a_gain_pct: 100.0 * a,
            delay_gain_pct: 100.0 * t,
            score: self.score(k),
        }
    }

    /// Score a user's set (checked as `Plane::isomorphic` checks it).
    pub fn evaluate(&self, generators: &[u32]) -> Result<Candidate> {
        let d = DualPlane::isomorphic(self.kind, self.n, generators)?;
        let basis = &d.planes[1].generators()[..self.n as usize];
        Ok(self.candidate(basis, &self.key(basis)))
    }

    /// The identical planes (D-HC, D-FHC).
    pub fn baseline(&self) -> Candidate {
        let standard: Vec<u32> = (0..self.n).map(|i| 1 << i).collect();
        self.candidate(&standard, &self.baseline)
    }
}

/// Byte i of SPREAD[b] is bit i of b.
const SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if b & (1 << i) != 0 {
                t[b] |= 1 << (8 * i);
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// A set written one way: sorted, and for a folded cube the n smallest of its n + 1 elements
/// (any n of them are a basis and the largest is their XOR).
fn canonical(kind: Kind, basis: &[u32]) -> Vec<u32> {
    let mut all = basis.to_vec();
    if kind == Kind::Fhc {
        all.push(basis.iter().fold(0, |a, &h| a ^ h));
        all.sort_unstable();
        all.pop();
    }
    all.sort_unstable();
    all
}

/// Every invertible n×n matrix over GF(2) with strictly decreasing rows and non-increasing
/// columns (both read as binary strings from the first entry), as column lists: one at least
/// per class of P·M·Q. Row i is bit i of the generators; column j is generator j.
pub(crate) fn doubly_lexical(n: u32) -> Vec<Vec<u32>> {
    fn extend(
        n: u32,
        prev: u32,
        boundary: u32,
        reduced: &mut Vec<u32>,
        rows: &mut Vec<u32>,
        out: &mut Vec<Vec<u32>>,
    ) {
        if rows.len() == n as usize {
            out.push(
                (0..n)
                    .map(|j| {
                        rows.iter()
                            .enumerate()
                            .fold(0, |h, (i, &r)| h | (((r >> (n - 1 - j)) & 1) << i))
                    })
                    .collect(),
            );
            return;
        }
        // bit k of a row is column n-1-k; bits below n-1 have a left neighbour at k+1
        let inner = (1u32 << (n - 1)) - 1;
        for v in (1..prev).rev() {
            // inside a run of columns equal so far, bits must not rise from left to right
            if v & !(v >> 1) & inner & !boundary != 0 {
                continue;
            }
            let r = reduced.iter().fold(v, |r, &b| r.min(r ^ b));
            if r == 0 {
                continue;
            }
            let at = reduced.partition_point(|&b| b > r);
            reduced.insert(at, r);
            rows.push(v);
            extend(
                n,
                v,
                boundary | ((v ^ (v >> 1)) & inner),
                reduced,
                rows,
                out,
            );
            rows.pop();
            reduced.remove(at);
        }
    }
    let mut out = Vec::new();
    extend(n, 1 << n, 0, &mut Vec::new(), &mut Vec::new(), &mut out);
    out
}

/// Collects the best candidate and its ties as a search goes.
#[derive(Clone)]
struct Best {
    key: Option<Key>,
    score: f64,
    basis: Vec<u32>,
    ties: Vec<(Vec<u32>, Key)>,
    ties_seen: u64,
}

impl Best {
    fn new() -> Best {
        Best {
            key: None,
            score: f64::NEG_INFINITY,
            basis: Vec::new(),
            ties: Vec::new(),
            ties_seen: 0,
        }
    }

    /// Offer a candidate; ties are sets with the best's distance and load sums. Among equal
    /// scores the best is the one with less cable (the paper leaves ties open; its metrics
    /// stay, its cables, delay and cost shrink), then the smaller sorted set, so the answer
    /// does not depend on the order candidates come in. Returns whether it became the best.
    fn offer(&mut self, e: &Evaluator, basis: &[u32], k: Key) -> bool {
        let s = e.score(&k);
        let same_metrics =
            |a: &Key| a.total_distance == k.total_distance && a.max_load == k.max_load;
        let better = match self.key {
            None => true,
            Some(b) => {
                s > self.score
                    || (s == self.score
                        && (k.cable_cm, canonical(e.kind, basis))
                            < (b.cable_cm, canonical(e.kind, &self.basis)))
            }
        };
        if better {
            let keep_ties = self.key.as_ref().is_some_and(same_metrics);
            self.score = s;
            self.key = Some(k);
            self.basis = basis.to_vec();
            if !keep_ties {
                self.ties.clear();
                self.ties_seen = 0;
            }
        }
        let best = self.key.expect("set above");
        if best.total_distance == k.total_distance && best.max_load == k.max_load {
            let set = canonical(e.kind, basis);
            if !self.ties.iter().any(|(t, _)| *t == set) {
                self.ties_seen += 1;
                if self.ties.len() < MAX_TIES {
                    self.ties.push((set, k));
                }
            }
        }
        self.basis == basis
    }

    fn merge(&mut self, e: &Evaluator, other: &Best) {
        if let Some(key) = other.key {
            self.offer(e, &other.basis, key);
            for (t, k) in &other.ties {
                self.offer(e, t, *k);
            }
        }
    }
}

/// A search's settings.
#[derive(Debug, Clone, Copy)]
pub struct SearchSpec {
    pub kind: Kind,
    pub n: u32,
    pub objective: Objective,
    pub seed: u64,
    /// Multiplies the annealing's default number of evaluations (1.0).
    pub effort: f64,
    pub method: Method,
    /// How in-rack cables count in the delay (§3.1.2).
    pub cables: CableReading,
    /// How the two rates make one score.
    pub combine: Combine,
}

impl SearchSpec {
    /// The distance search a -r search starts with (itself for a distance search).
    pub(crate) fn distance_phase(&self) -> SearchSpec {
        SearchSpec {
            objective: Objective::Distance,
            ..*self
        }
    }

    /// The search for `kind` and `n` towards `objective`, its method chosen by n (`Method::Auto`).
    pub(crate) fn auto(
        kind: Kind,
        n: u32,
        objective: Objective,
        seed: u64,
        effort: f64,
    ) -> SearchSpec {
        SearchSpec {
            kind,
            n,
            objective,
            seed,
            effort,
            method: Method::Auto,
            cables: CableReading::default(),
            combine: Combine::default(),
        }
    }
}

/// Distance searches run so far, kept so a -r search of the same (kind, n) starts from one
/// instead of repeating it (`search_from`): a sweep then pays for each once.
pub(crate) type Searched = Vec<SearchResult>;

/// One of Fig. 3's variants: without an objective the identical planes (D-HC, D-FHC), else
/// plane 1 from the best generator set the search finds towards it (DI-HC, DI-FHC and their
/// -r, the delay with in-rack cables counted as `cables` says), with the search's seconds (0
/// for the identical planes).
pub(crate) fn variant_network(
    kind: Kind,
    n: u32,
    objective: Option<Objective>,
    (seed, effort): (u64, f64),
    (cables, combine): (CableReading, Combine),
    searched: &mut Searched,
) -> Result<(DualPlane, f64)> {
    let Some(objective) = objective else {
        return Ok((DualPlane::identical(kind, n)?, 0.0));
    };
    let spec = SearchSpec {
        cables,
        combine,
        ..SearchSpec::auto(kind, n, objective, seed, effort)
    };
    let prior = searched.iter().find(|r| r.answers(&spec.distance_phase()));
    let r = search_from(&spec, prior, &mut |_, _| {})?;
    let out = (
        DualPlane::isomorphic(kind, n, &r.best.generators)?,
        r.seconds,
    );
    if objective == Objective::Distance {
        searched.push(r);
    }
    Ok(out)
}

/// How to search the sets scored by distance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Method {
    /// Exhaustive up to n = `EXHAUSTIVE_MAX`, annealing beyond.
    #[default]
    Auto,
    Exhaustive,
    Annealing,
}

/// Most search units one request may spend (`work`): a unit is one annealing phase at effort
/// 1 (about 6·10⁸ inner steps; a distance phase up to n = `BOOSTED_MAX` is `BOOST` units). The
/// six-variant sweep over n = 2…12 at effort 1 is 110 units (26 s on 2 cores); one -r search
/// at n = 12 may take effort 55.
pub const MAX_SEARCH_UNITS: f64 = 110.0;

/// The work of a search in units of `MAX_SEARCH_UNITS`: the effort for each annealing phase
/// (the distance search, and the delay search after it for -r); an exhaustive search (n ≤
/// `EXHAUSTIVE_MAX`, under a second) counts nothing.
pub fn work(spec: &SearchSpec) -> f64 {
    let anneals = match spec.method {
        Method::Auto | Method::Exhaustive => spec.n > EXHAUSTIVE_MAX,
        Method::Annealing => true,
    };
    // the distance phase (when it anneals), then for -r the delay phase
    let distance = if anneals {
        boost(spec.n, Objective::Distance)
    } else {
        0.0
    };
    let delay = match spec.objective {
        Objective::Delay => boost(spec.n, Objective::Delay),
        Objective::Distance => 0.0,
    };
    (distance + delay) * spec.effort
}

/// How many times the default evaluations an annealing towards `objective` at n makes: `BOOST`
/// for the distance up to n = `BOOSTED_MAX`, else 1 (the delay phase starts from the distance
/// optimum's ties and needs less).
fn boost(n: u32, objective: Objective) -> f64 {
    if objective == Objective::Distance && n <= BOOSTED_MAX {
        BOOST
    } else {
        1.0
    }
}

/// The work of the searches towards `objectives` for one (kind, n), as `variant_network` runs
/// them: a -r search starts from the distance search, so both cost what the -r one does.
pub(crate) fn variants_work(kind: Kind, n: u32, objectives: &[Objective], effort: f64) -> f64 {
    objectives
        .iter()
        .map(|&o| work(&SearchSpec::auto(kind, n, o, 0, effort)))
        .fold(0.0, f64::max)
}

/// Refuse a request whose searches (`units`, the sum of their `work`) are above
/// `MAX_SEARCH_UNITS`, naming the effort that would fit.
pub(crate) fn check_work(units: f64, effort: f64) -> Result<()> {
    if units > MAX_SEARCH_UNITS {
        return Err(Error::invalid(
            "effort",
            format!(
                "this request's searches come to {units:.1} units of annealing at effort {effort}, above the limit of {MAX_SEARCH_UNITS} per request: use an effort of at most {:.2}",
                effort * MAX_SEARCH_UNITS / units
            ),
        ));
    }
    Ok(())
}

impl SearchResult {
    /// True when this is what `spec` would find: the same search with the same seed.
    fn answers(&self, spec: &SearchSpec) -> bool {
        (self.kind, self.n, self.objective, self.seed)
            == (spec.kind, spec.n, spec.objective, spec.seed)
            && (self.effort, self.method_asked) == (spec.effort, spec.method)
            && (self.cables, self.combine) == (spec.cables, spec.combine)
    }
}

/// Find plane 1's generator set. `report(fraction done, best so far)` hears progress; it is
/// called on this thread.
pub fn search(spec: &SearchSpec, report: &mut dyn FnMut(f64, &Candidate)) -> Result<SearchResult> {
    search_from(spec, None, report)
}

/// What `search` refuses before it begins: its effort, and its work within the budget.
pub fn precheck(spec: &SearchSpec) -> Result<()> {
    if !(spec.effort.is_finite() && spec.effort > 0.0 && spec.effort <= 100.0) {
        return Err(Error::invalid(
            "effort",
            format!("a factor in (0, 100], not {}", spec.effort),
        ));
    }
    check_work(work(spec), spec.effort)
}

/// `search`, for a -r search from `prior`, the distance search it starts with, when one was
/// run (`SearchResult::answers`): its best and ties are where the delay phase starts, as they
/// would be if it were run again (its sets are offered in another order; `Best::offer` does
/// not depend on the order).
fn search_from(
    spec: &SearchSpec,
    prior: Option<&SearchResult>,
    report: &mut dyn FnMut(f64, &Candidate),
) -> Result<SearchResult> {
    precheck(spec)?;
    let started = crate::clock::now_seconds();
    let distance = Evaluator::new(
        spec.kind,
        spec.n,
        Objective::Distance,
        (spec.cables, spec.combine),
    )?;
    let (mut best, mut evaluated, method);
    // the distance search first (for -r, its first half)
    let share = if spec.objective == Objective::Delay {
        0.5
    } else {
        1.0
    };
    let exhaustive = match spec.method {
        Method::Auto => spec.n <= EXHAUSTIVE_MAX,
        Method::Annealing => false,
        Method::Exhaustive if spec.n <= EXHAUSTIVE_MAX => true,
        Method::Exhaustive => {
            return Err(Error::invalid(
                "method",
                format!("an exhaustive search runs up to n = {EXHAUSTIVE_MAX} (n = 7 has millions of classes); use annealing for n = {}", spec.n),
            ))
        }
    };
    if let Some(prior) =
        prior.filter(|p| spec.objective == Objective::Delay && p.answers(&spec.distance_phase()))
    {
        best = Best::new();
        for set in prior.ties.iter().chain([&prior.best]) {
            best.offer(&distance, &set.generators, distance.key(&set.generators));
        }
        evaluated = prior.evaluated;
        method = if prior.method == "exhaustive" {
            "exhaustive"
        } else {
            "annealing"
        };
    } else if exhaustive {
        let matrices = doubly_lexical(spec.n);
        best = Best::new();
        let total = matrices.len();
        let keys = crate::parallel::map_chunked(
            &matrices,
            4096,
            |m| distance.key(m),
            |i, _| {
                if i % 4096 == 4095 {
                    report(share * (i + 1) as f64 / total as f64, &distance.baseline());
                }
                true
            },
        );
        for (m, k) in matrices.iter().zip(keys) {
            best.offer(&distance, m, k);
        }
        evaluated = total as u64;
        method = "exhaustive";
    } else {
        let start = vec![(0..spec.n).map(|i| 1 << i).collect::<Vec<u32>>()];
        (best, evaluated) = anneal(&distance, spec, &start, 0, (0.0, share), report)?;
        method = "annealing";
    }
    let mut method = method.to_string();
    let e = if spec.objective == Objective::Delay {
        let delay = Evaluator::new(
            spec.kind,
            spec.n,
            Objective::Delay,
            (spec.cables, spec.combine),
        )?;
        // every tie of the distance search with its cables shortened by swapping bits, then
        // annealing over sets and bit permutations from the best of them
        let mut starts = Best::new();
        // in one order, whatever order the ties were found in (or a prior search listed them):
        // the first of two starts alike in delay and cable is where the annealing begins
        let mut tied: Vec<Vec<u32>> = best.ties.iter().map(|(t, _)| t.clone()).collect();
        tied.push(canonical(spec.kind, &best.basis));
        tied.sort_unstable();
        tied.dedup();
        for t in tied {
            let (b, k, count) = shorten_cables(&delay, &t);
            evaluated += count;
            starts.offer(&delay, &b, k);
        }
        let start = vec![starts.basis.clone()];
        let (annealed, count) = anneal(&delay, spec, &start, 1, (0.5, 1.0), report)?;
        evaluated += count;
        starts.merge(&delay, &annealed);
        best = starts;
        method.push_str(" + bit permutations + annealing");
        delay
    } else {
        distance
    };
    let key = best.key.expect("every search scores a candidate");
    let mut ties: Vec<Candidate> = best.ties.iter().map(|(t, k)| e.candidate(t, k)).collect();
    crate::sort::by(&mut ties, |a, b| {
        a.avg_delay_ns
            .total_cmp(&b.avg_delay_ns)
            .then_with(|| a.generators.cmp(&b.generators))
    });
    report(1.0, &e.candidate(&best.basis, &key));
    Ok(SearchResult {
        kind: spec.kind,
        n: spec.n,
        objective: spec.objective,
        method,
        method_asked: spec.method,
        seed: spec.seed,
        effort: spec.effort,
        cables: spec.cables,
        combine: spec.combine,
        evaluated,
        seconds: crate::clock::now_seconds() - started,
        best: e.candidate(&best.basis, &key),
        baseline: e.baseline(),
        ties,
        ties_seen: best.ties_seen,
    })
}

/// Swap bit pairs of every generator while that lowers the delay (the metrics stay): returns
/// the set, its key and the candidates scored.
fn shorten_cables(e: &Evaluator, basis: &[u32]) -> (Vec<u32>, Key, u64) {
    let mut cur = basis.to_vec();
    let mut key = e.key(&cur);
    let mut count = 1;
    loop {
        let mut improved = false;
        for a in 0..e.n {
            for b in a + 1..e.n {
                let swapped: Vec<u32> = cur.iter().map(|&h| swap_bits(h, a, b)).collect();
                let cable = e.cable_of(&swapped);
                count += 1;
                if cable < key.cable_cm {
                    key.cable_cm = cable;
                    cur = swapped;
                    improved = true;
                }
            }
        }
        if !improved {
            return (cur, key, count);
        }
    }
}

fn swap_bits(h: u32, a: u32, b: u32) -> u32 {
    let (x, y) = ((h >> a) & 1, (h >> b) & 1);
    if x == y {
        h
    } else {
        h ^ (1 << a) ^ (1 << b)
    }
}

/// Default annealing evaluations for n (all chains): about 6·10⁸ inner steps, `boost` times
/// that.
fn budget(n: u32, objective: Objective, effort: f64) -> u64 {
    let per = f64::from(n) * f64::from(1u32 << n);
    ((6e8 / per).clamp(20_000.0, 2_000_000.0) * effort * boost(n, objective)) as u64
}

#[derive(Clone)]
struct Chain {
    rng: ChaCha8Rng,
    basis: Vec<u32>,
    key: Key,
    step: u64,
    best: Best,
}

/// Seeded annealing from `starts` (chain i starts from starts[i mod len]); `phase` keeps the
/// -r run's streams apart from the distance run's. Progress runs over `[from, to]`.
fn anneal(
    e: &Evaluator,
    spec: &SearchSpec,
    starts: &[Vec<u32>],
    phase: u32,
    (from, to): (f64, f64),
    report: &mut dyn FnMut(f64, &Candidate),
) -> Result<(Best, u64)> {
    let share = to - from;
    let steps = budget(spec.n, e.objective, spec.effort) / CHAINS as u64;
    let mut chains: Vec<Chain> = (0..CHAINS)
        .map(|i| {
            let basis = starts[i % starts.len()].clone();
            let key = e.key(&basis);
            let mut best = Best::new();
            best.offer(e, &basis, key);
            Chain {
                rng: stream(spec.seed, Purpose::Search, phase * 1000 + i as u32),
                basis,
                key,
                step: 0,
                best,
            }
        })
        .collect();
    for round in 0..ROUNDS {
        let until = steps * (round as u64 + 1) / ROUNDS as u64;
        chains = crate::parallel::map_chunked(
            &chains,
            CHAINS,
            |c| {
                let mut c = c.clone();
                advance(e, &mut c, until, steps);
                c
            },
            |_, _| true,
        );
        let mut so_far = Best::new();
        for c in &chains {
            so_far.merge(e, &c.best);
        }
        let k = so_far.key.expect("chains have a best");
        report(
            from + share * (round + 1) as f64 / ROUNDS as f64,
            &e.candidate(&so_far.basis, &k),
        );
    }
    let mut all = Best::new();
    for c in &chains {
        all.merge(e, &c.best);
    }
    Ok((all, steps * CHAINS as u64))
}

/// Run a chain to step `until` of `steps`.
fn advance(e: &Evaluator, c: &mut Chain, until: u64, steps: u64) {
    let n = e.n as usize;
    let (hot, cold): (f64, f64) = (0.03, 0.0003);
    let mut current = e.smooth_score(&c.key);
    let mut next = c.basis.clone();
    while c.step < until {
        let t = hot * (cold / hot).powf(c.step as f64 / steps.max(1) as f64);
        c.step += 1;
        next.copy_from_slice(&c.basis);
        let roll: f64 = c.rng.random();
        if e.objective == Objective::Delay && roll < 0.25 {
            let a = c.rng.random_range(0..e.n);
            let b = (a + c.rng.random_range(1..e.n)) % e.n;
            for h in &mut next {
                *h = swap_bits(*h, a, b);
            }
        } else if roll < 0.6 {
            // a transvection keeps the set independent
            let j = c.rng.random_range(0..n);
            let k = (j + c.rng.random_range(1..n)) % n;
            next[j] ^= next[k];
        } else {
            let j = c.rng.random_range(0..n);
            next[j] = c.rng.random_range(1..1u32 << n);
            if !independent(&next) {
                continue;
            }
        }
        let k = e.key(&next);
        let s = e.smooth_score(&k);
        if s >= current || c.rng.random::<f64>() < ((s - current) / t).exp() {
            c.basis.copy_from_slice(&next);
            c.key = k;
            current = s;
            c.best.offer(e, &next, k);
        }
    }
}

fn independent(set: &[u32]) -> bool {
    let mut reduced: Vec<u32> = Vec::with_capacity(set.len());
    for &h in set {
        let r = reduced.iter().fold(h, |r, &b| r.min(r ^ b));
        if r == 0 {
            return false;
        }
        let at = reduced.partition_point(|&b| b > r);
        reduced.insert(at, r);
    }
    true
}

#[cfg(test)]
mod tests;

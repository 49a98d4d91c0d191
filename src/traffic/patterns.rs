//! Pattern definitions. Bits of an endpoint address are b_{B-1} … b_0 (B = log2 of the endpoint
//! count); digits are the address in the topology's radices (grid sides, k for a k-ary n-tree).

use super::demand::{Demand, PlacedDemand, MAX_MATRIX_SPEC_BYTES};
use crate::model::{GridShape, Topology, Traffic};
use crate::rng::{stream, Purpose};
use crate::spec::{find, Named, Spec};
use crate::{Error, Result};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Most endpoints for all-to-all: n(n-1) circuits must fit in memory (in the browser too).
pub const MAX_ALL_TO_ALL_ENDPOINTS: usize = 1024;

/// One pattern family: its syntax (`hotspot:β`), definition (the page's tooltip, `--help`) and
/// parser. Listed once in `PATTERNS`.
pub struct PatternDef {
    pub syntax: &'static str,
    pub aliases: &'static [&'static str],
    pub definition: &'static str,
    /// The longest spec it reads (`spec::MAX_SPEC_BYTES` but for a matrix carried whole).
    pub max_spec_bytes: usize,
    pub parse: fn(&Spec<'_>) -> Result<Pattern>,
}

impl Named for PatternDef {
    fn name(&self) -> &'static str {
        self.syntax.split(':').next().unwrap_or(self.syntax)
    }
    fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }
    fn max_spec_bytes(&self) -> usize {
        self.max_spec_bytes
    }
}

macro_rules! plain {
    ($syntax:expr, [$($alias:expr),*], $variant:expr, $definition:expr) => {
        PatternDef { syntax: $syntax, aliases: &[$($alias),*], definition: $definition, max_spec_bytes: crate::spec::MAX_SPEC_BYTES, parse: |_| Ok($variant) }
    };
}

/// Every pattern with its definition, in the order the page lists them.
pub const PATTERNS: &[PatternDef] = &[
    plain!("uniform", [], Pattern::Uniform, "each node sends to one destination drawn uniformly (seeded) from the other nodes"),
    plain!("randperm", [], Pattern::RandPerm, "a random permutation (seeded): every node sends to exactly one node and receives from one"),
    plain!("bitrev", ["bit-reversal", "reverse"], Pattern::BitRev, "bit reversal: d_i = s_(B-1-i)"),
    plain!("transpose", [], Pattern::Transpose, "matrix transpose: swap the upper and lower halves of the address bits, d_i = s_(i+B/2 mod B); on a 2^b × 2^b mesh, (x,y) → (y,x)"),
    plain!("neighbor", ["neighbour"], Pattern::Neighbor, "each digit plus one: d_x = s_x + 1 mod k in every dimension"),
    plain!("shuffle", [], Pattern::Shuffle, "perfect shuffle: rotate the address bits left by one, d_i = s_(i-1 mod B)"),
    plain!("bitrot", ["bit-rotation"], Pattern::BitRot, "bit rotation: rotate the address bits right by one, d_i = s_(i+1 mod B) (Dally & Towles, Table 3.2)"),
    plain!("butterfly", [], Pattern::Butterfly, "swap the most and least significant address bits"),
    plain!("bitcomp", ["complement"], Pattern::BitComp, "bit complement: d_i = ¬s_i"),
    plain!("tornado", [], Pattern::Tornado, "each digit moves ⌈k/2⌉−1 places: d_x = s_x + ⌈k/2⌉ − 1 mod k in every dimension"),
    plain!("all-to-all", ["alltoall", "all2all"], Pattern::AllToAll, "every node sends to every other node (n(n−1) communications)"),
    PatternDef {
        syntax: "hotspot:β",
        aliases: &[],
        definition: "with probability β each node sends to one hot-spot node (seeded), otherwise to a uniformly drawn node (paper 002 §VI-D)",
        max_spec_bytes: crate::spec::MAX_SPEC_BYTES,
        parse: |spec| {
            let beta = spec.number(0, "β")?;
            if !(0.0..=1.0).contains(&beta) {
                return Err(spec.error("β is a probability: 0 ≤ β ≤ 1"));
            }
            Ok(Pattern::Hotspot { beta })
        },
    },
    PatternDef {
        syntax: "local:γ",
        aliases: &[],
        definition: "each node u sends to v ≠ u drawn with probability ∝ md(u,v)^−γ, md = Manhattan distance on the grid (paper 002 §VI-D)",
        max_spec_bytes: crate::spec::MAX_SPEC_BYTES,
        parse: |spec| {
            let gamma = spec.number(0, "γ")?;
            if gamma <= 0.0 {
                return Err(spec.error("γ must be > 0"));
            }
            Ok(Pattern::Local { gamma })
        },
    },
    PatternDef {
        syntax: "matrix:…",
        aliases: &[],
        definition: "a traffic matrix from a CSV file (src,dst,bytes[,count]; matrix:PATH on the command line): each node sends to its destinations in proportion to their bytes, and in a simulation injects in proportion to its row's total",
        max_spec_bytes: MAX_MATRIX_SPEC_BYTES,
        parse: |spec| {
            let demand = Demand::unpack(spec.text, spec.arg(0).unwrap_or(""))?;
            Ok(Pattern::Matrix(Arc::new(demand)))
        },
    },
];

/// A parsed pattern.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pattern {
    Uniform,
    RandPerm,
    BitRev,
    Transpose,
    Neighbor,
    Shuffle,
    BitRot,
    Butterfly,
    BitComp,
    Tornado,
    AllToAll,
    Hotspot {
        beta: f64,
    },
    Local {
        gamma: f64,
    },
    /// A matrix from a file (`traffic::demand`).
    #[serde(skip)]
    Matrix(Arc<Demand>),
}

impl Pattern {
    /// Parse a pattern name (`transpose`, `hotspot:0.2`, `local:1.5`).
    pub fn parse(text: &str) -> Result<Pattern> {
        let spec = Spec::split(text, Error::pattern);
        let def = find(PATTERNS, &spec, "pattern")?;
        let pattern = (def.parse)(&spec)?;
        spec.finish(&format!("write {}", def.syntax))?;
        Ok(pattern)
    }

    /// True for the patterns that draw random numbers (and so depend on the seed).
    pub(crate) fn is_random(&self) -> bool {
        matches!(
            self,
            Pattern::Uniform | Pattern::RandPerm | Pattern::Hotspot { .. } | Pattern::Local { .. }
        )
    }

    /// The pattern on `topo`'s endpoints, ready to draw destinations: what a permutation or a
    /// hot spot is gets drawn here, once, from `rng`. `name` is the spec for error messages.
    pub(crate) fn place(
        &self,
        topo: &Topology,
        name: &str,
        rng: &mut ChaCha8Rng,
    ) -> Result<Placed> {
        let n = topo.endpoint_count();
        if n < 2 {
            // (a node never sends to itself: one node has no one to send to, and every draw
            // below assumes another node)
            return Err(Error::pattern(
                name,
                format!("needs at least two end nodes to send between; this network has {n}"),
            ));
        }
        let fixed = |destinations: Vec<usize>| {
            // a pattern that keeps every node where it is (bitrot on two nodes) sends nothing
            // between two nodes: refused rather than run as self-traffic
            if destinations.iter().enumerate().all(|(s, &d)| s == d) {
                return Err(Error::pattern(
                    name,
                    format!("maps each of this network's {n} end nodes onto itself: there is no traffic between two nodes"),
                ));
            }
            Ok(Placed::Fixed(destinations))
        };
        match self {
            Pattern::Uniform => Ok(Placed::Uniform { n }),
            Pattern::AllToAll => {
                if n > MAX_ALL_TO_ALL_ENDPOINTS {
                    return Err(Error::TooLarge {
                        what: "all-to-all endpoint count".into(),
                        value: n,
                        limit: MAX_ALL_TO_ALL_ENDPOINTS,
                        hint: "all-to-all makes n(n−1) communications; choose a smaller topology"
                            .into(),
                    });
                }
                Ok(Placed::AllToAll { n })
            }
            // (a draw, not the pattern: the identity is one of its n! permutations)
            Pattern::RandPerm => Ok(Placed::Fixed(shuffled(rng, n))),
            Pattern::BitRev => fixed(bit_pattern(name, n, |s, b| {
                (0..b).fold(0, |d, i| d | (((s >> i) & 1) << (b - 1 - i)))
            })?),
            Pattern::Transpose => {
                let bits = bits_of(name, n)?;
                if bits % 2 == 1 {
                    return Err(Error::pattern(
                        name,
                        format!("needs an even power of two of endpoints; this topology has {n}"),
                    ));
                }
                let half = bits / 2;
                let low = (1 << half) - 1;
                fixed(
                    (0..n)
                        .map(|s| ((s >> half) & low) | ((s & low) << half))
                        .collect(),
                )
            }
            Pattern::Shuffle => fixed(bit_pattern(name, n, |s, b| {
                ((s << 1) & ((1 << b) - 1)) | (s >> (b - 1))
            })?),
            Pattern::BitRot => fixed(bit_pattern(name, n, |s, b| {
                (s >> 1) | ((s & 1) << (b - 1))
            })?),
            Pattern::Butterfly => fixed(bit_pattern(name, n, |s, b| {
                let (hi, lo) = ((s >> (b - 1)) & 1, s & 1);
                (s & !(1 | (1 << (b - 1)))) | (lo << (b - 1)) | hi
            })?),
            Pattern::BitComp => fixed(bit_pattern(name, n, |s, b| !s & ((1 << b) - 1))?),
            Pattern::Neighbor => fixed(digit_pattern(topo, |_k| 1)),
            Pattern::Tornado => fixed(digit_pattern(topo, |k| k.div_ceil(2) - 1)),
            Pattern::Hotspot { beta } => Ok(Placed::Hotspot {
                n,
                beta: *beta,
                hot: rng.random_range(0..n as u32) as usize,
            }),
            Pattern::Local { gamma } => Ok(Placed::Local(Local::new(topo, name, *gamma)?)),
            Pattern::Matrix(demand) => {
                demand.check(name, n)?;
                Ok(Placed::Matrix(PlacedDemand::new(demand, n)))
            }
        }
    }
}

/// A pattern placed on a topology's endpoints: one destination per draw, so a simulator can
/// draw a fresh one per packet and the one-shot traffic is one draw per source.
#[derive(Debug, Clone)]
pub enum Placed {
    /// Deterministic patterns and drawn permutations: source s always sends to `d[s]`.
    Fixed(Vec<usize>),
    Uniform {
        n: usize,
    },
    AllToAll {
        n: usize,
    },
    Hotspot {
        n: usize,
        beta: f64,
        hot: usize,
    },
    Local(Local),
    Matrix(PlacedDemand),
}

impl Placed {
    /// A destination for a message from endpoint `src` (may be `src` itself for patterns that
    /// map a node onto itself; the one-shot traffic leaves those out).
    pub fn destination(&self, src: usize, rng: &mut ChaCha8Rng) -> usize {
        match self {
            Placed::Fixed(d) => d[src],
            Placed::Uniform { n } | Placed::AllToAll { n } => draw_other(rng, *n, src),
            Placed::Hotspot { n, beta, hot } => {
                if rng.random::<f64>() < *beta {
                    *hot
                } else {
                    rng.random_range(0..*n as u32) as usize
                }
            }
            Placed::Local(local) => local.draw(src, rng),
            Placed::Matrix(m) => m.draw(src, rng.random::<f64>()),
        }
    }

    /// Each node's share of the offered load where nodes send unequal amounts (a matrix: its
    /// rows' totals over their mean); None where every node offers the same.
    pub fn shares(&self) -> Option<&[f64]> {
        match self {
            Placed::Matrix(m) => Some(&m.shares),
            _ => None,
        }
    }

    /// The one-shot traffic: one destination per source in source order (every other node
    /// for all-to-all), pairs s = d left out.
    pub fn traffic(&self, n: usize, rng: &mut ChaCha8Rng) -> Traffic {
        if let Placed::AllToAll { n } = *self {
            return Traffic::from_pairs(
                (0..n).flat_map(|s| (0..n).filter(move |&d| d != s).map(move |d| (s, d))),
            );
        }
        if let Placed::Matrix(m) = self {
            // one communication per pair with traffic, whatever its bytes
            return Traffic::from_pairs(m.pairs());
        }
        let destinations: Vec<usize> = (0..n).map(|s| self.destination(s, rng)).collect();
        Traffic::from_pairs(destinations.into_iter().enumerate().filter(|(s, d)| s != d))
    }
}

/// Whether pattern `spec` places on `topo`'s end nodes (as `generate` and the simulator place
/// it, from the traffic stream of `seed`): a check made before routes are built.
pub fn check_placement(spec: &str, topo: &Topology, seed: u64) -> Result<()> {
    let pattern = Pattern::parse(spec)?;
    let mut rng = stream(seed, Purpose::Traffic, 0);
    pattern.place(topo, spec, &mut rng).map(drop)
}

/// The communications of `pattern` on `topo`'s endpoints; random patterns draw from the
/// traffic stream of `seed`, so the same inputs give the same traffic everywhere.
pub fn generate(pattern: &Pattern, topo: &Topology, seed: u64, name: &str) -> Result<Traffic> {
    generate_nth(pattern, topo, seed, 0, name)
}

/// Draw number `index` of a pattern (independent random patterns for one seed).
pub fn generate_nth(
    pattern: &Pattern,
    topo: &Topology,
    seed: u64,
    index: u32,
    name: &str,
) -> Result<Traffic> {
    let mut rng = stream(seed, Purpose::Traffic, index);
    let placed = pattern.place(topo, name, &mut rng)?;
    Ok(placed.traffic(topo.endpoint_count(), &mut rng))
}

fn bits_of(name: &str, n: usize) -> Result<usize> {
    if n < 2 || !n.is_power_of_two() {
        return Err(Error::pattern(
            name,
            format!("needs a power-of-two number of endpoints; this topology has {n}"),
        ));
    }
    Ok(n.trailing_zeros() as usize)
}

fn bit_pattern(name: &str, n: usize, f: impl Fn(usize, usize) -> usize) -> Result<Vec<usize>> {
    let bits = bits_of(name, n)?;
    Ok((0..n).map(|s| f(s, bits)).collect())
}

/// Add `shift(k)` to every digit of the address, modulo that digit's radix k.
fn digit_pattern(topo: &Topology, shift: impl Fn(usize) -> usize) -> Vec<usize> {
    let radices = topo.address_radices();
    (0..topo.endpoint_count())
        .map(|s| {
            let (mut rest, mut weight, mut d) = (s, 1, 0);
            for &k in &radices {
                d += ((rest % k + shift(k)) % k) * weight;
                rest /= k;
                weight *= k;
            }
            d
        })
        .collect()
}

/// A uniform draw from 0..n other than `not`. Draws are u32 so 32-bit WASM and 64-bit native
/// sample the same numbers.
fn draw_other(rng: &mut ChaCha8Rng, n: usize, not: usize) -> usize {
    let d = rng.random_range(0..(n as u32 - 1)) as usize;
    if d >= not {
        d + 1
    } else {
        d
    }
}

/// Fisher–Yates, written out (not `SliceRandom::shuffle`) so every draw is an explicit u32 and
/// the permutation is the same on 32-bit WASM and 64-bit native.
fn shuffled(rng: &mut ChaCha8Rng, n: usize) -> Vec<usize> {
    let mut v: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = rng.random_range(0..=i as u32) as usize;
        v.swap(i, j);
    }
    v
}

/// local(γ) on a grid or floor: v ≠ u with probability ∝ md(u,v)^−γ.
#[derive(Debug, Clone)]
pub struct Local {
    grid: GridShape,
    /// md^−γ for every possible distance, computed once (powf per pair dominated the run time)
    weight_at: Vec<f64>,
}

impl Local {
    fn new(topo: &Topology, name: &str, gamma: f64) -> Result<Self> {
        let grid = topo.shape().grid().ok_or_else(|| {
            Error::pattern(
                name,
                "local(γ) needs a grid or floor topology (Manhattan distance on the floor)",
            )
        })?;
        let longest: usize = grid.dims().iter().map(|k| k - 1).sum();
        let weight_at = (0..=longest)
            .map(|md| {
                if md == 0 {
                    0.0
                } else {
                    (md as f64).powf(-gamma)
                }
            })
            .collect();
        Ok(Local { grid, weight_at })
    }

    fn draw(&self, u: usize, rng: &mut ChaCha8Rng) -> usize {
        let n = self.grid.len();
        let weight = |v: usize| self.weight_at[self.grid.manhattan(u, v)];
        let total: f64 = (0..n).map(weight).sum();
        let mut pick = rng.random::<f64>() * total;
        for v in 0..n {
            let w = weight(v);
            if pick < w {
                return v;
            }
            pick -= w;
        }
        (0..n).rev().find(|&v| v != u).unwrap_or(u)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::build;

    fn dests(pattern: &str, spec: &str) -> Vec<(usize, usize)> {
        let t = build(spec).unwrap();
        let p = Pattern::parse(pattern).unwrap();
        generate(&p, &t, 1, pattern)
            .unwrap()
            .flows
            .iter()
            .map(|f| (f.src.index(), f.dst.index()))
            .collect()
    }

    #[test]
    fn bit_patterns_on_16_nodes() {
        // 16 endpoints, 4 bits: 1 = 0001.
        assert!(dests("bitrev", "mesh:4x4").contains(&(1, 8)));
        assert!(dests("transpose", "mesh:4x4").contains(&(1, 4))); // (1,0) → (0,1)
        assert!(dests("shuffle", "mesh:4x4").contains(&(9, 3))); // 1001 → 0011
        assert!(dests("bitrot", "mesh:4x4").contains(&(9, 12))); // 1001 → 1100
        assert!(dests("bitrot", "mesh:4x4").contains(&(6, 3))); // 0110 → 0011
        assert!(dests("butterfly", "mesh:4x4").contains(&(1, 8))); // 0001 → 1000
        assert!(dests("butterfly", "mesh:4x4").contains(&(3, 10))); // 0011 → 1010
        assert!(dests("bitcomp", "mesh:4x4").contains(&(0, 15)));
        // self-pairs are dropped: transpose keeps the 12 off-diagonal nodes
        assert_eq!(dests("transpose", "mesh:4x4").len(), 12);
    }

    #[test]
    fn digit_patterns_use_the_grid_sides() {
        assert!(dests("neighbor", "mesh:4x4").contains(&(3, 4))); // (3,0) → (0,1)
        assert!(dests("tornado", "mesh:8x8").contains(&(0, 3 + 3 * 8))); // +3 in both dimensions
        assert!(dests("tornado", "mesh:5x5").contains(&(0, 2 + 2 * 5))); // ⌈5/2⌉−1 = 2
    }

    #[test]
    fn random_patterns_are_seeded_and_well_formed() {
        let t = build("mesh:8x8").unwrap();
        let a = generate(&Pattern::Uniform, &t, 7, "uniform").unwrap();
        let b = generate(&Pattern::Uniform, &t, 7, "uniform").unwrap();
        let c = generate(&Pattern::Uniform, &t, 8, "uniform").unwrap();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a.flows.len(), 64);
        let p = generate(&Pattern::RandPerm, &t, 3, "randperm").unwrap();
        let mut seen = [false; 64];
        for f in &p.flows {
            assert!(!seen[f.dst.index()]);
            seen[f.dst.index()] = true;
        }
        let all = generate(&Pattern::Hotspot { beta: 1.0 }, &t, 3, "hotspot:1").unwrap();
        let hot = all.flows[0].dst;
        assert!(all.flows.iter().all(|f| f.dst == hot));
    }

    #[test]
    fn bad_patterns_are_explained() {
        assert!(Pattern::parse("transpos")
            .unwrap_err()
            .to_string()
            .contains("did you mean transpose"));
        assert!(Pattern::parse("hotspot:NaN")
            .unwrap_err()
            .to_string()
            .contains("finite"));
        assert!(Pattern::parse("hotspot:2")
            .unwrap_err()
            .to_string()
            .contains("0 ≤ β ≤ 1"));
        let t = build("mesh:3x3").unwrap();
        assert!(generate(&Pattern::BitRev, &t, 0, "bitrev")
            .unwrap_err()
            .to_string()
            .contains("power-of-two"));
        let t = build("mesh:4x8").unwrap();
        assert!(generate(&Pattern::Transpose, &t, 0, "transpose")
            .unwrap_err()
            .to_string()
            .contains("even power"));
    }
}

//! One plane of a dual-plane network (paper 004 §2.1–2.2): a Cayley graph of (Z₂)ⁿ whose switch
//! x links to x ⊕ h for every generator h. Plane 0 is the hypercube H(0,n) = {1, 2, …, 2ⁿ⁻¹}
//! or the folded hypercube FH(0,n) = H(0,n) ∪ {2ⁿ − 1}; plane 1 is the image of plane 0 under
//! the GF(2) matrix M whose columns are H(1,n) in the order given, so its "routing value" for
//! an offset x is M⁻¹x (Table 1) and its routes are dimension order on those bits.
//!
//! Folded cubes: an offset of weight w (in routing-value bits) is w hops direct or n + 1 − w
//! through the folded generator, which is taken last (as FH(0,n) lists it), so every route uses
//! generators in increasing rank. For odd n, w = (n + 1)/2 ties inside the plane; the paper
//! does not settle it and we route direct (never fold on a tie), a fixed rule as §2.3's fixed
//! routing asks. With it D-FHC's all-to-all value at n = 3 is 5.33 (folding on a tie: 4.0).

use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// Most dimensions: 2¹⁶ switches per plane (the routing-value table holds one entry each).
pub const MAX_DIMENSIONS: u32 = 16;

/// Hypercube or folded hypercube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Kind {
    Hc,
    Fhc,
}

impl Kind {
    /// The name in a `dual:` spec (and the Scenario): `hc` or `fhc`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Hc => "hc",
            Kind::Fhc => "fhc",
        }
    }
}

impl crate::choice::Choices for Kind {
    const DECIDES: &'static str = "The planes’ topology";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (Kind::Hc, "Hypercube", "Hypercube planes (D-HC, DI-HC): switch x links to x ⊕ h for the n generators h (§2.1)"),
        (Kind::Fhc, "Folded hypercube", "Folded-hypercube planes (D-FHC, DI-FHC): n generators and their XOR, the folded link (§2.1); plane 1 may be given by its n basis elements"),
    ];
}

/// The generator set of a plane given by its wiring (a network file's `links` between
/// `switches` switches): every link joins x and x ⊕ h for one of the generators h, and each
/// generator links every switch. Refused, saying why, when the wiring is no such plane of
/// `kind` with 2ⁿ switches. The generators come in ascending order, which sets plane 1's
/// dimension-order routes (a wiring does not say an order); for a folded cube the n + 1 of
/// them XOR to 0, so the last is the XOR of the others.
pub fn generators_of(
    kind: Kind,
    n: u32,
    switches: usize,
    links: &[(u32, u32)],
) -> Result<Vec<u32>> {
    let bad = |why: String| Error::invalid("generators", why);
    if n == 0 || n > MAX_DIMENSIONS {
        return Err(Error::invalid(
            "n",
            format!("from 1 to {MAX_DIMENSIONS} dimensions, not {n}"),
        ));
    }
    let size = 1usize << n;
    if switches != size {
        return Err(bad(format!(
            "the file's network has {switches} switches; a plane of n = {n} has 2ⁿ = {size}"
        )));
    }
    // links per generator (a link is listed once, so each generator has 2ⁿ⁻¹)
    let mut count: std::collections::BTreeMap<u32, usize> = Default::default();
    for &(a, b) in links {
        *count.entry(a ^ b).or_default() += 1;
    }
    let wanted = n as usize + usize::from(kind == Kind::Fhc);
    let generators: Vec<u32> = count.keys().copied().collect();
    let list = |g: &[u32]| g.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
    if generators.len() != wanted {
        return Err(bad(format!(
            "the links of the file's network join x and x ⊕ h for {} values of h ({}); a {} plane of n = {n} has {wanted}",
            generators.len(),
            crate::error::shorten(&list(&generators)),
            if kind == Kind::Hc { "hypercube" } else { "folded-hypercube" },
        )));
    }
    if let Some((&h, &c)) = count.iter().find(|&(_, &c)| c != size / 2) {
        let links = if c == 1 {
            "1 link joins".to_string()
        } else {
            format!("{c} links join")
        };
        return Err(bad(format!(
            "{links} x and x ⊕ {h}; in a plane every switch has one, {} in all",
            size / 2
        )));
    }
    if kind == Kind::Fhc && generators.iter().fold(0, |x, &h| x ^ h) != 0 {
        return Err(bad(format!(
            "the {wanted} generators ({}) do not XOR to 0: no one of them is the folded link of the others",
            list(&generators)
        )));
    }
    Ok(generators)
}

/// A plane: its generators (n basis elements, then the folded one for FHC) and the routing
/// value of every offset.
#[derive(Debug, Clone)]
pub struct Plane {
    n: u32,
    kind: Kind,
    generators: Vec<u32>,
    /// M⁻¹x for every offset x.
    routing_value: Vec<u32>,
}

impl Plane {
    /// Plane 0: the plain (folded) hypercube.
    pub fn standard(kind: Kind, n: u32) -> Result<Plane> {
        let basis: Vec<u32> = (0..n.min(MAX_DIMENSIONS)).map(|i| 1 << i).collect();
        Plane::isomorphic(kind, n, &basis)
    }

    /// Plane 1 from a generator set: n values in [1, 2ⁿ) linearly independent over GF(2) (so
    /// the plane is connected); for a folded cube optionally an (n+1)-th, which must be the XOR
    /// of the others (otherwise it is added).
    pub fn isomorphic(kind: Kind, n: u32, given: &[u32]) -> Result<Plane> {
        if n == 0 || n > MAX_DIMENSIONS {
            return Err(Error::invalid(
                "n",
                format!("from 1 to {MAX_DIMENSIONS} dimensions, not {n}"),
            ));
        }
        let size = 1u32 << n;
        let wanted = match kind {
            Kind::Hc => format!("{n}"),
            Kind::Fhc => format!("{n} (or {}, the last the XOR of the others)", n + 1),
        };
        let folded_given = kind == Kind::Fhc && given.len() == n as usize + 1;
        if given.len() != n as usize && !folded_given {
            return Err(Error::invalid(
                "generators",
                format!(
                    "{wanted} generators for n = {n}, not {} ({:?})",
                    given.len(),
                    given
                ),
            ));
        }
        if let Some(&bad) = given.iter().find(|&&h| h == 0 || h >= size) {
            return Err(Error::invalid(
                "generators",
                format!("{bad} is not in [1, {size}): every generator is a nonzero {n}-bit id"),
            ));
        }
        let basis = &given[..n as usize];
        // Gaussian elimination, naming the first element that the earlier ones already span;
        // each reduced row keeps which given elements it is the XOR of
        let mut reduced: Vec<(u32, u32, u32)> = Vec::new(); // (pivot bit, row, elements)
        for (i, &h) in basis.iter().enumerate() {
            let (mut x, mut used) = (h, 1u32 << i);
            for &(bit, row, elements) in &reduced {
                if x & bit != 0 {
                    x ^= row;
                    used ^= elements;
                }
            }
            if x == 0 {
                let span: Vec<String> = (0..i)
                    .filter(|&k| used & (1 << k) != 0)
                    .map(|k| basis[k].to_string())
                    .collect();
                return Err(Error::invalid(
                    "generators",
                    format!(
                        "{h} (element {}) is the XOR of earlier ones ({}), so the plane is not connected: the {n} generators must be linearly independent over GF(2)",
                        i + 1,
                        span.join(" ⊕ ")
                    ),
                ));
            }
            let bit = 1 << (31 - x.leading_zeros());
            for r in &mut reduced {
                if r.1 & bit != 0 {
                    r.1 ^= x;
                    r.2 ^= used;
                }
            }
            reduced.push((bit, x, used));
        }
        let xor_all = basis.iter().fold(0, |a, &h| a ^ h);
        if folded_given && given[n as usize] != xor_all {
            return Err(Error::invalid(
                "generators",
                format!(
                    "the folded generator {} must be the XOR of the other {n}, {xor_all}",
                    given[n as usize]
                ),
            ));
        }
        let mut generators = basis.to_vec();
        if kind == Kind::Fhc {
            generators.push(xor_all);
        }
        // routing values: M y = x for every y, built in Gray-code order (one XOR per entry)
        let mut routing_value = vec![0u32; size as usize];
        let (mut y, mut x) = (0u32, 0u32);
        for k in 1..size {
            let flip = k.trailing_zeros();
            y ^= 1 << flip;
            x ^= basis[flip as usize];
            routing_value[x as usize] = y;
        }
        Ok(Plane {
            n,
            kind,
            generators,
            routing_value,
        })
    }

    pub fn n(&self) -> u32 {
        self.n
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The generators: n basis elements, then (FHC) the folded one.
    pub fn generators(&self) -> &[u32] {
        &self.generators
    }

    /// M⁻¹x: the plane-0 offset "at the same position" (Table 1's routing value).
    pub(crate) fn routing_value(&self, x: u32) -> u32 {
        self.routing_value[x as usize]
    }

    /// Whether the route for offset x takes the folded generator.
    fn folds(&self, x: u32) -> bool {
        let w = self.routing_value(x).count_ones();
        self.kind == Kind::Fhc && w > self.n + 1 - w
    }

    /// Hops from any switch s to s ⊕ x.
    pub fn distance(&self, x: u32) -> u32 {
        let w = self.routing_value(x).count_ones();
        match self.kind {
            Kind::Hc => w,
            Kind::Fhc => w.min(self.n + 1 - w),
        }
    }

    /// The generators' indices a route for offset x takes, in order (dimension order, the
    /// folded generator last).
    pub fn route(&self, x: u32) -> impl Iterator<Item = usize> + '_ {
        let r = self.routing_value(x);
        let fold = self.folds(x);
        let bits = if fold { !r & ((1 << self.n) - 1) } else { r };
        (0..self.n as usize)
            .filter(move |&i| bits & (1 << i) != 0)
            .chain(fold.then_some(self.n as usize))
    }

    /// The switches a packet from `src` to `dst` visits.
    pub fn path(&self, src: u32, dst: u32) -> Vec<u32> {
        let mut at = src;
        let mut out = vec![at];
        for g in self.route(src ^ dst) {
            at ^= self.generators[g];
            out.push(at);
        }
        out
    }
}

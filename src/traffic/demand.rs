//! Traffic from a file (issue 28, "your own traffic"): a CSV matrix of rows `src,dst,bytes[,count]`
//! (`traffic::matrix`, the format the OCS relay and CTC labs read) as the pattern `matrix:…`,
//! which carries the matrix itself, deflated and in URL-safe base64, as `graph:` carries a
//! network, so a Scenario and its permalink hold it.
//!
//! What a matrix means to each lab: a source sends to its destinations in proportion to their
//! bytes × count (`Placed::Matrix` draws them so), the one-shot traffic of Slots and Routing is
//! one communication per pair with bytes, and the Simulate lab injects at each source in
//! proportion to its row's total (`Demand::shares`: the offered rate is the mean over nodes).

use super::matrix;
use crate::{Error, Result};
use std::fmt::Write;

/// The longest `matrix:` spec (it must fit a Scenario file with the rest of the Scenario).
pub const MAX_MATRIX_SPEC_BYTES: usize = 900 * 1024;

/// The longest canonical matrix a `matrix:` spec may unpack to (a deflate bomb stops here).
const MAX_MATRIX_TEXT_BYTES: usize = 64 << 20;

/// A traffic matrix: each pair's weight (bytes × count, summed over its rows), by source.
#[derive(Debug, Clone, PartialEq)]
pub struct Demand {
    /// (src, dst, weight), sorted by source then destination, one entry per pair, src ≠ dst.
    pub pairs: Vec<(u32, u32, u64)>,
}

impl Demand {
    /// The matrix in CSV `text` (`name` names it in errors): rows with the same pair add up;
    /// rows from a node to itself are refused (no network carries them).
    pub fn read(name: &str, text: &str) -> Result<Demand> {
        let rows = matrix::parse(text, name, false)?;
        if rows.is_empty() {
            return Err(Error::pattern(name, "the matrix has no rows: no traffic"));
        }
        let mut pairs: Vec<(u32, u32, u64)> = Vec::with_capacity(rows.len());
        for row in &rows {
            if row.src == row.dst {
                return Err(Error::pattern(
                    name,
                    format!(
                        "a row from node {} to itself: traffic leaves its node",
                        row.src
                    ),
                ));
            }
            let weight = row.bytes.checked_mul(row.count).ok_or_else(|| {
                Error::pattern(
                    name,
                    format!(
                        "node {} to {}: bytes × count is too large",
                        row.src, row.dst
                    ),
                )
            })?;
            pairs.push((row.src, row.dst, weight));
        }
        pairs.sort_unstable_by_key(|&(s, d, _)| (s, d));
        let mut merged: Vec<(u32, u32, u64)> = Vec::with_capacity(pairs.len());
        for (s, d, w) in pairs {
            match merged.last_mut() {
                Some(last) if (last.0, last.1) == (s, d) => {
                    last.2 = last.2.saturating_add(w);
                }
                _ => merged.push((s, d, w)),
            }
        }
        if merged.iter().all(|&(_, _, w)| w == 0) {
            return Err(Error::pattern(name, "every row is empty: no traffic"));
        }
        Ok(Demand { pairs: merged })
    }

    /// Nodes the matrix names (its largest id + 1).
    pub fn nodes(&self) -> usize {
        self.pairs
            .iter()
            .map(|&(s, d, _)| s.max(d) as usize + 1)
            .max()
            .unwrap_or(0)
    }

    /// Each of `n` nodes' share of the offered load: its row's total over the mean row total
    /// (so the shares average 1; a node that sends nothing has 0).
    pub fn shares(&self, n: usize) -> Vec<f64> {
        let mut totals = vec![0.0f64; n];
        for &(s, _, w) in &self.pairs {
            totals[s as usize] += w as f64;
        }
        let sum: f64 = totals.iter().sum();
        let mean = sum / n.max(1) as f64;
        totals
            .iter()
            .map(|&t| if mean > 0.0 { t / mean } else { 0.0 })
            .collect()
    }

    /// The canonical CSV (`src,dst,bytes`, one row per pair): what a `matrix:` spec packs.
    fn csv(&self) -> String {
        let mut out = String::from("src,dst,bytes\n");
        for &(s, d, w) in &self.pairs {
            let _ = writeln!(out, "{s},{d},{w}");
        }
        out
    }

    /// The `matrix:` spec carrying this matrix, refused above `MAX_MATRIX_SPEC_BYTES`.
    pub fn spec(&self, name: &str) -> Result<String> {
        let spec = format!("matrix:{}", crate::spec::pack(&self.csv()));
        if spec.len() > MAX_MATRIX_SPEC_BYTES {
            return Err(Error::TooLarge {
                what: format!(
                    "the packed size of the matrix '{name}' ({} pairs), in bytes,",
                    self.pairs.len()
                ),
                value: spec.len(),
                limit: MAX_MATRIX_SPEC_BYTES,
                hint: "a matrix brought in must fit a Scenario file; use fewer pairs".into(),
            });
        }
        Ok(spec)
    }

    /// Whether `payload` is a matrix packed by `spec` (which a Scenario carries), not a name.
    pub fn is_packed(payload: &str) -> bool {
        crate::spec::unpack(payload, MAX_MATRIX_TEXT_BYTES).is_ok()
    }

    /// The matrix a `matrix:` spec's payload carries (`text` is the whole spec, for errors).
    pub(crate) fn unpack(text: &str, payload: &str) -> Result<Demand> {
        let damaged = |why: &str| {
            Error::pattern(
                text,
                format!("{why}: a matrix: spec is written by Topolab from a file (matrix:PATH on the command line), not by hand"),
            )
        };
        let csv = crate::spec::unpack(payload, MAX_MATRIX_TEXT_BYTES)
            .map_err(|why| damaged(&format!("its matrix is {why}")))?;
        Demand::read(&crate::error::shorten(text), &csv)
    }

    /// Checks the matrix against a network of `n` endpoints.
    pub(crate) fn check(&self, name: &str, n: usize) -> Result<()> {
        if self.nodes() > n {
            let (s, d, _) = *self
                .pairs
                .iter()
                .find(|&&(s, d, _)| s.max(d) as usize >= n)
                .expect("a pair names the largest id");
            return Err(Error::pattern(
                name,
                format!("the matrix has traffic from node {s} to node {d}, but this network has {n} endpoints (0 to {})", n - 1),
            ));
        }
        Ok(())
    }
}

/// A matrix placed on a network: each source's destinations and their cumulative weights, to
/// draw a destination in proportion to its weight.
#[derive(Debug, Clone)]
pub struct PlacedDemand {
    /// Per source, where its destinations start in `destinations` (n + 1 offsets).
    offsets: Vec<u32>,
    destinations: Vec<u32>,
    /// Cumulative weights per source, from its first destination.
    cumulative: Vec<f64>,
    /// Each node's share of the offered load (`Demand::shares`).
    pub shares: Vec<f64>,
}

impl PlacedDemand {
    pub(crate) fn new(demand: &Demand, n: usize) -> Self {
        let mut offsets = vec![0u32; n + 1];
        for &(s, _, _) in &demand.pairs {
            offsets[s as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut cumulative = Vec::with_capacity(demand.pairs.len());
        let mut destinations = Vec::with_capacity(demand.pairs.len());
        let mut running = (u32::MAX, 0.0);
        for &(s, d, w) in &demand.pairs {
            if running.0 != s {
                running = (s, 0.0);
            }
            running.1 += w as f64;
            cumulative.push(running.1);
            destinations.push(d);
        }
        PlacedDemand {
            offsets,
            destinations,
            cumulative,
            shares: demand.shares(n),
        }
    }

    /// A destination of `src`, in proportion to the weights (one uniform draw in [0, total));
    /// `src` itself when it sends nothing.
    pub(crate) fn draw(&self, src: usize, u: f64) -> usize {
        let (lo, hi) = (self.offsets[src] as usize, self.offsets[src + 1] as usize);
        if lo == hi {
            return src;
        }
        let x = u * self.cumulative[hi - 1];
        let at = lo + self.cumulative[lo..hi].partition_point(|&c| c <= x);
        self.destinations[at.min(hi - 1)] as usize
    }

    /// Every pair with traffic, in source then destination order.
    pub(crate) fn pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.offsets.len() - 1).flat_map(move |s| {
            self.destinations[self.offsets[s] as usize..self.offsets[s + 1] as usize]
                .iter()
                .map(move |&d| (s, d as usize))
        })
    }

    /// Each pair with traffic and its fraction of its source's row.
    pub(crate) fn fractions(&self) -> impl Iterator<Item = (usize, usize, f64)> + '_ {
        (0..self.offsets.len() - 1).flat_map(move |s| {
            let (lo, hi) = (self.offsets[s] as usize, self.offsets[s + 1] as usize);
            let total = if hi > lo {
                self.cumulative[hi - 1]
            } else {
                1.0
            };
            (lo..hi).map(move |i| {
                let before = if i > lo { self.cumulative[i - 1] } else { 0.0 };
                (
                    s,
                    self.destinations[i] as usize,
                    (self.cumulative[i] - before) / total,
                )
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_add_up_by_pair_and_round_trip_through_the_spec() {
        let d = Demand::read(
            "m.csv",
            "src,dst,bytes,count\n0,1,100,2\n2,0,50\n0,1,10\n0,3,600\n",
        )
        .unwrap();
        assert_eq!(d.pairs, vec![(0, 1, 210), (0, 3, 600), (2, 0, 50)]);
        assert_eq!(d.nodes(), 4);
        let spec = d.spec("m.csv").unwrap();
        let payload = spec.strip_prefix("matrix:").unwrap();
        assert_eq!(Demand::unpack(&spec, payload).unwrap(), d);
        // shares average 1: node 0 sends 810 of 860
        let shares = d.shares(4);
        assert!((shares.iter().sum::<f64>() - 4.0).abs() < 1e-12);
        assert!((shares[0] - 4.0 * 810.0 / 860.0).abs() < 1e-12);
        assert_eq!(shares[1], 0.0);
    }

    #[test]
    fn destinations_are_drawn_in_proportion_to_bytes() {
        let d = Demand::read("m", "0,1,1\n0,2,3\n1,0,5\n").unwrap();
        let placed = PlacedDemand::new(&d, 3);
        assert_eq!(placed.draw(0, 0.0), 1);
        assert_eq!(placed.draw(0, 0.2), 1);
        assert_eq!(placed.draw(0, 0.3), 2);
        assert_eq!(placed.draw(0, 0.999), 2);
        assert_eq!(placed.draw(2, 0.5), 2, "a node without a row draws itself");
        assert_eq!(
            placed.pairs().collect::<Vec<_>>(),
            vec![(0, 1), (0, 2), (1, 0)]
        );
        let f: Vec<f64> = placed.fractions().map(|(_, _, f)| f).collect();
        assert_eq!(f, vec![0.25, 0.75, 1.0]);
    }

    #[test]
    fn bad_matrices_are_refused_clearly() {
        let e = |t: &str| Demand::read("m.csv", t).unwrap_err().to_string();
        assert!(e("0,0,5\n").contains("from node 0 to itself"));
        assert!(e("src,dst,bytes\n").contains("no rows"));
        assert!(e("0,1,x\n").contains("line 1"), "{}", e("0,1,x\n"));
        let d = Demand::read("m", "0,9,1\n").unwrap();
        assert!(d
            .check("m", 4)
            .unwrap_err()
            .to_string()
            .contains("from node 0 to node 9, but this network has 4 endpoints"));
        assert!(Demand::unpack("matrix:%%", "%%")
            .unwrap_err()
            .to_string()
            .contains("damaged"));
    }
}

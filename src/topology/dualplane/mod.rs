//! Dual-plane networks (paper 004): every node is attached to switch i of two planes, plane 0
//! a hypercube or folded hypercube, plane 1 either the same (D-HC, D-FHC) or an isomorphic copy
//! from a generator set H(1,n) / FH(1,n) (DI-HC, DI-FHC, §2.1). A packet takes the plane with
//! the shorter distance (§2.2) and dimension order inside it. The metrics of §2.3 use that
//! both planes are Cayley graphs of (Z₂)ⁿ: distances and routes depend only on the offset
//! src ⊕ dst, so one source gives the average, and every link of one generator carries the
//! same load.

pub mod floor;
mod generator;
pub mod plane;

pub(in crate::topology) use generator::DUAL;

pub use plane::{generators_of, Kind, Plane, MAX_DIMENSIONS};

use crate::Result;
use serde::{Deserialize, Serialize};

/// The two planes.
#[derive(Debug, Clone)]
pub struct DualPlane {
    pub planes: [Plane; 2],
}

/// One row of the per-node routing table (Table 1), indexed by src ⊕ dst.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TableRow {
    pub offset: u32,
    pub distance: [u32; 2],
    /// Plane 1's routing value M⁻¹(src ⊕ dst).
    pub routing_value: u32,
}

/// The metrics of §2.3.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    /// Mean over all ordered node pairs, self pairs included (the paper's D-FHC baseline at
    /// n = 8, 3.27, is 837/256; without them it would be 3.28).
    pub avg_distance: f64,
    /// 2·2ⁿ (the packets one node sends: two to every node) over the most packets any directed
    /// inter-switch link carries (steps (1)–(6); a hypercube gives 2, D-HC 4).
    pub a2a_max_traffic: f64,
    /// That busiest link's packet count.
    pub max_link_load: u64,
}

impl DualPlane {
    /// D-HC / D-FHC: two identical standard planes.
    pub fn identical(kind: Kind, n: u32) -> Result<Self> {
        let p = Plane::standard(kind, n)?;
        Ok(DualPlane {
            planes: [p.clone(), p],
        })
    }

    /// DI-HC / DI-FHC: plane 0 standard, plane 1 from `generators`.
    pub fn isomorphic(kind: Kind, n: u32, generators: &[u32]) -> Result<Self> {
        Ok(DualPlane {
            planes: [
                Plane::standard(kind, n)?,
                Plane::isomorphic(kind, n, generators)?,
            ],
        })
    }

    pub fn n(&self) -> u32 {
        self.planes[0].n()
    }

    /// Table 1's row for offset x.
    pub fn row(&self, x: u32) -> TableRow {
        TableRow {
            offset: x,
            distance: [self.planes[0].distance(x), self.planes[1].distance(x)],
            routing_value: self.planes[1].routing_value(x),
        }
    }

    /// Packets of a pair with offset x in each plane under step (2): both in the shorter
    /// plane, one each on a tie.
    fn split(&self, x: u32) -> [u64; 2] {
        let [a, b] = [self.planes[0].distance(x), self.planes[1].distance(x)];
        match a.cmp(&b) {
            std::cmp::Ordering::Less => [2, 0],
            std::cmp::Ordering::Greater => [0, 2],
            std::cmp::Ordering::Equal => [1, 1],
        }
    }

    /// The plane a packet with offset x takes (0 on a tie: the paper lets either be chosen).
    pub(crate) fn plane_for(&self, x: u32) -> usize {
        usize::from(self.planes[1].distance(x) < self.planes[0].distance(x))
    }

    /// Both metrics, in O(n·2ⁿ).
    pub fn metrics(&self) -> Metrics {
        self.metrics_and_loads().0
    }

    /// Both metrics and the packets each directed link of every generator carries (the
    /// same for all links of one generator), per plane.
    pub(crate) fn metrics_and_loads(&self) -> (Metrics, [Vec<u64>; 2]) {
        let size = 1u32 << self.n();
        let mut total = 0u64;
        let mut load: [Vec<u64>; 2] = [
            vec![0; self.planes[0].generators().len()],
            vec![0; self.planes[1].generators().len()],
        ];
        for x in 1..size {
            total += u64::from(self.planes[0].distance(x).min(self.planes[1].distance(x)));
            for (p, &packets) in self.split(x).iter().enumerate() {
                if packets > 0 {
                    for g in self.planes[p].route(x) {
                        load[p][g] += packets;
                    }
                }
            }
        }
        let max_link_load = load.iter().flatten().copied().max().unwrap_or(0).max(1);
        let metrics = Metrics {
            avg_distance: total as f64 / f64::from(size),
            a2a_max_traffic: 2.0 * f64::from(size) / max_link_load as f64,
            max_link_load,
        };
        (metrics, load)
    }
}

#[cfg(test)]
/// The all-to-all maximum traffic of one plane alone (one packet per pair): 2ⁿ over its
/// busiest link (a hypercube gives 2).
pub(crate) fn single_plane_a2a(plane: &Plane) -> f64 {
    let size = 1u32 << plane.n();
    let mut load = vec![0u64; plane.generators().len()];
    for x in 1..size {
        for g in plane.route(x) {
            load[g] += 1;
        }
    }
    f64::from(size) / load.iter().copied().max().unwrap_or(1).max(1) as f64
}

#[cfg(test)]
mod tests;

//! The real-system model of paper 004 §3.1–3.3: 16 nodes and 4 switch ids per 19-inch rack
//! (80 cm wide, 150 cm deep, rows 100 cm apart), racks on a near-square floor of width:depth
//! 2:1 or 4:1, numbered row by row along the width (Fig. 4). Cable runs: 100 cm between
//! switches of one rack, else the Manhattan distance between the racks plus 200 cm of slack,
//! rounded up to the shortest cable of Table 2. From those: the average switch–switch cable,
//! the average shortest delay (§3.2.1) and the cost per node (§3.3, Table 3).
//!
//! The reading of Fig. 4 (switch s in rack ⌊s/4⌋, rack r at column r mod W and row ⌊r/W⌋, a row
//! pitch of 150 + 100 cm) is the one that gives both worked examples of §3.1.2 at n = 5:
//! switches 8 ↔ 12, a 280 cm run and a 3.0 m cable; 0 ↔ 31, 690 cm and 10 m. Column-major or
//! serpentine numbering fails one of them.

use super::DualPlane;
use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// Switch ids per rack (16 nodes, 4 per switch).
pub(crate) const SWITCHES_PER_RACK: u32 = 4;
pub(crate) const NODES_PER_SWITCH: u32 = 4;
/// Rack width and row pitch (150 cm deep + 100 cm aisle), slack between racks, run in a rack.
const RACK_WIDTH_CM: u32 = 80;
const ROW_PITCH_CM: u32 = 250;
const SLACK_CM: u32 = 200;
const IN_RACK_CM: u32 = 100;
/// Table 2 (InfiniBand EDR: copper 2–5 m, optical 10–100 m) with Table 3's prices (US$).
pub(crate) const CABLES: [(f64, f64); 11] = [
    (2.0, 134.0),
    (2.5, 140.0),
    (3.0, 148.0),
    (4.0, 242.0),
    (5.0, 278.0),
    (10.0, 545.0),
    (15.0, 575.0),
    (20.0, 610.0),
    (30.0, 685.0),
    (50.0, 975.0),
    (100.0, 1665.0),
];
/// §3.2.1: per-hop switch delay, cable delay, and the constant α.
pub(crate) const SWITCH_NS: f64 = 90.0;
pub(crate) const CABLE_NS_PER_M: f64 = 5.0;
pub(crate) const ALPHA_NS: f64 = 131.0;
/// Table 3: a 2-port NIC; switches priced per port from the 36-port one (11,170 $ / 36).
pub(crate) const NIC_USD: f64 = 485.0;
pub(crate) const SWITCH_PORT_USD: f64 = 11_170.0 / 36.0;

/// Racks along the width: 2^⌊n/2⌋ (a 2:1 floor for odd n, 4:1 for even), one rack below n = 3.
pub(crate) fn racks_wide(n: u32) -> u32 {
    if n < 3 {
        1
    } else {
        1 << (n / 2)
    }
}

/// The cable run between switches `a` and `b` of one plane, in cm.
pub(crate) fn run_cm(n: u32, a: u32, b: u32) -> u32 {
    let (ra, rb) = (a / SWITCHES_PER_RACK, b / SWITCHES_PER_RACK);
    if ra == rb {
        return IN_RACK_CM;
    }
    let w = racks_wide(n);
    let (ca, cb) = (ra % w, rb % w);
    let (wa, wb) = (ra / w, rb / w);
    RACK_WIDTH_CM * ca.abs_diff(cb) + ROW_PITCH_CM * wa.abs_diff(wb) + SLACK_CM
}

/// The shortest cable of Table 2 at least `cm` long: (metres, US$).
pub(crate) fn cable_for(cm: u32) -> Result<(f64, f64)> {
    let m = f64::from(cm) / 100.0;
    CABLES
        .iter()
        .copied()
        .find(|&(len, _)| len + 1e-9 >= m)
        .ok_or_else(|| {
            Error::invalid(
                "n",
                format!("a {m:.1} m cable run is longer than the longest cable of Table 2 (100 m): the floor of paper 004 §3.1 holds up to n = 12"),
            )
        })
}

/// What the real-system model gives for a dual-plane network.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Floor {
    /// Mean commercial length of the switch–switch cables of both planes (m).
    pub avg_cable_m: f64,
    /// (avg cable × 5 ns/m + 90 ns) × avg shortest distance + 131 ns.
    pub avg_delay_ns: f64,
    /// NIC, switch ports, node cables and switch cables per node (US$).
    pub cost_per_node_usd: f64,
    /// Its parts (Fig. 8).
    pub cost: CostPerNode,
}

/// The cost per node by part (US$, Table 3).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CostPerNode {
    pub nic: f64,
    pub switches: f64,
    pub node_cables: f64,
    pub switch_cables: f64,
}

/// The floor plan: racks along the width and rows of them.
pub fn racks(n: u32) -> (u32, u32) {
    let total = ((1u32 << n) / SWITCHES_PER_RACK).max(1);
    let wide = racks_wide(n).min(total);
    (wide, total.div_ceil(wide))
}

/// A plane's switch–switch cables grouped by pair of racks (lower first) and length in tenths
/// of a metre, with how many there are of each, in that order (paper 004 §3.1, Table 2).
pub(crate) fn cables_by_racks(
    n: u32,
    generators: &[u32],
    reading: CableReading,
) -> Result<std::collections::BTreeMap<(u32, u32, u64), u32>> {
    let mut by: std::collections::BTreeMap<(u32, u32, u64), u32> = Default::default();
    for (a, b, m, _) in cables(n, generators, reading)? {
        let (ra, rb) = (a / SWITCHES_PER_RACK, b / SWITCHES_PER_RACK);
        *by.entry((ra.min(rb), ra.max(rb), (m * 10.0) as u64))
            .or_default() += 1;
    }
    Ok(by)
}

/// How a switch–switch cable inside one rack counts (§3.1.2: "the run between switches in a rack
/// is 100 cm, since they are adjacent"; a cable is then chosen from Table 2, whose shortest is
/// 2.0 m). Between racks every reading takes the Table 2 cable the run needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum CableReading {
    /// Its 100 cm run for the length and the delay; priced as the 2.0 m cable it is bought as.
    /// The reading an independent calculation found to give the paper's D-HC and D-FHC delays
    /// and cables at n = 8 and 12 (their values are withheld in our copy).
    #[default]
    InRackRun,
    /// The 2.0 m cable it is bought as, for length, delay and price.
    Catalogue,
}

impl crate::choice::Choices for CableReading {
    const DECIDES: &'static str = "How a switch–switch cable inside one rack counts (§3.1.2)";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (CableReading::InRackRun, "its 100 cm run", "A cable between the adjacent switches of one rack counts at its 100 cm run in the average cable and the delay (priced as the 2.0 m cable of Table 2)"),
        (CableReading::Catalogue, "a 2.0 m cable", "A cable between the adjacent switches of one rack counts as the 2.0 m cable of Table 2 it is bought as, in length, delay and price"),
    ];
}

/// The cable between switches `a` and `b` of one plane as `reading` counts it: (m, US$).
pub(crate) fn cable(n: u32, a: u32, b: u32, reading: CableReading) -> Result<(f64, f64)> {
    let run = run_cm(n, a, b);
    let (m, usd) = cable_for(run)?;
    let in_rack = a / SWITCHES_PER_RACK == b / SWITCHES_PER_RACK;
    Ok(match reading {
        CableReading::InRackRun if in_rack => (f64::from(run) / 100.0, usd),
        _ => (m, usd),
    })
}

/// Largest n the floor model holds (§3.1: 64 × 16 racks; at n = 13 a folded cube's run
/// outgrows the 100 m cable). Enforced for every kind: a hypercube's runs are shorter, but
/// racks beyond 64 wide and cables past Table 2 are outside the model the paper priced.
pub const MAX_FLOOR_N: u32 = 12;

/// Every switch–switch cable of a plane with generators `generators`: (switch, switch, m, US$).
pub fn cables(
    n: u32,
    generators: &[u32],
    reading: CableReading,
) -> Result<Vec<(u32, u32, f64, f64)>> {
    if n > MAX_FLOOR_N {
        return Err(Error::invalid(
            "n",
            format!("the rack and cable model of paper 004 §3.1 holds up to n = {MAX_FLOOR_N}, not {n}: cables, delay and cost are not defined beyond it"),
        ));
    }
    let mut out = Vec::new();
    for s in 0..1u32 << n {
        for &g in generators {
            let t = s ^ g;
            if s < t {
                let (m, usd) = cable(n, s, t, reading)?;
                out.push((s, t, m, usd));
            }
        }
    }
    Ok(out)
}

/// The floor model of `d` with its average shortest distance `avg_distance`, its in-rack cables
/// counted as `reading` says.
pub fn floor(d: &DualPlane, avg_distance: f64, reading: CableReading) -> Result<Floor> {
    let n = d.n();
    let size = 1u32 << n;
    let (mut length, mut price, mut count) = (0.0, 0.0, 0u64);
    for plane in &d.planes {
        for (_, _, m, usd) in cables(n, plane.generators(), reading)? {
            length += m;
            price += usd;
            count += 1;
        }
    }
    let avg_cable_m = length / count.max(1) as f64;
    let degree = d.planes[0].generators().len() as f64;
    let nodes = f64::from(size * NODES_PER_SWITCH);
    let node_cable = CABLES[0].1; // 2.0 m, one per plane
    let switches_per_node = 2.0 / f64::from(NODES_PER_SWITCH);
    let cost = CostPerNode {
        nic: NIC_USD,
        switches: (f64::from(NODES_PER_SWITCH) + degree) * SWITCH_PORT_USD * switches_per_node,
        node_cables: 2.0 * node_cable,
        switch_cables: price / nodes,
    };
    Ok(Floor {
        avg_cable_m,
        avg_delay_ns: (avg_cable_m * CABLE_NS_PER_M + SWITCH_NS) * avg_distance + ALPHA_NS,
        cost_per_node_usd: cost.nic + cost.switches + cost.node_cables + cost.switch_cables,
        cost,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::dualplane::Kind;

    #[test]
    fn the_worked_examples_of_section_3_1_2() {
        // n = 5: 8 racks, 4 wide and 2 deep (Fig. 4)
        assert_eq!(racks_wide(5), 4);
        assert_eq!(run_cm(5, 8, 12), 280);
        assert_eq!(cable_for(280).unwrap().0, 3.0);
        assert_eq!(run_cm(5, 0, 31), 690);
        assert_eq!(cable_for(690).unwrap().0, 10.0);
        assert_eq!(run_cm(5, 0, 1), 100, "one rack");
        assert_eq!(cable_for(100).unwrap().0, 2.0);
    }

    #[test]
    fn beyond_n_12_a_run_outgrows_the_longest_cable() {
        // n = 12: 64 × 16 racks, the farthest pair 63·80 + 15·250 + 200 = 8,990 cm fits 100 m
        assert_eq!(run_cm(12, 0, 4095), 8990);
        assert!(cable_for(8990).is_ok());
        let e = cable_for(run_cm(13, 0, 8191)).unwrap_err().to_string();
        assert!(e.contains("longer than the longest cable"), "{e}");
        // the model's limit holds for hypercubes too, whose runs would still fit a cable
        let hc = DualPlane::identical(Kind::Hc, 15).unwrap();
        let e = floor(&hc, 7.5, CableReading::Catalogue)
            .unwrap_err()
            .to_string();
        assert!(e.contains("holds up to n = 12"), "{e}");
    }

    #[test]
    fn d_hc_n5_cables_and_delay() {
        // dims 0 and 1 stay in a rack (2.0 m), dim 2 is the next rack (3.0), dim 3 two racks
        // along (4.0), dim 4 the next row (5.0): (64·2 + 32·3 + 32·4 + 32·5) / 160 = 3.2 m
        let d = DualPlane::identical(Kind::Hc, 5).unwrap();
        let f = floor(&d, 2.5, CableReading::Catalogue).unwrap();
        assert!((f.avg_cable_m - 3.2).abs() < 1e-12);
        assert!((f.avg_delay_ns - ((3.2 * 5.0 + 90.0) * 2.5 + 131.0)).abs() < 1e-9);
        // counted at their 100 cm run, the in-rack cables make it (64·1 + 96 + 128 + 160) / 160
        // = 2.8 m; they cost the 2.0 m cable either way
        let run = floor(&d, 2.5, CableReading::InRackRun).unwrap();
        assert!((run.avg_cable_m - 2.8).abs() < 1e-12);
        assert_eq!(run.cost, f.cost);
    }

    #[test]
    fn d_hc_n8_with_in_rack_runs() {
        // n = 8: 2 of 8 dimensions stay in a rack; at their run the average cable falls by a
        // quarter metre, 5.75 → 5.5 m, and the delay (5.5·5 + 90)·4 + 131 = 601 ns (606 as 2.0 m)
        let d = DualPlane::identical(Kind::Hc, 8).unwrap();
        let catalogue = floor(&d, 4.0, CableReading::Catalogue).unwrap();
        let run = floor(&d, 4.0, CableReading::InRackRun).unwrap();
        assert!((catalogue.avg_cable_m - 5.75).abs() < 1e-12);
        assert!((run.avg_cable_m - 5.5).abs() < 1e-12);
        assert!((run.avg_delay_ns - 601.0).abs() < 1e-9);
    }
}

//! Paper 001 §4.2, studies of the OCS relay lab: `figure`, the bars of Fig. 4 (8×32) and
//! Fig. 5 (16×16) for the configuration's tree and application — EPS only, the full-bisection
//! EPS, ours with a quarter and a half of the nodes on the OCS (64 and 128 of 256), and the
//! low-bisection (1:20) EPS with and without the OCS — as times relative to EPS only; and
//! `table-2`, the OCS nodes used by each application in the paper's four configurations
//! (Table 2's layout), with the circuits by step and the route kinds.

use super::Reproduction;
use crate::hybrid::relay::alloc::allocate;
use crate::hybrid::relay::route::RelayNet;
use crate::hybrid::relay::{communications, OcsPlacement};
use crate::labs::ocs_relay::{large_messages, OcsRelayConfig, RouteKinds, LOW_RATIO};
use crate::labs::{config, json, Report, Study};
use crate::Result;
use serde::{Deserialize, Serialize};

pub(crate) const STUDIES: &[Reproduction] = &[
    Reproduction::of("ocs-relay", Study {
        name: "figure",
        title: "Fig. 4–5: relative execution times",
        about: "the configuration's tree and application on EPS only, the full-bisection EPS, ours with a quarter and a half of the nodes on the OCS (64 and 128 of 256), and the low-bisection (1:20) EPS without and with the OCS: one bar per network, its time relative to EPS only and its link-load bound",
        args: crate::labs::TAKES_NONE,
        run: |section, _seed, _args, report| Ok(json(&figure(&config(section)?, report)?)),
        precheck: |section, _seed, _args| {
            let c: OcsRelayConfig = config(section)?;
            c.workload(&c.placement()?).map(drop)
        },
    }),
    Reproduction::of("ocs-relay", Study {
        name: "table-2",
        title: "Table 2: OCS nodes used",
        about: "the OCS nodes each application uses in the paper's four configurations (8x32 and 16x16, 64 and 128 OCS nodes) at the configuration's class, threshold and readings, with the circuits by step and the route kinds (allocation and routing only)",
        args: crate::labs::TAKES_NONE,
        run: |section, _seed, _args, report| Ok(json(&table_2(&config(section)?, report)?)),
        precheck: |section, _seed, _args| {
            let c: OcsRelayConfig = config(section)?;
            for cell in table_2_cells(&c) {
                cell.workload(&cell.placement()?)?;
            }
            Ok(())
        },
    }),
];

/// One bar of Fig. 4–5.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bar {
    pub label: String,
    /// eps, full or ours.
    pub network: String,
    pub ocs_nodes: usize,
    pub ratio: f64,
    pub time_s: f64,
    pub bound_s: f64,
    /// Time over EPS only's at the configuration's ratio.
    pub relative: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FigureResult {
    pub edge: String,
    pub app: String,
    pub rows: Vec<Bar>,
}

/// The bars for the configuration's tree and application.
pub fn figure(c: &OcsRelayConfig, report: Report<'_>) -> Result<FigureResult> {
    let p = c.placement()?;
    let work = c.workload(&p)?;
    let demands = work.demands();
    // a quarter and a half of the nodes, in whole OCS nodes per switch (at least one)
    let share = |part: usize| (p.nodes_per_edge / part).max(1) * p.edges;
    let (quarter, half) = (share(4), share(2));
    let low = format!("1:{LOW_RATIO}");
    let networks: Vec<(String, &str, usize, f64)> = vec![
        ("EPS only".into(), "eps", 0, c.ratio),
        ("Full bisection".into(), "full", 0, 1.0),
        (format!("Ours {quarter}"), "ours", quarter, c.ratio),
        (format!("Ours {half}"), "ours", half, c.ratio),
        (format!("EPS only {low}"), "eps", 0, LOW_RATIO),
        (format!("Ours {quarter} {low}"), "ours", quarter, LOW_RATIO),
        (format!("Ours {half} {low}"), "ours", half, LOW_RATIO),
    ];
    let mut base = None;
    let mut rows = Vec::new();
    let total = networks.len() as f64;
    let outcomes = crate::parallel::try_map_chunked(
        &networks,
        crate::parallel::threads(),
        |(_, _, ocs, ratio)| {
            c.plan(&p, &work, &demands, *ocs, *ratio)
                .map(|planned| planned.outcome)
        },
        |i, out| {
            let (label, network, ocs_nodes, ratio) = &networks[i];
            let time_s = out.time_ns / 1e9;
            let eps: f64 = *base.get_or_insert(time_s);
            let bar = Bar {
                label: label.clone(),
                network: network.to_string(),
                ocs_nodes: *ocs_nodes,
                ratio: *ratio,
                time_s,
                bound_s: out.bound_ns / 1e9,
                relative: time_s / eps.max(1e-12),
            };
            report((i + 1) as f64 / total, Some(json(&bar)));
            rows.push(bar);
        },
    )?;
    debug_assert_eq!(outcomes.len(), rows.len());
    Ok(FigureResult {
        edge: c.edge.clone(),
        app: c.app.clone(),
        rows,
    })
}

/// One cell of Table 2 with how it came about.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableRow {
    pub edge: String,
    pub ocs_nodes: usize,
    pub app: String,
    pub ocs_nodes_used: usize,
    pub circuits_by_step: [usize; 3],
    pub routes: RouteKinds,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableResult {
    pub class: String,
    pub rows: Vec<TableRow>,
}

/// The paper's four configurations.
pub(crate) const CONFIGURATIONS: [(&str, usize); 4] =
    [("8x32", 64), ("8x32", 128), ("16x16", 64), ("16x16", 128)];
/// Table 2's applications, in its column order.
pub(crate) const APPS: [&str; 4] = ["neighbor", "cg", "lu", "mg"];

/// Table 2's cells: the paper's four configurations, each with every application, at `c`'s
/// other settings.
fn table_2_cells(c: &OcsRelayConfig) -> Vec<OcsRelayConfig> {
    CONFIGURATIONS
        .iter()
        .flat_map(|&(edge, ocs_nodes)| {
            APPS.iter().map(move |app| OcsRelayConfig {
                edge: edge.into(),
                ocs_nodes,
                app: (*app).into(),
                ..c.clone()
            })
        })
        .collect()
}

/// Table 2 at the configuration's class, threshold and readings.
pub fn table_2(c: &OcsRelayConfig, report: Report<'_>) -> Result<TableResult> {
    let mut rows = Vec::new();
    let total = (CONFIGURATIONS.len() * APPS.len()) as f64;
    for cell in table_2_cells(c) {
        let p: OcsPlacement = cell.placement()?;
        let demands = cell.workload(&p)?.demands();
        let alloc = allocate(
            &p,
            &communications(&demands, c.threshold, c.counting),
            &c.readings,
        );
        let q = cell.net_params(&p, c.ratio);
        let routes = RelayNet::new(&p, &alloc, q.bandwidths(), c.uplink_cost)
            .route_all(&large_messages(&demands, c.threshold));
        let row = TableRow {
            edge: cell.edge.clone(),
            ocs_nodes: cell.ocs_nodes,
            app: cell.app.clone(),
            ocs_nodes_used: alloc.nodes_used(),
            circuits_by_step: alloc.by_step(),
            routes: RouteKinds::of(&routes),
        };
        report((rows.len() + 1) as f64 / total, Some(json(&row)));
        rows.push(row);
    }
    Ok(TableResult {
        class: c.class.clone(),
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_2_has_the_papers_layout_and_mg_uses_every_ocs_node() {
        let mut points = 0;
        let t = table_2(&OcsRelayConfig::default(), &mut |_, p| {
            points += usize::from(p.is_some())
        })
        .unwrap();
        assert_eq!(points, 16);
        let used = |edge: &str, ocs: usize, app: &str| {
            t.rows
                .iter()
                .find(|r| r.edge == edge && r.ocs_nodes == ocs && r.app == app)
                .unwrap()
                .ocs_nodes_used
        };
        // §4.2: MG uses all OCS nodes in every configuration
        for (edge, ocs) in CONFIGURATIONS {
            assert_eq!(used(edge, ocs, "mg"), ocs, "{edge}/{ocs}");
        }
        // ours (the brief's table): neighbour and LU alike; CG 64 / 128 / 60 / 114
        for (edge, ocs, n, cg) in [
            ("8x32", 64, 56, 64),
            ("8x32", 128, 112, 128),
            ("16x16", 64, 60, 60),
            ("16x16", 128, 120, 114),
        ] {
            assert_eq!(used(edge, ocs, "neighbor"), n);
            assert_eq!(used(edge, ocs, "lu"), n);
            assert_eq!(used(edge, ocs, "cg"), cg);
        }
    }

    #[test]
    fn the_figure_has_seven_bars_relative_to_eps_only() {
        let c = OcsRelayConfig {
            edge: "4x16".into(),
            ocs_nodes: 16,
            mtu: 65536,
            message_bytes: 1 << 20,
            ..OcsRelayConfig::default()
        };
        let mut streamed = Vec::new();
        let f = figure(&c, &mut |_, p| streamed.extend(p)).unwrap();
        assert_eq!(f.rows.len(), 7);
        assert_eq!(streamed.len(), 7);
        assert_eq!(f.rows[0].relative, 1.0);
        assert_eq!(f.rows[2].label, "Ours 16");
        assert_eq!(f.rows[3].label, "Ours 32");
        // the full-bisection EPS is no slower; the low-bisection one no faster
        assert!(f.rows[1].relative <= 1.0);
        assert!(f.rows[4].relative > 1.0);
        for b in &f.rows {
            assert!(b.time_s >= b.bound_s && b.bound_s > 0.0, "{b:?}");
        }
    }
}

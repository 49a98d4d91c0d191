//! Export formats: BookSim2's `anynet` listing (so a topology can be simulated there), a whole
//! BookSim2 experiment (`booksim`: the listing and a config), any network as GraphML or DOT for
//! graph tools (`graph`), a whole SST/Merlin model with Topolab's routes (`sst`), and the
//! per-channel loads as CSV.

pub mod booksim;
pub mod graph;
pub mod merlin;
pub mod sst;

use crate::model::{ChannelId, LinkId, Topology};
use std::fmt::Write;

/// BookSim2 `anynet` listing: one line per switch, `router i node e … router j …`, each link
/// written once on the line of its lower-numbered switch (anynet makes links bidirectional).
/// Refused for a network whose nodes attach to several switches (`check_one_router_per_node`),
/// on every surface that writes one: the CLI's `--anynet` and `export booksim`, the page's
/// Export menu.
pub fn anynet(topo: &Topology) -> crate::Result<String> {
    check_one_router_per_node(topo)?;
    let mut lines = switch_lines(topo);
    for l in 0..topo.link_count() {
        let (a, b) = topo.link_ends(LinkId::new(l));
        let (low, high) = if a < b { (a, b) } else { (b, a) };
        let _ = write!(lines[low.index()], " router {}", high.0);
    }
    Ok(lines.join("\n") + "\n")
}

/// An anynet node has one router: a network whose nodes attach to several switches (a node on
/// each of two planes) cannot be written without leaving a plane with no node.
pub(crate) fn check_one_router_per_node(topo: &Topology) -> crate::Result<()> {
    let ports = topo.max_endpoint_ports();
    if ports > 1 {
        return Err(crate::Error::topology(
            topo.spec(),
            format!("its nodes attach to {ports} switches (one per plane); a BookSim2 anynet node has one router, so the second plane would have no node: export one plane (e.g. hypercube:N) instead"),
        )
        .at("topology"));
    }
    Ok(())
}

/// `anynet` with a latency on every router-to-router channel: BookSim reads a number after a
/// `router j` as the latency of the channel from the line's switch to j only, so each link is
/// written on both of its switches' lines.
pub(crate) fn anynet_with_latency(topo: &Topology, latency_cycles: u32) -> String {
    let mut lines = switch_lines(topo);
    for l in 0..topo.link_count() {
        let (a, b) = topo.link_ends(LinkId::new(l));
        let _ = write!(lines[a.index()], " router {} {latency_cycles}", b.0);
        let _ = write!(lines[b.index()], " router {} {latency_cycles}", a.0);
    }
    lines.join("\n") + "\n"
}

/// `router i node e …`: each switch's line with its endpoints, before its links.
fn switch_lines(topo: &Topology) -> Vec<String> {
    let mut lines: Vec<String> = (0..topo.switch_count())
        .map(|s| format!("router {s}"))
        .collect();
    for e in 0..topo.endpoint_count() {
        let s = topo.endpoint_switch(crate::model::EndpointId::new(e));
        let _ = write!(lines[s.index()], " node {e}");
    }
    lines
}

/// One row per directed channel: `channel,link,from,to,load[,used_slots]` (used when a slot
/// policy ran), with a header.
pub(crate) fn channel_loads_csv(topo: &Topology, loads: &[u32], used: Option<&[u32]>) -> String {
    let mut out = String::from(if used.is_some() {
        "channel,link,from,to,load,used_slots\n"
    } else {
        "channel,link,from,to,load\n"
    });
    for c in 0..topo.channel_count() {
        let ch = ChannelId::new(c);
        let (from, to) = topo.channel_ends(ch);
        let _ = write!(out, "{c},{},{},{},{}", ch.link().0, from.0, to.0, loads[c]);
        if let Some(used) = used {
            let _ = write!(out, ",{}", used[c]);
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::build;

    #[test]
    fn anynet_lists_every_link_once() {
        let t = build("mesh:2x2").unwrap();
        let text = anynet(&t).unwrap();
        assert_eq!(text, "router 0 node 0 router 1 router 2\nrouter 1 node 1 router 3\nrouter 2 node 2 router 3\nrouter 3 node 3\n");
    }

    /// A dual-plane network's nodes are on two switches: no anynet is written for it, whichever
    /// surface asks (issue 53: the page's Export menu wrote one whose second plane had no node).
    #[test]
    fn anynet_refuses_a_node_on_two_planes() {
        let t = build("dual:hc:3").unwrap();
        let e = anynet(&t).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("topology"));
        assert!(
            e.to_string()
                .contains("the second plane would have no node"),
            "{e}"
        );
    }

    #[test]
    fn csv_has_a_row_per_channel() {
        let t = build("mesh:2x2").unwrap();
        let loads = vec![1; t.channel_count()];
        let csv = channel_loads_csv(&t, &loads, None);
        assert_eq!(csv.lines().count(), 1 + 8);
        assert!(csv.starts_with("channel,link,from,to,load\n0,0,0,1,1\n1,0,1,0,1\n"));
    }
}

//! All-to-all as circuits, for the five routing methods of paper 000 Table 2. Reading of the
//! table that reproduces it exactly on k×k meshes (tests/paper000_tables.rs):
//! - destination-based: one circuit per (s, d) pair along the unicast route (DOR: k³/4);
//! - path-based: the nodes lie on a Hamiltonian ring of the mesh; a source reaches the next
//!   n/2 nodes clockwise and the other n/2−1 counter-clockwise. Scatter: one circuit per pair
//!   ((n/2)(n/2+1)/2); broadcast: one circuit per source and direction (n/2);
//! - tree-based: one circuit per source, the tree of its unicast routes to every node; scatter
//!   and broadcast both hold one slot per tree edge, so they coincide (k(k−1)), as in the table.

use crate::error::suggest;
use crate::model::{ChannelId, GridShape, PathSet, Shape, SwitchId, Topology};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// How all-to-all traffic is carried (paper 000 §3.2, Table 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AllToAllMethod {
    Destination,
    PathScatter,
    PathBroadcast,
    TreeScatter,
    TreeBroadcast,
}

/// The methods' names with their definitions (page tooltips, CLI help).
pub const ALL_TO_ALL_METHODS: &[(&str, &str)] = &[
    ("destination", "destination-based: every (source, destination) pair is its own circuit along the unicast route"),
    ("path-scatter", "path-based scatter: nodes on a Hamiltonian ring; each pair is a circuit along the ring, the shorter way (clockwise on a tie)"),
    ("path-broadcast", "path-based broadcast: one message per source travels clockwise through the next n/2 nodes and one counter-clockwise through the rest"),
    ("tree-scatter", "tree-based scatter: one circuit per source along the tree of its unicast routes; each branch carries that destination's part"),
    ("tree-broadcast", "tree-based broadcast: one circuit per source along the tree of its unicast routes, copied at branch points"),
];

impl AllToAllMethod {
    /// Parse a method name.
    pub fn parse(text: &str) -> Result<AllToAllMethod> {
        Ok(match text.trim().to_ascii_lowercase().as_str() {
            "destination" | "destination-based" => AllToAllMethod::Destination,
            "path-scatter" => AllToAllMethod::PathScatter,
            "path-broadcast" => AllToAllMethod::PathBroadcast,
            "tree-scatter" => AllToAllMethod::TreeScatter,
            "tree-broadcast" => AllToAllMethod::TreeBroadcast,
            other => {
                let names: Vec<&str> = ALL_TO_ALL_METHODS.iter().map(|(n, _)| *n).collect();
                return Err(Error::invalid(
                    "all2all",
                    format!("unknown method '{other}'; {}", suggest(other, &names)),
                ));
            }
        })
    }
}

/// Circuits of all-to-all among the switches' endpoints under `method`. `unicast` holds the
/// routed path of every ordered pair (s ≠ d) in source-major order, as the pattern generates them.
/// Returns the circuits and, per circuit, its (source, destination) label; a tree is labelled
/// (source, source) and a broadcast path (source, last node it reaches).
pub fn all_to_all_circuits(
    topo: &Topology,
    method: AllToAllMethod,
    unicast: &PathSet,
) -> Result<(PathSet, Vec<(u32, u32)>)> {
    let n = topo.endpoint_count();
    match method {
        AllToAllMethod::Destination => {
            let labels = (0..n as u32)
                .flat_map(|s| (0..n as u32).filter(move |&d| d != s).map(move |d| (s, d)))
                .collect();
            Ok((unicast.clone(), labels))
        }
        AllToAllMethod::TreeScatter | AllToAllMethod::TreeBroadcast => {
            Ok(source_trees(topo, unicast, n))
        }
        AllToAllMethod::PathScatter | AllToAllMethod::PathBroadcast => {
            let ring = hamiltonian_ring(topo)?;
            Ok(ring_circuits(
                topo,
                &ring,
                method == AllToAllMethod::PathBroadcast,
            ))
        }
    }
}

/// One circuit per source: the union of its unicast paths (each channel once).
fn source_trees(topo: &Topology, unicast: &PathSet, n: usize) -> (PathSet, Vec<(u32, u32)>) {
    let mut set = PathSet::new();
    let mut labels = Vec::with_capacity(n);
    let mut in_tree = vec![false; topo.channel_count()];
    for s in 0..n {
        let mut channels: Vec<ChannelId> = Vec::new();
        for i in s * (n - 1)..(s + 1) * (n - 1) {
            for &c in unicast.channels(i) {
                if !in_tree[c.index()] {
                    in_tree[c.index()] = true;
                    channels.push(c);
                }
            }
        }
        for c in &channels {
            in_tree[c.index()] = false;
        }
        // a tree with e edges spans e + 1 switches
        set.push(&channels, channels.len() + 1);
        labels.push((s as u32, s as u32));
    }
    (set, labels)
}

/// A Hamiltonian cycle through every switch of a 2-D mesh or torus with an even side: along
/// row 0, snake back through columns 1.. of the other rows, return down column 0.
fn hamiltonian_ring(topo: &Topology) -> Result<Vec<SwitchId>> {
    let dims = match topo.shape() {
        Shape::Grid { dims, .. } if dims.len() == 2 => dims.clone(),
        _ => {
            return Err(Error::invalid(
                "path-based all-to-all",
                format!(
                "needs a Hamiltonian ring; Topolab builds one on 2-D meshes and tori, not on '{}'",
                topo.spec()
            ),
            ))
        }
    };
    // `rows` (the snaked dimension) must be even; swap the roles of x and y if only x is.
    let (cols, rows, transposed) = if dims[1] % 2 == 0 {
        (dims[0], dims[1], false)
    } else if dims[0] % 2 == 0 {
        (dims[1], dims[0], true)
    } else {
        return Err(Error::invalid(
            "path-based all-to-all",
            format!(
                "a {}×{} mesh has no Hamiltonian cycle (both sides odd)",
                dims[0], dims[1]
            ),
        ));
    };
    let grid = GridShape::new(dims.clone());
    let at = |c: usize, r: usize| {
        SwitchId::new(if transposed {
            grid.index(&[r, c])
        } else {
            grid.index(&[c, r])
        })
    };
    let mut ring: Vec<SwitchId> = (0..cols).map(|c| at(c, 0)).collect();
    for r in 1..rows {
        if r % 2 == 1 {
            ring.extend((1..cols).rev().map(|c| at(c, r)));
        } else {
            ring.extend((1..cols).map(|c| at(c, r)));
        }
    }
    ring.extend((1..rows).rev().map(|r| at(0, r)));
    Ok(ring)
}

fn ring_circuits(
    topo: &Topology,
    ring: &[SwitchId],
    broadcast: bool,
) -> (PathSet, Vec<(u32, u32)>) {
    let n = ring.len();
    let cw: Vec<ChannelId> = (0..n)
        .map(|i| {
            topo.channel_between(ring[i], ring[(i + 1) % n])
                .expect("ring steps are links")
        })
        .collect();
    let ccw: Vec<ChannelId> = cw.iter().map(|c| c.reverse()).collect();
    let mut position = vec![0; n];
    for (i, s) in ring.iter().enumerate() {
        position[s.index()] = i;
    }
    let clockwise_reach = n / 2;
    let mut set = PathSet::new();
    let mut labels = Vec::new();
    let mut hops_buf = Vec::with_capacity(n);
    let walk = |start: usize, hops: usize, clockwise: bool, buf: &mut Vec<ChannelId>| {
        buf.clear();
        for h in 0..hops {
            buf.push(if clockwise {
                cw[(start + h) % n]
            } else {
                ccw[(start + n - h - 1) % n]
            });
        }
    };
    for s in 0..n {
        let p = position[s];
        if broadcast {
            for (clockwise, hops) in [(true, clockwise_reach), (false, n - 1 - clockwise_reach)] {
                walk(p, hops, clockwise, &mut hops_buf);
                set.push(&hops_buf, hops + 1);
                labels.push((
                    s as u32,
                    ring[if clockwise {
                        (p + hops) % n
                    } else {
                        (p + n - hops) % n
                    }]
                    .0,
                ));
            }
        } else {
            for d in (0..n).filter(|&d| d != s) {
                let forward = (position[d] + n - p) % n;
                let clockwise = forward <= clockwise_reach;
                let hops = if clockwise { forward } else { n - forward };
                walk(p, hops, clockwise, &mut hops_buf);
                set.push(&hops_buf, hops + 1);
                labels.push((s as u32, d as u32));
            }
        }
    }
    (set, labels)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::build;

    #[test]
    fn ring_visits_every_switch_once_through_links() {
        for spec in ["mesh:4x4", "mesh:2x6", "mesh:5x4", "mesh:4x5", "torus:6x3"] {
            let t = build(spec).unwrap();
            let ring = hamiltonian_ring(&t).unwrap();
            let mut seen: Vec<u32> = ring.iter().map(|s| s.0).collect();
            seen.sort();
            assert_eq!(
                seen,
                (0..t.switch_count() as u32).collect::<Vec<_>>(),
                "{spec}"
            );
            for i in 0..ring.len() {
                assert!(
                    t.channel_between(ring[i], ring[(i + 1) % ring.len()])
                        .is_some(),
                    "{spec} step {i}"
                );
            }
        }
        assert!(hamiltonian_ring(&build("mesh:3x3").unwrap())
            .unwrap_err()
            .to_string()
            .contains("both sides odd"));
    }
}

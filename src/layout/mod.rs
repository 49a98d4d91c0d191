//! Positions for drawing a topology, in abstract units (1 = one grid step): grids (n-D grids
//! nest the extra dimensions as blocks), layered fat-trees (roots on top), a circle for full
//! networks, forces for irregular ones.

mod force;

pub use force::{force_positions, MAX_FORCE_SWITCHES};

use crate::model::{GridShape, Shape, Topology};

/// Where each switch (and, for fat-trees, each endpoint) is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    pub switches: Vec<(f64, f64)>,
    /// Endpoint positions, drawn only where the topology's endpoints are not its switches.
    pub endpoints: Vec<(f64, f64)>,
}

/// The layout that suits `topo`'s shape.
pub fn layout(topo: &Topology) -> Layout {
    match topo.shape() {
        Shape::Grid { dims, .. } => grid(dims),
        Shape::FatTree { k, levels } => layered(topo, *k, *levels),
        Shape::Full { n } | Shape::Circle { n } => circle(*n),
        Shape::Floor { side } => grid(&[*side, *side]),
        Shape::DualPlane { n, .. } => side_by_side(&grid(&vec![2; *n as usize])),
        Shape::Tree2 {
            edges,
            nodes_per_edge,
        } => two_level(*edges, *nodes_per_edge),
        Shape::Irregular => Layout {
            switches: force_positions(topo, 1),
            endpoints: Vec::new(),
        },
        Shape::Placed { positions } => Layout {
            switches: in_grid_steps(topo, positions),
            endpoints: Vec::new(),
        },
    }
}

/// A file's positions moved to the origin and scaled so that links are one unit long on
/// average, the grid step the drawing is made for (Gephi's coordinates run to hundreds).
fn in_grid_steps(topo: &Topology, positions: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let graph = topo.graph();
    let (mut total, mut count) = (0.0, 0usize);
    for e in graph.edge_indices() {
        if let Some((a, b)) = graph.edge_endpoints(e) {
            let ((ax, ay), (bx, by)) = (positions[a.index()], positions[b.index()]);
            total += (ax - bx).hypot(ay - by);
            count += 1;
        }
    }
    let mean = if count > 0 { total / count as f64 } else { 0.0 };
    let unit = if mean.is_finite() && mean > 0.0 {
        mean
    } else {
        1.0
    };
    let min_x = positions.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let min_y = positions.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    positions
        .iter()
        .map(|&(x, y)| ((x - min_x) / unit, (y - min_y) / unit))
        .collect()
}

/// Even dimensions along x, odd along y; each dimension beyond the first two places whole
/// copies of the lower ones side by side with a one-unit gap.
fn grid(dims: &[usize]) -> Layout {
    let mut stride = [Vec::new(), Vec::new()];
    let mut extent = [1.0f64, 1.0f64];
    for (d, &k) in dims.iter().enumerate() {
        let axis = d % 2;
        let s = if d < 2 { 1.0 } else { extent[axis] + 1.0 };
        stride[axis].push(s);
        extent[axis] = s * (k as f64 - 1.0) + extent[axis].max(1.0);
    }
    let shape = GridShape::new(dims.to_vec());
    let switches = (0..shape.len())
        .map(|i| {
            let c = shape.coords(i);
            let mut pos = [0.0, 0.0];
            for (d, &cd) in c.iter().enumerate() {
                pos[d % 2] += stride[d % 2][d / 2] * cd as f64;
            }
            (pos[0], pos[1])
        })
        .collect();
    Layout {
        switches,
        endpoints: Vec::new(),
    }
}

/// Two copies of `plane`, the second to the right of the first (switch s of plane 1 where
/// switch s of plane 0 is, so a link that differs shows as one).
fn side_by_side(plane: &Layout) -> Layout {
    let width = plane.switches.iter().map(|p| p.0).fold(0.0, f64::max);
    let gap = width + 2.0;
    let switches = (0..2)
        .flat_map(|p| {
            plane
                .switches
                .iter()
                .map(move |&(x, y)| (x + gap * f64::from(p), y))
        })
        .collect();
    Layout {
        switches,
        endpoints: Vec::new(),
    }
}

/// The upper switch centred on top, the edge switches in a row, each one's nodes under it.
fn two_level(edges: usize, per: usize) -> Layout {
    let spread = 0.5;
    let width = (per as f64 * spread).max(1.0) + 1.0;
    // tall enough that the uplinks fan out visibly (a fifth of the width)
    let level = (width * edges as f64 / 5.0).max(2.0);
    let mut switches: Vec<(f64, f64)> = (0..edges)
        .map(|s| (width * (s as f64 + 0.5), level))
        .collect();
    switches.push((width * edges as f64 / 2.0, 0.0));
    let endpoints = (0..edges * per)
        .map(|r| {
            let (s, i) = (r / per, r % per);
            let left = width * s as f64 + 0.5;
            (left + spread * i as f64, level + 1.5)
        })
        .collect();
    Layout {
        switches,
        endpoints,
    }
}

fn layered(topo: &Topology, k: usize, levels: usize) -> Layout {
    let per_layer = k.pow(levels as u32 - 1);
    let endpoints = topo.endpoint_count();
    let width = endpoints as f64 / 2.0;
    let spacing = width / per_layer as f64;
    let switches = (0..topo.switch_count())
        .map(|s| {
            let (layer, index) = (s / per_layer, s % per_layer);
            (spacing * (index as f64 + 0.5), 2.0 * layer as f64)
        })
        .collect();
    let endpoints = (0..endpoints)
        .map(|e| (0.5 * e as f64 + 0.25, 2.0 * levels as f64 - 0.8))
        .collect();
    Layout {
        switches,
        endpoints,
    }
}

fn circle(n: usize) -> Layout {
    let r = (n as f64 / std::f64::consts::TAU * 1.5).max(2.0);
    let switches = (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / n as f64 - std::f64::consts::FRAC_PI_2;
            (r + r * a.cos(), r + r * a.sin())
        })
        .collect();
    Layout {
        switches,
        endpoints: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::build;

    #[test]
    fn distinct_positions_for_every_switch() {
        for spec in [
            "mesh:4x4",
            "mesh:4x4x4",
            "torus:3x3x3x3",
            "hypercube:6",
            "fattree:4:3",
            "full:8",
        ] {
            let t = build(spec).unwrap();
            let l = layout(&t);
            assert_eq!(l.switches.len(), t.switch_count());
            let mut seen: Vec<(i64, i64)> = l
                .switches
                .iter()
                .map(|&(x, y)| ((x * 1000.0) as i64, (y * 1000.0) as i64))
                .collect();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), t.switch_count(), "{spec}: overlapping switches");
        }
    }
}

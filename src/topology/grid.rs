//! n-D mesh and torus (k-ary n-cube) generators; hypercubes are 2-ary n-meshes. Switches are
//! numbered with dimension 0 fastest (papers 000 and 002: i = x + y·n), one endpoint each.

use super::check_switches;
use crate::model::{LinkInfo, Shape, SwitchId, SwitchInfo, Topology};
use crate::{Error, Result};

/// Build a mesh (`wrap = false`) or torus (`wrap = true`) with the given sides.
pub fn grid(spec: &str, dims: &[usize], wrap: bool) -> Result<Topology> {
    let min_side = if wrap { 3 } else { 2 };
    if dims.iter().any(|&k| k < min_side) {
        let why = if wrap {
            " (a side of 2 would double the wrap-around link; use a mesh)"
        } else {
            ""
        };
        return Err(Error::topology(
            spec,
            format!("every side must be ≥ {min_side}{why}"),
        ));
    }
    let count = check_switches(spec, dims)?;
    let mut topo = Topology::new(
        spec,
        Shape::Grid {
            dims: dims.to_vec(),
            wrap,
        },
        vec![SwitchInfo::default(); count],
    );
    let mut coords = vec![0; dims.len()];
    for i in 0..count {
        grid_coords_into(dims, i, &mut coords);
        let mut stride = 1;
        for (d, &k) in dims.iter().enumerate() {
            if coords[d] + 1 < k {
                topo.add_link(
                    SwitchId::new(i),
                    SwitchId::new(i + stride),
                    LinkInfo::default(),
                );
            } else if wrap {
                topo.add_link(
                    SwitchId::new(i),
                    SwitchId::new(i - (k - 1) * stride),
                    LinkInfo::default(),
                );
            }
            stride *= k;
        }
    }
    for i in 0..count {
        topo.add_endpoint(SwitchId::new(i));
    }
    Ok(topo)
}

/// Coordinates of switch `i` (dimension 0 fastest).
pub fn grid_coords(dims: &[usize], i: usize) -> Vec<usize> {
    let mut c = vec![0; dims.len()];
    grid_coords_into(dims, i, &mut c);
    c
}

fn grid_coords_into(dims: &[usize], mut i: usize, out: &mut [usize]) {
    for (d, &k) in dims.iter().enumerate() {
        out[d] = i % k;
        i /= k;
    }
}

/// Index of the switch at `coords`.
pub fn grid_index(dims: &[usize], coords: &[usize]) -> usize {
    dims.iter()
        .zip(coords)
        .rev()
        .fold(0, |acc, (&k, &c)| acc * k + c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use petgraph::algo::connected_components;

    #[test]
    fn torus_wraps_and_mesh_does_not() {
        let t = grid("torus:4x4", &[4, 4], true).unwrap();
        assert!(t.channel_between(SwitchId(3), SwitchId(0)).is_some());
        assert!(t.channel_between(SwitchId(12), SwitchId(0)).is_some());
        let m = grid("mesh:4x4", &[4, 4], false).unwrap();
        assert!(m.channel_between(SwitchId(3), SwitchId(0)).is_none());
        assert_eq!(connected_components(m.graph()), 1);
        assert!((0..16).all(|s| t.degree(SwitchId(s)) == 4));
    }

    #[test]
    fn coordinates_round_trip() {
        let dims = [3, 4, 5];
        for i in 0..60 {
            assert_eq!(grid_index(&dims, &grid_coords(&dims, i)), i);
        }
        assert_eq!(grid_coords(&[4, 4], 6), vec![2, 1]);
    }
}

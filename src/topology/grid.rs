//! n-D mesh and torus (k-ary n-cube) generators; hypercubes are 2-ary n-meshes. Switches are
//! numbered with dimension 0 fastest (papers 000 and 002: i = x + y·n), one endpoint each.

use super::{check_switches, Generate, Generator};
use crate::model::{GridShape, LinkInfo, Shape, SwitchId, SwitchInfo, Topology};
use crate::spec::Spec;
use crate::Result;

pub(super) const MESH: Generator = Generator {
    name: "mesh",
    aliases: &[],
    syntax: "mesh:K0xK1x… (n-D mesh, every side ≥ 2)",
    max_spec_bytes: crate::spec::MAX_SPEC_BYTES,
    parse: |spec| Ok(Box::new(GridSpec::parse(spec, false)?)),
};

pub(super) const TORUS: Generator = Generator {
    name: "torus",
    aliases: &[],
    syntax: "torus:K0xK1x… (n-D torus, every side ≥ 3)",
    max_spec_bytes: crate::spec::MAX_SPEC_BYTES,
    parse: |spec| Ok(Box::new(GridSpec::parse(spec, true)?)),
};

pub(super) const HYPERCUBE: Generator = Generator {
    name: "hypercube",
    aliases: &["hc"],
    syntax: "hypercube:D (2^D switches, D = 1…16)",
    max_spec_bytes: crate::spec::MAX_SPEC_BYTES,
    parse: |spec| {
        let d = spec.whole(0, "dimension")?;
        if !(1..=16).contains(&d) {
            return Err(spec.error("the hypercube dimension must be between 1 and 16"));
        }
        Ok(Box::new(GridSpec {
            dims: vec![2; d],
            wrap: false,
        }))
    },
};

/// A mesh (`wrap = false`) or torus (`wrap = true`) with checked sides.
#[derive(Debug, Clone)]
struct GridSpec {
    dims: Vec<usize>,
    wrap: bool,
}

impl GridSpec {
    fn parse(spec: &Spec<'_>, wrap: bool) -> Result<Self> {
        let dims = spec.sides(0, 8, "mesh:8x8 or torus:4x4x4")?;
        let min_side = if wrap { 3 } else { 2 };
        if dims.iter().any(|&k| k < min_side) {
            let why = if wrap {
                " (a side of 2 would double the wrap-around link; use a mesh)"
            } else {
                ""
            };
            return Err(spec.error(format!("every side must be ≥ {min_side}{why}")));
        }
        check_switches(spec, &dims)?;
        Ok(GridSpec { dims, wrap })
    }
}

impl Generate for GridSpec {
    fn switch_count(&self) -> usize {
        self.dims.iter().product()
    }
    fn build(&self, spec: &str, _seed: u64, _index: u32) -> Result<Topology> {
        Ok(grid(spec, &self.dims, self.wrap))
    }
}

/// Build a mesh (`wrap = false`) or torus (`wrap = true`) with sides already checked.
fn grid(spec: &str, dims: &[usize], wrap: bool) -> Topology {
    let shape = GridShape::new(dims.to_vec());
    let count = shape.len();
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
        shape.coords_into(i, &mut coords);
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
    topo
}

#[cfg(test)]
mod tests {
    use super::*;
    use petgraph::algo::connected_components;

    #[test]
    fn torus_wraps_and_mesh_does_not() {
        let t = grid("torus:4x4", &[4, 4], true);
        assert!(t.channel_between(SwitchId(3), SwitchId(0)).is_some());
        assert!(t.channel_between(SwitchId(12), SwitchId(0)).is_some());
        let m = grid("mesh:4x4", &[4, 4], false);
        assert!(m.channel_between(SwitchId(3), SwitchId(0)).is_none());
        assert_eq!(connected_components(m.graph()), 1);
        assert!((0..16).all(|s| t.degree(SwitchId(s)) == 4));
    }
}

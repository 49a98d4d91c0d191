//! Layout-conscious random topologies LRT(|N|, d, r) (paper 002 §II-B, §III-A): |N| = n² switches
//! on the lattice points of an n×n floor (switch i at (i mod n, i div n)), every switch of degree
//! d, every link between switches at Manhattan distance ≤ r. Our reading of "diagonal links are
//! not used": cables run along the floor's rows and columns, so a link's length is the Manhattan
//! distance (Fig. 4 links switches 10 and 15, which differ in both coordinates).
//!
//! Generation (seeded): stubs are matched at random, the switch with the fewest open candidates
//! first; a dead end restarts with the next draw. The result is then mixed by degree-preserving
//! edge swaps that keep every link within r, and must be connected. Parallel links and self-loops
//! are never made.

use super::{check_switches, Generate, Generator};
use crate::model::{GridShape, LinkInfo, Shape, SwitchId, SwitchInfo, Topology};
use crate::rng::{stream, Purpose};
use crate::{Error, Result};
use petgraph::algo::connected_components;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Attempts before giving up on a parameter set.
const ATTEMPTS: usize = 200;

/// The largest LRT drawn (lrt:16384:4:2 takes about 15 s natively; lrt:65536 over a minute).
const MAX_LRT_SWITCHES: usize = 16_384;

pub(super) const LRT: Generator = Generator {
    name: "lrt",
    aliases: &[],
    syntax: "lrt:N:d:r (layout-conscious random: N = n² switches on an n×n floor, degree d, links ≤ r long; seeded); lrt:fig4 is paper 002's Fig. 4 example",
    max_spec_bytes: crate::spec::MAX_SPEC_BYTES,
    parse: |spec| {
        if spec.arg(0) == Some("fig4") && spec.args.len() == 1 {
            return Ok(Box::new(LrtSpec::Fig4));
        }
        spec.expect_args(3, "lrt:N:d:r, e.g. lrt:64:4:2 (64 switches on an 8×8 floor, degree 4, links ≤ 2 long)")?;
        let (nodes, degree, reach) = (spec.whole(0, "N")?, spec.whole(1, "d")?, spec.whole(2, "r")?);
        let side = nodes.isqrt();
        if side * side != nodes || side < 2 {
            return Err(spec.error(format!(
                "|N| = {nodes} must be a square n² with n ≥ 2 (the floor is n×n)"
            )));
        }
        check_switches(spec, &[nodes])?;
        if nodes > MAX_LRT_SWITCHES {
            return Err(Error::TooLarge {
                what: format!("the switch count of '{}'", spec.text),
                value: nodes,
                limit: MAX_LRT_SWITCHES,
                hint: "drawing a random layout-conscious network takes about 15 s at 16384 switches".into(),
            });
        }
        if degree < 1 || reach < 1 {
            return Err(spec.error("degree d and reach r must be ≥ 1"));
        }
        if degree == 1 && nodes > 2 {
            return Err(spec.error("degree 1 pairs the switches off: a 1-regular network of more than 2 switches is never connected; use d ≥ 2"));
        }
        if (nodes * degree) % 2 == 1 {
            return Err(spec.error(format!(
                "no {degree}-regular graph on {nodes} switches exists (|N|·d must be even)"
            )));
        }
        Ok(Box::new(LrtSpec::Random {
            nodes,
            degree,
            reach,
        }))
    },
};

#[derive(Debug, Clone)]
enum LrtSpec {
    Random {
        nodes: usize,
        degree: usize,
        reach: usize,
    },
    Fig4,
}

impl Generate for LrtSpec {
    fn switch_count(&self) -> usize {
        match self {
            LrtSpec::Random { nodes, .. } => *nodes,
            LrtSpec::Fig4 => 16,
        }
    }
    fn build(&self, spec: &str, seed: u64, index: u32) -> Result<Topology> {
        match *self {
            LrtSpec::Random {
                nodes,
                degree,
                reach,
            } => lrt(spec, nodes, degree, reach, seed, index),
            LrtSpec::Fig4 => Ok(lrt_fig4(spec)),
        }
    }
}

/// Build `lrt:N:d:r` (N, d, r checked) with `seed`'s topology stream.
fn lrt(
    spec: &str,
    nodes: usize,
    degree: usize,
    reach: usize,
    seed: u64,
    index: u32,
) -> Result<Topology> {
    let side = nodes.isqrt();
    let floor = GridShape::square(side);
    let md = |a: usize, b: usize| floor.manhattan(a, b);
    let candidates: Vec<Vec<usize>> = (0..nodes).map(|a| within(side, a, reach)).collect();
    if let Some(a) = (0..nodes).find(|&a| candidates[a].len() < degree) {
        return Err(Error::topology(spec, format!("switch {a} has only {} switches within distance {reach}; degree {degree} is impossible — raise r or lower d", candidates[a].len())));
    }
    let mut rng = stream(seed, Purpose::Topology, index);
    for _ in 0..ATTEMPTS {
        if let Some(mut edges) = try_match(nodes, degree, &candidates, &mut rng) {
            mix(&mut edges, nodes, &md, reach, &mut rng);
            let mut topo = Topology::new(
                spec,
                Shape::Floor { side },
                vec![SwitchInfo::default(); nodes],
            );
            for &(a, b) in &edges {
                let length_m = md(a, b) as f64;
                topo.add_link(
                    SwitchId::new(a),
                    SwitchId::new(b),
                    LinkInfo {
                        length_m,
                        ..LinkInfo::default()
                    },
                );
            }
            if connected_components(topo.graph()) == 1 {
                for s in 0..nodes {
                    topo.add_endpoint(SwitchId::new(s));
                }
                return Ok(topo);
            }
        }
    }
    Err(Error::topology(spec, format!("no connected {degree}-regular layout with links of length ≤ {reach} was found in {ATTEMPTS} attempts; raise r")))
}

/// The switches within Manhattan distance `reach` of `a` on the `side`×`side` floor, `a` left
/// out, ascending: the rows of the diamond around `a`, top to bottom (O(reach²), not O(|N|)).
fn within(side: usize, a: usize, reach: usize) -> Vec<usize> {
    let (ax, ay) = (a % side, a / side);
    let mut out = Vec::new();
    for y in ay.saturating_sub(reach)..=ay.saturating_add(reach).min(side - 1) {
        let left = reach - ay.abs_diff(y);
        for x in ax.saturating_sub(left)..=ax.saturating_add(left).min(side - 1) {
            if (x, y) != (ax, ay) {
                out.push(y * side + x);
            }
        }
    }
    out
}

/// The LRT(16,4,2) of paper 002 Fig. 4 as we rebuilt it (`lrt:fig4`): switch 15 linked to 7, 10,
/// 11, 14 and switch 10 to 6, 9, 11, 15 as the printed tables say, the other links chosen so
/// LOREN with t_max = 7 generates exactly the printed tables (tests/integration/loren_fig4.rs).
fn lrt_fig4(spec: &str) -> Topology {
    const LINKS: [(u32, u32); 32] = [
        (0, 1),
        (0, 4),
        (0, 5),
        (0, 8),
        (1, 3),
        (1, 5),
        (1, 9),
        (2, 3),
        (2, 5),
        (2, 6),
        (2, 7),
        (3, 6),
        (3, 7),
        (4, 5),
        (4, 6),
        (4, 12),
        (6, 10),
        (7, 11),
        (7, 15),
        (8, 9),
        (8, 12),
        (8, 13),
        (9, 10),
        (9, 13),
        (10, 11),
        (10, 15),
        (11, 14),
        (11, 15),
        (12, 13),
        (12, 14),
        (13, 14),
        (14, 15),
    ];
    let mut topo = Topology::new(
        spec,
        Shape::Floor { side: 4 },
        vec![SwitchInfo::default(); 16],
    );
    for (a, b) in LINKS {
        let length_m = GridShape::square(4).manhattan(a as usize, b as usize) as f64;
        topo.add_link(
            SwitchId(a),
            SwitchId(b),
            LinkInfo {
                length_m,
                ..LinkInfo::default()
            },
        );
    }
    for s in 0..16 {
        topo.add_endpoint(SwitchId::new(s));
    }
    topo
}

/// One random matching of stubs, most constrained switch first; `None` at a dead end.
/// `open[a]` counts the switches `a` could still link to, kept up to date as links are made.
fn try_match(
    nodes: usize,
    degree: usize,
    candidates: &[Vec<usize>],
    rng: &mut ChaCha8Rng,
) -> Option<Vec<(usize, usize)>> {
    let mut free = vec![degree; nodes];
    let mut linked = vec![Vec::<usize>::new(); nodes];
    let mut open: Vec<usize> = candidates.iter().map(Vec::len).collect();
    let mut edges = Vec::with_capacity(nodes * degree / 2);
    let mut options: Vec<usize> = Vec::new();
    loop {
        // a plain loop: it runs once per link over every switch (an iterator chain was left
        // out of line, closure calls and all, in the size-optimised WebAssembly)
        let mut next = None;
        for a in 0..nodes {
            if free[a] > 0 && next.is_none_or(|b: usize| open[a] < open[b]) {
                next = Some(a);
            }
        }
        let Some(a) = next else { return Some(edges) };
        options.clear();
        for &b in &candidates[a] {
            if free[b] > 0 && !linked[a].contains(&b) {
                options.push(b);
            }
        }
        if options.is_empty() {
            return None;
        }
        let b = options[rng.random_range(0..options.len() as u32) as usize];
        open[a] -= 1;
        open[b] -= 1;
        linked[a].push(b);
        linked[b].push(a);
        edges.push((a.min(b), a.max(b)));
        for x in [a, b] {
            free[x] -= 1;
            if free[x] == 0 {
                // x is no longer an option for the switches that could still link to it
                for &y in &candidates[x] {
                    if free[y] > 0 && !linked[x].contains(&y) {
                        open[y] -= 1;
                    }
                }
            }
        }
    }
}

/// Degree-preserving swaps (a–b, c–d → a–d, c–b) that keep links within `reach` and simple.
fn mix(
    edges: &mut [(usize, usize)],
    nodes: usize,
    md: &dyn Fn(usize, usize) -> usize,
    reach: usize,
    rng: &mut ChaCha8Rng,
) {
    let mut present: std::collections::HashSet<(usize, usize)> = edges.iter().copied().collect();
    let m = edges.len() as u32;
    for _ in 0..10 * nodes {
        let (i, j) = (
            rng.random_range(0..m) as usize,
            rng.random_range(0..m) as usize,
        );
        let ((a, b), (c, d)) = (edges[i], edges[j]);
        if i == j || a == d || c == b || md(a, d) > reach || md(c, b) > reach {
            continue;
        }
        let (e1, e2) = ((a.min(d), a.max(d)), (c.min(b), c.max(b)));
        if present.contains(&e1) || present.contains(&e2) {
            continue;
        }
        present.remove(&edges[i]);
        present.remove(&edges[j]);
        present.insert(e1);
        present.insert(e2);
        edges[i] = e1;
        edges[j] = e2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_holds_exactly_the_switches_within_reach() {
        for (side, reach) in [(2, 1), (5, 2), (8, 3), (7, 20)] {
            let floor = GridShape::square(side);
            for a in 0..side * side {
                let all: Vec<usize> = (0..side * side)
                    .filter(|&b| b != a && floor.manhattan(a, b) <= reach)
                    .collect();
                assert_eq!(
                    within(side, a, reach),
                    all,
                    "side {side}, reach {reach}, switch {a}"
                );
            }
        }
    }

    #[test]
    fn regular_short_links_connected_and_seeded() {
        for (nodes, d, r) in [(64, 4, 2), (256, 4, 4), (16, 4, 2), (1024, 4, 8)] {
            let t = lrt("lrt", nodes, d, r, 7, 0).unwrap();
            assert!(
                (0..nodes).all(|s| t.degree(SwitchId::new(s)) == d),
                "LRT({nodes},{d},{r}) not regular"
            );
            let floor = GridShape::square(nodes.isqrt());
            for l in 0..t.link_count() {
                let (a, b) = t.link_ends(crate::model::LinkId::new(l));
                let md = floor.manhattan(a.index(), b.index());
                assert!(md <= r && md >= 1);
            }
        }
        let ends = |t: &Topology| {
            (0..t.link_count())
                .map(|l| t.link_ends(crate::model::LinkId::new(l)))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            ends(&lrt("x", 64, 4, 2, 1, 0).unwrap()),
            ends(&lrt("x", 64, 4, 2, 1, 0).unwrap())
        );
        assert_ne!(
            ends(&lrt("x", 64, 4, 2, 1, 0).unwrap()),
            ends(&lrt("x", 64, 4, 2, 2, 0).unwrap())
        );
    }

    #[test]
    fn impossible_parameters_are_explained() {
        assert!(lrt("lrt:64:9:1", 64, 9, 1, 1, 0)
            .unwrap_err()
            .to_string()
            .contains("impossible"));
    }
}

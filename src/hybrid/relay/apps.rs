//! Paper 001 §4.1's applications as programs: phases in which ranks send messages. The
//! neighbour exchange, and the communication structures of NAS Parallel Benchmarks CG, LU and
//! MG (NPB 2.4 MPI, "run for 5 iterations"), rebuilt from what their routines exchange (facts
//! from the NPB sources; no code of theirs): CG's `conj_grad` (row sum-reduce and transpose
//! exchange), LU's `exchange_3` and `exchange_1` (the SSOR wavefront), MG's `comm3` and
//! `comm3_ex` (faces at every grid level, skipping dead processes). A user matrix (CSV rows
//! `rank,rank,bytes,count`) is one phase.
//!
//! A phase is what every rank does between two waits: post its sends in order, then wait for
//! the messages sent to it in that phase (eager sends: a rank does not wait for its own
//! messages to arrive). The allocator sees the same program aggregated (`demands`).
//!
//! The class is not printed (§4.1); class B is the default, as class A's CG segments (7,000 B)
//! fall below the 8192 B threshold and the paper reports CG moving over the OCS.

use super::{neighbor_exchange, Demand};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// One message of a phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Send {
    pub src: u32,
    pub dst: u32,
    pub bytes: u64,
}

/// A phase: `compute_ns` of computation first (the start of an iteration), then the sends.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Phase {
    pub compute_ns: u64,
    pub sends: Vec<Send>,
}

/// An application's program on `ranks` ranks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Workload {
    pub ranks: u32,
    pub phases: Vec<Phase>,
    /// What it sends, for the page.
    pub definition: String,
}

/// Most messages plus rank-steps (ranks × phases) a program may hold, checked before it is
/// built: the simulator's own limit (it keeps about 60 bytes for each, under 1 GB at the
/// limit natively and in the page).
pub(crate) const MAX_EVENTS: u64 = crate::sim::message::MAX_MESSAGES as u64;

/// The applications `App::parse` takes: (name, label, what it sends).
pub(crate) const APPS: &[(&str, &str, &str)] = &[
    (
        "neighbor",
        "Neighbour exchange",
        "§4.1: every process sends a message to its four neighbours on a square process grid",
    ),
    (
        "cg",
        "NPB CG",
        "The NAS conjugate gradient’s communication structure (§4.1), at the NPB class",
    ),
    (
        "lu",
        "NPB LU",
        "The NAS LU solver’s communication structure (§4.1), at the NPB class",
    ),
    (
        "mg",
        "NPB MG",
        "The NAS multigrid’s communication structure (§4.1), at the NPB class",
    ),
    (
        "matrix",
        "Your matrix",
        "The messages given as CSV: a line “rank,rank,bytes,count” each",
    ),
];

/// The NPB problem classes `App::parse` takes: (class, label, what it sets).
pub(crate) const NPB_CLASSES: &[(&str, &str, &str)] = &[
    ("A", "Class A", "NPB problem class A: its message sizes"),
    (
        "B",
        "Class B",
        "NPB problem class B: its message sizes (the paper’s)",
    ),
    ("C", "Class C", "NPB problem class C: its message sizes"),
    ("D", "Class D", "NPB problem class D: its message sizes"),
];

/// The application and its parameters.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum App {
    /// §4.1: a square grid, row-major ranks, `bytes` to each existing neighbour, one exchange.
    Neighbor {
        bytes: u64,
    },
    Cg {
        class: char,
    },
    Lu {
        class: char,
    },
    Mg {
        class: char,
    },
    /// Rows (src, dst, bytes, count) in file order.
    Matrix(Vec<Demand>),
}

impl App {
    /// `neighbor`, `cg`, `lu`, `mg` or `matrix` (with `matrix` the CSV text).
    pub fn parse(name: &str, class: &str, message_bytes: u64, matrix: &str) -> Result<App> {
        let class = class.trim().to_ascii_uppercase();
        let class = match class.as_str() {
            c if NPB_CLASSES.iter().any(|&(name, ..)| name == c) => {
                c.chars().next().expect("one letter")
            }
            _ => {
                return Err(Error::invalid(
                    "class",
                    format!(
                        "an NPB class A, B, C or D, not '{}'",
                        crate::error::shorten(&class)
                    ),
                ))
            }
        };
        Ok(match name.trim() {
            "neighbor" | "neighbour" => App::Neighbor {
                bytes: message_bytes,
            },
            "cg" => App::Cg { class },
            "lu" => App::Lu { class },
            "mg" => App::Mg { class },
            "matrix" => App::Matrix(parse_matrix(matrix)?),
            other => {
                return Err(Error::invalid(
                    "app",
                    format!(
                        "'{}' is not an application here: neighbor, cg, lu, mg or matrix",
                        crate::error::shorten(other)
                    ),
                ))
            }
        })
    }

    /// The program on `ranks` ranks, `iterations` iterations with `compute_ns` each. Sizes are
    /// checked before anything is built.
    pub fn workload(&self, ranks: u32, iterations: u32, compute_ns: u64) -> Result<Workload> {
        if iterations == 0 || iterations > 1000 {
            return Err(Error::invalid(
                "iterations",
                format!("from 1 to 1000, not {iterations}"),
            ));
        }
        self.check_shape(ranks)?;
        let events = |it: u32| {
            self.messages(ranks, it)
                .saturating_add(u64::from(ranks) * (self.phases(ranks, it) + 1))
        };
        let count = events(iterations);
        if count > MAX_EVENTS {
            let fits = (1..iterations).rev().find(|&it| events(it) <= MAX_EVENTS);
            return Err(Error::invalid(
                if matches!(self, App::Matrix(_)) {
                    "matrix"
                } else {
                    "iterations"
                },
                match fits {
                    Some(it) => format!("{iterations} iterations here make {count} messages and rank-steps, more than the {MAX_EVENTS} a run may hold: at most {it}"),
                    None => format!("this program makes {count} messages and rank-steps, more than the {MAX_EVENTS} a run may hold"),
                },
            ));
        }
        let (phases, definition) = match self {
            App::Neighbor { bytes } => {
                let side = square_side(ranks, "the neighbour exchange")?;
                let sends = neighbor_exchange(side, side, *bytes, false)
                    .into_iter()
                    .map(|d| Send {
                        src: d.src,
                        dst: d.dst,
                        bytes: d.bytes,
                    })
                    .collect();
                (
                    vec![Phase {
                        compute_ns,
                        sends,
                    }],
                    format!("Neighbour exchange (§4.1): ranks row by row on a {side}×{side} grid, each sends one {bytes}-byte message to each of its up to 4 neighbours (not periodic), all at once; one exchange."),
                )
            }
            App::Cg { class } => cg(ranks, *class, iterations, compute_ns)?,
            App::Lu { class } => lu(ranks, *class, iterations, compute_ns)?,
            App::Mg { class } => mg(ranks, *class, iterations, compute_ns)?,
            App::Matrix(rows) => {
                if let Some(r) = rows.iter().find(|r| r.src >= ranks || r.dst >= ranks) {
                    return Err(Error::invalid(
                        "matrix",
                        format!("rank {} is not below the {ranks} ranks", r.src.max(r.dst)),
                    ));
                }
                let mut sends = Vec::new();
                for r in rows {
                    for _ in 0..r.count {
                        sends.push(Send {
                            src: r.src,
                            dst: r.dst,
                            bytes: r.bytes,
                        });
                    }
                }
                (
                    vec![Phase {
                        compute_ns,
                        sends,
                    }],
                    format!("Traffic matrix: {} rows, each `count` messages of `bytes` from one rank to another, all posted at the start in file order.", rows.len()),
                )
            }
        };
        Ok(Workload {
            ranks,
            phases,
            definition,
        })
    }

    /// The process grid's conditions, checked before any size.
    fn check_shape(&self, ranks: u32) -> Result<()> {
        match self {
            App::Neighbor { .. } => square_side(ranks, "the neighbour exchange").map(|_| ()),
            App::Cg { .. } => square_power_of_two(ranks, "NPB CG").map(|_| ()),
            App::Lu { class } => lu_side(ranks, *class).map(|_| ()),
            App::Mg { .. } => mg_ranks(ranks),
            App::Matrix(_) => Ok(()),
        }
    }

    /// How many phases the program has at most (counted before it is built).
    fn phases(&self, ranks: u32, iterations: u32) -> u64 {
        let it = u64::from(iterations);
        let side = u64::from(f64::from(ranks).sqrt() as u32);
        match self {
            App::Neighbor { .. } | App::Matrix(_) => 1,
            App::Cg { .. } => {
                let l2 = u64::from(ranks.max(1).ilog2() / 2);
                it * (26 * (l2 + 1) + 53 * l2)
            }
            App::Lu { class } => {
                let n = u64::from(lu_size(*class));
                it * (2 + 2 * (n + 2 * side))
            }
            App::Mg { class } => {
                let lt = u64::from(mg_size(*class).ilog2());
                3 + it * (3 * (3 * lt - 1) + lt)
            }
        }
    }

    /// How many messages the program sends at most (counted before it is built).
    fn messages(&self, ranks: u32, iterations: u32) -> u64 {
        let (p, it) = (u64::from(ranks), u64::from(iterations));
        match self {
            App::Neighbor { .. } => 4 * p,
            App::Cg { .. } => {
                let l2 = u64::from(ranks.max(1).ilog2() / 2);
                // per iteration: 26 matrix-vector products (l2 reduce steps and a transpose)
                // and 53 scalar reductions of l2 steps
                p * it * (26 * (l2 + 1) + 53 * l2)
            }
            App::Lu { class } => {
                let n = lu_size(*class) as u64;
                p * it * (4 + 4 * n.saturating_sub(2))
            }
            App::Mg { class } => {
                let lt = u64::from(mg_size(*class).ilog2());
                p * (it + 1) * 6 * (3 * lt + 1)
            }
            App::Matrix(rows) => rows.iter().map(|r| r.count).fold(0u64, u64::saturating_add),
        }
    }
}

impl Workload {
    /// The program aggregated per (src, dst, bytes), in order of first appearance: what the
    /// allocator reads (§3.2.1).
    pub fn demands(&self) -> Vec<Demand> {
        let mut at: std::collections::HashMap<(u32, u32, u64), usize> = Default::default();
        let mut out: Vec<Demand> = Vec::new();
        for s in self.phases.iter().flat_map(|p| &p.sends) {
            let i = *at.entry((s.src, s.dst, s.bytes)).or_insert_with(|| {
                out.push(Demand {
                    src: s.src,
                    dst: s.dst,
                    bytes: s.bytes,
                    count: 0,
                });
                out.len() - 1
            });
            out[i].count += 1;
        }
        out
    }

    /// Messages in all.
    pub fn messages(&self) -> usize {
        self.phases.iter().map(|p| p.sends.len()).sum()
    }
}

/// `ranks` as side × side, or an error naming the application.
fn square_side(ranks: u32, what: &str) -> Result<u32> {
    let side = f64::from(ranks).sqrt().round() as u32;
    if side * side != ranks {
        return Err(Error::invalid(
            "app",
            format!("{what} runs on a square process grid: {ranks} ranks is not a square"),
        ));
    }
    Ok(side)
}

/// A square power-of-two grid side (NPB CG and LU here).
fn square_power_of_two(ranks: u32, what: &str) -> Result<u32> {
    let side = f64::from(ranks).sqrt().round() as u32;
    if side * side != ranks || !side.is_power_of_two() || side < 2 {
        return Err(Error::invalid(
            "app",
            format!("{what} needs a square power-of-two number of ranks (4, 16, 64, 256, 1024, 4096), not {ranks}"),
        ));
    }
    Ok(side)
}

/// A rank's share of `n` items over `parts`, the first `n mod parts` getting one more.
fn share(n: u32, parts: u32, i: u32) -> u32 {
    n / parts + u32::from(i < n % parts)
}

/// NPB CG's matrix order `na` per class.
fn cg_size(class: char) -> u32 {
    match class {
        'A' => 14_000,
        'B' => 75_000,
        'C' => 150_000,
        _ => 1_500_000,
    }
}

/// NPB CG (`conj_grad`, square grid of side q): each matrix-vector product sums the row's
/// partial products by recursive doubling (partners col ⊕ 1, ⊕ 2, …, each step the whole row
/// segment, na/q doubles) and then swaps with the transpose process (col·q + row; none on the
/// diagonal). A call makes 26 products (25 inner iterations and the final residual) and 53
/// scalar reductions over the same partners (ρ at the start, ρ and p·q per inner iteration, the
/// residual norm, 8 B each; the main loop's two norms, 16 B). One call per iteration.
fn cg(ranks: u32, class: char, iterations: u32, compute_ns: u64) -> Result<(Vec<Phase>, String)> {
    let q = square_power_of_two(ranks, "NPB CG")?;
    let na = cg_size(class);
    let l2 = q.ilog2();
    let segment = |me: u32| u64::from(share(na, q, me / q)) * 8;
    let reduce = |phases: &mut Vec<Phase>, bytes: &dyn Fn(u32) -> u64| {
        for i in 0..l2 {
            let sends = (0..ranks)
                .map(|me| Send {
                    src: me,
                    dst: (me / q) * q + ((me % q) ^ (1 << i)),
                    bytes: bytes(me),
                })
                .collect();
            phases.push(Phase {
                compute_ns: 0,
                sends,
            });
        }
    };
    let matvec = |phases: &mut Vec<Phase>| {
        reduce(phases, &segment);
        let sends = (0..ranks)
            .filter(|me| me % q != me / q)
            .map(|me| Send {
                src: me,
                dst: (me % q) * q + me / q,
                bytes: segment(me),
            })
            .collect();
        phases.push(Phase {
            compute_ns: 0,
            sends,
        });
    };
    let mut phases = Vec::new();
    for _ in 0..iterations {
        let first = phases.len();
        reduce(&mut phases, &|_| 8);
        for _ in 0..25 {
            matvec(&mut phases);
            reduce(&mut phases, &|_| 8);
            reduce(&mut phases, &|_| 8);
        }
        matvec(&mut phases);
        reduce(&mut phases, &|_| 8);
        reduce(&mut phases, &|_| 16);
        phases[first].compute_ns = compute_ns;
    }
    let (big, small) = (share(na, q, 0) as u64 * 8, share(na, q, q - 1) as u64 * 8);
    Ok((phases, format!("NPB CG class {class} (na = {na}): a {q}×{q} process grid; per iteration one conj_grad call of 26 matrix-vector products, each summing the row by recursive doubling ({l2} steps with partners col ⊕ 2^i, {big} or {small} B each) then swapping with the transpose process, plus 53 scalar reductions of 8–16 B. {iterations} iterations.")))
}

/// NPB LU's grid size per class.
fn lu_size(class: char) -> u32 {
    match class {
        'A' => 64,
        'B' => 102,
        'C' => 162,
        _ => 408,
    }
}

/// LU's grid side for `ranks`, refused when a rank would get under 4 points a side (NPB's
/// check), naming the class that fits.
fn lu_side(ranks: u32, class: char) -> Result<u32> {
    let q = square_power_of_two(ranks, "NPB LU")?;
    let n = lu_size(class);
    if n / q < 4 {
        let fits = ['A', 'B', 'C', 'D']
            .into_iter()
            .find(|&c| lu_size(c) / q >= 4)
            .map_or("none".to_string(), |c| format!("class {c}"));
        return Err(Error::invalid(
            "class",
            format!("NPB LU needs at least 4 grid points per rank and side: class {class} ({n}³) on a {q}×{q} grid has {}; {fits} fits", n / q),
        ));
    }
    Ok(q)
}

/// NPB LU (square grid of side q, rank = x + q·y, not periodic): per SSOR iteration
/// `exchange_3` swaps two boundary planes of the 5 variables with the north/south neighbours
/// (x ± 1: 10·ny·nz doubles) and then the east/west ones (y ± 1: 10·nx·nz), and the two
/// triangular solves pass one k-plane at a time as a wavefront (`exchange_1`: 5 doubles per
/// boundary point): `blts` from rank 0 south and east, `buts` back north and west; a rank
/// handles plane k in the phase k + its distance from the wavefront's corner.
fn lu(ranks: u32, class: char, iterations: u32, compute_ns: u64) -> Result<(Vec<Phase>, String)> {
    let q = lu_side(ranks, class)?;
    let n = lu_size(class);
    let local = |i: u32| u64::from(share(n, q, i));
    let nz = u64::from(n);
    let planes = n - 2;
    let mut phases = Vec::new();
    for _ in 0..iterations {
        let mut ns = Vec::new();
        let mut ew = Vec::new();
        for me in 0..ranks {
            let (x, y) = (me % q, me / q);
            let (nx, ny) = (local(x), local(y));
            for (ok, dst) in [(x > 0, me.wrapping_sub(1)), (x + 1 < q, me + 1)] {
                if ok {
                    ns.push(Send {
                        src: me,
                        dst,
                        bytes: 10 * ny * nz * 8,
                    });
                }
            }
            for (ok, dst) in [(y > 0, me.wrapping_sub(q)), (y + 1 < q, me + q)] {
                if ok {
                    ew.push(Send {
                        src: me,
                        dst,
                        bytes: 10 * nx * nz * 8,
                    });
                }
            }
        }
        phases.push(Phase {
            compute_ns,
            sends: ns,
        });
        phases.push(Phase {
            compute_ns: 0,
            sends: ew,
        });
        for forward in [true, false] {
            for t in 0..planes + 2 * (q - 1) {
                let mut sends = Vec::new();
                for me in 0..ranks {
                    let (x, y) = (me % q, me / q);
                    let distance = if forward { x + y } else { 2 * (q - 1) - x - y };
                    if t < distance || t - distance >= planes {
                        continue;
                    }
                    let (nx, ny) = (local(x), local(y));
                    let (south, east) = if forward {
                        (x + 1 < q, y + 1 < q)
                    } else {
                        (x > 0, y > 0)
                    };
                    let step = |d: u32| if forward { me + d } else { me - d };
                    if south {
                        sends.push(Send {
                            src: me,
                            dst: step(1),
                            bytes: 5 * ny * 8,
                        });
                    }
                    if east {
                        sends.push(Send {
                            src: me,
                            dst: step(q),
                            bytes: 5 * nx * 8,
                        });
                    }
                }
                phases.push(Phase {
                    compute_ns: 0,
                    sends,
                });
            }
        }
    }
    let (a, b) = (local(0), local(q - 1));
    Ok((phases, format!("NPB LU class {class} ({n}³): a {q}×{q} process grid (not periodic); per iteration exchange_3 swaps boundary planes with the x ± 1 and then the y ± 1 neighbours ({} or {} B), and the two triangular solves pass {planes} k-planes as a wavefront (exchange_1, {} or {} B per plane). {iterations} iterations.", 10 * a * nz * 8, 10 * b * nz * 8, 5 * a * 8, 5 * b * 8)))
}

/// MG's process grid needs a power of two.
fn mg_ranks(ranks: u32) -> Result<()> {
    if !ranks.is_power_of_two() || ranks < 8 {
        return Err(Error::invalid(
            "app",
            format!("NPB MG needs a power-of-two number of ranks of at least 8, not {ranks}"),
        ));
    }
    Ok(())
}

/// NPB MG's finest grid per class.
fn mg_size(class: char) -> u32 {
    match class {
        'A' | 'B' => 256,
        'C' => 512,
        _ => 1024,
    }
}

/// NPB MG's process grid for 2^d ranks: d/3 doublings in x, half the rest in y, z the rest
/// (4 × 8 × 8 at 256 ranks; x fastest in the rank).
fn mg_grid(ranks: u32) -> [u32; 3] {
    let d = ranks.ilog2();
    let dx = d / 3;
    let dy = (d - dx) / 2;
    [1 << dx, 1 << dy, ranks >> (dx + dy)]
}

/// Per rank and level (finest first: level lt down to 1): the local sizes with ghosts (2 when
/// dead), the neighbour in each axis and direction (skipping dead processes), and whether the
/// rank gives an extra plane when the grid expands into that level (`comm3_ex`).
struct MgLevel {
    size: [u32; 3],
    dead: bool,
    next: [[u32; 2]; 3],
    give: [bool; 3],
}

fn mg_levels(ranks: u32, lt: u32) -> Vec<Vec<MgLevel>> {
    let pi = mg_grid(ranks);
    let id = |me: u32| [me % pi[0], (me / pi[0]) % pi[1], me / (pi[0] * pi[1])];
    let rank = |j: [u32; 3]| j[0] + pi[0] * (j[1] + pi[1] * j[2]);
    (0..ranks)
        .map(|me| {
            let idi = id(me);
            let mut nxt = [1u32; 3];
            let mut out: Vec<MgLevel> = Vec::new();
            for k in (1..=lt).rev() {
                let ng = 1u64 << k;
                let mut size = [0u32; 3];
                let mut give_below = [false; 3];
                for ax in 0..3 {
                    let p = u64::from(pi[ax]);
                    let i = u64::from(idi[ax]);
                    let extent = |lo: u64| 2 + ((lo + 1) * ng / p - lo * ng / p) as u32;
                    size[ax] = extent(i);
                    let after = extent(u64::from(nxt[ax]) + i);
                    if after == 2 || size[ax] == 2 {
                        nxt[ax] *= 2;
                    }
                    give_below[ax] = after == 2 && size[ax] == 3;
                }
                // the finer level (k + 1) gives its plane when this one is thin
                if let Some(finer) = out.last_mut() {
                    finer.give = give_below;
                }
                let mut next = [[0u32; 2]; 3];
                for (ax, n) in next.iter_mut().enumerate() {
                    for (slot, up) in [true, false].into_iter().enumerate() {
                        let mut j = idi;
                        let step = nxt[ax] % pi[ax];
                        j[ax] = if up {
                            (idi[ax] + step) % pi[ax]
                        } else {
                            (idi[ax] + pi[ax] - step) % pi[ax]
                        };
                        n[slot] = rank(j);
                    }
                }
                out.push(MgLevel {
                    size,
                    dead: size.contains(&2),
                    next,
                    give: [false; 3],
                });
            }
            out
        })
        .collect()
}

/// NPB MG (periodic process grid, `mg_grid`): `comm3` swaps the six faces of a rank's block,
/// one axis at a time (axis 1 (n2−2)(n3−2) doubles, axis 2 n1(n3−2), axis 3 n1·n2, with
/// ghosts), at every level of the V-cycle: per iteration on the way down at levels lt−1 … 1,
/// once more at level 1, on the way up twice at levels 2 … lt, and the residual at lt (3 per
/// level ≥ 2, 2 at level 1), plus one at lt before the first iteration. Dead processes (no
/// points at a coarse level) send nothing and their live neighbours skip them; where the grid
/// expands past them `comm3_ex` sends an extra plane pair on the way up.
fn mg(ranks: u32, class: char, iterations: u32, compute_ns: u64) -> Result<(Vec<Phase>, String)> {
    mg_ranks(ranks)?;
    let n = mg_size(class);
    let lt = n.ilog2();
    let levels = mg_levels(ranks, lt);
    let at = |me: u32, k: u32| &levels[me as usize][(lt - k) as usize];
    let comm3 = |phases: &mut Vec<Phase>, k: u32| {
        for ax in 0..3 {
            let mut sends = Vec::new();
            for me in 0..ranks {
                let l = at(me, k);
                if l.dead {
                    continue;
                }
                let [n1, n2, n3] = l.size.map(u64::from);
                let face = [(n2 - 2) * (n3 - 2), n1 * (n3 - 2), n1 * n2][ax] * 8;
                for dst in l.next[ax] {
                    sends.push(Send {
                        src: me,
                        dst,
                        bytes: face,
                    });
                }
            }
            phases.push(Phase {
                compute_ns: 0,
                sends,
            });
        }
    };
    let exchange = |phases: &mut Vec<Phase>, k: u32| {
        let mut sends = Vec::new();
        for me in 0..ranks {
            let l = at(me, k);
            if l.dead {
                continue;
            }
            let [n1, n2, n3] = l.size.map(u64::from);
            for ax in 0..3 {
                if l.give[ax] {
                    let plane = [n2 * n3, n1 * n3, n1 * n2][ax] * 8;
                    sends.push(Send {
                        src: me,
                        dst: l.next[ax][0],
                        bytes: 2 * plane,
                    });
                    sends.push(Send {
                        src: me,
                        dst: l.next[ax][1],
                        bytes: plane,
                    });
                }
            }
        }
        if !sends.is_empty() {
            phases.push(Phase {
                compute_ns: 0,
                sends,
            });
        }
    };
    let mut phases = Vec::new();
    comm3(&mut phases, lt);
    for _ in 0..iterations {
        let first = phases.len();
        for k in (1..lt).rev() {
            comm3(&mut phases, k);
        }
        comm3(&mut phases, 1);
        for k in 2..=lt {
            exchange(&mut phases, k);
            comm3(&mut phases, k);
            comm3(&mut phases, k);
        }
        comm3(&mut phases, lt);
        phases[first].compute_ns = compute_ns;
    }
    let pi = mg_grid(ranks);
    let s = at(0, lt).size.map(u64::from);
    let faces = [
        (s[1] - 2) * (s[2] - 2) * 8,
        s[0] * (s[2] - 2) * 8,
        s[0] * s[1] * 8,
    ];
    Ok((phases, format!("NPB MG class {class} ({n}³, {lt} levels): a {}×{}×{} periodic process grid; comm3 swaps the six faces of each block one axis at a time at every level of the V-cycle (3 times per iteration at each level from 2 up, twice at level 1), finest faces {} / {} / {} B, coarser ones smaller; dead processes at coarse levels are skipped. {iterations} iterations.", pi[0], pi[1], pi[2], faces[0], faces[1], faces[2])))
}

/// CSV rows `rank,rank,bytes,count` (`traffic::matrix`, the count required).
pub(crate) fn parse_matrix(text: &str) -> Result<Vec<Demand>> {
    let rows = crate::traffic::matrix::parse(text, "matrix", true)?;
    // no bytes is no traffic: its time is 0 and every ratio to it 0/0, so it is refused here
    if rows.iter().all(|r| r.bytes == 0 || r.count == 0) {
        return Err(crate::Error::invalid(
            "matrix",
            "no traffic: every message of the matrix is empty (0 bytes or a count of 0)",
        ));
    }
    Ok(rows
        .into_iter()
        .map(|r| Demand {
            src: r.src,
            dst: r.dst,
            bytes: r.bytes,
            count: r.count,
        })
        .collect())
}

#[cfg(test)]
mod tests;

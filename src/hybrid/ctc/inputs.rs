//! Task-to-task traffic matrices for the CTC lab (paper 003), by name: §5.1's random unit
//! matrices, application-like generators standing in for §5.2's profiled codes (which are not
//! published), and CSV. A generator is one entry of `GENERATORS` (name, usage, what it
//! models, build). Random draws come from the seed's traffic stream, matrix `index` of a study.

use super::{TaskMatrix, MAX_ENTRIES, MAX_TASKS, MAX_TOTAL_BYTES};
use crate::rng::{stream, Purpose};
use crate::{Error, Result};
use rand::{Rng, RngCore};

/// A named matrix generator.
pub(crate) struct Generator {
    pub name: &'static str,
    /// Its syntax; nothing reads it yet (the page's help restates it: a catalog entry to come).
    #[allow(dead_code)]
    pub usage: &'static str,
    pub about: &'static str,
    /// (arguments after the name, seed, matrix index, CSV text) → the matrix.
    pub build: fn(&[&str], u64, u32, &str) -> Result<TaskMatrix>,
}

/// Every generator, as the page lists them.
pub(crate) const GENERATORS: &[Generator] = &[
    Generator {
        name: "random",
        usage: "random:N:p",
        about: "§5.1: every off-diagonal entry is 1 byte with probability p, else 0 (N tasks; the paper uses N = 16 and 32, p = 0.5)",
        build: random,
    },
    Generator {
        name: "stencil",
        usage: "stencil:AxB[:periodic][:BYTES]",
        about: "a 2-D halo exchange (Jacobi, CFD, the structured codes): task x + A·y sends BYTES (default 1 MiB) to each of its 4 grid neighbours, wrapping around when periodic",
        build: stencil,
    },
    Generator {
        name: "fft",
        usage: "fft:Z[:BYTES][:pencil]",
        about: "FFTW's MPI transposes: a 1-D (slab) decomposition exchanges BYTES/Z² between every ordered pair (an all-to-all; BYTES defaults to Z²·64 KiB); pencil: a √Z×√Z grid exchanging within rows and within columns, the same total",
        build: fft,
    },
    Generator {
        name: "superlu",
        usage: "superlu:PRxPC[:BYTES][:density]",
        about: "SuperLU_DIST's 2-D block-cyclic process grid: rank i·PC + j sends L panels along its process row and U panels along its column, to each partner with probability density (default 0.6) and BYTES (default 1 MiB) × U[0.5, 1.5] (§5.2's 240, 480, 960, 1920 ranks are 15x16, 20x24, 30x32, 40x48)",
        build: superlu,
    },
    Generator {
        name: "csv",
        usage: "csv",
        about: "the pasted matrix: rows src,dst,bytes (a fourth column multiplies), e.g. an IPM profile",
        build: csv,
    },
];

fn bad(why: impl Into<String>) -> Error {
    Error::invalid("traffic", why)
}

/// The matrix a spec names (`csv` reads `csv_text`).
pub fn build(spec: &str, seed: u64, index: u32, csv_text: &str) -> Result<TaskMatrix> {
    let parts: Vec<&str> = spec.trim().split(':').map(str::trim).collect();
    let g = GENERATORS
        .iter()
        .find(|g| g.name == parts[0])
        .ok_or_else(|| {
            let names: Vec<&str> = GENERATORS.iter().map(|g| g.name).collect();
            bad(format!(
                "no generator '{}'; {}",
                crate::error::shorten(parts[0]),
                crate::error::suggest(parts[0], &names)
            ))
        })?;
    let m = (g.build)(&parts[1..], seed, index, csv_text)?;
    if m.entries.is_empty() {
        return Err(bad(format!(
            "'{}' has no traffic between tasks",
            crate::error::shorten(spec)
        )));
    }
    if m.total_bytes() > MAX_TOTAL_BYTES {
        return Err(bad(format!(
            "at most 2^52 bytes in all, not {}",
            m.total_bytes()
        )));
    }
    Ok(m)
}

fn tasks_arg(text: Option<&&str>, usage: &str) -> Result<usize> {
    let n: usize = text
        .and_then(|t| t.parse().ok())
        .ok_or_else(|| bad(format!("write {usage}")))?;
    if !(2..=MAX_TASKS).contains(&n) {
        return Err(bad(format!("from 2 to {MAX_TASKS} tasks, not {n}")));
    }
    Ok(n)
}

fn grid_arg(text: Option<&&str>, usage: &str) -> Result<(usize, usize)> {
    let dims: Option<(usize, usize)> = text.and_then(|t| {
        let (a, b) = t.split_once(['x', 'X', '×'])?;
        Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
    });
    let (a, b) = dims.ok_or_else(|| bad(format!("write {usage}")))?;
    let n = a.saturating_mul(b);
    if a == 0 || b == 0 || !(2..=MAX_TASKS).contains(&n) {
        return Err(bad(format!(
            "a grid of 2 to {MAX_TASKS} tasks, not {a}x{b}"
        )));
    }
    Ok((a, b))
}

fn bytes_arg(text: &str) -> Result<u64> {
    match text.parse::<u64>() {
        Ok(b) if (1..=1 << 32).contains(&b) => Ok(b),
        _ => Err(bad(format!(
            "bytes from 1 to 4 GiB, not '{}'",
            crate::error::shorten(text)
        ))),
    }
}

fn random(args: &[&str], seed: u64, index: u32, _: &str) -> Result<TaskMatrix> {
    const USAGE: &str = "random:N:p, e.g. random:16:0.5";
    if args.len() != 2 {
        return Err(bad(format!("write {USAGE}")));
    }
    let n = tasks_arg(args.first(), USAGE)?;
    let p: f64 = args[1]
        .parse()
        .ok()
        .filter(|p: &f64| (0.0..=1.0).contains(p))
        .ok_or_else(|| {
            bad(format!(
                "p is a probability from 0 to 1, not '{}'",
                crate::error::shorten(args[1])
            ))
        })?;
    let expected = (n * (n - 1)) as f64 * p;
    if expected > MAX_ENTRIES as f64 {
        return Err(bad(format!(
            "about {expected:.0} entries, above the {MAX_ENTRIES} a matrix may have: lower N or p"
        )));
    }
    let threshold = (p * 4294967296.0) as u64;
    let mut rng = stream(seed, Purpose::Traffic, index);
    let mut entries = Vec::new();
    for s in 0..n as u32 {
        for d in 0..n as u32 {
            if s != d && u64::from(rng.next_u32()) < threshold {
                entries.push((s, d, 1));
            }
        }
    }
    Ok(TaskMatrix::from_entries(n, entries))
}

fn stencil(args: &[&str], _: u64, _: u32, _: &str) -> Result<TaskMatrix> {
    const USAGE: &str = "stencil:AxB[:periodic][:BYTES], e.g. stencil:16x16";
    let (a, b) = grid_arg(args.first(), USAGE)?;
    let mut periodic = false;
    let mut bytes = 1 << 20;
    for &opt in &args[1..] {
        if opt == "periodic" {
            periodic = true;
        } else {
            bytes = bytes_arg(opt)?;
        }
    }
    let mut entries = Vec::with_capacity(4 * a * b);
    for y in 0..b {
        for x in 0..a {
            let me = (x + a * y) as u32;
            let steps: [(isize, isize); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
            for (dx, dy) in steps {
                let (nx, ny) = (x as isize + dx, y as isize + dy);
                let (nx, ny) = if periodic {
                    (nx.rem_euclid(a as isize), ny.rem_euclid(b as isize))
                } else if nx < 0 || ny < 0 || nx >= a as isize || ny >= b as isize {
                    continue;
                } else {
                    (nx, ny)
                };
                entries.push((me, (nx as usize + a * ny as usize) as u32, bytes));
            }
        }
    }
    Ok(TaskMatrix::from_entries(a * b, entries))
}

fn fft(args: &[&str], _: u64, _: u32, _: &str) -> Result<TaskMatrix> {
    const USAGE: &str = "fft:Z[:BYTES][:pencil], e.g. fft:64";
    let z = tasks_arg(args.first(), USAGE)?;
    let mut pencil = false;
    let mut total: Option<u64> = None;
    for &opt in &args[1..] {
        if opt == "pencil" {
            pencil = true;
        } else {
            total = Some(bytes_arg(opt)?);
        }
    }
    if z * (z - 1) > MAX_ENTRIES {
        return Err(bad(format!(
            "an all-to-all of {z} tasks has more than {MAX_ENTRIES} entries"
        )));
    }
    let total = total.unwrap_or((z * z) as u64 * 65536).min(MAX_TOTAL_BYTES);
    let mut entries = Vec::new();
    if pencil {
        let r = (z as f64).sqrt().round() as usize;
        if r * r != z {
            return Err(bad(format!(
                "a pencil decomposition needs a square number of tasks, not {z}"
            )));
        }
        let per = (total / (z * 2 * (r - 1)).max(1) as u64).max(1);
        for s in 0..z {
            for d in 0..z {
                if s != d && (s / r == d / r || s % r == d % r) {
                    entries.push((s as u32, d as u32, per));
                }
            }
        }
    } else {
        let per = (total / (z * z) as u64).max(1);
        for s in 0..z as u32 {
            for d in 0..z as u32 {
                if s != d {
                    entries.push((s, d, per));
                }
            }
        }
    }
    Ok(TaskMatrix::from_entries(z, entries))
}

fn superlu(args: &[&str], seed: u64, index: u32, _: &str) -> Result<TaskMatrix> {
    const USAGE: &str = "superlu:PRxPC[:BYTES][:density], e.g. superlu:20x24";
    let (pr, pc) = grid_arg(args.first(), USAGE)?;
    let bytes = match args.get(1) {
        Some(b) => bytes_arg(b)?,
        None => 1 << 20,
    };
    let density: f64 = match args.get(2) {
        Some(d) => d
            .parse()
            .ok()
            .filter(|d: &f64| *d > 0.0 && *d <= 1.0)
            .ok_or_else(|| {
                bad(format!(
                    "density from 0 to 1, not '{}'",
                    crate::error::shorten(d)
                ))
            })?,
        None => 0.6,
    };
    if args.len() > 3 {
        return Err(bad(format!("write {USAGE}")));
    }
    let mut rng = stream(seed, Purpose::Traffic, index);
    let mut entries = Vec::new();
    for i in 0..pr {
        for j in 0..pc {
            let me = (i * pc + j) as u32;
            let partners = (0..pc)
                .filter(|&k| k != j)
                .map(|k| i * pc + k)
                .chain((0..pr).filter(|&k| k != i).map(|k| k * pc + j));
            for other in partners {
                let draw: f64 = rng.random();
                let scale: f64 = rng.random();
                if draw < density {
                    entries.push((
                        me,
                        other as u32,
                        ((bytes as f64) * (0.5 + scale)).round().max(1.0) as u64,
                    ));
                }
            }
        }
    }
    Ok(TaskMatrix::from_entries(pr * pc, entries))
}

fn csv(args: &[&str], _: u64, _: u32, text: &str) -> Result<TaskMatrix> {
    if !args.is_empty() {
        return Err(bad("write csv and paste the rows into the matrix box"));
    }
    let rows = crate::traffic::matrix::parse(text, "matrix", false)?;
    if rows.len() > MAX_ENTRIES {
        return Err(Error::invalid(
            "matrix",
            format!("at most {MAX_ENTRIES} rows, not {}", rows.len()),
        ));
    }
    let tasks = rows
        .iter()
        .map(|r| r.src.max(r.dst) as usize + 1)
        .max()
        .unwrap_or(0);
    if tasks > MAX_TASKS {
        return Err(Error::invalid(
            "matrix",
            format!("task ids from 0 to {}, not {}", MAX_TASKS - 1, tasks - 1),
        ));
    }
    let mut entries = Vec::with_capacity(rows.len());
    for r in rows {
        let bytes = r
            .bytes
            .checked_mul(r.count)
            .filter(|&b| b <= MAX_TOTAL_BYTES)
            .ok_or_else(|| {
                Error::invalid(
                    "matrix",
                    format!(
                        "{} × {} bytes from {} to {} is too many",
                        r.bytes, r.count, r.src, r.dst
                    ),
                )
            })?;
        entries.push((r.src, r.dst, bytes));
    }
    Ok(TaskMatrix::from_entries(tasks.max(2), entries))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators_build_what_they_say() {
        let r = build("random:16:0.5", 1, 0, "").unwrap();
        assert_eq!(r.tasks, 16);
        assert!((80..160).contains(&r.entries.len()));
        assert_ne!(r, build("random:16:0.5", 1, 1, "").unwrap());
        assert_eq!(r, build("random:16:0.5", 1, 0, "").unwrap());
        let s = build("stencil:4x3", 0, 0, "").unwrap();
        assert_eq!(s.entries.len(), 2 * (3 * 3 + 2 * 4));
        assert_eq!(
            build("stencil:4x4:periodic:8", 0, 0, "")
                .unwrap()
                .entries
                .len(),
            64
        );
        let f = build("fft:8", 0, 0, "").unwrap();
        assert_eq!(f.entries.len(), 56);
        assert_eq!(f.entries[0].2, 65536);
        assert_eq!(
            build("fft:16:pencil", 0, 0, "").unwrap().entries.len(),
            16 * 6
        );
        let lu = build("superlu:4x6", 3, 0, "").unwrap();
        assert!(lu
            .entries
            .iter()
            .all(|&(s, d, _)| s / 6 == d / 6 || s % 6 == d % 6));
        let c = build("csv", 0, 0, "0,3,10\n3,0,5,2\n1,1,9\n").unwrap();
        assert_eq!(c.entries, vec![(0, 3, 10), (3, 0, 10)]);
        for bad in [
            "random:16",
            "random:99999:0.5",
            "random:16:NaN",
            "random:16:2",
            "stencil:0x4",
            "fft:15:pencil",
            "superlu:4x6:1:7",
            "ring:4",
            "random:4096:1",
        ] {
            let e = build(bad, 0, 0, "").unwrap_err();
            assert_eq!(e.field().as_deref(), Some("traffic"), "{bad}: {e}");
        }
        assert_eq!(
            build("csv", 0, 0, "0,9999,1")
                .unwrap_err()
                .field()
                .as_deref(),
            Some("matrix")
        );
    }
}

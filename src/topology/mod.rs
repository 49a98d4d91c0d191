//! Topology generators and the spec strings that name them (`mesh:8x8`, `torus:4x4x4`,
//! `hypercube:6`, `fattree:16:3`, `full:16`, `lrt:64:4:2`). Every size is checked against the limits below
//! before anything is allocated.

mod fattree;
mod full;
mod grid;
mod lrt;

pub use fattree::fat_tree;
pub use full::full;
pub use grid::{grid, grid_coords, grid_index};
pub use lrt::{lrt, lrt_fig4};

use crate::error::suggest;
use crate::model::Topology;
use crate::{Error, Result};

/// Most switches a topology may have for analysis (drawing has its own, smaller limit).
pub const MAX_SWITCHES: usize = 65_536;
/// Most links a topology may have for analysis.
pub const MAX_LINKS: usize = 1 << 20;
/// Most endpoints a topology may have.
pub const MAX_ENDPOINTS: usize = 65_536;

/// Generator names accepted in spec strings, with their syntax.
pub const GENERATORS: &[(&str, &str)] = &[
    ("mesh", "mesh:K0xK1x… (n-D mesh, every side ≥ 2)"),
    ("torus", "torus:K0xK1x… (n-D torus, every side ≥ 3)"),
    ("hypercube", "hypercube:D (2^D switches, D = 1…16)"),
    ("fattree", "fattree:K:N (k-ary n-tree, K^N endpoints)"),
    ("full", "full:N (N fully connected switches)"),
    ("lrt", "lrt:N:d:r (layout-conscious random: N = n² switches on an n×n floor, degree d, links ≤ r long; seeded); lrt:fig4 is paper 002's Fig. 4 example"),
];

/// Build the topology a spec string names (random generators use seed 1).
pub fn build(spec: &str) -> Result<Topology> {
    build_seeded(spec, 1)
}

/// Build the topology a spec string names; random generators (lrt) draw from `seed`.
pub fn build_seeded(spec: &str, seed: u64) -> Result<Topology> {
    let spec = spec.trim();
    let (name, args) = spec.split_once(':').unwrap_or((spec, ""));
    let name = name.to_ascii_lowercase();
    match name.as_str() {
        "mesh" => grid(spec, &parse_dims(spec, args)?, false),
        "torus" => grid(spec, &parse_dims(spec, args)?, true),
        "hypercube" | "hc" => {
            let d = parse_number(spec, args, "dimension")?;
            if !(1..=16).contains(&d) {
                return Err(Error::topology(
                    spec,
                    "the hypercube dimension must be between 1 and 16",
                ));
            }
            grid(spec, &vec![2; d], false)
        }
        "fattree" => {
            let parts: Vec<&str> = args.split(':').collect();
            if parts.len() != 2 {
                return Err(Error::topology(
                    spec,
                    "write fattree:K:N, e.g. fattree:4:3 (a 4-ary 3-tree)",
                ));
            }
            fat_tree(
                spec,
                parse_number(spec, parts[0], "K")?,
                parse_number(spec, parts[1], "N")?,
            )
        }
        "full" => full(spec, parse_number(spec, args, "N")?),
        "lrt" if args.trim() == "fig4" => Ok(lrt_fig4(spec)),
        "lrt" => {
            let parts: Vec<&str> = args.split(':').collect();
            if parts.len() != 3 {
                return Err(Error::topology(spec, "write lrt:N:d:r, e.g. lrt:64:4:2 (64 switches on an 8×8 floor, degree 4, links ≤ 2 long)"));
            }
            lrt(
                spec,
                parse_number(spec, parts[0], "N")?,
                parse_number(spec, parts[1], "d")?,
                parse_number(spec, parts[2], "r")?,
                seed,
            )
        }
        _ => {
            let names: Vec<&str> = GENERATORS.iter().map(|(n, _)| *n).collect();
            Err(Error::topology(
                spec,
                format!("unknown generator '{name}'; {}", suggest(&name, &names)),
            ))
        }
    }
}

fn parse_number(spec: &str, text: &str, what: &str) -> Result<usize> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Error::topology(spec, format!("{what} is missing")));
    }
    text.parse::<usize>()
        .map_err(|_| Error::topology(spec, format!("{what} '{text}' is not a whole number")))
}

fn parse_dims(spec: &str, args: &str) -> Result<Vec<usize>> {
    if args.trim().is_empty() {
        return Err(Error::topology(
            spec,
            "give the sides, e.g. mesh:8x8 or torus:4x4x4",
        ));
    }
    let dims = args
        .split(['x', 'X', '×'])
        .map(|t| parse_number(spec, t, "side"))
        .collect::<Result<Vec<_>>>()?;
    if dims.len() > 8 {
        return Err(Error::topology(spec, "at most 8 dimensions"));
    }
    Ok(dims)
}

/// Check a switch count against `MAX_SWITCHES`, computing it without overflow.
pub(crate) fn check_switches(spec: &str, factors: &[usize]) -> Result<usize> {
    // u128 with saturation, so the count is reported as asked, even beyond usize on wasm32
    let total = factors
        .iter()
        .fold(1u128, |t, &f| t.saturating_mul(f as u128));
    if total > MAX_SWITCHES as u128 {
        let shown = if total == u128::MAX {
            "more than 10^38".to_string()
        } else {
            total.to_string()
        };
        return Err(Error::topology(
            spec,
            format!(
                "{shown} switches is above the limit of {MAX_SWITCHES}; choose a smaller network"
            ),
        ));
    }
    Ok(total as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_named_networks() {
        let cases = [
            ("mesh:8x8", 64, 112, 64),
            ("torus:4x4x4", 64, 192, 64),
            ("hypercube:6", 64, 192, 64),
            ("full:16", 16, 120, 16),
            ("fattree:4:3", 48, 128, 64),
            ("fattree:16:3", 768, 8192, 4096),
            ("mesh:16x16x16", 4096, 3 * 16 * 16 * 15, 4096),
        ];
        for (spec, switches, links, endpoints) in cases {
            let t = build(spec).unwrap();
            assert_eq!(
                (t.switch_count(), t.link_count(), t.endpoint_count()),
                (switches, links, endpoints),
                "{spec}"
            );
        }
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        let msg = |s: &str| build(s).unwrap_err().to_string();
        assert!(
            msg("mesh:8x0").contains("every side must be ≥ 2"),
            "{}",
            msg("mesh:8x0")
        );
        assert!(msg("torus:2x4").contains("≥ 3"));
        assert!(msg("mesh:8xa").contains("not a whole number"));
        assert!(msg("mesg:8x8").contains("did you mean mesh"));
        assert!(msg("mesh:10000x1000").contains("limit of 65536"));
        assert!(msg("full:100000000000000000").contains("limit"));
        assert!(msg("fattree:4").contains("fattree:K:N"));
        assert!(msg("hypercube:40").contains("between 1 and 16"));
    }
}

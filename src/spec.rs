//! Spec strings (`mesh:8x8`, `lrt:64:4:2`, `hotspot:0.2`, `loren:16`): split once into a name
//! and colon-separated arguments, with the number parsing and the "unknown name, did you mean"
//! lookup every registry (generators, patterns, routers) shares. Errors keep the whole spec.

use crate::error::{shorten, suggest};
use crate::{Error, Result};

/// The longest spec accepted (every registry lookup checks it first).
pub const MAX_SPEC_BYTES: usize = 256;

/// A spec string split into its name (lower case) and its arguments.
#[derive(Debug, Clone)]
pub struct Spec<'a> {
    /// The whole spec, trimmed (what error messages quote).
    pub text: &'a str,
    pub name: String,
    /// Everything after the first ':' (empty without one).
    pub rest: &'a str,
    /// `rest` split at ':' (none when `rest` is empty).
    pub args: Vec<&'a str>,
    error: fn(&str, String) -> Error,
    /// How many arguments a parser has read (`finish` refuses any left over, so
    /// `tree2:8x32:full:extra` is an error, not `tree2:8x32:full`).
    read: std::cell::Cell<usize>,
}

impl<'a> Spec<'a> {
    /// Split `text`; `error(spec, reason)` makes this family's error (topology, pattern, …).
    pub fn split(text: &'a str, error: fn(&str, String) -> Error) -> Self {
        let text = text.trim();
        let (name, rest) = text.split_once(':').unwrap_or((text, ""));
        let args = if rest.is_empty() {
            Vec::new()
        } else {
            rest.split(':').collect()
        };
        Spec {
            text,
            name: name.trim().to_ascii_lowercase(),
            rest,
            args,
            error,
            read: std::cell::Cell::new(0),
        }
    }

    fn mark_read(&self, count: usize) {
        self.read.set(self.read.get().max(count));
    }

    /// Argument `i`, trimmed (marked as read).
    pub fn arg(&self, i: usize) -> Option<&'a str> {
        self.mark_read(i + 1);
        self.args.get(i).map(|a| a.trim())
    }

    /// Arguments `i…`, trimmed (all marked as read).
    pub(crate) fn args_from(&self, i: usize) -> Vec<&'a str> {
        self.mark_read(self.args.len());
        self.args.iter().skip(i).map(|a| a.trim()).collect()
    }

    /// Every argument was read by the parser: trailing ones are refused with `usage`
    /// (specs are parsed whole, never up to the first part that makes sense).
    pub fn finish(&self, usage: &str) -> Result<()> {
        match self.args.get(self.read.get()) {
            None => Ok(()),
            Some(extra) => Err(self.error(format!(
                "':{}' is not part of it; {usage}",
                shorten(extra.trim())
            ))),
        }
    }

    /// This family's error for this spec.
    pub fn error(&self, reason: impl Into<String>) -> Error {
        (self.error)(self.text, reason.into())
    }

    /// Exactly `count` arguments, else an error showing `usage`.
    pub(crate) fn expect_args(&self, count: usize, usage: &str) -> Result<()> {
        self.mark_read(count);
        if self.args.len() == count {
            Ok(())
        } else {
            Err(self.error(format!("write {usage}")))
        }
    }

    /// Argument `i` as a whole number, named `what` in the error.
    pub fn whole(&self, i: usize, what: &str) -> Result<usize> {
        self.mark_read(i + 1);
        parse_whole(self.args.get(i).copied().unwrap_or(""), what).map_err(|r| self.error(r))
    }

    /// Argument `i` as a finite number, named `what` in the error.
    pub fn number(&self, i: usize, what: &str) -> Result<f64> {
        self.mark_read(i + 1);
        let text = self.args.get(i).copied().unwrap_or("").trim();
        if text.is_empty() {
            return Err(self.error(format!("{what} is missing")));
        }
        let v: f64 = text
            .parse()
            .map_err(|_| self.error(format!("{what} '{text}' is not a number")))?;
        if !v.is_finite() {
            return Err(self.error(format!("{what} must be a finite number")));
        }
        Ok(v)
    }

    /// Argument `i` as sides `K0xK1x…` (at most `max_rank` of them).
    pub fn sides(&self, i: usize, max_rank: usize, example: &str) -> Result<Vec<usize>> {
        self.mark_read(i + 1);
        let text = self.args.get(i).copied().unwrap_or("");
        if text.trim().is_empty() {
            return Err(self.error(format!("give the sides, e.g. {example}")));
        }
        let sides = text
            .split(['x', 'X', '×'])
            .map(|t| parse_whole(t, "side").map_err(|r| self.error(r)))
            .collect::<Result<Vec<_>>>()?;
        if sides.len() > max_rank {
            return Err(self.error(format!("at most {max_rank} dimensions")));
        }
        Ok(sides)
    }
}

pub(crate) fn parse_whole(text: &str, what: &str) -> std::result::Result<usize, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(format!("{what} is missing"));
    }
    text.parse::<usize>()
        .map_err(|_| format!("{what} '{}' is not a whole number", shorten(text)))
}

/// A text carried whole in a spec (a network's edge list, a traffic matrix): deflated and in
/// URL-safe base64, which has no ':' to split on.
pub(crate) fn pack(text: &str) -> String {
    use base64::Engine as _;
    let packed = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed)
}

/// The text `pack` made of `payload`, or why it cannot be had (damaged, or above `limit`
/// bytes unpacked: a deflate bomb stops there).
pub(crate) fn unpack(payload: &str, limit: usize) -> std::result::Result<String, &'static str> {
    use base64::Engine as _;
    let packed = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload.trim())
        .map_err(|_| "damaged (not base64)")?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, limit)
        .map_err(|_| "damaged or too large to unpack")?;
    String::from_utf8(bytes).map_err(|_| "damaged (not text)")
}

/// A registry entry's names: the name used in specs and JSON, and accepted spellings.
pub trait Named {
    fn name(&self) -> &'static str;
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }
    /// The longest spec this entry reads (a network carried whole in its spec reads more).
    fn max_spec_bytes(&self) -> usize {
        MAX_SPEC_BYTES
    }
}

/// The entry of `list` that `spec` names, or an error that lists the names (and near misses).
pub fn find<'r, T: Named>(list: &'r [T], spec: &Spec<'_>, family: &str) -> Result<&'r T> {
    let too_long = |limit: usize| {
        spec.error(format!(
            "a {family} spec is at most {limit} characters long"
        ))
    };
    let longest = list
        .iter()
        .map(Named::max_spec_bytes)
        .max()
        .unwrap_or(MAX_SPEC_BYTES);
    if spec.text.len() > longest.max(MAX_SPEC_BYTES) {
        return Err(too_long(longest.max(MAX_SPEC_BYTES)));
    }
    list.iter()
        .find(|t| t.name() == spec.name || t.aliases().contains(&spec.name.as_str()))
        .ok_or_else(|| {
            let names: Vec<&str> = list.iter().map(Named::name).collect();
            spec.error(format!(
                "unknown {family} '{}'; {}",
                shorten(&spec.name),
                suggest(&spec.name, &names)
            ))
        })
        .and_then(|t| {
            if spec.text.len() > t.max_spec_bytes() {
                Err(too_long(t.max_spec_bytes()))
            } else {
                Ok(t)
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_and_parses() {
        let s = Spec::split(" Mesh:8x4 ", Error::topology);
        assert_eq!((s.name.as_str(), s.text), ("mesh", "Mesh:8x4"));
        assert_eq!(s.sides(0, 8, "mesh:8x8").unwrap(), vec![8, 4]);
        let s = Spec::split("lrt:64:4:x", Error::topology);
        assert_eq!(s.whole(1, "d").unwrap(), 4);
        assert!(s
            .whole(2, "r")
            .unwrap_err()
            .to_string()
            .contains("r 'x' is not a whole number"));
        let s = Spec::split("hotspot:NaN", Error::pattern);
        assert!(s.number(0, "β").unwrap_err().to_string().contains("finite"));
        assert!(Spec::split("full", Error::topology).args.is_empty());
    }

    #[test]
    fn arguments_left_unread_are_refused() {
        let s = Spec::split("tree2:8x32:full:extra", Error::topology);
        s.sides(0, 2, "tree2:8x32").unwrap();
        assert_eq!(s.arg(1), Some("full"));
        let e = s.finish("write tree2:8x32:full").unwrap_err().to_string();
        assert!(e.contains("':extra' is not part of it"), "{e}");
        let s = Spec::split("lrt:64:4:2", Error::topology);
        s.expect_args(3, "lrt:N:d:r").unwrap();
        assert!(s.finish("").is_ok());
    }
}

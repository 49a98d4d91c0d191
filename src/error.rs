//! The error type of the core: every message names the input that was wrong and, where it
//! helps, the limit or the accepted values, so a person can act on it.

/// Everything that can go wrong in the core. User input only ever produces these, never a panic.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A topology spec string that does not parse or describes an impossible network.
    #[error("topology '{spec}': {reason}")]
    Topology { spec: String, reason: String },
    /// A traffic pattern name or parameter that is unknown or does not fit the topology.
    #[error("pattern '{pattern}': {reason}")]
    Pattern { pattern: String, reason: String },
    /// A routing that cannot be used on the topology, or a pair it cannot route.
    #[error("routing '{routing}': {reason}")]
    Routing { routing: String, reason: String },
    /// A request larger than an explicit limit.
    #[error("{what} is {value}, above the limit of {limit}: {hint}")]
    TooLarge {
        what: String,
        value: usize,
        limit: usize,
        hint: String,
    },
    /// A Scenario (JSON, file or permalink) that cannot be read.
    #[error("scenario: {0}")]
    Scenario(String),
    /// A permalink hash that is damaged or from an unknown version.
    #[error("permalink: {0}")]
    Permalink(String),
    /// A lecturer's tour (a file or a `#tour=t1.…` link) that cannot be read.
    #[error("tour: {0}")]
    Tour(String),
    /// Any other invalid parameter.
    #[error("{name}: {reason}")]
    Invalid { name: String, reason: String },
    /// An error about one field of the Scenario (`slots.topology`), so the page can show it
    /// next to that field's control. Reads as the error it wraps.
    #[error("{source}")]
    InField { field: String, source: Box<Error> },
}

/// Result with the core's error.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// The Scenario field this error is about, if known: `slots.topology`, `seed`, or within a
    /// section `topology`, `pattern`, `tmax`, … until the lab registry adds the section.
    pub fn field(&self) -> Option<String> {
        match self {
            Error::InField { field, .. } => Some(field.clone()),
            Error::Topology { .. } => Some("topology".into()),
            Error::Pattern { .. } => Some("pattern".into()),
            Error::Routing { .. } => Some("routing".into()),
            Error::Invalid { name, .. } => Some(name.replace('-', "_")),
            Error::TooLarge { .. } | Error::Scenario(_) | Error::Permalink(_) | Error::Tour(_) => {
                None
            }
        }
    }

    /// The same error, about `field` (replacing what its kind suggests).
    pub fn at(self, field: &str) -> Error {
        let source = match self {
            Error::InField { source, .. } => source,
            other => Box::new(other),
        };
        Error::InField {
            field: field.to_string(),
            source,
        }
    }

    /// The same error with its field inside `section` (`topology` → `slots.topology`).
    pub fn within(self, section: &str) -> Error {
        match self.field() {
            Some(field) => self.at(&format!("{section}.{field}")),
            None => self,
        }
    }

    pub(crate) fn topology(spec: &str, reason: impl Into<String>) -> Self {
        Error::Topology {
            spec: shorten(spec),
            reason: reason.into(),
        }
    }
    pub(crate) fn pattern(pattern: &str, reason: impl Into<String>) -> Self {
        Error::Pattern {
            pattern: shorten(pattern),
            reason: reason.into(),
        }
    }
    pub(crate) fn routing(routing: &str, reason: impl Into<String>) -> Self {
        Error::Routing {
            routing: shorten(routing),
            reason: reason.into(),
        }
    }
    pub(crate) fn invalid(name: &str, reason: impl Into<String>) -> Self {
        Error::Invalid {
            name: name.to_string(),
            reason: reason.into(),
        }
    }
}

/// How much of a user's text an error message echoes: a message quotes the start of a
/// 100 MB spec, not the spec.
pub(crate) const ECHO_CHARS: usize = 60;

/// `text`, cut to `ECHO_CHARS` characters with "… (N characters)" when longer, its control
/// characters written as escapes (`\n`, `\u{1b}`), so that a message quoting it is one line
/// and prints nothing a terminal acts on.
pub(crate) fn shorten(text: &str) -> String {
    let count = text.chars().count();
    let visible = |c: char| -> String {
        if c.is_control() {
            c.escape_default().collect()
        } else {
            c.to_string()
        }
    };
    let head: String = text.chars().take(ECHO_CHARS).map(visible).collect();
    if count <= ECHO_CHARS {
        head
    } else {
        format!("{head}… ({count} characters)")
    }
}

/// The most characters of one message (the CLI's line, the page's error): a longer one keeps
/// its head and its end (where a path's file name is), with how much was left out.
const LONGEST_MESSAGE: usize = 400;

/// `text` within `LONGEST_MESSAGE` characters (a message once ran to 180 KB on one line).
pub fn bounded(text: &str) -> String {
    let count = text.chars().count();
    if count <= LONGEST_MESSAGE {
        return text.to_string();
    }
    let head: String = text.chars().take(300).collect();
    let tail: String = text.chars().skip(count - 80).collect();
    format!("{head} …({} characters left out)… {tail}", count - 380)
}

/// `text` as a message quotes it: `shorten`ed, in single quotes.
pub(crate) fn quoted(text: &str) -> String {
    format!("'{}'", shorten(text))
}

/// Names from `known` close to `given` (edit distance ≤ 2 or a shared prefix), for "did you mean".
pub(crate) fn suggest(given: &str, known: &[&str]) -> String {
    let close: Vec<&str> = known
        .iter()
        .copied()
        .filter(|k| {
            // ASCII: the names are, and Unicode case tables would cost the page 4 KB of WASM
            let (g, k) = (given.to_ascii_lowercase(), k.to_ascii_lowercase());
            edit_distance(&g, &k) <= 2
                || (g.chars().count() >= 3 && k.starts_with(&g.chars().take(3).collect::<String>()))
        })
        .collect();
    if close.is_empty() {
        format!("expected one of: {}", known.join(", "))
    } else {
        format!(
            "did you mean {}? (expected one of: {})",
            close.join(" or "),
            known.join(", ")
        )
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn suggests_near_names() {
        let s = suggest("transpos", &["transpose", "bitrev", "shuffle"]);
        assert!(s.starts_with("did you mean transpose?"), "{s}");
        let s = suggest("zzz", &["transpose", "bitrev"]);
        assert!(s.starts_with("expected one of"), "{s}");
    }
}

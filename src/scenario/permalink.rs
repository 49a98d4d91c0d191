//! Permalinks: `v1.` + base64url(deflate(Scenario JSON)). Decoding never panics: a damaged or
//! hostile hash gives an error that says what was wrong, and the inflated size is capped.

use super::Scenario;
use crate::{Error, Result};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

/// Prefix of the current permalink format.
pub const PERMALINK_VERSION: &str = "v1";

/// Largest Scenario JSON a permalink may inflate to (a real one is well under 1 KiB).
const MAX_INFLATED_BYTES: usize = 64 * 1024;

/// The URL hash (without `#`) for a Scenario.
pub fn encode_permalink(scenario: &Scenario) -> String {
    let json = serde_json::to_vec(scenario).expect("a Scenario always serializes");
    format!(
        "{PERMALINK_VERSION}.{}",
        URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(&json, 9))
    )
}

/// The Scenario in a hash or a whole URL (anything before `#` is ignored).
pub fn decode_permalink(text: &str) -> Result<Scenario> {
    let hash = text.trim().rsplit_once('#').map_or(text.trim(), |(_, h)| h);
    let (version, body) = hash
        .split_once('.')
        .ok_or_else(|| Error::Permalink("no version prefix (expected 'v1.…')".into()))?;
    if version != PERMALINK_VERSION {
        return Err(Error::Permalink(format!(
            "version '{}' is not known (expected '{PERMALINK_VERSION}')",
            version.chars().take(16).collect::<String>()
        )));
    }
    let packed = URL_SAFE_NO_PAD.decode(body.trim_end_matches('=')).map_err(|_| {
        Error::Permalink(
            "damaged encoding: after 'v1.' a link holds only letters, digits, '-' and '_' (was it cut or altered when copied?)"
                .into(),
        )
    })?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_INFLATED_BYTES)
        .map_err(|e| {
            Error::Permalink(match e.status {
                miniz_oxide::inflate::TINFLStatus::HasMoreOutput => format!(
                    "damaged data: it inflates past the {} KiB limit of a Scenario",
                    MAX_INFLATED_BYTES / 1024
                ),
                _ => "damaged data: the link does not decompress (it was cut short or altered)"
                    .into(),
            })
        })?;
    let text = std::str::from_utf8(&json)
        .map_err(|_| Error::Permalink("damaged data: the link does not hold text".into()))?;
    Scenario::from_json(text).map_err(|e| Error::Permalink(e.to_string()))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn round_trip_and_whole_urls() {
        let mut s = Scenario::default();
        s.seed = 42;
        s.set_section("slots", serde_json::json!({ "topology": "torus:4x4x4" }))
            .unwrap();
        let hash = encode_permalink(&s);
        assert!(hash.starts_with("v1."));
        assert!(hash
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)));
        assert_eq!(decode_permalink(&hash).unwrap(), s);
        assert_eq!(
            decode_permalink(&format!("http://localhost:8080/index.html?x=1#{hash}")).unwrap(),
            s
        );
    }

    #[test]
    fn damaged_links_are_explained() {
        let hash = encode_permalink(&Scenario::default());
        assert!(decode_permalink("")
            .unwrap_err()
            .to_string()
            .contains("no version"));
        assert!(decode_permalink("v9.abc")
            .unwrap_err()
            .to_string()
            .contains("'v9'"));
        assert!(decode_permalink("v1.$$$")
            .unwrap_err()
            .to_string()
            .contains("damaged encoding"));
        assert!(decode_permalink(&hash[..hash.len() - 6]).is_err());
        // a deflate bomb stops at the limit
        let bomb = miniz_oxide::deflate::compress_to_vec(&vec![b' '; 10 << 20], 9);
        let link = format!("v1.{}", URL_SAFE_NO_PAD.encode(bomb));
        assert!(decode_permalink(&link)
            .unwrap_err()
            .to_string()
            .contains("damaged data"));
    }

    proptest! {
        #[test]
        fn never_panics_on_garbage(text in ".{0,200}") {
            let _ = decode_permalink(&text);
            let _ = decode_permalink(&format!("v1.{text}"));
        }
    }
}

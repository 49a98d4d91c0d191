//! Permalinks: `v1.` + base64url(deflate(Scenario JSON)), packed and unpacked by
//! `packing.rs` (decoding never panics; the inflated size is capped).

use super::packing::Packing;
use super::Scenario;
use crate::{Error, Result};

/// Prefix of the current permalink format.
pub const PERMALINK_VERSION: &str = "v1";

/// Largest Scenario JSON a permalink may hold (a real one is well under 1 KiB; a pasted
/// traffic matrix can be far larger). The encoder refuses above it and the decoder stops
/// inflating at it: one limit, so every link the encoder makes opens.
pub const MAX_PERMALINK_JSON_BYTES: usize = 64 * 1024;

/// How a permalink is packed: `v1.` + base64url(deflate(JSON)), capped at the Scenario limit.
const PACKING: Packing = Packing {
    prefix: PERMALINK_VERSION,
    holds: "a Scenario",
    limit: MAX_PERMALINK_JSON_BYTES,
};

/// The URL hash (without `#`) for a Scenario; a Scenario too large for a link is refused with
/// what to do instead.
pub fn encode_permalink(scenario: &Scenario) -> Result<String> {
    let json = serde_json::to_vec(scenario).expect("a Scenario always serializes");
    if json.len() > MAX_PERMALINK_JSON_BYTES {
        return Err(Error::Permalink(format!(
            "this set-up is {} KiB as JSON, more than the {} KiB a link can carry (a network or matrix from a file, a pasted matrix or a long list makes it large): save it as a Scenario file (Export → JSON; `topolab run FILE`) and share the file instead",
            json.len().div_ceil(1024),
            MAX_PERMALINK_JSON_BYTES / 1024
        )));
    }
    Ok(PACKING.pack(&json))
}

/// The Scenario in a hash or a whole URL (anything before `#` is ignored).
pub fn decode_permalink(text: &str) -> Result<Scenario> {
    let hash = text.trim().rsplit_once('#').map_or(text.trim(), |(_, h)| h);
    let json = PACKING.unpack(hash).map_err(Error::Permalink)?;
    Scenario::from_json(&json).map_err(|e| Error::Permalink(e.to_string()))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine;
    use proptest::prelude::*;

    #[test]
    fn round_trip_and_whole_urls() {
        let mut s = Scenario {
            seed: 42,
            ..Scenario::default()
        };
        s.set_section("slots", serde_json::json!({ "topology": "torus:4x4x4" }))
            .unwrap();
        let hash = encode_permalink(&s).unwrap();
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
        let hash = encode_permalink(&Scenario::default()).unwrap();
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
            .contains("damaged link: after 'v1.'"));
        assert!(decode_permalink(&hash[..hash.len() - 6]).is_err());
        // a deflate bomb stops at the limit
        let bomb = miniz_oxide::deflate::compress_to_vec(&vec![b' '; 10 << 20], 9);
        let link = format!("v1.{}", URL_SAFE_NO_PAD.encode(bomb));
        assert!(decode_permalink(&link)
            .unwrap_err()
            .to_string()
            .contains("inflates past the 64 KiB limit of a Scenario"));
    }

    /// The encoder and the decoder share one limit: a Scenario just under it makes a link that
    /// opens, one just over it is refused when encoding (never a link its receiver is told is
    /// damaged).
    #[test]
    fn every_link_the_encoder_makes_opens() {
        let with_matrix = |bytes: usize| {
            let mut s = Scenario::default();
            // incompressible-ish text, as a pasted matrix of varied numbers is
            let mut x: u64 = 1;
            let matrix: String = (0..bytes)
                .map(|_| {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    char::from(b'0' + (x >> 60) as u8 % 10)
                })
                .collect();
            s.set_section("ocs-relay", serde_json::json!({ "matrix": matrix }))
                .unwrap();
            s
        };
        let base = serde_json::to_vec(&with_matrix(0)).unwrap().len();
        let fits = with_matrix(MAX_PERMALINK_JSON_BYTES - base);
        let link = encode_permalink(&fits).unwrap();
        assert_eq!(decode_permalink(&link).unwrap(), fits);
        let e = encode_permalink(&with_matrix(MAX_PERMALINK_JSON_BYTES - base + 1))
            .unwrap_err()
            .to_string();
        assert!(e.contains("more than the 64 KiB a link can carry"), "{e}");
    }

    proptest! {
        #[test]
        fn never_panics_on_garbage(text in ".{0,200}") {
            let _ = decode_permalink(&text);
            let _ = decode_permalink(&format!("v1.{text}"));
        }
    }
}

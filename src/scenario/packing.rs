//! The packing a permalink and a tour link share (issue 64): `PREFIX.` + base64url(deflate
//! (JSON)). Unpacking never panics: a damaged or hostile link gives an error that says what
//! was wrong, and the inflated size is capped, so a small link cannot expand into a large
//! allocation (a deflate bomb).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use miniz_oxide::inflate::TINFLStatus;

/// One packed format: its version prefix, what it holds (for messages) and its inflated cap.
pub(super) struct Packing {
    /// The version prefix before the first `.` (`v1`, `t1`).
    pub prefix: &'static str,
    /// What an unpacked link holds, for messages ("a Scenario", "a tour").
    pub holds: &'static str,
    /// Largest JSON, in bytes, one link may inflate to.
    pub limit: usize,
}

impl Packing {
    /// `json` packed, prefix included.
    pub fn pack(&self, json: &[u8]) -> String {
        let packed = miniz_oxide::deflate::compress_to_vec(json, 9);
        format!("{}.{}", self.prefix, URL_SAFE_NO_PAD.encode(packed))
    }

    /// The JSON text in `link` (`PREFIX.…`), or why it cannot be read.
    pub fn unpack(&self, link: &str) -> Result<String, String> {
        let prefix = self.prefix;
        let (version, body) = link
            .trim()
            .split_once('.')
            .ok_or_else(|| format!("no version prefix (expected '{prefix}.…')"))?;
        if version != prefix {
            return Err(format!(
                "link version '{}' is not known (expected '{prefix}')",
                crate::error::shorten(version)
            ));
        }
        let packed = URL_SAFE_NO_PAD.decode(body.trim_end_matches('=')).map_err(|_| {
            format!("damaged link: after '{prefix}.' a link holds only letters, digits, '-' and '_' (was it cut or altered when copied?)")
        })?;
        let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, self.limit)
            .map_err(|e| match e.status {
                TINFLStatus::HasMoreOutput => format!(
                    "damaged link: it inflates past the {} KiB limit of {}",
                    self.limit / 1024,
                    self.holds
                ),
                _ => "damaged link: it does not decompress (it was cut short or altered)".into(),
            })?;
        String::from_utf8(json).map_err(|_| "damaged link: it does not hold text".into())
    }
}

//! The docs' sessions of minutes (issue 62): every ```console release block — a paper's study
//! whose numbers the docs cite, run as the docs show it — run with the release build and its
//! output compared with the lines shown (`tests/common/docs.rs`). Not in `npm test` (it would
//! take CI past its 30 minutes): `cargo test --release --test release -- --ignored
//! docs_sessions`, and with `TOPOLAB_WRITE_DOCS=1` it writes the real outputs instead.

use crate::common::docs::sessions_match;

#[test]
#[ignore = "about 6 minutes of simulation: cargo test --release --test release -- --ignored docs_sessions"]
fn the_docs_long_sessions_give_the_numbers_shown() {
    sessions_match("```console release", 5);
}

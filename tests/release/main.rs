//! The runs that take seconds in release and minutes in debug (`npm test` runs this binary of
//! the `ci` profile's build in the background at the lowest priority, scripts/test.mjs; a debug
//! build marks them ignored; alone: `cargo test --profile ci --test release`): every documented
//! limit reached, paper 003's Table I, and the simulator against BookSim2's recorded curves.

#[path = "../common/mod.rs"]
mod common;

mod at_limits;
mod booksim_agreement;
mod docs_sessions;
mod table_1;

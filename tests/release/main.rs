//! The runs that take seconds in release and minutes in debug (`npm test` runs them with
//! `cargo test --profile ci`, as `--test release` alone; a debug build marks them ignored): every documented
//! limit reached, paper 003's Table I, and the simulator against BookSim2's recorded curves.

#[path = "../common/mod.rs"]
mod common;

mod at_limits;
mod booksim_agreement;
mod docs_sessions;
mod table_1;

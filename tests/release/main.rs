//! The runs that take seconds in release and minutes in debug (`npm test` runs them with
//! `cargo test --release --test release`; a debug build marks them ignored): every documented
//! limit reached, and paper 003's Table I.

#[path = "../common/mod.rs"]
mod common;

mod at_limits;
mod table_1;

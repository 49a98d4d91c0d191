//! Every integration test in one binary (as ripgrep's `tests/tests.rs`): one link instead of
//! one per file, which is most of a debug build's test time on two cores. A module per
//! concern; `tests/release/` holds the runs that need a release build.

#[path = "../common/mod.rs"]
mod common;

mod cli_fields;
mod cli_fronts;
mod cli_reference;
mod cowen;
mod docs_commands;
mod docs_examples;
mod dualplane;
mod fuzz;
mod fuzz_cli;
mod graph_export;
mod hostile_flags;
mod integrity;
mod engine_shape;
mod import_circles;
mod layers;
mod limits;
mod limits_table;
mod long_run;
mod loren;
mod loren_fig4;
mod network_import;
mod paper000;
mod paper001;
mod paper003;
mod properties;
mod registries;
mod sim;
mod sim_export;
mod sim_lab;
mod sst_export;
mod tiny_networks;
mod topogen;

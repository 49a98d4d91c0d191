//! The `topolab` binary: the CLI is native only (clap and files); on wasm32, where only the
//! library matters, the binary is empty so `cargo test --target wasm32-unknown-unknown` builds.
//! Each lab's subcommand is its own file (`slots.rs`, …), listed once in `cli::LAB_COMMANDS`.

#[cfg(not(target_arch = "wasm32"))]
mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod routing;
#[cfg(not(target_arch = "wasm32"))]
mod slots;
#[cfg(not(target_arch = "wasm32"))]
mod topogen;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}

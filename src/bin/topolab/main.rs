//! The `topolab` binary: the CLI is native only (clap and files); on wasm32, where only the
//! library matters, the binary is empty so `cargo test --target wasm32-unknown-unknown` builds.
//! Each lab's subcommand is its own file in `labs/`, listed once in `labs::LAB_COMMANDS`.

#[cfg(not(target_arch = "wasm32"))]
mod check;
#[cfg(not(target_arch = "wasm32"))]
mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod files;
#[cfg(not(target_arch = "wasm32"))]
mod lab_flags;
#[cfg(not(target_arch = "wasm32"))]
mod labs;
#[cfg(not(target_arch = "wasm32"))]
mod progress;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {}

//! Every file the CLI reads or writes goes through here, so two promises hold for every flag:
//! an input is read only up to a size cap (a device or a huge file is refused, not read into
//! memory), and an output never replaces an input or another output of the same command (the
//! same file after canonicalisation, through symbolic and hard links alike).
//!
//! The one piece of shared state: the files this command has read and written so far. A
//! command reads its inputs before it writes, so a write checked against this list is checked
//! against every input of the command.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

pub use topolab::scenario::{
    MAX_MATRIX_FILE_BYTES as MAX_MATRIX_BYTES, MAX_SCENARIO_FILE_BYTES as MAX_SCENARIO_BYTES,
};

/// A file's identity: its canonical path and, on Unix, device and inode (hard links).
#[derive(Debug, Clone, PartialEq)]
struct Identity {
    path: PathBuf,
    inode: Option<(u64, u64)>,
}

impl Identity {
    /// The identity of an existing file; None when it does not exist yet.
    fn of(path: &Path) -> Option<Identity> {
        let meta = std::fs::metadata(path).ok()?;
        #[cfg(unix)]
        let inode = {
            use std::os::unix::fs::MetadataExt;
            Some((meta.dev(), meta.ino()))
        };
        #[cfg(not(unix))]
        let inode = {
            let _ = meta;
            None
        };
        Some(Identity {
            path: std::fs::canonicalize(path).ok()?,
            inode,
        })
    }

    /// The identity a file about to be created will have: its parent's canonical path joined
    /// with its name (a path through a symbolic link to a folder is the same file).
    fn of_new(path: &Path) -> Option<Identity> {
        let parent = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        Some(Identity {
            path: std::fs::canonicalize(parent).ok()?.join(path.file_name()?),
            inode: None,
        })
    }

    fn same(&self, other: &Identity) -> bool {
        self.path == other.path || (self.inode.is_some() && self.inode == other.inode)
    }
}

/// (flag, identity) of every file read and written by this command.
static SEEN: Mutex<Vec<(String, Identity, bool)>> = Mutex::new(Vec::new());

fn remember(flag: &str, identity: Identity, written: bool) {
    SEEN.lock()
        .expect("no panic holds the lock")
        .push((flag.to_string(), identity, written));
}

/// What kind of thing a path that is not a regular file names, in words.
fn not_a_file(meta: &std::fs::Metadata) -> &'static str {
    let kind = meta.file_type();
    if kind.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_block_device() || kind.is_char_device() {
            return "a device";
        }
    }
    "not a regular file"
}

/// The text of input file `path`, given with `flag`, refused above `max_bytes`. Only a regular
/// file is read: a folder, a named pipe or a device is refused before it is opened (opening a
/// pipe would wait for a writer), and a missing file is said to be missing.
pub fn read_input(path: &str, flag: &str, max_bytes: u64) -> Result<String, String> {
    use std::io::Read;
    let file_path = path;
    // (in messages: its control characters as escapes, so a name cannot drive the terminal)
    let path = &crate::cli::escaped(path);
    match std::fs::metadata(file_path) {
        Ok(meta) if !meta.is_file() => {
            return Err(format!(
                "{flag}: '{path}' is {}, not a file to read",
                not_a_file(&meta)
            ))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(format!("{flag}: there is no file '{path}'"))
        }
        _ => {}
    }
    let file =
        std::fs::File::open(file_path).map_err(|e| format!("{flag}: cannot read '{path}': {e}"))?;
    let mut bytes = Vec::new();
    file.take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{flag}: cannot read '{path}': {e}"))?;
    if bytes.len() as u64 > max_bytes {
        return Err(format!(
            "{flag}: '{path}' is larger than {} KiB, the limit for this input",
            max_bytes / 1024
        ));
    }
    let mut text =
        String::from_utf8(bytes).map_err(|_| format!("{flag}: '{path}' is not text (UTF-8)"))?;
    // a byte-order mark, as editors on Windows write it: skipped in every input (the network
    // and CSV readers did; a Scenario file was refused as not JSON)
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    if let Some(identity) = Identity::of(Path::new(file_path)) {
        remember(flag, identity, false);
    }
    Ok(text)
}

/// A topology spec as written, or for `file:PATH` the `graph:` spec of that file, for `flag`.
pub fn network_spec(text: &str, flag: &str) -> Result<String, String> {
    let Some(path) = text.trim().strip_prefix("file:") else {
        return Ok(text.to_string());
    };
    let network = read_network(path, flag)?;
    topolab::topology::graph_spec(path, &network).map_err(|e| e.to_string())
}

/// The network in file `path` (any format `topology::import` reads), for `flag`.
fn read_network(path: &str, flag: &str) -> Result<topolab::topology::import::Network, String> {
    let contents = read_input(
        path,
        flag,
        topolab::topology::import::MAX_NETWORK_FILE_BYTES,
    )?;
    topolab::topology::import::read(path, &contents).map_err(|e| e.to_string())
}

/// A `--generators` value of the Dual-plane lab: a set as written, or for `file:PATH` plane 1
/// wired in that file (any network format `topology::import` reads) as the generator set its
/// links follow (`topology::dualplane::generators_of`), checked against `kind` and `n`.
pub fn generators_arg(
    text: &str,
    kind: topolab::topology::dualplane::Kind,
    n: u32,
    flag: &str,
) -> Result<String, String> {
    let Some(path) = text.trim().strip_prefix("file:") else {
        return Ok(text.to_string());
    };
    let network = read_network(path, flag)?;
    let set =
        topolab::topology::dualplane::generators_of(kind, n, network.switches, &network.links)
            .map_err(|e| match e {
                topolab::Error::Invalid { reason, .. } => {
                    format!("{flag}: plane 1 from '{path}': {reason}")
                }
                other => format!("{flag}: plane 1 from '{path}': {other}"),
            })?;
    Ok(set.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
}

/// A pattern given with `flag` (`--pattern`, `--traffic`): as written, or for `matrix:PATH` the
/// CSV traffic matrix in that file (`src,dst,bytes[,count]`) as the `matrix:` spec that carries
/// it.
pub fn traffic_spec(text: &str, flag: &str) -> Result<String, String> {
    let trimmed = text.trim();
    let Some(path) = trimmed.strip_prefix("matrix:") else {
        return Ok(text.to_string());
    };
    // a spec already packed (from a Scenario) passes as it is; anything else names a file,
    // which `read_input` says is missing when it is
    if !std::path::Path::new(path).exists() && topolab::traffic::demand::Demand::is_packed(path) {
        return Ok(text.to_string());
    }
    let contents = read_input(path, flag, MAX_MATRIX_BYTES)?;
    let demand =
        topolab::traffic::demand::Demand::read(path, &contents).map_err(|e| e.to_string())?;
    demand.spec(path).map_err(|e| e.to_string())
}

/// Refuse to write `path` (for `flag`) when it is an input of this command or already one of
/// its outputs; `replace` says whether an existing file that is neither may be replaced.
pub fn check_output(path: &Path, flag: &str, replace: bool) -> Result<(), String> {
    // (an empty name passed the check and failed at the write, after the run)
    if path.as_os_str().is_empty() {
        return Err(format!("{flag}: give a file name to write"));
    }
    let shown = crate::cli::escaped(&path.display().to_string());
    let existing = Identity::of(path);
    let Some(identity) = existing.clone().or_else(|| Identity::of_new(path)) else {
        return Ok(()); // no such folder: the write will say so
    };
    // (an input or another output named first: what the file is matters more than --force)
    let seen = SEEN.lock().expect("no panic holds the lock");
    if let Some((other, _, written)) = seen.iter().find(|(_, id, _)| id.same(&identity)) {
        return Err(if *written {
            format!(
                "{flag}: '{shown}' is also the output of {other}: give each output its own file"
            )
        } else {
            format!("{flag}: '{shown}' is the input given with {other}: an output never replaces an input; choose another file")
        });
    }
    if existing.is_some() && !replace {
        return Err(format!(
            "{flag}: '{shown}' exists; give --force to replace it"
        ));
    }
    Ok(())
}

/// Write `text` to output file `path` (for `flag`) after `check_output`.
pub fn write_output(path: &Path, flag: &str, text: &str, replace: bool) -> Result<(), String> {
    check_output(path, flag, replace)?;
    let shown = || crate::cli::escaped(&path.display().to_string());
    write_file(path, text.as_bytes()).map_err(|e| match e.raw_os_error() {
        #[cfg(unix)]
        Some(libc::ENXIO) => format!(
            "{flag}: '{}' is a named pipe that nothing reads: start its reader first (nothing was written)",
            shown()
        ),
        _ => format!("{flag}: cannot write '{}': {e}", shown()),
    })?;
    if let Some(identity) = Identity::of(path) {
        remember(flag, identity, true);
    }
    Ok(())
}

/// Before GraphML larger than Topolab's own network reader takes (`MAX_NETWORK_FILE_BYTES`) is
/// written: a note on stderr that `--topology file:` will refuse it (other tools read it).
pub fn note_graphml_size(flag: &str, text: &str) {
    let limit = topolab::topology::import::MAX_NETWORK_FILE_BYTES;
    if text.len() as u64 > limit {
        eprintln!(
            "note: {flag}: this GraphML is {:.1} MiB, above the {} MiB that --topology file: reads back; networkx and other GraphML readers take it",
            text.len() as f64 / (1 << 20) as f64,
            limit >> 20
        );
    }
}

/// Write `bytes` to `path`. A named pipe is opened without waiting for a reader (a write to
/// one nobody reads blocked for ever): with none, the open fails with ENXIO at once; with one,
/// the pipe is written as a file is.
fn write_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::io::Write;
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        if std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo()) {
            let mut pipe = std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(path)?;
            // the reader is there: from now on a full pipe waits for it, as a write does
            use std::os::fd::AsRawFd;
            // SAFETY: fcntl on a descriptor this function owns, with flags it read from it
            unsafe {
                let fd = pipe.as_raw_fd();
                let flags = libc::fcntl(fd, libc::F_GETFL);
                libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK);
            }
            return pipe.write_all(bytes);
        }
    }
    std::fs::write(path, bytes)
}

/// Check every output of a command before it runs (so a refusal costs no work and leaves no
/// file half-written): none is an input, none is named twice.
pub fn check_outputs(outputs: &[(&str, &Path)], replace: bool) -> Result<(), String> {
    for (i, (flag, path)) in outputs.iter().enumerate() {
        check_output(path, flag, replace)?;
        let mine = Identity::of(path).or_else(|| Identity::of_new(path));
        for (other, earlier) in &outputs[..i] {
            let theirs = Identity::of(earlier).or_else(|| Identity::of_new(earlier));
            if let (Some(a), Some(b)) = (&mine, &theirs) {
                if a.same(b) {
                    return Err(format!(
                        "{flag}: '{}' is also the output of {other}: give each output its own file",
                        path.display()
                    ));
                }
            }
        }
    }
    Ok(())
}

//! A long run on the command line (issue 62): a progress line on standard error (the fraction
//! done, the points finished, the time taken, the estimate of the time left and the rate), and
//! Ctrl-C that stops the run and prints the points it has finished — a sweep's loads, a
//! study's curves — with a line saying it was stopped.
//!
//! The line is redrawn in place when standard error is a terminal and printed a line per
//! finished point with `--progress` (for logs); it is off otherwise, and with `--json` when
//! standard output is not a terminal, so scripts read clean output. (indicatif, the usual crate,
//! is not in this machine's offline registry: the line is a few lines of our own.)

use crate::cli::print_value;
use serde_json::{json, Value};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// `--progress` given: a line per finished point even when standard error is not a terminal.
static FORCED: AtomicBool = AtomicBool::new(false);

/// Set by the SIGINT handler.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Ask for progress lines whatever standard error is (`--progress`).
pub fn force(on: bool) {
    FORCED.store(on, Ordering::Relaxed);
}

extern "C" fn on_interrupt(_: libc::c_int) {
    // (only an atomic store: what a signal handler may do)
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// How progress is shown.
#[derive(Clone, Copy, PartialEq)]
enum Shown {
    Off,
    /// Redrawn in place on a terminal.
    Live,
    /// A line per finished point (`--progress`).
    Lines,
}

/// What a long run has finished, shared with the thread that prints it on Ctrl-C.
struct Finished {
    points: Vec<Value>,
    /// The run ended (its result printed or an error): Ctrl-C now stops nothing.
    over: bool,
}

/// A long run in progress: `step` after each report, `finish` at the end.
pub struct LongRun {
    label: String,
    shown: Shown,
    started: Instant,
    drawn: Option<Instant>,
    finished: Arc<Mutex<Finished>>,
}

impl LongRun {
    /// Start run `label` (`sweep`, `paper002`); `json` is how its result is printed, and how
    /// its finished points are printed if it is stopped.
    pub fn start(label: &str, json: bool) -> LongRun {
        let stderr_terminal = std::io::stderr().is_terminal();
        let scripted = json && !std::io::stdout().is_terminal();
        let shown = if FORCED.load(Ordering::Relaxed) {
            Shown::Lines
        } else if stderr_terminal && !scripted {
            Shown::Live
        } else {
            Shown::Off
        };
        let finished = Arc::new(Mutex::new(Finished {
            points: Vec::new(),
            over: false,
        }));
        watch_for_interrupt(label.to_string(), json, Arc::clone(&finished));
        LongRun {
            label: label.to_string(),
            shown,
            started: Instant::now(),
            drawn: None,
            finished,
        }
    }

    /// A report of the run: the fraction done and, when one was just finished, a point.
    pub fn step(&mut self, fraction: f64, point: Option<&Value>) {
        let count = {
            let mut finished = self.finished.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(point) = point {
                finished.points.push(point.clone());
            }
            finished.points.len()
        };
        let now = Instant::now();
        let due = match self.shown {
            Shown::Off => false,
            Shown::Lines => point.is_some(),
            // at most ten redraws a second
            Shown::Live => {
                point.is_some()
                    || self
                        .drawn
                        .is_none_or(|at| now - at >= Duration::from_millis(100))
            }
        };
        if !due {
            return;
        }
        self.drawn = Some(now);
        let line = status_line(
            &self.label,
            fraction,
            count,
            (now - self.started).as_secs_f64(),
        );
        let mut err = std::io::stderr().lock();
        let _ = match self.shown {
            Shown::Live => write!(err, "\r\x1b[2K{line}"),
            _ => writeln!(err, "{line}"),
        };
        let _ = err.flush();
    }

    /// A line about the run (a curve finished) above the progress line.
    pub fn note(&mut self, text: &str) {
        let mut err = std::io::stderr().lock();
        let _ = if self.shown == Shown::Live && self.drawn.is_some() {
            writeln!(err, "\r\x1b[2K{text}")
        } else {
            writeln!(err, "{text}")
        };
        self.drawn = None;
    }

    /// The run ended: Ctrl-C no longer prints its points; the live line is cleared.
    pub fn finish(self) {
        self.finished.lock().unwrap_or_else(|e| e.into_inner()).over = true;
        // Ctrl-C from here on stops the process at once, as it did before the run
        // SAFETY: restoring the default disposition of SIGINT
        unsafe {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
        }
        if self.shown == Shown::Live && self.drawn.is_some() {
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
        }
    }
}

/// `sweep: 45% · 9 points · 12 s · about 15 s left · 0.73 points/s`.
fn status_line(label: &str, fraction: f64, points: usize, elapsed: f64) -> String {
    let fraction = fraction.clamp(0.0, 1.0);
    let mut line = format!(
        "{label}: {:.0}% · {points} point{} · {}",
        100.0 * fraction,
        if points == 1 { "" } else { "s" },
        duration(elapsed)
    );
    if fraction > 0.0 && fraction < 1.0 {
        let left = elapsed * (1.0 - fraction) / fraction;
        line.push_str(&format!(" · about {} left", duration(left)));
    }
    if points > 0 && elapsed > 0.0 {
        line.push_str(&format!(" · {:.2} points/s", points as f64 / elapsed));
    }
    line
}

/// `42 s`, `3 min 17 s`, `2 h 05 min`.
pub fn duration(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, (s % 3600) / 60),
    }
}

/// On SIGINT, print the run's finished points (unless it is over) and exit with 130, the
/// shell's code for a run stopped by Ctrl-C. The run's own threads stop with the process.
fn watch_for_interrupt(label: String, json: bool, finished: Arc<Mutex<Finished>>) {
    INTERRUPTED.store(false, Ordering::SeqCst);
    // SAFETY: the handler only stores to an atomic, which is async-signal-safe
    unsafe {
        libc::signal(
            libc::SIGINT,
            on_interrupt as extern "C" fn(libc::c_int) as libc::sighandler_t,
        );
    }
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(50));
        let done = finished.lock().unwrap_or_else(|e| e.into_inner());
        if done.over {
            // the run ended (its result is being printed): this watch is over too, so runs
            // one after another (a comparison's two sides) do not leave watchers behind
            return;
        }
        if !INTERRUPTED.load(Ordering::SeqCst) {
            continue;
        }
        let count = done.points.len();
        eprintln!();
        let stopped = format!(
            "{label} stopped by Ctrl-C: {count} finished point{} printed, the rest not run",
            if count == 1 { "" } else { "s" }
        );
        if json {
            print_value(&json!({ "stopped": stopped, "points": done.points }), true);
        } else {
            print_value(&Value::Array(done.points.clone()), false);
        }
        let _ = std::io::stdout().flush();
        eprintln!("{stopped}");
        std::process::exit(130);
    });
}

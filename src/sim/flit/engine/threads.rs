//! Parts and threads: how many parts a run is split into (`parts_for`), the cycles of a
//! split run on one thread per part (`Engine::run_threads`), and the hand-over between parts
//! at the end of each cycle (`merge`).

#[cfg(not(target_arch = "wasm32"))]
use super::ids::PartId;
#[cfg(not(target_arch = "wasm32"))]
use super::part::Part;
#[cfg(not(target_arch = "wasm32"))]
use super::run::deadlocked;
use super::run::Engine;
#[cfg(not(target_arch = "wasm32"))]
use super::shared::Shared;
#[cfg(not(target_arch = "wasm32"))]
use super::state::Packets;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::atomic::{AtomicU64, Ordering};

/// Switches from which a run natively splits them into parts, a thread each (`parts_for`), and
/// the flit crossings a cycle is expected to have at least: a part adds a hand-over between
/// threads to every cycle, which only a cycle's work pays for. Measured on 2 cores (2026-11-28,
/// `topolab sim` on meshes under DOR, wall seconds of the process, one thread against two):
/// mesh 64×64 at 0.01 (1,800 crossings a cycle) 0.78 → 0.40 s, at 0.0123 (2,200) 1.04 →
/// 0.51–0.75 s, 128×128 at 0.006 (8,700) 4.4–6.3 → 2.3–2.8 s, 24×24 at 0.033 (320) 0.19 →
/// 0.13–0.20 s. Smaller cycles gained at best and lost at worst: mesh 8×8 at 0.1 (40 a cycle)
/// 0.070 → 0.060 s on most runs but 0.10–0.14 s on others (where the scheduler left the second
/// thread beside the first, which then took turns on one core), and at 0.01 (4 a cycle)
/// 0.011 → 0.016 s.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const SPLIT_FROM_SWITCHES: usize = 64;

#[cfg(not(target_arch = "wasm32"))]
pub(super) const SPLIT_FROM_CROSSINGS: f64 = 256.0;

/// Most parts (threads) one run is split into, and fewest switches a part has (and at most one
/// part per half of `SPLIT_FROM_CROSSINGS` expected crossings a cycle: only two parts were
/// measured, on the 2 cores here).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const MAX_PARTS: usize = 8;

#[cfg(not(target_arch = "wasm32"))]
pub(super) const MIN_PART_SWITCHES: usize = 32;

/// The parts a run of `switches` switches is split into, where `crossings` estimates the flits
/// crossing a switch in a cycle (asked only when it matters): one in WebAssembly (the page's
/// worker has one thread), below `SPLIT_FROM_SWITCHES` switches or `SPLIT_FROM_CROSSINGS`
/// crossings, and inside a parallel map (a sweep's loads or a point's seeds, which already keep
/// every core busy); otherwise one per thread of the pool (`RAYON_NUM_THREADS`, or the
/// machine's cores), within `MAX_PARTS`, `MIN_PART_SWITCHES` and the crossings. The parts
/// change nothing in the results (a test runs one, two and three against each other).
pub(crate) fn parts_for(switches: usize, crossings: impl FnOnce() -> f64) -> usize {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (switches, crossings);
        1
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        if switches < SPLIT_FROM_SWITCHES || rayon::current_thread_index().is_some() {
            return 1;
        }
        // two parts from SPLIT_FROM_CROSSINGS on, a part for every half of it
        let by_work = (2.0 * crossings() / SPLIT_FROM_CROSSINGS) as usize;
        rayon::current_num_threads()
            .min(MAX_PARTS)
            .min(switches / MIN_PART_SWITCHES)
            .min(by_work)
            .max(1)
    }
}

impl<'a> Engine<'a> {
    /// `run` with each part but the first on a thread of its own (scoped to the call), the
    /// first on this one. Each cycle: the injection on this thread, with every part at hand
    /// (their locks taken, uncontended: the other threads wait); then every part's phase at
    /// once, each under its own lock and all reading the packet records under a read lock;
    /// then the merge on this thread. Threads wait for each other by spinning on a cycle
    /// counter, giving way to the scheduler after a while (a thread started on the core of a
    /// spinning one would otherwise wait for its time slice).
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn run_threads(&mut self, cycles: u64, every: u64, report: &mut dyn FnMut(u64)) {
        use std::sync::{Mutex, RwLock};
        let others: Vec<Mutex<Part>> = self.parts.drain(1..).map(Mutex::new).collect();
        let packets = RwLock::new(std::mem::take(&mut self.packets));
        let go = Line(AtomicU64::new(0));
        let done: Vec<Line> = others.iter().map(|_| Line(AtomicU64::new(0))).collect();
        std::thread::scope(|scope| {
            let _stop = Stop(&go.0);
            let sh = &self.sh;
            let workers: Vec<_> = others
                .iter()
                .zip(&done)
                .map(|(part, done)| {
                    let (go, packets) = (&go, &packets);
                    scope.spawn(move || part_thread(part, sh, packets, go, done))
                })
                .collect();
            let mut generation = 0;
            for i in 1..=cycles {
                if self.finished() {
                    break;
                }
                let now = self.now;
                let window = sh.in_window(now);
                with_all(&mut self.parts[0], &others, |parts| {
                    for part in parts.iter_mut() {
                        (part.now, part.window) = (now, window);
                    }
                    let mut packets = packets.write().expect("the packets' lock");
                    self.src.inject(sh, parts, &mut packets, now, window);
                });
                generation += 1;
                go.0.store(generation, Ordering::Release);
                {
                    let packets = packets.read().expect("the packets' lock");
                    self.parts[0].phase(sh, &packets);
                }
                for (done, worker) in done.iter().zip(&workers) {
                    wait_until(|| {
                        // a part's thread that panicked never answers: its panic is the
                        // scope's (below), not a hang here
                        assert!(!worker.is_finished(), "a part's thread stopped");
                        done.0.load(Ordering::Acquire) == generation
                    });
                }
                with_all(&mut self.parts[0], &others, merge);
                self.deadlock |= deadlocked(&self.src, &self.parts[0].tally, now);
                self.now += 1;
                if every > 0 && i % every == 0 {
                    report(self.now);
                }
            }
        });
        self.parts.extend(
            others
                .into_iter()
                .map(|m| m.into_inner().expect("a part's thread panicked")),
        );
        self.packets = packets.into_inner().expect("the packets' lock");
    }
}

/// A counter on a cache line of its own.
#[cfg(not(target_arch = "wasm32"))]
#[repr(align(128))]
struct Line(AtomicU64);

/// `go`'s value that ends the parts' threads.
#[cfg(not(target_arch = "wasm32"))]
const STOP: u64 = u64::MAX;

/// Tells the parts' threads to stop when dropped: at the end of the run, and on a panic of the
/// first thread, which would otherwise leave them waiting and the scope never ending.
#[cfg(not(target_arch = "wasm32"))]
struct Stop<'a>(&'a AtomicU64);

#[cfg(not(target_arch = "wasm32"))]
impl Drop for Stop<'_> {
    fn drop(&mut self) {
        self.0.store(STOP, Ordering::Release);
    }
}

/// The thread of a part other than the first (`run_threads`): at each new value of `go` it runs
/// the part's phase and writes that value to `done`, until `go` is `STOP`.
#[cfg(not(target_arch = "wasm32"))]
fn part_thread(
    part: &std::sync::Mutex<Part>,
    sh: &Shared,
    packets: &std::sync::RwLock<Packets>,
    go: &Line,
    done: &Line,
) {
    own_memory(&mut lock(part));
    let mut seen = 0;
    loop {
        let mut now = go.0.load(Ordering::Acquire);
        wait_until(|| {
            now = go.0.load(Ordering::Acquire);
            now != seen
        });
        if now == STOP {
            return;
        }
        seen = now;
        {
            let packets = packets.read().expect("the packets' lock");
            lock(part).phase(sh, &packets);
        }
        done.0.store(now, Ordering::Release);
    }
}

/// The part's arrays made again by the thread that runs it, once, in that thread's memory: made
/// by the first thread beside the first part's, small arrays of two parts shared cache lines,
/// which the two cores then handed to each other every cycle (mesh 8×8 on two threads took
/// 0.06 s or 0.14 s, as the layout fell).
#[cfg(not(target_arch = "wasm32"))]
fn own_memory(part: &mut Part) {
    if part.own_memory {
        return;
    }
    // (with what it holds: the first injection may come first)
    let mut injected = Vec::with_capacity(part.injected.capacity());
    injected.extend_from_slice(&part.injected);
    *part = Part {
        own_memory: true,
        injected,
        ..part.clone()
    };
}

/// Part `m`, locked (a panic where its thread panicked: that panic is the scope's).
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn lock(m: &std::sync::Mutex<Part>) -> std::sync::MutexGuard<'_, Part> {
    m.lock().expect("a part's thread panicked")
}

/// `f` of every part: `first` and the others, locked (two parts without a list: this runs
/// twice a cycle).
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn with_all(
    first: &mut Part,
    others: &[std::sync::Mutex<Part>],
    f: impl FnOnce(&mut [&mut Part]),
) {
    if let [other] = others {
        return f(&mut [first, &mut lock(other)]);
    }
    let mut guards: Vec<_> = others.iter().map(lock).collect();
    let mut parts: Vec<&mut Part> = std::iter::once(first)
        .chain(guards.iter_mut().map(|g| &mut **g))
        .collect();
    f(&mut parts);
}

/// Spins until `ready` says so, giving the core up after a while.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn wait_until(mut ready: impl FnMut() -> bool) {
    let mut spins = 0u32;
    while !ready() {
        spins += 1;
        if spins > 2000 {
            std::thread::yield_now();
        } else {
            std::hint::spin_loop();
        }
    }
}

/// The end of a cycle's phases: the flits and credits each part sent into another's switches
/// are handed to that part (its lists from each part, `Part::flits_in`, swapped with the
/// sender's: the receiver puts them in its wheels, after its own, at the start of its next
/// phase; the order of a cycle's arrivals changes nothing, see `Part`), and the parts' counts
/// go into the first's, in part order.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn merge(parts: &mut [&mut Part]) {
    for from in 0..parts.len() {
        for to in 0..parts.len() {
            if to != from {
                let (from_id, to_id) = (PartId::new(from), PartId::new(to));
                let flits = std::mem::take(&mut parts[from].flits_out[to_id]);
                let empty = std::mem::replace(&mut parts[to].flits_in[from_id], flits);
                parts[from].flits_out[to_id] = empty;
                let credits = std::mem::take(&mut parts[from].credits_out[to_id]);
                let empty = std::mem::replace(&mut parts[to].credits_in[from_id], credits);
                parts[from].credits_out[to_id] = empty;
            }
        }
    }
    if let [first, rest @ ..] = parts {
        for part in rest {
            first.tally.take_from(&mut part.tally);
        }
    }
}

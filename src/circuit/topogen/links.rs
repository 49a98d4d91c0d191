//! optimizeLinks (paper 000 §4.3, Alg. 4, Fig. 6(c)): switches with a spare port may be linked
//! to divert the most crowded traffic over an indirect path (more hops) or a parallel path (same
//! hops). After a link is added, every communication that now has a shorter path takes it (no
//! short-cut is left, as the paper's Dijkstra recomputation ensures), then communications on
//! crowded channels move onto the new link where that relieves a crowded channel without
//! crowding another. The link is kept when it lowers the congestion (N, then the number of
//! channels at N); otherwise it is erased. Keeping a link that only lowers the count at N is our
//! reading of "N is reduced": it does better than the strict test, which stops as soon as N is
//! carried by two channels that no single link relieves together.
//!
//! Which pairs are tried: Alg. 4 tries every pair of switches with a spare port
//! (`getSwitchesLessDegree`). So do we, in an order that makes that affordable at a thousand
//! switches (tens of thousands of pairs, a full evaluation each): every pair is scored from the
//! distance table by the crowded communications it could carry (a path s → a → b → d at most
//! `MAX_EXTRA_HOPS` longer than today's, shorter ones counting most), the best `SCREENED` are
//! evaluated without building the link (shortcuts and diversions over the current distances),
//! and those that lower the congestion are built for real, best first. The minimal networks are
//! tree-like, so the links that pay are the long ones between leaves that take traffic off the
//! root channels — exactly the pairs a search near the crowded channels never sees.

use super::routes::RouteState;
use super::state::GenState;
use super::Comms;
use crate::graph::ChannelLoads;
use crate::model::{ChannelId, Path, SwitchId};
use crate::trace::{Change, Highlight, Recorder, Step};
use crate::Result;

/// How many hops longer than its route a diverted communication's new path may be.
pub(super) const MAX_EXTRA_HOPS: usize = 2;
/// Crowded communications that score the pairs (those crossing the most crowded channels
/// first): enough to find the pairs that relieve them, few enough that scoring all pairs stays
/// cheap at thousands of switches.
const SCORING_FLOWS: usize = 32;
/// Best-scored pairs evaluated (without building the link) after each scoring.
const SCREENED: usize = 256;
/// Most screened pairs one switch may be in.
const PAIRS_PER_SWITCH: u8 = 4;

/// Add links while one lowers the congestion, within the run's work budget (`work`, the
/// run's count so far, against `MAX_LINK_SEARCH_WORK`).
pub(super) fn optimize_links(
    state: &mut GenState,
    routes: &mut RouteState,
    comms: &Comms,
    recorder: &mut Recorder,
    progress: &mut dyn FnMut(f64),
    work: &mut u64,
) -> Result<LinkSearch> {
    let mut kept = 0;
    // Progress counts links kept against the most that fit (half the spare ports): measured, the
    // links come at a steady rate and the search ends at 75–98 % of that bound (16,384 nodes:
    // 3,294 of 3,364 in 45 s), where 1 − N/N₀ had told 79 % after half the time. A search that
    // will end at the work budget is told by the budget used when that is further along (the
    // page's 16,384-node run: links kept said 5–20 % until the budget ended it; issue 64).
    let spare: usize = (0..state.switch_count() as u32)
        .map(|s| state.max_degree.saturating_sub(state.degree(s)))
        .sum();
    let most = (spare / 2).max(1) as f64;
    let mut told = 0.0; // the fraction last reported (reports come every 0.2 %)
    loop {
        let mut improved = false;
        let mut now = Snapshot::of(state, routes, comms);
        for (a, b) in ranked_pairs(state, routes, comms, work) {
            if routes.max_slots() <= 1 {
                return Ok(LinkSearch {
                    kept,
                    complete: true,
                });
            }
            if *work > MAX_LINK_SEARCH_WORK {
                let n = routes.max_slots();
                recorder.record(|| Step {
                    title: format!("Link search stopped: N = {n}"),
                    explanation: format!("The search for links has done {work} units of work (pairs scored and channels of trial routes), the most one run may: it stops here with the {kept} link(s) kept so far. More links might still lower N; a smaller network or fewer spare ports searches to the end."),
                    metrics: super::metrics(state, routes),
                    ..Default::default()
                });
                return Ok(LinkSearch {
                    kept,
                    complete: false,
                });
            }
            // an earlier kept link may have used the last spare port of a or b
            if !(state.has_spare_port(a) && state.has_spare_port(b)) {
                continue;
            }
            let (keep, done) = try_link(state, routes, comms, &now, a, b, recorder)?;
            *work += done;
            if keep {
                kept += 1;
                improved = true;
                now = Snapshot::of(state, routes, comms);
            }
            let budget_used = *work as f64 / MAX_LINK_SEARCH_WORK as f64;
            let fraction = (kept as f64 / most).max(budget_used).min(1.0);
            if fraction >= told + 0.002 {
                told = fraction;
                progress(fraction);
            }
        }
        if !improved {
            return Ok(LinkSearch {
                kept,
                complete: true,
            });
        }
    }
}

/// Most work the link searches of one run may do, counted as they go: pairs scored per
/// ranking, channels of the trial routes (`Trial::work`), and every pair of switches each time
/// a kept link brings the distance table up to date. TOPOGEN's own flow at 4,096 end nodes does
/// 7.6 billion (1.2 s natively), at 8,192 29 billion (4.5 s), at 16,384 233 billion (49 s), so
/// a run at 16,384 stops its search here, about halfway, with the links kept so far (said in
/// its steps and `link_search_complete`); from a 4,096-switch ring (every switch with spare
/// ports, routes of 2,000 hops) the search ends in 12 s well inside it. The page's limit is a
/// quarter of it: there a unit costs about 3.6 times as much (half the native limit took 47 s at
/// 16,384 end nodes in Chromium, `npm run bench:browser -- --limits`).
pub const MAX_LINK_SEARCH_WORK: u64 = if cfg!(target_arch = "wasm32") {
    30_000_000_000
} else {
    120_000_000_000
};

/// What a link search did: the links it kept, and whether it searched to the end (not stopped
/// by `MAX_LINK_SEARCH_WORK`, counted over every search of one run in `work`).
#[derive(Debug, Clone, Copy)]
pub(super) struct LinkSearch {
    pub kept: usize,
    pub complete: bool,
}

/// What every trial of one network state needs, worked out once: the distance between the
/// ends of every communication, and the communications on the crowded channels (the
/// candidates for diversion).
struct Snapshot {
    /// Source and destination switch of every communication.
    ends: Vec<(u32, u32)>,
    /// A path through a new link replaces a route when it is shorter than this: the route's
    /// hops and its ends' distance, whichever is less.
    shorter_than: Vec<u16>,
    crowded: Vec<usize>,
}

impl Snapshot {
    fn of(state: &GenState, routes: &RouteState, comms: &Comms) -> Self {
        let ends: Vec<(u32, u32)> = (0..comms.pairs.len())
            .map(|c| comms.switches(state, c))
            .collect();
        let shorter_than = ends
            .iter()
            .zip(&routes.paths)
            .map(|(&(s, d), p)| routes.distance(s, d).min(p.hops() as u32) as u16)
            .collect();
        Snapshot {
            ends,
            shorter_than,
            crowded: routes.on_crowded().into_iter().map(|(c, _)| c).collect(),
        }
    }
}

/// Pairs (a < b) of switches with a spare port, best first: each scores, for every crowded
/// communication s → d of h hops (up to `SCORING_FLOWS`), 3 if min(d(s,a)+1+d(b,d),
/// d(s,b)+1+d(a,d)) < h, 2 if = h, 1 if ≤ h + `MAX_EXTRA_HOPS`. Ties keep (a, b) order.
fn ranked_pairs(
    state: &GenState,
    routes: &RouteState,
    comms: &Comms,
    work: &mut u64,
) -> Vec<(u32, u32)> {
    let spare: Vec<u32> = (0..state.switch_count() as u32)
        .filter(|&s| state.has_spare_port(s))
        .collect();
    let m = spare.len();
    if m < 2 {
        return Vec::new();
    }
    // (the pairs scored, and sorted)
    *work += (m * m / 2) as u64;
    let mut score = vec![0u16; m * m];
    let flows = super::swap::crowded_candidates(routes)
        .into_iter()
        .chain(routes.on_crowded().into_iter().map(|(c, _)| c));
    let mut seen = std::collections::BTreeSet::new();
    let (mut from_s, mut to_d) = (vec![0u16; m], vec![0u16; m]);
    for c in flows.filter(|&c| seen.insert(c)).take(SCORING_FLOWS) {
        let (s, d) = comms.switches(state, c);
        let h = routes.paths[c].hops() as u16;
        for (i, &x) in spare.iter().enumerate() {
            from_s[i] = routes.distance(s, x).min(u32::from(u16::MAX / 4)) as u16;
            to_d[i] = routes.distance(x, d).min(u32::from(u16::MAX / 4)) as u16;
        }
        let limit = h + MAX_EXTRA_HOPS as u16;
        for i in 0..m {
            let (si, di) = (from_s[i] + 1, to_d[i] + 1);
            if si > limit && di > limit {
                continue;
            }
            let row = &mut score[i * m + i + 1..(i + 1) * m];
            let (from_s, to_d) = (&from_s[i + 1..], &to_d[i + 1..]);
            // branch-free, so that it vectorizes: 3 / 2 / 1 / 0 as via <, =, ≤ limit, >
            for j in 0..row.len() {
                let via = (si + to_d[j]).min(from_s[j] + di);
                row[j] += u16::from(via <= limit) + u16::from(via <= h) + u16::from(via < h);
            }
        }
    }
    let mut pairs: Vec<(u16, u32, u32)> = Vec::new();
    for i in 0..m {
        for j in i + 1..m {
            let sc = score[i * m + j];
            if sc > 0 {
                pairs.push((sc, spare[i], spare[j]));
            }
        }
    }
    // the standard sort (not `crate::sort`): this runs once per link added, on up to m²/2 pairs;
    // unstable is exact here, as the key is the whole pair
    pairs.sort_unstable_by_key(|&(sc, a, b)| (std::cmp::Reverse(sc), a, b));
    // a switch in at most `PAIRS_PER_SWITCH` of the screened pairs: the best-placed switches
    // attract shortcuts that overload the new link itself, so the list must not be theirs alone
    let mut uses = vec![0u8; state.switch_count()];
    let mut picked = Vec::with_capacity(SCREENED);
    for (_, a, b) in pairs {
        if uses[a as usize] < PAIRS_PER_SWITCH && uses[b as usize] < PAIRS_PER_SWITCH {
            uses[a as usize] += 1;
            uses[b as usize] += 1;
            picked.push((a, b));
            if picked.len() == SCREENED {
                break;
            }
        }
    }
    picked
}

/// The path of communication `c` over the link `link` (a–b): a shortest path to one end, the
/// link, a shortest path from the other. `None` if it is more than `extra` hops longer than
/// the route `c` has.
fn via_link(
    state: &GenState,
    routes: &RouteState,
    comms: &Comms,
    c: usize,
    (a, b, link): (u32, u32, u32),
    hops: usize,
    extra: usize,
) -> Option<Path> {
    let (s, d) = comms.switches(state, c);
    let via = |x: u32, y: u32| {
        routes
            .distance(s, x)
            .saturating_add(1)
            .saturating_add(routes.distance(y, d))
    };
    let (from, to, channel) = if via(a, b) <= via(b, a) {
        (a, b, 2 * link)
    } else {
        (b, a, 2 * link + 1)
    };
    if via(from, to) as usize > hops + extra {
        return None;
    }
    let head = routes.shortest(SwitchId(s), SwitchId(from)).ok()?;
    let tail = routes.shortest(SwitchId(to), SwitchId(d)).ok()?;
    let mut switches = head.switches;
    switches.extend(tail.switches);
    let mut channels = head.channels;
    channels.push(ChannelId(channel));
    channels.extend(tail.channels);
    Some(Path { switches, channels })
}

/// Move crowded communications among `candidates` onto the link where that relieves a channel
/// at load `n` and brings no channel to `n`. `path_of(c)` is each communication's route before
/// the move.
#[allow(clippy::too_many_arguments)]
fn divert<'p>(
    state: &GenState,
    routes: &RouteState,
    comms: &Comms,
    candidates: &[usize],
    link: (u32, u32, u32),
    n: u32,
    loads: &mut ChannelLoads,
    path_of: impl Fn(usize) -> &'p Path,
) -> Vec<(usize, Path)> {
    let mut moves = Vec::new();
    let mut on = vec![0u32; loads.as_slice().len()];
    let mut stamp = 1u32;
    for &c in candidates {
        let old = &path_of(c).channels;
        if !old.iter().any(|&ch| loads.get(ch) >= n) {
            continue;
        }
        let Some(new) = via_link(state, routes, comms, c, link, old.len(), MAX_EXTRA_HOPS) else {
            continue;
        };
        // which path holds a channel, marked once per candidate (on a 4,096-switch ring the
        // routes run to 2,000 hops and nearly every channel is crowded: looking each up on the
        // other path made one trial take seconds)
        stamp += 2;
        for &ch in old {
            on[ch.index()] = stamp;
        }
        for &ch in &new.channels {
            on[ch.index()] = if on[ch.index()] == stamp {
                stamp + 1
            } else {
                stamp - 1
            };
        }
        // on the old path only: stamp; on both: stamp + 1; on the new only: stamp − 1
        let relieves = old
            .iter()
            .any(|&ch| loads.get(ch) >= n && on[ch.index()] == stamp);
        let safe = new
            .channels
            .iter()
            .all(|&ch| on[ch.index()] == stamp + 1 || loads.get(ch) + 1 < n);
        if relieves && safe {
            loads.remove(old);
            loads.add(&new.channels);
            moves.push((c, new));
        }
    }
    moves
}

/// What a new link a–b would do to the routes.
struct Trial {
    /// Communications that take a shorter path through the link.
    shortcuts: Vec<(usize, Path)>,
    /// Crowded communications moved onto the link.
    diverted: Vec<(usize, Path)>,
    /// (N, channels at N) afterwards.
    congestion: (u32, usize),
    /// Communications screened, channels of the loads copied and of the paths moved.
    work: u64,
}

/// The routes after a link a–b, worked out over today's distances without building it: every
/// communication to which the link gives a path shorter than its ends' distance and its route
/// takes it (a shortest path to the link's nearer end, the link, a shortest path from the other
/// end — no short-cut is left, as after the paper's Dijkstra), then crowded communications are
/// diverted onto it.
fn trial(
    state: &GenState,
    routes: &RouteState,
    comms: &Comms,
    now: &Snapshot,
    a: u32,
    b: u32,
) -> Trial {
    let n = routes.max_slots();
    let link = (a, b, state.links.len() as u32);
    let mut loads = routes.loads.clone();
    loads.grow(2);
    let mut work = (comms.pairs.len() + 2 * state.links.len()) as u64;
    let mut shortcut: Vec<Option<Path>> = vec![None; comms.pairs.len()];
    // the screen over every communication, from the two distance rows of the link's ends
    let (to_a, to_b) = (routes.row(a), routes.row(b));
    for (c, &(s, d)) in now.ends.iter().enumerate() {
        let (s, d) = (s as usize, d as usize);
        let via = (to_a[s].saturating_add(to_b[d])).min(to_b[s].saturating_add(to_a[d]));
        if via.saturating_add(1) < now.shorter_than[c] {
            let old = &routes.paths[c];
            if let Some(p) = via_link(state, routes, comms, c, link, old.hops(), 0) {
                work += (old.hops() + p.hops()) as u64;
                loads.remove(&old.channels);
                loads.add(&p.channels);
                shortcut[c] = Some(p);
            }
        }
    }
    // the crowded communications, and shortcuts that may have crowded a channel themselves
    let candidates: Vec<usize> = now
        .crowded
        .iter()
        .copied()
        .chain((0..shortcut.len()).filter(|&c| shortcut[c].is_some()))
        .collect();
    let diverted = divert(
        state,
        routes,
        comms,
        &candidates,
        link,
        n,
        &mut loads,
        |c| shortcut[c].as_ref().unwrap_or(&routes.paths[c]),
    );
    let shortcuts = shortcut
        .into_iter()
        .enumerate()
        .filter_map(|(c, p)| Some((c, p?)))
        .collect();
    work += diverted
        .iter()
        .map(|(_, p)| 2 * p.hops() as u64)
        .sum::<u64>();
    Trial {
        shortcuts,
        diverted,
        congestion: loads.congestion(),
        work,
    }
}

/// Try a link a–b: keep it, with its routes, if it lowers the congestion (N, then the number of
/// channels at N); otherwise erase it and keep the old routes. Also the work it did
/// (`MAX_LINK_SEARCH_WORK`).
fn try_link(
    state: &mut GenState,
    routes: &mut RouteState,
    comms: &Comms,
    now: &Snapshot,
    a: u32,
    b: u32,
    recorder: &mut Recorder,
) -> Result<(bool, u64)> {
    let before = routes.loads.congestion();
    let n = before.0;
    let link = state.links.len() as u32;
    let Trial {
        shortcuts,
        diverted,
        congestion: after,
        work: mut done,
    } = trial(state, routes, comms, now, a, b);
    let new_n = after.0;
    let keep = after < before;
    let moved: Vec<u32> = diverted.iter().map(|&(c, _)| c as u32).collect();
    recorder.record(|| Step {
        title: format!("Link {a}–{b}: {}", if keep { "kept" } else { "erased" }),
        explanation: format!(
            "Switches {a} and {b} have spare ports; the most crowded channel(s) carry N = {n}. With a new link between them, {} communication(s) take a shorter path and {} move onto the link ({}). N becomes {new_n}, carried by {} channel(s) (before: {}): {}",
            shortcuts.len(),
            moved.len(),
            if moved.is_empty() { "none".to_string() } else { moved.iter().map(|&c| comms.label(c as usize)).collect::<Vec<_>>().join(", ") },
            after.1,
            before.1,
            if keep { "less congested, so the link is kept." } else { "not less congested, so the link is erased and the old routes stay." }
        ),
        changes: if keep { vec![Change::AddLink { a, b }] } else { Vec::new() },
        highlight: Highlight { switches: vec![a, b], channels: if keep { vec![2 * link, 2 * link + 1] } else { Vec::new() }, flows: moved.clone() },
        metrics: vec![
            ("N".into(), f64::from(if keep { new_n } else { n })),
            ("switches".into(), state.switch_count() as f64),
            ("links".into(), (state.links.len() + usize::from(keep)) as f64),
        ],
    });
    if keep {
        state.add_link(a, b);
        // (the distance table brought up to date: every pair of switches looked at)
        done += (state.switch_count() * state.switch_count()) as u64;
        routes.extend(state, link as usize)?;
        for (c, p) in shortcuts.into_iter().chain(diverted) {
            routes.set_path(c, p);
        }
        debug_assert_eq!(routes.loads.congestion(), after);
    }
    Ok((keep, done))
}

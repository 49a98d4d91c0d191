//! Circuit allocation, paper 001 §3.2.2, in its three steps. Inter-switch communications fall
//! into three patterns (Fig. 2): (1) both processes on OCS nodes, (2) one of them, (3) neither.
//!
//! 1. Pattern (1) communications get a circuit between their own two nodes: within a switch
//!    pair in decreasing volume (ties to the smaller ranks), round-robin over the switch pairs
//!    so no pair takes many circuits at once.
//! 2. If OCS nodes are left, every switch pair still without a circuit gets one, in decreasing
//!    number of communications between the two switches (ties to the smaller switch ids).
//! 3. If OCS nodes are left, pairs get more circuits in decreasing difference between their
//!    communications and their circuits (ties to the smaller switch ids).
//!
//! What the text leaves open, decided by what reproduces the paper's behaviour (the brief in
//! the notes works each out; `Readings` keeps the alternatives):
//! - a round-robin turn whose next candidate is blocked (a node already holds a circuit) goes
//!   on to the pair's next feasible candidate (`Blocked::Next`); losing the turn instead
//!   leaves every other pair of the 16×16 neighbour exchange without a circuit, and then the
//!   low-bisection EPS would slow ours, which §4.2 says it does not;
//! - step 3 recomputes the differences after every circuit (`Step3::Recompute`); filling
//!   pairs one after another gives the 8×32 neighbour exchange 7, 1, 7, 1, … circuits per pair
//!   and four times EPS-only's time by the link-load bound, against the paper's +47%;
//! - a step 2 or 3 circuit uses the lowest-ranked free OCS node on each side
//!   (`NodeChoice::Lowest`), which gives Fig. 3's relay shape in 8×32 (17 ⇒ 1 ⇒ 34 ⇒ 33);
//! - step 2 is one pass (a pair gets at most one circuit there); step 3 stops when no pair
//!   with a positive difference has a free OCS node on both sides.

use super::{Comm, OcsPlacement};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A round-robin turn whose candidate is blocked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Blocked {
    /// The turn goes on to the pair's next feasible candidate.
    #[default]
    Next,
    /// The blocked candidate is dropped and the turn passes.
    Lose,
}

impl crate::choice::Choices for Blocked {
    const DECIDES: &'static str =
        "A switch pair’s round-robin turn whose candidate OCS nodes are taken";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (
            Blocked::Next,
            "next",
            "goes on to the pair’s next candidate",
        ),
        (
            Blocked::Lose,
            "lose",
            "is lost: the turn passes to the next pair",
        ),
    ];
}

/// How step 3 orders its circuits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Step3 {
    /// Always the pair with the largest current difference.
    #[default]
    Recompute,
    /// Pairs in the order of their first difference, each filled before the next.
    Fill,
    /// That order, one circuit per pair per pass, passes repeated.
    Passes,
}

impl crate::choice::Choices for Step3 {
    const DECIDES: &'static str = "Which switch pair gets the next extra circuit";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (
            Step3::Recompute,
            "recompute",
            "the largest difference, recomputed after every circuit",
        ),
        (
            Step3::Fill,
            "fill",
            "pairs in order of their first difference, each filled before the next",
        ),
        (
            Step3::Passes,
            "passes",
            "that order, one circuit per pair per pass",
        ),
    ];
}

/// Which free OCS nodes a step 2 or 3 circuit joins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum NodeChoice {
    /// The lowest-ranked free OCS node of each switch.
    #[default]
    Lowest,
    /// A free OCS node whose own process talks most to the other switch, else the lowest.
    Endpoint,
}

impl crate::choice::Choices for NodeChoice {
    const DECIDES: &'static str = "Which free OCS nodes a new circuit joins";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (
            NodeChoice::Lowest,
            "lowest",
            "the lowest-ranked free OCS node of each switch",
        ),
        (
            NodeChoice::Endpoint,
            "endpoint",
            "a free OCS node whose own process talks most to the other switch",
        ),
    ];
}

/// The readings of what §3.2.2 leaves open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Readings {
    pub blocked: Blocked,
    pub step3: Step3,
    pub node_choice: NodeChoice,
}

/// A circuit between two OCS nodes under different switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Circuit {
    pub a: u32,
    pub b: u32,
    /// The step of §3.2.2 that made it (1, 2 or 3).
    pub step: u8,
    /// The switches of a and b.
    pub switches: [usize; 2],
}

/// One decision of the allocation, for the page's step player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    pub step: u8,
    /// The circuit made (its index), or none for a blocked candidate or a note.
    pub circuit: Option<usize>,
    /// The switch pair concerned, if any.
    pub switches: Option<[usize; 2]>,
    pub title: String,
    pub explanation: String,
}

/// An OCS node left without a circuit, and why (the two cases at the end of §3.2.2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Unused {
    pub node: u32,
    /// 1: its process talks across switches but every partner it could join is taken; 2: its
    /// process talks to no other switch.
    pub case: u8,
    pub why: String,
}

/// The circuits and how they came about.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Allocation {
    pub circuits: Vec<Circuit>,
    pub decisions: Vec<Decision>,
    pub unused: Vec<Unused>,
    /// Inter-switch communications per switch pair (x < y).
    pub counts: BTreeMap<(usize, usize), u32>,
}

impl Allocation {
    /// OCS nodes holding a circuit.
    pub fn nodes_used(&self) -> usize {
        2 * self.circuits.len()
    }

    /// Circuits made by steps 1, 2 and 3.
    pub(crate) fn by_step(&self) -> [usize; 3] {
        let mut n = [0; 3];
        for c in &self.circuits {
            n[usize::from(c.step - 1)] += 1;
        }
        n
    }

    /// The circuit node `r` holds, if any.
    pub fn circuit_of(&self, r: u32) -> Option<&Circuit> {
        self.circuits.iter().find(|c| c.a == r || c.b == r)
    }
}

fn pair(p: &OcsPlacement, c: &Comm) -> (usize, usize) {
    let (x, y) = (p.switch_of(c.a), p.switch_of(c.b));
    (x.min(y), x.max(y))
}

fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / 1_048_576.0)
}

/// The allocation as it goes: free nodes, circuits per pair, the decisions.
struct State<'p> {
    p: &'p OcsPlacement,
    holder: Vec<Option<usize>>,
    per_pair: BTreeMap<(usize, usize), u32>,
    out: Allocation,
}

impl State<'_> {
    fn free(&self, r: u32) -> bool {
        self.p.is_ocs(r) && self.holder[r as usize].is_none()
    }

    fn free_on(&self, s: usize) -> impl Iterator<Item = u32> + '_ {
        self.p.ocs_nodes(s).filter(|&r| self.free(r))
    }

    fn connect(&mut self, a: u32, b: u32, step: u8, title: String, why: String) -> usize {
        let switches = [self.p.switch_of(a), self.p.switch_of(b)];
        let i = self.out.circuits.len();
        self.out.circuits.push(Circuit {
            a,
            b,
            step,
            switches,
        });
        self.holder[a as usize] = Some(i);
        self.holder[b as usize] = Some(i);
        *self
            .per_pair
            .entry((switches[0].min(switches[1]), switches[0].max(switches[1])))
            .or_default() += 1;
        self.out.decisions.push(Decision {
            step,
            circuit: Some(i),
            switches: Some(switches),
            title,
            explanation: why,
        });
        i
    }

    fn note(&mut self, step: u8, switches: Option<[usize; 2]>, title: String, why: String) {
        self.out.decisions.push(Decision {
            step,
            circuit: None,
            switches,
            title,
            explanation: why,
        });
    }

    fn holder_text(&self, r: u32) -> String {
        match self.holder[r as usize] {
            Some(i) => {
                let c = self.out.circuits[i];
                format!("{r} holds {}↔{}", c.a, c.b)
            }
            None => format!("{r} is not an OCS node"),
        }
    }

    fn left(&self) -> usize {
        (0..self.p.nodes() as u32).filter(|&r| self.free(r)).count()
    }
}

/// The free OCS node of switch `s` a circuit to switch `t` uses.
fn choose(
    state: &State<'_>,
    comms: &[Comm],
    s: usize,
    t: usize,
    choice: NodeChoice,
) -> Option<u32> {
    let lowest = state.free_on(s).next();
    match choice {
        NodeChoice::Lowest => lowest,
        NodeChoice::Endpoint => {
            let p = state.p;
            let volume = |r: u32| -> u64 {
                comms
                    .iter()
                    .filter(|c| {
                        (c.a == r && p.switch_of(c.b) == t) || (c.b == r && p.switch_of(c.a) == t)
                    })
                    .map(|c| c.bytes)
                    .sum()
            };
            let best = state
                .free_on(s)
                .map(|r| (volume(r), std::cmp::Reverse(r)))
                .max()
                .filter(|&(v, _)| v > 0)
                .map(|(_, std::cmp::Reverse(r))| r);
            best.or(lowest)
        }
    }
}

/// Allocate circuits for `comms` (the large communications, `super::communications`).
pub fn allocate(p: &OcsPlacement, comms: &[Comm], readings: &Readings) -> Allocation {
    let mut state = State {
        p,
        holder: vec![None; p.nodes()],
        per_pair: BTreeMap::new(),
        out: Allocation {
            circuits: Vec::new(),
            decisions: Vec::new(),
            unused: Vec::new(),
            counts: BTreeMap::new(),
        },
    };
    let inter: Vec<Comm> = comms
        .iter()
        .copied()
        .filter(|c| p.switch_of(c.a) != p.switch_of(c.b))
        .collect();
    for c in &inter {
        *state.out.counts.entry(pair(p, c)).or_default() += 1;
    }
    step1(&mut state, &inter, readings);
    if state.left() > 0 {
        step2(&mut state, &inter, readings);
    }
    if state.left() > 0 {
        step3(&mut state, &inter, readings);
    }
    // the OCS nodes left, with the case of §3.2.2's end
    for r in 0..p.nodes() as u32 {
        if !state.free(r) {
            continue;
        }
        let partners: Vec<usize> = {
            let mut s: Vec<usize> = inter
                .iter()
                .filter(|c| c.a == r || c.b == r)
                .map(|c| p.switch_of(if c.a == r { c.b } else { c.a }))
                .collect();
            s.sort_unstable();
            s.dedup();
            s
        };
        state.out.unused.push(if partners.is_empty() {
            Unused {
                node: r,
                case: 2,
                why: format!("the process on {r} talks to no other switch"),
            }
        } else {
            let list: Vec<String> = partners.iter().map(usize::to_string).collect();
            Unused {
                node: r,
                case: 1,
                why: format!(
                    "the process on {r} talks to switch {}, but its partner or every OCS node there already holds a circuit",
                    list.join(", ")
                ),
            }
        });
    }
    state.out
}

fn step1(state: &mut State<'_>, inter: &[Comm], readings: &Readings) {
    let p = state.p;
    let mut lists: BTreeMap<(usize, usize), Vec<Comm>> = BTreeMap::new();
    for c in inter.iter().filter(|c| p.is_ocs(c.a) && p.is_ocs(c.b)) {
        lists.entry(pair(p, c)).or_default().push(*c);
    }
    if lists.is_empty() {
        state.note(
            1,
            None,
            "Step 1: no pattern-(1) communication".into(),
            "No inter-switch communication has both processes on OCS nodes, so no circuit joins two communicating processes directly; steps 2 and 3 connect switches for relaying.".into(),
        );
        return;
    }
    // each pair's candidates: largest volume first, then the smaller ranks (popped from the end)
    for list in lists.values_mut() {
        crate::sort::by_key(list, |c| {
            (std::cmp::Reverse(c.bytes), c.a.min(c.b), c.a.max(c.b))
        });
        list.reverse();
    }
    let mut round = 0;
    loop {
        round += 1;
        let mut progressed = false;
        let pairs: Vec<(usize, usize)> = lists.keys().copied().collect();
        for (x, y) in pairs {
            let mut skipped: Vec<String> = Vec::new();
            let mut allocated = false;
            while let Some(c) = lists.get_mut(&(x, y)).and_then(Vec::pop) {
                progressed = true;
                if state.free(c.a) && state.free(c.b) {
                    let before = if skipped.is_empty() {
                        String::new()
                    } else {
                        format!(" (blocked before it: {})", skipped.join("; "))
                    };
                    state.connect(
                        c.a,
                        c.b,
                        1,
                        format!("Step 1, round {round}, switches ({x},{y}): {}↔{}", c.a, c.b),
                        format!(
                            "Both processes sit on OCS nodes (pattern 1). It is this pair's largest remaining pattern-(1) communication ({}), ties going to the smaller ranks{before}; the round-robin then moves on to the next switch pair.",
                            mib(c.bytes)
                        ),
                    );
                    allocated = true;
                    break;
                }
                let busy = if state.free(c.a) { c.b } else { c.a };
                skipped.push(format!("{}↔{}, {}", c.a, c.b, state.holder_text(busy)));
                if readings.blocked == Blocked::Lose {
                    break;
                }
            }
            if !allocated && !skipped.is_empty() {
                let why = match readings.blocked {
                    Blocked::Lose => "the pair loses its turn (the 'lose' reading)",
                    Blocked::Next => "no candidate of this pair is left",
                };
                state.note(
                    1,
                    Some([x, y]),
                    format!("Step 1, round {round}, switches ({x},{y}): blocked"),
                    format!("Blocked: {}; {why}.", skipped.join("; ")),
                );
            }
        }
        lists.retain(|_, l| !l.is_empty());
        if !progressed || lists.is_empty() {
            break;
        }
    }
}

fn step2(state: &mut State<'_>, inter: &[Comm], readings: &Readings) {
    let mut order: Vec<((usize, usize), u32)> = state
        .out
        .counts
        .iter()
        .filter(|(k, _)| !state.per_pair.contains_key(k))
        .map(|(&k, &n)| (k, n))
        .collect();
    crate::sort::by_key(&mut order, |&((x, y), n)| (std::cmp::Reverse(n), x, y));
    for ((x, y), n) in order {
        let a = choose(state, inter, x, y, readings.node_choice);
        let b = choose(state, inter, y, x, readings.node_choice);
        match (a, b) {
            (Some(a), Some(b)) => {
                state.connect(
                    a,
                    b,
                    2,
                    format!("Step 2, switches ({x},{y}): {a}↔{b}"),
                    format!(
                        "The pair has no circuit yet and {n} communication{} between its switches, the most among such pairs (ties to the smaller switch ids); its communications can now be relayed through OCS nodes {a} and {b}.",
                        if n == 1 { "" } else { "s" }
                    ),
                );
            }
            _ => {
                let full = if a.is_none() { x } else { y };
                state.note(
                    2,
                    Some([x, y]),
                    format!("Step 2, switches ({x},{y}): no circuit"),
                    format!("Switch {full} has no free OCS node left, so this pair's {n} communication(s) stay on the EPS unless a relay through other switches reaches them."),
                );
            }
        }
    }
}

fn step3(state: &mut State<'_>, inter: &[Comm], readings: &Readings) {
    let diff = |state: &State<'_>, k: &(usize, usize)| -> i64 {
        i64::from(state.out.counts[k]) - i64::from(state.per_pair.get(k).copied().unwrap_or(0))
    };
    let open = |state: &State<'_>, (x, y): (usize, usize)| -> bool {
        state.free_on(x).next().is_some() && state.free_on(y).next().is_some()
    };
    let add = |state: &mut State<'_>, (x, y): (usize, usize), d: i64, why: &str| {
        let a = choose(state, inter, x, y, readings.node_choice).expect("checked open");
        let b = choose(state, inter, y, x, readings.node_choice).expect("checked open");
        state.connect(
            a,
            b,
            3,
            format!("Step 3, switches ({x},{y}): {a}↔{b}"),
            format!(
                "{d} = {} communications − {} circuits{why}.",
                state.out.counts[&(x, y)],
                state.per_pair.get(&(x, y)).copied().unwrap_or(0)
            ),
        );
    };
    let keys: Vec<(usize, usize)> = state.out.counts.keys().copied().collect();
    match readings.step3 {
        Step3::Recompute => loop {
            let best = keys
                .iter()
                .filter(|&&k| diff(state, &k) > 0 && open(state, k))
                .max_by_key(|&&(x, y)| (diff(state, &(x, y)), std::cmp::Reverse((x, y))))
                .copied();
            let Some(k) = best else { break };
            let d = diff(state, &k);
            add(
                state,
                k,
                d,
                ", the largest difference left (ties to the smaller switch ids)",
            );
        },
        Step3::Fill | Step3::Passes => {
            let mut order: Vec<(usize, usize)> = keys
                .iter()
                .copied()
                .filter(|k| diff(state, k) > 0)
                .collect();
            crate::sort::by_key(&mut order, |&(x, y)| {
                (std::cmp::Reverse(diff(state, &(x, y))), x, y)
            });
            if readings.step3 == Step3::Fill {
                for &k in &order {
                    while diff(state, &k) > 0 && open(state, k) {
                        let d = diff(state, &k);
                        add(
                            state,
                            k,
                            d,
                            ", this pair filled before the next (the 'fill' reading)",
                        );
                    }
                }
            } else {
                loop {
                    let mut any = false;
                    for &k in &order {
                        if diff(state, &k) > 0 && open(state, k) {
                            let d = diff(state, &k);
                            add(
                                state,
                                k,
                                d,
                                ", one circuit per pair per pass (the 'passes' reading)",
                            );
                            any = true;
                        }
                    }
                    if !any {
                        break;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;

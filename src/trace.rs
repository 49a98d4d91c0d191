//! Step / Trace: what a stepped algorithm did, one decision at a time, for the page's step
//! player. Recording is opt-in: a disabled `Recorder` never builds a `Step`.

use serde::{Deserialize, Serialize};

/// What a step changed in the figure. Values are the state *after* the step, so the page
/// reaches step i by applying steps 0..=i in order and never recomputes anything.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    /// Slots used on a channel now (paper 000 §3.3).
    ChannelSlots { channel: u32, used: u32 },
    /// Slots held by a communication now.
    FlowSlots { flow: u32, slots: u32 },
    /// A switch was created (TOPOGEN, paper 000 §4).
    AddSwitch { switch: u32 },
    /// A link was created between two switches.
    AddLink { a: u32, b: u32 },
    /// The most recent link between two switches was erased.
    RemoveLink { a: u32, b: u32 },
    /// An end node now hangs off another switch.
    MoveEndpoint { endpoint: u32, to: u32 },
}

/// What a step points at.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Highlight {
    pub switches: Vec<u32>,
    pub channels: Vec<u32>,
    pub flows: Vec<u32>,
}

/// One step of an algorithm.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// A short title ("c(5,11) gets 2 more slots").
    pub title: String,
    /// One paragraph in plain words: what was decided and why.
    pub explanation: String,
    pub changes: Vec<Change>,
    pub highlight: Highlight,
    /// Named figures after the step (e.g. `used_slots`, `efficiency`).
    pub metrics: Vec<(String, f64)>,
}

/// The recorded steps of one run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    pub steps: Vec<Step>,
    /// True when recording stopped at the step limit (the run itself went on).
    pub truncated: bool,
}

/// Most steps kept in one trace: enough for any lecture-size run, bounded for research sizes.
pub(crate) const MAX_TRACE_STEPS: usize = 20_000;

/// Collects steps when enabled; otherwise costs one branch and a count per call, so the number
/// of steps is known either way.
#[derive(Debug, Default)]
pub struct Recorder {
    trace: Option<Trace>,
    count: usize,
}

impl Recorder {
    /// A recorder that keeps steps when `enabled`.
    pub fn new(enabled: bool) -> Self {
        Recorder {
            trace: enabled.then(Trace::default),
            count: 0,
        }
    }
    /// Record the step `make` builds; `make` runs only when recording.
    pub(crate) fn record(&mut self, make: impl FnOnce() -> Step) {
        self.count += 1;
        if let Some(trace) = &mut self.trace {
            if trace.steps.len() < MAX_TRACE_STEPS {
                trace.steps.push(make());
            } else {
                trace.truncated = true;
            }
        }
    }
    /// Steps the algorithm took, recorded or not.
    pub fn count(&self) -> usize {
        self.count
    }
    /// The trace, if recording was on. A trace cut at `MAX_TRACE_STEPS` says so on its last
    /// step (TopoGen's stopped at 20,000 steps without a word: its last step showed N = 3,412
    /// beside a result of 443).
    pub fn finish(self) -> Option<Trace> {
        let mut trace = self.trace?;
        if trace.truncated {
            if let Some(last) = trace.steps.last_mut() {
                last.title += " (the last step recorded)";
                last.explanation += &format!(
                    " The recording stops here, at {} of the run's {} steps; the run went on to its end, and its results count every step.",
                    MAX_TRACE_STEPS, self.count
                );
            }
        }
        Some(trace)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn disabled_recorder_never_builds_steps() {
        let mut r = Recorder::new(false);
        r.record(|| panic!("must not be called"));
        assert!(r.finish().is_none());
    }
    #[test]
    fn a_cut_trace_says_so_on_its_last_step() {
        let mut r = Recorder::new(true);
        for i in 0..MAX_TRACE_STEPS + 5 {
            r.record(|| Step {
                title: format!("step {i}"),
                explanation: "x.".into(),
                ..Default::default()
            });
        }
        let t = r.finish().unwrap();
        assert!(t.truncated);
        assert_eq!(t.steps.len(), MAX_TRACE_STEPS);
        let last = t.steps.last().unwrap();
        assert_eq!(last.title, "step 19999 (the last step recorded)");
        assert!(
            last.explanation
                .contains("at 20000 of the run's 20005 steps"),
            "{}",
            last.explanation
        );
        // an uncut trace is as recorded
        let mut r = Recorder::new(true);
        r.record(Step::default);
        assert_eq!(r.finish().unwrap().steps[0], Step::default());
    }
    #[test]
    fn enabled_recorder_keeps_steps_in_order() {
        let mut r = Recorder::new(true);
        r.record(|| Step {
            title: "a".into(),
            ..Default::default()
        });
        r.record(|| Step {
            title: "b".into(),
            ..Default::default()
        });
        let t = r.finish().unwrap();
        assert_eq!(
            t.steps.iter().map(|s| s.title.as_str()).collect::<Vec<_>>(),
            ["a", "b"]
        );
    }
}

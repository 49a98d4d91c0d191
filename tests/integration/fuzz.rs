//! Bounded fuzzing of every input path that takes a user's text: topology, pattern and router
//! spec strings (built from the tokens specs are made of, so most cases get past the first
//! check), Scenario JSON and permalinks (random bytes and single-character mutations of valid
//! ones). Every case must end in a value or an error — never a panic — and small valid
//! topologies must build and run through the Slots lab. Seeded by proptest; a fixed number of
//! cases keeps it to seconds in CI.

use proptest::prelude::*;
use topolab::labs::slots::SlotsConfig;
use topolab::routing::RouterSpec;
use topolab::scenario::{self, decode_permalink, encode_permalink, Scenario};
use topolab::topology::TopologySpec;
use topolab::traffic::Pattern;

const TOKENS: &[&str] = &[
    "mesh",
    "torus",
    "hypercube",
    "fattree",
    "full",
    "lrt",
    "fig4",
    "uniform",
    "transpose",
    "hotspot",
    "local",
    "all-to-all",
    "dor",
    "shortest",
    "updown",
    "nca",
    "loren",
    "cowen",
    "random",
    "stencil",
    "fft",
    "superlu",
    "csv",
    "pencil",
    "periodic",
    ":",
    ":",
    ":",
    "x",
    "x",
    "0",
    "1",
    "2",
    "3",
    "4",
    "8",
    "16",
    "65536",
    "99999999999999999999",
    "-1",
    "0.5",
    "NaN",
    "inf",
    "1e309",
    " ",
    "é",
    "\u{0}",
    "::",
    "xx",
];

fn spec_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(TOKENS), 0..10).prop_map(|t| t.concat())
}

/// A valid Scenario's JSON and permalink to mutate.
fn valid() -> (String, String) {
    let config = SlotsConfig {
        topology: "torus:4x4".into(),
        pattern: "hotspot:0.3".into(),
        ..SlotsConfig::default()
    };
    let scenario = Scenario::for_lab("slots", 7, &config).unwrap();
    (scenario.to_json(), encode_permalink(&scenario).unwrap())
}

/// `text` with the character at `at` (mod its length) replaced by `with`.
fn mutate(text: &str, at: usize, with: char) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    if !chars.is_empty() {
        let i = at % chars.len();
        chars[i] = with;
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn spec_strings_never_panic(text in spec_text(), seed in 0u64..4) {
        let _ = Pattern::parse(&text);
        // paper 003's task matrices (the CTC lab's traffic field)
        let _ = topolab::hybrid::ctc::inputs::build(&text, seed, 0, &text);
        let _ = RouterSpec::parse(&text);
        if let Ok(spec) = TopologySpec::parse(&text) {
            // small ones are built and analysed like the page would
            if spec.switch_count() <= 64 {
                if let Ok(topo) = spec.build(seed) {
                    prop_assert_eq!(topo.switch_count(), spec.switch_count());
                    let config = SlotsConfig { topology: text.clone(), pattern: "uniform".into(), policy: String::new(), ..SlotsConfig::default() };
                    let _ = scenario::run(&Scenario::for_lab("slots", seed, &config).unwrap(), true, &mut |_| {});
                }
            }
        }
    }

    #[test]
    fn scenario_json_never_panics(at in 0usize..10_000, with in any::<char>(), junk in ".{0,200}") {
        let (json, _) = valid();
        let _ = Scenario::from_json(&mutate(&json, at, with));
        let _ = Scenario::from_json(&junk);
        if let Ok(s) = Scenario::from_json(&mutate(&json, at, with)) {
            let _ = s.check();
        }
    }

    #[test]
    fn permalinks_never_panic(at in 3usize..10_000, with in prop::sample::select(vec!['A', 'z', '-', '_', '0', '9', '=', '.', '#', '%', ' '])) {
        let (_, link) = valid();
        let _ = decode_permalink(&mutate(&link, at, with));
        let _ = decode_permalink(&link[..at.min(link.len())]);
    }

    #[test]
    fn random_permalinks_never_panic(body in "[A-Za-z0-9_-]{0,400}") {
        let _ = decode_permalink(&format!("v1.{body}"));
        let _ = decode_permalink(&format!("https://example.org/#v1.{body}"));
    }
}

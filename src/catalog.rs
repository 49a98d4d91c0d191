//! The catalog: what the page's controls offer, sent once when the page starts — the labs in
//! their order with their studies, presets, number ranges, closed choices and defaults; the
//! registries' names and definitions (generators, patterns, routers, slot policies, all-to-all
//! methods); and the size limits. The page builds its tabs, preset buttons, select options and
//! input ranges from it instead of restating them. Its TypeScript type comes from this file
//! (`labs::typescript`), so the page's use of it is checked against it.

use crate::labs::{Choice, Field, Limit, Preset, LABS};
use serde::Serialize;
use serde_json::Value;

/// A lab's named study, as the page lists it.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StudyEntry {
    pub name: &'static str,
    pub title: &'static str,
    pub about: &'static str,
    /// Its arguments' defaults (an object by argument name).
    pub args: Value,
    /// The ranges of its number arguments.
    pub limits: Vec<Limit>,
}

/// A lab as the page lists it: a tab, its presets and what its fields accept.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LabEntry {
    pub name: &'static str,
    pub title: &'static str,
    pub about: &'static str,
    pub studies: Vec<StudyEntry>,
    pub presets: Vec<Preset>,
    pub limits: Vec<Limit>,
    pub choices: Vec<Choice>,
    /// Its form's fields, in order: the page builds its controls from them.
    pub fields: Vec<Field>,
    /// The section with every default filled in (what a field shows when a Scenario leaves it
    /// out, what a hidden field sends).
    pub defaults: Value,
}

/// Everything the page's controls offer, and the limits.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Catalog {
    pub version: &'static str,
    pub labs: Vec<LabEntry>,
    /// Topology generators: (name, syntax).
    pub generators: Vec<(&'static str, &'static str)>,
    /// Traffic patterns: (syntax, definition).
    pub patterns: Vec<(&'static str, &'static str)>,
    pub routings: Vec<&'static str>,
    /// Routers: (name, definition).
    pub routing_definitions: Vec<(&'static str, &'static str)>,
    /// Slot policies: (name, definition).
    pub policies: Vec<(&'static str, &'static str)>,
    /// All-to-all methods: (name, definition).
    pub all2all: Vec<(&'static str, &'static str)>,
    pub max_switches: usize,
    pub max_network_file_bytes: usize,
    pub max_matrix_file_bytes: usize,
    pub max_draw_switches: usize,
    pub max_all_to_all_endpoints: usize,
    /// The Simulate lab's presets: paper 002's Fig. 7–10 curves (label, section).
    pub sim_presets: Vec<(String, Value)>,
    pub max_sim_switches: usize,
    pub max_by_destination: usize,
    pub max_sim_routers: usize,
    pub animation_max_switches: usize,
}

/// The catalog of this build.
pub fn catalog() -> Catalog {
    Catalog {
        version: env!("CARGO_PKG_VERSION"),
        labs: LABS
            .iter()
            .map(|l| LabEntry {
                name: l.name,
                title: l.title,
                about: l.about,
                studies: crate::papers::studies(l)
                    .into_iter()
                    .map(|s| StudyEntry {
                        name: s.name,
                        title: s.title,
                        about: s.about,
                        args: (s.args.defaults)(),
                        limits: (s.args.limits)(),
                    })
                    .collect(),
                presets: (l.presets)(),
                limits: (l.limits)(),
                choices: (l.choices)(),
                fields: (l.fields)(),
                defaults: (l.default_config)(),
            })
            .collect(),
        generators: crate::topology::GENERATORS
            .iter()
            .map(|g| (g.name, g.syntax))
            .collect(),
        // a pattern carried whole (a matrix from a file) comes from a file, not from the list
        patterns: crate::traffic::PATTERNS
            .iter()
            .filter(|p| p.max_spec_bytes <= crate::spec::MAX_SPEC_BYTES)
            .map(|p| (p.syntax, p.definition))
            .collect(),
        routings: crate::routing::ROUTERS.iter().map(|r| r.name).collect(),
        routing_definitions: crate::routing::ROUTERS
            .iter()
            .map(|r| (r.name, r.definition))
            .collect(),
        policies: crate::circuit::SLOT_POLICIES.to_vec(),
        all2all: crate::analysis::ALL_TO_ALL_METHODS.to_vec(),
        max_switches: crate::topology::MAX_SWITCHES,
        max_network_file_bytes: crate::topology::import::MAX_NETWORK_FILE_BYTES as usize,
        max_matrix_file_bytes: crate::scenario::MAX_MATRIX_FILE_BYTES as usize,
        max_draw_switches: crate::render::MAX_DRAW_SWITCHES,
        max_all_to_all_endpoints: crate::traffic::MAX_ALL_TO_ALL_ENDPOINTS,
        sim_presets: crate::papers::p002::curves()
            .into_iter()
            .map(|c| {
                let section = serde_json::to_value(&c.config).expect("configurations serialize");
                (c.label(), section)
            })
            .collect(),
        max_sim_switches: crate::sim::flit::MAX_SIM_SWITCHES,
        max_by_destination: crate::sim::flit::MAX_BY_DESTINATION
            .min(crate::sim::flit::MAX_SIM_ROUTERS),
        max_sim_routers: crate::sim::flit::MAX_SIM_ROUTERS,
        animation_max_switches: crate::labs::sim::ANIMATION_MAX_SWITCHES,
    }
}

#[cfg(test)]
mod typescript {
    use crate::labs::typescript::{declarations, OUT, WRITE};

    /// The page's types match the Rust types (or are written, with `TOPOLAB_WRITE_TYPES=1`).
    #[test]
    fn the_pages_types_are_the_rust_types() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(OUT);
        let text = declarations(|out| {
            out.declare::<super::Catalog>();
        });
        if std::env::var_os(WRITE).is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &text).unwrap();
            return;
        }
        let written = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            written == text,
            "{OUT} is not what the Rust types say: run `{WRITE}=1 cargo test --lib typescript` \
             and check the page (npx tsc -p tsconfig.json)"
        );
    }
}

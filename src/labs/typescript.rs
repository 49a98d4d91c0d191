//! The page's TypeScript types, derived from the Rust types it receives (test builds only):
//! every lab's configuration and result (`Lab::types`), the Scenario that holds one section per
//! lab of `LABS`, a step's summary and the catalog. `www/types/core.d.ts` is written from here;
//! the page's JSDoc names these types and `tsc --checkJs` (in `npm test`) checks it against
//! them, so a field renamed in Rust fails the page's check instead of reaching a user as
//! `undefined`. The serde attributes decide the names (ts-rs reads them).

use super::{StepSummary, View, LABS};
use std::collections::BTreeMap;
use std::fmt::Write;
use ts_rs::{Config, TypeVisitor, TS};

/// Where the declarations go, from the crate's root.
pub(crate) const OUT: &str = "www/types/core.d.ts";

/// Set to write the file instead of checking it.
pub(crate) const WRITE: &str = "TOPOLAB_WRITE_TYPES";

/// The declarations of a set of types and of every type they name, each once.
pub(crate) struct Declarations {
    config: Config,
    /// Each declaration by its name, so the file is in one order whatever order ts-rs visits
    /// the types in (it is not the same from one build to the next), and a name is declared
    /// once (`serde_json`'s `Value` and `Map` both declare `JsonValue`).
    declared: BTreeMap<String, String>,
}

impl Declarations {
    fn new() -> Self {
        Declarations {
            // u64 counts and seeds cross as JSON numbers (seeds stay below 2^53)
            config: Config::new().with_large_int("number"),
            declared: BTreeMap::new(),
        }
    }

    /// Declare `T` and what it names; its TypeScript name.
    pub(crate) fn declare<T: TS + 'static + ?Sized>(&mut self) -> String {
        if T::output_path().is_none() {
            return T::name(&self.config); // a built-in: nothing to declare
        }
        let name = T::ident(&self.config);
        if !self.declared.contains_key(&name) {
            let docs = T::docs().unwrap_or_default();
            let text = format!("{docs}export {}\n", T::decl(&self.config));
            self.declared.insert(name, text);
            T::visit_dependencies(self);
        }
        T::name(&self.config)
    }
}

impl TypeVisitor for Declarations {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        self.declare::<T>();
    }
}

/// `LabTypes::declare` of a lab: its configuration's and its result's names.
pub(crate) fn declare_lab<C: TS + 'static, R: TS + 'static>(out: &mut Declarations) -> [String; 2] {
    [out.declare::<C>(), out.declare::<R>()]
}

/// The whole file: every lab's types, the Scenario, a step, and what `more` declares (the
/// catalog, which sits above the labs: `catalog`'s tests write the file).
pub(crate) fn declarations(more: impl FnOnce(&mut Declarations)) -> String {
    let mut out = Declarations::new();
    let mut labs = String::new();
    let mut sections = String::new();
    for lab in LABS {
        let [config, result] = (lab.types.declare)(&mut out);
        let _ = writeln!(
            labs,
            "  {:?}: {{ config: {config}; result: {result} }};",
            lab.name
        );
        let _ = writeln!(sections, "  {:?}: {config};", lab.name);
    }
    let step = out.declare::<StepSummary>();
    let view = out.declare::<View>();
    more(&mut out);
    format!(
        "// Generated from the Rust types by `cargo test` (src/labs/typescript.rs, src/catalog.rs); do not edit.\n\
         // After changing a type: TOPOLAB_WRITE_TYPES=1 cargo test --lib typescript\n\n\
         {}\
         /** Each lab's configuration (its Scenario section) and result, by lab name. */\n\
         export type Labs = {{\n{labs}}};\n\n\
         /** A lab's name (`labs::LABS`). */\n\
         export type LabName = keyof Labs;\n\n\
         /** A step as the page lists it. */\n\
         export type Step = {step};\n\n\
         /** The whole configuration: the lab shown, its seed (digits: a u64 need not fit a JS\n \
         * number), the other labs' seeds, the view, compare mode's A and one section per lab. */\n\
         export type Scenario = {{\n  version: number;\n  lab: LabName;\n  seed: string | number;\n  \
         seeds?: Partial<Record<LabName, number>>;\n  view?: {view};\n  \
         compare?: {{ seed: number; section: JsonValue }};\n{sections}}};\n",
        out.declared.into_values().collect::<Vec<_>>().join("\n")
    )
}

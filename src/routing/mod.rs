//! Routers: given a topology, where a packet for a destination switch goes next. Every router
//! answers one hop at a time (`next`, what a cycle-level simulator asks, per packet and per
//! virtual-channel class) and whole paths follow from that walk; a router may override `path`
//! with a faster or independent whole-path form (DOR, up/down), which a property test holds to
//! the per-hop walk. Routers are listed once in `ROUTERS`, with a definition shown in the page;
//! every lab builds them from a `RouterSpec` (`dor`, `shortest`, `updown`, `loren:16`,
//! `cowen:0.5`, `cowen:18`, `cowen:18:shortest`).
//!
//! Which router to use: `dor` on meshes, tori and hypercubes (paper 000), `updown` on
//! fat-trees (`nca` for BookSim2's spread of the climb), `shortest` anywhere, `loren` and `cowen` (paper 002) on switches laid out on a
//! square floor (LRT) — the compact-table schemes; `cowen` is Cowen 1999 as paper 002 counts
//! it, `cowen-cluster` the smaller-table cluster reading.

mod cowen;
mod cowen_cluster;
mod dor;
mod dualplane;
mod landmarks;
mod loren;
mod nca;
mod shortest;
mod updown;
pub mod walk;

pub use cowen::{Cowen, Reading};
pub use dor::DimensionOrder;
pub use dualplane::DualPlaneRouter;
pub use landmarks::{
    alpha_grid, ball_size, check_alpha, route_hops, Balls, CowenParam, TmaxRule, MAX_COWEN_SWITCHES,
};
pub use loren::{Decision, Entry, Loren};
pub use nca::Nca;
pub use shortest::ShortestPath;
pub use updown::UpDown;

use crate::model::{Path, PathSet, Shape, SwitchId, Topology, Traffic};
use crate::spec::{find, Named, Spec};
use crate::{Error, Result};

/// What a packet carries for its router from hop to hop: its ends and one word of the
/// router's own state (Cowen: past the landmark; DOR on a torus: the dateline crossed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    pub src: SwitchId,
    pub dst: SwitchId,
    pub state: u32,
}

impl Header {
    /// The state bit of a packet that takes the other way at a tie, for routers that split
    /// ties between packets (`Router::splits_ties`; without it they take their own way, as the
    /// analyses do); such routers keep it in `state` from hop to hop.
    pub const OTHER_WAY: u32 = 1 << 31;

    /// The state bit of a packet whose other bits (all but `OTHER_WAY`) are a random word the
    /// simulator drew for it, for routers that choose among several ways per packet
    /// (`Router::draws_ways`: `nca`'s up-ports); without it they take one fixed way, as the
    /// analyses do.
    pub const DRAWN: u32 = 1 << 30;

    /// A fresh header for a packet from `src` to `dst`.
    pub fn new(src: SwitchId, dst: SwitchId) -> Self {
        Header { src, dst, state: 0 }
    }

    /// A fresh header for a packet that takes the other way at a tie (`OTHER_WAY`).
    pub fn other_way(src: SwitchId, dst: SwitchId) -> Self {
        Header {
            src,
            dst,
            state: Self::OTHER_WAY,
        }
    }
}

/// One routing decision: the next switch, and the virtual-channel class the packet must use
/// on the channel to it (0 unless the router needs classes for deadlock freedom).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hop {
    pub next: SwitchId,
    pub vc_class: u8,
}

/// A router's hop decisions as a value of its own (no borrowed topology), for routers that
/// decide each hop from a little state — coordinates, a plane's generators — and whose routes
/// are deadlock-free with their own VC classes (`Router::vc_classes`), so no layers are needed.
/// The flit simulator routes with it at each head flit instead of keeping every pair's route,
/// which is what lets it take networks of thousands of routers (`Router::compact`).
pub trait CompactRouter: Send + Sync {
    /// As `Router::next`.
    fn next(&self, at: SwitchId, header: &mut Header) -> Result<Hop>;
    /// As `Router::entry`.
    fn entry(&self, src: SwitchId, dst: SwitchId, alternate: bool) -> (SwitchId, SwitchId) {
        let _ = alternate;
        (src, dst)
    }
    /// True when `next`'s hop, VC class included, depends on nothing but the switch a packet
    /// is at and its destination (not its source, nor the state earlier hops left): the
    /// simulator then asks once per switch and destination instead of walking every pair.
    fn by_destination(&self) -> bool {
        false
    }
    /// As `Router::splits_ties`.
    fn splits_ties(&self) -> bool {
        false
    }
    /// As `Router::draws_ways`.
    fn draws_ways(&self) -> bool {
        false
    }
}

/// Routes packets over one topology.
pub trait Router: Send + Sync {
    /// The hop a packet at `at` (not its destination) takes; may update `header.state`.
    fn next(&self, at: SwitchId, header: &mut Header) -> Result<Hop>;

    /// Where a packet between endpoints homed at `src` and `dst` enters and leaves the
    /// network. A network whose endpoints attach to several switches (the two planes of paper
    /// 004) chooses here, once per packet; `alternate` takes the other of two equal choices
    /// (callers alternate it, so ties split evenly). By default the home switches.
    fn entry(&self, src: SwitchId, dst: SwitchId, alternate: bool) -> (SwitchId, SwitchId) {
        let _ = alternate;
        (src, dst)
    }

    /// How many virtual-channel classes `next` uses (1: none).
    fn vc_classes(&self) -> u8 {
        1
    }

    /// True when a packet whose header carries `Header::OTHER_WAY` may take another route than
    /// one without it: the simulator then gives the bit to every other packet of a source, so
    /// the two ways of a tie carry half each (DOR on a torus at a distance of k/2, as BookSim's
    /// `dim_order` draws it per packet); the analyses use the plain header.
    fn splits_ties(&self) -> bool {
        false
    }

    /// True when a packet whose header carries `Header::DRAWN` and a random word chooses its
    /// way from the word (`nca`'s up-ports, drawn per packet as BookSim's `nca` draws them per
    /// hop): the simulator then draws one for every packet from the run's seeded stream and
    /// decides its hops as it goes (the router's compact form), since no table could hold
    /// every way. The analyses use the plain header, one of the ways.
    fn draws_ways(&self) -> bool {
        false
    }

    /// The path from `src` to `dst`: the per-hop walk, stopped (with an error naming the pair)
    /// if it does not arrive within n² hops.
    fn path(&self, src: SwitchId, dst: SwitchId) -> Result<Path> {
        walk(self, src, dst)
    }

    /// The length in hops of the route from every switch to `dst` (`None` where a route does not
    /// arrive), when the router knows them all at once — a distance table's row, tables followed
    /// with memoisation — rather than by walking each pair; `None` when it does not. Used for the
    /// all-pairs metrics, which would otherwise walk |N|² routes hop by hop. Routers that choose
    /// where a packet enters (`entry`) answer `None`.
    fn path_lengths_to(&self, dst: SwitchId) -> Option<Vec<Option<usize>>> {
        let _ = dst;
        None
    }

    /// The router's hop decisions as an owned value, when they need no more than a little
    /// state and its routes are deadlock-free with its own classes (see `CompactRouter`); `None`
    /// for routers that keep tables or need the simulator's layers (LOREN, Cowen, shortest).
    fn compact(&self) -> Option<Box<dyn CompactRouter>> {
        None
    }

    /// Paths for many pairs; routers that share work between pairs override this.
    fn paths(&self, pairs: &[(SwitchId, SwitchId)]) -> Result<Vec<Path>> {
        pairs.iter().map(|&(s, d)| self.path(s, d)).collect()
    }

    /// Sizes of the routing tables, for routers that keep them.
    fn tables(&self) -> TableSizes {
        TableSizes::default()
    }

    /// The topology routed over.
    fn topology(&self) -> &Topology;

    /// The router's name in specs and JSON.
    fn name(&self) -> &'static str;
}

/// Table sizes of a table-driven router (paper 002 §VI-B).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TableSizes {
    /// Entries of the largest table (0 for routers without tables).
    pub max_entries: usize,
    /// LOREN: the phase (1)+(2) size, the smallest t_max that works.
    pub min_required_entries: Option<usize>,
    /// Cowen: the number of landmarks.
    pub landmarks: Option<usize>,
}

/// The per-hop walk from `src` to `dst`.
pub fn walk<R: Router + ?Sized>(router: &R, src: SwitchId, dst: SwitchId) -> Result<Path> {
    let topo = router.topology();
    let limit = topo.switch_count() * topo.switch_count() + 1;
    let mut header = Header::new(src, dst);
    let mut switches = vec![src];
    let mut at = src;
    while at != dst {
        at = router.next(at, &mut header)?.next;
        switches.push(at);
        if switches.len() > limit {
            return Err(Error::routing(
                router.name(),
                format!(
                    "the packet from switch {} to switch {} does not arrive (livelock)",
                    src.0, dst.0
                ),
            ));
        }
    }
    Path::through(topo, switches, router.name())
}

/// How a router's next hop depends on a packet, which decides how far the flit simulator
/// takes it: every pair's route kept (up to `sim::flit::MAX_SIM_SWITCHES`), one next-hop tree
/// per destination (up to `sim::flit::MAX_BY_DESTINATION`), or no routes kept at all
/// (`Router::compact`, up to `sim::flit::MAX_SIM_ROUTERS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forwarding {
    /// The next hop depends on the packet's header state or its source (Cowen's phases,
    /// up*/down*'s turn): routes are walked pair by pair.
    PerPair,
    /// The next hop is a function of the switch and the destination alone, with no VC classes
    /// and no choice of entry: the routes to one destination form a tree.
    ByDestination,
    /// The router has a compact form (`Router::compact`) whose routes are deadlock-free with its
    /// own classes.
    Compact,
}

/// Checks a router spec's parameter (`loren:16` → 16).
pub(crate) type ParamCheck = fn(&Spec<'_>) -> Result<f64>;
/// Builds a router for a topology with an optional parameter and an optional word after it.
pub(crate) type BuildFn =
    for<'t> fn(&'t Topology, Option<f64>, Option<&'static str>) -> Result<Box<dyn Router + 't>>;

/// One router family: its name, its definition (page tooltips, `--help`), its optional
/// parameter, and the builder.
pub struct RouterDef {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub definition: &'static str,
    /// The parameter a spec may give after ':' (`loren:16`, `cowen:0.4`, `cowen:18`): its name
    /// and check.
    pub param: Option<(&'static str, ParamCheck)>,
    /// Words a spec may give after the parameter (`cowen:32:largest`); the parameter's check
    /// sees them too.
    pub words: &'static [&'static str],
    /// `Some(check)`: the router refuses some switch counts (its tables grow with |N|²); the
    /// check runs on a spec's switch count before the network is built.
    pub check_size: Option<fn(usize) -> Result<()>>,
    /// `Some(check)`: the router needs a network of a kind (a grid, a fat-tree, switches on a
    /// floor); the check looks at the built network's shape only, before any table or distance
    /// is computed, so a run that cannot use the router says so at once (`RouterSpec::fits`).
    pub needs: Option<fn(&Topology) -> Result<()>>,
    /// True when its build may refuse a spec only once its tables are computed (LOREN's t_max
    /// below the entries it must keep, Cowen's t_max that no α fits): a precheck builds it
    /// (`RouterSpec::precheck`); for the others `fits` says all a build refuses.
    pub tables_decide: bool,
    /// How the built router's next hop depends on a packet, known before it is built: the
    /// flit simulator's limits read it (`Forwarding`).
    pub forwarding: Forwarding,
    pub build: BuildFn,
}

impl Named for RouterDef {
    fn name(&self) -> &'static str {
        self.name
    }
    fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }
}

/// Every router, in the order the page lists them.
pub const ROUTERS: &[RouterDef] = &[
    dor::DOR,
    shortest::SHORTEST,
    updown::UPDOWN,
    nca::NCA,
    loren::LOREN,
    cowen::COWEN,
    cowen_cluster::COWEN_CLUSTER,
    dualplane::DUAL_PLANE,
];

/// A parsed router spec: which router, with which parameter.
#[derive(Clone, Copy)]
pub struct RouterSpec {
    pub def: &'static RouterDef,
    pub param: Option<f64>,
    /// The word after the parameter (one of `def.words`).
    pub word: Option<&'static str>,
}

impl std::fmt::Debug for RouterSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RouterSpec({})", self.text())
    }
}

impl RouterSpec {
    /// Parse `dor`, `loren`, `loren:16`, `cowen:0.4`, `cowen:18`, …
    pub fn parse(text: &str) -> Result<Self> {
        let spec = Spec::split(text, Error::routing);
        let def = find(ROUTERS, &spec, "routing")?;
        let words = def.words;
        let param = match (def.param, spec.args.len()) {
            (_, 0) => None,
            (Some((_, check)), 1) => Some(check(&spec)?),
            (Some((_, check)), 2) if !words.is_empty() => Some(check(&spec)?),
            (Some((name, _)), _) if words.is_empty() => {
                return Err(spec.error(format!("write {}:{name}", def.name)))
            }
            (Some((name, _)), _) => {
                return Err(spec.error(format!(
                    "write {}:{name} or {}:{name}:{}",
                    def.name,
                    def.name,
                    words.join("|")
                )))
            }
            (None, _) => return Err(spec.error(format!("{} takes no parameter", def.name))),
        };
        let word = match spec.arg(1) {
            None => None,
            Some(given) => Some(
                *words
                    .iter()
                    .find(|w| w.eq_ignore_ascii_case(given.trim()))
                    .ok_or_else(|| {
                        spec.error(format!(
                            "'{}' is not one of {}",
                            crate::error::shorten(given),
                            words.join(", ")
                        ))
                    })?,
            ),
        };
        Ok(RouterSpec { def, param, word })
    }
    /// The router `name` with an optional parameter.
    pub fn named(name: &str, param: Option<f64>) -> Result<Self> {
        let mut spec = RouterSpec::parse(name)?;
        if let (Some((_, check)), Some(value)) = (spec.def.param, param) {
            let text = format!("{}:{value}", spec.def.name);
            spec.param = Some(check(&Spec::split(&text, Error::routing))?);
        }
        Ok(spec)
    }
    /// The router a topology uses when none is given: DOR on grids, up/down on fat-trees,
    /// shortest path otherwise.
    pub fn default_for(topo: &Topology) -> Self {
        // (one table of defaults, `default_for_kind`: a built network by its shape's generator)
        let kind = match topo.shape() {
            Shape::Grid { .. } => "mesh",
            Shape::FatTree { .. } => "fattree",
            Shape::DualPlane { .. } => "dual",
            _ => "",
        };
        Self::default_for_kind(kind).0
    }
    /// `default_for` from a topology spec's generator (`TopologySpec::kind`), before it is
    /// built: what a lab's `auto` routing runs, and a sentence saying why.
    pub fn default_for_kind(kind: &str) -> (Self, &'static str) {
        let (name, why) = match kind {
            "mesh" | "torus" | "hypercube" => ("dor", "dimension order, the default on meshes, tori and hypercubes"),
            "fattree" => ("updown", "up/down, the default on fat-trees"),
            "dual" => ("dual-plane", "the dual-plane router, the default on dual planes"),
            _ => ("shortest", "shortest paths, the default on any network without a router of its own (a file, LRT, a dragonfly, …)"),
        };
        (Self::listed(name), why)
    }
    fn listed(name: &str) -> Self {
        RouterSpec {
            def: ROUTERS.iter().find(|r| r.name == name).expect("listed"),
            param: None,
            word: None,
        }
    }
    /// The router's name.
    pub fn name(&self) -> &'static str {
        self.def.name
    }
    /// The spec as text (`loren:16`, `cowen:32:largest`).
    pub fn text(&self) -> String {
        match (self.param, self.word) {
            (Some(p), Some(w)) => format!("{}:{p}:{w}", self.def.name),
            (Some(p), None) => format!("{}:{p}", self.def.name),
            _ => self.def.name.to_string(),
        }
    }
    /// How the router's next hop depends on a packet (`RouterDef::forwarding`).
    pub fn forwarding(&self) -> Forwarding {
        self.def.forwarding
    }
    /// Whether the router takes a network of `switches` switches (before it is built).
    pub(crate) fn check_switches(&self, switches: usize) -> Result<()> {
        self.def.check_size.map_or(Ok(()), |check| check(switches))
    }
    /// Whether the router takes `topo`: its size and its kind (`RouterDef::check_size`,
    /// `RouterDef::needs`), before anything of the router is built. Building it checks the same.
    pub fn fits(&self, topo: &Topology) -> Result<()> {
        self.check_switches(topo.switch_count())?;
        self.def.needs.map_or(Ok(()), |needs| needs(topo))
    }
    /// Everything a build on `topo` refuses, checked before a run's main work: `fits`, and the
    /// build itself for a router whose tables decide (`RouterDef::tables_decide`), so that a
    /// precheck is as strict as the run.
    pub fn precheck(&self, topo: &Topology) -> Result<()> {
        self.fits(topo)?;
        if self.def.tables_decide {
            self.build(topo)?;
        }
        Ok(())
    }
    /// Build the router for `topo`, or say why it does not apply.
    pub fn build<'t>(&self, topo: &'t Topology) -> Result<Box<dyn Router + 't>> {
        (self.def.build)(topo, self.param, self.word)
    }
}

/// Route every communication of `traffic` (from its source's switch to its destination's).
pub(crate) fn route_traffic(
    router: &dyn Router,
    topo: &Topology,
    traffic: &Traffic,
) -> Result<PathSet> {
    let pairs: Vec<(SwitchId, SwitchId)> = traffic
        .flows
        .iter()
        .enumerate()
        .map(|(i, f)| {
            router.entry(
                topo.endpoint_switch(f.src),
                topo.endpoint_switch(f.dst),
                i % 2 == 1,
            )
        })
        .collect();
    let mut set = PathSet::new();
    for p in router.paths(&pairs)? {
        set.push_path(&p);
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_name_routers_and_check_parameters() {
        assert_eq!(RouterSpec::parse("LOREN:16").unwrap().text(), "loren:16");
        assert_eq!(RouterSpec::parse("up-down").unwrap().name(), "updown");
        let msg = |s: &str| RouterSpec::parse(s).unwrap_err().to_string();
        assert!(msg("dorr").contains("did you mean dor"), "{}", msg("dorr"));
        assert!(msg("dor:3").contains("takes no parameter"));
        assert!(msg("cowen:1.5").contains("(0, 1)"));
        assert!(msg("cowen:0").contains("whole table limit"));
        assert_eq!(RouterSpec::parse("cowen:18").unwrap().text(), "cowen:18");
        assert_eq!(
            RouterSpec::parse("cluster:0.4").unwrap().text(),
            "cowen-cluster:0.4"
        );
        assert!(msg("loren:0").contains("at least 1"));
    }
}

//! Any network as a graph file for general graph tools (issue 26): GraphML for networkx, Gephi
//! and SST/Merlin's `anytopo` (undirected, one node per switch in Topolab's order with its
//! `endpoints`), and Graphviz DOT. Where the figure draws each switch and what a run put on each
//! directed channel are passed in by the caller (a lab, the CLI), since export sits below layout.

use crate::model::{ChannelId, EndpointId, LinkId, LinkKind, SwitchId, Topology};
use std::fmt::Write;

/// What a run put on each directed channel, and what that number counts.
#[derive(Debug, Clone, PartialEq)]
pub struct Loads {
    /// One value per channel, in `ChannelId` order (`2·link` runs from the link's first switch).
    pub per_channel: Vec<f64>,
    /// What a value counts, in words ("circuits crossing the channel", "bytes", …).
    pub measure: &'static str,
}

/// What a caller knows of a network beyond its links: where each switch is drawn and the
/// loads of a run. Either may be missing; the file then leaves those keys out.
#[derive(Debug, Clone, Copy, Default)]
pub struct NetworkExtras<'a> {
    /// Each switch's (x, y) in the figure's units (one grid step = 1, y grows downwards), in
    /// switch order.
    pub positions: Option<&'a [(f64, f64)]>,
    pub loads: Option<&'a Loads>,
}

/// The graph formats a network can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NetworkFormat {
    /// GraphML (`.graphml`).
    Graphml,
    /// Graphviz DOT (`.dot`).
    Dot,
}

impl NetworkFormat {
    /// The format's name, also its file extension: `graphml`, `dot`.
    pub fn name(self) -> &'static str {
        match self {
            NetworkFormat::Graphml => "graphml",
            NetworkFormat::Dot => "dot",
        }
    }

    /// The file written in this format.
    pub fn write(self, topo: &Topology, extras: &NetworkExtras) -> String {
        match self {
            NetworkFormat::Graphml => graphml(topo, extras),
            NetworkFormat::Dot => dot(topo, extras),
        }
    }
}

/// A GraphML key: the attribute's name (also its DOT attribute), what it belongs to, its type
/// and what it means.
struct Key {
    id: &'static str,
    domain: &'static str,
    kind: &'static str,
    about: &'static str,
}

/// Every attribute either format writes, in the order written; the optional ones only when
/// the network or the extras have them (`Parts::has`).
const KEYS: &[Key] = &[
    key(
        "spec",
        "graph",
        "string",
        "the Topolab spec the network was built from",
    ),
    key(
        "load_measure",
        "graph",
        "string",
        "what load_fwd and load_rev count",
    ),
    key(
        "endpoints",
        "node",
        "int",
        "end nodes whose (home) switch this is",
    ),
    key(
        "endpoint_ports",
        "node",
        "int",
        "end-node ports at this switch (a node on two planes has one on each)",
    ),
    key("layer", "node", "int", "layer of the switch (0: the roots)"),
    key(
        "x",
        "node",
        "double",
        "where Topolab's figure draws the switch (one grid step = 1)",
    ),
    key(
        "y",
        "node",
        "double",
        "where Topolab's figure draws the switch (grows downwards)",
    ),
    key(
        "kind",
        "edge",
        "string",
        "link technology: electrical or optical",
    ),
    key(
        "plane",
        "edge",
        "int",
        "network plane of the link (0 unless multi-plane)",
    ),
    key("bandwidth_gbps", "edge", "double", "link bandwidth, Gb/s"),
    key("length_m", "edge", "double", "cable length, metres"),
    key(
        "load_fwd",
        "edge",
        "double",
        "load of the channel from source to target",
    ),
    key(
        "load_rev",
        "edge",
        "double",
        "load of the channel from target to source",
    ),
];

const fn key(
    id: &'static str,
    domain: &'static str,
    kind: &'static str,
    about: &'static str,
) -> Key {
    Key {
        id,
        domain,
        kind,
        about,
    }
}

/// One attribute as written: its key and its value (numbers as Rust prints them, which both
/// formats read).
type Attribute = (&'static str, String);

/// Everything both formats say of the network, its switches and its links, checked against
/// the topology once.
struct Parts<'a> {
    topo: &'a Topology,
    positions: Option<&'a [(f64, f64)]>,
    loads: Option<&'a Loads>,
    /// Endpoints whose home switch each switch is (anynet's and anytopo's count).
    endpoints: Vec<u32>,
    /// Every endpoint port at each switch, when some endpoint has several (dual-plane).
    ports: Option<Vec<u32>>,
    /// Each switch's layer, when the network has layers (fat-trees).
    layers: Option<Vec<u32>>,
}

impl<'a> Parts<'a> {
    fn new(topo: &'a Topology, extras: &NetworkExtras<'a>) -> Self {
        if let Some(p) = extras.positions {
            assert_eq!(p.len(), topo.switch_count(), "a position per switch");
        }
        if let Some(l) = extras.loads {
            assert_eq!(
                l.per_channel.len(),
                topo.channel_count(),
                "a load per channel"
            );
        }
        let ports = (topo.max_endpoint_ports() > 1).then(|| {
            let mut count = vec![0u32; topo.switch_count()];
            for e in 0..topo.endpoint_count() {
                for s in topo.endpoint_switches(EndpointId::new(e)) {
                    count[s.index()] += 1;
                }
            }
            count
        });
        let layers: Vec<u32> = (0..topo.switch_count())
            .map(|s| topo.switch_info(SwitchId::new(s)).layer)
            .collect();
        Parts {
            topo,
            positions: extras.positions,
            loads: extras.loads,
            endpoints: topo.endpoints_per_switch(),
            ports,
            layers: layers.iter().any(|&l| l > 0).then_some(layers),
        }
    }

    /// Whether the file has attribute `id`.
    fn has(&self, id: &str) -> bool {
        match id {
            "load_measure" | "load_fwd" | "load_rev" => self.loads.is_some(),
            "endpoint_ports" => self.ports.is_some(),
            "layer" => self.layers.is_some(),
            "x" | "y" => self.positions.is_some(),
            _ => true,
        }
    }

    /// The network's own attributes.
    fn graph_data(&self) -> Vec<Attribute> {
        let mut data = vec![("spec", self.topo.spec().to_string())];
        if let Some(loads) = self.loads {
            data.push(("load_measure", loads.measure.to_string()));
        }
        data
    }

    /// Switch `s`'s attributes but its position (the formats place it differently).
    fn switch_data(&self, s: usize) -> Vec<Attribute> {
        let mut data = vec![("endpoints", self.endpoints[s].to_string())];
        if let Some(ports) = &self.ports {
            data.push(("endpoint_ports", ports[s].to_string()));
        }
        if let Some(layers) = &self.layers {
            data.push(("layer", layers[s].to_string()));
        }
        data
    }

    /// Link `l`'s attributes; its loads are its two channels': from its first switch (the
    /// edge's source as written) and back.
    fn link_data(&self, l: usize) -> Vec<Attribute> {
        let info = self.topo.link_info(LinkId::new(l));
        let mut data = vec![
            ("kind", kind_name(info.kind).to_string()),
            ("plane", info.plane.to_string()),
            ("bandwidth_gbps", info.bandwidth_gbps.to_string()),
            ("length_m", info.length_m.to_string()),
        ];
        if let Some((forward, back)) = self.link_loads(l) {
            data.push(("load_fwd", forward.to_string()));
            data.push(("load_rev", back.to_string()));
        }
        data
    }

    fn link_loads(&self, l: usize) -> Option<(f64, f64)> {
        self.loads.map(|loads| {
            let forward = ChannelId::new(2 * l);
            (
                loads.per_channel[forward.index()],
                loads.per_channel[forward.reverse().index()],
            )
        })
    }
}

/// The network as GraphML: an undirected graph with a node per switch, in switch order, with
/// ids "0"…"n−1" and an integer `endpoints` (SST/Merlin's `anytopo` reads exactly that), `x`
/// and `y` when positions are given, `layer` in layered networks and `endpoint_ports` where an
/// endpoint has several switches; an edge per link (parallel links stay parallel edges, id
/// "e<link>") with `kind`, `plane`, `bandwidth_gbps`, `length_m` and, with loads, `load_fwd`
/// (source → target as written) and `load_rev`. Every key is declared with its type; networkx
/// reads it with `read_graphml`.
pub fn graphml(topo: &Topology, extras: &NetworkExtras) -> String {
    let parts = Parts::new(topo, extras);
    let mut out = String::with_capacity(2000 + 80 * topo.switch_count() + 260 * topo.link_count());
    out.push_str(concat!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" ",
        "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" ",
        "xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns ",
        "http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n"
    ));
    for k in KEYS.iter().filter(|k| parts.has(k.id)) {
        let _ = writeln!(
            out,
            "  <key id=\"{0}\" for=\"{1}\" attr.name=\"{0}\" attr.type=\"{2}\"><desc>{3}</desc></key>",
            k.id,
            k.domain,
            k.kind,
            xml(k.about)
        );
    }
    out.push_str("  <graph id=\"topolab\" edgedefault=\"undirected\">\n");
    let data = |out: &mut String, attributes: Vec<Attribute>| {
        for (key, value) in attributes {
            let _ = write!(out, "<data key=\"{key}\">{}</data>", xml(&value));
        }
    };
    out.push_str("    ");
    data(&mut out, parts.graph_data());
    out.push('\n');
    for s in 0..topo.switch_count() {
        let _ = write!(out, "    <node id=\"{s}\">");
        data(&mut out, parts.switch_data(s));
        if let Some(positions) = parts.positions {
            let (x, y) = positions[s];
            data(&mut out, vec![("x", x.to_string()), ("y", y.to_string())]);
        }
        out.push_str("</node>\n");
    }
    for l in 0..topo.link_count() {
        let (a, b) = topo.link_ends(LinkId::new(l));
        let _ = write!(
            out,
            "    <edge id=\"e{l}\" source=\"{}\" target=\"{}\">",
            a.0, b.0
        );
        data(&mut out, parts.link_data(l));
        out.push_str("</edge>\n");
    }
    out.push_str("  </graph>\n</graphml>\n");
    out
}

/// The network as Graphviz DOT: `graph topolab { … }` (parallel links stay parallel edges)
/// with GraphML's attributes: each switch with its `endpoints` and, with positions, pinned
/// where the figure draws it (`pos="x,y!"` in inches, one grid step = 1 inch, and
/// `layout=neato` so `dot -Tsvg` keeps them); each link `a -- b` with `kind`, `plane`,
/// `bandwidth_gbps`, `length_m` (optical ones dashed) and, with loads, `load_fwd`, `load_rev`,
/// a label "fwd / rev" and a pen width growing with the busier direction.
pub fn dot(topo: &Topology, extras: &NetworkExtras) -> String {
    let parts = Parts::new(topo, extras);
    let mut out = String::with_capacity(200 + 40 * topo.switch_count() + 120 * topo.link_count());
    let _ = writeln!(
        out,
        "// Topolab network {}: {} switches, {} links, {} end nodes",
        topo.spec().replace(['\n', '\r'], " "),
        topo.switch_count(),
        topo.link_count(),
        topo.endpoint_count()
    );
    out.push_str("graph topolab {\n");
    // `label` draws the spec as the title; `spec` keeps it for a reader of attributes
    let mut graph = vec![format!("label={}", quoted(topo.spec()))];
    graph.extend(
        (parts.graph_data().into_iter()).map(|(key, value)| format!("{key}={}", quoted(&value))),
    );
    if parts.positions.is_some() {
        graph.push("layout=neato".into());
    }
    let _ = writeln!(
        out,
        "  graph [{}];\n  node [shape=circle];",
        graph.join(", ")
    );
    let list = |attributes: Vec<Attribute>| -> Vec<String> {
        (attributes.into_iter())
            .map(|(key, value)| format!("{key}={value}"))
            .collect()
    };
    for s in 0..topo.switch_count() {
        let mut attributes = list(parts.switch_data(s));
        if let Some(positions) = parts.positions {
            // Graphviz's y grows upwards; `0.0 - y` keeps a zero from printing as "-0"
            let (x, y) = positions[s];
            attributes.push(format!("pos=\"{x},{}!\"", 0.0 - y));
        }
        let _ = writeln!(out, "  {s} [{}];", attributes.join(", "));
    }
    let busiest = parts
        .loads
        .map_or(0.0, |l| l.per_channel.iter().copied().fold(0.0, f64::max));
    for l in 0..topo.link_count() {
        let (a, b) = topo.link_ends(LinkId::new(l));
        let mut attributes = list(parts.link_data(l));
        if topo.link_info(LinkId::new(l)).kind == LinkKind::Optical {
            attributes.push("style=dashed".into());
        }
        if let Some((forward, back)) = parts.link_loads(l) {
            let width = if busiest > 0.0 {
                1.0 + 4.0 * forward.max(back) / busiest
            } else {
                1.0
            };
            attributes.push(format!(
                "label=\"{} / {}\", penwidth={width:.2}",
                short(forward),
                short(back)
            ));
        }
        let _ = writeln!(out, "  {} -- {} [{}];", a.0, b.0, attributes.join(", "));
    }
    out.push_str("}\n");
    out
}

fn kind_name(kind: LinkKind) -> &'static str {
    match kind {
        LinkKind::Electrical => "electrical",
        LinkKind::Optical => "optical",
    }
}

/// `text` as XML character data or an attribute value: markup escaped, and the control
/// characters XML 1.0 cannot hold replaced by U+FFFD.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// `text` as a DOT double-quoted string.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A load for a label: whole numbers as they are, others to three decimals.
fn short(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{value}")
    } else {
        format!("{value:.3}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{LinkInfo, Shape, SwitchInfo};
    use crate::topology::build;

    fn count(text: &str, needle: &str) -> usize {
        text.matches(needle).count()
    }

    /// Two switches joined twice (an optical and an electrical link), a third on a spec that
    /// needs escaping; the first switch holds two end nodes.
    fn parallel() -> Topology {
        let mut t = Topology::new(
            "odd<&\"'>\u{1}spec",
            Shape::Irregular,
            vec![SwitchInfo::default(); 3],
        );
        t.add_link(SwitchId(0), SwitchId(1), LinkInfo::default());
        t.add_link(
            SwitchId(1),
            SwitchId(0),
            LinkInfo {
                kind: LinkKind::Optical,
                length_m: 2.5,
                plane: 1,
                ..LinkInfo::default()
            },
        );
        t.add_link(SwitchId(1), SwitchId(2), LinkInfo::default());
        t.add_endpoint(SwitchId(0));
        t.add_endpoint(SwitchId(0));
        t
    }

    #[test]
    fn graphml_has_a_node_per_switch_and_an_edge_per_link() {
        let t = build("mesh:4x4").unwrap();
        let text = graphml(&t, &NetworkExtras::default());
        assert_eq!(count(&text, "<node "), 16);
        assert_eq!(count(&text, "<edge "), 24);
        assert!(text.contains("<node id=\"0\"><data key=\"endpoints\">1</data></node>"));
        assert!(text.contains("<edge id=\"e0\" source=\"0\" target=\"1\">"));
        assert!(text.contains("edgedefault=\"undirected\""));
        // without positions or loads, none of their keys
        for absent in ["\"x\"", "\"load_fwd\"", "load_measure", "\"layer\""] {
            assert!(!text.contains(absent), "{absent} in {text}");
        }
    }

    #[test]
    fn every_data_key_is_declared_with_its_type() {
        let t = build("fattree:4:3").unwrap();
        let positions = vec![(1.0, 2.0); t.switch_count()];
        let loads = Loads {
            per_channel: (0..t.channel_count()).map(|c| c as f64).collect(),
            measure: "test",
        };
        let text = graphml(
            &t,
            &NetworkExtras {
                positions: Some(&positions),
                loads: Some(&loads),
            },
        );
        let declared: Vec<&str> = text
            .split("<key id=\"")
            .skip(1)
            .map(|k| k.split('"').next().unwrap())
            .collect();
        let used: std::collections::BTreeSet<&str> = text
            .split("<data key=\"")
            .skip(1)
            .map(|k| k.split('"').next().unwrap())
            .collect();
        for key in &used {
            assert!(declared.contains(key), "key {key} used but not declared");
        }
        for key in &declared {
            assert!(used.contains(key), "key {key} declared but never used");
        }
        assert_eq!(declared.len(), used.len(), "each key declared once");
        for (key, kind) in [
            ("endpoints", "int"),
            ("layer", "int"),
            ("x", "double"),
            ("load_fwd", "double"),
            ("kind", "string"),
        ] {
            assert!(
                text.contains(&format!(
                    "<key id=\"{key}\" for=\"{}\" attr.name=\"{key}\" attr.type=\"{kind}\">",
                    if ["endpoints", "layer", "x"].contains(&key) {
                        "node"
                    } else {
                        "edge"
                    }
                )),
                "{key}"
            );
        }
        // a fat-tree's upper switches hold no end nodes and say so
        assert_eq!(count(&text, "<data key=\"endpoints\">0</data>"), 32);
        assert_eq!(count(&text, "<data key=\"endpoints\">4</data>"), 16);
    }

    #[test]
    fn loads_follow_the_edge_as_written() {
        let t = parallel();
        let loads = Loads {
            per_channel: vec![1.0, 2.0, 3.0, 4.5, 5.0, 6.0],
            measure: "flits & more",
        };
        let extras = NetworkExtras {
            positions: None,
            loads: Some(&loads),
        };
        let text = graphml(&t, &extras);
        // link 1 was added as 1 → 0: its forward channel (2) runs from 1 to 0
        assert!(text.contains("<edge id=\"e1\" source=\"1\" target=\"0\"><data key=\"kind\">optical</data><data key=\"plane\">1</data><data key=\"bandwidth_gbps\">100</data><data key=\"length_m\">2.5</data><data key=\"load_fwd\">3</data><data key=\"load_rev\">4.5</data></edge>"), "{text}");
        assert!(text.contains("<data key=\"load_measure\">flits &amp; more</data>"));
        let dot = dot(&t, &extras);
        assert!(
            dot.contains("  1 -- 0 [kind=optical, plane=1, bandwidth_gbps=100, length_m=2.5, load_fwd=3, load_rev=4.5, style=dashed, label=\"3 / 4.500\", penwidth=4.00];"),
            "{dot}"
        );
        assert!(dot.contains("penwidth=5.00"), "the busiest link is widest");
    }

    #[test]
    fn parallel_links_stay_parallel_and_text_is_escaped() {
        let t = parallel();
        let text = graphml(&t, &NetworkExtras::default());
        assert_eq!(count(&text, "<edge "), 3);
        assert_eq!(count(&text, "source=\"0\" target=\"1\""), 1);
        assert_eq!(count(&text, "source=\"1\" target=\"0\""), 1);
        assert!(text.contains("<data key=\"spec\">odd&lt;&amp;&quot;&apos;&gt;\u{fffd}spec</data>"));
        assert!(text.contains("<node id=\"0\"><data key=\"endpoints\">2</data></node>"));
        let dot = dot(&t, &NetworkExtras::default());
        assert_eq!(count(&dot, " -- "), 3);
        assert!(
            dot.contains("graph [label=\"odd<&\\\"'>\u{1}spec\", spec=\"odd<&\\\"'>\u{1}spec\"];"),
            "{dot}"
        );
        assert!(
            !dot.contains("layout=neato"),
            "nothing to pin without positions"
        );
    }

    #[test]
    fn dot_pins_switches_where_the_figure_draws_them() {
        let t = build("mesh:2x2").unwrap();
        let positions = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)];
        let text = dot(
            &t,
            &NetworkExtras {
                positions: Some(&positions),
                loads: None,
            },
        );
        assert!(text.starts_with("// Topolab network mesh:2x2: 4 switches, 4 links, 4 end nodes\ngraph topolab {\n  graph [label=\"mesh:2x2\", spec=\"mesh:2x2\", layout=neato];\n"));
        assert!(
            text.contains("  0 [endpoints=1, pos=\"0,0!\"];\n"),
            "{text}"
        );
        assert!(
            text.contains("  3 [endpoints=1, pos=\"1,-1!\"];\n"),
            "{text}"
        );
        assert!(
            text.contains("  0 -- 1 [kind=electrical, plane=0, bandwidth_gbps=100, length_m=1];\n")
        );
        assert!(text.ends_with("}\n"));
    }

    #[test]
    fn dual_plane_nodes_count_their_ports() {
        let t = build("dual:hc:3").unwrap();
        let text = graphml(&t, &NetworkExtras::default());
        // 8 nodes, each on switch s of plane 0 (home) and of plane 1
        assert_eq!(count(&text, "<data key=\"endpoints\">1</data>"), 8);
        assert_eq!(count(&text, "<data key=\"endpoints\">0</data>"), 8);
        assert_eq!(count(&text, "<data key=\"endpoint_ports\">1</data>"), 16);
    }
}

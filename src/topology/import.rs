//! Networks brought in from files (issue 28, "your own network"): a plain edge list, BookSim2's
//! anynet format and GraphML (what networkx, Gephi and our own `export graphml` write), told
//! apart by their content and read into one checked form, `Network`, which the `graph:`
//! generator (`topology::graph`) names in a Scenario and its permalink.
//!
//! Every size is checked against the generated topologies' limits while reading (nothing is
//! sized from a number in the file before it is checked), and every complaint names its line.
//! The edge list is also the canonical form the `graph:` spec carries, so one reader serves
//! both.
//!
//! Edge list, one item per line, `#` starts a comment:
//! - `A B`: a link between switches A and B (whole numbers from 0; networkx's `{…}` data
//!   after them is ignored);
//! - `switches N` (optional): the switch count (else the largest id + 1);
//! - `endpoints S K` (optional): switch S has K endpoints (every switch has one otherwise);
//!   endpoints are numbered switch by switch;
//! - `position S X Y` (optional, for every switch or none): where switch S is drawn.
//!
//! Anynet (`router R node E router R2 [latency] …`): a link listed from both ends is one link;
//! nodes are renumbered switch by switch. GraphML: nodes in the order written, their `endpoints`
//! data (default 1, or the key's `<default>`), their `x` and `y` data as positions when every
//! node has both, edges as undirected links (a directed pair a→b, b→a is one link).

use super::{MAX_ENDPOINTS, MAX_LINKS, MAX_SWITCHES};
use crate::{Error, Result};
use std::collections::HashMap;
use std::fmt::Write;

/// The largest network file read (a file of `MAX_LINKS` links of two five-digit ids is 12 MiB;
/// beyond this a file is refused before it is read, not parsed to its end).
pub const MAX_NETWORK_FILE_BYTES: u64 = 64 << 20;

/// The largest coordinate of a switch's position: differences and sums of two stay finite
/// (±1e308 gave `inf` and `NaN` in the SVG, DOT and GraphML written from it), and any drawing
/// a tool writes is well inside.
pub const MAX_COORDINATE: f64 = 1e15;

/// A network read from a file: its switches, links and each switch's endpoint count, checked
/// (ids in range, no self-loop or repeated link, one connected network, within the limits).
#[derive(Debug, Clone, PartialEq)]
pub struct Network {
    pub switches: usize,
    pub links: Vec<(u32, u32)>,
    /// Endpoints at each switch.
    pub endpoints: Vec<u32>,
    /// Where each switch is drawn, when the file says for every switch.
    pub positions: Option<Vec<(f64, f64)>>,
}

/// The formats a network file may be in (found by `detect`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    EdgeList,
    Anynet,
    GraphMl,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::EdgeList => "edge list",
            Format::Anynet => "BookSim anynet",
            Format::GraphMl => "GraphML",
        }
    }
}

/// The format of `text`, from its first item: `<` starts GraphML (XML), `router` anynet, and
/// anything else is read as an edge list.
pub fn detect(text: &str) -> Format {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .unwrap_or("");
    if text.trim_start().starts_with('<') {
        Format::GraphMl
    } else if first
        .split_whitespace()
        .next()
        .is_some_and(|t| t.eq_ignore_ascii_case("router"))
    {
        Format::Anynet
    } else {
        Format::EdgeList
    }
}

/// Read the network in `text` (any of the formats); `name` names the file in errors. A UTF-8
/// byte-order mark and CR or CR LF line ends (Excel, Windows and old Mac tools write them) read
/// as the plain text (in GraphML too, where XML reads them so, and line numbers then count
/// them).
pub fn read(name: &str, text: &str) -> Result<Network> {
    match detect(text) {
        Format::EdgeList => read_edge_list(name, &plain_lines(text)),
        Format::Anynet => read_anynet(name, &plain_lines(text)),
        Format::GraphMl => read_graphml(name, &plain_lines(text)),
    }
}

/// `text` without a leading byte-order mark and with every line ending in LF alone (CR LF and
/// a lone CR both end a line), so that line numbers count what an editor shows.
pub fn plain_lines(text: &str) -> std::borrow::Cow<'_, str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.contains('\r') {
        std::borrow::Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

fn fail(name: &str, line: usize, reason: impl std::fmt::Display) -> Error {
    Error::topology(name, format!("line {line}: {reason}"))
}

/// Links and endpoint counts as they are read, with the checks every format shares.
struct Builder<'a> {
    name: &'a str,
    /// Highest switch id seen + 1.
    seen: usize,
    links: Vec<(u32, u32)>,
    /// Each link (low, high) and the line it was on, for repeated links.
    lines: HashMap<(u32, u32), usize>,
    endpoints: HashMap<u32, (u32, usize)>,
    /// Positions given, by switch, with their lines.
    positions: HashMap<u32, ((f64, f64), usize)>,
}

impl<'a> Builder<'a> {
    fn new(name: &'a str) -> Self {
        Builder {
            name,
            seen: 0,
            links: Vec::new(),
            lines: HashMap::new(),
            endpoints: HashMap::new(),
            positions: HashMap::new(),
        }
    }

    fn position(&mut self, line: usize, s: u32, x: &str, y: &str) -> Result<()> {
        let number = |t: &str| {
            let v = t.trim().parse::<f64>().ok().filter(|v| v.is_finite());
            match v {
                Some(v) if v.abs() <= MAX_COORDINATE => Ok(v),
                Some(_) => Err(fail(
                    self.name,
                    line,
                    format!(
                        "{} is beyond ±{MAX_COORDINATE:e} (a drawing that large overflows when it is laid out): scale the positions down",
                        crate::error::quoted(t.trim())
                    ),
                )),
                None => Err(fail(
                    self.name,
                    line,
                    format!("{} is not a finite number", crate::error::quoted(t.trim())),
                )),
            }
        };
        let at = (number(x)?, number(y)?);
        if let Some((_, first)) = self.positions.insert(s, (at, line)) {
            return Err(fail(
                self.name,
                line,
                format!("switch {s}'s position is given already on line {first}"),
            ));
        }
        Ok(())
    }

    /// A switch id, checked against `MAX_SWITCHES`.
    fn switch(&mut self, line: usize, token: &str) -> Result<u32> {
        let id = whole(self.name, line, token, "a switch number")?;
        if id >= MAX_SWITCHES {
            return Err(fail(
                self.name,
                line,
                format!(
                    "switch {id} is beyond the limit of {MAX_SWITCHES} switches (numbered from 0)"
                ),
            ));
        }
        self.seen = self.seen.max(id + 1);
        Ok(id as u32)
    }

    fn link(&mut self, line: usize, a: u32, b: u32) -> Result<()> {
        if a == b {
            return Err(fail(
                self.name,
                line,
                format!("a link from switch {a} to itself"),
            ));
        }
        let key = (a.min(b), a.max(b));
        if let Some(first) = self.lines.get(&key) {
            return Err(fail(
                self.name,
                line,
                format!(
                    "the link {}–{} is listed already on line {first} (one link per pair)",
                    key.0, key.1
                ),
            ));
        }
        if self.links.len() == MAX_LINKS {
            return Err(fail(
                self.name,
                line,
                format!("more than the limit of {MAX_LINKS} links"),
            ));
        }
        self.lines.insert(key, line);
        self.links.push((a, b));
        Ok(())
    }

    fn endpoints(&mut self, line: usize, s: u32, count: usize) -> Result<()> {
        if count > MAX_ENDPOINTS {
            return Err(fail(
                self.name,
                line,
                format!("{count} endpoints is above the limit of {MAX_ENDPOINTS}"),
            ));
        }
        if let Some((_, first)) = self.endpoints.insert(s, (count as u32, line)) {
            return Err(fail(
                self.name,
                line,
                format!("switch {s}'s endpoints are given already on line {first}"),
            ));
        }
        Ok(())
    }

    /// The checked network of `switches` switches (or as many as the ids seen).
    fn finish(self, switches: Option<(usize, usize)>) -> Result<Network> {
        let name = self.name;
        let n = match switches {
            Some((n, line)) => {
                if let Some((&(a, b), &at)) = self
                    .lines
                    .iter()
                    .filter(|(&(_, b), _)| b as usize >= n)
                    .min_by_key(|(_, &at)| at)
                {
                    return Err(fail(name, at, format!("the link {a}–{b} names switch {b}, but line {line} declares {n} switches (0 to {})", n.saturating_sub(1))));
                }
                n
            }
            None => self.seen,
        };
        let mut endpoints = vec![1u32; n];
        let mut given: Vec<(&u32, &(u32, usize))> = self.endpoints.iter().collect();
        given.sort_by_key(|(_, &(_, at))| at);
        for (&s, &(count, at)) in given {
            if s as usize >= n {
                return Err(fail(
                    name,
                    at,
                    format!(
                        "switch {s} has endpoints but the network has {n} switches (0 to {})",
                        n.saturating_sub(1)
                    ),
                ));
            }
            endpoints[s as usize] = count;
        }
        let total: u64 = endpoints.iter().map(|&k| u64::from(k)).sum();
        if n < 2 {
            return Err(Error::topology(
                name,
                "a network needs at least 2 switches and a link between them",
            ));
        }
        if total == 0 {
            return Err(Error::topology(
                name,
                "no switch has an endpoint: traffic needs somewhere to come from",
            ));
        }
        if total > MAX_ENDPOINTS as u64 {
            return Err(Error::TooLarge {
                what: format!("the endpoint count of '{name}'"),
                value: total as usize,
                limit: MAX_ENDPOINTS,
                hint: "give the switches fewer endpoints".into(),
            });
        }
        let positions = if self.positions.is_empty() {
            None
        } else {
            let mut at = vec![(0.0, 0.0); n];
            for (&s, &(p, line)) in &self.positions {
                if s as usize >= n {
                    return Err(fail(
                        name,
                        line,
                        format!("switch {s} has a position but the network has {n} switches"),
                    ));
                }
                at[s as usize] = p;
            }
            if self.positions.len() < n {
                let missing = (0..n as u32)
                    .find(|s| !self.positions.contains_key(s))
                    .unwrap_or(0);
                return Err(Error::topology(
                    name,
                    format!("positions are given for {} of {n} switches (switch {missing} has none): give every switch one, or none", self.positions.len()),
                ));
            }
            Some(at)
        };
        let network = Network {
            switches: n,
            links: self.links,
            endpoints,
            positions,
        };
        network.check_connected(name)?;
        Ok(network)
    }
}

fn whole(name: &str, line: usize, token: &str, what: &str) -> Result<usize> {
    token.parse::<usize>().map_err(|_| {
        fail(
            name,
            line,
            format!(
                "'{}' is not {what} (a whole number from 0)",
                crate::error::shorten(token)
            ),
        )
    })
}

/// The plain edge list (see the module's header); also the `graph:` spec's canonical form.
pub fn read_edge_list(name: &str, text: &str) -> Result<Network> {
    let mut b = Builder::new(name);
    let mut switches: Option<(usize, usize)> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let tokens: Vec<&str> = content.split_whitespace().collect();
        match tokens[0].to_ascii_lowercase().as_str() {
            "switches" => {
                let [_, count] = tokens[..] else {
                    return Err(fail(name, line, "write 'switches N'"));
                };
                if let Some((_, first)) = switches {
                    return Err(fail(
                        name,
                        line,
                        format!("the switch count is given already on line {first}"),
                    ));
                }
                let n = whole(name, line, count, "a switch count")?;
                if n > MAX_SWITCHES {
                    return Err(fail(
                        name,
                        line,
                        format!("{n} switches is above the limit of {MAX_SWITCHES}"),
                    ));
                }
                switches = Some((n, line));
            }
            "position" => {
                let [_, s, x, y] = tokens[..] else {
                    return Err(fail(
                        name,
                        line,
                        "write 'position S X Y' (where switch S is drawn)",
                    ));
                };
                let s = b.switch(line, s)?;
                b.position(line, s, x, y)?;
            }
            "endpoints" => {
                let [_, s, k] = tokens[..] else {
                    return Err(fail(
                        name,
                        line,
                        "write 'endpoints S K' (K endpoints at switch S)",
                    ));
                };
                let s = b.switch(line, s)?;
                let k = whole(name, line, k, "an endpoint count")?;
                b.endpoints(line, s, k)?;
            }
            _ => {
                // `A B`, and networkx's `write_edgelist` data (`{…}`) after it, ignored
                let data = tokens.len() > 2 && tokens[2].starts_with('{');
                if tokens.len() == 1 || (tokens.len() > 2 && !data) {
                    return Err(fail(
                        name,
                        line,
                        format!(
                            "'{}' is not a link 'A B' (two switch numbers), 'switches N', 'endpoints S K' or 'position S X Y'",
                            crate::error::shorten(content)
                        ),
                    ));
                }
                let a = b.switch(line, tokens[0])?;
                let z = b.switch(line, tokens[1])?;
                b.link(line, a, z)?;
            }
        }
    }
    b.finish(switches)
}

/// BookSim2's anynet format: `router R` followed by `node E` and `router R2` items, each
/// `router` item optionally followed by its channel's latency (ignored: our latency is the
/// Simulate lab's).
pub fn read_anynet(name: &str, text: &str) -> Result<Network> {
    let mut b = Builder::new(name);
    // nodes: id → (switch, line); links from each end: (from, to) → line
    let mut nodes: HashMap<usize, (u32, usize)> = HashMap::new();
    let mut directed: HashMap<(u32, u32), usize> = HashMap::new();
    let mut pairs: Vec<(u32, u32, usize)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split("//").next().unwrap_or("").trim();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let tokens: Vec<&str> = content.split_whitespace().collect();
        if !tokens[0].eq_ignore_ascii_case("router") || tokens.len() < 2 {
            return Err(fail(name, line, "an anynet line starts with 'router R'"));
        }
        let r = b.switch(line, tokens[1])?;
        let mut k = 2;
        while k < tokens.len() {
            let kind = tokens[k].to_ascii_lowercase();
            let Some(id) = tokens.get(k + 1) else {
                return Err(fail(
                    name,
                    line,
                    format!("'{kind}' without a number after it"),
                ));
            };
            match kind.as_str() {
                "node" => {
                    let e = whole(name, line, id, "a node number")?;
                    if e >= MAX_ENDPOINTS {
                        return Err(fail(name, line, format!("node {e} is beyond the limit of {MAX_ENDPOINTS} endpoints (numbered from 0)")));
                    }
                    if let Some((_, first)) = nodes.insert(e, (r, line)) {
                        return Err(fail(
                            name,
                            line,
                            format!("node {e} is attached already on line {first}"),
                        ));
                    }
                    k += 2;
                }
                "router" => {
                    let to = b.switch(line, id)?;
                    if to == r {
                        return Err(fail(
                            name,
                            line,
                            format!("a link from router {r} to itself"),
                        ));
                    }
                    if let Some(first) = directed.insert((r, to), line) {
                        return Err(fail(name, line, format!("router {r} lists router {to} already on line {first} (one link per pair)")));
                    }
                    pairs.push((r, to, line));
                    k += 2;
                    // an optional latency after the router
                    if tokens.get(k).is_some_and(|t| t.parse::<f64>().is_ok()) {
                        k += 1;
                    }
                }
                _ => {
                    return Err(fail(
                        name,
                        line,
                        format!(
                            "'{}' is neither 'node E' nor 'router R'",
                            crate::error::shorten(tokens[k])
                        ),
                    ))
                }
            }
        }
    }
    // a link listed from both ends is one link, kept where it was first listed
    for (a, z, line) in pairs {
        if a > z && directed.contains_key(&(z, a)) {
            continue;
        }
        b.link(line, a, z)?;
    }
    // nodes numbered 0…E−1, renumbered switch by switch
    let mut ids: Vec<usize> = nodes.keys().copied().collect();
    ids.sort_unstable();
    if let Some(missing) = ids
        .iter()
        .enumerate()
        .find(|&(i, &id)| i != id)
        .map(|(i, _)| i)
    {
        return Err(Error::topology(
            name,
            format!("node {missing} is missing: anynet nodes are numbered 0 to E−1"),
        ));
    }
    let mut counts: HashMap<u32, (usize, usize)> = HashMap::new();
    for &(s, line) in nodes.values() {
        let c = counts.entry(s).or_insert((0, line));
        c.0 += 1;
        c.1 = c.1.min(line);
    }
    let seen = b.seen;
    for s in 0..seen as u32 {
        let (count, line) = counts.get(&s).copied().unwrap_or((0, 0));
        b.endpoints(line, s, count)?;
    }
    b.finish(None)
}

/// GraphML: `<node>`s in the order written (any ids), `<edge source target>`s, and the node
/// data whose key is named `endpoints` (and `x`, `y`). Read as XML by quick-xml, a streaming
/// reader (nothing is kept beyond what the network needs, whatever the file): entities and
/// character references, CDATA, well-formedness as XML has them; a DTD is refused (so no entity
/// is ever fetched or defined).
pub fn read_graphml(name: &str, text: &str) -> Result<Network> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(text);
    // the line of a byte offset, counted on as the reader moves forward
    let (mut counted, mut line) = (0usize, 1usize);
    let mut line_at = |pos: usize| {
        let pos = pos.min(text.len());
        if pos > counted {
            line += text.as_bytes()[counted..pos]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            counted = pos;
        }
        line
    };
    // (quick-xml quotes with backticks: ours are plain quotes)
    let malformed = |e: &dyn std::fmt::Display, at: usize| {
        let words = e.to_string().replace('`', "'");
        fail(name, at, format!("not well-formed XML: {words}"))
    };
    // the keys named endpoints, x and y (for nodes): id and <default>
    let mut keys: [(Option<String>, Option<String>); 3] = Default::default();
    let mut in_key: Option<usize> = None;
    // the text being read: of a <default> (key index) or a node's <data> (key index)
    let mut reading: Option<(usize, bool, usize)> = None;
    let mut value = String::new();
    let mut graphs = 0;
    let mut in_node: Option<usize> = None;
    let mut node_ids: HashMap<String, (u32, usize)> = HashMap::new();
    // per node: endpoints, x, y as written, with their lines
    let mut node_data: Vec<[Option<(String, usize)>; 3]> = Vec::new();
    let mut edges: Vec<(String, String, usize)> = Vec::new();
    let mut seen_root = false;
    loop {
        let start = reader.buffer_position() as usize;
        let event = reader
            .read_event()
            .map_err(|e| malformed(&e, line_at(reader.error_position() as usize)))?;
        let at = line_at(start);
        let attr = |e: &quick_xml::events::BytesStart, key: &str| -> Result<Option<String>> {
            for a in e.attributes() {
                let a = a.map_err(|err| malformed(&err, at))?;
                if a.key.local_name().as_ref() == key.as_bytes() {
                    let v = a.unescape_value().map_err(|err| malformed(&err, at))?;
                    return Ok(Some(v.into_owned()));
                }
            }
            Ok(None)
        };
        match event {
            Event::DocType(_) => {
                return Err(fail(name, at, "a DOCTYPE (DTD) is not read: remove it"));
            }
            Event::Start(ref e) | Event::Empty(ref e) => {
                let empty = matches!(event, Event::Empty(_));
                let tag = e.local_name();
                let tag = tag.as_ref();
                if !seen_root {
                    seen_root = true;
                    if tag != b"graphml" {
                        return Err(fail(
                            name,
                            at,
                            format!(
                                "the document is <{}>, not <graphml>: not a GraphML network",
                                crate::error::shorten(&String::from_utf8_lossy(tag))
                            ),
                        ));
                    }
                }
                match tag {
                    b"key" => {
                        let for_node = attr(e, "for")?.is_none_or(|f| f == "node" || f == "all");
                        let slot = match attr(e, "attr.name")?.as_deref() {
                            Some("endpoints") => Some(0),
                            Some("x") => Some(1),
                            Some("y") => Some(2),
                            _ => None,
                        };
                        if let (true, Some(slot)) = (for_node, slot) {
                            let id = attr(e, "id")?.ok_or_else(|| {
                                fail(name, at, "<key> without its 'id' attribute")
                            })?;
                            keys[slot] = (Some(id), None);
                            in_key = (!empty).then_some(slot);
                        }
                    }
                    b"default" if !empty => {
                        if let Some(slot) = in_key {
                            reading = Some((slot, true, at));
                            value.clear();
                        }
                    }
                    b"graph" => {
                        graphs += 1;
                        if graphs > 1 || in_node.is_some() {
                            return Err(fail(
                                name,
                                at,
                                "a second or nested <graph>: one network per file",
                            ));
                        }
                    }
                    b"hyperedge" => {
                        return Err(fail(
                            name,
                            at,
                            "hyperedges are not links between two switches",
                        ));
                    }
                    b"node" => {
                        let id = attr(e, "id")?
                            .ok_or_else(|| fail(name, at, "<node> without its 'id' attribute"))?;
                        let index = node_ids.len();
                        if index == MAX_SWITCHES {
                            return Err(fail(
                                name,
                                at,
                                format!("more than the limit of {MAX_SWITCHES} switches"),
                            ));
                        }
                        if let Some((_, first)) = node_ids.get(&id) {
                            return Err(fail(
                                name,
                                at,
                                format!(
                                    "node {} is declared already on line {first}",
                                    crate::error::quoted(&id)
                                ),
                            ));
                        }
                        node_ids.insert(id, (index as u32, at));
                        node_data.push(Default::default());
                        in_node = (!empty).then_some(index);
                    }
                    b"data" if !empty => {
                        if let Some(_node) = in_node {
                            let key = attr(e, "key")?;
                            let slot = keys.iter().position(|(id, _)| id.is_some() && *id == key);
                            if let Some(slot) = slot {
                                reading = Some((slot, false, at));
                                value.clear();
                            }
                        }
                    }
                    b"edge" => {
                        let source = attr(e, "source")?.ok_or_else(|| {
                            fail(name, at, "<edge> without its 'source' attribute")
                        })?;
                        let target = attr(e, "target")?.ok_or_else(|| {
                            fail(name, at, "<edge> without its 'target' attribute")
                        })?;
                        if edges.len() == 2 * MAX_LINKS {
                            return Err(fail(
                                name,
                                at,
                                format!("more than the limit of {MAX_LINKS} links"),
                            ));
                        }
                        edges.push((source, target, at));
                    }
                    _ => {}
                }
            }
            Event::End(ref e) => match e.local_name().as_ref() {
                b"key" => in_key = None,
                b"node" => in_node = None,
                b"default" | b"data" => {
                    if let Some((slot, is_default, at)) = reading.take() {
                        let text = std::mem::take(&mut value);
                        if is_default {
                            keys[slot].1 = Some(text);
                        } else if let Some(node) = in_node {
                            node_data[node][slot] = Some((text, at));
                        }
                    }
                }
                _ => {}
            },
            Event::Text(ref t) if reading.is_some() => {
                value.push_str(&t.decode().map_err(|err| malformed(&err, at))?);
            }
            Event::CData(ref c) if reading.is_some() => {
                value.push_str(&c.decode().map_err(|err| malformed(&err, at))?);
            }
            Event::GeneralRef(ref r) => {
                // (checked wherever it is: an undefined entity is not well-formed XML)
                let raw = r.decode().map_err(|err| malformed(&err, at))?;
                let resolved = quick_xml::escape::unescape(&format!("&{raw};"))
                    .map_err(|err| malformed(&err, at))?
                    .into_owned();
                if reading.is_some() {
                    value.push_str(&resolved);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if graphs == 0 {
        return Err(Error::topology(
            name,
            "no <graph> element: not a GraphML network",
        ));
    }
    let mut b = Builder::new(name);
    b.seen = node_ids.len();
    let mut xy = Vec::with_capacity(node_data.len());
    for (s, [count, x, y]) in node_data.into_iter().enumerate() {
        let (count, at) = count
            .or_else(|| keys[0].1.clone().map(|d| (d, 0)))
            .unwrap_or(("1".to_string(), 0));
        let count = whole(name, at, count.trim(), "an endpoint count")?;
        b.endpoints(at, s as u32, count)?;
        let or_default = |v: Option<(String, usize)>, slot: usize| {
            v.map(|(v, _)| v).or_else(|| keys[slot].1.clone())
        };
        xy.push((or_default(x, 1), or_default(y, 2)));
    }
    // edges: a pair written both ways (a→b, b→a) is one link, kept where it was first written;
    // the same direction written twice is a repeated link, refused as the edge list refuses it
    let mut directed: HashMap<(u32, u32), usize> = HashMap::new();
    for (source, target, at) in &edges {
        let end = |id: &str| -> Result<u32> {
            node_ids.get(id).map(|&(i, _)| i).ok_or_else(|| {
                fail(
                    name,
                    *at,
                    format!(
                        "the edge names node {}, which is not declared",
                        crate::error::quoted(id)
                    ),
                )
            })
        };
        let (a, z) = (end(source)?, end(target)?);
        if let Some(first) = directed.insert((a, z), *at) {
            return Err(fail(
                name,
                *at,
                format!("the edge {a}→{z} is written already on line {first} (one link per pair; a pair written both ways is one link)"),
            ));
        }
        if a != z && directed.contains_key(&(z, a)) {
            continue;
        }
        b.link(*at, a, z)?;
    }
    // positions only when every node has both
    if xy.iter().all(|(x, y)| x.is_some() && y.is_some()) {
        let lines: Vec<usize> = {
            let mut l = vec![0; xy.len()];
            for &(i, at) in node_ids.values() {
                l[i as usize] = at;
            }
            l
        };
        for (s, (x, y)) in xy.iter().enumerate() {
            if let (Some(x), Some(y)) = (x, y) {
                b.position(lines[s], s as u32, x, y)?;
            }
        }
    }
    b.finish(None)
}

impl Network {
    /// Refuses a network in several parts (every lab needs each switch to reach every other).
    fn check_connected(&self, name: &str) -> Result<()> {
        let mut graph =
            petgraph::graph::UnGraph::<(), ()>::with_capacity(self.switches, self.links.len());
        for _ in 0..self.switches {
            graph.add_node(());
        }
        for &(a, b) in &self.links {
            graph.add_edge(a.into(), b.into(), ());
        }
        let parts = petgraph::algo::connected_components(&graph);
        if parts > 1 {
            // name a switch that switch 0 cannot reach
            let mut reached = vec![false; self.switches];
            let mut bfs = petgraph::visit::Bfs::new(&graph, 0.into());
            while let Some(s) = bfs.next(&graph) {
                reached[s.index()] = true;
            }
            let alone = reached.iter().position(|&r| !r);
            return Err(Error::topology(
                name,
                format!(
                    "the network is in {parts} separate parts (switch {} cannot reach switch 0); every lab needs one connected network",
                    alone.unwrap_or(0)
                ),
            ));
        }
        Ok(())
    }

    /// The canonical edge list: `switches N`, `endpoints S K` where K ≠ 1, then the links in
    /// order (what the `graph:` spec compresses).
    pub fn edge_list(&self) -> String {
        let mut out = format!("switches {}\n", self.switches);
        for (s, &k) in self.endpoints.iter().enumerate() {
            if k != 1 {
                let _ = writeln!(out, "endpoints {s} {k}");
            }
        }
        for (s, &(x, y)) in self.positions.iter().flatten().enumerate() {
            let _ = writeln!(out, "position {s} {x} {y}");
        }
        for &(a, b) in &self.links {
            let _ = writeln!(out, "{a} {b}");
        }
        out
    }

    /// Total endpoints.
    pub fn endpoint_count(&self) -> usize {
        self.endpoints.iter().map(|&k| k as usize).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        read("g.txt", text).unwrap_err().to_string()
    }

    /// What other tools write reads as what it says (issue 53): a byte-order mark, CR or CR LF
    /// line ends, CDATA and entities in GraphML; a file that repeats a link, declares a DTD or
    /// puts a switch at ±1e308 is refused with its line, and an id's control characters are
    /// quoted so that the message is one line.
    #[test]
    fn files_as_other_tools_write_them() {
        let ring = read("g", "0 1\n1 2\n2 0\n").unwrap();
        for text in [
            "\u{feff}0 1\n1 2\n2 0\n",
            "0 1\r1 2\r2 0\r",
            "0 1\r\n1 2\r\n2 0",
        ] {
            assert_eq!(read("g", text).unwrap(), ring, "{text:?}");
        }
        assert!(err("0 1\r1 1\r").contains("line 2: a link from switch 1 to itself"));
        let graphml = |nodes: &str, edges: &str| {
            format!(
                "\u{feff}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\r<key id=\"e\" for=\"node\" attr.name=\"endpoints\" attr.type=\"int\"/>\r<graph edgedefault=\"undirected\">{nodes}{edges}</graph></graphml>"
            )
        };
        let nodes = "<node id=\"a&gt;b\"><data key=\"e\"><![CDATA[2]]></data></node><node id=\"c\"/><node id=\"d\"/>";
        let n = read(
            "g",
            &graphml(nodes, "<edge source=\"a&gt;b\" target=\"c\"/><edge source=\"c\" target=\"d\"/><edge source=\"d\" target=\"a>b\"/>"),
        )
        .unwrap();
        assert_eq!(
            (n.switches, n.links.len(), n.endpoints.clone()),
            (3, 3, vec![2, 1, 1])
        );
        // a pair written both ways is one link; the same way twice is refused, with its line
        let both = graphml(nodes, "<edge source=\"c\" target=\"d\"/><edge source=\"d\" target=\"c\"/><edge source=\"c\" target=\"a&gt;b\"/>");
        assert_eq!(read("g", &both).unwrap().links.len(), 2);
        let again = graphml(nodes, "<edge source=\"c\" target=\"d\"/><edge source=\"d\" target=\"c\"/>\n<edge source=\"c\" target=\"d\"/>");
        assert!(
            err(&again).contains("line 5: the edge 1→2 is written already on line 4"),
            "{}",
            err(&again)
        );
        let dtd = "<?xml version=\"1.0\"?><!DOCTYPE g [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><graphml><graph><node id=\"&x;\"/></graph></graphml>";
        assert!(
            err(dtd).contains("a DOCTYPE (DTD) is not read"),
            "{}",
            err(dtd)
        );
        assert!(err("<graphml><graph><node id=\"a\"></graph></graphml>")
            .contains("not well-formed XML"));
        let message = err("0 1\n1 \u{1b}[31mx\u{7}\n");
        assert!(
            !message.contains('\u{1b}') && message.contains("'\\u{1b}[31mx\\u{7}'"),
            "{message:?}"
        );
        for far in ["1e308", "-1e308", "1e16"] {
            let text =
                format!("0 1\n1 2\n2 0\nposition 0 0 0\nposition 1 {far} 0\nposition 2 0 1\n");
            assert!(
                err(&text).contains("line 5: '") && err(&text).contains("is beyond ±1e15"),
                "{}",
                err(&text)
            );
        }
        let near = "0 1\n1 2\n2 0\nposition 0 0 0\nposition 1 1e15 0\nposition 2 -1e15 1\n";
        assert!(read("g", near).is_ok());
    }

    #[test]
    fn formats_are_told_apart_by_content() {
        assert_eq!(detect("# a ring\n0 1\n1 2\n2 0\n"), Format::EdgeList);
        assert_eq!(detect("router 0 node 0 router 1\n"), Format::Anynet);
        assert_eq!(
            detect("<?xml version=\"1.0\"?>\n<graphml>"),
            Format::GraphMl
        );
    }

    #[test]
    fn an_edge_list_with_counts_and_comments() {
        let n = read(
            "g",
            "# square\nswitches 4\nendpoints 2 3\n0 1\n1 2 {}\n2 3  # last\n3 0\n",
        )
        .unwrap();
        assert_eq!(n.switches, 4);
        assert_eq!(n.links, vec![(0, 1), (1, 2), (2, 3), (3, 0)]);
        assert_eq!(n.endpoints, vec![1, 1, 3, 1]);
        // the canonical form reads back to the same network
        assert_eq!(read_edge_list("g", &n.edge_list()).unwrap(), n);
    }

    #[test]
    fn hostile_edge_lists_name_their_line() {
        assert!(
            err("0 1\n1 1\n").contains("line 2: a link from switch 1 to itself"),
            "{}",
            err("0 1\n1 1\n")
        );
        assert!(err("0 1\n1 2\n1 0\n").contains("line 3: the link 0–1 is listed already on line 1"));
        assert!(err("switches 3\n0 1\n1 5\n")
            .contains("line 3: the link 1–5 names switch 5, but line 1 declares 3 switches"));
        assert!(err("0 1\n2 3\n").contains("2 separate parts"));
        assert!(err("0 x\n").contains("line 1: 'x' is not a switch number"));
        assert!(err("0 1 2\n").contains("line 1: '0 1 2' is not a link"));
        assert!(err("0 70000\n").contains("line 1: switch 70000 is beyond the limit of 65536"));
        assert!(err("switches 99999999999\n").contains("above the limit of 65536"));
        assert!(
            err("0 1\nendpoints 0 70000\n").contains("line 2: 70000 endpoints is above the limit")
        );
        assert!(err("endpoints 0 0\nendpoints 1 0\n0 1\n").contains("no switch has an endpoint"));
        assert!(err("# nothing\n").contains("at least 2 switches"));
    }

    #[test]
    fn a_huge_file_stops_at_the_link_limit_naming_the_line() {
        // a path longer than the link limit: refused at the first link past it
        let mut text = String::new();
        for i in 0..=MAX_LINKS {
            let _ = writeln!(
                text,
                "{} {}",
                i % 60_000,
                (i % 60_000) + 1 + (i / 60_000) % 5_000
            );
        }
        let e = err(&text);
        assert!(
            e.contains("limit of 1048576 links") || e.contains("listed already"),
            "{e}"
        );
    }

    #[test]
    fn anynet_from_one_or_both_ends() {
        let one = read(
            "a",
            "router 0 node 0 router 1\nrouter 1 node 1 router 2\nrouter 2 node 2 node 3\n",
        )
        .unwrap();
        let both = read("a", "router 0 node 0 router 1 1\nrouter 1 node 1 router 0 1 router 2 1\nrouter 2 node 3 node 2 router 1 1\n").unwrap();
        assert_eq!(one, both);
        assert_eq!(one.links, vec![(0, 1), (1, 2)]);
        assert_eq!(one.endpoints, vec![1, 1, 2]);
        assert!(err("router 0 node 0 router 1\nrouter 1 node 0\n")
            .contains("line 2: node 0 is attached already on line 1"));
        assert!(err("router 0 node 1 router 1\nrouter 1 node 2\n").contains("node 0 is missing"));
        assert!(err("router 0 node 0 router 1 router 1\n")
            .contains("line 1: router 0 lists router 1 already"));
        assert!(err("router 0 node 0 switch 1\n").contains("line 1: 'switch' is neither"));
    }

    #[test]
    fn graphml_as_networkx_writes_it() {
        let text = r#"<?xml version='1.0' encoding='utf-8'?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="d0" for="node" attr.name="endpoints" attr.type="long"><default>1</default></key>
  <graph edgedefault="undirected">
    <node id="a"/>
    <node id="b"><data key="d0">2</data></node>
    <!-- a comment <node id="z"/> -->
    <node id="c &amp; d"/>
    <edge source="a" target="b"/>
    <edge source="b" target="c &amp; d"><data key="w">1.5</data></edge>
  </graph>
</graphml>"#;
        let n = read("x.graphml", text).unwrap();
        assert_eq!(
            (n.switches, n.links.clone(), n.endpoints.clone()),
            (3, vec![(0, 1), (1, 2)], vec![1, 2, 1])
        );
        let bad = text.replace("target=\"b\"/>", "target=\"q\"/>");
        assert!(
            err(&bad).contains("line 9: the edge names node 'q', which is not declared"),
            "{}",
            err(&bad)
        );
        let twice = text.replace("<node id=\"c &amp; d\"/>", "<node id=\"a\"/>");
        assert!(
            err(&twice).contains("line 8: node 'a' is declared already on line 5"),
            "{}",
            err(&twice)
        );
        let open = text.replace(
            "<edge source=\"a\" target=\"b\"/>",
            "<edge source=\"a\" target=\"b\"",
        );
        assert!(read("x", &open).is_err());
    }

    #[test]
    fn positions_for_every_switch_or_none() {
        let n = read(
            "p",
            "position 0 0 0\nposition 1 10 0\nposition 2 10 5.5\n0 1\n1 2\n",
        )
        .unwrap();
        assert_eq!(
            n.positions,
            Some(vec![(0.0, 0.0), (10.0, 0.0), (10.0, 5.5)])
        );
        assert_eq!(read_edge_list("p", &n.edge_list()).unwrap(), n);
        assert!(err("position 0 0 0\n0 1\n1 2\n")
            .contains("positions are given for 1 of 3 switches (switch 1 has none)"));
        assert!(err("position 0 0 NaN\n0 1\n").contains("line 1: 'NaN' is not a finite number"));
    }

    #[test]
    fn a_directed_pair_is_one_link() {
        let text = "<graphml><graph edgedefault=\"directed\"><node id=\"0\"/><node id=\"1\"/><edge source=\"0\" target=\"1\"/><edge source=\"1\" target=\"0\"/></graph></graphml>";
        assert_eq!(read("d", text).unwrap().links, vec![(0, 1)]);
    }
}

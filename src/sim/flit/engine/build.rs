//! Building a run (`Engine::new`): the network's ports, channels and buffers numbered by
//! switch, the parts and their arrays, the sources, and the routes packed per destination.

use super::super::prefetch::PREFETCH_ABOVE;
use super::super::routes::{RouteHop, Routes};
use super::ids::{
    IdVec, InPortId, InVcId, OutPortId, OutVcId, PacketId, PartId, RouterId, TerminalId,
};
use super::inject::{Sources, ARRIVAL_WHEEL};
use super::params::{channel_latency, SimParams};
use super::part::{part_of, Part};
use super::run::Engine;
use super::shared::{Shared, PREFETCH};
use super::state::{Flit, InVc, OutChannel, OutVc, NO_LOCAL};
use super::tally::Tally;
use crate::model::{EndpointId, Topology};
use crate::traffic::Placed;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

impl<'a> Engine<'a> {
    /// A run of `topo` with `routes`, its endpoints' traffic `placed`, parameters `p` and the
    /// random stream `rng`, its switches split into `parts` parts (`parts_for`).
    pub fn new(
        topo: &Topology,
        routes: &'a Routes,
        placed: &'a Placed,
        p: SimParams,
        rng: ChaCha8Rng,
        parts: usize,
    ) -> Self {
        let (c, n) = (topo.channel_count(), topo.switch_count());
        // (one in WebAssembly, which has no threads to run more on)
        let parts = if cfg!(target_arch = "wasm32") {
            1
        } else {
            parts.clamp(1, n.max(1))
        };
        // part i has switches i·n/parts up to (i + 1)·n/parts
        let part_first_switch: Vec<usize> = (0..parts).map(|i| i * n / parts).collect();
        let switch_part = |s: RouterId| PartId::new(part_of(&part_first_switch, s.index()));
        let mut num = Numbering::new(topo);
        let t = num.terminal_switch.len();
        let next_local = routes.destination_hops().map_or_else(Vec::new, |hops| {
            packed_hops(hops, n, &num.op_of_channel, num.first_op.as_slice())
        });
        let outs = num.outs(topo, &p, &switch_part);
        // a power of two above the longest delay, so a cycle's bucket is a mask away
        let longest = outs.iter().map(|o| o.latency).max().unwrap_or(1);
        let wheel = (longest.max(p.credit_delay) as usize + 2).next_power_of_two();
        let part_ports: Vec<usize> = part_first_switch
            .iter()
            .map(|&s| num.in_offsets[RouterId::new(s)].index())
            .collect();
        let part_ops: Vec<usize> = part_first_switch
            .iter()
            .map(|&s| num.first_op[RouterId::new(s)].index())
            .collect();
        let words = |i: usize| {
            let hi = part_ports.get(i + 1).copied().unwrap_or(c + t);
            part_ports[i] / 64..hi.div_ceil(64)
        };
        let first = first_part((c, t, n), &p, parts, wheel, words(0), outs);
        let all = copies(first, parts, &words, t);
        let upstream = num.upstream(&switch_part);
        let terminals = num.take_terminals(&switch_part);
        let Numbering {
            in_offsets,
            in_ports,
            port_switch,
            ip_of_port,
            channel_of_op,
            op_of_channel,
            first_op,
            ..
        } = num;
        let tables = (in_offsets, port_switch, op_of_channel, first_op);
        let sh = shared(routes, p, tables, upstream, next_local, (c, t));
        let src = sources(placed, rng, &sh.p, terminals);
        Engine {
            sh,
            parts: all,
            packets: IdVec::default(),
            src,
            part_ports,
            part_ops,
            channel_of_op,
            ip_of_port,
            in_ports,
            now: 0,
            deadlock: false,
        }
    }
}

/// The network's ports and channels numbered by switch, as the engine's arrays are indexed
/// (`Shared`): input ports by the switch they enter (each switch's in ascending port id:
/// channels, then C + terminal, the order its arbiters go round), output channels by the
/// switch they leave; and the terminals, an endpoint's attachments to its switches.
struct Numbering {
    /// Per channel id, (the switch it leaves, the switch it enters).
    ends: Vec<(RouterId, RouterId)>,
    terminal_switch: IdVec<TerminalId, RouterId>,
    terminal_node: IdVec<TerminalId, u32>,
    /// Each endpoint's terminals (first, one past the last).
    node_terminals: Vec<TerminalId>,
    in_offsets: IdVec<RouterId, InPortId>,
    /// Per input port (ip), its port id; and per port id its ip.
    in_ports: IdVec<InPortId, u32>,
    ip_of_port: Vec<InPortId>,
    port_switch: IdVec<InPortId, RouterId>,
    channel_of_op: IdVec<OutPortId, u32>,
    op_of_channel: Vec<OutPortId>,
    /// Per switch its first output channel (op), and one past the last at the end.
    first_op: IdVec<RouterId, OutPortId>,
}

impl Numbering {
    fn new(topo: &Topology) -> Self {
        let (c, e, n) = (
            topo.channel_count(),
            topo.endpoint_count(),
            topo.switch_count(),
        );
        let ends: Vec<(RouterId, RouterId)> = (0..c)
            .map(|i| {
                let (a, b) = topo.channel_ends(crate::model::ChannelId::new(i));
                (RouterId::from_raw(a.0), RouterId::from_raw(b.0))
            })
            .collect();
        let mut terminal_switch: IdVec<TerminalId, RouterId> = Vec::with_capacity(e).into();
        let mut terminal_node: IdVec<TerminalId, u32> = Vec::with_capacity(e).into();
        let mut node_terminals = vec![TerminalId::new(0)];
        for i in 0..e {
            for s in topo.endpoint_switches(EndpointId::new(i)) {
                terminal_switch.push(RouterId::from_raw(s.0));
                terminal_node.push(i as u32);
            }
            node_terminals.push(TerminalId::new(terminal_switch.len()));
        }
        let t = terminal_switch.len();
        let mut lists: IdVec<RouterId, Vec<u32>> = vec![Vec::new(); n].into();
        for (ch, &(_, d)) in ends.iter().enumerate() {
            lists[d].push(ch as u32);
        }
        for (term, &s) in terminal_switch.iter_ids() {
            lists[s].push((c + term.index()) as u32);
        }
        let mut in_offsets = IdVec::from(vec![InPortId::new(0)]);
        let mut in_ports = Vec::with_capacity(c + t);
        let mut port_switch = Vec::with_capacity(c + t);
        for (sw, l) in lists.iter_ids() {
            port_switch.extend(std::iter::repeat_n(sw, l.len()));
            in_ports.extend_from_slice(l);
            in_offsets.push(InPortId::new(in_ports.len()));
        }
        let in_ports: IdVec<InPortId, u32> = in_ports.into();
        let mut ip_of_port = vec![InPortId::new(0); c + t];
        for (ip, &port) in in_ports.iter_ids() {
            ip_of_port[port as usize] = ip;
        }
        // output channels by the switch they leave (a stable sort: ascending id within one)
        let mut channel_of_op: Vec<u32> = (0..c as u32).collect();
        channel_of_op.sort_by_key(|&ch| ends[ch as usize].0);
        let channel_of_op: IdVec<OutPortId, u32> = channel_of_op.into();
        let mut op_of_channel = vec![OutPortId::new(0); c];
        for (op, &ch) in channel_of_op.iter_ids() {
            op_of_channel[ch as usize] = op;
        }
        // (each switch's first: the channels that leave the switches before it)
        let mut first_op = vec![0; n + 1];
        for &(a, _) in &ends {
            first_op[a.index() + 1] += 1;
        }
        for s in 0..n {
            first_op[s + 1] += first_op[s];
        }
        let first_op = first_op.into_iter().map(OutPortId::new).collect();
        Numbering {
            ends,
            terminal_switch,
            terminal_node,
            node_terminals,
            in_offsets,
            in_ports,
            ip_of_port,
            port_switch: port_switch.into(),
            channel_of_op,
            op_of_channel,
            first_op,
        }
    }

    /// Per input port (ip), the output channel feeding it (`OutPortId::NONE` for injection) and the part
    /// of the switch it leaves (`switch_part`).
    fn upstream(
        &self,
        switch_part: &dyn Fn(RouterId) -> PartId,
    ) -> IdVec<InPortId, (OutPortId, PartId)> {
        let mut upstream: IdVec<InPortId, _> =
            vec![(OutPortId::NONE, PartId::new(0)); self.ip_of_port.len()].into();
        for (op, &ch) in self.channel_of_op.iter_ids() {
            let from = self.ends[ch as usize].0;
            upstream[self.ip_of_port[ch as usize]] = (op, switch_part(from));
        }
        upstream
    }

    /// The terminals, taken out of the numbering (the sources keep them), with each one's
    /// injection port (ip) and its switch's part (`switch_part`).
    fn take_terminals(&mut self, switch_part: &dyn Fn(RouterId) -> PartId) -> Terminals {
        let c = self.ends.len();
        let switch = std::mem::take(&mut self.terminal_switch);
        Terminals {
            inject_ip: (0..switch.len())
                .map(|term| self.ip_of_port[c + term])
                .collect(),
            inject_part: switch.iter().map(|&s| switch_part(s)).collect(),
            node: std::mem::take(&mut self.terminal_node),
            of_node: std::mem::take(&mut self.node_terminals),
            switch,
        }
    }

    /// Each output channel (op): where it leads, its latency, the part it leads into.
    fn outs(
        &self,
        topo: &Topology,
        p: &SimParams,
        switch_part: &dyn Fn(RouterId) -> PartId,
    ) -> IdVec<OutPortId, OutChannel> {
        self.channel_of_op
            .iter()
            .map(|&ch| OutChannel {
                held: 0,
                flits: 0,
                into: self.ip_of_port[ch as usize],
                dst: self.ends[ch as usize].1,
                latency: channel_latency(topo, p, crate::model::ChannelId::new(ch as usize)),
                part: switch_part(self.ends[ch as usize].1),
            })
            .collect()
    }
}

/// The first part of a run of `c` channels, `t` terminals and `n` switches split into `parts`
/// (its arrays the network's full size; the others are its copies), with event wheels of
/// `wheel` slots, the words `words` of the busy-port bits and its output channels `outs`.
fn first_part(
    (c, t, n): (usize, usize, usize),
    p: &SimParams,
    parts: usize,
    wheel: usize,
    words: std::ops::Range<usize>,
    outs: IdVec<OutPortId, OutChannel>,
) -> Part {
    let v = p.vcs;
    let dummy = Flit {
        packet: PacketId::new(0),
        seq: 0,
        group: 0,
        ready: 0,
        next: OutPortId::NONE,
    };
    let out_vc = |credits| OutVc {
        rr: InVcId::new(0),
        cycle: u32::MAX,
        rank: 0,
        credits,
    };
    Part {
        index: PartId::new(0),
        #[cfg(not(target_arch = "wasm32"))]
        own_memory: false,
        words,
        now: 0,
        window: false,
        ring: vec![dummy; (c + t) * v * p.buffer],
        ivcs: vec![
            InVc {
                out_vc: OutVcId::NONE,
                out_port: OutPortId::NONE,
                head: 0,
                len: 0,
                rr: 0,
                front: dummy,
            };
            (c + t) * v
        ]
        .into(),
        // the channels' output VCs, and one per ejection port (C·V + terminal), whose credits
        // never run out: switch allocation reads a request's credits without testing which
        // kind it is
        out_vcs: std::iter::repeat_n(out_vc(p.buffer as u16), c * v)
            .chain(std::iter::repeat_n(out_vc(u16::MAX), t))
            .collect(),
        in_rr: vec![0; c + t].into(),
        in_out_rr: vec![OutPortId::new(0); c + t].into(),
        out_rr: vec![0; c + t].into(),
        requests: Vec::new(),
        candidates: vec![0; c + t].into(),
        waiting: Vec::new(),
        // above the longest wait: the pipeline, after the channel where a flit is written as it
        // is sent (`Shared::arrive_at_send`)
        pipeline: vec![Vec::new(); (wheel + p.stages as usize).next_power_of_two()],
        vc_requests: Vec::new(),
        granted_last: Vec::new(),
        // (and a word past the last port: `allocate_switch` reads it)
        busy_ports: vec![0; (c + t).div_ceil(64) + 1],
        busy_list: vec![RouterId::NONE; n + 1],
        outs,
        flits_due: vec![Vec::new(); wheel],
        credits_due: vec![Vec::new(); wheel],
        flits_out: vec![Vec::new(); parts].into(),
        credits_out: vec![Vec::new(); parts].into(),
        flits_in: vec![Vec::new(); parts].into(),
        credits_in: vec![Vec::new(); parts].into(),
        injected: Vec::with_capacity(t),
        tally: Tally::default(),
    }
}

/// The parts of a run: `first` and `count` − 1 copies of it, part i with the busy-port words
/// `words(i)` and room for `t` injected flits of its own (one part in WebAssembly).
fn copies(
    first: Part,
    count: usize,
    words: &dyn Fn(usize) -> std::ops::Range<usize>,
    t: usize,
) -> Vec<Part> {
    #[cfg_attr(target_arch = "wasm32", allow(unused_mut))]
    let mut all = vec![first];
    #[cfg(not(target_arch = "wasm32"))]
    for i in 1..count {
        let part = Part {
            index: PartId::new(i),
            words: words(i),
            injected: Vec::with_capacity(t),
            ..all[0].clone()
        };
        all.push(part);
    }
    #[cfg(target_arch = "wasm32")]
    let _ = (count, words, t);
    all
}

/// The numbering's tables `Shared` keeps: input ports' offsets and switches, channels' ops,
/// switches' first ops.
type Tables = (
    IdVec<RouterId, InPortId>,
    IdVec<InPortId, RouterId>,
    Vec<OutPortId>,
    IdVec<RouterId, OutPortId>,
);

/// What every part reads (`Shared`) of a run of `c` channels and `t` terminals: the
/// numbering's tables (input ports' offsets and switches, channels' ops, switches' first ops),
/// each input port's upstream, the routes and their packed per-destination hops.
fn shared<'a>(
    routes: &'a Routes,
    p: SimParams,
    (in_offsets, port_switch, op_of_channel, first_op): Tables,
    upstream: IdVec<InPortId, (OutPortId, PartId)>,
    next_local: Vec<u16>,
    (c, t): (usize, usize),
) -> Shared<'a> {
    // whether the input VCs outgrow the caches (then the loops ask for memory ahead, but not in
    // WebAssembly, which has no prefetch: they would read ahead for nothing)
    let outgrow = (c + t) * p.vcs * std::mem::size_of::<InVc>() > PREFETCH_ABOVE;
    let prefetching = PREFETCH && outgrow;
    Shared {
        vc_ranges: routes.vc_ranges(p.vcs),
        routes,
        channels: c,
        upstream,
        in_offsets,
        port_switch,
        op_of_channel,
        prefetching,
        prefetching_routes: PREFETCH && next_local.is_empty() && routes.prefetches(),
        arrive_at_send: p.packet == 1 && !outgrow,
        splits_ties: routes.splits_ties(),
        draws_ways: routes.draws_ways(),
        #[cfg(test)]
        any_shape: false,
        next_local,
        first_op,
        p,
    }
}

/// A run's terminals (`Sources`): each one's switch and node, each node's terminals, each
/// terminal's injection port (ip) and its switch's part.
struct Terminals {
    switch: IdVec<TerminalId, RouterId>,
    node: IdVec<TerminalId, u32>,
    of_node: Vec<TerminalId>,
    inject_ip: IdVec<TerminalId, InPortId>,
    inject_part: IdVec<TerminalId, PartId>,
}

/// The sources of a run: the endpoints of `placed` with the random stream `rng`, each
/// endpoint's first packet scheduled (one that sends nothing never is).
fn sources<'a>(
    placed: &'a Placed,
    rng: ChaCha8Rng,
    p: &SimParams,
    terminals: Terminals,
) -> Sources<'a> {
    let e = terminals.of_node.len() - 1;
    let t = terminals.switch.len();
    let mut src = Sources {
        ln_miss: Sources::ln_miss(p.rate, p.packet),
        node_ln_miss: placed.shares().map_or_else(Vec::new, |shares| {
            shares
                .iter()
                .map(|&share| Sources::ln_miss(p.rate * share, p.packet))
                .collect()
        }),
        placed,
        rng,
        terminal_switch: terminals.switch,
        terminal_node: terminals.node,
        node_terminals: terminals.of_node,
        toggle: vec![false; e],
        other_way: vec![false; t].into(),
        last_vc: vec![(p.vcs - 1) as u16; t].into(),
        inject_ip: terminals.inject_ip,
        inject_part: terminals.inject_part,
        next_arrival: vec![0; e],
        arrivals: vec![Vec::new(); ARRIVAL_WHEEL],
        feeding: vec![0; e.div_ceil(64)],
        todo: vec![0; e.div_ceil(64)],
        source: vec![VecDeque::new(); t].into(),
        front: vec![(PacketId::NONE, 0, InVcId::NONE); t].into(),
        injected_flits: 0,
        measured_created: 0,
        measured_self: 0,
        refused_packets: 0,
    };
    for ep in 0..e {
        // a node of a matrix that sends nothing is never scheduled
        if placed.shares().is_some_and(|shares| shares[ep] == 0.0) {
            src.next_arrival[ep] = u64::MAX;
            continue;
        }
        let at = src.gap(ep);
        src.schedule(ep, at);
    }
    src
}

/// A per-destination route table's hops (at·n + d, `Routes::destination_hops`) packed for
/// `Engine::next_local`, or nothing where one does not fit two bytes (a hop's channel not among
/// its switch's first 255 output channels, or a group above 255).
pub(super) fn packed_hops(
    hops: &[RouteHop],
    n: usize,
    op_of_channel: &[OutPortId],
    first_op: &[OutPortId],
) -> Vec<u16> {
    let mut packed = Vec::with_capacity(hops.len());
    for (i, hop) in hops.iter().enumerate() {
        let Some(&op) = op_of_channel.get(hop.channel as usize) else {
            packed.push(NO_LOCAL);
            continue;
        };
        let at = i / n;
        let place = op.since(first_op[at]);
        if place >= first_op[at + 1].since(first_op[at]) || place >= 0xff || hop.group > 0xff {
            return Vec::new();
        }
        packed.push(place as u16 | hop.group << 8);
    }
    packed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hop packs as its channel's place among its switch's output channels and its group; a
    /// table with one hop that does not fit two bytes is not packed at all (the routes' own
    /// step is read instead).
    #[test]
    fn hops_pack_in_two_bytes_or_not_at_all() {
        // switch 0 leaves by channels 2 and 0 (ops 0 and 1), switch 1 by channel 1 (op 2)
        let (op_of_channel, first_op) =
            ([1, 2, 0].map(OutPortId::new), [0, 2, 3].map(OutPortId::new));
        let hop = |channel, group| RouteHop { channel, group };
        let none = hop(u32::MAX, 0);
        let pack = |hops: &[RouteHop]| packed_hops(hops, 2, &op_of_channel, &first_op);
        assert_eq!(
            pack(&[none, hop(0, 3), hop(1, 0), none]),
            vec![NO_LOCAL, 1 | 3 << 8, 0, NO_LOCAL]
        );
        // a group above a byte; a channel that does not leave the switch
        assert!(pack(&[none, hop(0, 256), hop(1, 0), none]).is_empty());
        assert!(pack(&[none, hop(1, 0), hop(1, 0), none]).is_empty());
    }
}

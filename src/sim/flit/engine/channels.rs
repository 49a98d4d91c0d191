//! Buffers and channels: a flit written into its input VC or waiting for its pipeline, taken
//! from the front, routed one hop ahead, sent onto its channel (or ejected) with a credit
//! back upstream.

use super::super::routes::RoutePos;
use super::ids::{IdVec, InPortId, InVcId, OutPortId, OutVcId, PacketId};
use super::part::Part;
use super::shape::Shape;
use super::shared::Shared;
use super::state::{Flit, Packets, Request, Waiting, NO_LOCAL};
use std::sync::atomic::Ordering;

impl Part {
    /// Writes `flit`, which arrives at cycle `at`, into input VC `vc` (as its front when the VC
    /// is empty); the VC's first flit makes it a switch candidate if it holds an output VC, or,
    /// a head, starts its pipeline.
    /// Always inlined, as `route_ahead` is: both out of line were 5% of a 64-router run (mesh
    /// 8×8 at 0.1, 200,000 cycles: 0.60 → 0.57 s inlined).
    #[inline(always)]
    pub(super) fn push<S: Shape>(&mut self, sh: &Shared, vc: InVcId, flit: Flit, at: u64) {
        let b = S::buffer(sh);
        let len = usize::from(self.ivcs[vc].len);
        if len > 0 {
            let mut slot = usize::from(self.ivcs[vc].head) + len - 1;
            if slot >= b {
                slot -= b;
            }
            self.ring[vc.ring_base(b) + slot] = flit;
            self.ivcs[vc].len += 1;
            return;
        }
        let front = &mut self.ivcs[vc];
        front.front = flit;
        front.len = 1;
        let holds = front.out_vc != OutVcId::NONE;
        let (port, k) = (vc.port(S::vcs(sh)), vc.k(S::vcs(sh)));
        // (with 1-flit packets an empty VC holds no output VC: its last packet's tail, which left
        // it empty, gave it back)
        if !S::ONE_FLIT && holds {
            self.mark(port, k, true);
        } else if S::ends(sh, flit).0 {
            self.wait::<S>(sh, port, k, flit, at);
        }
    }

    /// The head `flit` at the front of VC `k` of input port `port` waits for an output VC from
    /// the cycle it is ready on (always after this one: it goes down the pipeline first).
    #[inline(always)]
    pub(super) fn wait<S: Shape>(
        &mut self,
        sh: &Shared,
        port: InPortId,
        k: usize,
        flit: Flit,
        earliest: u64,
    ) {
        let asks = (flit.ready - 1).max(earliest as u32);
        let slot = (asks as usize) & (self.pipeline.len() - 1);
        // (a head for ejection has group 0 and no use for its VCs: looked up all the same, as
        // a test of which it is was a mispredicted branch)
        let (base, count) = sh.vc_ranges[usize::from(flit.group)];
        // BookSim's VC allocator keeps one round-robin pointer per input VC over all the
        // router's output VCs, one past the last granted: only a head for the same output
        // (and a VC inside its group) goes on from there; any other starts at its group's
        // first VC, so most packets of a source that sends everywhere take VC 0 first.
        // (Rotating through the group for every head spread packets over the VCs and halved
        // the queueing BookSim measures in a fat-tree, whose heads change output often.)
        let last = &self.ivcs[InVcId::of(port, k, S::vcs(sh))];
        // (without a branch: which it is is data, and as `&&`'s three tests it was a crossing's
        // most often mispredicted branch)
        let goes_on = (last.out_port == flit.next) & (last.rr > base) & (last.rr < base + count);
        let rr = last.rr.wrapping_sub(base) * u16::from(goes_on);
        self.pipeline[slot].push(Waiting {
            port,
            k: k as u16,
            want: flit.next,
            base,
            count,
            rr,
        });
    }

    /// The next output of packet `pkt`'s head from the switch it is at (`Flit::next`) and its
    /// VC group there.
    #[inline(always)]
    pub(super) fn route_ahead(
        &mut self,
        sh: &Shared,
        packets: &Packets,
        pkt: PacketId,
    ) -> (OutPortId, u16) {
        let pk = &packets[pkt];
        let at = pk.at();
        if !sh.next_local.is_empty() {
            if at == pk.dst_switch {
                return (OutPortId::ejection(sh.channels, pk.dst), 0);
            }
            let hop = sh.next_local[at.index() * (sh.first_op.len() - 1) + pk.dst_switch.index()];
            if hop != NO_LOCAL {
                return (sh.first_op[at].offset(u32::from(hop & 0xff)), hop >> 8);
            }
        }
        let mut route = RoutePos::from_bits(pk.route.load(Ordering::Relaxed));
        let step = sh.routes.step(
            pk.src_switch.raw(),
            at.raw(),
            pk.dst_switch.raw(),
            &mut route,
        );
        pk.route.store(route.to_bits(), Ordering::Relaxed);
        match step {
            Ok(Some(hop)) => (sh.op_of_channel[hop.channel as usize], hop.group),
            Ok(None) => (OutPortId::ejection(sh.channels, pk.dst), 0),
            Err(e) => {
                // a router's own error (none is expected: its routes were checked when it was
                // built): the run stops and reports it
                self.tally.error.get_or_insert(e);
                (OutPortId::NONE, 0)
            }
        }
    }

    /// Set or clear VC `k` of input port `port`'s switch-candidate bit (`mark_at`).
    #[inline(always)]
    pub(super) fn mark(&mut self, port: InPortId, k: usize, on: bool) {
        mark_at(&mut self.candidates, &mut self.busy_ports, port, k, on);
    }

    pub(super) fn pop<S: Shape>(&mut self, sh: &Shared, vc: InVcId) -> Flit {
        let b = S::buffer(sh);
        let ivc = &mut self.ivcs[vc];
        let f = ivc.front;
        if ivc.len > 1 {
            ivc.front = self.ring[vc.ring_base(b) + usize::from(ivc.head)];
            let next = ivc.head + 1;
            ivc.head = if usize::from(next) == b { 0 } else { next };
        }
        ivc.len -= 1;
        f
    }

    /// The buffer slot VC `k` of input port `port` freed: a credit back upstream, `credit_delay`
    /// cycles from now (injection ports have none).
    #[inline(always)]
    fn credit_upstream<S: Shape>(&mut self, sh: &Shared, port: InPortId, k: usize) {
        let (upstream, upstream_part) = sh.upstream[port];
        if upstream == OutPortId::NONE {
            return;
        }
        let due =
            ((self.now + u64::from(S::credit_delay(sh))) as usize) & (self.credits_due.len() - 1);
        let ovc = OutVcId::of(upstream, k, S::vcs(sh));
        // (always in WebAssembly, whose runs have one part)
        if cfg!(target_arch = "wasm32") || upstream_part == self.index {
            self.credits_due[due].push(ovc);
        } else {
            self.credits_out[upstream_part].push((due as u32, ovc));
        }
    }

    /// `flit` leaves the network at its destination: counted, and with the `tail` its packet
    /// (its latency and hops where it is measured; its record freed).
    #[inline(always)]
    fn eject(&mut self, sh: &Shared, packets: &Packets, flit: Flit, tail: bool) {
        self.tally.ejected_flits += 1;
        self.tally.window_flits += u64::from(self.window);
        if !tail {
            return;
        }
        let pk = &packets[flit.packet];
        let hops = u64::from(pk.hop.load(Ordering::Relaxed));
        self.tally.crossings += (hops + 1) * sh.p.packet as u64;
        if pk.measured {
            self.tally.measured_done += 1;
            self.tally.measured_hops += hops;
            self.tally.latencies.push((self.now - pk.created) as u32);
        }
        self.tally.free.push(flit.packet);
    }

    /// Move the front flit of request `r`'s input VC (`r.ivc`, VC `r.k` of input `port`) to
    /// its output VC `r.out` (of output port `r.out_port`). Inlined natively (745 instructions a
    /// switch crossing against 780 out of line: its call and the registers it saved were 35 of
    /// them); out of line in WebAssembly, whose size counts.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn send<S: Shape>(
        &mut self,
        sh: &Shared,
        packets: &Packets,
        port: InPortId,
        r: Request,
    ) {
        let (k, ivc, out, out_port) = (r.k as usize, r.ivc, r.out, r.out_port);
        let now = self.now;
        let v = S::vcs(sh);
        let cv = sh.channels * v;
        let mut flit = self.pop::<S>(sh, ivc);
        self.tally.last_move = now;
        self.credit_upstream::<S>(sh, port, k);
        let (head, tail) = S::ends(sh, flit);
        if tail {
            self.ivcs[ivc].out_vc = OutVcId::NONE;
            self.mark(port, k, false);
            if self.ivcs[ivc].len > 0 {
                // the next packet's head is at the front now, and its routing and VC
                // allocation start only here, in the next cycle (as in BookSim); its traversal
                // stage overlaps the one of the tail that just left, so it may cross the switch
                // `stages` − 1 cycles from now
                let ready = u64::from(self.ivcs[ivc].front.ready)
                    .max(now + u64::from(S::stages(sh).saturating_sub(1)).max(1));
                self.ivcs[ivc].front.ready = ready as u32;
                self.wait::<S>(sh, port, k, self.ivcs[ivc].front, now + 1);
            }
        } else if self.ivcs[ivc].len == 0 {
            self.mark(port, k, false);
        }
        if out.ejects(cv) {
            self.eject(sh, packets, flit, tail);
            return;
        }
        let (ch, out_k) = (out_port, out.k(out_port, v));
        self.out_vcs[out].credits -= 1;
        let link = &mut self.outs[ch];
        if tail {
            link.held &= !(1u64 << out_k);
        }
        link.flits += u64::from(self.window);
        let (into, latency, dst, part) = (link.into, link.latency, link.dst, link.part);
        if head {
            let pk = &packets[flit.packet];
            pk.hop
                .store(pk.hop.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
            pk.move_to(dst);
            (flit.next, flit.group) = self.route_ahead(sh, packets, flit.packet);
        }
        let arrive = now + u64::from(latency);
        flit.ready = (arrive + S::pipeline(sh, head)) as u32;
        let due = (arrive as usize) & (self.flits_due.len() - 1);
        let into = InVcId::of(into, out_k, v);
        if cfg!(target_arch = "wasm32") || part == self.index {
            if sh.arrive_at_send {
                self.push::<S>(sh, into, flit, arrive);
                return;
            }
            self.flits_due[due].push((into, flit));
        } else {
            self.flits_out[part].push((due as u32, into, flit));
        }
    }
}

/// Set or clear VC `k` of input port `port`'s bit in `candidates` (a word per input port: its
/// switch candidates), and the port's bit in `busy_ports` (set with any candidate, cleared with
/// the last). Always inlined (at its callers: left out of line it was 8% of a run at 64
/// routers).
#[inline(always)]
pub(super) fn mark_at(
    candidates: &mut IdVec<InPortId, u64>,
    busy_ports: &mut [u64],
    port: InPortId,
    k: usize,
    on: bool,
) {
    let bit = 1u64 << k;
    let (word, port_bit) = (port.word(), 1u64 << port.shift());
    // (`on` is a constant where this is inlined; whether the port's last candidate goes is
    // data, and is tested without a branch: it was often mispredicted)
    if on {
        candidates[port] |= bit;
        busy_ports[word] |= port_bit;
    } else {
        let after = candidates[port] & !bit;
        candidates[port] = after;
        busy_ports[word] &= !(port_bit * u64::from(after == 0));
    }
}

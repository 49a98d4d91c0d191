//! A part's cycle in its routers (`Part::phase`): flits and credits arriving, heads routed
//! and given output VCs (separable, input first), switch allocation (separable, input first,
//! one iteration) and traversal.

use super::super::prefetch::prefetch;
use super::super::routes::RoutePos;
use super::channels::mark_at;
use super::ids::{InPortId, InVcId, OutPortId, OutVcId, PartId, RouterId};
use super::part::{put_back, Part};
use super::shape::{AnyShape, FourVcs, FourVcsOneFlit, Shape, TableII};
use super::shared::{Shared, PREFETCH, PREFETCH_AHEAD};
use super::state::{InVc, Packets, Request};
use std::sync::atomic::Ordering;

impl Part {
    /// The part's share of a cycle (`phase_for`), by an engine made for the run's shape where
    /// there is one (`Shape`): paper 002's Table II's router, 4 VCs with 1-flit packets or any,
    /// natively (in WebAssembly, whose size counts, the one for any shape).
    pub(super) fn phase(&mut self, sh: &Shared, packets: &Packets) {
        #[cfg(test)]
        if sh.any_shape {
            return self.phase_for::<AnyShape>(sh, packets);
        }
        match (sh.p.vcs, sh.p.packet) {
            _ if !cfg!(target_arch = "wasm32") && TableII::fits(&sh.p) => {
                self.phase_for::<TableII>(sh, packets)
            }
            (4, 1) if !cfg!(target_arch = "wasm32") => {
                self.phase_for::<FourVcsOneFlit>(sh, packets)
            }
            (4, _) if !cfg!(target_arch = "wasm32") => self.phase_for::<FourVcs>(sh, packets),
            _ => self.phase_for::<AnyShape>(sh, packets),
        }
    }

    /// The part's share of a cycle: the flits and credits due now, VC allocation, then switch
    /// allocation and traversal, by the engine made for shape `S`.
    pub(super) fn phase_for<S: Shape>(&mut self, sh: &Shared, packets: &Packets) {
        // this cycle's injected flits, a head routed as it is written (once: a router may keep
        // state per hop)
        let mut injected = std::mem::take(&mut self.injected);
        for &(vc, mut flit) in &injected {
            if S::ends(sh, flit).0 {
                (flit.next, flit.group) = self.route_ahead(sh, packets, flit.packet);
            }
            self.push::<S>(sh, vc, flit, self.now);
        }
        injected.clear();
        put_back(&mut self.injected, injected);
        // what other parts sent here last cycle, into the wheels (none on a one-part run, and
        // none in WebAssembly, whose runs have one part)
        let senders = if cfg!(target_arch = "wasm32") {
            0
        } else {
            self.flits_in.len()
        };
        for from in (0..senders).map(PartId::new) {
            let mut flits = std::mem::take(&mut self.flits_in[from]);
            for &(slot, vc, flit) in &flits {
                self.flits_due[slot as usize].push((vc, flit));
            }
            flits.clear();
            put_back(&mut self.flits_in[from], flits);
            let mut credits = std::mem::take(&mut self.credits_in[from]);
            for &(slot, ovc) in &credits {
                self.credits_due[slot as usize].push(ovc);
            }
            credits.clear();
            put_back(&mut self.credits_in[from], credits);
        }
        let slot = (self.now as usize) & (self.flits_due.len() - 1);
        let mut due = std::mem::take(&mut self.flits_due[slot]);
        for i in 0..due.len() {
            if let (true, Some(&(vc, _))) = (sh.prefetching(), due.get(i + PREFETCH_AHEAD)) {
                prefetch(&self.ivcs[vc]);
            }
            let (vc, flit) = due[i];
            self.push::<S>(sh, vc, flit, self.now);
        }
        due.clear();
        put_back(&mut self.flits_due[slot], due);
        let mut due = std::mem::take(&mut self.credits_due[slot]);
        for &ovc in &due {
            self.out_vcs[ovc].credits += 1;
        }
        due.clear();
        put_back(&mut self.credits_due[slot], due);
        self.allocate_vcs::<S>(sh, packets);
        self.traverse::<S>(sh, packets);
    }

    /// Head flits at the front of their VC get an output VC of their group (round robin over
    /// the group's VCs), in the order they reached the front: separable, input first
    /// (BookSim's separable_input_first VC allocator, one iteration): each waiting head picks
    /// one free VC of its group, round robin from its own pointer (`request_vcs`); each output
    /// VC grants one of the heads that picked it, round robin over input VCs (`grant_vcs`).
    pub(super) fn allocate_vcs<S: Shape>(&mut self, sh: &Shared, packets: &Packets) {
        self.heads_ready();
        let granted = self.request_vcs::<S>(sh) + self.grant_vcs::<S>(sh, packets);
        // granted heads (and those for ejection) are switch candidates now and leave the list
        if granted == self.waiting.len() {
            self.waiting.clear();
        } else {
            self.waiting.retain(|w| w.want != OutPortId::GRANTED);
        }
    }

    /// The heads whose pipeline ends now join the waiting ones, and those granted their output
    /// VC last cycle become switch candidates.
    #[inline(always)]
    fn heads_ready(&mut self) {
        let now = self.now;
        // (the wheel is longer than any wait, so a bucket holds this cycle's heads alone; the
        // order in the list decides nothing: every head's request and every arbiter's grant
        // depend only on the set of heads)
        let slot = (now as usize) & (self.pipeline.len() - 1);
        if self.waiting.is_empty() {
            // (the common case at low loads: the bucket's vector is taken, not copied)
            std::mem::swap(&mut self.waiting, &mut self.pipeline[slot]);
        } else {
            self.waiting.append(&mut self.pipeline[slot]);
        }
        for &(port, k) in &self.granted_last {
            mark_at(
                &mut self.candidates,
                &mut self.busy_ports,
                port,
                k as usize,
                true,
            );
        }
        self.granted_last.clear();
    }

    /// Each waiting head asks for the first free VC of its group from its pointer on (a head at
    /// its destination is given its ejection port here, without allocation); each output VC
    /// keeps the best rank it is asked with (`OutVc::rank`). The heads granted here, counted.
    #[inline(always)]
    fn request_vcs<S: Shape>(&mut self, sh: &Shared) -> usize {
        let now = self.now;
        let v = S::vcs(sh);
        // (the first ejection port: outputs below it are channels)
        let ejection = OutPortId::new(sh.channels);
        let total = self.ivcs.len();
        self.vc_requests.clear();
        let mut granted = 0;
        for i in 0..self.waiting.len() {
            // what a head a few places on will read, on its way from memory meanwhile
            if let (true, Some(ahead)) = (sh.prefetching(), self.waiting.get(i + PREFETCH_AHEAD)) {
                if ahead.want < ejection {
                    let op = ahead.want;
                    prefetch(&self.outs[op]);
                    prefetch(&self.out_vcs[OutVcId::of(op, usize::from(ahead.base), v)]);
                }
            }
            let w = &mut self.waiting[i];
            let ivc = InVcId::of(w.port, usize::from(w.k), v);
            if w.want == OutPortId::NONE {
                // its router failed (`route_ahead`): the run stops at the end of this cycle
                continue;
            }
            if w.want >= ejection {
                // at its destination: the ejection port, without allocation
                let front = &mut self.ivcs[ivc];
                front.out_vc = OutVcId::ejection(sh.channels, v, w.want);
                front.out_port = w.want;
                cross_after(front, now);
                w.want = OutPortId::GRANTED;
                granted += 1;
                self.granted_last.push((w.port, u32::from(w.k)));
                continue;
            }
            let (ch, base, per_group) = (w.want, usize::from(w.base), u32::from(w.count));
            // (a group has 1 to 64 VCs)
            let free = !(self.outs[ch].held >> base) & (u64::MAX >> (64 - per_group));
            if free == 0 {
                continue;
            }
            // the first free VC from the head's pointer on, wrapping (the pointer is inside the
            // group: `wait`)
            let rr = u32::from(w.rr);
            let above = free >> rr;
            let j = if above != 0 {
                rr + above.trailing_zeros()
            } else {
                free.trailing_zeros()
            } as usize;
            let ovc = OutVcId::of(ch, base + j, v);
            let arbiter = &mut self.out_vcs[ovc];
            let (at, from) = (ivc.index(), arbiter.rr.index());
            // (ivc − from) modulo total, without a branch (which was a mispredicted one)
            let rank = (at + total * usize::from(at < from) - from) as u32;
            // (cycles fit 32 bits, `MAX_SIM_CYCLES`) the best request so far: a stale one (of
            // an earlier cycle) is replaced (chosen without a branch: which wins is data)
            let better = (arbiter.cycle != now as u32) | (rank < arbiter.rank);
            arbiter.rank = if better { rank } else { arbiter.rank };
            arbiter.cycle = now as u32;
            self.vc_requests.push((i as u32, ovc, j as u16, rank));
        }
        granted
    }

    /// Each output VC grants the request with the best rank it was asked with this cycle: the
    /// head takes it (its channel's VC held, its pointers moved on) and may cross the switch
    /// from the next cycle. The heads granted, counted.
    #[inline(always)]
    fn grant_vcs<S: Shape>(&mut self, sh: &Shared, packets: &Packets) -> usize {
        let now = self.now;
        let v = S::vcs(sh);
        let total = self.ivcs.len();
        let mut granted = 0;
        for &(i, ovc, j, rank) in &self.vc_requests {
            let arbiter = &mut self.out_vcs[ovc];
            if (arbiter.cycle, arbiter.rank) != (now as u32, rank) {
                continue;
            }
            let w = &mut self.waiting[i as usize];
            let ivc = InVcId::of(w.port, usize::from(w.k), v);
            arbiter.rr = ivc.next_of(total);
            let ch = w.want;
            self.outs[ch].held |= 1 << ovc.k(ch, v);
            let front = &mut self.ivcs[ivc];
            front.out_vc = ovc;
            front.out_port = w.want;
            front.rr = w.base + j + 1;
            cross_after(front, now);
            if PREFETCH && sh.prefetching_routes {
                let pk = &packets[front.front.packet];
                let next = self.outs[ch].dst;
                let route = RoutePos::from_bits(pk.route.load(Ordering::Relaxed));
                sh.routes
                    .prefetch_step(next.raw(), pk.dst_switch.raw(), &route);
            }
            w.want = OutPortId::GRANTED; // leaves the list (`allocate_vcs`)
            granted += 1;
            self.granted_last.push((w.port, u32::from(w.k)));
        }
        granted
    }

    /// Switch allocation and traversal: per switch, input ports in round-robin order each send
    /// one ready flit whose output port is free this cycle and whose downstream VC has a credit.
    pub(super) fn traverse<S: Shape>(&mut self, sh: &Shared, packets: &Packets) {
        if sh.prefetching() {
            return self.traverse_listed::<S>(sh, packets);
        }
        let now = self.now;
        // each switch with a candidate once, in ascending order, from its first busy port: a
        // word of the bits is read once (a send clears only its own switch's ports' bits, so
        // what it holds of other switches is what a fresh read would give; a switch whose ports
        // straddle two words is visited whole from the first)
        let mut last = RouterId::NONE;
        // (this part's words alone: its switches' ports are a range)
        for word in self.words.clone() {
            let mut bits = self.busy_ports[word];
            while bits != 0 {
                let sw = sh.port_switch[InPortId::of_bit(word, bits.trailing_zeros() as usize)];
                bits &= bits - 1;
                if sw != last {
                    self.allocate_switch::<S>(sh, packets, sw, now);
                    last = sw;
                }
            }
        }
    }

    /// `traverse` where the loops prefetch: the busy switches listed first, so that each
    /// switch's reads can be asked for a few switches ahead.
    fn traverse_listed<S: Shape>(&mut self, sh: &Shared, packets: &Packets) {
        let now = self.now;
        // the switches with a candidate, in ascending order (a send clears only its own
        // switch's ports' bits, so the list is the set a loop over the bits would visit)
        let mut busy = std::mem::take(&mut self.busy_list);
        // each busy port's switch is written at the list's end, which moves on only when the
        // switch differs from the last (no branch: whether it does is data); the list has a
        // place for every switch and one more
        let (mut len, mut last) = (0, RouterId::NONE);
        // (this part's words alone: its switches' ports are a range)
        for word in self.words.clone() {
            let mut bits = self.busy_ports[word];
            while bits != 0 {
                let sw = sh.port_switch[InPortId::of_bit(word, bits.trailing_zeros() as usize)];
                bits &= bits - 1;
                busy[len] = sw;
                len += usize::from(sw != last);
                last = sw;
            }
        }
        let busy_now = &busy[..len];
        for i in 0..len {
            // a switch's reads are a chain (its candidates, their VCs, the packets at their
            // fronts): each link is asked for a few switches ahead, the next one switch later
            if let Some(&sw) = busy_now.get(i + 4) {
                prefetch(&self.candidates[sh.in_offsets[sw]]);
            }
            if let Some(&sw) = busy_now.get(i + 2) {
                self.prefetch_candidates::<S>(sh, packets, sw, false);
            }
            if let Some(&sw) = busy_now.get(i + 1) {
                self.prefetch_candidates::<S>(sh, packets, sw, true);
            }
            self.allocate_switch::<S>(sh, packets, busy_now[i], now);
        }
        put_back(&mut self.busy_list, busy);
    }

    /// Asks for the input VCs of switch `sw`'s switch candidates, or, with `packets`, for the
    /// packet records at their fronts (see `traverse`).
    #[inline]
    pub(super) fn prefetch_candidates<S: Shape>(
        &self,
        sh: &Shared,
        packets: &Packets,
        sw: RouterId,
        records: bool,
    ) {
        let v = S::vcs(sh);
        let (lo, hi) = (sh.in_offsets[sw], sh.in_offsets[sw.next()]);
        for at in 0..lo.count_to(hi) {
            let ip = lo.offset(at);
            let mut bits = self.candidates[ip];
            while bits != 0 {
                let ivc = InVcId::of(ip, bits.trailing_zeros() as usize, v);
                bits &= bits - 1;
                if records {
                    prefetch(&packets[self.ivcs[ivc].front.packet]);
                } else {
                    prefetch(&self.ivcs[ivc]);
                }
            }
        }
    }

    /// Switch allocation and traversal at switch `sw` (see `traverse`).
    #[inline(always)]
    pub(super) fn allocate_switch<S: Shape>(
        &mut self,
        sh: &Shared,
        packets: &Packets,
        sw: RouterId,
        now: u64,
    ) {
        let (lo, hi) = (sh.in_offsets[sw], sh.in_offsets[sw.next()]);
        let ports = lo.count_to(hi);
        // separable, input first (BookSim's separable_input_first with round-robin arbiters,
        // one iteration): every input port picks one ready VC with a credit, round robin from
        // in_rr; every output port grants one of its requests, round robin over the switch's
        // inputs from out_rr; the losers wait for the next cycle. Only the ports with a
        // candidate are visited: their bits in `busy_ports`, in ascending order
        self.requests.clear();
        if ports <= 64 {
            // the switch's bits, from its first port's on: two words joined (the second
            // shifted twice, so that no shift is by 64; `busy_ports` has a word past the last
            // port for it)
            let (word, shift) = (lo.word(), lo.shift());
            let joined = (self.busy_ports[word] >> shift)
                | ((self.busy_ports[word + 1] << 1) << (63 - shift));
            let mut bits = joined & (u64::MAX >> (64 - ports));
            if bits & bits.wrapping_sub(1) == 0 {
                // one busy port (the common case): its request, if it makes one, wins
                if let Some(r) =
                    self.port_request::<S>(sh, lo, bits.trailing_zeros() as usize, None, now)
                {
                    self.grant::<S>(sh, packets, lo, ports, r);
                }
                return;
            }
            while bits != 0 {
                let at = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(r) = self.port_request::<S>(sh, lo, at, Some(ports), now) {
                    self.requests.push(r);
                }
            }
        } else {
            for at in 0..ports {
                let port = lo.offset(at);
                if self.busy_ports[port.word()] & (1 << port.shift()) == 0 {
                    continue;
                }
                if let Some(r) = self.port_request::<S>(sh, lo, at, Some(ports), now) {
                    self.requests.push(r);
                }
            }
        }
        // plain loops by index: this runs for every switch and cycle (as iterator chains they
        // were left out of line in the size-optimised WebAssembly), and a send leaves the
        // requests alone; a request loses to one for its output with a lower rank (tested
        // without a branch: it is data)
        let count = self.requests.len();
        for i in 0..count {
            let r = self.requests[i];
            let mut loses = false;
            for q in &self.requests {
                loses |= (q.out_port == r.out_port) & (q.rank < r.rank);
            }
            if !loses {
                self.grant::<S>(sh, packets, lo, ports, r);
            }
        }
    }

    /// The request of input port `lo + at` of a switch with `ports` input ports whose first is
    /// `lo` (none: the only port of its switch asking this cycle, whose request has no rank), as BookSim's separable input-first switch allocator makes it: of the VCs whose
    /// front flit is ready and has a credit, per output port the first from in_rr on (wrapping;
    /// BookSim's `_sw_rr_offset`), and of those outputs the first from the port's own output
    /// pointer on (`in_out_rr`: its input arbiter is a round robin over outputs, not VCs).
    /// Choosing the VC first (the first ready one from in_rr) made the outputs' choice random,
    /// which on an 8-port crossbar with 8 VCs saturated at 0.625 where BookSim reaches 0.695.
    #[inline(always)]
    pub(super) fn port_request<S: Shape>(
        &self,
        sh: &Shared,
        lo: InPortId,
        at: usize,
        ports: Option<usize>,
        now: u64,
    ) -> Option<Request> {
        let v = S::vcs(sh);
        let port = lo.offset(at);
        let mask = self.candidates[port];
        // (a busy port has a candidate)
        debug_assert!(mask != 0);
        // (both tests made, without a branch between them: whether a flit is ready is data)
        let usable = |k: usize| {
            let vc = &self.ivcs[InVcId::of(port, k, v)];
            (u64::from(vc.front.ready) <= now) & (self.out_vcs[vc.out_vc].credits > 0)
        };
        let k = if mask & (mask - 1) == 0 {
            // one candidate (the common case): no order to keep
            let k = mask.trailing_zeros() as usize;
            if !usable(k) {
                return None;
            }
            k
        } else {
            self.first_output::<S>(sh, port, mask, &usable)?
        };
        let ivc = InVcId::of(port, k, v);
        let (out, out_port) = (self.ivcs[ivc].out_vc, self.ivcs[ivc].out_port);
        // its rank at the output's arbiter, on the pointer as it was at the start of the
        // cycle: the first requesting input at or after out_rr wins (updating a pointer
        // while deciding let a second input win the same output in one cycle); none where
        // the port is its switch's only one asking (`ports` none: it wins)
        let rank = ports.map_or(0, |ports| {
            let from = usize::from(self.out_rr[out_port]);
            at + ports * usize::from(at < from) - from
        });
        Some(Request {
            at: at as u32,
            k: k as u32,
            ivc,
            out,
            out_port,
            rank: rank as u32,
        })
    }

    /// Of input port `port`'s candidate VCs (`mask`, more than one) that are `usable` (ready,
    /// with a credit), the first from in_rr on (wrapping) of the one whose output comes first
    /// from the port's output pointer on (`port_request`).
    #[inline(always)]
    fn first_output<S: Shape>(
        &self,
        sh: &Shared,
        port: InPortId,
        mask: u64,
        usable: &dyn Fn(usize) -> bool,
    ) -> Option<usize> {
        let v = S::vcs(sh);
        // the VCs from in_rr on: the mask rotated right by it in v bits
        let start = usize::from(self.in_rr[port]);
        let mut vcs = ((mask >> start) | mask.checked_shl((v - start) as u32).unwrap_or(0))
            & (u64::MAX >> (64 - v));
        // outputs in the cyclic order from the pointer on: their ids less the pointer, wrapping
        // in 32 bits (a switch's outputs keep their order, the pointer's at 0)
        let from_out = self.in_out_rr[port];
        let (mut best, mut best_key) = (None, u32::MAX);
        while vcs != 0 {
            let k = start + vcs.trailing_zeros() as usize;
            let k = k - v * usize::from(k >= v);
            vcs &= vcs - 1;
            if !usable(k) {
                continue;
            }
            let key = self.ivcs[InVcId::of(port, k, v)].out_port.since(from_out);
            // (an output's first VC from in_rr on keeps it: later ones tie and lose)
            if best.is_some() && key >= best_key {
                continue;
            }
            (best, best_key) = (Some(k), key);
            if key == 0 {
                break;
            }
        }
        best
    }

    /// Request `r` of a switch with `ports` input ports from `lo` on won: both arbiters move
    /// past it and its flit crosses.
    #[inline(always)]
    pub(super) fn grant<S: Shape>(
        &mut self,
        sh: &Shared,
        packets: &Packets,
        lo: InPortId,
        ports: usize,
        r: Request,
    ) {
        let v = S::vcs(sh);
        let (at, k) = (r.at as usize, r.k as usize);
        let port = lo.offset(at);
        self.in_rr[port] = if k + 1 == v { 0 } else { (k + 1) as u16 };
        self.in_out_rr[port] = r.out_port.next();
        self.out_rr[r.out_port] = if at + 1 == ports { 0 } else { (at + 1) as u16 };
        self.send::<S>(sh, packets, port, r);
    }
}

/// A head granted its output VC at cycle `now` crosses the switch no earlier than the next
/// cycle (BookSim's switch allocation follows its VC allocation; its VC becomes a switch
/// candidate then, `granted_last`): it keeps the VC a cycle before the switch, so the next
/// packet to the same output takes another VC instead of queueing behind it downstream.
#[inline(always)]
fn cross_after(vc: &mut InVc, now: u64) {
    vc.front.ready = vc.front.ready.max(now as u32 + 1);
}

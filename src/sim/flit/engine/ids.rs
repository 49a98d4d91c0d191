//! The engine's index spaces (issue 65): a type per space, so mixing two is a compile error and
//! costs nothing at run time. Each id is a `u32` underneath (`repr(transparent)`: the records
//! keep their sizes), and `IdVec` is a vector indexed by one space alone (a bounds-checked
//! index, as a `Vec`'s). The arithmetic that joins two spaces (a VC of a port, a port's bit in
//! a word) is here, each in one named helper; the rest of the engine reads no raw number out
//! of an id but through `index` (a place in a table of another kind) or `raw` (the number a
//! module outside the engine knows it by).

use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// Declares an index space: a `u32` newtype with `new` (from a place) and `index` (back to
/// one), and its sentinels.
macro_rules! index_space {
    ($(#[$doc:meta])* $name:ident $(, $(#[$cdoc:meta])* $sentinel:ident = $value:expr)*) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(transparent)]
        pub(crate) struct $name(u32);

        impl $name {
            $($(#[$cdoc])* pub(crate) const $sentinel: Self = Self($value);)*

            /// The id at place `i` (which fits 32 bits: the engine's tables are checked to).
            #[inline(always)]
            pub(crate) const fn new(i: usize) -> Self {
                Self(i as u32)
            }

            /// Its place, to index a table.
            #[inline(always)]
            pub(crate) const fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

index_space!(
    /// A switch, as the engine numbers it (the topology's switch id): `sw`, `at`, `dst` of a
    /// channel, a packet's `src_switch` and `dst_switch`.
    RouterId,
    /// No switch (`Part::traverse`'s "none yet").
    NONE = u32::MAX
);

impl RouterId {
    /// The switch numbered `raw` by the topology and the routes.
    #[inline(always)]
    pub(crate) const fn from_raw(raw: u32) -> Self {
        Self(raw)
    }

    /// The switch after it (`Shared::in_offsets` and `first_op` end with one past the last).
    #[inline(always)]
    pub(crate) const fn next(self) -> Self {
        Self(self.0 + 1)
    }

    /// Its number for the routes (`Routes::step`, `begin`, `entry`), which know no engine type.
    #[inline(always)]
    pub(crate) const fn raw(self) -> u32 {
        self.0
    }
}

index_space!(
    /// A packet record (`Engine::packets`, `Flit::packet`, `Tally::free`).
    PacketId,
    /// No packet (a terminal with none started: `Sources::front`).
    NONE = u32::MAX
);

index_space!(
    /// A terminal: an endpoint's attachment to one switch, with an injection and an ejection
    /// port (`Sources`' per-terminal tables, `Packet::dst`).
    TerminalId,
    /// No terminal yet (a queued packet's destination, drawn when it reaches the front).
    NONE = u32::MAX
);

index_space!(
    /// A part of the switches (`Part::index`, `OutChannel::part`, the parts' hand-over lists).
    PartId
);

index_space!(
    /// An input port's place (`ip`): ports are numbered by the switch they enter, a switch's
    /// consecutive (`Shared::in_offsets`), channels' before terminals' injection ports.
    InPortId
);

impl InPortId {
    /// The port `at` places on (a switch's ports are consecutive from its first).
    #[inline(always)]
    pub(crate) const fn offset(self, at: usize) -> Self {
        Self(self.0 + at as u32)
    }

    /// Ports from this one up to `end` (not included).
    #[inline(always)]
    pub(crate) const fn count_to(self, end: Self) -> usize {
        end.index() - self.index()
    }

    /// The port of bit `bit` of word `word` of a bit set of ports (`Part::busy_ports`).
    #[inline(always)]
    pub(crate) const fn of_bit(word: usize, bit: usize) -> Self {
        Self::new(word * 64 + bit)
    }

    /// Its word in a bit set of ports (`Part::busy_ports`).
    #[inline(always)]
    pub(crate) const fn word(self) -> usize {
        self.index() / 64
    }

    /// Its bit's place in its word.
    #[inline(always)]
    pub(crate) const fn shift(self) -> usize {
        self.index() % 64
    }
}

index_space!(
    /// An output port: an output channel (`op`: numbered by the switch it leaves, a switch's
    /// consecutive from `Shared::first_op`), or C + terminal for ejection (C channels): one
    /// order, in which a switch's outputs keep their order for the round robins.
    OutPortId,
    /// None: a port's feeding channel at an injection port, or an input VC's output before VC
    /// allocation, or a head's next output after a router's error.
    NONE = u32::MAX,
    /// `Waiting::want` of a head granted its output VC (or its ejection) this cycle.
    GRANTED = u32::MAX - 1
);

impl OutPortId {
    /// The ejection port of terminal `t`, of a network of `channels` channels: C + terminal.
    #[inline(always)]
    pub(crate) const fn ejection(channels: usize, t: TerminalId) -> Self {
        Self(channels as u32 + t.0)
    }

    /// The port `at` places on (a switch's output channels are consecutive from its first).
    #[inline(always)]
    pub(crate) const fn offset(self, at: u32) -> Self {
        Self(self.0 + at)
    }

    /// The port after it (one past the last granted: `Part::in_out_rr`).
    #[inline(always)]
    pub(crate) const fn next(self) -> Self {
        Self(self.0 + 1)
    }

    /// Places from `from` on to it, wrapping in 32 bits: its place among a switch's outputs
    /// from the switch's first, or in the cyclic order of a round robin from its pointer.
    #[inline(always)]
    pub(crate) const fn since(self, from: Self) -> u32 {
        self.0.wrapping_sub(from.0)
    }
}

index_space!(
    /// An input VC: VC k of input port ip, ip·V + k (`Part::ivcs`; its ring's slots from
    /// `ring_base`).
    InVcId,
    /// None: a terminal with no packet started (`Sources::front`).
    NONE = u32::MAX
);

impl InVcId {
    /// VC `k` of input port `port`, of `v` VCs a port.
    #[inline(always)]
    pub(crate) const fn of(port: InPortId, k: usize, v: usize) -> Self {
        Self(port.0 * v as u32 + k as u32)
    }

    /// Its input port, of `v` VCs a port. (A shift where `v` is a power of two, as VC counts
    /// mostly are: where `v` is not a constant, in the engine for any shape and so in
    /// WebAssembly, a division costs tens of cycles, and this runs at every flit's arrival.)
    #[inline(always)]
    pub(crate) const fn port(self, v: usize) -> InPortId {
        if v.is_power_of_two() {
            InPortId(self.0 >> v.trailing_zeros())
        } else {
            InPortId(self.0 / v as u32)
        }
    }

    /// Its VC's place k in its port, of `v` VCs a port (a mask where `v` is a power of two).
    #[inline(always)]
    pub(crate) const fn k(self, v: usize) -> usize {
        if v.is_power_of_two() {
            (self.0 & (v as u32 - 1)) as usize
        } else {
            (self.0 % v as u32) as usize
        }
    }

    /// Its first slot in `Part::ring`, of `b` slots a VC.
    #[inline(always)]
    pub(crate) const fn ring_base(self, b: usize) -> usize {
        self.index() * b
    }

    /// The VC after it among `total`, wrapping to the first (an arbiter's pointer, `OutVc::rr`).
    #[inline(always)]
    pub(crate) const fn next_of(self, total: usize) -> Self {
        if self.index() + 1 == total {
            Self(0)
        } else {
            Self(self.0 + 1)
        }
    }
}

index_space!(
    /// An output VC: VC k of output channel op, op·V + k, or C·V + terminal for ejection
    /// (`Part::out_vcs`).
    OutVcId,
    /// None: an input VC's before VC allocation.
    NONE = u32::MAX
);

impl OutVcId {
    /// VC `k` of output channel `port`, of `v` VCs a port.
    #[inline(always)]
    pub(crate) const fn of(port: OutPortId, k: usize, v: usize) -> Self {
        Self(port.0 * v as u32 + k as u32)
    }

    /// The output VC of ejection port `port` (C + terminal) of a network of `channels`
    /// channels with `v` VCs a port: C·V + terminal.
    #[inline(always)]
    pub(crate) const fn ejection(channels: usize, v: usize, port: OutPortId) -> Self {
        Self((channels * v) as u32 + (port.0 - channels as u32))
    }

    /// Whether it is an ejection port's (at or past C·V, `channel_vcs`).
    #[inline(always)]
    pub(crate) const fn ejects(self, channel_vcs: usize) -> bool {
        self.index() >= channel_vcs
    }

    /// Its VC's place k in its channel `port`, of `v` VCs a port.
    #[inline(always)]
    pub(crate) const fn k(self, port: OutPortId, v: usize) -> usize {
        self.index() - port.index() * v
    }
}

/// A vector indexed by the ids of one space (`I`) alone: `Index` is the vector's own, bounds
/// checked, on `I::index`. It has no `Deref` to a slice, so a raw number does not index it
/// either; `as_slice` and `iter` are for the whole-table reads (copies, lengths, sums).
pub(crate) struct IdVec<I, T> {
    items: Vec<T>,
    _ids: PhantomData<fn(I) -> T>,
}

impl<I, T> IdVec<I, T> {
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[T] {
        &self.items
    }

    pub(crate) fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }
}

/// The id arithmetic `IdVec` needs of its index type.
pub(crate) trait Id: Copy {
    fn of_index(i: usize) -> Self;
    fn to_index(self) -> usize;
}

macro_rules! impl_id {
    ($($name:ident),*) => {
        $(impl Id for $name {
            #[inline(always)]
            fn of_index(i: usize) -> Self {
                Self::new(i)
            }

            #[inline(always)]
            fn to_index(self) -> usize {
                self.index()
            }
        })*
    };
}

impl_id!(RouterId, PacketId, TerminalId, PartId, InPortId, OutPortId, InVcId, OutVcId);

impl<I: Id, T> IdVec<I, T> {
    /// Appends `item`; its id.
    #[inline]
    pub(crate) fn push(&mut self, item: T) -> I {
        self.items.push(item);
        I::of_index(self.items.len() - 1)
    }

    /// Each entry with its id.
    pub(crate) fn iter_ids(&self) -> impl Iterator<Item = (I, &T)> {
        self.items
            .iter()
            .enumerate()
            .map(|(i, t)| (I::of_index(i), t))
    }
}

impl<I: Id, T> Index<I> for IdVec<I, T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, i: I) -> &T {
        &self.items[i.to_index()]
    }
}

impl<I: Id, T> IndexMut<I> for IdVec<I, T> {
    #[inline(always)]
    fn index_mut(&mut self, i: I) -> &mut T {
        &mut self.items[i.to_index()]
    }
}

impl<I, T> From<Vec<T>> for IdVec<I, T> {
    #[inline]
    fn from(items: Vec<T>) -> Self {
        IdVec {
            items,
            _ids: PhantomData,
        }
    }
}

impl<I, T> FromIterator<T> for IdVec<I, T> {
    fn from_iter<It: IntoIterator<Item = T>>(it: It) -> Self {
        Vec::from_iter(it).into()
    }
}

impl<I, T> Default for IdVec<I, T> {
    fn default() -> Self {
        Vec::new().into()
    }
}

impl<I, T: Clone> Clone for IdVec<I, T> {
    fn clone(&self) -> Self {
        self.items.clone().into()
    }
}

impl<I, T: std::fmt::Debug> std::fmt::Debug for IdVec<I, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(&self.items).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A VC's port and place in it are found again from its id, by a shift where the VC count
    /// is a power of two and by a division where it is not.
    #[test]
    fn a_vc_id_gives_back_its_port_and_place() {
        for v in 1..=9 {
            for port in [0, 1, 5, 1000, 70_000] {
                for k in 0..v {
                    let vc = InVcId::of(InPortId::new(port), k, v);
                    assert_eq!((vc.port(v).index(), vc.k(v)), (port, k), "{v} VCs");
                }
            }
        }
    }
}

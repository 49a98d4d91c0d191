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

impl_id!(RouterId, PacketId, TerminalId, PartId);

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

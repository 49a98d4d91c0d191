//! Asking for memory ahead (`prefetch`) and the size of state from which the engine's loops
//! and the route table do (`PREFETCH_ABOVE`): a leaf the engine and the routes both use.

/// Bytes of state above which the engine's loops and the route table ask for memory ahead
/// (`Engine::prefetching`, `RouteTable::prefetch`): a core's share of a second-level cache,
/// about.
pub(crate) const PREFETCH_ABOVE: usize = 1 << 20;

/// Asks for the cache line holding `x` (a hint: nothing on targets without one). Used where a
/// loop's next reads are known a few steps ahead and are misses on large networks.
#[inline(always)]
pub(crate) fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint; it reads nothing and cannot fault
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            (x as *const T).cast::<i8>(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

//! The shapes a part's cycle is compiled for (issue 65: the run's kind fixed by
//! monomorphisation, not tested per flit): paper 002's router, 4 VCs, with its 1-flit packets
//! or with packets of any length, and any shape at all. `Part::phase` picks one per run
//! natively (WebAssembly, whose size counts, has the one for any shape). In an engine made for
//! a shape its numbers are constants: multiplications, divisions and masks by the VC count are
//! shifts, and a 1-flit packet's flit is its head and its tail without a test.

use super::shared::Shared;
use super::state::Flit;

/// What an engine made for a shape knows before the run.
pub(super) trait Shape {
    /// VCs per port; 0: the run's (`vcs`).
    const VCS: usize;
    /// Whether every packet is one flit, its head and its tail.
    const ONE_FLIT: bool;

    /// VCs per port.
    #[inline(always)]
    fn vcs(sh: &Shared) -> usize {
        if Self::VCS == 0 {
            sh.p.vcs
        } else {
            Self::VCS
        }
    }

    /// Whether `flit` is its packet's head, and whether its tail.
    #[inline(always)]
    fn ends(sh: &Shared, flit: Flit) -> (bool, bool) {
        if Self::ONE_FLIT {
            (true, true)
        } else {
            (flit.seq == 0, usize::from(flit.seq) + 1 == sh.p.packet)
        }
    }
}

/// Any run.
pub(super) struct AnyShape;

impl Shape for AnyShape {
    const VCS: usize = 0;
    const ONE_FLIT: bool = false;
}

/// 4 VCs per port, packets of any length.
pub(super) struct FourVcs;

impl Shape for FourVcs {
    const VCS: usize = 4;
    const ONE_FLIT: bool = false;
}

/// 4 VCs per port and 1-flit packets: paper 002's Table II.
pub(super) struct FourVcsOneFlit;

impl Shape for FourVcsOneFlit {
    const VCS: usize = 4;
    const ONE_FLIT: bool = true;
}

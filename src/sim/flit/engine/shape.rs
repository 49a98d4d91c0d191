//! The shapes a part's cycle is compiled for (issue 65: the run's kind fixed by
//! monomorphisation, not tested per flit): paper 002's Table II's router, 4 VCs with 1-flit
//! packets or with packets of any length, and any shape at all. `Part::phase` picks one per run
//! natively (WebAssembly, whose size counts, has the one for any shape). In an engine made for
//! a shape its numbers are constants: multiplications, divisions and masks by the VC count are
//! shifts, and a 1-flit packet's flit is its head and its tail without a test.

use super::shared::{pipeline_cycles, Shared};
use super::state::Flit;

/// What an engine made for a shape knows before the run.
pub(super) trait Shape {
    /// VCs per port; 0: the run's (`vcs`).
    const VCS: usize;
    /// Whether every packet is one flit, its head and its tail.
    const ONE_FLIT: bool;
    /// Whether the router is paper 002's Table II's: 8-flit buffers, 4 pipeline stages, credits
    /// back in a cycle.
    const TABLE_II: bool;

    /// VCs per port.
    #[inline(always)]
    fn vcs(sh: &Shared) -> usize {
        if Self::VCS == 0 {
            sh.p.vcs
        } else {
            Self::VCS
        }
    }

    /// Flits per VC buffer.
    #[inline(always)]
    fn buffer(sh: &Shared) -> usize {
        if Self::TABLE_II {
            8
        } else {
            sh.p.buffer
        }
    }

    /// Router pipeline stages.
    #[inline(always)]
    fn stages(sh: &Shared) -> u32 {
        if Self::TABLE_II {
            4
        } else {
            sh.p.stages
        }
    }

    /// Cycles for a credit to come back.
    #[inline(always)]
    fn credit_delay(sh: &Shared) -> u32 {
        if Self::TABLE_II {
            1
        } else {
            sh.p.credit_delay
        }
    }

    /// Cycles from a flit's arrival to the first it may cross (`pipeline_cycles`).
    #[inline(always)]
    fn pipeline(sh: &Shared, head: bool) -> u64 {
        pipeline_cycles(Self::stages(sh), head)
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
    const TABLE_II: bool = false;
}

/// 4 VCs per port, packets of any length.
pub(super) struct FourVcs;

impl Shape for FourVcs {
    const VCS: usize = 4;
    const ONE_FLIT: bool = false;
    const TABLE_II: bool = false;
}

/// 4 VCs per port and 1-flit packets.
pub(super) struct FourVcsOneFlit;

impl Shape for FourVcsOneFlit {
    const VCS: usize = 4;
    const ONE_FLIT: bool = true;
    const TABLE_II: bool = false;
}

/// Paper 002's Table II: 4 VCs of 8 flits, 1-flit packets, 4 stages, credits back in a cycle.
pub(super) struct TableII;

impl Shape for TableII {
    const VCS: usize = 4;
    const ONE_FLIT: bool = true;
    const TABLE_II: bool = true;
}

impl TableII {
    /// Whether a run with parameters `p` has this shape.
    pub(super) fn fits(p: &super::params::SimParams) -> bool {
        (p.vcs, p.packet, p.buffer, p.stages, p.credit_delay) == (4, 1, 8, 4, 1)
    }
}

//! Circuit switching (paper 000): slot-utilization policies (§3.3, §5.1). TOPOGEN (§4) and
//! reconfiguration (§5.3) will live beside them.

mod slots;
pub mod topogen;

pub use slots::{
    allocate_slots, Increment, LayerUtilization, Order, SlotAllocation, SlotPolicy, SLOT_POLICIES,
};

//! The simulator's size limits for routes: where every pair's route is walked and kept, where
//! routes are read per destination, and where only a router with a compact form may run.

/// Most routers the flit simulator takes: its route table holds every pair, and layering them
/// takes 3 s at 529 routers (LOREN on LRT(529,4,6)) but 49 s at 1,024.
pub const MAX_SIM_SWITCHES: usize = 576;

/// Most routers of a network whose routes are decided hop by hop (`Routes::Compact`): 16,384
/// natively, 4,096 in the page (a browser tab's memory and a worker's speed).
pub const MAX_SIM_ROUTERS: usize = if cfg!(target_arch = "wasm32") {
    4096
} else {
    16_384
};

/// Most routers of a network whose router forwards by destination alone
/// (`Forwarding::ByDestination`: LOREN, shortest) above `MAX_SIM_SWITCHES`: its next-hop
/// trees take 4 bytes per switch pair (64 MiB at 4,096), and LOREN's own tables stop there.
pub const MAX_BY_DESTINATION: usize = 4096;

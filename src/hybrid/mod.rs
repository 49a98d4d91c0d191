//! Hybrid networks: an electrical packet-switched network (EPS) with an optical circuit-switched
//! one (OCS). `relay` is paper 001 (a small OCS beside a low-bisection tree, with relaying
//! through OCS nodes); `ctc` is paper 003 (clustering tasks into logical clusters and
//! configuring the OCS's topology for them).

pub mod ctc;
pub mod relay;

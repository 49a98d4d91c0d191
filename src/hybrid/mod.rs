//! Hybrid networks: an electrical packet-switched network (EPS) with an optical circuit-switched
//! one (OCS). `relay` is paper 001 (a small OCS beside a low-bisection tree, with relaying
//! through OCS nodes).

pub mod relay;

//! Simulators. `tdm`: one round of a pattern over circuits (TDM slots) against a packet-switched
//! baseline (paper 000 §3.1, the idea of Fig. 2). Cycle-level and message-level simulators of
//! the other papers will sit beside it.

pub mod tdm;

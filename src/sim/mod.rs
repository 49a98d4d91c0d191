//! Simulators. `tdm`: one round of a pattern over circuits (TDM slots) against a packet-switched
//! baseline (paper 000 §3.1, the idea of Fig. 2). `flit`: a cycle-level virtual-channel flit
//! simulator (papers 002 §VI-C, 004 §3.4). `message`: messages as MTU packets through
//! store-and-forward switches and whole over circuits (paper 001 §4.1).

pub mod flit;
pub mod message;
pub mod tdm;

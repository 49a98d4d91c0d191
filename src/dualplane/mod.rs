//! Paper 004's algorithm: the search for plane 1's generator set (§2.4, §3.2.2), on the
//! dual-plane networks of `topology::dualplane` (the planes, their metrics and the floor model).

pub mod search;

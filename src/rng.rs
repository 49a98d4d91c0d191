//! Seeded random streams: every random draw in Topolab comes from `stream(seed, purpose, index)`,
//! so the same Scenario gives the same numbers everywhere (ChaCha8, no OS entropy), and two
//! purposes never read the same sequence: a random topology and the traffic on it are drawn
//! from different ChaCha streams of the one seed. The traffic stream with index 0 is ChaCha8's
//! default stream, which keeps every traffic drawn before streams existed (paper tables).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// What a stream is drawn for. The discriminant is the high half of the ChaCha stream number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
pub enum Purpose {
    /// Traffic patterns (destinations, hot spots, permutations); index = pattern draw.
    Traffic = 0,
    /// Random topologies (LRT); index = topology in a study.
    Topology = 1,
    /// Switches failed at random (paper 000 §5.3).
    Failures = 2,
    /// Positions of force-directed drawings.
    Layout = 3,
    /// Anything a simulator draws per packet (injection, per-packet destinations).
    Simulation = 4,
    /// Searches (annealing chains); index = chain.
    Search = 5,
}

/// The random stream for `purpose` number `index` of `seed`.
pub fn stream(seed: u64, purpose: Purpose, index: u32) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream((u64::from(purpose as u32) << 32) | u64::from(index));
    rng
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn purposes_and_indices_give_different_sequences() {
        let draw = |mut r: ChaCha8Rng| (0..4).map(|_| r.random::<u32>()).collect::<Vec<_>>();
        let traffic = draw(stream(7, Purpose::Traffic, 0));
        assert_eq!(traffic, draw(ChaCha8Rng::seed_from_u64(7)));
        assert_ne!(traffic, draw(stream(7, Purpose::Topology, 0)));
        assert_ne!(traffic, draw(stream(7, Purpose::Traffic, 1)));
        assert_eq!(traffic, draw(stream(7, Purpose::Traffic, 0)));
    }
}

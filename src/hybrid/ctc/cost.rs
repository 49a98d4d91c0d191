//! The cost model of paper 003 §5.2.1, in units of one electronic (EPS) port. With rack-level
//! aggregation, R nodes per rack on R edge ports and M ports per LC to the EPS core:
//! hybrid EPS ports P·K·N + M·N + R·N, OCS ports P·K·N, transceivers P·K·N + M·N; X-D torus EPS
//! ports 2·X·N + R·N (the paper prints 2·X·D; D is N) and transceivers 2·X·N. Cost is EPS ports
//! plus ratio × OCS ports plus transceiver cost × transceivers; the optical/electronic port price
//! ratio is "currently in [0.4 – 0.6]" (0.5 used). With M = 1 and a transceiver costing a
//! port, K = 4, P = 1 costs exactly a 3-D torus (the paper's claim).

use serde::{Deserialize, Serialize};

/// Prices and the parts of the network that are the same in both.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CostParams {
    /// OCS port price / EPS port price.
    pub port_ratio: f64,
    /// Transceiver price / EPS port price.
    pub txrx_cost: f64,
    /// M: ports per LC to the EPS core.
    pub eps_core_ports: u32,
    /// R: compute nodes per rack (edge ports).
    pub nodes_per_rack: u32,
}

impl Default for CostParams {
    fn default() -> Self {
        CostParams {
            port_ratio: 0.5,
            txrx_cost: 1.0,
            eps_core_ports: 1,
            nodes_per_rack: 40,
        }
    }
}

/// Parts and the total of one network.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Cost {
    pub eps_ports: u64,
    pub ocs_ports: u64,
    pub transceivers: u64,
    pub total: f64,
}

impl CostParams {
    fn total(&self, eps: u64, ocs: u64, txrx: u64) -> Cost {
        Cost {
            eps_ports: eps,
            ocs_ports: ocs,
            transceivers: txrx,
            total: eps as f64 + self.port_ratio * ocs as f64 + self.txrx_cost * txrx as f64,
        }
    }

    /// The hybrid network of `lcs` LCs with K planes of P ports.
    pub fn hybrid(&self, lcs: usize, planes: usize, ports: usize) -> Cost {
        let (n, kp) = (lcs as u64, (planes * ports) as u64);
        let (m, r) = (
            u64::from(self.eps_core_ports),
            u64::from(self.nodes_per_rack),
        );
        self.total(kp * n + m * n + r * n, kp * n, kp * n + m * n)
    }

    /// The torus of `lcs` nodes in `x` dimensions.
    pub fn torus(&self, lcs: usize, x: usize) -> Cost {
        let n = lcs as u64;
        let r = u64::from(self.nodes_per_rack);
        self.total(2 * x as u64 * n + r * n, 0, 2 * x as u64 * n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k4_costs_a_3d_torus_and_the_128_rack_example() {
        let c = CostParams::default();
        let h = c.hybrid(128, 4, 1);
        let t = c.torus(128, 3);
        assert_eq!((h.eps_ports, h.ocs_ports, h.transceivers), (5760, 512, 640));
        assert_eq!((t.eps_ports, t.transceivers), (5888, 768));
        assert_eq!(h.total, 6656.0);
        assert_eq!(t.total, 6656.0);
        assert!(c.hybrid(128, 6, 1).total > t.total);
    }
}

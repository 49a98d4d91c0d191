//! Cowen's landmark routing, cluster reading (`cowen-cluster`): the Thorup–Zwick-style variant
//! of L. Cowen's scheme (SODA 1999; paper 002 §II-C) that Topolab used as "Cowen" before issue 9.
//! Landmarks: only D, the greedy hitting set of the balls (the ⌈|N|^α⌉ nearest switches, ties by
//! id; no extra landmarks C for switches in many balls); l(w) is w's nearest landmark. Switch v
//! stores every other landmark and every non-landmark w ≠ v closer to v than w's landmark,
//! d(v,w) < d(w,l(w)) — its cluster; the node itself is not counted. Routing is Cowen's (in
//! `cowen.rs`): stretch ≤ 3, as w outside v's table means d(w,l(w)) ≤ d(v,w). Its tables are
//! about half the size of the paper's reading (`cowen`).

use super::landmarks::{ball_size, check_param, Balls, Scheme, TmaxRule};
use super::{Cowen, CowenParam, Reading, RouterDef};

pub(super) const COWEN_CLUSTER: RouterDef = RouterDef {
    name: "cowen-cluster",
    aliases: &["cluster"],
    definition: "Cowen's landmark scheme, cluster reading (Thorup–Zwick style, stretch ≤ 3, about half the tables of cowen): landmarks only hit every ball; a switch stores every landmark and every switch closer to it than to that switch's own landmark; cowen-cluster:α, cowen-cluster:T or cowen-cluster:T:shortest as for cowen",
    param: Some(("α or t_max", check_param)),
    check_size: Some(Balls::check_size),
    needs: None,
    words: TmaxRule::WORDS,
    tables_decide: true,
    forwarding: super::Forwarding::PerPair,
    build: |topo, param, word| {
        Ok(Box::new(Cowen::build(
            topo,
            Reading::Cluster,
            CowenParam::of(param, word),
        )?))
    },
};

/// The cluster reading for one α.
pub(super) fn scheme(balls: &Balls, alpha: f64) -> Scheme {
    let n = balls.len();
    let size = ball_size(n, alpha);
    let is_landmark = balls.hitting_set(size, &balls.inverse_balls(size));
    let landmark_of = balls.nearest_landmarks(&is_landmark);
    // w is in v's table when v is closer to w than w's landmark: a prefix of w's order
    let mut tables: Vec<Vec<u32>> = vec![Vec::new(); n];
    for w in (0..n).filter(|&w| !is_landmark[w]) {
        let radius = balls.distance(landmark_of[w] as usize, w);
        for &v in balls.order(w)[1..]
            .iter()
            .take_while(|&&v| balls.distance(w, v as usize) < radius)
        {
            tables[v as usize].push(w as u32);
        }
    }
    for (v, table) in tables.iter_mut().enumerate() {
        table.extend((0..n as u32).filter(|&l| is_landmark[l as usize] && l as usize != v));
        table.sort_unstable();
    }
    Scheme::new(balls, &is_landmark, tables)
}

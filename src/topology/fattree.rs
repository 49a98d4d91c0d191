//! k-ary n-tree fat-tree (Petrini & Vanneschi): n layers of k^(n-1) switches, layer 0 the
//! roots, layer n-1 the leaves with k endpoints each. Used by paper 000 §5.1 (Fig. 9–10).

use super::{check_switches, MAX_ENDPOINTS};
use crate::model::{LinkInfo, Shape, SwitchId, SwitchInfo, Topology};
use crate::{Error, Result};

/// Build `fattree:k:n`. Switch `layer·k^(n-1) + w` carries the label w (n-1 base-k digits);
/// a switch at layer l+1 links up to the k switches at layer l whose labels differ from its
/// own only in digit n-2-l, so the leaves below one subtree share their top digits.
pub fn fat_tree(spec: &str, k: usize, levels: usize) -> Result<Topology> {
    if k < 2 || levels < 1 {
        return Err(Error::topology(spec, "K must be ≥ 2 and N ≥ 1"));
    }
    if levels > 8 {
        return Err(Error::topology(spec, "at most 8 levels"));
    }
    let per_layer = check_switches(spec, &vec![k; levels - 1])?;
    let switches = check_switches(spec, &[per_layer, levels])?;
    let endpoints = per_layer * k;
    if endpoints > MAX_ENDPOINTS {
        return Err(Error::TooLarge {
            what: format!("the endpoint count of '{spec}'"),
            value: endpoints,
            limit: MAX_ENDPOINTS,
            hint: "choose a smaller K or N".into(),
        });
    }
    let infos = (0..switches)
        .map(|i| SwitchInfo {
            layer: (i / per_layer) as u32,
        })
        .collect();
    let mut topo = Topology::new(spec, Shape::FatTree { k, levels }, infos);
    for layer in 0..levels.saturating_sub(1) {
        let digit_weight = k.pow(varied_digit(levels, layer) as u32);
        for w in 0..per_layer {
            let lower = SwitchId::new((layer + 1) * per_layer + w);
            let base = w - (w / digit_weight % k) * digit_weight;
            for j in 0..k {
                let upper = SwitchId::new(layer * per_layer + base + j * digit_weight);
                topo.add_link(upper, lower, LinkInfo::default());
            }
        }
    }
    let leaves = (levels - 1) * per_layer;
    for e in 0..endpoints {
        topo.add_endpoint(SwitchId::new(leaves + e / k));
    }
    Ok(topo)
}

/// The label digit a link between layer `layer` and `layer + 1` varies (0 = least significant).
pub(crate) fn varied_digit(levels: usize, layer: usize) -> usize {
    levels - 2 - layer
}

#[cfg(test)]
mod tests {
    use super::*;
    use petgraph::algo::connected_components;

    #[test]
    fn every_switch_has_k_up_and_k_down_links() {
        let t = fat_tree("fattree:4:3", 4, 3).unwrap();
        assert_eq!(connected_components(t.graph()), 1);
        for s in 0..t.switch_count() {
            let layer = t.switch_info(SwitchId::new(s)).layer;
            let expected = if layer == 0 || layer == 2 { 4 } else { 8 };
            assert_eq!(
                t.degree(SwitchId::new(s)),
                expected,
                "switch {s} layer {layer}"
            );
        }
        assert_eq!(
            t.endpoints_per_switch().iter().filter(|&&c| c == 4).count(),
            16
        );
    }
}

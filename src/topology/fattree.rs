//! k-ary n-tree fat-tree (Petrini & Vanneschi): n layers of k^(n-1) switches, layer 0 the
//! roots, layer n-1 the leaves with k endpoints each. Used by paper 000 §5.1 (Fig. 9–10).

use super::{check_switches, Generate, Generator, MAX_ENDPOINTS};
use crate::model::{LinkInfo, Shape, SwitchId, SwitchInfo, Topology};
use crate::spec::Spec;
use crate::{Error, Result};

pub(super) const FAT_TREE: Generator = Generator {
    name: "fattree",
    aliases: &[],
    syntax: "fattree:K:N (k-ary n-tree, K^N endpoints)",
    max_spec_bytes: crate::spec::MAX_SPEC_BYTES,
    parse: |spec| {
        spec.expect_args(2, "fattree:K:N, e.g. fattree:4:3 (a 4-ary 3-tree)")?;
        let (k, levels) = (spec.whole(0, "K")?, spec.whole(1, "N")?);
        check(spec, k, levels)?;
        Ok(Box::new(FatTreeSpec { k, levels }))
    },
};

#[derive(Debug, Clone)]
struct FatTreeSpec {
    k: usize,
    levels: usize,
}

impl Generate for FatTreeSpec {
    fn switch_count(&self) -> usize {
        self.k.pow(self.levels as u32 - 1) * self.levels
    }
    fn build(&self, spec: &str, _seed: u64, _index: u32) -> Result<Topology> {
        Ok(fat_tree(spec, self.k, self.levels))
    }
}

/// Check K and N, the switch and the endpoint counts before anything is built.
fn check(spec: &Spec<'_>, k: usize, levels: usize) -> Result<()> {
    if k < 2 || levels < 1 {
        return Err(spec.error("K must be ≥ 2 and N ≥ 1"));
    }
    if levels > 8 {
        return Err(spec.error("at most 8 levels"));
    }
    let per_layer = check_switches(spec, &vec![k; levels - 1])?;
    check_switches(spec, &[per_layer, levels])?;
    let endpoints = per_layer * k;
    if endpoints > MAX_ENDPOINTS {
        return Err(Error::TooLarge {
            what: format!("the endpoint count of '{}'", spec.text),
            value: endpoints,
            limit: MAX_ENDPOINTS,
            hint: "choose a smaller K or N".into(),
        });
    }
    Ok(())
}

/// Build `fattree:k:n` (checked). Switch `layer·k^(n-1) + w` carries the label w (n-1 base-k digits);
/// a switch at layer l+1 links up to the k switches at layer l whose labels differ from its
/// own only in digit n-2-l, so the leaves below one subtree share their top digits.
fn fat_tree(spec: &str, k: usize, levels: usize) -> Topology {
    let per_layer = k.pow(levels as u32 - 1);
    let switches = per_layer * levels;
    let endpoints = per_layer * k;
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
    topo
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
        let t = fat_tree("fattree:4:3", 4, 3);
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

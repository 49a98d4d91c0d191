//! The papers' figures and tables reproduced: each one a study of the lab that shows it (the
//! Fig. 12 comparison is a TopoGen study, Table I a CTC study), computed from the labs'
//! configurations and the core's algorithms. A lab keeps what turns its configuration into a
//! run and its own tools (a packet's walk, a sweep, a search); what reproduces a paper's
//! number lives here, a module per paper, each listing its studies once.

pub mod p000;
pub mod p001;
pub mod p002;
pub mod p003;
pub mod p004;

use crate::labs::{Lab, Study};
use crate::{Error, Result};

/// A paper's figure or table as a study of lab `lab`.
pub struct Reproduction {
    pub lab: &'static str,
    pub study: Study,
}

impl Reproduction {
    /// Study `study` of lab `lab`.
    pub(crate) const fn of(lab: &'static str, study: Study) -> Reproduction {
        Reproduction { lab, study }
    }
}

/// Every paper's studies.
const REPRODUCTIONS: &[&[Reproduction]] = &[
    p000::STUDIES,
    p001::STUDIES,
    p002::routing::STUDIES,
    p002::simulation::STUDIES,
    p003::STUDIES,
    p004::STUDIES,
];

/// Every study of `lab`: its own, then the papers' figures and tables it shows.
pub fn studies(lab: &Lab) -> Vec<&'static Study> {
    let papers = REPRODUCTIONS
        .iter()
        .flat_map(|paper| paper.iter())
        .filter(|r| r.lab == lab.name)
        .map(|r| &r.study);
    lab.studies.iter().chain(papers).collect()
}

/// The study `name` of `lab` (its own or a paper's).
pub fn study(lab: &Lab, name: &str) -> Result<&'static Study> {
    let all = studies(lab);
    all.iter().find(|s| s.name == name).copied().ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|s| s.name).collect();
        Error::invalid(
            "study",
            format!(
                "the {} lab has no study '{name}'; {}",
                lab.title,
                crate::error::suggest(name, &names)
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labs::LABS;

    /// Every study's number arguments: the default within its range, a value just outside
    /// refused by the study itself.
    #[test]
    fn study_limits_are_the_studies_own() {
        let mut checked = 0;
        for lab in LABS {
            for study in studies(lab) {
                let defaults = (study.args.defaults)();
                for limit in (study.args.limits)() {
                    let value = defaults[limit.field].as_f64().expect("a number default");
                    assert!(
                        (limit.min..=limit.max).contains(&value),
                        "{}/{} {}",
                        lab.name,
                        study.name,
                        limit.field
                    );
                    for outside in limit.just_outside() {
                        let mut args = defaults.clone();
                        args[limit.field] = serde_json::json!(outside);
                        let run = (study.run)(&(lab.default_config)(), 1, &args, &mut |_, _| {});
                        assert!(
                            run.is_err(),
                            "{}/{} {} = {outside}",
                            lab.name,
                            study.name,
                            limit.field
                        );
                        // and the precheck refuses it as the run does (`--check`)
                        let check = (study.precheck)(&(lab.default_config)(), 1, &args);
                        assert!(
                            check.is_err(),
                            "{}/{} precheck {} = {outside}",
                            lab.name,
                            study.name,
                            limit.field
                        );
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked >= 3, "{checked}");
    }

    /// Every paper's study names a lab that exists and a name no other study of that lab has.
    #[test]
    fn every_reproduction_is_a_study_of_a_lab() {
        for paper in REPRODUCTIONS {
            for r in paper.iter() {
                let lab = LABS.iter().find(|l| l.name == r.lab);
                let lab = lab.unwrap_or_else(|| panic!("{}: no lab '{}'", r.study.name, r.lab));
                let same = studies(lab)
                    .iter()
                    .filter(|s| s.name == r.study.name)
                    .count();
                assert_eq!(same, 1, "{}/{}", r.lab, r.study.name);
            }
        }
    }
}

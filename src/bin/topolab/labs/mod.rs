//! Every lab's subcommand, one file each: its flags turned into the lab's configuration and
//! its studies. A new lab adds its file and one line to `LAB_COMMANDS`.

mod ctc;
mod dualplane;
mod export;
mod ocs_relay;
mod routing;
mod sim;
mod slots;
mod topogen;

use crate::cli::LabCommand;

/// Every lab's subcommand, in the order of `topolab --help`.
pub const LAB_COMMANDS: &[LabCommand] = &[
    slots::COMMAND,
    topogen::COMMAND,
    routing::COMMAND,
    sim::COMMAND,
    dualplane::COMMAND,
    ocs_relay::COMMAND,
    ctc::COMMAND,
    export::COMMAND,
];

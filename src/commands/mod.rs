//! The command-line tools: `volley check` validates data files, `volley units` prints each
//! unit of a scenario as the supplement writes it (R2.3–R2.6), `volley sim` pits players
//! against each other headless.

pub mod ablation;
mod check;
pub mod rules;
pub mod scenario_test;
pub mod sim;
pub mod sim_report;
pub mod troops;
mod units;

pub use check::{check_files, kind_of, FileKind};
pub use units::{unit_rows, units_report, UnitRow};

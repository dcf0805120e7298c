//! The command-line tools, each command's whole path from its options to its output and
//! exit status: `volley play` and `volley replay` open the terminal game, `volley check`
//! validates data files, `volley units` and `volley troops` print units as the supplement
//! writes them (R2.3–R2.6), `volley show` draws a map as text, `volley sim` pits players
//! against each other headless, `volley test` runs scenario tests and `volley rules`
//! prints the rules of play, `volley generate` makes a quick battle from army lists, and `volley edit` opens the battle editor. `main.rs` only parses the command line and calls them.

pub mod ablation;
pub mod check;
pub mod edit;
pub mod generate;
pub mod network;
pub mod network_headless;
mod network_screen;
pub mod play;
pub mod points;
pub mod points_battles;
pub mod replay;
pub mod rules;
pub mod scenario_test;
mod session;
pub mod show;
pub mod sim_paired;
pub mod sim_report;
pub mod sim_run;
pub mod step_words;
pub mod test_files;
pub mod troops;
pub mod units;

pub use check::{check_files, check_files_with, kind_of, FileKind};
pub use units::{unit_rows, units_report, UnitRow};

//! `volley test FILE…`: runs scenario tests (`*.test.ron`, see [`super::scenario_test`])
//! and prints each failure at `file:line:col`, then `ok` or `FAILED` per file.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Runs every file's tests, with the rules file `rules` (`--rules FILE`) in place of the
/// one each scenario names if given; exit status 1 if any failed.
pub fn run(files: &[PathBuf], rules: Option<&Path>) -> ExitCode {
    let mut ok = true;
    for file in files {
        let failures = super::scenario_test::run_file_with(file, rules);
        let shown = crate::files::shown(file);
        if failures.is_empty() {
            println!("{shown}: ok");
        } else {
            ok = false;
            failures.iter().for_each(|f| println!("{f}"));
            println!("{shown}: FAILED");
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

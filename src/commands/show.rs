//! `volley show FILE`: a scenario's map with its units and objectives drawn as plain text,
//! for a designer without a terminal game.

use crate::scenario::Scenario;
use anyhow::Result;
use std::path::Path;
use std::process::ExitCode;

/// Prints the scenario at `file` drawn within `width` columns.
pub fn print(file: &Path, width: u16) -> Result<ExitCode> {
    let scenario = Scenario::load(file).map_err(|e| anyhow::anyhow!("{e}"))?;
    print!(
        "{}",
        crate::tui::show::show(scenario, width).map_err(anyhow::Error::msg)?
    );
    Ok(ExitCode::SUCCESS)
}

//! `volley show FILE`: a scenario's map with its units and objectives drawn as plain text,
//! for a designer without a terminal game.

use crate::scenario::Scenario;
use crate::tui::error::GameError;
use anyhow::Result;
use std::path::Path;
use std::process::ExitCode;

/// Columns `volley show` draws within when `--width` is not given, unless the map needs
/// more.
pub const DEFAULT_WIDTH: u16 = 100;

/// Prints the scenario at `file` drawn within `width` columns; without a width, within
/// [`DEFAULT_WIDTH`] or the narrowest that shows the whole map if that is wider (a
/// generated large map needs 156). A width given too narrow is refused with the one needed.
pub fn print(file: &Path, width: Option<u16>) -> Result<ExitCode> {
    let scenario = Scenario::load(file).map_err(|e| anyhow::anyhow!("{e}"))?;
    let drawn = match crate::tui::show::show(scenario.clone(), width.unwrap_or(DEFAULT_WIDTH)) {
        Err(GameError::TooNarrow { need, .. }) if width.is_none() => {
            crate::tui::show::show(scenario, need)
        }
        other => other,
    };
    print!("{}", drawn.map_err(anyhow::Error::msg)?);
    Ok(ExitCode::SUCCESS)
}

//! `volley replay SAVE`: a saved battle watched step by step in the terminal, and played
//! on from any point into the save's own data directory (issue 26).

use super::play::PlayArgs;
use super::session::{need_terminal, session};
use anyhow::Result;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Opens `save` in the replay screen; a battle played on from it is saved in `data_dir`,
/// else beside the save it came from. Refused before the terminal if the save is bad.
pub fn replay(save: &Path, data_dir: Option<PathBuf>, no_mouse: bool) -> Result<ExitCode> {
    let resumed = crate::save::resume(save)?;
    let replay = crate::tui::replay::Replay::new(resumed).map_err(anyhow::Error::msg)?;
    need_terminal()?;
    let args = PlayArgs {
        // Played on beside the save it came from unless told (issue 26).
        data_dir: data_dir.or_else(|| Some(crate::save::data_dir_of_save(save))),
        think_ms: crate::tui::app::DEFAULT_THINK_MS,
        pause: 250,
        no_mouse,
        ..PlayArgs::default()
    };
    session(crate::tui::Start::Replay(Box::new(replay)), &args)
}

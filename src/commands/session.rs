//! The terminal session of `volley play` and `volley replay`: the battle opened with its
//! autosave and the player's settings, the game run until it ends, and the farewell that
//! says where the battle is saved (issue 25) with the exit status.

use super::play::{chosen_battle, OptionError, PlayArgs};
use crate::save::SaveError;
use crate::text::escape_text;
use crate::tui::app::SaveReport;
use crate::tui::error::GameError;
use crate::tui::title::Choice;
use crate::tui::{App, Exit, Start};
use anyhow::{Context, Result};
use std::path::Path;
use std::process::ExitCode;
use thiserror::Error;

/// Why a battle could not be opened for play.
#[derive(Debug, Error)]
pub enum OpenError {
    /// The battle could not be set up from its scenario and commands (the game's reason).
    #[error(transparent)]
    Battle(GameError),
    /// The autosave could not be taken: another game holds it, or the disk refused.
    #[error(transparent)]
    Autosave(GameError),
    /// The save to resume could not be read.
    #[error(transparent)]
    Save(#[from] SaveError),
    /// A `--level` names a side or level the battle lacks.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// The title screen was left without choosing a battle.
    #[error("nothing to open")]
    Nothing,
}

/// Refuses to start the interactive game unless standard input and output are both a
/// terminal: drawn into a file or a pipe it would wait on keys no one can press, and
/// without a terminal it could only fail after writing an autosave.
pub(super) fn need_terminal() -> Result<()> {
    use std::io::IsTerminal;
    let not = match (
        std::io::stdin().is_terminal(),
        std::io::stdout().is_terminal(),
    ) {
        (true, true) => return Ok(()),
        (false, true) => "standard input is not a terminal",
        (true, false) => "standard output is not a terminal",
        (false, false) => "standard input and output are not a terminal",
    };
    anyhow::bail!(
        "the game is played in a terminal, and {not}; nothing was started or saved. \
         Without a terminal, `volley sim FILE` plays battles headless and `volley show FILE` \
         draws a battle's map as text"
    )
}

/// Runs the game from `start` in the terminal; says where the battle is saved on the way out.
pub(super) fn session(start: Start, args: &PlayArgs) -> Result<ExitCode> {
    let data_dir = crate::save::data_dir(args.data_dir.as_deref());
    // The screens show the whole chain of causes, as `volley: …` prints an error.
    let open = |choice: Choice| -> Result<App> { Ok(opened(choice, &data_dir, args)?) };
    let pause = std::time::Duration::from_millis(args.pause);
    let mut start = start;
    loop {
        let (exit, report) =
            crate::tui::run(start, &open, pause, !args.no_mouse).context("the terminal failed")?;
        let Exit::Network(choice) = exit else {
            return Ok(farewell(&exit, report.as_ref()));
        };
        use super::network::{from_title, FromTitle};
        match from_title(*choice, args.data_dir.clone(), args.no_mouse)? {
            FromTitle::Done(code) => return Ok(code),
            // No battle began across the line: back to the title, saying why.
            FromTitle::Back(why) => {
                let mut title = crate::tui::title::Title::new(&data_dir)
                    .with_settings_file(crate::tui::settings::settings_path())
                    .with_quick_seed(super::play::clock_seed());
                title.message = why;
                start = Start::Title(title);
            }
        }
    }
}

/// The battle a choice on the title or replay screen opens.
fn opened(choice: Choice, data_dir: &Path, args: &PlayArgs) -> Result<App, OpenError> {
    match choice {
        Choice::New(scenario, controllers) => {
            let app = chosen_battle(*scenario, controllers, args)?;
            prepared(app, data_dir, None, args)
        }
        Choice::Resume(path) => resumed(&path, data_dir, args),
        Choice::Branch(scenario, seed, history, controllers) => {
            let app =
                App::branch(*scenario, seed, *history, controllers).map_err(OpenError::Battle)?;
            prepared(app, data_dir, None, args)
        }
        Choice::Quit | Choice::Network(_) | Choice::Edit(..) => Err(OpenError::Nothing),
    }
}

/// A saved battle, replayed, going on in its autosave.
pub(super) fn resumed(path: &Path, data_dir: &Path, args: &PlayArgs) -> Result<App, OpenError> {
    let app = App::resumed(crate::save::resume(path)?);
    prepared(app, data_dir, Some(path), args)
}

/// The battle with its saves in `data_dir` and its autosave locked and written once, so
/// that even a kill before the first key loses nothing; a resumed autosave goes on in its
/// own file. A save another game has open is refused, naming that game's process. The
/// player's settings are read from the settings file as the battle opens (`--no-handover`
/// switches handovers off for this game only).
pub(super) fn prepared(
    app: App,
    data_dir: &Path,
    resumed_from: Option<&Path>,
    args: &PlayArgs,
) -> Result<App, OpenError> {
    prepared_named(app, data_dir, resumed_from, None, args)
}

/// [`prepared`], the autosave named `<scenario>-<named>.ron` if `named` is given (a battle
/// across two machines goes on in one file, whichever process of the player plays it).
pub(super) fn prepared_named(
    mut app: App,
    data_dir: &Path,
    resumed_from: Option<&Path>,
    named: Option<&str>,
    args: &PlayArgs,
) -> Result<App, OpenError> {
    use crate::tui::settings::{settings_path, Settings};
    if let Some(path) = settings_path() {
        let (settings, problem) = Settings::load(&path);
        app.use_settings(settings, Some(path));
        if let Some(why) = problem {
            app.say(format!("settings ignored: {why}"));
        }
    }
    if args.no_handover {
        app.no_handovers();
    }
    let started = battle_id();
    let file = app.scenario().file.clone();
    let autosave = match (resumed_from, named) {
        (Some(path), _) => crate::save::resumed_autosave_path(data_dir, path, &file, &started),
        (None, Some(name)) => crate::save::autosave_path(data_dir, &file, name),
        (None, None) => crate::save::autosave_path(data_dir, &file, &started),
    };
    app.save_in(data_dir.to_path_buf());
    app.open_autosave(autosave).map_err(OpenError::Autosave)?;
    app.autosave();
    Ok(app)
}

/// Says where the battle is saved and how to resume it, or that its newest state was not
/// saved and what the newest save holds (issue 25); the exit status for `exit`, and 1
/// when the battle as it ended is not saved.
pub(super) fn farewell(exit: &Exit, report: Option<&SaveReport>) -> ExitCode {
    match exit {
        Exit::ComputerFailed(reason) => eprintln!("volley: {}", escape_text(&reason.to_string())),
        Exit::Stopped(why) => eprintln!("volley: {}", escape_text(why)),
        _ => {}
    }
    for line in report.map(SaveReport::lines).unwrap_or_default() {
        eprintln!("{line}");
    }
    let unsaved = report.is_some_and(|r| !r.is_current());
    match exit {
        Exit::Signal(signal) => ExitCode::from(u8::try_from(128 + signal).unwrap_or(1)),
        Exit::ComputerFailed(_) | Exit::Stopped(_) => ExitCode::FAILURE,
        Exit::Network(_) => ExitCode::SUCCESS,
        Exit::Quit if unsaved => ExitCode::FAILURE,
        Exit::Quit => ExitCode::SUCCESS,
    }
}

/// What makes this battle's autosave name unique: when it started and this process's id.
fn battle_id() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    format!("{secs}-{}", std::process::id())
}

//! `volley play` (and `volley` with no command): the battle to open, who plays each side
//! and at what level, and the terminal session that plays it (see [`super::session`]).
//! No rule of play is decided here; the options only choose the battle and its players.

use super::session::{need_terminal, prepared, resumed, session, OpenError};
use crate::scenario::{Controller, Scenario};
use crate::text::escape_text;
use crate::tui::title::Title;
use crate::tui::{App, Start};
use anyhow::{Context, Result};
use std::path::PathBuf;
use std::process::ExitCode;
use thiserror::Error;

/// The options of `volley play`, which `volley` with no command takes too.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct PlayArgs {
    /// Scenario file, or a shipped battle's name (`kircholm`); the default battle
    /// (Kircholm, 1605) if omitted.
    pub file: Option<PathBuf>,
    /// Seed for the dice; else the scenario's seed, else the clock.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Let the computer play this side (its name, or A / B); repeat for both.
    #[arg(long)]
    pub computer: Vec<String>,
    /// Two players at one keyboard: no computer side.
    #[arg(long, conflicts_with = "computer")]
    pub hotseat: bool,
    /// Designer: play the battle with this rules file in place of the one the scenario
    /// names (or the shipped rules); a problem in it is listed at its own file:line:col.
    #[arg(long, value_name = "FILE", requires = "file", conflicts_with = "watch")]
    pub rules: Option<PathBuf>,
    /// Resume a saved battle instead of opening a scenario.
    #[arg(long, conflicts_with = "file")]
    pub resume: Option<PathBuf>,
    /// Where saves and the autosave go (default: the XDG data directory).
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// Designer: faces the battle's first dice show, in order, turn 1's initiative first
    /// (R3.1), before the seeded dice go on (`--dice 6,1`; 1 to 20 each). Kept in the save.
    #[arg(long, value_delimiter = ',', value_parser = clap::value_parser!(u32).range(1..=20))]
    pub dice: Vec<u32>,
    /// The computer's level on a side: `SIDE=LEVEL` with the side's name (or A / B) and
    /// easy, normal or hard; repeat for both. Else the scenario's `level`.
    #[arg(long, value_name = "SIDE=LEVEL")]
    pub level: Vec<String>,
    /// How long the computer may think about one decision at level hard, in ms.
    #[arg(long, default_value_t = crate::tui::app::DEFAULT_THINK_MS)]
    pub think_ms: u64,
    /// Designer: reload the scenario file whenever it is saved; problems are shown, and a
    /// valid file restarts the battle with the same seed and the commands given so far.
    #[arg(long, requires = "file")]
    pub watch: bool,
    /// Milliseconds to show each computer order before the next.
    #[arg(long, default_value_t = 250)]
    pub pause: u64,
    /// Leave the mouse to the terminal (no clicks on the map, no wheel on the log).
    #[arg(long)]
    pub no_mouse: bool,
    /// Hot-seat: pass the keyboard without the handover pop-up (nothing in these rules is
    /// hidden). For this game only; `H` in a battle switches it for good.
    #[arg(long)]
    pub no_handover: bool,
}

/// An option naming a side or a level that the battle does not have.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum OptionError {
    /// `--level` without `=`: the text as typed.
    #[error("`{}`: write --level SIDE=LEVEL", escape_text(.0))]
    LevelForm(String),
    /// `--level SIDE=LEVEL` with a level that is not one (the level's own refusal).
    #[error(transparent)]
    Level(#[from] crate::scenario::level::UnknownLevel),
    /// A side name that is neither a side's name nor A / B.
    #[error("no side called `{}` (sides: {})", escape_text(.name), .sides.join(", "))]
    NoSide {
        /// The name as typed.
        name: String,
        /// The battle's sides, in order.
        sides: Vec<String>,
    },
}

/// Plays the battle the options name: a resumed save, a scenario file, or the title
/// screen; the exit status says whether the battle ended saved (see `session`).
pub fn play(args: PlayArgs) -> Result<ExitCode> {
    let data_dir = crate::save::data_dir(args.data_dir.as_deref());
    // A new battle's file is checked first (its problems matter more than the terminal);
    // a resumed battle writes its autosave as it is read, so the terminal is asked first.
    let start = match (&args.resume, &args.file) {
        (Some(path), _) => {
            need_terminal()?;
            Start::Battle(Box::new(resumed(path, &data_dir, &args)?))
        }
        (None, Some(_)) => {
            let app = new_battle(&args)?;
            need_terminal()?;
            Start::Battle(Box::new(prepared(app, &data_dir, None, &args)?))
        }
        (None, None) => {
            need_terminal()?;
            Start::Title(
                Title::new(&data_dir)
                    .with_settings_file(crate::tui::settings::settings_path())
                    .with_quick_seed(clock_seed()),
            )
        }
    };
    session(start, &args)
}

/// The battle of the options' scenario file, with its players, levels, forced dice and
/// file watch, opening at its briefing.
fn new_battle(args: &PlayArgs) -> Result<App> {
    let scenario = match &args.file {
        Some(path) => {
            Scenario::load_with(path, args.rules.as_deref()).map_err(|e| anyhow::anyhow!("{e}"))
        }
        None => Scenario::default_battle().map_err(|e| anyhow::anyhow!("{e}")),
    }
    .context("cannot open the battle")?;
    let seed = args.seed.or(scenario.seed).unwrap_or_else(clock_seed);
    let controllers = controllers(&scenario, args)?;
    let mut scenario = scenario;
    set_levels(&mut scenario, &args.level)?;
    // Forced before the battle opens, so turn 1's initiative rolls them (R3.1).
    let mut app = App::with_opening_dice(scenario, seed, controllers, &args.dice)
        .map_err(anyhow::Error::msg)?;
    app.set_think_ms(args.think_ms);
    // The briefing opens the battle, forced dice or not.
    app.open_briefing();
    if let (true, Some(path)) = (args.watch, &args.file) {
        app.watch_file(path);
    }
    Ok(app)
}

/// A new battle from the title screen: the scenario chosen there, with the options' seed
/// and levels.
pub(super) fn chosen_battle(
    scenario: Scenario,
    controllers: [Controller; 2],
    args: &PlayArgs,
) -> Result<App, OpenError> {
    let seed = args.seed.or(scenario.seed).unwrap_or_else(clock_seed);
    let mut scenario = scenario;
    set_levels(&mut scenario, &args.level)?;
    let mut app = App::new(scenario, seed, controllers).map_err(OpenError::Battle)?;
    app.set_think_ms(args.think_ms);
    Ok(app)
}

/// Sets the computer's level on the sides `--level SIDE=LEVEL` names.
fn set_levels(scenario: &mut Scenario, given: &[String]) -> Result<(), OptionError> {
    for text in given {
        let (side, level) = text
            .split_once('=')
            .ok_or_else(|| OptionError::LevelForm(text.clone()))?;
        let level: crate::ai::Level = level.trim().parse().map_err(OptionError::Level)?;
        let index = side_index(scenario, side.trim())?;
        if let Some(s) = scenario.sides.get_mut(index) {
            s.level = level;
        }
    }
    Ok(())
}

/// The side a name (or `A` / `B`) means.
fn side_index(scenario: &Scenario, name: &str) -> Result<usize, OptionError> {
    scenario
        .sides
        .iter()
        .position(|s| s.name.eq_ignore_ascii_case(name))
        .or(match name.to_ascii_uppercase().as_str() {
            "A" => Some(0),
            "B" => Some(1),
            _ => None,
        })
        .ok_or_else(|| OptionError::NoSide {
            name: name.to_string(),
            sides: scenario.sides.iter().map(|s| s.name.clone()).collect(),
        })
}

/// Who plays each side: the scenario's default, `--computer SIDE`, or `--hotseat`.
fn controllers(scenario: &Scenario, args: &PlayArgs) -> Result<[Controller; 2], OptionError> {
    if args.hotseat {
        return Ok([Controller::Human; 2]);
    }
    if args.computer.is_empty() {
        return Ok([scenario.sides[0].player, scenario.sides[1].player]);
    }
    let mut out = [Controller::Human; 2];
    for name in &args.computer {
        let index = side_index(scenario, name)?;
        if let Some(slot) = out.get_mut(index) {
            *slot = Controller::Computer;
        }
    }
    Ok(out)
}

/// The only place the clock seeds anything: a battle started with no seed at all.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options' refusals read as before `main.rs` was cut down, user text escaped.
    #[test]
    fn a_level_without_a_side_or_for_an_unknown_side_is_refused_with_its_text_escaped() {
        let mut s = Scenario::default_battle().unwrap();
        let refused = |s: &mut Scenario, text: &str| {
            set_levels(s, &[text.to_string()]).unwrap_err().to_string()
        };
        assert_eq!(
            refused(&mut s, "hard\u{1b}[2J"),
            "`hard\\u{1b}[2J`: write --level SIDE=LEVEL"
        );
        assert_eq!(
            refused(&mut s, "Muscovy=hard"),
            "no side called `Muscovy` (sides: Sweden, Poland-Lithuania)"
        );
        set_levels(&mut s, &["b=hard".to_string()]).unwrap();
        assert_eq!(s.sides[1].level, crate::ai::Level::Hard);
    }
}

//! `volley sim FILE`: the battle loaded, its games played headless with a progress bar on
//! standard error, and the results printed as text, JSON or CSV; with `--without` or
//! `--swap`, an ablation that plays the changed battle on the same seeds (see
//! [`super::ablation`]). The games themselves are [`crate::sim`]'s.

use super::ablation::{self, Change};
use super::sim_report::{tally_games, units_table, write_report, SimFormat, Tally};
use crate::scenario::Scenario;
use crate::sim::SimSetup;
use anyhow::{Context, Result};
use std::path::Path;
use std::process::ExitCode;

/// Most games one `sim` may play: at this many a win rate's 95% interval is already
/// narrower than ±0.04 points, so more would only take longer (issue 25).
pub const MAX_GAMES: u32 = 10_000_000;

/// Why `--games` is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GamesError {
    /// Not a whole number.
    #[error("{0}")]
    NotANumber(#[from] std::num::ParseIntError),
    /// No game at all.
    #[error("0 is not in 1..={MAX_GAMES}: play at least one game")]
    Zero,
    /// More games than a win rate needs.
    #[error(
        "{0} is not in 1..={MAX_GAMES}: at {MAX_GAMES} games a win rate's 95% interval \
         is already narrower than ±0.04 points, so more would only take longer"
    )]
    TooMany(u64),
}

/// `--games`: a number of games from 1 to [`MAX_GAMES`]; the refusal says why.
pub fn parse_games(text: &str) -> Result<u32, GamesError> {
    let n: u64 = text.trim().parse()?;
    match u32::try_from(n) {
        Ok(n @ 1..=MAX_GAMES) => Ok(n),
        _ if n == 0 => Err(GamesError::Zero),
        _ => Err(GamesError::TooMany(n)),
    }
}

/// What `volley sim` plays and prints besides the battle's file.
#[derive(Clone, Debug)]
pub struct SimOptions {
    /// Number of games.
    pub games: u32,
    /// The players, the first seed and the look-aheads.
    pub setup: SimSetup,
    /// How the results are printed.
    pub format: SimFormat,
    /// The ablation's changes, `--without` first; none plays the battle as it is.
    pub changes: Vec<Change>,
    /// `--rules FILE`: the rules file played with in place of the one the scenario names.
    pub rules: Option<std::path::PathBuf>,
    /// `--yardstick KIND`: side A's player measured against this one on the same games.
    pub yardstick: Option<crate::sim::PlayerKind>,
}

/// Plays and prints `file`'s games; refused if the file cannot be read or an ablation
/// names a label or troop the battle lacks.
pub fn run(file: &Path, options: &SimOptions) -> Result<ExitCode> {
    let scenario =
        Scenario::load_with(file, options.rules.as_deref()).map_err(|e| anyhow::anyhow!("{e}"))?;
    if !options.changes.is_empty() {
        return ablate(&scenario, options);
    }
    if let Some(yardstick) = options.yardstick {
        let bar = progress(options.games.saturating_mul(2));
        let games = options.games as usize;
        let edge =
            super::sim_paired::paired(&scenario, games, options.setup, yardstick, &|| bar.inc(1));
        bar.finish_and_clear();
        let kinds = options.setup.kinds;
        let report = match options.format {
            SimFormat::Text => super::sim_paired::text(&scenario.name, kinds, yardstick, &edge),
            SimFormat::Csv => super::sim_paired::csv(&edge),
            SimFormat::Json => super::sim_paired::json(kinds, yardstick, &edge),
        };
        print!("{report}");
        return Ok(ExitCode::SUCCESS);
    }
    let bar = progress(options.games);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = write_report(
        &scenario,
        options.games as usize,
        options.setup,
        options.format,
        &|| bar.inc(1),
        &mut out,
    );
    bar.finish_and_clear();
    written.context("cannot write the results")?;
    Ok(ExitCode::SUCCESS)
}

/// The ablation: each side's win rate with and without the changes, on the same seeds, and
/// in text each battle's table of units.
fn ablate(scenario: &Scenario, options: &SimOptions) -> Result<ExitCode> {
    let variant = ablation::changed(scenario, &options.changes).map_err(anyhow::Error::msg)?;
    let before = tally(scenario, options.games, options.setup);
    let after = tally(&variant, options.games, options.setup);
    let report = ablation::Ablation::new((scenario, &variant), &options.changes, &before, &after);
    let text = match options.format {
        SimFormat::Json => serde_json::to_string_pretty(&report)? + "\n",
        SimFormat::Csv => report.csv(),
        SimFormat::Text => {
            let mut text = ablation::text(
                &scenario.name,
                &options.changes,
                report.games,
                &report.sides,
            );
            text += &units_table("Units of the unchanged battle", &report.units_unchanged);
            text += &units_table("Units of the changed battle", &report.units_changed);
            text
        }
    };
    print!("{text}");
    Ok(ExitCode::SUCCESS)
}

/// `volley sim`'s progress bar with its ETA on standard error (drawn only when that is a
/// terminal).
fn progress(games: u32) -> indicatif::ProgressBar {
    indicatif::ProgressBar::new(u64::from(games)).with_style(
        indicatif::ProgressStyle::with_template("sim {bar:30} {pos}/{len} games, ETA {eta}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    )
}

/// Plays an ablation's games with the progress bar, adding them up as they finish.
fn tally(scenario: &Scenario, games: u32, setup: SimSetup) -> Tally {
    let bar = progress(games);
    let tally = tally_games(scenario, games as usize, setup, &|| bar.inc(1));
    bar.finish_and_clear();
    tally
}

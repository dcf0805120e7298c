//! `volley play FILE --watch`: hot reload for designers. The scenario file is looked at on
//! every turn of the game loop (a `stat`, every 50 ms); when it changes it is checked
//! again. A file with problems leaves the battle as it is and shows them; a valid one
//! restarts the battle with the same seed and replays the commands given so far while the
//! new scenario allows them.

use super::app::App;
use crate::engine::{Command, Game, UnitId};
use crate::scenario::Scenario;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The watched scenario file and what it looked like when last read.
#[derive(Clone, Debug)]
pub struct FileWatch {
    path: PathBuf,
    stamp: Option<(SystemTime, u64)>,
}

impl FileWatch {
    /// Watches `path` from now on: only a later change counts.
    pub fn new(path: &Path) -> FileWatch {
        FileWatch {
            path: path.to_path_buf(),
            stamp: stamp(path),
        }
    }

    /// Whether the file was written (modified time or size) since last asked.
    pub fn changed(&mut self) -> bool {
        let now = stamp(&self.path);
        let changed = now.is_some() && now != self.stamp;
        self.stamp = now;
        changed
    }

    /// The file watched.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

fn stamp(path: &Path) -> Option<(SystemTime, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

/// The battle of `scenario` and `seed` after the commands of `commands` it still accepts,
/// in order, up to the first it refuses (its number and reason kept). Units are named by
/// label (the second of one label by the second), as in `old`, the battle they were given
/// in, so that adding or removing a unit does not hand its orders to another.
pub fn legal_prefix(
    scenario: &Scenario,
    (seed, faces): (u64, &[u32]),
    commands: &[Command],
    old: &Game,
) -> Result<Replayed, super::error::GameError> {
    let mut game =
        super::app::opened(scenario, seed, faces).map_err(|_| super::error::GameError::NotSetUp)?;
    let names = |g: &Game| -> Vec<(String, usize)> {
        let units = g.units();
        units
            .iter()
            .enumerate()
            .map(|(i, u)| {
                let nth = units
                    .get(..i)
                    .unwrap_or_default()
                    .iter()
                    .filter(|o| o.label == u.label);
                (u.label.clone(), nth.count())
            })
            .collect()
    };
    let (before, after) = (names(old), names(&game));
    let rename = |id: UnitId| {
        let name = before.get(usize::from(id.0))?;
        let at = after.iter().position(|n| n == name)?;
        Some(UnitId(u16::try_from(at).ok()?))
    };
    let mut kept = Vec::new();
    let mut stopped = None;
    for (i, c) in commands.iter().enumerate() {
        let Some(renamed) = c.map_units(rename) else {
            stopped = Some((i + 1, "a unit it names is gone".into()));
            break;
        };
        if let Err(e) = game.submit(renamed) {
            stopped = Some((i + 1, e.to_string()));
            break;
        }
        kept.push(renamed);
    }
    Ok(Replayed {
        game,
        kept,
        stopped,
    })
}

/// A battle replayed on a changed scenario as far as its commands stay legal.
pub struct Replayed {
    /// The battle after the commands kept.
    pub game: Game,
    /// The commands it accepted, units renamed for it.
    pub kept: Vec<Command>,
    /// The first command it refused (numbered from 1) and why, if any.
    pub stopped: Option<(usize, String)>,
}

/// Checks the watched file again after a change: the battle restarted on it, or the
/// problems that leave `app` as it was.
pub fn reload(app: &App, path: &Path) -> Result<App, Vec<String>> {
    let scenario = Scenario::load(path).map_err(|e| e.lines())?;
    let dice = (app.seed, app.opening_dice.as_slice());
    let r = legal_prefix(&scenario, dice, app.commands(), app.game())
        .map_err(|e| vec![e.to_string()])?;
    let (given, replayed) = (app.commands().len(), r.kept.len());
    // A valid file may still warn, as `volley check` does: the designer sees it at once.
    let warned = warnings_said(&scenario.warnings);
    // Replayed again through the app, so the log reads as it did in play (issue 26).
    let mut fresh =
        match App::replayed_opened(scenario.clone(), dice, (&r.kept, &[]), app.controllers) {
            Ok(fresh) => fresh,
            Err(_) => App::viewing(scenario, r.game, app.seed, r.kept, app.controllers),
        };
    fresh.opening_dice = app.opening_dice.clone();
    fresh.think_ms = app.think_ms;
    fresh.save_dir = app.save_dir.clone();
    fresh.autosave = app.autosave.clone();
    fresh.map_view.choose_zoom(app.map_view.chosen_zoom());
    fresh.cursor = app.cursor;
    fresh.keep_tags(app);
    fresh.message = match r.stopped {
        None if given == 1 => "reloaded: 1 command replayed".into(),
        None => format!("reloaded: {given} commands replayed"),
        Some((n, why)) => format!(
            "reloaded: {replayed} of {given} commands replayed; command {n} no longer fits: {why}"
        ),
    } + &warned;
    fresh.autosave();
    Ok(fresh)
}

/// The warnings of a reloaded file for the status line: how many, and the first with its
/// `line:col`; empty when there are none.
fn warnings_said(warnings: &[crate::scenario::Problem]) -> String {
    let Some(first) = warnings.first() else {
        return String::new();
    };
    let n = u64::try_from(warnings.len()).unwrap_or(u64::MAX);
    format!(
        "; {}: {}:{}: {}",
        crate::words::counted(n, "warning"),
        first.line,
        first.col,
        crate::text::escape_text(&first.message)
    )
}

//! `volley edit [FILE]`: the battle editor (issue 32). Opens a scenario file, or a new
//! battle of the size and sides given on clear ground (to be saved as FILE, or
//! `new_battle.ron` if none is named), in the terminal editor of [`crate::tui::editor`].
//! No rule of play is decided here.

use crate::tui::editor::{session, Editor};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The options of `volley edit`.
#[derive(clap::Args, Debug, Clone)]
pub struct EditArgs {
    /// The scenario file to edit; a new battle if it does not exist (default
    /// `new_battle.ron`, or the first `new_battle_N.ron` free). A shipped battle's name
    /// (`kircholm`) edits a copy of it, `kircholm.ron` in this folder.
    pub file: Option<PathBuf>,
    /// A new battle's map: columns × rows, each 1 to 200 (`30x20`).
    #[arg(long, default_value = "20x14", value_parser = parse_size)]
    pub size: (u32, u32),
    /// A new battle's sides: two names, the first at the south edge (`Red,Blue`).
    #[arg(long, default_value = "Red,Blue", value_delimiter = ',')]
    pub sides: Vec<String>,
    /// Seed for the dice of battles played from the editor (`p`); else the clock.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Leave the mouse to the terminal.
    #[arg(long)]
    pub no_mouse: bool,
}

/// `30x20` as (30, 20), each side 1 to 200.
fn parse_size(text: &str) -> std::result::Result<(u32, u32), String> {
    let (w, h) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("`{text}`: write columns x rows, like 30x20"))?;
    let side = |v: &str| match v.trim().parse::<u32>() {
        Ok(n) if (1..=200).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{}`: a side of the map is 1 to 200 hexes",
            v.trim()
        )),
    };
    Ok((side(w)?, side(h)?))
}

/// The file a new battle is saved to when none is named: the first of `new_battle.ron`,
/// `new_battle_2.ron`, … in `dir` that does not exist.
pub fn fresh_name(dir: &Path) -> PathBuf {
    (1..)
        .map(|n| match n {
            1 => dir.join("new_battle.ron"),
            n => dir.join(format!("new_battle_{n}.ron")),
        })
        .find(|p| !p.exists())
        .unwrap_or_else(|| dir.join("new_battle.ron"))
}

/// A shipped battle named by its stem (`kircholm`, no such file) as the copy to edit:
/// `kircholm.ron` here, from the shipped text unless that file exists; else `path` as is.
pub fn shipped_copy(path: PathBuf) -> (PathBuf, Option<String>) {
    match crate::scenario::shipped_named(&path) {
        Some((file, source)) => {
            let copy = PathBuf::from(format!("{}.ron", crate::save::file_stem(file)));
            let text = (!copy.exists()).then(|| source.to_string());
            (copy, text)
        }
        None => (path, None),
    }
}

/// Runs the editor; `clock` seeds its battles' dice when `--seed` is not given.
pub fn run(args: &EditArgs, clock: u64) -> Result<ExitCode> {
    crate::commands::session::need_terminal()?;
    let path = args
        .file
        .clone()
        .unwrap_or_else(|| fresh_name(Path::new(".")));
    let [a, b] = [0, 1].map(|i| args.sides.get(i).map_or("", |s| s.trim()));
    if args.sides.len() != 2 || a.is_empty() || b.is_empty() || a == b {
        bail!("--sides: two different names, like Red,Blue");
    }
    let (path, copy) = shipped_copy(path);
    let mut editor = Editor::open_from(&path, copy, args.size, [a, b])?;
    let signal = session::run(&mut editor, args.seed.unwrap_or(clock), !args.no_mouse)
        .context("the terminal")?;
    if let Some(signal) = signal {
        eprintln!("volley: stopped by signal {signal}; every edit is in the autosave");
        return Ok(ExitCode::from((128 + signal).clamp(0, 255) as u8));
    }
    if editor.unsaved() {
        eprintln!("volley: left without saving {}", crate::files::shown(&path));
    } else {
        println!("volley: {} is saved", crate::files::shown(&path));
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]
    use super::*;

    #[test]
    fn a_shipped_battle_by_name_is_edited_as_a_copy_here() {
        let (path, copy) = shipped_copy(PathBuf::from("kircholm"));
        assert_eq!(path, PathBuf::from("kircholm.ron"));
        assert!(copy.unwrap().contains("Kircholm"));
        let (path, copy) = shipped_copy(PathBuf::from("no_such_battle"));
        assert_eq!((path, copy), (PathBuf::from("no_such_battle"), None));
    }

    #[test]
    fn a_map_size_is_columns_x_rows_of_1_to_200() {
        assert_eq!(parse_size("30x20"), Ok((30, 20)));
        assert!(parse_size("0x5").is_err());
        assert!(parse_size("201x5").is_err());
        assert!(parse_size("30").is_err());
    }
}

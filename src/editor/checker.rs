//! The editor's checking as you go (issue 32): the same check as `volley check` (every
//! rule of R2.8 and R12 a scenario file must keep), run on a thread of its own after each
//! change so that drawing never waits for it. Only the newest text asked about is checked;
//! each answer names the draft's revision it is about. A problem is placed on the map
//! where its line names a hex (a unit's or objective's `at`, or a map row's character).

use super::draft::At;
use crate::scenario::{DataError, Problem, Scenario};
use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread::JoinHandle;

/// What the check found in one revision of the draft.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Findings {
    /// The draft's revision that was checked.
    pub revision: u64,
    /// Problems that stop the battle being played, then warnings, in the file's order.
    pub problems: Vec<Finding>,
}

/// One problem or warning with the hex it is about, if its line names one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// 1-based line in the text checked.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
    /// The checker's words, the file's text escaped.
    pub message: String,
    /// A warning (the battle still plays), not a problem.
    pub warning: bool,
    /// The hex it is about.
    pub at: Option<At>,
}

/// A checking thread: [`Checker::ask`] hands it text, [`Checker::answers`] collects what
/// it found. Dropping it ends the thread.
pub struct Checker {
    ask: Option<Sender<(u64, Option<String>, bool)>>,
    answers: Receiver<Findings>,
    thread: Option<JoinHandle<()>>,
}

impl Checker {
    /// Starts a thread checking texts as the scenario file `file` (rules files it names
    /// are read relative to it), first writing each to `autosave` if given, so a crash or
    /// a kill loses at most the edit being written.
    pub fn start(file: String, autosave: Option<PathBuf>) -> std::io::Result<Checker> {
        let (ask, asked) = channel::<(u64, Option<String>, bool)>();
        let (answer, answers) = channel();
        let thread = std::thread::Builder::new()
            .name("editor-check".into())
            .spawn(move || {
                while let Ok(first) = asked.recv() {
                    // Only the newest text matters: skip any left behind it, but never
                    // a flush, which is answered once that text is done.
                    let mut waiting = vec![first];
                    waiting.extend(asked.try_iter());
                    let (texts, flushes): (Vec<_>, Vec<_>) =
                        waiting.into_iter().partition(|asked| asked.1.is_some());
                    if let Some((revision, Some(text), unsaved)) = texts.into_iter().last() {
                        if let Some(path) = autosave.as_ref().filter(|_| unsaved) {
                            // Best effort: the designer's own saves say if the disk fails.
                            let _ = crate::files::write_atomic(path, &[text.as_bytes()]);
                        }
                        let problems = check(&text, &file);
                        if answer.send(Findings { revision, problems }).is_err() {
                            break;
                        }
                    }
                    for (revision, _, _) in flushes {
                        let problems = Vec::new();
                        if answer.send(Findings { revision, problems }).is_err() {
                            return;
                        }
                    }
                }
            })?;
        Ok(Checker {
            ask: Some(ask),
            answers,
            thread: Some(thread),
        })
    }

    /// Asks for the text of `revision` to be checked, and autosaved first if `unsaved`;
    /// returns at once.
    pub fn ask(&self, revision: u64, text: String, unsaved: bool) {
        if let Some(ask) = &self.ask {
            let _ = ask.send((revision, Some(text), unsaved));
        }
    }

    /// Waits until every text asked about before is checked and autosaved, so that an
    /// autosave removed after it stays removed; the newest answer that came meanwhile.
    pub fn flush(&self) -> Option<Findings> {
        let ask = self.ask.as_ref()?;
        ask.send((u64::MAX, None, false)).ok()?;
        let mut newest = None;
        for found in self.answers.iter() {
            if found.revision == u64::MAX {
                break;
            }
            newest = Some(found);
        }
        newest
    }

    /// The newest answer that has come in since the last call, if any.
    pub fn answers(&self) -> Option<Findings> {
        self.answers.try_iter().last()
    }

    /// Waits for the answer about `revision` (for tests and the command line).
    pub fn wait_for(&self, revision: u64) -> Option<Findings> {
        self.answers.iter().find(|f| f.revision >= revision)
    }
}

impl Drop for Checker {
    fn drop(&mut self) {
        self.ask = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Every problem and warning `volley check` finds in `text` as scenario file `file`.
pub fn check(text: &str, file: &str) -> Vec<Finding> {
    let found = |p: &Problem, warning: bool| Finding {
        line: p.line,
        col: p.col,
        message: p.message.clone(),
        warning,
        at: hex_named(text, p.line, p.col),
    };
    match Scenario::parse(text, file) {
        Ok(s) => s.warnings.iter().map(|p| found(p, true)).collect(),
        Err(DataError::Invalid { problems, .. }) => {
            problems.iter().map(|p| found(p, false)).collect()
        }
        Err(DataError::Syntax {
            line, col, message, ..
        }) => vec![found(&Problem::new(line, col, message), false)],
    }
}

/// The hex line `line` of `text` is about, reading column `col`: the `at: (c, r)` it
/// writes, or, on a row of the map, the hex at that column.
pub fn hex_named(text: &str, line: usize, col: usize) -> Option<At> {
    let here = text.lines().nth(line.checked_sub(1)?)?;
    if let Some(at) = at_in(here) {
        return Some(at);
    }
    let row = map_row_of(text, line)?;
    // Hexes before the column: characters of the string that are not spaces.
    let start = here.find('"')? + 1;
    let upto: String = here.chars().take(col.saturating_sub(1)).collect();
    let before = upto.get(start.min(upto.len())..)?;
    let hexes = before.chars().filter(|c| !c.is_whitespace()).count();
    Some((hexes as i32, row))
}

/// The unit (its index in the list) that line `line` (1-based) of a saved text writes, if
/// it is one of the `units` list's lines: the editor writes a unit per line.
pub fn unit_on_line(text: &str, line: usize) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let open = lines
        .iter()
        .position(|l| l.trim_start().starts_with("units:"))?;
    let at = line.checked_sub(1)?;
    let index = at.checked_sub(open + 1)?;
    let rows = lines.get(open + 1..=at)?;
    rows.iter()
        .all(|l| l.trim_start().starts_with('('))
        .then_some(index)
}

/// The `(c, r)` after the first `at: ` of a line.
fn at_in(line: &str) -> Option<At> {
    let rest = line.get(line.find("at: (")? + 5..)?;
    let (c, rest) = rest.split_once(',')?;
    let r = rest.split(')').next()?;
    Some((c.trim().parse().ok()?, r.trim().parse().ok()?))
}

/// The map row written on `line` (1-based), if the line is one of the map's quoted rows.
fn map_row_of(text: &str, line: usize) -> Option<i32> {
    let mut lines = text.lines().enumerate();
    let (open, _) = lines.find(|(_, l)| l.trim_start().starts_with("map:"))?;
    let mut row = 0;
    for (i, l) in text.lines().enumerate().skip(open + 1) {
        let l = l.trim_start();
        if l.starts_with(']') {
            return None;
        }
        if l.starts_with('"') {
            if i + 1 == line {
                return Some(row);
            }
            row += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing, reason = "tests")]
    use super::*;

    const TEXT: &str = "(\n    map: [\n        // 0 1 2\n        \". T .\",\n        \"^ . ?\",\n    ],\n    units: [\n        (troop: \"pikes\", side: \"Red\", creatures: 120, at: (2, 1)),\n    ],\n)\n";

    #[test]
    fn a_problem_on_a_unit_line_is_at_its_hex() {
        assert_eq!(hex_named(TEXT, 8, 10), Some((2, 1)));
    }

    #[test]
    fn a_problem_on_a_map_row_is_at_the_hex_of_its_column() {
        // Line 5 is `        "^ . ?",`: the `?` is column 14.
        assert_eq!(hex_named(TEXT, 5, 14), Some((2, 1)));
        assert_eq!(hex_named(TEXT, 4, 10), Some((0, 0)));
        assert_eq!(
            hex_named(TEXT, 3, 10),
            None,
            "the column numbers are no row"
        );
    }

    #[test]
    fn a_problem_on_a_unit_line_names_the_unit() {
        assert_eq!(unit_on_line(TEXT, 8), Some(0));
        assert_eq!(unit_on_line(TEXT, 7), None);
        assert_eq!(unit_on_line(TEXT, 9), None);
    }

    #[test]
    fn the_thread_answers_for_the_newest_revision_asked() {
        let (file, good) = crate::scenario::SHIPPED
            .iter()
            .find(|(f, _)| f.ends_with("tutorial.ron"))
            .unwrap();
        let checker = Checker::start((*file).into(), None).unwrap();
        checker.ask(1, "(".into(), false);
        checker.ask(2, (*good).into(), false);
        let found = checker.wait_for(2).unwrap();
        assert_eq!(found.revision, 2);
        assert!(found.problems.is_empty(), "{:?}", found.problems);
        let checker = Checker::start("edit.ron".into(), None).unwrap();
        checker.ask(1, "(".into(), false);
        let found = checker.wait_for(1).unwrap();
        assert!(!found.problems.is_empty() && !found.problems[0].warning);
    }

    #[test]
    fn only_a_text_not_saved_is_autosaved_and_a_flush_waits_for_it() {
        let dir = tempfile::tempdir().unwrap();
        let autosave = dir.path().join(".x.ron.autosave");
        let checker = Checker::start("x.ron".into(), Some(autosave.clone())).unwrap();
        checker.ask(1, "(saved)".into(), false);
        let _ = checker.flush();
        assert!(!autosave.exists(), "a saved text is not autosaved");
        checker.ask(2, "(edited)".into(), true);
        assert_eq!(checker.flush().map(|f| f.revision), Some(2));
        assert_eq!(std::fs::read_to_string(&autosave).unwrap(), "(edited)");
    }
}

//! `volley edit`: the battle editor in the terminal (issue 32). The map is the game's own
//! map widget over a preview of the draft ([`crate::editor::preview`]); keys paint terrain
//! (R4.6) with a brush, lay roads and field works (R12.6, R12.5), place, move, copy and
//! delete units (R2.2) and reserves (R12.1), set objectives (R10.3, R12.4) and the turn
//! limit (R3.3). Each change is checked off the drawing thread and autosaved beside the
//! file; the file is saved as clean RON. No rule is decided here: the checker and the
//! preview are the scenario loader's.

mod draw;
mod event_form;
mod event_read;
mod form;
mod forms;
mod input;
mod lists;
mod pick;
pub mod session;
mod sim;
mod troop_form;

use crate::editor::checker::{Checker, Finding};
use crate::editor::draft::{At, Draft};
use crate::editor::preview::{preview_after, Kept};
use crate::editor::write::{leading_comments, scenario_text};
use crate::engine::{Map, Terrain};
use crate::scenario::{Controller, UnitDef};
use std::path::{Path, PathBuf};

pub use pick::Picker;

use super::app::App;

/// What Space or Enter does at the cursor.
#[derive(Clone, Debug, PartialEq)]
pub enum Tool {
    /// Change nothing: open the form of what is under the cursor. The editor opens with
    /// it, so that an Enter pressed to select paints nothing.
    Select,
    /// Paint this terrain with the brush.
    Paint(Terrain),
    /// Lay or take up a road (R12.6).
    Road,
    /// Add or take away field works (R12.5).
    Works,
    /// Place a unit like this one (its `at` is set where it goes).
    Place(Box<UnitDef>),
    /// Put down the unit of this index picked up with `m`.
    Carry(usize),
    /// Add or take away an objective (R10.3).
    Objective,
}

/// What the editor's keys go to.
#[derive(Clone, Debug, PartialEq)]
enum Mode {
    /// The map and its tools.
    Map,
    /// Choosing a troop type, with search as you type.
    Pick(Picker),
    /// "Leave without saving?"
    ConfirmLeave,
    /// A form: a unit's, an objective's or the battle's.
    Form(form::Form<forms::Target>),
    /// The keys' help: the map's, or a list's (the list it goes back to).
    Help(Option<lists::List>),
    /// The battle's events or its own troop types.
    List(lists::List),
}

/// How the editor was left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditExit {
    /// The designer left the editor.
    Leave,
    /// Play the draft as it stands with these players, then come back (`p`, `P`).
    Play([Controller; 2]),
}

/// The editor's state: the draft, its file, the checker's latest answer, the preview and
/// the tools.
pub struct Editor {
    draft: Draft,
    path: PathBuf,
    header: String,
    /// The revision last saved to the file.
    saved: u64,
    checker: Checker,
    findings: Vec<Finding>,
    /// The revision the findings are about.
    checked: Option<u64>,
    /// The draft as the game draws it; `None` if not even its playable part builds.
    view: Option<App>,
    /// The battle the view was built from, and its draft.
    kept: Option<Kept>,
    /// Whether the view is of the draft before the last change, which cannot be drawn.
    stale: bool,
    cursor: At,
    tool: Tool,
    /// Hexes across the brush: 1, 3 or 7.
    brush: u32,
    /// The side new units go to: 0 or 1.
    side: usize,
    mode: Mode,
    message: String,
    /// The next finding `n` jumps to.
    next_finding: usize,
    /// Whether the open form is of an item a list has just added (Esc takes it back).
    adding: bool,
    /// The unit the finding `n` last showed is about, for `e`.
    about: Option<usize>,
    /// The tool in hand before `m` picked up a unit.
    before_carry: Option<Tool>,
    /// The hex size the designer chose, kept when the preview is built again.
    zoom: Option<u8>,
    /// What the editor says it could not keep of the file it opened.
    pub lost_comments: usize,
    /// The quick sim running or last run (`i`).
    sim: Option<sim::QuickSim>,
    /// Seeds the quick sim's dice.
    pub seed: u64,
}

/// The autosave of `path`'s draft, if an editor left one that is newer than the file and
/// differs from it: edits never saved. An older one is left for the next edit to replace,
/// so a file changed since by hand is never undone.
fn recoverable(path: &Path) -> Option<String> {
    let autosave = autosave_path(path);
    let text = crate::scenario::read_limited(&autosave).ok()?;
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    match (modified(path), modified(&autosave)) {
        (Some(file), Some(auto)) if file > auto => return None,
        _ => {}
    }
    let same = crate::scenario::read_limited(path).is_ok_and(|file| file == text);
    (!same).then_some(text)
}

/// A new scenario file is for sharing: readable by all, as an editor of text would leave
/// it (the atomic write's temporary file is private); a file saved again keeps its mode.
fn readable_by_all(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644));
    }
    #[cfg(not(unix))]
    let _ = path;
}

/// The autosave of the draft of `path`: beside it, `.NAME.autosave`.
pub fn autosave_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "battle.ron".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.autosave"))
}

impl Editor {
    /// The editor on `draft`, to be saved to `path`, under the leading comments `header`.
    /// Errors: the checking thread could not start.
    pub fn new(draft: Draft, path: PathBuf, header: String) -> std::io::Result<Editor> {
        let checker = Checker::start(path.display().to_string(), Some(autosave_path(&path)))?;
        let mut editor = Editor {
            saved: draft.revision(),
            draft,
            path,
            header,
            checker,
            findings: Vec::new(),
            checked: None,
            view: None,
            kept: None,
            stale: false,
            cursor: (0, 0),
            tool: Tool::Select,
            brush: 1,
            side: 0,
            mode: Mode::Map,
            message: crate::editor::words::START_HINT.into(),
            next_finding: 0,
            adding: false,
            about: None,
            before_carry: None,
            zoom: None,
            lost_comments: 0,
            sim: None,
            seed: 1,
        };
        editor.changed();
        Ok(editor)
    }

    /// Opens `path` for editing: its autosave if one is left from an editor that did not
    /// close (the message says so), else the file; a new battle of `size` between `sides`
    /// if neither exists. Errors: a file that is no scenario's RON, or no thread.
    pub fn open(path: &Path, size: (u32, u32), sides: [&str; 2]) -> anyhow::Result<Editor> {
        Editor::open_from(path, None, size, sides)
    }

    /// [`Editor::open`], starting from `copy` (a shipped battle's text) when neither the
    /// file nor its autosave is on disk; it is written to `path` when first saved.
    pub fn open_from(
        path: &Path,
        copy: Option<String>,
        size: (u32, u32),
        sides: [&str; 2],
    ) -> anyhow::Result<Editor> {
        use anyhow::Context as _;
        let autosave = autosave_path(path);
        let copied = copy.is_some() && !path.exists();
        let (text, recovered) = match recoverable(path) {
            Some(text) => (Some(text), true),
            None if path.exists() => (Some(crate::scenario::read_limited(path)?), false),
            None => (copy, false),
        };
        let new = text.is_none();
        let (draft, header, lost) = match &text {
            Some(text) => (
                Draft::parse(text, &path.display().to_string())?,
                leading_comments(text),
                crate::editor::write::comments_lost(text),
            ),
            None => (Draft::blank(size.0, size.1, sides), String::new(), 0),
        };
        let mut editor = Editor::new(draft, path.to_path_buf(), header)
            .with_context(|| format!("opening {}", path.display()))?;
        editor.lost_comments = lost;
        editor.message = match (recovered, lost) {
            (true, _) => format!("recovered unsaved edits from {}", autosave.display()),
            (false, 0) => std::mem::take(&mut editor.message),
            (false, n) => format!("{n} comments inside the battle cannot be kept when it is saved; the opening ones are"),
        };
        if copied && !recovered {
            editor.message = format!("a copy of the battle: `S` saves it as {}", path.display());
        }
        if recovered || copied {
            // The file on disk is not what is shown: saving is still to do.
            editor.saved = u64::MAX;
        }
        if new {
            // A new battle asks its size and sides first (Enter takes those shown); the
            // hint of how to start comes when the form is done.
            editor.message.clear();
            editor.mode = Mode::Form(forms::new_battle_form(size, sides));
        }
        Ok(editor)
    }

    /// Puts the cursor on `at`, if it is on the map (tests, benchmarks).
    pub fn put_cursor(&mut self, at: At) {
        if self.draft.contains(at) {
            self.cursor = at;
            self.place_cursor();
        }
    }

    /// The draft as it stands.
    pub fn draft(&self) -> &Draft {
        &self.draft
    }

    /// The draft's text as it would be saved.
    pub fn text(&self) -> String {
        scenario_text(self.draft.file(), &self.header)
    }

    /// After a change: the preview is built again, the checker asked (it autosaves too),
    /// and the cursor kept on the map.
    fn changed(&mut self) {
        let rev = self.draft.revision();
        self.checker.ask(rev, self.text(), self.unsaved());
        // New units go to the chosen side by its name now (a form may have renamed it).
        let side = (self.draft.file().sides.get(self.side)).map(|s| s.name.clone());
        if let (Tool::Place(u), Some(side)) = (&mut self.tool, side) {
            u.side = side;
        }
        let path = self.path.display().to_string();
        let next = preview_after(&self.draft, &path, self.kept.as_ref());
        let view = (next.as_ref())
            .and_then(|k| App::new(k.scenario.clone(), 0, [Controller::Human; 2]).ok());
        // A draft that cannot be drawn at all (a map with no hex a unit may stand on)
        // leaves the map as it was, and says so.
        self.stale = view.is_none() && self.view.is_some();
        if view.is_some() || self.view.is_none() {
            (self.kept, self.view) = (next, view);
        }
        if let Some(app) = &mut self.view {
            app.map_view.choose_zoom(self.zoom);
        }
        let (w, h) = self.draft.size();
        self.cursor.0 = self.cursor.0.clamp(0, (w as i32 - 1).max(0));
        self.cursor.1 = self.cursor.1.clamp(0, (h as i32 - 1).max(0));
        self.place_cursor();
    }

    /// Puts the preview's cursor where the editor's is.
    fn place_cursor(&mut self) {
        let at = Map::hex_at(self.cursor.0, self.cursor.1);
        if let Some(app) = &mut self.view {
            app.cursor = at;
        }
    }

    /// Takes in the checker's newest answer, if one came; true if it did.
    pub fn poll(&mut self) -> bool {
        let Some(found) = self.checker.answers() else {
            return false;
        };
        self.checked = Some(found.revision);
        self.findings = found.problems;
        true
    }

    /// Waits for the checker's answer about the draft as it stands (tests, benchmarks).
    pub fn wait_checked(&mut self) {
        self.poll();
        if self.checked == Some(self.draft.revision()) {
            return;
        }
        if let Some(found) = self.checker.wait_for(self.draft.revision()) {
            self.checked = Some(found.revision);
            self.findings = found.problems;
        }
    }

    /// Waits for the checker to finish what it was asked (see [`Checker::flush`]), keeping
    /// its newest answer.
    fn flush_checker(&mut self) {
        if let Some(found) = self.checker.flush() {
            self.checked = Some(found.revision);
            self.findings = found.problems;
        }
    }

    /// Whether the check of the draft as it stands has not answered yet.
    fn checking(&self) -> bool {
        self.checked != Some(self.draft.revision())
    }

    /// The problems and warnings of the newest check.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// Whether the draft has changes not saved to its file.
    pub fn unsaved(&self) -> bool {
        self.saved != self.draft.revision()
    }

    /// Saves the draft to its file as clean RON (even with problems, which the message
    /// counts), and drops the autosave.
    pub fn save(&mut self) {
        let text = self.text();
        let new = !self.path.exists();
        match crate::files::write_atomic(&self.path, &[text.as_bytes()]) {
            Ok(()) => {
                if new {
                    readable_by_all(&self.path);
                }
                self.flush_checker();
                self.saved = self.draft.revision();
                let _ = std::fs::remove_file(autosave_path(&self.path));
                let problems = self.findings.iter().filter(|f| !f.warning).count();
                self.message = match (self.checked == Some(self.saved), problems) {
                    (true, 0) => format!("saved {}", self.path.display()),
                    (true, n) => format!(
                        "saved {} with {}: it will not play until mended",
                        self.path.display(),
                        draw::count(n, "problem")
                    ),
                    (false, _) => format!("saved {} (still being checked)", self.path.display()),
                };
            }
            Err(e) => self.message = format!("not saved: {}: {e}", self.path.display()),
        }
    }

    /// The battle to play from the draft (`p`), if it has no problems.
    pub fn playable(&self) -> Option<crate::scenario::Scenario> {
        crate::scenario::Scenario::parse(&self.text(), &self.path.display().to_string()).ok()
    }

    /// Leaves without saving: the autosave goes too.
    fn discard(&mut self) {
        self.flush_checker();
        let _ = std::fs::remove_file(autosave_path(&self.path));
    }

    /// On leaving: the autosave is dropped unless it holds edits not saved.
    pub fn close(&mut self) {
        if !self.unsaved() {
            self.flush_checker();
            let _ = std::fs::remove_file(autosave_path(&self.path));
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]
    use super::*;

    #[test]
    fn a_new_battle_opens_on_its_ground() {
        let dir = tempfile::tempdir().unwrap();
        let d = Draft::blank(12, 8, ["Red", "Blue"]);
        let s = crate::editor::preview::preview(&d, "x.ron").unwrap();
        let app = App::new(s, 0, [Controller::Human; 2]);
        assert!(app.is_ok(), "{:?}", app.err());
        let e = Editor::new(d, dir.path().join("x.ron"), String::new()).unwrap();
        assert!(e.view.is_some());
    }
}

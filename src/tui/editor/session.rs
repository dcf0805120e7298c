//! The editor in the terminal (issue 32): the loop of drawing, the checker's answers, keys
//! and the mouse (a click uses the tool, a drag paints), and `p`, which plays the draft
//! hot-seat with the battle screen and comes back to the editor. The ending signals leave
//! as the game does: the autosave already holds every edit.

use super::{EditExit, Editor};
use crate::scenario::Controller;
use crate::tui::app::App;
use crate::tui::key_of;
use crate::tui::session::{computer_for, open_terminal, play, restore, SignalWatch, SIGNAL_POLL};
use ratatui::crossterm::event::{self, Event, KeyEventKind, MouseButton, MouseEventKind};
use std::time::Duration;

/// Runs `editor` until the designer leaves or a signal comes; `seed` seeds the dice of
/// the battles played from it. Returns the signal that ended it, if one did.
pub fn run(editor: &mut Editor, seed: u64, mouse: bool) -> std::io::Result<Option<i32>> {
    let (watch, mut terminal) = open_terminal(mouse)?;
    let result = edit_loop(editor, seed, &mut terminal, &watch);
    editor.close();
    restore();
    watch.finish();
    result.map(|()| watch.caught())
}

/// The editor's loop in a terminal already open, until the designer leaves or a signal
/// comes.
pub(in crate::tui) fn edit_loop(
    editor: &mut Editor,
    seed: u64,
    terminal: &mut ratatui::DefaultTerminal,
    watch: &SignalWatch,
) -> std::io::Result<()> {
    editor.seed = seed;
    loop {
        if watch.caught().is_some() {
            return Ok(());
        }
        editor.poll();
        terminal.draw(|f| editor.draw(f))?;
        if !event::poll(SIGNAL_POLL)? {
            continue;
        }
        let exit = match event::read()? {
            Event::Key(k) if k.kind == KeyEventKind::Press => {
                key_of(k.code, k.modifiers).and_then(|key| editor.key(key))
            }
            Event::Mouse(m) => {
                match m.kind {
                    MouseEventKind::Down(MouseButton::Left) => editor.click(m.column, m.row, false),
                    MouseEventKind::Drag(MouseButton::Left) => editor.click(m.column, m.row, true),
                    _ => {}
                }
                None
            }
            _ => None,
        };
        match exit {
            Some(EditExit::Leave) => return Ok(()),
            Some(EditExit::Play(players)) => try_it(editor, players, seed, terminal, watch)?,
            None => {}
        }
    }
}

/// Plays the draft with `players` from its briefing until they leave it, then returns.
fn try_it(
    editor: &mut Editor,
    players: [Controller; 2],
    seed: u64,
    terminal: &mut ratatui::DefaultTerminal,
    watch: &SignalWatch,
) -> std::io::Result<()> {
    let Some(scenario) = editor.playable() else {
        return Ok(());
    };
    match App::new(scenario, seed, players) {
        Ok(mut app) => {
            let mut thinker = computer_for(&app);
            play(
                &mut app,
                &mut thinker,
                terminal,
                Duration::from_millis(250),
                watch,
            )?;
            editor.message = "back from the battle".into();
        }
        Err(e) => editor.message = format!("cannot play it: {e}"),
    }
    Ok(())
}

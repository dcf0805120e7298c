//! The computer thinks off the UI thread: its order for a copy of the game is worked out on
//! a thread of its own while the screen keeps drawing and `q`, `?` and the log keep
//! working; the order is given when it is ready, and only if the battle has not moved on
//! meanwhile (an undo, say), in which case the computer thinks again.

use super::app::{App, Mode};
use super::error::ComputerError;
use crate::engine::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::sync::Arc;

/// A player that gives the computer side's commands, movable to its thinking thread.
pub type Computer = Box<dyn crate::ai::Player + Send>;

/// What the thinking thread sends back: its order (if any) and the player itself.
type Answer = (Option<Command>, Computer);

/// The computer, idle or thinking.
pub struct Thinker {
    /// The player while idle; `None` while it thinks on its thread.
    idle: Option<Computer>,
    /// The thinking thread's answer to come, and the command count it was asked at.
    pending: Option<(Receiver<Answer>, usize)>,
    /// Set to stop a search at once (a `hard` player's budget watches it).
    cancel: Option<Arc<AtomicBool>>,
}

impl Drop for Thinker {
    /// A thinker given up (the player quit, or the battle was reloaded) stops its thread's
    /// search rather than letting it run out its budget.
    fn drop(&mut self) {
        if let Some(flag) = &self.cancel {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

impl Thinker {
    /// An idle computer.
    pub fn new(computer: Computer) -> Thinker {
        Thinker {
            idle: Some(computer),
            pending: None,
            cancel: None,
        }
    }

    /// The same thinker, setting `flag` when it is given up.
    pub fn cancelled_by(mut self, flag: Arc<AtomicBool>) -> Thinker {
        self.cancel = Some(flag);
        self
    }

    /// Whether the computer is working out an order now.
    pub fn is_thinking(&self) -> bool {
        self.pending.is_some()
    }

    /// Starts thinking when the computer must act and nothing else is on screen.
    pub fn start_if_due(&mut self, app: &App) {
        let busy = app.mode != Mode::Browse || app.alert_open();
        if self.pending.is_some() || !app.computer_to_act() || busy {
            return;
        }
        let Some(mut computer) = self.idle.take() else {
            return;
        };
        let game = app.game().clone();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let command = computer.choose(&game);
            // The game may have gone (quit) and its receiver with it: nothing to do then.
            let _ = tx.send((command, computer));
        });
        self.pending = Some((rx, app.commands().len()));
    }

    /// Gives the computer's order if it is ready: `Ok(true)` when one was given (or turned
    /// out stale and will be thought again), `Ok(false)` while it still thinks or idles, and
    /// the reason when the order is refused or the thread failed.
    ///
    /// # Errors
    /// [`ComputerError`] when the order is refused or the thread ended without one.
    pub fn give_if_ready(&mut self, app: &mut App) -> Result<bool, ComputerError> {
        let Some((rx, asked_at)) = &self.pending else {
            return Ok(false);
        };
        let (command, computer) = match rx.try_recv() {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return Ok(false),
            Err(TryRecvError::Disconnected) => return Err(ComputerError::Stopped),
        };
        let stale = *asked_at != app.commands().len();
        self.pending = None;
        self.idle = Some(computer);
        if stale {
            return Ok(true);
        }
        apply(app, command).map(|()| true)
    }
}

/// Gives the computer's `command` to the battle; an order the engine refuses, or none
/// while the battle goes on, is the computer's failure. No pop-up follows: the `--pause`
/// between orders, the marks of its moves and the log show what it did (issue 26).
///
/// # Errors
/// [`ComputerError::NoOrder`] or [`ComputerError::Refused`], with the engine's reason.
pub fn apply(app: &mut App, command: Option<Command>) -> Result<(), ComputerError> {
    let Some(command) = command else {
        return match app.game().outcome() {
            Some(_) => Ok(()),
            None => Err(ComputerError::NoOrder),
        };
    };
    if !app.submit(command) {
        return Err(ComputerError::Refused {
            command,
            reason: app.message.clone(),
        });
    }
    Ok(())
}

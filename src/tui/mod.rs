//! The terminal game: drawing with ratatui and reading keys with crossterm. The battle
//! itself is the engine's; this module only shows it and turns keys into commands.

pub mod app;
pub mod describe;
pub mod map_view;
pub mod panels;
pub mod screens;

pub use app::{App, Key, Mode};

use map_view::{HexMap, Highlights};
use ratatui::crossterm::event::{self, Event as TermEvent, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::Frame;
use std::time::Duration;

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    if area.width < screens::MIN_SIZE.0 || area.height < screens::MIN_SIZE.1 {
        screens::too_small(frame, area);
        return;
    }
    let log_height = (area.height / 4).clamp(5, 12);
    let [head, body, log, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(log_height),
        Constraint::Length(1),
    ])
    .areas(area);
    let panel_width = (area.width / 3).clamp(30, 44);
    let [map_area, panel] =
        Layout::horizontal([Constraint::Min(40), Constraint::Length(panel_width)]).areas(body);
    frame.render_widget(panels::header(app, head.width), head);
    frame.render_widget(
        HexMap {
            app,
            highlights: app.highlights(),
        },
        map_area,
    );
    panels::side_panel(frame, app, panel);
    panels::log(frame, app, log);
    frame.render_widget(panels::status(app), status);
    screens::overlay(frame, app, area);
}

impl App {
    /// The hexes and units the current mode highlights.
    pub fn highlights(&self) -> Highlights {
        match &self.mode {
            Mode::PickHex { reach, .. } => Highlights {
                reach: reach.ends().to_vec(),
                ..Highlights::default()
            },
            Mode::PickTarget { targets, index, .. } => {
                let pos = |id: &crate::engine::UnitId| self.game.unit(*id).map(|u| u.pos);
                Highlights {
                    targets: targets.iter().filter_map(pos).collect(),
                    selected: targets.get(*index).and_then(pos),
                    ..Highlights::default()
                }
            }
            _ => Highlights::default(),
        }
    }

    /// The letter that marks a side's units: the first letter of its name, or A / B.
    pub fn side_letter(&self, side: crate::engine::SideId) -> char {
        let first = |side| self.game.side(side).name.chars().next();
        match (
            first(crate::engine::SideId::A),
            first(crate::engine::SideId::B),
        ) {
            (Some(a), Some(b)) if !a.eq_ignore_ascii_case(&b) && a.is_ascii() && b.is_ascii() => {
                first(side).map_or('?', |c| c.to_ascii_uppercase())
            }
            _ => {
                if side.index() == 0 {
                    'A'
                } else {
                    'B'
                }
            }
        }
    }
}

/// Turns a terminal key into a game key.
pub fn key_of(code: KeyCode, modifiers: KeyModifiers) -> Option<Key> {
    Some(match code {
        KeyCode::Char('c') if modifiers.contains(KeyModifiers::CONTROL) => Key::Char('q'),
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Tab => Key::Tab,
        KeyCode::BackTab => Key::BackTab,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        _ => return None,
    })
}

/// A player that gives the computer side's commands.
pub type Computer = Box<dyn crate::ai::Player>;

/// How a game in the terminal ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The player left (the battle saved after its last command).
    Quit,
    /// A signal ended the game (its number: SIGTERM, SIGHUP, SIGINT or SIGQUIT), after the
    /// battle was saved and the terminal restored.
    Signal(i32),
    /// The computer could not give a legal order; the reason. The battle is saved as it was.
    ComputerFailed(String),
}

/// The signals that end the game cleanly: terminate, hang-up (the terminal closed),
/// interrupt and quit.
const ENDING_SIGNALS: [i32; 4] = [
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGQUIT,
];

/// How often the game looks for a caught signal while it waits for a key.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// How long the game may take to notice a signal before the signal's own thread restores
/// the terminal and ends the process (the battle is saved after every command already).
const SIGNAL_GRACE: Duration = Duration::from_secs(2);

/// Runs the game in the terminal until the player quits, a signal arrives or the computer
/// fails; restores the terminal on the way out, on error, on a signal and on panic
/// (ratatui's init installs the panic hook).
pub fn run(mut app: App, mut computer: Computer, pause: Duration) -> std::io::Result<Exit> {
    let watch = SignalWatch::start()?;
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            ratatui::restore();
            return Err(e);
        }
    };
    let result = play(&mut app, &mut computer, &mut terminal, pause, &watch);
    app.autosave();
    ratatui::restore();
    watch.finish();
    match watch.caught() {
        Some(signal) => Ok(Exit::Signal(signal)),
        None => result,
    }
}

/// The loop of drawing, the computer's orders and the player's keys.
fn play(
    app: &mut App,
    computer: &mut Computer,
    terminal: &mut ratatui::DefaultTerminal,
    pause: Duration,
    watch: &SignalWatch,
) -> std::io::Result<Exit> {
    while !app.quit {
        if let Some(signal) = watch.caught() {
            return Ok(Exit::Signal(signal));
        }
        terminal.draw(|f| draw(f, app))?;
        if app.computer_to_act() && app.mode == Mode::Browse {
            if let Err(reason) = step_computer(app, computer) {
                return Ok(Exit::ComputerFailed(reason));
            }
            if event::poll(pause)? {
                read_key(app)?;
            }
            continue;
        }
        if event::poll(SIGNAL_POLL)? {
            read_key(app)?;
        }
    }
    Ok(Exit::Quit)
}

/// A thread that catches the ending signals for the game loop, and ends the process itself
/// if the loop does not answer within [`SIGNAL_GRACE`].
struct SignalWatch {
    caught: std::sync::Arc<std::sync::atomic::AtomicI32>,
    done: std::sync::Arc<std::sync::atomic::AtomicBool>,
    handle: signal_hook::iterator::Handle,
}

impl SignalWatch {
    fn start() -> std::io::Result<SignalWatch> {
        use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
        use std::sync::Arc;
        let mut signals = signal_hook::iterator::Signals::new(ENDING_SIGNALS)?;
        let handle = signals.handle();
        let caught = Arc::new(AtomicI32::new(0));
        let done = Arc::new(AtomicBool::new(false));
        let (c, d) = (Arc::clone(&caught), Arc::clone(&done));
        std::thread::spawn(move || {
            let Some(signal) = signals.forever().next() else {
                return;
            };
            c.store(signal, Ordering::SeqCst);
            let start = std::time::Instant::now();
            while start.elapsed() < SIGNAL_GRACE {
                if d.load(Ordering::SeqCst) {
                    return;
                }
                std::thread::sleep(SIGNAL_POLL);
            }
            ratatui::restore();
            std::process::exit(128 + signal);
        });
        Ok(SignalWatch {
            caught,
            done,
            handle,
        })
    }

    /// The signal caught, if any.
    fn caught(&self) -> Option<i32> {
        let signal = self.caught.load(std::sync::atomic::Ordering::SeqCst);
        (signal != 0).then_some(signal)
    }

    /// The game loop has ended: the watch stops and no longer ends the process.
    fn finish(&self) {
        self.done.store(true, std::sync::atomic::Ordering::SeqCst);
        self.handle.close();
    }
}

/// One computer command; when control returns to a person, a pause to read the log. An
/// order the engine refuses, or none while the battle goes on, is the computer's failure.
pub fn step_computer(app: &mut App, computer: &mut Computer) -> Result<(), String> {
    let Some(command) = computer.choose(&app.game) else {
        return match app.game.outcome() {
            Some(_) => Ok(()),
            None => Err("the computer gave no order while the battle goes on".into()),
        };
    };
    if !app.submit(command) {
        return Err(format!(
            "the computer's order {command:?} was refused: {}",
            app.message
        ));
    }
    if !app.computer_to_act() && app.game.outcome().is_none() {
        app.mode = Mode::ComputerDone;
    }
    Ok(())
}

fn read_key(app: &mut App) -> std::io::Result<()> {
    if let TermEvent::Key(k) = event::read()? {
        if k.kind == KeyEventKind::Press {
            if let Some(key) = key_of(k.code, k.modifiers) {
                app.handle_key(key);
            }
        }
    }
    Ok(())
}

//! A game in the terminal from start to end: the title screen or a battle opened from the
//! command line, the loop of drawing, the computer's orders and the player's keys, and the
//! ending signals (SIGTERM, SIGHUP, SIGINT, SIGQUIT), which save, restore the terminal and
//! exit with 128 + the signal's number; on the way out, one more try at the autosave and the
//! report of what is saved (issue 25).

use super::app::App;
use super::app::SaveReport;
use super::quick::QuickMenu;
use super::title::{Choice, Title};
use super::{draw, key_of, Key};
use ratatui::crossterm::event::{self, Event as TermEvent, KeyEventKind};
use std::time::Duration;

pub use super::thinker::Computer;
use super::thinker::Thinker;

/// How a game in the terminal ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Exit {
    /// The player left (the battle saved after its last command, unless the save report
    /// says it was not).
    Quit,
    /// A signal ended the game (its number: SIGTERM, SIGHUP, SIGINT or SIGQUIT), after the
    /// battle was saved and the terminal restored.
    Signal(i32),
    /// The computer could not give a legal order; the reason. The battle is saved as it was.
    ComputerFailed(super::error::ComputerError),
    /// The title screen chose a battle across two machines: the caller hosts or joins it.
    Network(Box<super::title::NetChoice>),
    /// A battle across two machines could not go on (the games differ, the host refused
    /// the join, the line could not be opened): why. The battle, if it began, is saved.
    Stopped(String),
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
pub(super) const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// How long the game may take to notice a signal before the signal's own thread restores
/// the terminal and ends the process (the battle is saved after every command already).
const SIGNAL_GRACE: Duration = Duration::from_secs(2);

/// Runs the game in the terminal until the player quits, a signal arrives or the computer
/// fails; restores the terminal on the way out, on error, on a signal and on panic
/// (ratatui's init installs the panic hook). Returns how it ended and what to say about the
/// saves of the battle played, if one was (issue 25: the newest good save, or none).
pub fn run(
    start: Start,
    open: Opener,
    pause: Duration,
    mouse: bool,
) -> std::io::Result<(Exit, Option<SaveReport>)> {
    let (watch, mut terminal) = open_terminal(mouse)?;
    let mut menu = None;
    let first = match start {
        Start::Battle(app) => Ok(Ok(Some(*app))),
        Start::Title(mut title) => {
            let chosen = title_loop(&mut title, open, &mut terminal, &watch);
            menu = title.take_quick_menu();
            chosen
        }
        Start::Replay(mut replay) => replay_loop(&mut replay, open, &mut terminal, &watch).map(Ok),
    };
    let result = first.and_then(|chosen| match chosen {
        Ok(app) => battles((app, menu), open, &mut terminal, pause, &watch),
        Err(network) => Ok((Exit::Network(network), None)),
    });
    restore();
    watch.finish();
    match (watch.caught(), result) {
        (Some(signal), Ok((_, saved))) => Ok((Exit::Signal(signal), saved)),
        (Some(signal), Err(_)) => Ok((Exit::Signal(signal), None)),
        (None, result) => result,
    }
}

/// The signal watch started, the terminal taken over (restored again on failure) and
/// mouse reporting on if `mouse`.
pub(super) fn open_terminal(
    mouse: bool,
) -> std::io::Result<(SignalWatch, ratatui::DefaultTerminal)> {
    let watch = SignalWatch::start()?;
    let terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            restore();
            return Err(e);
        }
    };
    if mouse {
        capture_mouse()?;
    }
    Ok((watch, terminal))
}

/// Plays `app`, and after a finished battle the player leaves for the title screen (`t`),
/// the battles opened from there, until one is left; how the last ended and its saves.
/// `menu` is the quick-battle menu the battle was started from, which each title screen
/// opens as the player last left it.
fn battles(
    (mut next, mut menu): (Option<App>, Option<Box<QuickMenu>>),
    open: Opener,
    terminal: &mut ratatui::DefaultTerminal,
    pause: Duration,
    watch: &SignalWatch,
) -> std::io::Result<(Exit, Option<SaveReport>)> {
    let mut last = (Exit::Quit, None);
    while let Some(mut app) = next.take() {
        let mut thinker = computer_for(&app);
        let exit = play(&mut app, &mut thinker, terminal, pause, watch)?;
        // One more try: a save that failed may work now.
        app.autosave();
        let back = exit == Exit::Quit && app.to_title && watch.caught().is_none();
        last = (exit, app.save_report());
        if back {
            let dir = app
                .save_dir
                .clone()
                .unwrap_or_else(|| crate::save::data_dir(None));
            // The finished battle lets go of its save (and its lock) before the list is read.
            // The next quick battle's seed follows from this battle's, read from no clock.
            let quick_seed = app.seed.wrapping_add(1);
            drop(app);
            let mut title = Title::new(&dir)
                .with_settings_file(super::settings::settings_path())
                .with_quick_seed(quick_seed)
                .with_quick_menu(menu.take());
            let chosen = title_loop(&mut title, open, terminal, watch)?;
            menu = title.take_quick_menu();
            match chosen {
                Ok(app) => next = app,
                Err(network) => return Ok((Exit::Network(network), None)),
            }
        }
    }
    Ok(last)
}

/// The computer player of a battle, idle: seeded by the battle, each side at its level and
/// with its aggression, `hard` thinking up to the battle's `think_ms` a decision, and
/// stopped at once when the thinker is given up.
pub(super) fn computer_for(app: &App) -> Thinker {
    let aggression = [
        app.scenario.sides[0].aggression,
        app.scenario.sides[1].aggression,
    ];
    let budget = crate::ai::Budget::think_ms(app.think_ms);
    let cancel = budget.cancel.clone();
    let computer: Computer = Box::new(crate::ai::level::sided(
        app.levels, app.seed, aggression, &budget,
    ));
    Thinker::new(computer).cancelled_by(cancel)
}

/// The replay viewer until the player leaves, or plays on from a point (`Some`, opened as
/// a new battle through `open` so it gets an autosave of its own).
fn replay_loop(
    replay: &mut super::replay::Replay,
    open: Opener,
    terminal: &mut ratatui::DefaultTerminal,
    watch: &SignalWatch,
) -> std::io::Result<Option<App>> {
    use super::replay::ReplayExit;
    loop {
        if watch.caught().is_some() {
            return Ok(None);
        }
        terminal.draw(|f| replay.draw(f))?;
        if !event::poll(SIGNAL_POLL)? {
            continue;
        }
        let Some(key) = next_key()? else { continue };
        match replay.key(key) {
            None => {}
            Some(ReplayExit::Quit) => return Ok(None),
            Some(ReplayExit::PlayOn(choice)) => match open(choice) {
                Ok(app) => return Ok(Some(app)),
                Err(why) => replay.app.message = format!("{why:#}"),
            },
        }
    }
}

/// The title screen until the player picks a battle that opens (`Some`), leaves, or
/// chooses a battle across two machines (`Err`: the caller hosts or joins it).
fn title_loop(
    title: &mut Title,
    open: Opener,
    terminal: &mut ratatui::DefaultTerminal,
    watch: &SignalWatch,
) -> std::io::Result<Result<Option<App>, Box<super::title::NetChoice>>> {
    loop {
        if watch.caught().is_some() {
            return Ok(Ok(None));
        }
        terminal.draw(|f| title.draw(f, f.area()))?;
        // Work the screen now says it is doing (the quick battle's playtest) runs before
        // the next key is read.
        let choice = if title.busy() {
            title.work()
        } else {
            if !event::poll(SIGNAL_POLL)? {
                continue;
            }
            let Some(key) = next_key()? else { continue };
            title.key(key)
        };
        match choice {
            None => {}
            Some(Choice::Quit) => return Ok(Ok(None)),
            Some(Choice::Network(network)) => return Ok(Err(network)),
            Some(Choice::Edit(path, copy, seed)) => {
                title.message = edit_from_title(&path, copy, seed, terminal, watch)?;
            }
            Some(choice) => match open(choice) {
                Ok(app) => return Ok(Ok(Some(app.opened_from_title()))),
                Err(why) => title.message = format!("{why:#}"),
            },
        }
    }
}

/// The battle editor on `path` from the title screen (issue 32), until the designer leaves
/// it; what the title says then.
fn edit_from_title(
    path: &std::path::Path,
    copy: Option<String>,
    seed: u64,
    terminal: &mut ratatui::DefaultTerminal,
    watch: &SignalWatch,
) -> std::io::Result<String> {
    use super::editor::Editor;
    let mut editor = match Editor::open_from(path, copy, (20, 14), ["Red", "Blue"]) {
        Ok(editor) => editor,
        Err(why) => return Ok(format!("{why:#}")),
    };
    super::editor::session::edit_loop(&mut editor, seed, terminal, watch)?;
    editor.close();
    Ok(if editor.unsaved() {
        format!("left the editor without saving {}", path.display())
    } else {
        format!(
            "{} is saved: `volley {}` plays it",
            path.display(),
            crate::files::shell_quoted(path)
        )
    })
}

/// The loop of drawing, the computer's orders and the player's keys.
pub(super) fn play(
    app: &mut App,
    thinker: &mut Thinker,
    terminal: &mut ratatui::DefaultTerminal,
    pause: Duration,
    watch: &SignalWatch,
) -> std::io::Result<Exit> {
    while !app.quit {
        if let Some(signal) = watch.caught() {
            return Ok(Exit::Signal(signal));
        }
        if reload_if_changed(app) {
            // The computer was thinking about the battle as it was.
            *thinker = computer_for(app);
        }
        terminal.draw(|f| draw(f, app))?;
        thinker.start_if_due(app);
        match thinker.give_if_ready(app) {
            Err(reason) => return Ok(Exit::ComputerFailed(reason)),
            // A pause to see each order, keys still working.
            Ok(true) => {
                if event::poll(pause)? {
                    read_key(app)?;
                }
                continue;
            }
            Ok(false) => {}
        }
        if event::poll(SIGNAL_POLL)? {
            read_key(app)?;
        }
    }
    Ok(Exit::Quit)
}

/// `--watch`: reloads the battle if its scenario file changed; whether it was restarted
/// (a file with problems shows them and leaves the battle as it was).
fn reload_if_changed(app: &mut App) -> bool {
    let Some(watch) = app.watch.as_mut() else {
        return false;
    };
    if !watch.changed() {
        return false;
    }
    let path = watch.path().to_path_buf();
    match super::watch::reload(app, &path) {
        Ok(mut fresh) => {
            fresh.keep_saving_of(app);
            let watch = app.watch.take();
            *app = fresh;
            app.watch = watch;
            true
        }
        Err(lines) => {
            app.mode = super::app::Mode::Problems { lines };
            false
        }
    }
}

/// A thread that catches the ending signals for the game loop, and ends the process itself
/// if the loop does not answer within [`SIGNAL_GRACE`].
pub(super) struct SignalWatch {
    caught: std::sync::Arc<std::sync::atomic::AtomicI32>,
    done: std::sync::Arc<std::sync::atomic::AtomicBool>,
    handle: signal_hook::iterator::Handle,
}

impl SignalWatch {
    pub(super) fn start() -> std::io::Result<SignalWatch> {
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
            restore();
            std::process::exit(128 + signal);
        });
        Ok(SignalWatch {
            caught,
            done,
            handle,
        })
    }

    /// The signal caught, if any.
    pub(super) fn caught(&self) -> Option<i32> {
        let signal = self.caught.load(std::sync::atomic::Ordering::SeqCst);
        (signal != 0).then_some(signal)
    }

    /// The game loop has ended: the watch stops and no longer ends the process.
    pub(super) fn finish(&self) {
        self.done.store(true, std::sync::atomic::Ordering::SeqCst);
        self.handle.close();
    }
}

/// One computer command, given at once (no pop-up follows, issue 26). An
/// order the engine refuses, or none while the battle goes on, is the computer's failure.
///
/// # Errors
/// [`ComputerError`] when the computer gives no order or one the engine refuses.
pub fn step_computer(
    app: &mut App,
    computer: &mut Computer,
) -> Result<(), super::error::ComputerError> {
    let command = computer.choose(app.game());
    super::thinker::apply(app, command)
}

/// How the game begins.
pub enum Start {
    /// A battle already opened (`volley FILE`, `--resume`).
    Battle(Box<App>),
    /// The title screen (`volley` with no file).
    Title(Title),
    /// The replay viewer (`volley replay SAVE`).
    Replay(Box<super::replay::Replay>),
}

/// Opens the battle the title screen's choice names: the caller knows the seed and the
/// data directory. Its error is shown on the title screen.
pub type Opener<'a> = &'a dyn Fn(Choice) -> anyhow::Result<App>;

/// Mouse reporting on, and off again on a panic (ratatui's own hook restores the rest).
fn capture_mouse() -> std::io::Result<()> {
    use ratatui::crossterm::{event::EnableMouseCapture, execute};
    execute!(std::io::stdout(), EnableMouseCapture)?;
    let earlier = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        earlier(info);
    }));
    Ok(())
}

/// The terminal as it was: mouse reporting off, main screen, cooked mode, cursor shown.
pub(super) fn restore() {
    use ratatui::crossterm::{event::DisableMouseCapture, execute};
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
}

pub(super) fn read_key(app: &mut App) -> std::io::Result<()> {
    use ratatui::crossterm::event::{MouseButton, MouseEventKind};
    match event::read()? {
        TermEvent::Key(k) if k.kind == KeyEventKind::Press => {
            if let Some(key) = key_of(k.code, k.modifiers) {
                app.handle_key(key);
            }
        }
        TermEvent::Mouse(m) => match m.kind {
            MouseEventKind::Down(MouseButton::Left) => app.click(m.column, m.row),
            MouseEventKind::ScrollUp => app.wheel(true),
            MouseEventKind::ScrollDown => app.wheel(false),
            _ => {}
        },
        _ => {}
    }
    Ok(())
}

/// The next key pressed, if the event read was one the game uses.
pub(super) fn next_key() -> std::io::Result<Option<Key>> {
    Ok(match event::read()? {
        TermEvent::Key(k) if k.kind == KeyEventKind::Press => key_of(k.code, k.modifiers),
        _ => None,
    })
}

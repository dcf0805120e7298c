//! A battle across two machines in the terminal (issue 31): the lobby (the host's address
//! and join code while it waits; the joining player's way in), then the battle screen with
//! the line read between keys every few milliseconds, so the other player's commands show
//! at once; a dropped line pauses the battle with a banner until the players are back.

use super::app::net::NetOutcome;
use super::app::SaveReport;
use super::session::{computer_for, next_key, open_terminal, read_key, restore, Exit, SignalWatch};
use super::{draw, App, Key};
use crate::net::peer::JoinedBattle;
use crate::net::{NetEvent, Peer};
use crate::scenario::{Controller, Scenario};
use ratatui::crossterm::event;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};
use std::time::Duration;

/// How long the loop waits for a key before it reads the line again.
const TICK: Duration = Duration::from_millis(5);

/// Sets up a battle's autosave, given the battle and its name across the line.
pub type Preparer = Box<dyn Fn(App, &str) -> anyhow::Result<App>>;

/// What the lobby shows and how the battle is made when it begins.
pub struct Lobby {
    /// The lines shown while waiting (the host's address and code).
    pub lines: Vec<String>,
    /// The host's scenario; `None` for the joining player, who gets it from the host.
    pub scenario: Option<Scenario>,
    /// Whether the computer plays this player's side, and at what level.
    pub computer: Option<crate::ai::Level>,
    /// Sets up the battle's autosave (the data directory, the lock) once it is made, named
    /// after the battle across the line (`net-<id>`, so a player's next process goes on in
    /// the same file).
    pub prepare: Preparer,
}

/// Plays a battle across the line until it ends, the player quits, or it cannot go on.
pub fn run(peer: Peer, lobby: Lobby, mouse: bool) -> std::io::Result<(Exit, Option<SaveReport>)> {
    let (watch, mut terminal) = open_terminal(mouse)?;
    let result = match waiting(peer, &lobby, &mut terminal, &watch) {
        Ok(Ok(mut app)) => playing(&mut app, &mut terminal, &watch).map(|exit| {
            app.leave_net();
            app.autosave();
            (exit, app.save_report())
        }),
        Ok(Err(exit)) => Ok((exit, None)),
        Err(e) => Err(e),
    };
    restore();
    watch.finish();
    match (watch.caught(), result) {
        (Some(signal), Ok((_, saved))) => Ok((Exit::Signal(signal), saved)),
        (_, result) => result,
    }
}

/// The lobby until the battle begins (the app, seated), or the player leaves (the exit).
fn waiting(
    mut peer: Peer,
    lobby: &Lobby,
    terminal: &mut ratatui::DefaultTerminal,
    watch: &SignalWatch,
) -> std::io::Result<Result<App, Exit>> {
    let mut notes: Vec<String> = Vec::new();
    loop {
        if watch.caught().is_some() {
            return Ok(Err(Exit::Quit));
        }
        terminal.draw(|f| draw_lobby(f, &lobby.lines, &notes, peer.status()))?;
        for e in peer.poll(None) {
            let made = match e {
                NetEvent::Start(opening) => hosted(&peer, lobby, opening),
                NetEvent::Joined(j) => joined(&peer, lobby, &j),
                NetEvent::Failed(why) => return Ok(Err(Exit::Stopped(why))),
                NetEvent::Note(t) | NetEvent::Paused(t) | NetEvent::Left(t) => {
                    notes.push(t);
                    continue;
                }
                _ => continue,
            };
            let name = peer.battle_name();
            let mut app = match made.and_then(|app| (lobby.prepare)(app, &name)) {
                Ok(app) => app,
                Err(why) => return Ok(Err(Exit::Stopped(format!("{why:#}")))),
            };
            app.seat(peer);
            return Ok(Ok(app));
        }
        if event::poll(TICK)? && next_key()? == Some(Key::Char('q')) {
            peer.quit("the other player left before the battle began");
            return Ok(Err(Exit::Quit));
        }
    }
}

/// The controllers of a battle across the line: this player's side a person's or the
/// computer's, the other side a person's (so the save resumes as hot-seat).
fn controllers(own: crate::engine::SideId, lobby: &Lobby) -> [Controller; 2] {
    let mut c = [Controller::Human; 2];
    if lobby.computer.is_some() {
        *own.of_mut(&mut c) = Controller::Computer;
    }
    c
}

/// Host: the battle opened with the opening's seed.
fn hosted(peer: &Peer, lobby: &Lobby, opening: crate::engine::SharedDraw) -> anyhow::Result<App> {
    let scenario = lobby
        .scenario
        .clone()
        .ok_or_else(|| anyhow::anyhow!("no scenario"))?;
    let mut app = App::new(
        scenario,
        opening.battle_seed(),
        controllers(peer.side(), lobby),
    )
    .map_err(anyhow::Error::msg)?;
    finish_seat(&mut app, peer, lobby, opening);
    Ok(app)
}

/// Joining player: the battle as the host has it.
fn joined(peer: &Peer, lobby: &Lobby, j: &JoinedBattle) -> anyhow::Result<App> {
    let battle = crate::commands::network::NetBattle::joined(j, peer.own_head())?;
    let seed = battle.seed;
    let c = controllers(peer.side(), lobby);
    let mut app = App::replayed_opened(battle.scenario, (seed, &[]), (&j.commands, &j.draws), c)
        .map_err(anyhow::Error::msg)?;
    if j.commands.is_empty() {
        app.open_briefing();
    }
    finish_seat(&mut app, peer, lobby, j.opening);
    Ok(app)
}

fn finish_seat(app: &mut App, peer: &Peer, lobby: &Lobby, opening: crate::engine::SharedDraw) {
    app.network = peer.heads().map(|heads| crate::save::NetworkRecord {
        host_side: if peer.is_host() {
            peer.side()
        } else {
            peer.side().other()
        },
        heads,
        opening,
    });
    if let Some(level) = lobby.computer {
        app.levels = [level; 2];
    }
    app.no_handovers();
}

/// The battle: drawing, the line, the computer on this side if it plays, and the keys.
fn playing(
    app: &mut App,
    terminal: &mut ratatui::DefaultTerminal,
    watch: &SignalWatch,
) -> std::io::Result<Exit> {
    let mut thinker = computer_for(app);
    while !app.quit {
        if let Some(signal) = watch.caught() {
            return Ok(Exit::Signal(signal));
        }
        terminal.draw(|f| draw(f, app))?;
        if let NetOutcome::Stop(why) = app.poll_net() {
            return Ok(Exit::Stopped(format!(
                "the battle across the line stopped: {why}"
            )));
        }
        thinker.start_if_due(app);
        if let Err(reason) = thinker.give_if_ready(app) {
            return Ok(Exit::ComputerFailed(reason));
        }
        if event::poll(TICK)? {
            read_key(app)?;
        }
    }
    Ok(Exit::Quit)
}

/// The lobby's screen: what to tell the other player, and what happened so far.
fn draw_lobby(frame: &mut ratatui::Frame, lines: &[String], notes: &[String], status: &str) {
    let mut text: Vec<Line> = lines.iter().map(|l| Line::raw(l.clone())).collect();
    text.push(Line::raw(""));
    text.push(Line::raw(format!("Now: {status}.")));
    text.extend(
        notes
            .iter()
            .rev()
            .take(8)
            .map(|n| Line::raw(format!("· {n}"))),
    );
    text.push(Line::raw(""));
    text.push(Line::raw("q leaves."));
    let block = Block::bordered().title(" Volley: a battle across two machines ");
    frame.render_widget(
        Paragraph::new(text).block(block).wrap(Wrap { trim: false }),
        frame.area(),
    );
}

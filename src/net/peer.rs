//! The protocol of a battle across two machines (issue 31), for the game loop of either
//! player. The host's engine decides: a joining player's command is checked by it and
//! applied on both sides only once accepted. Each command is an exchange of values: its
//! giver sends the command with its own value; the other side answers with its value (the
//! host accepts, or refuses by the rules; the joining player reveals); both then roll the
//! command's dice from the [`SharedDraw`], and compare a digest of the events after it.
//! A message out of turn, out of order or with a value that is not its sender's closes the
//! line (the host's game waits for a re-join); a digest that differs stops the battle.

use super::chain::{Chain, Role, Verifier};
use super::host::Door;
use super::join::{Joined, Ticket};
use super::link::{Incoming, Live, PING};
use super::wire::{Hello, Message, Synced, Welcome, LOG_CHUNK, PROTOCOL};
use super::RunningDigest;

mod exchange;
use crate::engine::{Command, Entropy, Game, SharedDraw, SideId};
use std::collections::VecDeque;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TryRecvError};
use std::time::{Duration, Instant};

/// How often a joining player whose line dropped tries to get back in.
const RETRY: Duration = Duration::from_secs(2);

/// Tries, [`RETRY`] apart, of a player told the battle already has its second player: as
/// long as the host may take to notice a silent line (its SILENCE) and more.
const BUSY_TRIES: u32 = 7;

/// How long the host waits, in touch, for the joining player's value for its command:
/// the value is sent by the game at once, so one withheld this long is withheld on
/// purpose, and that player forfeits (issue 31).
pub const REVEAL_TIME: Duration = Duration::from_secs(30);

/// The battle as the game loop holds it, for checks and digests.
#[derive(Clone, Copy)]
pub struct Record<'a> {
    /// The battle.
    pub game: &'a Game,
    /// Every command given.
    pub commands: &'a [Command],
    /// Their shared draws.
    pub draws: &'a [SharedDraw],
    /// The side whose last command may be taken back (a movement order with no die rolled
    /// since: the undo rule), if it may.
    pub undoable_by: Option<SideId>,
}

/// The battle a joining player builds when it gets in (and again after a re-join).
#[derive(Clone, Debug, PartialEq)]
pub struct JoinedBattle {
    /// The host's welcome: the scenario, its rules, the host's side.
    pub welcome: Welcome,
    /// The opening's draw, whose seed is the battle's.
    pub opening: SharedDraw,
    /// Every command so far.
    pub commands: Vec<Command>,
    /// Their shared draws.
    pub draws: Vec<SharedDraw>,
}

/// What the protocol asks of the game loop.
#[derive(Clone, Debug, PartialEq)]
pub enum NetEvent {
    /// Host: the opening's values are in; open the battle with this draw's seed.
    Start(SharedDraw),
    /// Joining player: build the battle as the host has it.
    Joined(Box<JoinedBattle>),
    /// Give this command (with its draw's dice, if it has one): the host accepted it.
    Apply {
        /// The command.
        command: Command,
        /// Its dice.
        draw: Option<SharedDraw>,
    },
    /// This player's command was refused by the host's engine, and why.
    Refused {
        /// The command.
        command: Command,
        /// The engine's reason.
        why: String,
    },
    /// Take the battle back to its first so many commands.
    Undo(usize),
    /// Host: the joining player asks to take back its last order (the battle would keep
    /// this many commands).
    AskUndo(usize),
    /// A line from the other player, control characters escaped.
    Chat(String),
    /// Something to tell this player (a refused connection, a re-join).
    Note(String),
    /// The line dropped: the battle waits, and why.
    Paused(String),
    /// The players are in touch again.
    Resumed,
    /// The other player left, saying why; its battle is saved on its side.
    Left(String),
    /// The battle cannot go on across the line (the games differ, the host refused), and
    /// why; it is saved on this side.
    Failed(String),
}

/// Where the protocol stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// No line: the host waits for a player, a joining player connects.
    Waiting,
    /// Host: welcomed, waiting for the seat.
    Seating,
    /// Host: the opening value sent, waiting for the answer.
    Opening,
    /// Host: the log is to be sent at the next poll.
    Syncing,
    /// Joining player: the battle is to be checked against the host's digest.
    Checking(u32, u64),
    /// In step.
    Live,
    /// Over: the other left for good, or the games differ.
    Ended,
}

/// Whether the game loop must act on `e` before the next message is read.
fn changes_battle(e: &NetEvent) -> bool {
    !matches!(e, NetEvent::Chat(_) | NetEvent::Note(_))
}

/// One player's end of the protocol.
pub struct Peer {
    role: Role,
    side: SideId,
    chain: Chain,
    theirs: Option<Verifier>,
    their_head: Option<Entropy>,
    opening: Option<SharedDraw>,
    next: u32,
    live: Option<Live>,
    stage: Stage,
    rx: Receiver<Incoming>,
    tx: SyncSender<Incoming>,
    in_flight: Option<(u32, Command)>,
    /// When this side's command in flight was last sent.
    asked_at: Option<Instant>,
    /// How long a withheld value is waited for ([`REVEAL_TIME`] unless set).
    reveal_time: Duration,
    /// Host: how long its command in flight has waited while in touch, before `asked_at`
    /// (a re-join does not start the wait again).
    waited: Duration,
    /// Host: the joining player conceded while this side's command waited for its value.
    held_concession: bool,
    /// Host: the joining player's commands refused in a row.
    rejections: u32,
    /// Joining player: it asked to concede, so the host's concession of its side is its own.
    conceded: bool,
    /// Joining player: it asked the host to take back its last order, and waits.
    undo_asked: bool,
    /// Joining player: the highest number it revealed a value for, answering the host's
    /// command; a host whose battle goes back behind it on a re-join would learn a roll
    /// before its command is fixed.
    revealed: u32,
    /// Joining player: the highest number it sent a command under.
    sent: u32,
    /// Joining player: the host's command it last revealed its value for, and its number.
    last_reveal: Option<(u32, Command)>,
    /// Joining player: the battle's id, the host's side and the scenario's digest from the
    /// first welcome, which a re-join's welcome must repeat.
    welcomed: Option<(Entropy, SideId, u64)>,
    /// Joining player: failed tries to get back in since the last that worked.
    retries: u32,
    /// Joining player: the number the next try's line is given ([`Peer::try_join`]).
    next_line: u64,
    /// When a message last came on the live line.
    last_heard: Instant,
    /// Host: the log was sent once already (a later sync is a player coming back).
    synced_once: bool,
    digests: VecDeque<(u32, u64)>,
    running: RunningDigest,
    last_sent: Instant,
    out: Vec<NetEvent>,
    door: Option<Door>,
    welcome: Option<Welcome>,
    ticket: Option<Ticket>,
    retry_at: Option<Instant>,
    ever_joined: bool,
}

/// What the host offers: the battle and its side in it.
#[derive(Clone, Debug)]
pub struct Offer {
    /// The scenario's file name.
    pub scenario_file: String,
    /// The scenario's text.
    pub scenario: String,
    /// Its own rules, if it has them (file, text).
    pub rules: Option<(String, String)>,
    /// The side the host plays.
    pub host_side: SideId,
}

impl Drop for Peer {
    /// The battle left: the host's listener stops, and the line closes.
    fn drop(&mut self) {
        if let Some(door) = &self.door {
            door.closed.store(true, Ordering::SeqCst);
        }
        if let Some(live) = self.live.take() {
            live.close();
        }
    }
}

impl Peer {
    /// Hosts `offer` on `address` for the holder of `code`; the address it listens on.
    ///
    /// # Errors
    /// The address cannot be listened on, or the system has no randomness.
    pub fn host(
        address: &str,
        code: &str,
        offer: Offer,
    ) -> anyhow::Result<(Peer, std::net::SocketAddr)> {
        let (tx, rx) = sync_channel(super::link::QUEUE);
        let door = Door::default();
        let bound = super::host::open(address, code.to_string(), door.clone(), tx.clone())?;
        let secret = super::fresh()?;
        let chain = Chain::new(Role::Host, &secret);
        let welcome = Welcome {
            battle: super::fresh()?,
            host_side: offer.host_side,
            scenario_file: offer.scenario_file,
            scenario: offer.scenario,
            rules: offer.rules,
            head: chain.head(),
        };
        let mut peer = Peer::new(Role::Host, offer.host_side, chain, tx, rx);
        peer.door = Some(door);
        peer.welcome = Some(welcome);
        Ok((peer, bound))
    }

    /// Joins with `ticket`; the first polls bring the battle ([`NetEvent::Joined`]) or
    /// why not ([`NetEvent::Failed`]).
    pub fn join(ticket: Ticket) -> Peer {
        let (tx, rx) = sync_channel(super::link::QUEUE);
        // The chain is the joining player's own, made on the way in from its kept secret.
        let chain = Chain::pending(Role::Join);
        let mut peer = Peer::new(Role::Join, SideId::B, chain, tx, rx);
        peer.ticket = Some(ticket);
        peer.try_join();
        peer
    }

    /// Joining player: a try at the way in, on a thread, under a line number of its own,
    /// so a late report from a line already dropped is not taken for the new one's.
    fn try_join(&mut self) {
        if let Some(ticket) = &self.ticket {
            super::join::start(ticket.clone(), self.next_line, self.tx.clone());
            self.next_line += 1;
        }
    }

    fn new(
        role: Role,
        side: SideId,
        chain: Chain,
        tx: SyncSender<Incoming>,
        rx: Receiver<Incoming>,
    ) -> Peer {
        Peer {
            role,
            side,
            chain,
            theirs: None,
            their_head: None,
            opening: None,
            next: 2,
            live: None,
            stage: Stage::Waiting,
            rx,
            tx,
            in_flight: None,
            asked_at: None,
            reveal_time: REVEAL_TIME,
            waited: Duration::ZERO,
            held_concession: false,
            rejections: 0,
            conceded: false,
            undo_asked: false,
            revealed: 0,
            sent: 0,
            last_reveal: None,
            welcomed: None,
            retries: 0,
            next_line: 0,
            last_heard: Instant::now(),
            synced_once: false,
            digests: VecDeque::new(),
            running: RunningDigest::default(),
            last_sent: Instant::now(),
            out: Vec::new(),
            door: None,
            welcome: None,
            ticket: None,
            retry_at: None,
            ever_joined: false,
        }
    }

    /// The same peer waiting `time` for a withheld value before the other player forfeits
    /// (tests; [`REVEAL_TIME`] otherwise).
    pub fn with_reveal_time(mut self, time: Duration) -> Peer {
        self.reveal_time = time;
        self
    }

    /// Whether this is the host's end.
    pub fn is_host(&self) -> bool {
        self.role == Role::Host
    }

    /// The side this player gives orders for.
    pub fn side(&self) -> SideId {
        self.side
    }

    /// Both players' commitments, the host's first, once both are known.
    pub fn heads(&self) -> Option<[Entropy; 2]> {
        let own = self.chain.head();
        let theirs = self.their_head?;
        Some(match self.role {
            Role::Host => [own, theirs],
            Role::Join => [theirs, own],
        })
    }

    /// The battle's name for this player's saves: `net-`, the first 8 hex digits of its id
    /// and the player's role (`net-1a2b3c4d-join`), the same in every process of a player,
    /// and not the other player's (both may share a data directory on one machine).
    pub fn battle_name(&self) -> String {
        let id = match (&self.welcome, &self.welcomed) {
            (Some(w), _) => w.battle,
            (None, Some((battle, ..))) => *battle,
            (None, None) => Entropy::default(),
        };
        let hex = id.to_hex();
        let role = match self.role {
            Role::Host => "host",
            Role::Join => "join",
        };
        format!("net-{}-{role}", hex.get(..8).unwrap_or(&hex))
    }

    /// This player's own commitment.
    pub fn own_head(&self) -> Entropy {
        self.chain.head()
    }

    /// Whether the players are in step, so a command may be given.
    pub fn in_step(&self) -> bool {
        self.stage == Stage::Live && self.live.is_some()
    }

    /// Whether this player's command waits for the other side's answer.
    pub fn waiting(&self) -> bool {
        self.in_flight.is_some()
    }

    /// Whether the battle across the line is over (left for good, or failed).
    pub fn ended(&self) -> bool {
        self.stage == Stage::Ended
    }

    /// The line's state in a few words, for the header.
    pub fn status(&self) -> &'static str {
        match (self.stage, self.role) {
            (Stage::Live, _) if self.in_flight.is_some() => "waiting for the answer",
            (Stage::Live, _) => "connected",
            (Stage::Ended, _) => "disconnected",
            (Stage::Waiting, Role::Host) => "waiting for the other player to join",
            (Stage::Waiting, Role::Join) => "connecting",
            _ => "joining",
        }
    }
}

impl Peer {
    /// Reads what came in and answers it; what the game loop must do, in order. `record`
    /// is the battle, once there is one.
    pub fn poll(&mut self, record: Option<Record>) -> Vec<NetEvent> {
        if let Some(r) = record {
            self.catch_up(r);
        }
        loop {
            // A joining player reads the host's play only once its battle is built.
            if matches!(self.stage, Stage::Checking(..)) {
                break;
            }
            match self.rx.try_recv() {
                Ok(incoming) => self.take(incoming, record),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
            }
            // A message that changes the battle is applied by the game loop before the next
            // is read; chat and notes are taken in a batch.
            if self.out.iter().any(changes_battle) {
                break;
            }
        }
        if let Some(r) = record {
            self.catch_up(r);
        }
        self.keep_alive();
        std::mem::take(&mut self.out)
    }

    /// The host's log sent, or the joining player's battle checked, once it is built.
    fn catch_up(&mut self, r: Record) {
        match self.stage {
            Stage::Syncing => self.send_log(r),
            Stage::Checking(commands, digest) => {
                let ours = self.running.of(r.game.log());
                if r.commands.len() != commands as usize || ours != digest {
                    self.fail("the battle rebuilt from the host's log differs from the host's");
                    return;
                }
                // A command this side sent and the host did not take: only this side may
                // give the next command, under that number, or the host would know a value.
                let again = self.last_reveal.is_some_and(|(n, _)| n == self.next);
                if self.next <= self.sent && !again && r.game.acting_side() != Some(self.side) {
                    self.fail("the host's battle holds a value this side sent for its own turn");
                    return;
                }
                self.digests.clear();
                self.digests.push_back((commands, digest));
                self.stage = Stage::Live;
                self.send_again(r);
            }
            _ => {}
        }
    }

    /// Joining player, back in: its command lost with the line is sent again as it was,
    /// if the host's battle did not take it and still waits for it; else it is gone.
    fn send_again(&mut self, r: Record) {
        let Some((number, command)) = self.in_flight.take() else {
            return;
        };
        let ours = r.game.acting_side() == Some(self.side);
        if number != self.next || !ours || r.game.check_command(&command).is_err() {
            return;
        }
        if let Some(value) = self.chain.value(number) {
            self.in_flight = Some((number, command));
            self.say(&Message::Command {
                number,
                command,
                value,
            });
        }
    }

    /// A ping when nothing was said for a while; a joining player's next try to get back.
    fn keep_alive(&mut self) {
        let withheld =
            (self.asked_at).is_some_and(|at| self.waited + at.elapsed() >= self.reveal_time);
        if self.role == Role::Host && self.in_step() && withheld {
            self.forfeit();
        }
        if self.live.is_some() && self.last_sent.elapsed() >= PING {
            self.say(&Message::Ping);
        }
        if self.retry_at.is_some_and(|at| Instant::now() >= at) {
            self.retry_at = None;
            self.try_join();
        }
    }

    fn take(&mut self, incoming: Incoming, record: Option<Record>) {
        match incoming {
            Incoming::Message(id, m) if self.live.as_ref().is_some_and(|l| l.id == id) => {
                self.last_heard = Instant::now();
                // The host hangs up on a joining player that breaks the protocol and waits
                // for a re-join; a joining player cannot trust such a host at all.
                match (self.handle(m, record), self.role) {
                    (Ok(()), _) => {}
                    (Err(why), Role::Host) => self.hang_up(&why),
                    (Err(why), Role::Join) => {
                        self.fail(&format!("the host broke the protocol: {why}"))
                    }
                }
            }
            Incoming::Message(..) => {}
            Incoming::Dropped(id, why) => {
                if self.live.as_ref().is_some_and(|l| l.id == id) {
                    self.dropped(why);
                }
            }
            Incoming::Joined(live, hello) => self.host_joined(*live, &hello),
            Incoming::Refused(why) => self.out.push(NetEvent::Note(why)),
            Incoming::Connected(result) => self.connected(result, record),
        }
    }

    /// Sends a message; a line that fails is dropped.
    fn say(&mut self, m: &Message) {
        let Some(live) = self.live.as_mut() else {
            return;
        };
        self.last_sent = Instant::now();
        if let Err(e) = live.send(m) {
            self.dropped(e.to_string());
        }
    }

    /// The line is gone: the battle waits for the players to be back in touch.
    fn dropped(&mut self, why: String) {
        if let Some(live) = self.live.take() {
            live.close();
        }
        if let Some(door) = &self.door {
            door.busy.store(false, Ordering::SeqCst);
        }
        if self.stage == Stage::Ended {
            return;
        }
        // Only the time the other side was heard from counts toward a forfeit: a silent
        // line's last seconds are the line's, not the player's.
        if let Some(at) = self.asked_at.take() {
            self.waited += self.last_heard.saturating_duration_since(at);
        }
        self.undo_asked = false;
        if self.role == Role::Join {
            // This side's open command is kept: after a re-join the host's log says whether
            // it was taken, and if not it is sent again as it was (its value is out: a
            // different command under it would be a choice made knowing both values).
            self.retry_at = Some(Instant::now() + self.retry_wait());
        }
        self.stage = Stage::Waiting;
        self.out.push(NetEvent::Paused(
            crate::text::escape_text(&why).into_owned(),
        ));
    }

    /// Closes the line after a message that breaks the protocol, telling the other side.
    fn hang_up(&mut self, why: &str) {
        self.say(&Message::Bye(format!("the line was closed: {why}")));
        self.dropped(format!("the line was closed: {why}"));
    }

    /// The battle stops: the games differ, or the other player cannot be trusted.
    fn fail(&mut self, why: &str) {
        self.say(&Message::Bye(format!("the battle stops: {why}")));
        if let Some(live) = self.live.take() {
            live.close();
        }
        self.stage = Stage::Ended;
        self.out.push(NetEvent::Failed(why.to_string()));
    }

    /// Host: a player got in with the right code; versions compared, then the welcome.
    fn host_joined(&mut self, mut live: Live, hello: &Hello) {
        let over = (self.stage == Stage::Ended).then(|| "the battle is over".to_string());
        let refused = over.or_else(|| self.refusal(hello));
        if let Some(why) = refused {
            let _ = live.send(&Message::Refused(why.clone()));
            live.close();
            if let Some(door) = &self.door {
                door.busy.store(false, Ordering::SeqCst);
            }
            self.out
                .push(NetEvent::Note(format!("a join was refused: {why}")));
            return;
        }
        self.live = Some(live);
        self.rejections = 0;
        if let Some(w) = self.welcome.clone() {
            self.say(&Message::Welcome(Box::new(w)));
        }
        self.stage = Stage::Seating;
    }

    /// Why the host refuses a hello: which of version, protocol, rules or scenario differs.
    fn refusal(&self, hello: &Hello) -> Option<String> {
        let game = env!("CARGO_PKG_VERSION");
        let rules = super::wire::rules_digest();
        let scenario = self
            .welcome
            .as_ref()
            .map(|w| crate::save::text_digest(&w.scenario));
        if hello.game != game {
            let theirs = crate::text::escape_text(&hello.game);
            Some(format!(
                "the game's versions differ: {game} here, {theirs} there"
            ))
        } else if hello.protocol != PROTOCOL {
            Some(format!(
                "the protocol's versions differ: {PROTOCOL} here, {} there",
                hello.protocol
            ))
        } else if hello.rules != rules {
            Some(format!(
                "the rules' versions differ: {rules} here, {} there",
                hello.rules
            ))
        } else if hello.scenario.is_some() && hello.scenario != scenario {
            Some(
                "the scenario differs: the host plays another battle (or another edit of it)"
                    .into(),
            )
        } else {
            None
        }
    }

    /// Joining player: the way in ended.
    fn connected(&mut self, result: Result<Box<Joined>, String>, record: Option<Record>) {
        match result {
            Ok(joined) => {
                let j = *joined;
                if let Some(why) = self.rejoin_problem(&j, record) {
                    j.live.close();
                    self.stage = Stage::Ended;
                    self.out.push(NetEvent::Failed(why));
                    return;
                }
                self.take_seat(j);
            }
            // The host may not have seen this player's last line drop yet (it notices a
            // silent one within SILENCE): a few more tries before giving up.
            Err(why) if why.ends_with(super::host::BUSY) && self.retries < BUSY_TRIES => {
                self.retry_at = Some(Instant::now() + RETRY);
                self.retries += 1;
                self.out.push(NetEvent::Note(format!(
                    "{why}: if that was this player's dropped line, trying again"
                )));
            }
            Err(why) if !self.ever_joined => {
                self.stage = Stage::Ended;
                self.out.push(NetEvent::Failed(why));
            }
            Err(why) => {
                self.retry_at = Some(Instant::now() + self.retry_wait());
                self.out.push(NetEvent::Note(format!(
                    "re-join failed ({why}); trying again"
                )));
            }
        }
    }

    /// How long a joining player waits before its next try to get back in: [`RETRY`],
    /// doubled after each failed try up to a minute (so a stranger posing as the host gets
    /// few guesses at the code).
    fn retry_wait(&mut self) -> Duration {
        self.retries = self.retries.saturating_add(1);
        (RETRY * 2u32.saturating_pow(self.retries.saturating_sub(1).min(5)))
            .min(Duration::from_secs(60))
    }

    /// Joining player, back in: why the host's battle cannot be this one going on: another
    /// battle, side or scenario than the first welcome's; a next exchange behind a value
    /// this side revealed; a log that does not go on from the battle this side holds.
    fn rejoin_problem(&self, j: &Joined, record: Option<Record>) -> Option<String> {
        let w = &j.welcome;
        let now = (w.battle, w.host_side, crate::save::text_digest(&w.scenario));
        if self.welcomed.is_some_and(|first| first != now) {
            return Some("the host's battle, side or scenario is not the one first joined".into());
        }
        if self.ever_joined && self.opening != Some(j.synced.opening) {
            return Some("the host's battle opened otherwise than the one first joined".into());
        }
        let (commands, draws) = record.map_or((&[][..], &[][..]), |r| (r.commands, r.draws));
        if j.commands.starts_with(commands) && j.draws.starts_with(draws) {
            // The host may not hold a value this side revealed under a number to come.
            return (j.synced.next <= self.revealed)
                .then(|| "the host's battle went back behind values this side revealed".into());
        }
        // The one case of a shorter log: this side applied the host's last command as it
        // revealed its value, and the line dropped before the host had the value. The host
        // sends the same command again under the same number (`their_command` checks).
        let one_short = match (commands.split_last(), self.last_reveal) {
            (Some((last, before)), Some((number, command))) => {
                *last == command && before == j.commands.as_slice() && j.synced.next == number
            }
            _ => false,
        };
        // The other: the host took back the last command (a movement order with no die
        // rolled, so no roll changes) and the undo was lost with the line; its number is
        // spent, so the next exchange comes after it.
        let spent = |n: u32| n < j.synced.next;
        let last_draw = draws
            .iter()
            .find(|d| d.command as usize == j.commands.len());
        let undone = record.is_some_and(|r| r.undoable_by.is_some())
            && commands
                .split_last()
                .is_some_and(|(_, before)| before == j.commands.as_slice())
            && last_draw.is_some_and(|d| spent(d.number));
        // The draws exactly this side's but the last command's.
        let kept: Vec<SharedDraw> = (draws.iter())
            .filter(|d| (d.command as usize) < j.commands.len())
            .copied()
            .collect();
        let draws_kept = kept == j.draws;
        (!((one_short || undone) && draws_kept))
            .then(|| "the host's battle does not go on from the commands this side holds".into())
    }

    /// Joining player: the seat taken, the battle to build as the host has it.
    fn take_seat(&mut self, j: Joined) {
        let w = &j.welcome;
        self.welcomed = Some((w.battle, w.host_side, crate::save::text_digest(&w.scenario)));
        self.side = w.host_side.other();
        self.chain = j.chain;
        self.theirs = Some(j.host);
        self.their_head = Some(w.head);
        self.opening = Some(j.synced.opening);
        self.next = j.synced.next;
        self.revealed = self.revealed.max(1);
        self.live = Some(j.live);
        self.retries = 0;
        self.running = RunningDigest::default();
        self.stage = Stage::Checking(j.synced.commands, j.synced.digest);
        if self.ever_joined {
            self.out.push(NetEvent::Resumed);
        }
        self.ever_joined = true;
        self.out.push(NetEvent::Joined(Box::new(JoinedBattle {
            welcome: j.welcome,
            opening: j.synced.opening,
            commands: j.commands,
            draws: j.draws,
        })));
    }

    /// Host: the battle's log to a player just in, then where it stands, then this side's
    /// command still waiting for an answer, sent again.
    fn send_log(&mut self, r: Record) {
        let Some(opening) = self.opening else {
            return;
        };
        for (i, chunk) in r.commands.chunks(LOG_CHUNK).enumerate() {
            let from = (i * LOG_CHUNK) as u32;
            let to = from + chunk.len() as u32;
            let draws: Vec<SharedDraw> = (r.draws.iter())
                .filter(|d| (from..to).contains(&d.command))
                .copied()
                .collect();
            self.say(&Message::Log {
                commands: chunk.to_vec(),
                draws,
            });
        }
        let digest = self.running.of(r.game.log());
        let commands = r.commands.len() as u32;
        self.say(&Message::Synced(Synced {
            opening,
            next: self.next,
            commands,
            digest,
        }));
        self.digests.clear();
        self.digests.push_back((commands, digest));
        self.stage = Stage::Live;
        if let Some((number, command)) = self.in_flight {
            if let Some(value) = self.chain.value(number) {
                self.asked_at = Some(Instant::now());
                self.say(&Message::Command {
                    number,
                    command,
                    value,
                });
            }
        }
        if std::mem::replace(&mut self.synced_once, true) {
            self.out.push(NetEvent::Resumed);
        }
    }
}

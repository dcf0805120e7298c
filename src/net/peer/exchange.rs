//! The exchanges of play (issue 31): a command and both players' values for it, the
//! answers, concessions, undo, digests and chat; each message checked for its turn, its
//! number and its sender's commitment before anything follows from it.

use super::{NetEvent, Peer, Record, Stage};
use crate::engine::{Command, Entropy, SharedDraw};
use crate::net::chain::Role;
use crate::net::wire::{Message, MAX_CHAT};
use std::time::Instant;

impl Peer {
    /// Handles one message of the live line; why it breaks the protocol, if it does.
    pub(super) fn handle(&mut self, m: Message, record: Option<Record>) -> Result<(), String> {
        match (self.stage, m) {
            (_, Message::Ping) => Ok(()),
            (_, Message::Bye(why)) => {
                let why = crate::text::escape_text(&why).into_owned();
                if self.role == Role::Join || why.starts_with("the battle stops") {
                    self.stage = Stage::Ended;
                }
                self.out.push(NetEvent::Left(why.clone()));
                self.dropped(format!("the other player left: {why}"));
                Ok(())
            }
            (_, Message::Chat(text)) => {
                self.out
                    .push(NetEvent::Chat(crate::text::escape_text(&text).into_owned()));
                Ok(())
            }
            (Stage::Seating, Message::Seat(head)) if self.role == Role::Host => self.seat(head),
            (Stage::Opening, Message::OpeningAnswer(v)) if self.role == Role::Host => {
                self.opening_answer(v)
            }
            (Stage::Live, m) => match record {
                Some(r) => self.play(m, r),
                None => Err("a message before the battle opened".into()),
            },
            (_, m) => Err(format!("an unexpected message ({})", kind(&m))),
        }
    }

    /// Host: the joining player's commitment; a re-join must bring the same.
    fn seat(&mut self, head: Entropy) -> Result<(), String> {
        if self.their_head.is_some_and(|h| h != head) {
            self.say(&Message::Refused(
                "this battle's second player committed to other values: only that player may re-join".into(),
            ));
            return Err("a re-join by another player".into());
        }
        self.their_head = Some(head);
        self.theirs
            .get_or_insert(crate::net::chain::Verifier::new(Role::Join, head));
        if self.opening.is_some() {
            self.stage = Stage::Syncing;
        } else {
            let value = self.chain.value(1).ok_or("no opening value")?;
            self.say(&Message::Opening(value));
            self.stage = Stage::Opening;
        }
        Ok(())
    }

    /// Host: the joining player's opening value; the battle can open.
    fn opening_answer(&mut self, value: Entropy) -> Result<(), String> {
        self.check_theirs(1, value)?;
        let host = self.chain.value(1).ok_or("no opening value")?;
        let opening = SharedDraw {
            command: 0,
            number: 1,
            host,
            join: value,
        };
        self.opening = Some(opening);
        self.out.push(NetEvent::Start(opening));
        self.stage = Stage::Syncing;
        Ok(())
    }

    /// The other player's value `value` as number `number`, or why not.
    fn check_theirs(&mut self, number: u32, value: Entropy) -> Result<(), String> {
        let ok = self
            .theirs
            .as_mut()
            .is_some_and(|v| v.accept(number, value));
        ok.then_some(())
            .ok_or_else(|| format!("value {number} does not match the sender's commitment"))
    }

    /// A message of play while the players are in step.
    fn play(&mut self, m: Message, r: Record) -> Result<(), String> {
        match m {
            Message::Command {
                number,
                command,
                value,
            } => self.their_command(number, command, value, r),
            Message::Accept { number, value } | Message::Reveal { number, value } => {
                self.answered(number, value, r)
            }
            Message::Reject { number, why } if self.role == Role::Join => {
                self.rejected(number, &why, r)
            }
            Message::Applied(command) if self.role == Role::Join => {
                self.applied_by_host(command);
                Ok(())
            }
            Message::Concede if self.role == Role::Host => {
                self.their_concession(r);
                Ok(())
            }
            Message::AskUndo(keep) if self.role == Role::Host => {
                self.asked_undo(keep as usize, r);
                Ok(())
            }
            Message::UndoRefused(why) if self.role == Role::Join => {
                self.undo_asked = false;
                let why = crate::text::escape_text(&why).into_owned();
                let note = format!("the order was not taken back: {why}");
                self.out.push(NetEvent::Note(note));
                Ok(())
            }
            Message::Undo(keep) if self.role == Role::Join => self.host_undid(keep as usize, r),
            Message::Digest { commands, digest } => {
                self.compare(commands, digest);
                Ok(())
            }
            m => Err(format!("an unexpected message ({})", kind(&m))),
        }
    }

    /// Host: the joining player asks to take back its last order: only that, undoable, on
    /// its own turn, with nothing of this side's in flight; else the host says no.
    fn asked_undo(&mut self, keep: usize, r: Record) {
        let theirs = Some(self.side.other());
        let last = keep + 1 == r.commands.len();
        let ok = last && r.undoable_by == theirs && r.game.acting_side() == theirs;
        if ok && self.in_flight.is_none() {
            self.out.push(NetEvent::AskUndo(keep));
        } else {
            self.refuse_undo("the host's battle has moved on");
        }
    }

    /// Joining player: the host took back the last command: its own last order, or this
    /// side's when it asked; anything else breaks the protocol.
    fn host_undid(&mut self, keep: usize, r: Record) -> Result<(), String> {
        let asked = std::mem::take(&mut self.undo_asked);
        match r.undoable_by {
            Some(s) if s != self.side || asked => {}
            Some(_) => return Err("an undo of this side's order, unasked".into()),
            None => return Err("an undo of a command that cannot be taken back".into()),
        }
        if keep + 1 != r.commands.len() {
            return Err(format!(
                "an undo back to command {keep} of {}",
                r.commands.len()
            ));
        }
        self.out.push(NetEvent::Undo(keep));
        Ok(())
    }

    /// Joining player: the host refused its command. This side's engine checked it first,
    /// so a refusal while the battle goes on means the games differ; once it is over (the
    /// host conceded or declared a forfeit first), the command simply came too late.
    fn rejected(&mut self, number: u32, why: &str, r: Record) -> Result<(), String> {
        let (n, command) = self.in_flight.ok_or("a refusal of no command")?;
        if n != number {
            return Err(format!("a refusal of exchange {number}, not {n}"));
        }
        self.in_flight = None;
        self.next = number + 1;
        let why = crate::text::escape_text(why).into_owned();
        if r.game.outcome().is_none() {
            self.fail(&format!(
                "the host refused {command:?}, which this side's engine accepts ({why}): the games differ"
            ));
            return Ok(());
        }
        self.out.push(NetEvent::Refused { command, why });
        Ok(())
    }

    /// Joining player: a command the host gave without dice. Only a concession comes so:
    /// the host's own, or this side's when it asked; anything else stops the battle.
    fn applied_by_host(&mut self, command: Command) {
        match command {
            Command::Concede { side } if side != self.side || self.conceded => {
                self.out.push(NetEvent::Apply {
                    command,
                    draw: None,
                });
            }
            // The host's forfeit of this side: this side cannot know whether the host took
            // its last value, so the battle stops here rather than end differently on the
            // two sides.
            Command::Concede { .. } => self.fail(&format!(
                "the host gave {command:?} without dice: it declares this side forfeit, as a \
                 host does when a value has not come within {}; the battle stops here",
                humantime::format_duration(super::REVEAL_TIME)
            )),
            _ => self.fail(&format!(
                "the host gave {command:?} without dice, which only a concession may be"
            )),
        }
    }

    /// Host: the joining player concedes; held until this side's command in flight is
    /// answered, so both sides give the two in the same order.
    fn their_concession(&mut self, r: Record) {
        if r.game.outcome().is_some() {
            return;
        }
        if self.in_flight.is_some() {
            self.held_concession = true;
            return;
        }
        let side = self.side.other();
        self.apply_unexchanged(Command::Concede { side });
    }

    /// The other player's command with its value: the host checks it with its engine and
    /// accepts or refuses it; the joining player takes the host's, revealing its value.
    fn their_command(
        &mut self,
        number: u32,
        command: Command,
        value: Entropy,
        r: Record,
    ) -> Result<(), String> {
        if self.in_flight.is_some() || number != self.next {
            return Err(format!("a command out of turn (exchange {number})"));
        }
        if self.role == Role::Host && r.game.outcome().is_some() {
            // It crossed this side's concession or a forfeit on the line.
            self.check_theirs(number, value)?;
            self.next = number + 1;
            let why = "the battle is over".to_string();
            self.say(&Message::Reject { number, why });
            return Ok(());
        }
        if let Some((n, again)) = self.last_reveal.filter(|(n, _)| *n == number) {
            if again != command {
                return Err(format!(
                    "another command under exchange {n}, whose value this side revealed"
                ));
            }
        }
        let theirs = self.side.other();
        let their_turn = r.game.acting_side() == Some(theirs);
        if !their_turn || !command.is_order_or_answer() {
            return Err("a command out of turn".into());
        }
        self.check_theirs(number, value)?;
        let mine = self
            .chain
            .value(number)
            .ok_or("the chain of values is used up")?;
        self.next = number + 1;
        if let Err(why) = r.game.check_command(&command) {
            return self.refused_by_rules(number, r.game.with_labels(why.to_string()));
        }
        self.rejections = 0;
        self.answer_theirs(number, command, (value, mine), r);
        Ok(())
    }

    /// The other player's command is refused by this side's engine: the joining player
    /// stops (the games differ); the host refuses it, and hangs up on a run of refusals
    /// (the joining side checked each with the same engine, so only a race makes one: a
    /// run is a client spending the host's values).
    fn refused_by_rules(&mut self, number: u32, why: String) -> Result<(), String> {
        if self.role == Role::Join {
            self.fail(&format!(
                "the host's command is refused here ({why}): the games differ"
            ));
            return Ok(());
        }
        self.rejections += 1;
        if self.rejections > MOST_REJECTIONS {
            return Err("too many commands the rules refuse".into());
        }
        self.say(&Message::Reject { number, why });
        Ok(())
    }

    /// The other player's command accepted: this side's value sent (the host's acceptance,
    /// the joining player's reveal), and the command given with both values' dice.
    fn answer_theirs(
        &mut self,
        number: u32,
        command: Command,
        (value, mine): (Entropy, Entropy),
        r: Record,
    ) {
        let (host, join) = match self.role {
            Role::Host => (mine, value),
            Role::Join => (value, mine),
        };
        let draw = SharedDraw {
            command: r.commands.len() as u32,
            number,
            host,
            join,
        };
        match self.role {
            Role::Host => self.say(&Message::Accept {
                number,
                value: mine,
            }),
            Role::Join => {
                self.revealed = self.revealed.max(number);
                self.last_reveal = Some((number, command));
                self.say(&Message::Reveal {
                    number,
                    value: mine,
                });
            }
        }
        self.out.push(NetEvent::Apply {
            command,
            draw: Some(draw),
        });
    }

    /// The other side's value for this player's command: it goes ahead with both.
    fn answered(&mut self, number: u32, value: Entropy, r: Record) -> Result<(), String> {
        if self.in_flight.is_none() && r.game.outcome().is_some() {
            // A value that comes after this side declared a forfeit: nothing to do.
            return Ok(());
        }
        let (n, command) = self.in_flight.ok_or("an answer to no command")?;
        if n != number {
            return Err(format!("an answer to exchange {number}, not {n}"));
        }
        self.check_theirs(number, value)?;
        let mine = self
            .chain
            .value(number)
            .ok_or("the chain of values is used up")?;
        let (host, join) = match self.role {
            Role::Host => (mine, value),
            Role::Join => (value, mine),
        };
        self.in_flight = None;
        self.asked_at = None;
        self.waited = std::time::Duration::ZERO;
        self.next = number + 1;
        let draw = SharedDraw {
            command: r.commands.len() as u32,
            number,
            host,
            join,
        };
        self.out.push(NetEvent::Apply {
            command,
            draw: Some(draw),
        });
        if std::mem::take(&mut self.held_concession) {
            let side = self.side.other();
            self.apply_unexchanged(Command::Concede { side });
        }
        Ok(())
    }

    /// Host: the joining player withheld its value for this side's command: it forfeits
    /// (its side concedes, R10), and the command is not given.
    pub(super) fn forfeit(&mut self) {
        self.in_flight = None;
        self.asked_at = None;
        self.waited = std::time::Duration::ZERO;
        let wait = humantime::format_duration(self.reveal_time);
        self.out.push(NetEvent::Note(format!(
            "the other player withheld its value for {wait}: it forfeits"
        )));
        self.apply_unexchanged(Command::Concede {
            side: self.side.other(),
        });
    }

    /// Host: a command given without an exchange (a concession rolls no die), on both sides.
    fn apply_unexchanged(&mut self, command: Command) {
        self.say(&Message::Applied(command));
        self.out.push(NetEvent::Apply {
            command,
            draw: None,
        });
    }

    /// The other side's digest after so many commands, against this side's.
    fn compare(&mut self, commands: u32, digest: u64) {
        let ours = self
            .digests
            .iter()
            .find(|(c, _)| *c == commands)
            .map(|(_, d)| *d);
        if ours.is_some_and(|d| d != digest) {
            self.fail(&format!(
                "the two games differ after command {commands} (their events are not the same)"
            ));
        }
    }

    /// Gives this player's command: checked here first, then sent with this side's value;
    /// it is applied when the answer comes ([`NetEvent::Apply`] or [`NetEvent::Refused`]).
    ///
    /// # Errors
    /// Why it cannot be sent now: not in touch, an answer awaited, not this side's turn,
    /// or the engine's refusal.
    pub fn send(&mut self, r: Record, command: Command) -> Result<(), String> {
        if !self.in_step() {
            return Err(format!("not now: {}", self.status()));
        }
        if self.in_flight.is_some() {
            return Err("not now: waiting for the answer to the last command".into());
        }
        if let Command::Concede { side } = command {
            return self.concede(r, side);
        }
        if self.undo_asked {
            return Err("not now: waiting for the host to take back the last order".into());
        }
        if !command.is_order_or_answer() {
            return Err("forced dice are off in a battle across two machines".into());
        }
        if r.game.acting_side() != Some(self.side) {
            return Err("not your turn: the other player gives the next command".into());
        }
        r.game
            .check_command(&command)
            .map_err(|e| r.game.with_labels(e.to_string()))?;
        let number = self.next;
        let value = self
            .chain
            .value(number)
            .ok_or("the chain of values is used up")?;
        self.in_flight = Some((number, command));
        self.asked_at = Some(Instant::now());
        self.waited = std::time::Duration::ZERO;
        self.sent = self.sent.max(number);
        self.say(&Message::Command {
            number,
            command,
            value,
        });
        Ok(())
    }

    /// This player concedes: the host gives it at once, the joining player asks the host.
    fn concede(&mut self, r: Record, side: crate::engine::SideId) -> Result<(), String> {
        if side != self.side {
            return Err("a player concedes only for its own side".into());
        }
        r.game
            .check_command(&Command::Concede { side })
            .map_err(|e| e.to_string())?;
        match self.role {
            Role::Host => self.apply_unexchanged(Command::Concede { side }),
            Role::Join => {
                self.conceded = true;
                self.say(&Message::Concede);
            }
        }
        Ok(())
    }

    /// After the game loop applied a command: this side's digest, kept and sent.
    pub fn applied(&mut self, r: Record) {
        let digest = self.running.of(r.game.log());
        let commands = r.commands.len() as u32;
        self.digests.push_back((commands, digest));
        while self.digests.len() > DIGESTS_KEPT {
            self.digests.pop_front();
        }
        self.say(&Message::Digest { commands, digest });
    }

    /// After the game loop took the battle back to `r`'s commands (an undo): the digests
    /// start again, and the host tells the joining player.
    pub fn undone(&mut self, r: Record) {
        self.running = crate::net::RunningDigest::default();
        let commands = r.commands.len() as u32;
        self.digests.retain(|(c, _)| *c < commands);
        self.digests
            .push_back((commands, self.running.of(r.game.log())));
        if self.role == Role::Host {
            self.say(&Message::Undo(commands));
        }
    }

    /// Host: the joining player's request to take back its order is refused, saying why.
    pub fn refuse_undo(&mut self, why: &str) {
        self.say(&Message::UndoRefused(why.to_string()));
    }

    /// Joining player: asks the host to take back its last order, keeping `keep` commands;
    /// no command is sent until the host answers.
    pub fn ask_undo(&mut self, keep: usize) {
        self.undo_asked = true;
        self.say(&Message::AskUndo(keep as u32));
    }

    /// Sends a line of chat (cut at [`MAX_CHAT`] characters).
    pub fn chat(&mut self, text: &str) {
        let line: String = text.chars().take(MAX_CHAT).collect();
        self.say(&Message::Chat(line));
    }

    /// This player leaves: the other is told, and the line closed.
    pub fn quit(&mut self, why: &str) {
        self.say(&Message::Bye(why.to_string()));
        if let Some(live) = self.live.take() {
            live.close();
        }
        self.stage = Stage::Ended;
    }
}

/// Digests kept to compare with the other side's.
const DIGESTS_KEPT: usize = 32;

/// Refused commands in a row the host takes from the joining player before it hangs up.
const MOST_REJECTIONS: u32 = 3;

/// A message's kind in a word, for a refusal (never its contents).
fn kind(m: &Message) -> &'static str {
    match m {
        Message::Hello(_) => "hello",
        Message::Refused(_) => "refusal",
        Message::Welcome(_) => "welcome",
        Message::Seat(_) => "seat",
        Message::Opening(_) | Message::OpeningAnswer(_) => "opening value",
        Message::Log { .. } => "log",
        Message::Synced(_) => "sync",
        Message::Command { .. } => "command",
        Message::Accept { .. } => "accept",
        Message::Reject { .. } => "reject",
        Message::Reveal { .. } => "reveal",
        Message::Applied(_) => "applied",
        Message::Concede => "concede",
        Message::Digest { .. } => "digest",
        Message::AskUndo(_) => "undo request",
        Message::Undo(_) => "undo",
        Message::UndoRefused(_) => "undo refused",
        Message::Chat(_) => "chat",
        Message::Ping => "ping",
        Message::Bye(_) => "bye",
    }
}

//! The battle screen across two machines (issue 31): this player's commands go to the
//! other side through the protocol and are applied when the host accepts them; the other
//! player's commands, undos, chat and the line's ups and downs come back as
//! [`NetEvent`]s. No handovers: this screen only asks what is this player's to decide.

use super::{App, Mode};
use crate::engine::{Command, SideId};
use crate::net::{NetEvent, Peer, Record};

/// This player's seat at a battle across two machines.
pub struct NetSeat {
    /// The protocol's end.
    pub peer: Peer,
    /// The line's state to show while it is not in step (`waiting for the other player to
    /// re-join`), with the last chat line.
    pub banner: String,
}

/// What a network event means for the game loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetOutcome {
    /// Go on.
    Go,
    /// The battle cannot go on across the line: why (it is saved here).
    Stop(String),
}

impl App {
    /// Seats this app at a battle across two machines.
    pub fn seat(&mut self, peer: Peer) {
        self.net = Some(NetSeat {
            peer,
            banner: String::new(),
        });
    }

    /// The seat of a battle across two machines, if this is one.
    pub fn net_seat(&mut self) -> Option<&mut NetSeat> {
        self.net.as_mut()
    }

    /// The side this player commands in a battle across two machines.
    pub fn own_net_side(&self) -> Option<SideId> {
        self.net.as_ref().map(|n| n.peer.side())
    }

    /// Whether `side` is played on the other machine.
    pub fn is_remote(&self, side: SideId) -> bool {
        self.net.as_ref().is_some_and(|n| n.peer.side() != side)
    }

    /// The line's state for the status bar, in a battle across two machines.
    pub fn net_banner(&self) -> Option<String> {
        let net = self.net.as_ref()?;
        let whose = match self.game.acting_side() {
            Some(s) if s != net.peer.side() => Some("their turn"),
            Some(_) => Some("your turn"),
            None => None,
        };
        let extra = Some(net.banner.as_str()).filter(|b| !b.is_empty());
        let parts: Vec<&str> = [Some(net.peer.status()), whose, extra]
            .into_iter()
            .flatten()
            .collect();
        Some(parts.join(" │ "))
    }

    /// The protocol's end and the battle as it reads it, borrowed together.
    fn peer_and_record(&mut self) -> Option<(&mut Peer, Record<'_>)> {
        let net = self.net.as_mut()?;
        let record = Record {
            game: &self.game,
            commands: &self.commands,
            draws: &self.draws,
            undoable_by: self.undo_by,
        };
        Some((&mut net.peer, record))
    }

    /// Reads the line and does what it brings; whether the battle stops.
    pub fn poll_net(&mut self) -> NetOutcome {
        let Some((peer, record)) = self.peer_and_record() else {
            return NetOutcome::Go;
        };
        let events = peer.poll(Some(record));
        for event in events {
            if let NetOutcome::Stop(why) = self.on_net(event) {
                return NetOutcome::Stop(why);
            }
        }
        NetOutcome::Go
    }

    /// Sends this player's command across the line; whether it went.
    pub(super) fn net_send(&mut self, command: Command) -> bool {
        let Some((peer, record)) = self.peer_and_record() else {
            return false;
        };
        match peer.send(record, command) {
            Ok(()) => {
                self.message.clear();
                self.mode = Mode::Browse;
                true
            }
            Err(why) => {
                self.message = why;
                false
            }
        }
    }

    /// One event of the protocol.
    fn on_net(&mut self, event: NetEvent) -> NetOutcome {
        match event {
            NetEvent::Apply { command, draw } => {
                if let Some(d) = draw {
                    self.draws.push(d);
                }
                if !self.submit_here(command) {
                    return NetOutcome::Stop(format!(
                        "an accepted command is refused here: {}",
                        self.message
                    ));
                }
                if let Some((peer, record)) = self.peer_and_record() {
                    peer.applied(record);
                }
            }
            NetEvent::Refused { why, .. } => self.message = format!("the host refused: {why}"),
            NetEvent::Undo(keep) => self.undone_across(keep),
            NetEvent::AskUndo(keep) => self.their_undo(keep),
            NetEvent::Chat(text) => {
                let them = self.their_name();
                self.say_in_log(format!("» {them}: {text}"));
                self.set_banner(format!("{them}: {text}"));
            }
            NetEvent::Note(text) => self.say_in_log(format!("· {text}")),
            NetEvent::Paused(why) => {
                self.say_in_log(format!(
                    "· paused: {why}; the battle waits for the other player"
                ));
                self.set_banner("paused: the battle waits (q saves and quits)".into());
            }
            NetEvent::Resumed => {
                self.say_in_log("· the other player is back: the battle goes on".into());
                self.set_banner(String::new());
            }
            NetEvent::Left(why) => {
                self.say_in_log(format!("· the other player left: {why}"));
                self.set_banner("the other player left (q saves and quits)".into());
            }
            NetEvent::Failed(why) => return NetOutcome::Stop(why),
            NetEvent::Joined(j) => self.rejoined(&j),
            NetEvent::Start(_) => {}
        }
        NetOutcome::Go
    }

    /// Joining player, back in after a dropped line: the battle rebuilt as the host has it
    /// (its log is the truth; a command of this side that was never answered is gone).
    fn rejoined(&mut self, j: &crate::net::peer::JoinedBattle) {
        let old = (
            std::mem::replace(&mut self.commands, j.commands.clone()),
            std::mem::replace(&mut self.draws, j.draws.clone()),
        );
        match self.back_to(j.commands.len()) {
            Ok(()) => {
                let n = crate::words::count(j.commands.len() as u64, "command", "commands");
                self.message = format!("back in touch: {n}");
                self.undo_ok = false;
            }
            Err(why) => {
                (self.commands, self.draws) = old;
                self.message = format!("the host's battle does not replay here: {why}");
            }
        }
    }

    /// A line of the line's news in the log, where it stays readable.
    fn say_in_log(&mut self, line: String) {
        self.side_lines.push((self.log.len(), line.clone()));
        self.log.push(line);
        self.log_panel.to_end();
    }

    /// The other player's side's name.
    fn their_name(&self) -> String {
        let theirs = self
            .net
            .as_ref()
            .map_or(SideId::B, |n| n.peer.side().other());
        self.game.side(theirs).name.clone()
    }

    fn set_banner(&mut self, text: String) {
        if let Some(net) = self.net.as_mut() {
            net.banner = text;
        }
    }

    /// Host: the other player asks to take back its last order; it is taken back if the
    /// rules let it (a movement order of theirs with no die rolled since).
    fn their_undo(&mut self, keep: usize) {
        let theirs = self.net.as_ref().map(|n| n.peer.side().other());
        if keep + 1 != self.commands.len() || self.undo_by != theirs {
            if let Some(net) = self.net.as_mut() {
                net.peer.refuse_undo("the host's battle has moved on");
            }
            return;
        }
        self.undone_across(keep);
    }

    /// The battle back at its first `keep` commands, as the host decided (the host's
    /// protocol end tells the joining player).
    fn undone_across(&mut self, keep: usize) {
        if let Err(why) = self.back_to(keep) {
            self.message = format!("undo failed: {why}");
            return;
        }
        self.undo_ok = false;
        self.undo_by = None;
        self.autosave();
        self.message = "an order was taken back".into();
        // The host tells the other side; both start their digests again.
        if let Some((peer, record)) = self.peer_and_record() {
            peer.undone(record);
        }
    }

    fn is_host(&self) -> bool {
        self.net.as_ref().is_some_and(|n| n.peer.is_host())
    }

    /// This player's undo across the line: the host takes it back at once and tells the
    /// other side; the joining player asks the host.
    pub(super) fn net_undo(&mut self) {
        let Some(peer) = self.net.as_ref().map(|n| &n.peer) else {
            return;
        };
        let why = if !peer.in_step() {
            Some("not now: the other player is not in touch")
        } else if peer.waiting() {
            Some("not now: waiting for the answer to the last command")
        } else if self.game.acting_side() != Some(peer.side()) {
            // The order handed a decision to the other player: it stands.
            Some("not now: the other player is answering it")
        } else {
            None
        };
        if let Some(why) = why {
            self.message = why.into();
            return;
        }
        let keep = self.commands.len().saturating_sub(1);
        if self.is_host() {
            self.undone_across(keep);
            self.message = "order taken back".into();
        } else if let Some(net) = self.net.as_mut() {
            net.peer.ask_undo(keep);
            self.message = "asked the host to take the order back".into();
        }
    }

    /// `T`'s line sent to the other player.
    pub(super) fn send_chat(&mut self, text: &str) {
        let Some(net) = self.net.as_mut() else {
            return;
        };
        if !net.peer.in_step() {
            self.message = "not sent: the other player is not in touch".into();
            return;
        }
        net.peer.chat(text);
        let own = net.peer.side();
        let line = crate::text::escape_text(text).into_owned();
        let name = self.game.side(own).name.clone();
        self.say_in_log(format!("« {name} (you): {line}"));
    }

    /// This player leaves: the other is told; the battle is saved on both sides.
    pub fn leave_net(&mut self) {
        if let Some(net) = self.net.as_mut() {
            net.peer
                .quit("the other player quit; the battle is saved on both sides");
        }
    }
}

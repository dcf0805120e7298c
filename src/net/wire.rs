//! The messages of a battle across two machines (issue 31), their JSON inside sealed
//! frames, and the decoder that takes whatever a peer sends: a frame that is not one of
//! these messages, or holds a chat line or a reason longer than the limits, is an error,
//! never a panic (the `wire` fuzz target feeds it arbitrary bytes).

use crate::engine::{Command, Entropy, SharedDraw, SideId};
use serde::{Deserialize, Serialize};

/// The longest chat line, in characters.
pub const MAX_CHAT: usize = 200;

/// The longest reason or other text a message carries besides a scenario, in characters.
pub const MAX_TEXT: usize = 2000;

/// Commands (with their draws) in one message of the battle's log sent on a join.
pub const LOG_CHUNK: usize = 2000;

/// The protocol's version inside the sealed channel; a join of another version is refused.
pub const PROTOCOL: u32 = 1;

/// The digest of the shipped rules' data, as a hello carries it.
pub fn rules_digest() -> u64 {
    crate::save::text_digest(crate::engine::rules::DEFAULT_RULES_RON)
}

/// What the joining player says first: what it runs, so the host can refuse a mismatch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// The game's version (`CARGO_PKG_VERSION`).
    pub game: String,
    /// [`PROTOCOL`].
    pub protocol: u32,
    /// The digest of the shipped rules' data (`assets/rules.ron`), so that two builds of
    /// one version whose rules differ are told apart.
    pub rules: u64,
    /// The digest of the scenario the player expects, if it named one.
    pub scenario: Option<u64>,
}

/// The host's welcome: the battle, the host's side and its commitment to its values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Welcome {
    /// The battle's id: the joining player keeps its own values under it.
    pub battle: Entropy,
    /// The side the host plays; the joining player plays the other.
    pub host_side: SideId,
    /// The scenario's file name.
    pub scenario_file: String,
    /// The scenario's whole text.
    pub scenario: String,
    /// The rules file and text when the battle is played with its own rules (issue 28).
    pub rules: Option<(String, String)>,
    /// The head of the host's chain of values.
    pub head: Entropy,
}

/// Where the battle stands, sent after its log on every join.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Synced {
    /// The opening's draw (number 1), which seeds the dice of the battle's opening.
    pub opening: SharedDraw,
    /// The number of the next exchange of values.
    pub next: u32,
    /// The commands sent in the log messages before this one.
    pub commands: u32,
    /// The digest of the battle's events after them.
    pub digest: u64,
}

/// One message between the players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Message {
    /// Joining player → host, first.
    Hello(Hello),
    /// Host → joining player: the join is refused, and why.
    Refused(String),
    /// Host → joining player.
    Welcome(Box<Welcome>),
    /// Joining player → host: the head of its chain.
    Seat(Entropy),
    /// Host → joining player, at the opening: the host's value number 1.
    Opening(Entropy),
    /// Joining player → host, at the opening: its value number 1.
    OpeningAnswer(Entropy),
    /// Host → joining player: a chunk of the battle's log.
    Log {
        /// Commands in order from the chunk's first.
        commands: Vec<Command>,
        /// Their draws.
        draws: Vec<SharedDraw>,
    },
    /// Host → joining player: the battle is in step from here.
    Synced(Synced),
    /// A player's command, with its value for the exchange.
    Command {
        /// The exchange's number.
        number: u32,
        /// The command.
        command: Command,
        /// The sender's value for this number.
        value: Entropy,
    },
    /// Host → joining player: its command is accepted; the host's value.
    Accept {
        /// The exchange's number.
        number: u32,
        /// The host's value for this number.
        value: Entropy,
    },
    /// Host → joining player: its command is refused by the rules, and why.
    Reject {
        /// The exchange's number.
        number: u32,
        /// The engine's reason.
        why: String,
    },
    /// Joining player → host: its value for the host's command.
    Reveal {
        /// The exchange's number.
        number: u32,
        /// The joining player's value for this number.
        value: Entropy,
    },
    /// Host → joining player: a command given without an exchange (a concession).
    Applied(Command),
    /// Joining player → host: it concedes the battle (R10).
    Concede,
    /// The digest of the events after so many commands, to compare.
    Digest {
        /// The number of commands given.
        commands: u32,
        /// The digest of the battle's events after them.
        digest: u64,
    },
    /// Joining player → host: take back its last order (the battle's command number).
    AskUndo(u32),
    /// Host → joining player: the battle is now its first so many commands.
    Undo(u32),
    /// Host → joining player: its last order is not taken back, and why.
    UndoRefused(String),
    /// A line of chat.
    Chat(String),
    /// Nothing: the line is alive.
    Ping,
    /// The sender is leaving; the battle is saved on its side.
    Bye(String),
}

/// Why a frame was refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    /// Not a message of this protocol.
    #[error("a malformed message: {0}")]
    Malformed(String),
    /// A text longer than its limit.
    #[error("a message's text of {0} characters is over the limit")]
    TooLong(usize),
}

/// The bytes of a message.
pub fn encode(message: &Message) -> Vec<u8> {
    serde_json::to_vec(message).unwrap_or_default()
}

/// The message in `bytes`, refused when malformed or over a text limit.
///
/// # Errors
/// [`WireError`] saying which.
pub fn decode(bytes: &[u8]) -> Result<Message, WireError> {
    let message: Message = serde_json::from_slice(bytes)
        .map_err(|e| WireError::Malformed(crate::text::escape_text(&e.to_string()).into_owned()))?;
    let long = |text: &str, limit: usize| {
        let n = text.chars().count();
        if n > limit {
            Err(WireError::TooLong(n))
        } else {
            Ok(())
        }
    };
    match &message {
        Message::Chat(text) => long(text, MAX_CHAT)?,
        Message::Refused(text)
        | Message::Bye(text)
        | Message::UndoRefused(text)
        | Message::Reject { why: text, .. } => {
            long(text, MAX_TEXT)?;
        }
        Message::Hello(h) => long(&h.game, MAX_TEXT)?,
        Message::Log { commands, draws }
            if commands.len() > LOG_CHUNK || draws.len() > LOG_CHUNK =>
        {
            return Err(WireError::TooLong(commands.len().max(draws.len())));
        }
        _ => {}
    }
    Ok(message)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "a test fails loudly")]
    use super::*;
    use crate::engine::Order;

    #[test]
    fn every_message_reads_back_as_written() {
        let v = Entropy([5; 32]);
        for m in [
            Message::Command {
                number: 3,
                command: Command::Order(Order::EndOrders),
                value: v,
            },
            Message::Chat("hold the ford".into()),
            Message::Digest {
                commands: 9,
                digest: u64::MAX,
            },
            Message::Seat(v),
            Message::Ping,
        ] {
            assert_eq!(decode(&encode(&m)), Ok(m));
        }
    }

    #[test]
    fn malformed_and_overlong_messages_are_refused() {
        assert!(matches!(decode(b"\xff\x00{"), Err(WireError::Malformed(_))));
        assert!(matches!(
            decode(b"{\"Chat\":1}"),
            Err(WireError::Malformed(_))
        ));
        let full = Message::Log {
            commands: vec![Command::Order(Order::EndOrders); LOG_CHUNK + 1],
            draws: Vec::new(),
        };
        assert_eq!(
            decode(&encode(&full)),
            Err(WireError::TooLong(LOG_CHUNK + 1))
        );
        let text = String::from_utf8(encode(&full)).unwrap();
        assert!(
            text.starts_with(r#"{"Log":{"commands":["EndOrders","#),
            "{text:.40}"
        );
        let long = Message::Chat("x".repeat(MAX_CHAT + 1));
        assert_eq!(
            decode(&encode(&long)),
            Err(WireError::TooLong(MAX_CHAT + 1))
        );
    }
}

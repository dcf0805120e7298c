//! A battle across two machines (issue 31): one player hosts (`volley host`), the other
//! joins (`volley join`). The host's engine decides: the joining player's commands are
//! checked by it and both apply only what it accepted, comparing a digest of the events
//! after each. Each command's dice come from a value of each player, committed to before
//! either is seen ([`chain`]); the line is keyed by the join code through SPAKE2 and
//! sealed ([`secure`]); [`wire`] is the messages; [`peer`] plays the protocol.

pub mod chain;
pub mod host;
pub mod join;
pub mod link;
pub mod peer;
pub mod secure;
pub mod wire;

pub use peer::{NetEvent, Peer, Record};

use crate::engine::Entropy;

/// 32 bytes from the operating system's randomness: a player's secret, a battle's id.
///
/// # Errors
/// The operating system gave none.
pub fn fresh() -> std::io::Result<Entropy> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| std::io::Error::other(e.to_string()))?;
    Ok(Entropy(bytes))
}

/// A new join code: eight digits in two groups (`4821-0937`). SPAKE2 makes a short code
/// safe: a captured handshake allows no offline guess, and the host slows online tries.
///
/// # Errors
/// The operating system gave no randomness.
pub fn new_code() -> std::io::Result<String> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| std::io::Error::other(e.to_string()))?;
    let n = u64::from_le_bytes(bytes) % 100_000_000;
    Ok(format!("{:04}-{:04}", n / 10_000, n % 10_000))
}

/// FNV-1a digest of the events' RON text, kept up to date as the log grows (the same
/// digest as a save's, [`crate::save::digest`]).
#[derive(Clone, Copy, Debug)]
pub struct RunningDigest {
    events: usize,
    hash: u64,
}

impl Default for RunningDigest {
    fn default() -> RunningDigest {
        RunningDigest {
            events: 0,
            hash: 0xcbf2_9ce4_8422_2325,
        }
    }
}

impl RunningDigest {
    /// The digest of all of `log`, reading only the events not read before (a log that
    /// shrank, after an undo, is read again from its start).
    pub fn of(&mut self, log: &[crate::engine::Event]) -> u64 {
        if log.len() < self.events {
            *self = RunningDigest::default();
        }
        for e in log.get(self.events..).unwrap_or_default() {
            for b in ron::to_string(e).unwrap_or_default().bytes() {
                self.hash = (self.hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        self.events = log.len();
        self.hash
    }
}

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

pub use crate::save::RunningDigest;

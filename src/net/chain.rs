//! Commit–reveal for the dice of a battle across two machines (issue 31): each player's
//! values form a hash chain. A player's secret fixes the chain's end; each value is the
//! SHA-256 of a label, the player's role, its number and the value after it, down to the
//! head, which the player sends before any value is revealed. Revealing value `n` commits
//! to nothing new: anyone hashes it back to the last value seen (or the head), so a player
//! cannot change a value once the head is out, a value is bound to its player and number
//! (it cannot be mirrored or replayed), and no value tells anything of those after it.

use crate::engine::{Entropy, SharedDraw};
use sha2::{Digest, Sha256};

/// Values in a chain: one per exchange, far more than the commands of a battle as played
/// (the 400-unit battle of `benches/large.rs` takes about 60,000 over 12 turns); a battle
/// that used them up could not go on across the line, and would go on from its save.
pub const CHAIN_LENGTH: u32 = 1 << 18;

/// A checkpoint is kept every this many values, so a value costs at most this many hashes.
const STRIDE: u32 = 512;

/// Which player a chain belongs to: its byte in every hash of the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Role {
    /// The player who opened the battle (`volley host`); its engine decides.
    Host,
    /// The player who joined it (`volley join`).
    Join,
}

impl Role {
    fn byte(self) -> u8 {
        match self {
            Role::Host => 1,
            Role::Join => 2,
        }
    }

    /// The other player.
    pub fn other(self) -> Role {
        match self {
            Role::Host => Role::Join,
            Role::Join => Role::Host,
        }
    }
}

/// One step down the chain: the value numbered `number` from the one numbered after it.
fn step(role: Role, number: u32, after: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"volley dice chain 1");
    h.update([role.byte()]);
    h.update(number.to_be_bytes());
    h.update(after);
    h.finalize().into()
}

/// A player's own chain, from its secret: the head to send, and each value to reveal.
#[derive(Clone)]
pub struct Chain {
    role: Role,
    /// The value at every multiple of [`STRIDE`], from 0 (the head) to [`CHAIN_LENGTH`].
    checkpoints: Vec<[u8; 32]>,
}

impl Chain {
    /// The chain of `role` made from `secret` (about 2.6 × 10⁵ hashes, some tens of ms).
    pub fn new(role: Role, secret: &Entropy) -> Chain {
        let mut end = Sha256::new();
        end.update(b"volley dice chain end 1");
        end.update([role.byte()]);
        end.update(secret.0);
        let mut value: [u8; 32] = end.finalize().into();
        let mut checkpoints = vec![value; (CHAIN_LENGTH / STRIDE + 1) as usize];
        for number in (0..CHAIN_LENGTH).rev() {
            value = step(role, number, &value);
            if number % STRIDE == 0 {
                if let Some(slot) = checkpoints.get_mut((number / STRIDE) as usize) {
                    *slot = value;
                }
            }
        }
        Chain { role, checkpoints }
    }

    /// A chain not known yet (a joining player's, until it learns the battle it joins):
    /// no head and no values, and nothing computed.
    pub fn pending(role: Role) -> Chain {
        Chain {
            role,
            checkpoints: Vec::new(),
        }
    }

    /// The head: value 0, sent before any other is revealed.
    pub fn head(&self) -> Entropy {
        Entropy(self.checkpoints.first().copied().unwrap_or_default())
    }

    /// Value `number` (1 up to [`CHAIN_LENGTH`] − 1); `None` past the chain's end.
    pub fn value(&self, number: u32) -> Option<Entropy> {
        if number == 0 || number >= CHAIN_LENGTH {
            return None;
        }
        // Hashes only go down the chain: start at the checkpoint above and hash down.
        let above = number.div_ceil(STRIDE);
        let mut value = *self.checkpoints.get(above as usize)?;
        for n in (number..above * STRIDE).rev() {
            value = step(self.role, n, &value);
        }
        Some(Entropy(value))
    }
}

/// What is known of the other player's chain: the highest value seen and its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verifier {
    role: Role,
    number: u32,
    value: Entropy,
}

impl Verifier {
    /// Knowing only the head of `role`'s chain.
    pub fn new(role: Role, head: Entropy) -> Verifier {
        Verifier {
            role,
            number: 0,
            value: head,
        }
    }

    /// Accepts `value` as number `number` if it hashes back to the last value seen (the
    /// numbers between may have gone unrevealed); whether it did.
    pub fn accept(&mut self, number: u32, value: Entropy) -> bool {
        if number <= self.number || number >= CHAIN_LENGTH {
            return false;
        }
        let mut v = value.0;
        for n in (self.number..number).rev() {
            v = step(self.role, n, &v);
        }
        let ok = v == self.value.0;
        if ok {
            self.number = number;
            self.value = value;
        }
        ok
    }
}

/// Checks every draw of a save against both heads (host's first): the numbers rise and
/// each value hashes back to its player's chain; the first problem in words.
pub fn check_draws(heads: [Entropy; 2], draws: &[SharedDraw]) -> Result<(), String> {
    let [host, join] = heads;
    let mut host = Verifier::new(Role::Host, host);
    let mut join = Verifier::new(Role::Join, join);
    for (i, d) in draws.iter().enumerate() {
        if !host.accept(d.number, d.host) {
            return Err(format!(
                "shared draw {} (number {}): the host's value does not hash back to its commitment",
                i + 1,
                d.number
            ));
        }
        if !join.accept(d.number, d.join) {
            return Err(format!(
                "shared draw {} (number {}): the joining player's value does not hash back to its commitment",
                i + 1,
                d.number
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "a test fails loudly")]
    use super::*;

    #[test]
    fn values_hash_back_to_the_head_in_order_with_gaps() {
        let chain = Chain::new(Role::Join, &Entropy([7; 32]));
        let mut v = Verifier::new(Role::Join, chain.head());
        for n in [1, 2, 5, 512, 513, 600, 601, 1500, CHAIN_LENGTH - 1] {
            assert!(v.accept(n, chain.value(n).unwrap()), "value {n}");
        }
        let last = CHAIN_LENGTH - 1;
        assert!(
            !v.accept(last, chain.value(last).unwrap()),
            "a value is used once"
        );
        assert!(!v.accept(1400, chain.value(1400).unwrap()), "no going back");
        assert_eq!(chain.value(CHAIN_LENGTH), None);
        assert_eq!(
            Chain::pending(Role::Join).value(1),
            None,
            "nothing before the secret"
        );
    }

    #[test]
    fn a_value_is_bound_to_its_player_and_number() {
        let secret = Entropy([9; 32]);
        let host = Chain::new(Role::Host, &secret);
        let join = Chain::new(Role::Join, &secret);
        assert_ne!(
            host.head(),
            join.head(),
            "the same secret makes other chains"
        );
        let mut v = Verifier::new(Role::Host, host.head());
        assert!(
            !v.accept(1, join.value(1).unwrap()),
            "the other player's value"
        );
        assert!(
            !v.accept(2, host.value(1).unwrap()),
            "a value under another number"
        );
        assert!(v.accept(1, host.value(1).unwrap()));
    }

    #[test]
    fn check_draws_names_the_draw_whose_value_was_changed() {
        let (h, j) = (
            Chain::new(Role::Host, &Entropy([1; 32])),
            Chain::new(Role::Join, &Entropy([2; 32])),
        );
        let draw = |n: u32| SharedDraw {
            command: n,
            number: n,
            host: h.value(n).unwrap(),
            join: j.value(n).unwrap(),
        };
        let mut draws = vec![draw(1), draw(2), draw(4)];
        assert_eq!(check_draws([h.head(), j.head()], &draws), Ok(()));
        draws[2].join = Entropy([0; 32]);
        let err = check_draws([h.head(), j.head()], &draws).unwrap_err();
        assert!(
            err.starts_with("shared draw 3 (number 4): the joining player's"),
            "{err}"
        );
    }
}

//! The game's dice: a portable seeded generator (ChaCha8, stable across machines and
//! dependency upgrades because die faces are drawn here, not by a library's range sampler),
//! or a script of exact faces for tests, which fails the test when it runs out rather than
//! quietly rolling on. Used by every roll of R3.1, R5.1, R9 and R10.2. In a battle across
//! two machines (issue 31) each command's dice come from a [`SharedDraw`]: a value from
//! each player, hashed together, so neither chose or foresaw them.

use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Where the faces come from.
#[derive(Clone, Debug)]
enum Source {
    Seeded(Box<ChaCha8Rng>),
    /// Faces in order, for tests; a roll past the last is a bug in the test.
    Scripted(VecDeque<u32>),
}

/// The dice of one battle, seeded once; faces a designer forced come first.
#[derive(Clone, Debug)]
pub struct Dice {
    source: Source,
    /// Faces to give before the source's, in order (`--dice`, `Command::ForceDie`).
    forced: VecDeque<u32>,
    rolled: u64,
}

impl Dice {
    /// Dice seeded from a number: the same seed gives the same faces everywhere.
    pub fn seeded(seed: u64) -> Dice {
        Dice {
            source: Source::Seeded(Box::new(ChaCha8Rng::seed_from_u64(seed))),
            forced: VecDeque::new(),
            rolled: 0,
        }
    }

    /// Dice that give exactly these faces, in order (tests); rolling one more panics, so
    /// that a test whose script runs short fails instead of rolling on unseen.
    pub fn scripted(faces: impl IntoIterator<Item = u32>) -> Dice {
        Dice {
            source: Source::Scripted(faces.into_iter().collect()),
            forced: VecDeque::new(),
            rolled: 0,
        }
    }

    /// The dice of one command of a battle across two machines: ChaCha8 seeded by the
    /// SHA-256 of the draw's number and both players' values (issue 31). The count of dice
    /// rolled goes on from `rolled`, so "a die was rolled since" stays a question of counts.
    pub fn shared(draw: &SharedDraw, rolled: u64) -> Dice {
        Dice {
            source: Source::Seeded(Box::new(ChaCha8Rng::from_seed(draw.seed()))),
            forced: VecDeque::new(),
            rolled,
        }
    }

    /// The scripted faces not rolled yet (none for seeded dice).
    pub fn unrolled(&self) -> usize {
        match &self.source {
            Source::Scripted(faces) => faces.len(),
            Source::Seeded(_) => 0,
        }
    }

    /// Rolls one die of `sides` faces (1..=sides); a scripted face is clamped to that range.
    ///
    /// # Panics
    /// When scripted dice run out: only tests script dice, and a short script is their bug.
    #[allow(
        clippy::panic,
        reason = "scripted dice exist only in tests, where running out must fail the test"
    )]
    pub fn roll(&mut self, sides: u32) -> u32 {
        let sides = sides.max(1);
        self.rolled += 1;
        if let Some(face) = self.forced.pop_front() {
            return face.clamp(1, sides);
        }
        match &mut self.source {
            Source::Scripted(faces) => match faces.pop_front() {
                Some(face) => face.clamp(1, sides),
                None => panic!(
                    "scripted dice ran out at roll {} (a d{sides}): script more faces",
                    self.rolled
                ),
            },
            Source::Seeded(rng) => uniform(rng, sides),
        }
    }

    /// Makes `face` come up on a roll after the faces forced before it, ahead of the
    /// seeded stream (clamped to the die rolled, as scripted faces are).
    pub fn force(&mut self, face: u32) {
        self.forced.push_back(face);
    }

    /// Number of dice rolled so far.
    pub fn rolled(&self) -> u64 {
        self.rolled
    }
}

/// 32 bytes of a player's randomness, written as 64 hex digits in saves and messages.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Entropy(pub [u8; 32]);

impl std::fmt::Debug for Entropy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_hex())
    }
}

impl Entropy {
    /// The 64 lower-case hex digits of the bytes.
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The bytes of 64 hex digits; `None` for any other text.
    pub fn from_hex(text: &str) -> Option<Entropy> {
        let digits: Vec<u8> = text
            .chars()
            .map(|c| c.to_digit(16).and_then(|d| u8::try_from(d).ok()))
            .collect::<Option<_>>()?;
        let bytes: Vec<u8> = digits
            .chunks(2)
            .map(|p| match p {
                [hi, lo] => hi * 16 + lo,
                _ => 0,
            })
            .collect();
        (digits.len() == 64)
            .then(|| bytes.try_into().ok())
            .flatten()
            .map(Entropy)
    }
}

impl serde::Serialize for Entropy {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_hex())
    }
}

impl<'de> serde::Deserialize<'de> for Entropy {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Entropy, D::Error> {
        let text = String::deserialize(d)?;
        Entropy::from_hex(&text)
            .ok_or_else(|| serde::de::Error::custom("expected 64 hex digits (32 bytes)"))
    }
}

/// The dice of one command in a battle across two machines (issue 31): the exchange's
/// number and the value each player revealed for it, the host's first. Saves keep every
/// draw with the index of the command it rolled for, so either player can replay the
/// battle and check each value against the other's commitment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SharedDraw {
    /// The index in the command list of the command these dice are for.
    pub command: u32,
    /// The exchange's number, counted from 1 over the battle (refused commands count too).
    pub number: u32,
    /// The host's value.
    pub host: Entropy,
    /// The joining player's value.
    pub join: Entropy,
}

impl SharedDraw {
    /// The dice's seed: SHA-256 of a label, the number and both values.
    pub fn seed(&self) -> [u8; 32] {
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        h.update(b"volley shared dice 1");
        h.update(self.number.to_be_bytes());
        h.update(self.host.0);
        h.update(self.join.0);
        h.finalize().into()
    }

    /// The seed of a whole battle whose opening this draw is: the first 8 bytes of
    /// [`SharedDraw::seed`], little-endian.
    pub fn battle_seed(&self) -> u64 {
        let seed = self.seed();
        let mut first = [0u8; 8];
        first.copy_from_slice(seed.get(..8).unwrap_or(&[0; 8]));
        u64::from_le_bytes(first)
    }
}

/// The draw of the command at `index` among `draws` (in the order of their commands, as a
/// battle records them), if it has one.
pub fn draw_of(draws: &[SharedDraw], index: usize) -> Option<&SharedDraw> {
    let index = u32::try_from(index).ok()?;
    let at = draws.binary_search_by_key(&index, |d| d.command).ok()?;
    draws.get(at)
}

/// Unbiased face by rejection sampling on 32-bit words.
fn uniform(rng: &mut ChaCha8Rng, sides: u32) -> u32 {
    let zone = u32::MAX - (u32::MAX % sides);
    loop {
        let word = rng.next_u32();
        if word < zone {
            return word % sides + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_gives_same_faces_and_faces_stay_in_range() {
        let mut a = Dice::seeded(7);
        let mut b = Dice::seeded(7);
        let fa: Vec<u32> = (0..100).map(|_| a.roll(6)).collect();
        let fb: Vec<u32> = (0..100).map(|_| b.roll(6)).collect();
        assert_eq!(fa, fb);
        assert!(fa.iter().all(|f| (1..=6).contains(f)));
        assert!((1..=6).all(|face| fa.contains(&face)));
    }

    #[test]
    #[should_panic(expected = "scripted dice ran out at roll 2 (a d6)")]
    fn scripted_dice_that_run_out_fail_the_test() {
        let mut d = Dice::scripted([3]);
        assert_eq!(d.roll(6), 3);
        d.roll(6);
    }

    #[test]
    fn forced_faces_come_before_the_seeded_stream_which_then_goes_on_unchanged() {
        let mut plain = Dice::seeded(9);
        let mut forced = Dice::seeded(9);
        forced.force(6);
        forced.force(30);
        assert_eq!([forced.roll(6), forced.roll(20)], [6, 20]);
        let rest: Vec<u32> = (0..10).map(|_| forced.roll(6)).collect();
        let same: Vec<u32> = (0..10).map(|_| plain.roll(6)).collect();
        assert_eq!(rest, same);
        assert_eq!(forced.rolled(), 12);
    }

    #[test]
    fn shared_dice_follow_both_values_and_the_number() {
        let draw = SharedDraw {
            command: 0,
            number: 1,
            host: Entropy([1; 32]),
            join: Entropy([2; 32]),
        };
        let faces = |d: SharedDraw| {
            let mut dice = Dice::shared(&d, 5);
            let f: Vec<u32> = (0..20).map(|_| dice.roll(6)).collect();
            (f, dice.rolled())
        };
        assert_eq!(faces(draw), faces(draw));
        assert_eq!(faces(draw).1, 25, "the count goes on");
        for other in [
            SharedDraw { number: 2, ..draw },
            SharedDraw {
                host: Entropy([3; 32]),
                ..draw
            },
            SharedDraw {
                join: Entropy([3; 32]),
                ..draw
            },
        ] {
            assert_ne!(faces(draw).0, faces(other).0);
        }
    }

    #[test]
    fn a_command_finds_its_own_draw_and_no_other() {
        let draw = |command| SharedDraw {
            command,
            number: command + 2,
            host: Entropy([1; 32]),
            join: Entropy([2; 32]),
        };
        let draws = [draw(0), draw(1), draw(4)];
        assert_eq!(draw_of(&draws, 4).map(|d| d.number), Some(6));
        assert_eq!(draw_of(&draws, 1).map(|d| d.number), Some(3));
        assert_eq!(draw_of(&draws, 2), None, "a command without shared dice");
        assert_eq!(draw_of(&draws, usize::MAX), None);
    }

    #[test]
    fn entropy_reads_back_its_hex_and_nothing_else() {
        let e = Entropy(std::array::from_fn(|i| (i * 37 % 256) as u8));
        assert_eq!(Entropy::from_hex(&e.to_hex()), Some(e));
        assert_eq!(Entropy::from_hex("ab"), None);
        assert_eq!(Entropy::from_hex(&"g".repeat(64)), None);
        assert_eq!(Entropy::from_hex(&"é".repeat(64)), None);
    }

    #[test]
    fn scripted_faces_come_first() {
        let mut d = Dice::scripted([20, 1, 9]);
        assert_eq!([d.roll(20), d.roll(20), d.roll(6)], [20, 1, 6]);
        assert_eq!(d.rolled(), 3);
    }
}

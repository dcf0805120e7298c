//! The game's dice: a portable seeded generator (ChaCha8, stable across machines and
//! dependency upgrades because die faces are drawn here, not by a library's range sampler),
//! or a script of exact faces for tests, which fails the test when it runs out rather than
//! quietly rolling on. Used by every roll of R3.1, R5.1, R9 and R10.2.

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
    fn scripted_faces_come_first() {
        let mut d = Dice::scripted([20, 1, 9]);
        assert_eq!([d.roll(20), d.roll(20), d.roll(6)], [20, 1, 6]);
        assert_eq!(d.rolled(), 3);
    }
}

//! The stranger pool (issue 30): opponents the computer has never been tuned against, to
//! measure it by. Each stranger is the planner with every weight of its [`Tuning`]
//! multiplied by 2^u (u uniform in −0.6…0.6) and its temper (each side's aggression, R3
//! of the scenario) moved up or down by 2 or 3, kept within 0–10. The pool is drawn once
//! from [`POOL_SEED`], fixed before any measurement and never tuned against; a game
//! meets the stranger its dice seed picks, so the same seeds meet the same strangers
//! whoever plays them. `hard` never sees this module: its look-ahead models the enemy its
//! own way.

use super::{ComputerPlayer, Tuning};
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Strangers in the pool.
pub const POOL: usize = 8;

/// The seed the pool is drawn from, fixed on 2026-11-26 before the first measurement.
pub const POOL_SEED: u64 = 0x5354_5241_4E47_4552;

/// One stranger: its weights and its change of temper.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stranger {
    /// The planner's weights, each the default's times 2^u.
    pub tuning: Tuning,
    /// Added to each side's aggression (−3, −2, 2 or 3), the sum kept within 0–10.
    pub temper: i8,
}

/// The pool, drawn from [`POOL_SEED`].
pub fn pool() -> [Stranger; POOL] {
    let mut rng = ChaCha8Rng::seed_from_u64(POOL_SEED);
    std::array::from_fn(|_| {
        let tuning = Tuning::default().map_weights(|w| {
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 1.2 - 0.6;
            w * u.exp2()
        });
        let size = 2 + (rng.next_u64() % 2) as i8;
        let temper = if rng.next_u64() % 2 == 0 { size } else { -size };
        Stranger { tuning, temper }
    })
}

/// The index in the pool of the stranger a game of dice seed `seed` meets.
pub fn index_for(seed: u64) -> usize {
    (super::splitmix(seed ^ POOL_SEED) % POOL as u64) as usize
}

/// The stranger a game of dice seed `seed` meets, as a player with each side's scenario
/// aggression (0–10) moved by its temper.
pub fn player(seed: u64, aggression: [u8; 2]) -> ComputerPlayer {
    let pool = pool();
    let stranger = pool.get(index_for(seed)).copied().unwrap_or(Stranger {
        tuning: Tuning::default(),
        temper: 0,
    });
    let moved = aggression.map(|a| (i16::from(a) + i16::from(stranger.temper)).clamp(0, 10) as u8);
    ComputerPlayer::new(seed, moved).with_tuning(stranger.tuning)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 30: every stranger's weights lie within 2^±0.6 of the defaults and its
    /// temper moves by 2 or 3; the pool is the same every time it is drawn.
    #[test]
    fn the_stranger_pool_is_fixed_and_within_its_ranges() {
        let pool = pool();
        assert_eq!(pool, super::pool());
        let base = Tuning::default();
        for s in pool {
            assert!([-3, -2, 2, 3].contains(&s.temper), "{s:?}");
            let mut ratios = Vec::new();
            let _ = s.tuning.map_weights(|w| {
                ratios.push(w);
                w
            });
            let mut k = 0;
            let _ = base.map_weights(|w| {
                let r = ratios.get(k).copied().unwrap_or(f64::NAN) / w;
                assert!((0.6f64.exp2().recip()..=0.6f64.exp2()).contains(&r), "{r}");
                k += 1;
                w
            });
            assert_eq!(s.tuning.horizon, base.horizon);
        }
        let met: std::collections::BTreeSet<usize> = (0..200).map(index_for).collect();
        assert_eq!(met.len(), POOL, "200 seeds meet every stranger");
    }
}

//! The editor's quick sim (issue 32): the draft as it stands played computer (`normal`)
//! against computer a few hundred times on a thread of its own, by the same code as
//! `volley sim` (players changing sides every other game), with the games played shown as
//! they finish and each side's wins with their 95% (Wilson) interval at the end. Leaving
//! the editor or asking again stops it.

use crate::ai::PlayerKind;
use crate::engine::SideId;
use crate::scenario::Scenario;
use crate::sim::{simulate_each, wilson, SimSetup};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Games a quick sim plays: enough for an interval about ±7 points wide.
pub const QUICK_GAMES: usize = 200;

/// A quick sim running or run.
pub struct QuickSim {
    /// The draft's revision it plays.
    pub revision: u64,
    played: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    /// Side A's wins, side B's wins and draws, once every game is played.
    tally: Arc<std::sync::Mutex<Option<[usize; 3]>>>,
    thread: Option<JoinHandle<()>>,
}

impl QuickSim {
    /// Starts [`QUICK_GAMES`] games of `scenario` (revision `revision` of the draft), the
    /// first seeded `seed`. Errors: no thread.
    pub fn start(scenario: Scenario, revision: u64, seed: u64) -> std::io::Result<QuickSim> {
        let played = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let tally = Arc::new(std::sync::Mutex::new(None));
        let (p, s, t) = (Arc::clone(&played), Arc::clone(&stop), Arc::clone(&tally));
        let thread = std::thread::Builder::new()
            .name("editor-sim".into())
            .spawn(move || {
                let counts = play_batches(&scenario, seed, &p, &s);
                if let (Some(counts), Ok(mut slot)) = (counts, t.lock()) {
                    *slot = Some(counts);
                }
            })?;
        Ok(QuickSim {
            revision,
            played,
            stop,
            tally,
            thread: Some(thread),
        })
    }

    /// Games finished so far.
    pub fn played(&self) -> usize {
        self.played.load(Ordering::Relaxed).min(QUICK_GAMES)
    }

    /// Side A's wins, side B's wins and draws, once all are played.
    pub fn tally(&self) -> Option<[usize; 3]> {
        self.tally.lock().ok().and_then(|t| *t)
    }

    /// What the panel says: the games played, or each side's share of wins with its
    /// interval, sides named `names`.
    pub fn said(&self, names: [&str; 2]) -> Vec<String> {
        let Some([a, b, draws]) = self.tally() else {
            return vec![format!(" Sim: {} of {QUICK_GAMES} games…", self.played())];
        };
        let n = a + b + draws;
        let share = |w: usize| {
            let (lo, hi) = wilson(w, n);
            format!(
                "{:.0}% ({:.0}–{:.0}%)",
                100.0 * w as f64 / n.max(1) as f64,
                100.0 * lo,
                100.0 * hi
            )
        };
        vec![
            format!(" Sim, {n} games normal v normal:"),
            format!("  {} wins {}", names[0], share(a)),
            format!("  {} wins {}", names[1], share(b)),
            format!("  draws {draws}"),
        ]
    }
}

/// Games played between two looks at the stop flag: `simulate_each` plays a chunk of
/// games before it hands any back, so the sim is played in small batches to stop soon.
const BATCH: usize = 10;

/// The quick sim's games, [`BATCH`] at a time, counting side A's wins, side B's and draws;
/// `None` if `stop` was raised first. Batch `k` starts at game `k`, so each game has the
/// seed and the sides it would have in one run (an even batch size keeps who plays which
/// side).
fn play_batches(
    scenario: &Scenario,
    seed: u64,
    played: &AtomicUsize,
    stop: &AtomicBool,
) -> Option<[usize; 3]> {
    let mut counts = [0usize; 3];
    let tick = || {
        played.fetch_add(1, Ordering::Relaxed);
    };
    for first in (0..QUICK_GAMES).step_by(BATCH) {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let setup = SimSetup::new([PlayerKind::Normal; 2], seed.wrapping_add(first as u64));
        let games = BATCH.min(QUICK_GAMES - first);
        simulate_each(scenario, games, setup, &tick, &mut |r| {
            let slot = match r.winner {
                Some(SideId::A) => 0,
                Some(SideId::B) => 1,
                None => 2,
            };
            if let Some(c) = counts.get_mut(slot) {
                *c += 1;
            }
            ControlFlow::Continue(())
        });
    }
    Some(counts)
}

impl Drop for QuickSim {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]
    use super::*;

    #[test]
    fn a_quick_sim_of_the_tutorial_counts_every_game() {
        let (file, source) = crate::scenario::SHIPPED
            .iter()
            .find(|(f, _)| f.ends_with("tutorial.ron"))
            .unwrap();
        let s = Scenario::parse(source, file).unwrap();
        let sim = QuickSim::start(s, 0, 1).unwrap();
        let start = std::time::Instant::now();
        while sim.tally().is_none() {
            assert!(start.elapsed().as_secs() < 120, "the sim ends");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let [a, b, d] = sim.tally().unwrap();
        assert_eq!(a + b + d, QUICK_GAMES);
        assert_eq!(sim.played(), QUICK_GAMES);
        assert!(sim.said(["Red", "Blue"])[1].starts_with("  Red wins "));
    }

    #[test]
    fn a_quick_sim_stopped_plays_no_more_than_a_batch() {
        let (file, source) = crate::scenario::SHIPPED
            .iter()
            .find(|(f, _)| f.ends_with("breitenfeld.ron"))
            .unwrap();
        let s = Scenario::parse(source, file).unwrap();
        let sim = QuickSim::start(s, 0, 1).unwrap();
        let played = Arc::clone(&sim.played);
        drop(sim);
        assert!(
            played.load(Ordering::Relaxed) <= 2 * BATCH,
            "stopped within a batch"
        );
    }
}

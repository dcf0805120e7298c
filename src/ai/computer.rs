//! The computer opponent: a commander of the period who plans with the engine's own queries
//! and exact odds. It keeps Drilled Foot secured by pike when cavalry threatens (R9.4),
//! charges unsecured shot with cavalry (R4.4), fires loaded shot in armor-piercing range
//! (R5.3, R6.4), readies units that expect a charge (R5.6), pulls broken units back, and
//! goes for objectives as the turn limit nears (R10.3). Its only randomness is a tie-break
//! seeded from the game's seed, the turn and the side, so a saved game replays exactly.

use super::plan;
use super::Player;
use crate::engine::Order;
use crate::engine::{Actor, Command, Decision, Game, SideId};
use std::cell::RefCell;

/// The computer player; one instance may play both sides.
#[derive(Clone, Debug)]
pub struct ComputerPlayer {
    seed: u64,
    /// Appetite for attack per side, 0 (cautious) to 10 (reckless).
    aggression: [u8; 2],
    tuning: plan::Tuning,
    /// Noise in its choices, in uhp (0: the computer's own play).
    noise: f64,
    /// The best movement orders of the phase in hand, kept between orders.
    memo: RefCell<plan::MoveScores>,
}

impl ComputerPlayer {
    /// A computer player for a battle of `seed`, with each side's aggression (0–10).
    pub fn new(seed: u64, aggression: [u8; 2]) -> ComputerPlayer {
        ComputerPlayer {
            seed,
            aggression,
            tuning: plan::Tuning::default(),
            noise: 0.0,
            memo: RefCell::default(),
        }
    }

    /// The same player with other planner weights, for tuning runs.
    pub fn with_tuning(mut self, tuning: plan::Tuning) -> ComputerPlayer {
        self.tuning = tuning;
        self
    }

    /// The same player scoring its units on up to `threads` threads at once: it thinks
    /// sooner on a machine with cores to spare, and chooses exactly as on one thread.
    pub fn with_threads(self, threads: usize) -> ComputerPlayer {
        self.memo.replace(plan::MoveScores::with_threads(threads));
        self
    }

    /// Units it has scored on helper threads so far ([`ComputerPlayer::with_threads`]): 0
    /// on one thread.
    pub fn scored_apart(&self) -> usize {
        self.memo.borrow().scored_apart()
    }

    /// The same player choosing less surely: each order's score gets up to `noise` uhp
    /// more, drawn from its seed, so that two seeds may choose differently (how `hard`'s
    /// look-ahead models an enemy it does not know).
    pub fn with_noise(mut self, noise: f64) -> ComputerPlayer {
        self.noise = noise.max(0.0);
        self
    }

    fn style(&self, game: &Game, side: SideId) -> plan::Style {
        plan::Style {
            aggression: f64::from((*side.of(&self.aggression)).min(10)) / 10.0,
            salt: mix(self.seed, u64::from(game.turn()), side.index() as u64),
            tuning: self.tuning,
            noise: self.noise,
        }
    }

    /// Up to `k` movement orders of the unit the planner would move next for `side`, best
    /// first, the planner's own choice among them (R4.1–R4.5).
    pub fn alternatives(
        &self,
        game: &Game,
        side: SideId,
        planned: &Command,
        k: usize,
    ) -> Vec<Command> {
        plan::alternatives(game, side, &self.style(game, side), planned, k)
    }

    /// The planner's own choice for the side that must act, before any safety net: the
    /// answer to a pending decision, or the best order (`None` when no unit has an order
    /// worth giving, and when nobody acts). Tests hold it to the rules: it must be legal.
    pub fn planned(&self, game: &Game) -> Option<Command> {
        match game.actor() {
            Actor::Nobody => None,
            Actor::Decide(decision) => {
                let style = self.style(game, decision.side());
                Some(plan::decide(game, &decision, &style))
            }
            Actor::Orders { side, phase } => {
                let style = self.style(game, side);
                plan::next_order(game, side, phase, &style, &mut self.memo.borrow_mut())
            }
        }
    }
}

impl Player for ComputerPlayer {
    /// The planned command; a plan the rules refuse (a planner bug, which tests catch)
    /// falls back to a legal command so that a battle in play never stops.
    fn choose(&mut self, game: &Game) -> Option<Command> {
        let planned = self.planned(game);
        match game.actor() {
            Actor::Nobody => None,
            Actor::Decide(decision) => planned
                .filter(|c| decision.answers().contains(c))
                .or_else(|| first_answer(&decision)),
            Actor::Orders { .. } => Some(
                planned
                    .filter(|c| game.check_command(c).is_ok())
                    .unwrap_or_else(|| fallback(game)),
            ),
        }
    }
}

fn first_answer(decision: &Decision) -> Option<Command> {
    decision.answers().into_iter().next()
}

/// `EndOrders` when legal, else the first legal attack (an IF or UF unit that must attack,
/// R7.2), else the first legal order.
pub(super) fn fallback(game: &Game) -> Command {
    let legal = game.legal_commands();
    if legal.contains(&Command::Order(Order::EndOrders)) {
        return Command::Order(Order::EndOrders);
    }
    legal
        .iter()
        .find(|c| matches!(c, Command::Order(Order::Attack { .. })))
        .or(legal.first())
        .copied()
        .unwrap_or(Command::Order(Order::EndOrders))
}

/// SplitMix64 of the seed, turn and side: the tie-break salt.
fn mix(seed: u64, turn: u64, side: u64) -> u64 {
    super::splitmix(
        seed ^ turn.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ side.wrapping_mul(0xBF58_476D_1CE4_E5B9),
    )
}

//! `hard`'s look-aheads: a copy of the battle played on to the end of the turn (R3), its
//! own side as the planner and the enemy as the round's model of it, and what the copy is
//! worth at the end: who leads on losses and objectives (R10.2, R10.3, R12.4).

use super::{Clock, HardPlayer};
use crate::ai::Player;
use crate::engine::{Command, Game, SideId, Status};

/// Turns a look-ahead plays after the current one. One more turn was tried: the phase's
/// temper then weighs less against a longer run of the dice, and `hard` won 51% of 200
/// games against `normal` on the tutorial and Kircholm, against 55–56% with none.
const HORIZON: u32 = 0;

/// Commands a look-ahead may play before it is cut short (a turn takes far fewer, a
/// shipped battle a few hundred; a 400-unit battle's look-ahead to its end runs out of
/// time first).
const MAX_STEPS: usize = 20_000;

impl HardPlayer {
    /// Plays `copy` of round `round` to the end of its turn (or the battle): `side` as the
    /// planner would, in temper `ours` while it gives this phase's orders, and the enemy as
    /// the round's model of it ([`HardPlayer::enemy`]); its worth to `side`, or `None` when
    /// the clock ran out first.
    pub(super) fn play_out(
        &self,
        copy: Game,
        side: SideId,
        ours: Option<u8>,
        round: u64,
        clock: &Clock,
    ) -> Option<f64> {
        let (phase, turn) = (copy.phase(), copy.turn());
        let mut mine = ours.map(|a| self.planner(side, a));
        // The planner's memory of the phase so far is as good on the copy as on the battle.
        let mut usual = self.usual.clone();
        let mut enemy = self.enemy(&copy, round);
        let past = |g: &Game| g.turn() > turn + HORIZON;
        let end = play_on(copy, clock, past, |g| match g.acting_side() {
            Some(s) if s != side => enemy.choose(g),
            Some(_) if g.phase() == phase => match &mut mine {
                Some(p) => p.choose(g),
                None => usual.choose(g),
            },
            Some(_) => usual.choose(g),
            None => None,
        })?;
        Some(worth(&end, side))
    }
}

/// Plays `copy` on with the commands `next` gives until the battle ends, `stop` says so,
/// a command is missing or refused, or `MAX_STEPS` commands were played; `None` when the
/// clock ran out first.
fn play_on(
    mut copy: Game,
    clock: &Clock,
    stop: impl Fn(&Game) -> bool,
    mut next: impl FnMut(&Game) -> Option<Command>,
) -> Option<Game> {
    for _ in 0..MAX_STEPS {
        if stop(&copy) || copy.outcome().is_some() {
            break;
        }
        if clock.up() {
            return None;
        }
        let Some(command) = next(&copy) else {
            break;
        };
        if copy.submit(command).is_err() {
            break;
        }
    }
    Some(copy)
}

/// What a position is worth to `side`, from −2 (lost) to 2 (won): the share of the enemy's
/// starting uhp lost less the share of its own (R10.2), and the objectives it holds more
/// than the enemy, weighing more as the turn limit nears (R10.3).
fn worth(game: &Game, side: SideId) -> f64 {
    if let Some(outcome) = game.outcome() {
        return match outcome.winner {
            Some(w) if w == side => 2.0,
            Some(_) => -2.0,
            None => 0.0,
        };
    }
    let st = game.standing();
    // A fleeing unit is half lost already (it may rout, R8.4, R9.6), a disordered one a
    // little (it cannot ready or charge, R5.6, R4.4).
    let shaken = |s: SideId| -> f64 {
        game.units_of(s)
            .map(|u| match u.status {
                Status::Fleeing => 0.5 * f64::from(u.uhp),
                Status::Disordered => 0.1 * f64::from(u.uhp),
                Status::Steady => 0.0,
            })
            .sum()
    };
    let share = |s: SideId| {
        let start = 2 * *s.of(&st.morale_mark);
        (f64::from(*s.of(&st.losses)) + shaken(s)) / f64::from(start.max(1))
    };
    let held = |s: SideId| *s.of(&st.objectives) as f64;
    let urgency = 1.0 / (1.0 + f64::from(st.turns_left.unwrap_or(10)));
    let objectives = (held(side) - held(side.other())) * 0.3 * urgency;
    share(side.other()) - share(side) + objectives
}

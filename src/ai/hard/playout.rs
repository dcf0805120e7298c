//! `hard`'s look-aheads: a copy of the battle played on to the end of the turn (R3), its
//! own side as the planner and the enemy as the round's model of it, and what the copy is
//! worth at the end: who leads on losses and objectives (R10.2, R10.3, R12.4), counting
//! the reserves still to come before the limit (R12.1, R12.2).

use super::{Clock, HardPlayer};
use crate::ai::plan::{eta, soonest};
use crate::ai::Player;
use crate::engine::{Command, Game, Phase, SideId, Status, Unit};
use hexx::Hex;

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

/// What a position is worth to `side`, from about −2 (lost) to 2 (won): the strain of each
/// side's losses against its army-morale mark, steeper as it nears the mark (R10.2), and
/// the objectives each side should hold at the turn limit by their value (R10.3, R12.4),
/// weighing more the nearer the limit.
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
    // Losses as a share of the mark; past three quarters of it an army-morale roll is a
    // turn or two away (R10.2). Reserves due before the limit raise the mark as they
    // arrive (R10.2, R12.1), so a side waiting for them is less strained than its losses
    // against the units on the map say.
    let strain = |s: SideId| {
        let mark = f64::from(game.morale_mark_with(s, uhp_coming(game, s, st.turns_left)));
        let x = (f64::from(*s.of(&st.losses)) + shaken(s)) / mark.max(1.0);
        0.5 * x + 0.5 * (x - 0.75).max(0.0)
    };
    let objectives = st.turns_left.map_or(0.0, |left| {
        OBJECTIVES * forecast(game, side, left + 1) / (1.0 + f64::from(left))
    });
    strain(side.other()) - strain(side) + objectives
}

/// The weight of the objectives' forecast with one Movement phase left (R10.3).
const OBJECTIVES: f64 = 1.0;

/// The objectives `side` should hold at the limit less the enemy's, by value (R12.4), as a
/// share of all they are worth, −1 to 1, with `moves` Movement phases to come: one held is
/// kept unless an enemy could stand there in time, one free goes to the side that could
/// be there sooner.
fn forecast(game: &Game, side: SideId, moves: u32) -> f64 {
    let (mut lead, mut total) = (0.0, 0.0);
    for (i, o) in game.objectives().iter().enumerate() {
        // R10.3: whoever stands there holds it, fleeing or not, as the engine counts; but a
        // fleeing holder flees on in a Movement phase still to come (R8.4).
        let fleeing = game
            .unit_at(o.hex)
            .is_some_and(|u| u.status == Status::Fleeing);
        let holder = game
            .objective_holder(i)
            .filter(|_| !(fleeing && movement_to_come(game)));
        let ours_held = holder.map(|s| s == side);
        let etas = [side, side.other()].map(|s| soonest_or_coming(game, s, o.hex));
        let [w_ours, w_theirs] = [side, side.other()].map(|s| f64::from(o.worth_for(s)));
        if let Some(p) = hold_chance(ours_held, etas, moves) {
            lead += p * w_ours - (1.0 - p) * w_theirs;
        }
        total += w_ours.max(w_theirs);
    }
    if total > 0.0 {
        lead / total
    } else {
        0.0
    }
}

/// Whether a Movement phase is still to come before the turn limit (R3.3): this turn's, if
/// not yet over, or a later turn's.
fn movement_to_come(game: &Game) -> bool {
    game.turns_left().is_none_or(|left| left > 0)
        || matches!(game.phase(), Phase::Initiative | Phase::Movement)
}

/// Movement phases the soonest of `side`'s units needs to stand on `hex`, reserves still to
/// come included (R12.1): a unit on the map marching from where it stands, a reserve from
/// its first arrival hex once it is due.
fn soonest_or_coming(game: &Game, side: SideId, hex: Hex) -> u32 {
    let on_map = soonest(game, side, hex);
    game.units()
        .iter()
        .filter(|u| u.side == side)
        .filter_map(|u| reserve_eta(game, u, hex))
        .fold(on_map, u32::min)
}

/// Movement phases from now until reserve `u` could stand on `hex`: those before the one it
/// is due in (R12.1; the next once an event released it, R12.7), then its march from its
/// first arrival hex, which begins in the phase it arrives; `None` for a unit that is not
/// a reserve to come or that only an event not yet fired would release.
fn reserve_eta(game: &Game, u: &Unit, hex: Hex) -> Option<u32> {
    let r = u.reserve.as_ref().filter(|_| u.to_come())?;
    let wait = r.turns_until_due(game.turn())?;
    let from = *r.hexes.first()?;
    Some(wait.saturating_add(eta(game, u, from, hex).max(1)))
}

/// The uhp of `side`'s reserves that will come before the turn limit (R12.1), `turns_left`
/// after this one.
fn uhp_coming(game: &Game, side: SideId, turns_left: Option<u32>) -> u32 {
    game.uhp_due_by(side, turns_left.map(|l| game.turn().saturating_add(l)))
}

/// The chance that our side holds an objective at the limit, from whether we hold it now
/// (`None`: nobody does) and the turns each side's soonest unit needs to stand on it;
/// `None` when nobody holds it and neither side could get there in `moves` phases.
fn hold_chance(ours_held: Option<bool>, [ours, theirs]: [u32; 2], moves: u32) -> Option<f64> {
    let within = |eta: u32| eta <= moves;
    match ours_held {
        Some(true) => Some(if within(theirs) { 0.6 } else { 1.0 }),
        Some(false) => Some(if within(ours) { 0.4 } else { 0.0 }),
        None if !within(ours) && !within(theirs) => None,
        None => Some(match ours.cmp(&theirs) {
            std::cmp::Ordering::Less => 0.75,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Greater => 0.25,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::each_shipped_battle;

    /// Issue 30, R10.3, R12.4: with no Movement phase to come the forecast is the engine's
    /// own count of objectives held, as a share of all they are worth; it is the same
    /// seen from either side, with the sign changed, however many phases are to come.
    #[test]
    fn r10_3_the_objectives_forecast_is_the_count_at_the_limit_and_antisymmetric() {
        each_shipped_battle(|file, _, game| {
            let st = game.standing();
            let total: f64 = game
                .objectives()
                .iter()
                .map(|o| f64::from(o.worth_for(SideId::A).max(o.worth_for(SideId::B))))
                .sum();
            let held = st.objectives[0] as f64 - st.objectives[1] as f64;
            let now = forecast(&game, SideId::A, 0);
            assert!((now - held / total.max(1.0)).abs() < 1e-12, "{file}: {now}");
            for moves in [0, 1, 3, 10] {
                let [a, b] = [SideId::A, SideId::B].map(|s| forecast(&game, s, moves));
                assert!((a + b).abs() < 1e-12, "{file} {moves}: {a} {b}");
            }
        });
    }

    /// Issue 30, R12.1: a reserve due on turn `t` could stand on its first arrival hex in
    /// the Movement phase of `t`, `t − now + 1` phases from now; one only an event not yet
    /// fired would release is not counted (Condé's wing at the Dunes).
    #[test]
    fn r12_1_the_look_ahead_counts_a_reserve_from_the_phase_it_is_due() {
        let mut seen = [0, 0];
        each_shipped_battle(|file, _, game| {
            for u in game.units().iter().filter(|u| u.to_come()) {
                let Some(r) = u.reserve.as_ref() else {
                    continue;
                };
                let got = reserve_eta(&game, u, r.hexes[0]);
                match r.turn {
                    Some(t) => {
                        seen[0] += 1;
                        assert_eq!(got, Some(t - game.turn() + 1), "{file} {}", u.label);
                    }
                    None => {
                        seen[1] += 1;
                        assert_eq!(got, None, "{file} {}", u.label);
                    }
                }
            }
        });
        assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
    }

    /// Issue 30, R10.2, R12.1: at Auldearn all Montrose's main body and horse are due on
    /// turn 5, before the limit, so the look-ahead counts every uhp of them towards the
    /// Royalists' mark; Condé's wing at the Dunes waits on an event and is not counted.
    #[test]
    fn r12_1_reserves_due_before_the_limit_count_and_those_waiting_on_an_event_do_not() {
        each_shipped_battle(|file, _, game| {
            let left = game.standing().turns_left;
            for side in [SideId::A, SideId::B] {
                let (coming, to_come) = (uhp_coming(&game, side, left), game.uhp_to_come(side));
                let name = &game.side(side).name;
                match (file, name.as_str()) {
                    ("scenarios/auldearn.ron", "Royalists") => {
                        assert!(coming > 0 && coming == to_come, "{coming} {to_come}");
                    }
                    ("scenarios/dunes.ron", "Spain") => {
                        assert!(coming < to_come, "{coming} {to_come}");
                    }
                    _ => assert!(coming <= to_come, "{file} {name}"),
                }
            }
        });
    }

    /// Issue 30: an objective no unit holds goes in the forecast to the side that could be
    /// there sooner: with time for every unit to arrive, some battle's forecast changes.
    #[test]
    fn r10_3_free_objectives_go_to_the_side_nearer_them() {
        let mut changed = 0;
        each_shipped_battle(|_, _, game| {
            let far = forecast(&game, SideId::A, 50);
            changed += usize::from((far - forecast(&game, SideId::A, 0)).abs() > 1e-9);
        });
        assert!(changed >= 5, "{changed} battles");
    }
}

//! How far `hard` may trust its look-ahead's model of the enemy. A look-ahead has the
//! enemy reply as the planner would (R4–R9 played on a copy); that model is exact against
//! the planner itself and wrong against anyone else. Before each decision `hard` plays the
//! battle again from its last decision: its own command, then the planner's answer at
//! every point where the enemy acted. The enemy played as the planner exactly when this
//! gives the battle's log as it is. From the first time it does not, `hard` trusts its
//! look-ahead less (see `HardPlayer::movement`).

use crate::ai::{ComputerPlayer, Player};
use crate::engine::event::Phase;
use crate::engine::{Command, Game, SideId};

/// Commands of the enemy replayed between two decisions before the check gives up (a turn
/// takes far fewer).
const MAX_REPLAYED: usize = 20_000;

/// The check of the enemy against the planner, kept from one decision to the next.
#[derive(Clone, Debug)]
pub struct Watch {
    /// The battle as this player last decided in it, and the command it gave.
    last: Option<(Game, Command)>,
    /// The planner in the enemy's place, asked at the same points as the enemy was, so
    /// that it remembers its phase as a planner enemy does.
    shadow: ComputerPlayer,
    /// The turn and phase of this player's first decision, when it was a decision in the
    /// middle of the enemy's orders (R3.2: a side gives all its orders of a phase in one
    /// go). The enemy gave orders in that phase before, unseen by `shadow`, whose memory of
    /// the phase can then differ from a planner enemy's; a difference there is not counted.
    first: Option<(u32, Phase)>,
    /// Whether every replay so far gave the battle's log.
    planner_like: bool,
}

impl Watch {
    /// A check for a battle of `seed`, the planner taking each side's aggression (0–10).
    pub fn new(seed: u64, aggression: [u8; 2]) -> Watch {
        Watch {
            last: None,
            shadow: ComputerPlayer::new(seed, aggression),
            first: None,
            planner_like: true,
        }
    }

    /// Whether the enemy has given every command the planner would have, as far as seen.
    pub fn planner_like(&self) -> bool {
        self.planner_like
    }

    /// Brings the check up to `game`, where `side` (this player's) is to act. A replay that
    /// `up` cuts short (the decision's time ran out) leaves the check as it was.
    pub fn observe(&mut self, game: &Game, side: SideId, up: &dyn Fn() -> bool) {
        let Some((before, given)) = self.last.take() else {
            if enemy_giving_orders(game, side) {
                self.first = Some((game.turn(), game.phase()));
            }
            return;
        };
        if !self.planner_like {
            return;
        }
        let exempt = self.first == Some((before.turn(), before.phase()));
        if self.replays(before, given, game, side, up) == Some(false) && !exempt {
            self.planner_like = false;
        }
    }

    /// Remembers the command this player gives in `game`.
    pub fn gave(&mut self, game: &Game, command: Command) {
        if self.planner_like {
            self.last = Some((game.clone(), command));
        }
    }

    /// Whether `given` in `before`, then the planner's commands wherever the enemy acted,
    /// lead to `game`'s log (the dice are the battle's own, so they roll alike); `None`
    /// when `up` stopped it first.
    fn replays(
        &mut self,
        mut copy: Game,
        given: Command,
        game: &Game,
        side: SideId,
        up: &dyn Fn() -> bool,
    ) -> Option<bool> {
        let mut seen = copy.log().len();
        let mut command = given;
        for _ in 0..MAX_REPLAYED {
            if copy.submit(command).is_err() {
                return Some(false);
            }
            let now = copy.log().len();
            if copy.log().get(seen..) != game.log().get(seen..now) {
                return Some(false);
            }
            seen = now;
            if copy.acting_side() != Some(side.other()) {
                break;
            }
            if up() {
                return None;
            }
            command = self.shadow.choose(&copy)?;
        }
        Some(seen == game.log().len() && copy.dice_rolled() == game.dice_rolled())
    }
}

/// Whether the enemy of `side` is giving its orders of the phase under way (R3.2), so
/// that `side` acts in the middle of them (a decision the enemy's action handed it).
fn enemy_giving_orders(game: &Game, side: SideId) -> bool {
    game.ordering() == Some(side.other())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AdvancePlayer;
    use crate::engine::{each_shipped_battle, Event};

    /// Plays `game` out: side A by the planner, watched as `hard` watches (observing
    /// before each of its decisions, remembering each command), side B by `enemy`. What
    /// the watch says at the end, the battle's log, and its length at side A's first
    /// decision (the watch cannot see what the enemy did before).
    fn watched(game: Game, seed: u64, enemy: impl Player) -> (bool, Vec<Event>, usize) {
        watched_within(game, seed, enemy, &|| false)
    }

    /// [`watched`], each replay stopped when `up` says so.
    fn watched_within(
        mut game: Game,
        seed: u64,
        mut enemy: impl Player,
        up: &dyn Fn() -> bool,
    ) -> (bool, Vec<Event>, usize) {
        let mut ours = ComputerPlayer::new(seed, [5, 5]);
        let mut watch = Watch::new(seed, [5, 5]);
        let mut first = None;
        while let Some(side) = game.acting_side() {
            let command = if side == SideId::A {
                first = first.or(Some(game.log().len()));
                watch.observe(&game, side, up);
                let Some(c) = ours.choose(&game) else { break };
                watch.gave(&game, c);
                c
            } else {
                let Some(c) = enemy.choose(&game) else { break };
                c
            };
            if let Err(e) = game.submit(command) {
                panic!("{command:?} refused: {e}");
            }
        }
        let log = game.log().to_vec();
        (watch.planner_like(), log, first.unwrap_or(usize::MAX))
    }

    #[test]
    fn the_planner_as_the_enemy_is_found_to_play_as_the_planner() {
        each_shipped_battle(|file, seed, game| {
            let enemy = ComputerPlayer::new(seed, [5, 5]);
            assert!(watched(game, seed, enemy).0, "{file} seed {seed}");
        });
    }

    #[test]
    fn a_script_or_a_planner_of_another_temper_is_found_out() {
        let mut differed = 0;
        each_shipped_battle(|file, seed, game| {
            assert!(
                !watched(game.clone(), seed, AdvancePlayer).0,
                "{file} seed {seed}"
            );
            // A bolder planner may give the planner's every order after side A's first
            // decision: then there is nothing to find out.
            let planner = watched(game.clone(), seed, ComputerPlayer::new(seed, [5, 5]));
            let (found_like, log, first) = watched(game, seed, ComputerPlayer::new(seed, [5, 10]));
            let same = log
                .iter()
                .zip(&planner.1)
                .take_while(|(a, b)| a == b)
                .count();
            if log != planner.1 && same >= first {
                differed += 1;
                assert!(!found_like, "{file} seed {seed}");
            }
        });
        assert!(
            differed >= 10,
            "the bolder planner played as the planner in most battles"
        );
    }

    #[test]
    fn a_replay_cut_short_by_the_clock_finds_nothing_out() {
        each_shipped_battle(|file, seed, game| {
            assert!(
                watched_within(game, seed, AdvancePlayer, &|| true).0,
                "{file} {seed}"
            );
        });
    }
}

#[cfg(test)]
mod orders_tests {
    use super::*;
    use crate::ai::RandomPlayer;
    use crate::engine::{each_shipped_battle, Actor};

    /// R3.2: the first side gives all its orders of a phase, then the second; a side
    /// acting while the other side's orders are under way acts in the middle of them.
    /// Checked at every position of random battles against the log: the side last seen
    /// giving orders in the phase, else the side that chose or was given the first move.
    #[test]
    fn r3_2_a_decision_in_the_middle_of_the_enemys_orders_is_known() {
        let mut seen = [0, 0];
        each_shipped_battle(|file, seed, mut game| {
            let mut player = RandomPlayer::new(seed);
            let mut giving: Option<(u32, Phase, SideId)> = None;
            while let Some(side) = game.acting_side() {
                if let Actor::Orders { side, phase } = game.actor() {
                    giving = Some((game.turn(), phase, side));
                }
                let now = (game.turn(), game.phase());
                let orders = matches!(now.1, Phase::Movement | Phase::Missile | Phase::Melee);
                let ordering = match giving {
                    Some((turn, phase, s)) if (turn, phase) == now => Some(s),
                    _ => first_side(&game).filter(|_| orders),
                };
                let expected = ordering == Some(side.other());
                assert_eq!(enemy_giving_orders(&game, side), expected, "{file} {seed}");
                if let Some(n) = seen.get_mut(usize::from(expected)) {
                    *n += 1;
                }
                let Some(command) = player.choose(&game) else {
                    break;
                };
                if let Err(e) = game.submit(command) {
                    panic!("{file} {seed}: {command:?} refused: {e}");
                }
            }
        });
        assert!(seen.iter().all(|n| *n > 0), "both cases arise: {seen:?}");
    }

    /// The side that orders first this turn (R3.1), from the log.
    fn first_side(game: &Game) -> Option<SideId> {
        game.log().iter().rev().find_map(|e| match e {
            crate::engine::Event::FirstSideChosen { side } => Some(*side),
            _ => None,
        })
    }
}

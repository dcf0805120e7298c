//! How far `hard` may trust its look-ahead's model of the enemy. A look-ahead has the enemy reply
//! as the planner or as the `advance` script would (R4–R9 played on a copy); each model is exact
//! against that player and wrong against anyone else. Before each decision `hard` plays the battle
//! again from its last decision: its own command, then a suspect's answer at every point where the
//! enemy acted, on the battle's own dice (any die a person forced with `F` forced again). The
//! suspects are the planner and the `advance` script, the two players `hard` can replay exactly (it
//! knows the planner's seed, aggressions and memory). A suspect whose replay gives the battle's log
//! as it is still fits; from the first time it does not, it is dropped. `hard` looks ahead with the
//! planner while it fits, then with the script while that fits, and with less trust in its
//! look-ahead once neither does (see `pick` in the parent module).
//!
//! The planner in the enemy's place remembers what a planner enemy does: the planner
//! remembers only through one side's Movement orders (R3.2: a side gives all its orders of
//! a phase in one go) and forgets at any die rolled. A first decision of `hard` in the
//! middle of the enemy's orders comes after dice: a withdrawal from damage (R8.1), since a
//! new charge target would need a charge `hard` declared before. So the enemy's orders
//! `hard` did not see, before its first decision, leave nothing behind that could tell the
//! two apart; every later one the planner in its place is asked too. The script remembers
//! nothing.

use crate::ai::{AdvancePlayer, ComputerPlayer, Player};
use crate::engine::{Command, Event, Game, SideId};

/// Commands of the enemy replayed between two decisions before the check gives up (a turn
/// takes far fewer).
const MAX_REPLAYED: usize = 20_000;

/// Who the enemy plays as, as far as the check has seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enemy {
    /// Every command the enemy gave was the planner's (`normal`).
    Planner,
    /// Not the planner's, but every one was the `advance` script's.
    Script,
    /// Neither: a person, `easy`, `random`, another `hard`, or the planner at another
    /// aggression.
    Unknown,
}

/// The check of the enemy against the suspects, kept from one decision to the next.
#[derive(Clone, Debug)]
pub struct ModelCheck {
    /// The battle as this player last decided in it, and the command it gave.
    last: Option<(Game, Command)>,
    /// The planner in the enemy's place, asked at the same points as the enemy was.
    shadow: ComputerPlayer,
    /// Whether every replay with the planner so far gave the battle's log.
    planner_like: bool,
    /// Whether every replay with the script so far gave the battle's log.
    script_like: bool,
}

impl ModelCheck {
    /// A check for a battle of `seed`, the planner taking each side's aggression (0–10).
    pub fn new(seed: u64, aggression: [u8; 2]) -> ModelCheck {
        ModelCheck {
            last: None,
            shadow: ComputerPlayer::new(seed, aggression),
            planner_like: true,
            script_like: true,
        }
    }

    /// Who the enemy has played as: the planner while it fits, else the script while that
    /// fits.
    pub fn enemy(&self) -> Enemy {
        match (self.planner_like, self.script_like) {
            (true, _) => Enemy::Planner,
            (false, true) => Enemy::Script,
            (false, false) => Enemy::Unknown,
        }
    }

    /// Brings the check up to `game`, where `side` (this player's) is to act. A replay that
    /// `up` cuts short (the time for it ran out), or that could not replay this player's
    /// own command (it was never given: an answer thrown away as stale, or another battle
    /// loaded), leaves the planner as it was but drops the script, whose look-ahead trusts
    /// it further.
    pub fn observe(&mut self, game: &Game, side: SideId, up: &dyn Fn() -> bool) {
        // `last` is kept only while a suspect still fits.
        let Some((before, given)) = self.last.take() else {
            return;
        };
        let (for_planner, for_script) = match (self.planner_like, self.script_like) {
            (true, true) => (Some(before.clone()), Some(before)),
            (true, false) => (Some(before), None),
            (false, _) => (None, Some(before)),
        };
        if let Some(copy) = for_planner {
            let replay = replays(copy, given, game, side, &mut self.shadow, up);
            self.planner_like = replay != Some(false);
        }
        if let Some(copy) = for_script {
            // The script is trusted only on replays that reached the battle: one cut short
            // leaves a stretch unchecked, and the planner may already have been dropped.
            let replay = replays(copy, given, game, side, &mut AdvancePlayer, up);
            self.script_like = replay == Some(true);
        }
    }

    /// Remembers the command this player gives in `game`.
    pub fn gave(&mut self, game: &Game, command: Command) {
        if self.enemy() != Enemy::Unknown {
            self.last = Some((game.clone(), command));
        }
    }
}

/// Whether `given` in `copy`, then `suspect`'s commands wherever the enemy acted, lead to
/// `game`'s log (the dice are the battle's own, so they roll alike); `None` when `up`
/// stopped it first, or when `given` itself did not lead there.
fn replays(
    copy: Game,
    given: Command,
    game: &Game,
    side: SideId,
    suspect: &mut dyn Player,
    up: &dyn Fn() -> bool,
) -> Option<bool> {
    let mut replay = Replay { copy, game };
    replay.force_dice()?;
    replay.follows(given).then_some(())?;
    for _ in 0..MAX_REPLAYED {
        replay.force_dice()?;
        if replay.copy.acting_side() != Some(side.other()) {
            return Some(replay.at_end());
        }
        if up() {
            return None;
        }
        let command = suspect.choose(&replay.copy)?;
        if !replay.follows(command) {
            return Some(false);
        }
    }
    None
}

/// A copy of the battle played along beside the battle's log.
struct Replay<'g> {
    copy: Game,
    game: &'g Game,
}

impl Replay<'_> {
    /// Whether `command` on the copy adds the events the battle's log has next.
    fn follows(&mut self, command: Command) -> bool {
        let seen = self.copy.log().len();
        match self.copy.submit(command) {
            Ok(added) => self.game.log().get(seen..seen + added.len()) == Some(added),
            Err(_) => false,
        }
    }

    /// Forces on the copy every die the battle's log shows forced next; `None` if the copy
    /// refuses one.
    fn force_dice(&mut self) -> Option<()> {
        while let Some(Event::DieForced { face }) = self.game.log().get(self.copy.log().len()) {
            self.follows(Command::ForceDie { face: *face })
                .then_some(())?;
        }
        Some(())
    }

    /// Whether the copy has caught up with the battle.
    fn at_end(&self) -> bool {
        self.copy.log().len() == self.game.log().len()
            && self.copy.dice_rolled() == self.game.dice_rolled()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::each_shipped_battle;

    /// The planner checked as `hard` checks its enemy (observing before each of its
    /// decisions, remembering each command), each replay stopped when `up` says so; it
    /// notes the log's length at its first decision (the check cannot see before).
    struct Checked<'u> {
        ours: ComputerPlayer,
        check: ModelCheck,
        up: &'u dyn Fn() -> bool,
        first: Option<usize>,
    }

    impl Player for Checked<'_> {
        fn choose(&mut self, game: &Game) -> Option<Command> {
            let side = game.acting_side()?;
            self.first = self.first.or(Some(game.log().len()));
            self.check.observe(game, side, self.up);
            let command = self.ours.choose(game)?;
            self.check.gave(game, command);
            Some(command)
        }
    }

    /// How a test battle is played besides the players: when each replay is cut short,
    /// and whether dice are forced.
    #[derive(Clone, Copy)]
    struct Play<'u> {
        up: &'u dyn Fn() -> bool,
        force: bool,
    }

    const PLAIN: Play = Play {
        up: &|| false,
        force: false,
    };

    /// Plays `game` out: side A by the planner, [`Checked`], side B by `enemy`. What the
    /// check says at the end, the battle's log, and its length at side A's first decision.
    fn checked(
        mut game: Game,
        seed: u64,
        mut enemy: impl Player,
        play: Play,
    ) -> (Enemy, Vec<Event>, usize) {
        let mut ours = Checked {
            ours: ComputerPlayer::new(seed, [5, 5]),
            check: ModelCheck::new(seed, [5, 5]),
            up: play.up,
            first: None,
        };
        super::super::tests::play(&mut game, &mut ours, &mut enemy, play.force);
        let first = ours.first.unwrap_or(usize::MAX);
        (ours.check.enemy(), game.log().to_vec(), first)
    }

    #[test]
    fn the_planner_as_the_enemy_is_found_to_play_as_the_planner() {
        each_shipped_battle(|file, seed, game| {
            let enemy = ComputerPlayer::new(seed, [5, 5]);
            let found = checked(game, seed, enemy, PLAIN).0;
            assert_eq!(found, Enemy::Planner, "{file} seed {seed}");
        });
    }

    #[test]
    fn the_script_is_found_to_play_as_the_script() {
        each_shipped_battle(|file, seed, game| {
            let found = checked(game, seed, AdvancePlayer, PLAIN).0;
            assert_eq!(found, Enemy::Script, "{file} seed {seed}");
        });
    }

    #[test]
    fn a_planner_of_another_temper_is_found_out() {
        let mut differed = 0;
        each_shipped_battle(|file, seed, game| {
            // A bolder planner may give the planner's every order after side A's first
            // decision: then there is nothing to find out.
            let planner = checked(game.clone(), seed, ComputerPlayer::new(seed, [5, 5]), PLAIN);
            let bold = ComputerPlayer::new(seed, [5, 10]);
            let (found, log, first) = checked(game, seed, bold, PLAIN);
            let same = log
                .iter()
                .zip(&planner.1)
                .take_while(|(a, b)| a == b)
                .count();
            if log != planner.1 && same >= first {
                differed += 1;
                assert_eq!(found, Enemy::Unknown, "{file} seed {seed}");
            }
        });
        assert!(
            differed >= 10,
            "the bolder planner played as the planner in most battles"
        );
    }

    #[test]
    fn dice_a_person_forced_are_forced_again_in_the_replay() {
        let forced = Play {
            force: true,
            ..PLAIN
        };
        each_shipped_battle(|file, seed, game| {
            let (like, log, _) = checked(
                game.clone(),
                seed,
                ComputerPlayer::new(seed, [5, 5]),
                forced,
            );
            assert!(log.iter().any(|e| matches!(e, Event::DieForced { .. })));
            assert_eq!(like, Enemy::Planner, "{file} seed {seed}");
            let script = checked(game, seed, AdvancePlayer, forced).0;
            assert_eq!(script, Enemy::Script, "{file} seed {seed}");
        });
    }

    /// Plays as the script for its first `n` commands, then as the planner.
    struct Turncoat {
        n: usize,
        planner: ComputerPlayer,
    }

    impl Player for Turncoat {
        fn choose(&mut self, game: &Game) -> Option<Command> {
            let script = self.n > 0;
            self.n = self.n.saturating_sub(1);
            if script {
                AdvancePlayer.choose(game)
            } else {
                self.planner.choose(game)
            }
        }
    }

    #[test]
    fn an_enemy_that_leaves_the_script_is_found_out() {
        // After its tenth command the turncoat may still give the script's orders for a
        // while (ending its orders, say), so most battles, not all, find it out.
        let mut left = 0;
        each_shipped_battle(|_, seed, game| {
            let planner = ComputerPlayer::new(seed, [5, 5]);
            let found = checked(game, seed, Turncoat { n: 10, planner }, PLAIN).0;
            left += usize::from(found == Enemy::Unknown);
        });
        assert!(
            left >= 15,
            "the turncoat was found out in {left} of 20 battles"
        );
    }

    /// A replay of the script cut short leaves a stretch unchecked: the script is dropped,
    /// even where the planner was dropped before (else a person could pass for the script).
    #[test]
    fn a_script_replay_cut_short_drops_the_script() {
        let calls = std::cell::Cell::new(0);
        let later = || {
            calls.set(calls.get() + 1);
            calls.get() > 3
        };
        let cut = Play {
            up: &later,
            ..PLAIN
        };
        each_shipped_battle(|file, seed, game| {
            calls.set(0);
            let found = checked(game, seed, AdvancePlayer, cut).0;
            assert_ne!(found, Enemy::Script, "{file} {seed}");
        });
    }

    #[test]
    fn a_replay_cut_short_by_the_clock_finds_nothing_out() {
        let cut = Play {
            up: &|| true,
            ..PLAIN
        };
        each_shipped_battle(|file, seed, game| {
            let found = checked(game, seed, AdvancePlayer, cut).0;
            assert_eq!(found, Enemy::Planner, "{file} {seed}");
        });
    }
}

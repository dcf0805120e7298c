//! Issue 13: the computer's levels. `hard` with an iteration budget gives the same orders
//! for the same seed, against the planner and against the script (its look-ahead to the
//! end of the battle); a cancelled search gives the planner's own orders at once; `easy`
//! plays legal orders; levels come from the scenario, `--level` and `volley sim`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

mod common;

use common::{kircholm, volley};
use std::sync::atomic::Ordering;
use volley::ai::level::{self, Budget, Level};
use volley::ai::{AdvancePlayer, ComputerPlayer, Player};
use volley::engine::{Dice, Game};
use volley::scenario::Scenario;

/// A whole battle of `players` (side A, side B) on dice seeded `seed`; its log.
fn battle(mut players: [Box<dyn Player + Send>; 2], seed: u64) -> Game {
    let mut game = Game::new(kircholm().setup, Dice::seeded(seed)).unwrap();
    while let Some(side) = game.acting_side() {
        let command = side.of_mut(&mut players).choose(&game).unwrap();
        game.submit(command).unwrap();
    }
    assert!(game.outcome().is_some());
    game
}

fn at(level: Level, seed: u64, iterations: u32) -> Box<dyn Player + Send> {
    level::player(level, seed, [5, 5], Budget::iterations(iterations))
}

#[test]
fn hard_with_an_iteration_budget_gives_the_same_orders_for_the_same_seed() {
    let one = battle([at(Level::Hard, 7, 6), at(Level::Normal, 7, 6)], 7);
    let two = battle([at(Level::Hard, 7, 6), at(Level::Normal, 7, 6)], 7);
    assert_eq!(one.log(), two.log());
    let normal = battle([at(Level::Normal, 7, 6), at(Level::Normal, 7, 6)], 7);
    assert_ne!(one.log(), normal.log(), "looking ahead changed nothing");
}

/// Against the `advance` script `hard` looks ahead to the end of the battle, the enemy
/// played as the script: the same seed still gives the same orders. (That they are not
/// the planner's shows only that `hard` looked ahead; which look-ahead it used is tested
/// in `src/ai/hard`.)
#[test]
fn hard_against_the_script_gives_the_same_orders_for_the_same_seed() {
    let script = || -> Box<dyn Player + Send> { Box::new(AdvancePlayer) };
    let one = battle([at(Level::Hard, 5, 6), script()], 5);
    let two = battle([at(Level::Hard, 5, 6), script()], 5);
    assert_eq!(one.log(), two.log());
    let normal = battle([at(Level::Normal, 5, 6), script()], 5);
    assert_ne!(one.log(), normal.log(), "looking ahead changed nothing");
}

#[test]
fn a_cancelled_search_gives_the_planners_own_orders() {
    let budget = Budget::iterations(1_000_000);
    budget.cancel.store(true, Ordering::Relaxed);
    let hard = level::player(Level::Hard, 3, [5, 5], budget);
    let cancelled = battle([hard, at(Level::Normal, 3, 1)], 3);
    let normal = battle([at(Level::Normal, 3, 1), at(Level::Normal, 3, 1)], 3);
    assert_eq!(cancelled.log(), normal.log());
}

#[test]
fn easy_plays_legal_orders_and_its_whims_are_seeded() {
    let mut plain = ComputerPlayer::new(2, [5, 5]);
    let game = battle([at(Level::Easy, 2, 1), at(Level::Normal, 2, 1)], 2);
    let again = battle([at(Level::Easy, 2, 1), at(Level::Normal, 2, 1)], 2);
    assert_eq!(game.log(), again.log());
    let normal = battle([Box::new(plain.clone()), at(Level::Normal, 2, 1)], 2);
    assert_ne!(game.log(), normal.log(), "easy played exactly as normal");
    assert!(plain.choose(&game).is_none(), "the battle is over");
}

#[test]
fn levels_parse_cycle_and_come_from_the_scenario() {
    assert_eq!("HARD".parse::<Level>(), Ok(Level::Hard));
    assert!("expert"
        .parse::<Level>()
        .unwrap_err()
        .to_string()
        .contains("use easy, normal or hard"));
    assert_eq!(Level::Easy.next().next().next(), Level::Easy);
    let text = std::fs::read_to_string("scenarios/tutorial.ron").unwrap();
    let text = text.replace(
        "player: Computer, aggression: 6)",
        "player: Computer, aggression: 6, level: hard)",
    );
    let s = Scenario::parse(&text, "t.ron").unwrap();
    assert_eq!(
        [s.sides[0].level, s.sides[1].level],
        [Level::Normal, Level::Hard]
    );
    let app = volley::tui::App::new(s, 1, [volley::scenario::Controller::Human; 2]).unwrap();
    assert_eq!(app.levels(), [Level::Normal, Level::Hard]);
}

#[test]
fn the_cli_takes_levels_for_play_and_sim_and_refuses_unknown_ones() {
    let bad = volley(&["play", "scenarios/kircholm.ron", "--level", "Sweden=expert"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown level `expert`"));
    let side = volley(&["play", "scenarios/kircholm.ron", "--level", "Muscovy=hard"]);
    assert!(String::from_utf8_lossy(&side.stderr).contains("no side called `Muscovy`"));
    let sim = volley(&[
        "sim",
        "scenarios/tutorial.ron",
        "--games",
        "2",
        "--side-a",
        "hard",
        "--side-b",
        "easy",
        "--iterations",
        "3",
    ]);
    assert!(
        sim.status.success(),
        "{}",
        String::from_utf8_lossy(&sim.stderr)
    );
    let text = String::from_utf8_lossy(&sim.stdout);
    assert!(
        text.contains("hard as Red against easy as Blue: 1 game"),
        "{text}"
    );
}

/// Player kinds are one list: every kind's name parses back to it, the computer's levels
/// are the scenario's levels, and an unknown name is refused with the whole list.
#[test]
fn player_kinds_are_one_list_with_the_levels_first() {
    use volley::ai::PlayerKind;
    for kind in PlayerKind::ALL {
        assert_eq!(kind.name().parse::<PlayerKind>(), Ok(kind));
        assert_eq!(kind.to_string(), kind.name());
    }
    let levels: Vec<PlayerKind> = Level::ALL.into_iter().map(PlayerKind::from).collect();
    assert_eq!(levels, PlayerKind::ALL[..3].to_vec());
    for level in Level::ALL {
        assert_eq!(PlayerKind::from(level).level(), Some(level));
        assert_eq!(PlayerKind::from(level).name(), level.name());
    }
    assert_eq!("computer".parse::<PlayerKind>(), Ok(PlayerKind::Normal));
    assert_eq!(PlayerKind::Hold.level(), None);
    assert_eq!(
        "expert".parse::<PlayerKind>().unwrap_err().to_string(),
        "unknown player `expert`: use easy, normal (or computer), hard, random, advance, hold, sitter or stranger"
    );
}

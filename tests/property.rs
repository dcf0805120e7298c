//! Property test: 1,000 seeded battles of random legal orders on generated maps. After every
//! command the invariants of R1.3, R2.7, R6.4 and R3 hold, and no battle panics.

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

use common::*;
use proptest::prelude::*;
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use volley::ai::{Player, RandomPlayer};
use volley::engine::types::{FirearmKind, Formation, Lock, SideId, Status};
use volley::engine::{BattleSetup, Dice, Event, Game, Map, Phase, Terrain, TroopType, UnitSetup};

fn menu() -> Vec<(TroopType, u32)> {
    let mut constructs = shot(Formation::DF, Lock::Flintlock, FirearmKind::Arquebus);
    constructs.fearless = true;
    let mut pistols = troop(Formation::LC);
    pistols.missile = Some(volley::engine::types::MissileWeapon::Firearm {
        lock: Lock::Wheellock,
        kind: FirearmKind::Pistol,
    });
    vec![
        (pikemen(), 120),
        (musketeers(), 120),
        (
            shot(Formation::SF, Lock::Flintlock, FirearmKind::RifledMusket),
            60,
        ),
        (
            shot(Formation::UF, Lock::Matchlock, FirearmKind::Arquebus),
            120,
        ),
        (archers(), 120),
        (lancers(), 60),
        (pistols, 60),
        (troop(Formation::IF), 120),
        (constructs, 60),
    ]
}

fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    (rng.next_u64() % u64::from(n)) as u32
}

fn terrain(rng: &mut ChaCha8Rng) -> Terrain {
    match below(rng, 20) {
        0..=10 => Terrain::Clear,
        11 => Terrain::Rough,
        12 | 13 => Terrain::Woods,
        14 | 15 => Terrain::Hill,
        16 => Terrain::Village,
        17 => Terrain::Ford,
        _ => Terrain::Water,
    }
}

/// A random field and two small armies facing each other from their edges.
fn battle(seed: u64) -> BattleSetup {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (w, h) = (6 + below(&mut rng, 7), 6 + below(&mut rng, 7));
    let rows = (0..h)
        .map(|_| (0..w).map(|_| terrain(&mut rng)).collect())
        .collect();
    let map = Map::from_rows(rows).expect("generated map");
    let menu = menu();
    let mut units: Vec<UnitSetup> = Vec::new();
    let mid = h / 2;
    for (side, rows) in [
        (SideId::A, [mid + 1, mid + 2]),
        (SideId::B, [mid - 2, mid - 1]),
    ] {
        let count = 2 + below(&mut rng, 4);
        for _ in 0..count {
            let (troop, n) = menu[below(&mut rng, menu.len() as u32) as usize].clone();
            let hex = at(
                below(&mut rng, w) as i32,
                rows[below(&mut rng, 2) as usize] as i32,
            );
            let free =
                map.terrain(hex) != Some(Terrain::Water) && units.iter().all(|u| u.pos != hex);
            if free {
                units.push(UnitSetup {
                    pos: hex,
                    ..unit(side, troop, n, 0, 0)
                });
            }
        }
    }
    for side in [SideId::A, SideId::B] {
        if !units.iter().any(|u| u.side == side) {
            let row = if side == SideId::A { h as i32 - 1 } else { 0 };
            let mut u = unit(side, pikemen(), 120, 0, row);
            u.pos = at(
                (0..w as i32)
                    .find(|c| map.terrain(at(*c, row)) != Some(Terrain::Water))
                    .unwrap_or(0),
                row,
            );
            units.retain(|o| o.pos != u.pos);
            units.push(u);
        }
    }
    let mut s = setup(units);
    s.map = map;
    s.turn_limit = Some(3 + below(&mut rng, 6));
    s
}

fn check_invariants(
    game: &Game,
    before_out: &BTreeSet<u16>,
    events: &[Event],
    last_phase: &mut Phase,
) {
    let mut seen = BTreeSet::new();
    for u in game.units().iter().filter(|u| u.on_map()) {
        assert!(
            seen.insert((u.pos.x, u.pos.y)),
            "two units in one hex (R1.3)"
        );
        assert!(u.uhp > 0 && u.uhp <= u.profile.uhp, "uhp out of range");
        assert!(
            u.reload_tokens <= u.profile.reload_tokens.max(1) * 2,
            "reload tokens run away"
        );
        assert!(game.map().contains(u.pos), "unit off the map");
    }
    for e in events {
        match e {
            Event::AttackRolled { attacker, .. } => {
                assert!(
                    !before_out.contains(&attacker.0),
                    "a fleeing or routed unit attacked"
                );
            }
            Event::PhaseBegan { phase } => {
                let expected = match last_phase {
                    Phase::Initiative => Phase::Movement,
                    Phase::Movement => Phase::Missile,
                    Phase::Missile => Phase::Melee,
                    Phase::Melee => Phase::Morale,
                    Phase::Morale => Phase::Initiative,
                };
                assert_eq!(*phase, expected, "phase order (R3)");
                *last_phase = *phase;
            }
            Event::TurnBegan { .. } => {
                assert!(
                    matches!(last_phase, Phase::Morale | Phase::Initiative),
                    "turn began mid-turn"
                );
                *last_phase = Phase::Initiative;
            }
            _ => {}
        }
    }
}

/// Plays one battle to its end; returns the commands and the events.
fn play(seed: u64, check: bool) -> (Vec<volley::engine::Command>, Vec<Event>) {
    let mut game = Game::new(battle(seed), Dice::seeded(seed)).expect("generated battle is valid");
    let mut player = RandomPlayer::new(seed ^ 0x5eed);
    let mut commands = Vec::new();
    let mut phase = Phase::Initiative;
    for _ in 0..20_000 {
        let Some(command) = player.choose(&game) else {
            break;
        };
        let out: BTreeSet<u16> = game
            .units()
            .iter()
            .filter(|u| !u.on_map() || u.status == Status::Fleeing)
            .map(|u| u.id.0)
            .collect();
        let events = game
            .submit(command)
            .expect("a legal command is accepted")
            .to_vec();
        commands.push(command);
        if check {
            check_invariants(&game, &out, &events, &mut phase);
        }
    }
    assert!(game.outcome().is_some(), "battle {seed} did not end");
    (commands, game.log().to_vec())
}

/// Where a failing seed is saved and replayed first on the next run (issue 27). proptest's
/// default `SourceParallel` looks for `lib.rs` beside the test file, finds none under
/// `tests/`, and warns; cargo runs a test in the package root, so this file is the
/// default's `proptest-regressions/` folder, to be committed when it holds a case.
const REGRESSIONS: &str = "proptest-regressions/property.txt";

/// 1,000 cases, each failure kept in `REGRESSIONS` so it is tried again before new ones.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 1000,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct(REGRESSIONS),
        )),
        ..ProptestConfig::default()
    }
}

/// Issue 27: a found case is persisted to a file in the repository, not forgotten.
#[test]
fn a_failing_case_is_kept_in_the_repository_to_be_replayed() {
    let kept = format!("{:?}", config().failure_persistence);
    assert_eq!(kept, format!("Some(Direct({REGRESSIONS:?}))"));
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_legal_battles_keep_the_invariants(seed in any::<u64>()) {
        play(seed, true);
    }
}

#[test]
fn replaying_the_command_list_from_the_same_seed_gives_the_same_events() {
    for seed in [1, 2, 3] {
        let (commands, events) = play(seed, false);
        let mut again = Game::new(battle(seed), Dice::seeded(seed)).expect("valid");
        for c in commands {
            again.submit(c).expect("replayed command is accepted");
        }
        assert_eq!(again.log(), events.as_slice());
    }
}

#[test]
fn a_different_seed_gives_a_different_battle() {
    assert_ne!(play(1, false).1, play(99, false).1);
}

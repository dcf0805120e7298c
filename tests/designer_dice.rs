//! Issue 12: forced dice for setting up a situation. `Command::ForceDie` makes the next die
//! show a face before the seeded stream goes on; it is a command, so a save replays it and
//! the battle comes out the same.

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
use volley::ai::{Player, RandomPlayer};
use volley::engine::error::RuleError;
use volley::engine::event::Event;
use volley::engine::{Actor, Command, Dice, Game, Order};
use volley::save::SaveFile;
use volley::scenario::Controller;

/// Kircholm with random orders until some unit may fire or attack; that order.
fn until_an_attack(seed: u64) -> (Game, Vec<Command>, Command) {
    let mut game = Game::new(kircholm().setup, Dice::seeded(seed)).unwrap();
    let mut player = RandomPlayer::new(seed);
    let mut given = Vec::new();
    loop {
        let attack = game.legal_commands().into_iter().find(|c| {
            matches!(
                c,
                Command::Order(Order::Fire { .. }) | Command::Order(Order::Attack { .. })
            )
        });
        if let Some(a) = attack {
            return (game, given, a);
        }
        let c = player.choose(&game).unwrap();
        game.submit(c).unwrap();
        given.push(c);
    }
}

#[test]
fn forced_faces_are_the_next_dice_rolled_and_the_seeded_stream_goes_on() {
    let (mut game, _, attack) = until_an_attack(3);
    let mut plain = game.clone();
    for face in [20, 1, 20] {
        game.submit(Command::ForceDie { face }).unwrap();
    }
    let events = game.submit(attack).unwrap().to_vec();
    let Some(Event::AttackRolled { throws, .. }) = events
        .iter()
        .find(|e| matches!(e, Event::AttackRolled { .. }))
    else {
        panic!("no attack rolled: {events:?}");
    };
    let faces: Vec<u32> = throws.iter().map(|t| t.face).collect();
    assert_eq!(
        faces[..3.min(faces.len())],
        [20, 1, 20][..3.min(faces.len())]
    );
    assert!(throws[0].hit, "a natural 20 hits (R5.1)");
    // Without the forced faces the same attack rolls the seeded stream.
    let unforced = plain.submit(attack).unwrap().to_vec();
    assert_ne!(events, unforced);
}

#[test]
fn a_face_outside_1_to_20_is_refused_and_forcing_is_allowed_while_a_decision_waits() {
    let mut game = Game::new(kircholm().setup, Dice::seeded(1)).unwrap();
    assert_eq!(
        game.submit(Command::ForceDie { face: 0 }).unwrap_err(),
        RuleError::BadForcedFace(0)
    );
    assert!(game.submit(Command::ForceDie { face: 21 }).is_err());
    assert!(
        matches!(game.actor(), Actor::Decide(_)),
        "turn 1: who goes first"
    );
    assert_eq!(
        game.submit(Command::ForceDie { face: 6 }).unwrap(),
        [Event::DieForced { face: 6 }]
    );
}

#[test]
fn a_save_with_forced_dice_replays_to_the_same_battle() {
    let (mut game, mut given, attack) = until_an_attack(8);
    for c in [
        Command::ForceDie { face: 19 },
        Command::ForceDie { face: 2 },
        attack,
    ] {
        game.submit(c).unwrap();
        given.push(c);
    }
    let save = SaveFile::of(&kircholm(), 8, [Controller::Human; 2], &given, &game);
    let text = save.to_text().unwrap();
    assert!(
        text.contains("ForceDie(face: 19),"),
        "saved as a command: {text}"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("forced.ron");
    std::fs::write(&path, text).unwrap();
    let resumed = volley::save::resume(&path).unwrap();
    assert_eq!(resumed.game.log(), game.log());
}

#[test]
fn the_dice_option_refuses_faces_outside_1_to_20() {
    let out = volley(&["play", "scenarios/tutorial.ron", "--dice", "6,21"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("21 is not in 1..=20"));
}

/// The first initiative roll of a battle: each attempt's faces and the winner.
fn first_initiative(game: &Game) -> (Vec<(u32, u32)>, volley::engine::SideId) {
    game.log()
        .iter()
        .find_map(|e| match e {
            Event::InitiativeRolled { faces, winner } => Some((faces.clone(), *winner)),
            _ => None,
        })
        .unwrap()
}

/// Issue 28 (R3.1): `volley play --dice 6,1 FILE` forces turn 1's initiative, as `Dice`
/// before a scenario test's first step does: the faces are forced before the battle opens
/// (it rolls turn 1's initiative as it opens), and a save keeps them, so that resuming,
/// undo and hot reload replay the same battle.
#[test]
fn r3_1_the_dice_option_forces_turn_1s_initiative_and_the_save_keeps_it() {
    use volley::engine::SideId;
    use volley::tui::App;
    let hotseat = [Controller::Human; 2];
    for (faces, winner) in [([6, 1], SideId::A), ([1, 6], SideId::B)] {
        let app = App::with_opening_dice(kircholm(), 5, hotseat, &faces).unwrap();
        assert_eq!(
            first_initiative(app.game()),
            (vec![(faces[0], faces[1])], winner)
        );
        let dir = tempfile::tempdir().unwrap();
        let mut app = app;
        app.save_in(dir.path().to_path_buf());
        app.save_as(dir.path().join("opened.ron").to_str().unwrap());
        let resumed = volley::save::resume(&dir.path().join("opened.ron")).unwrap();
        assert_eq!(resumed.game.log(), app.game().log(), "{}", app.message());
        let back = App::resumed(resumed);
        assert_eq!(back.game().log(), app.game().log());
    }
}

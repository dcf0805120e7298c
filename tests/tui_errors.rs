//! The terminal game's errors are typed (issue 27): a command refused on replay names its
//! place and carries the engine's refusal (R3.2), the computer's refused order carries the
//! order, and `volley show`'s too narrow width carries the map's width and the width needed.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use volley::engine::{Command, Dice, Game, Order, UnitId};
use volley::tui::error::{ComputerError, GameError};
use volley::tui::App;

mod screen;
use screen::*;

#[test]
fn r3_2_a_command_refused_on_replay_is_named_by_its_place_with_the_engines_refusal() {
    let stray = Command::Order(Order::StandFast { unit: UnitId(99) });
    let game = Game::new(tutorial().setup, Dice::seeded(7)).unwrap();
    let refusal = game.check_command(&stray).unwrap_err();
    let Err(error) = App::replayed(tutorial(), 7, &[stray], HOTSEAT) else {
        panic!("a command for no unit replays");
    };
    assert!(
        matches!(&error, GameError::RefusedOnReplay { number: 1, reason } if *reason == refusal),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        format!("command 1 is refused on replay: {refusal}")
    );
}

#[test]
fn r3_2_the_computers_refused_order_is_carried_with_the_labelled_reason() {
    let mut app = hotseat();
    // Red picks first; an order for a Blue unit is not Red's to give.
    press(&mut app, "1");
    let blue = unit_id(&app, "Blue pike");
    let order = Command::Order(Order::StandFast { unit: blue });
    let error = volley::tui::thinker::apply(&mut app, Some(order)).unwrap_err();
    let ComputerError::Refused { command, reason } = &error else {
        panic!("{error:?}");
    };
    assert_eq!(*command, order);
    assert_eq!(*reason, app.message());
    assert!(reason.starts_with("\"Blue pike\" at (6, 1) "), "{reason}");
}

#[test]
fn show_refuses_a_width_too_narrow_with_the_maps_width_and_the_width_needed() {
    let error = volley::tui::show::show(tutorial(), 10).unwrap_err();
    assert!(
        matches!(error, GameError::TooNarrow { need, .. } if need > 10),
        "{error:?}"
    );
}

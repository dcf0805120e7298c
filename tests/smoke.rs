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
use volley::engine::types::{Formation, SideId};
use volley::engine::Order;
use volley::engine::{Command, Phase};

#[test]
fn a_turn_runs_through_every_phase() {
    let mut g = game(
        vec![
            unit(SideId::A, pikemen(), 120, 3, 8),
            unit(SideId::B, troop(Formation::FF), 120, 3, 2),
        ],
        // Initiative 6 v 1 in turn 1 and again in turn 2.
        &[6, 1, 6, 1],
    );
    to_phase(&mut g, Phase::Melee);
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(g.turn(), 2);
    assert_eq!(g.phase(), Phase::Initiative);
}

mod common;
use common::*;
use volley::engine::types::{Formation, SideId};
use volley::engine::{Command, Phase};

#[test]
fn a_turn_runs_through_every_phase() {
    let mut g = game(
        vec![
            unit(SideId::A, pikemen(), 120, 3, 8),
            unit(SideId::B, troop(Formation::FF), 120, 3, 2),
        ],
        &[6, 1],
    );
    to_phase(&mut g, Phase::Melee);
    ok(&mut g, Command::EndOrders);
    ok(&mut g, Command::EndOrders);
    assert_eq!(g.turn(), 2);
    assert_eq!(g.phase(), Phase::Initiative);
}

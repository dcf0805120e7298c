//! Issue 28: groups' standing orders for the computer (R12.7's computer orders) are kept at
//! every level that builds on the planner (`easy`, `normal`, `hard`): `Hold` a hex or an
//! objective, `Guard` hexes, `AdvanceFrom` a turn, `Free`; an enemy within an order's
//! distance releases it (logged, so replays are exact); the human is never restricted.
//! Each test sets a small position where the free computer would do otherwise. Also the
//! computer's judgement of field works (R12.5: horse may not charge foot in them) and roads
//! (R12.6: it marches along them when that is faster).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

mod common;

use common::*;
use hexx::Hex;
use volley::ai::level::{self, Budget, Level};
use volley::engine::event::Event;
use volley::engine::game::Objective;
use volley::engine::types::{Formation, SideId};
use volley::engine::{
    Actor, BattleSetup, Command, Game, Order, OrderEntry, Phase, ReleaseReason, StandingOrder,
    UnitSetup,
};

const A: SideId = SideId::A;
const B: SideId = SideId::B;
const LEVELS: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

/// A setup whose units `units` (by index) are under `order`, released within `within`.
fn ordered(
    units: Vec<UnitSetup>,
    under: &[u16],
    order: StandingOrder,
    within: Option<u32>,
) -> BattleSetup {
    let mut s = setup(units);
    s.orders = vec![OrderEntry {
        units: under.iter().map(|n| id(*n)).collect(),
        order,
        release_within: within,
    }];
    s
}

/// The game at side A's Movement orders of turn 1 (A first).
fn at_movement(s: BattleSetup) -> Game {
    let faces: Vec<u32> = [6, 1].into_iter().chain([4; 40]).collect();
    let mut g = game_with(s, &faces);
    to_phase(&mut g, Phase::Movement);
    g
}

/// Lets the computer at `level` (seed `seed`) give side A's orders of this phase.
fn play_a_phase(game: &mut Game, level: Level, seed: u64) {
    let mut computer = level::player(level, seed, [5, 5], Budget::iterations(24));
    let phase = game.phase();
    while matches!(game.actor(), Actor::Orders { side: A, phase: p } if p == phase) {
        let c = computer.choose(game).expect("an order");
        ok(game, c);
    }
}

/// Where unit `n` stands.
fn pos(g: &Game, n: u16) -> Hex {
    g.unit(id(n)).map(|u| u.pos).expect("the unit")
}

/// The horse of `ai_judgement`'s first test, which charges the unsecured shot when free.
fn horse_and_shot() -> Vec<UnitSetup> {
    vec![
        unit(A, lancers(), 60, 5, 8),
        unit(B, musketeers(), 120, 5, 4),
        unit(B, pikemen(), 120, 9, 1),
    ]
}

/// Issue 28: the free horse charges the unsecured shot (so the position tempts it), and at
/// every level, under `Hold` of its own hex, it stays on it (seeds 1 to 4 for `easy`'s whims).
#[test]
fn a_hold_order_keeps_horse_on_its_hex_though_a_charge_tempts_it() {
    let free = at_movement(setup(horse_and_shot()));
    let mut computer = level::player(Level::Normal, 1, [5, 5], Budget::iterations(24));
    assert!(matches!(
        computer.choose(&free),
        Some(Command::Order(Order::Charge { .. }))
    ));
    for level in LEVELS {
        for seed in 1..=4 {
            let held = StandingOrder::Hold { hex: at(5, 8) };
            let mut g = at_movement(ordered(horse_and_shot(), &[0], held, None));
            play_a_phase(&mut g, level, seed);
            assert_eq!(pos(&g, 0), at(5, 8), "{level:?} seed {seed}");
            assert!(g
                .log()
                .iter()
                .all(|e| !matches!(e, Event::ChargeDeclared { .. })));
        }
    }
}

/// Issue 28: a unit ordered to hold a hex away from it goes there by the shortest way,
/// though the enemy lies the other way (the free unit would drift towards the enemy).
#[test]
fn a_hold_order_brings_a_unit_back_to_its_hex() {
    let units = || {
        vec![
            unit(A, troop(Formation::LC), 60, 5, 5),
            unit(B, pikemen(), 120, 5, 0),
        ]
    };
    for level in LEVELS {
        let mut free = at_movement(setup(units()));
        play_a_phase(&mut free, level, 1);
        assert!(pos(&free, 0).unsigned_distance_to(at(5, 9)) > 1);
        let held = StandingOrder::Hold { hex: at(5, 9) };
        let mut g = at_movement(ordered(units(), &[0], held, None));
        play_a_phase(&mut g, level, 1);
        assert_eq!(pos(&g, 0), at(5, 9), "{level:?}");
    }
}

/// Issue 28, R12.4: `Hold` of an objective keeps the unit on the objective's hex.
#[test]
fn a_hold_objective_order_takes_the_unit_to_the_objective() {
    for level in LEVELS {
        let mut s = ordered(
            vec![
                unit(A, troop(Formation::LC), 60, 5, 5),
                unit(B, pikemen(), 120, 5, 0),
            ],
            &[0],
            StandingOrder::HoldObjective { objective: 0 },
            None,
        );
        s.objectives = vec![Objective {
            name: "the bridge".into(),
            hex: at(5, 9),
            value: 1,
            owner: None,
        }];
        let mut g = at_movement(s);
        play_a_phase(&mut g, level, 1);
        assert_eq!(pos(&g, 0), at(5, 9), "{level:?}");
    }
}

/// Issue 28: under `Guard` the horse keeps to its hexes: it may move within them, never
/// charge out of them at the tempting shot.
#[test]
fn a_guard_order_keeps_horse_within_its_hexes() {
    let hexes = vec![at(5, 8), at(4, 8), at(6, 8)];
    for level in LEVELS {
        for seed in 1..=4 {
            let guard = StandingOrder::Guard {
                hexes: hexes.clone(),
            };
            let mut g = at_movement(ordered(horse_and_shot(), &[0], guard, None));
            play_a_phase(&mut g, level, seed);
            assert!(hexes.contains(&pos(&g, 0)), "{level:?} seed {seed}");
        }
    }
}

/// Issue 28: under `AdvanceFrom(turn: 2)` the horse stands fast on turn 1 (the free horse
/// charges), and is free on turn 2.
#[test]
fn an_advance_from_order_holds_its_ground_until_its_turn() {
    for level in LEVELS {
        let order = StandingOrder::AdvanceFrom { turn: 2 };
        let mut g = at_movement(ordered(horse_and_shot(), &[0], order, None));
        play_a_phase(&mut g, level, 1);
        assert_eq!(pos(&g, 0), at(5, 8), "{level:?}");
        assert!(volley::ai::obey::Leash::of(&g, id(0)) == volley::ai::obey::Leash::Stand);
    }
    let mut g = game_with(
        ordered(
            horse_and_shot(),
            &[0],
            StandingOrder::AdvanceFrom { turn: 2 },
            None,
        ),
        &[6, 1, 6, 1],
    );
    to_phase(&mut g, Phase::Movement);
    while g.turn() < 2 {
        ok(&mut g, Command::Order(Order::EndOrders));
        if let Actor::Decide(_) = g.actor() {
            ok(
                &mut g,
                Command::Answer(volley::engine::Answer::ChooseFirst { first: true }),
            );
        }
    }
    assert_eq!(
        volley::ai::obey::Leash::of(&g, id(0)),
        volley::ai::obey::Leash::Free
    );
}

/// Issue 28: the human player is never restricted: the engine takes any legal order for
/// a unit under a standing order.
#[test]
fn the_human_may_move_a_unit_under_orders() {
    let held = StandingOrder::Hold { hex: at(5, 8) };
    let mut g = game_with(
        ordered(horse_and_shot(), &[0], held, None),
        &[6, 1, 6, 6, 6, 6],
    );
    to_phase(&mut g, Phase::Movement);
    let charge = g
        .unit_orders(id(0))
        .iter()
        .copied()
        .find(|c| matches!(c, Command::Order(Order::Charge { .. })))
        .expect("the horse may charge");
    ok(&mut g, charge);
    assert_ne!(pos(&g, 0), at(5, 8));
}

/// Issue 28: a held unit still fires from its hex (orders narrow moves only).
#[test]
fn a_holding_unit_still_fires_from_its_hex() {
    for level in LEVELS {
        let units = vec![
            unit(A, musketeers(), 120, 5, 8),
            unit(B, pikemen(), 120, 5, 5),
        ];
        let held = StandingOrder::Hold { hex: at(5, 8) };
        let mut g = game_with(
            ordered(units, &[0], held, None),
            &[6, 1, 10, 10, 10, 10, 10, 10],
        );
        to_phase(&mut g, Phase::Missile);
        play_a_phase(&mut g, level, 1);
        assert!(
            g.log()
                .iter()
                .any(|e| matches!(e, Event::AttackDeclared { unit, .. } if *unit == id(0))),
            "{level:?}"
        );
    }
}

/// The two horse units (0, 1) hold their hexes, released within 2; the enemy pike marches
/// from (5, 3) to (5, 5), 2 hexes from unit 1 at (5, 7).
fn released_game() -> Game {
    let units = vec![
        unit(A, lancers(), 60, 2, 9),
        unit(A, lancers(), 60, 5, 7),
        unit(B, pikemen(), 120, 5, 3),
    ];
    let held = StandingOrder::Hold { hex: at(5, 7) };
    let mut s = ordered(units, &[0, 1], held, Some(2));
    s.orders[0].units = vec![id(0), id(1)];
    let mut g = game_with(s, &[6, 1]);
    to_phase(&mut g, Phase::Movement);
    ok(&mut g, Command::Order(Order::EndOrders));
    g
}

/// Issue 28: an enemy coming within the order's distance of one of its units releases all
/// of them at the end of the phase, logged as `OrdersReleased` naming the enemy and unit.
#[test]
fn an_enemy_within_the_distance_releases_the_whole_order_at_the_phase_end() {
    let mut g = released_game();
    assert_eq!(g.release_within(id(1)), Some(2));
    ok(
        &mut g,
        Command::Order(Order::March {
            unit: id(2),
            to: at(5, 4),
        }),
    );
    // Three hexes away: still held; the end of the phase checks.
    let events = ok(&mut g, Command::Order(Order::EndOrders));
    assert!(events
        .iter()
        .all(|e| !matches!(e, Event::OrdersReleased { .. })));
    assert_eq!(
        g.standing_order(id(0)),
        &StandingOrder::Hold { hex: at(5, 7) }
    );
    let mut g = released_game();
    ok(
        &mut g,
        Command::Order(Order::March {
            unit: id(2),
            to: at(5, 5),
        }),
    );
    assert_eq!(
        g.standing_order(id(1)),
        &StandingOrder::Hold { hex: at(5, 7) }
    );
    let events = ok(&mut g, Command::Order(Order::EndOrders));
    let released = Event::OrdersReleased {
        units: vec![id(0), id(1)],
        reason: ReleaseReason::EnemyNear {
            enemy: id(2),
            unit: id(1),
            within: 2,
        },
    };
    assert_eq!(events.first(), Some(&released));
    assert_eq!(g.standing_order(id(0)), &StandingOrder::Free);
    assert_eq!(g.release_within(id(0)), None);
    assert_eq!(
        volley::ai::obey::Leash::of(&g, id(1)),
        volley::ai::obey::Leash::Free
    );
    let line = volley::tui::describe::describe(&g, &released);
    assert_eq!(
        line,
        ["FF test troop 503 came within 2 hexes of HC test troop 507: HC test troop 209 and HC test troop 507 are free of their orders."]
    );
}

// ------------------------------------------- field works and roads (R12.5, R12.6)

/// A clear field with field works at `works` and roads through `roads`.
fn ground(units: Vec<UnitSetup>, works: &[(i32, i32)], roads: &[(i32, i32)]) -> BattleSetup {
    let mut s = setup(units);
    for &(c, r) in works {
        s.map.add_works(at(c, r));
    }
    for &(c, r) in roads {
        s.map.add_road(at(c, r));
    }
    s
}

/// R12.5: horse may not charge foot standing in field works. The computer's reloading
/// shot, which goes back from the enemy lancers on open ground, keeps its place in works,
/// where they cannot charge it.
#[test]
fn r12_5_shot_in_field_works_holds_its_ground_against_horse() {
    for level in [Level::Normal, Level::Hard] {
        let units = || {
            let mut units = vec![
                unit(A, musketeers(), 120, 5, 8),
                unit(B, lancers(), 60, 5, 3),
            ];
            units[0].reload_tokens = 1;
            units
        };
        let mut open = at_movement(ground(units(), &[], &[]));
        play_a_phase(&mut open, level, 1);
        assert_ne!(pos(&open, 0), at(5, 8), "{level:?}");
        let mut g = at_movement(ground(units(), &[(5, 8)], &[]));
        play_a_phase(&mut g, level, 1);
        assert_eq!(pos(&g, 0), at(5, 8), "{level:?}");
    }
}

/// R12.5: the computer's horse, which charges shot on open ground, does not ride up to
/// shot in field works, which it may never charge there.
#[test]
fn r12_5_horse_does_not_close_on_shot_in_field_works() {
    for level in [Level::Normal, Level::Hard] {
        let units = || {
            vec![
                unit(A, lancers(), 60, 5, 10),
                unit(B, musketeers(), 120, 5, 2),
            ]
        };
        let mut open = at_movement(ground(units(), &[], &[]));
        play_a_phase(&mut open, level, 1);
        assert_eq!(pos(&open, 0).unsigned_distance_to(at(5, 2)), 1, "{level:?}");
        let mut g = at_movement(ground(units(), &[(5, 2)], &[]));
        play_a_phase(&mut g, level, 1);
        assert!(
            pos(&g, 0).unsigned_distance_to(at(5, 2)) > 4,
            "{level:?}: {:?}",
            volley::engine::Map::offset(pos(&g, 0))
        );
    }
}

/// R12.6, R4.6: a unit far from the objective it must take, on a road through woods, goes
/// along the road (1 a hex: 3 hexes this turn) rather than into the woods (2 a hex: 1 hex);
/// the march time it counts is the ground's, as the engine reckons it.
#[test]
fn r12_6_a_unit_on_a_road_takes_the_road_to_a_far_objective() {
    use volley::engine::{Map, Terrain};
    for level in [Level::Normal, Level::Hard] {
        for road in [false, true] {
            let units = vec![
                unit(A, pikemen(), 120, 8, 11),
                unit(B, pikemen(), 120, 11, 0),
            ];
            let mut s = setup(units);
            let woods = |r: i32| (1..=10).contains(&r);
            let rows = (0..12)
                .map(|r| {
                    (0..12)
                        .map(|_| {
                            if woods(r) {
                                Terrain::Woods
                            } else {
                                Terrain::Clear
                            }
                        })
                        .collect()
                })
                .collect();
            s.map = Map::from_rows(rows).unwrap();
            // North up column 8 from the unit, then west along row 0 to the chapel.
            let path = (0..12).map(|r| (8, r)).chain((2..8).map(|c| (c, 0)));
            for (c, r) in path.filter(|_| road) {
                s.map.add_road(at(c, r));
            }
            s.objectives = vec![Objective {
                name: "the chapel".into(),
                hex: at(2, 0),
                value: 1,
                owner: None,
            }];
            s.turn_limit = Some(6);
            let mut g = at_movement(s);
            play_a_phase(&mut g, level, 1);
            if road {
                assert_eq!(pos(&g, 0), at(8, 8), "{level:?} road {road}");
            } else {
                // Through the woods it needs 7 turns (R4.6), past the limit: one hex of woods
                // at most, and not up the road's line.
                let moved = pos(&g, 0).unsigned_distance_to(at(8, 11));
                assert!(
                    moved <= 1 && pos(&g, 0) != at(8, 8),
                    "{level:?} road {road}"
                );
            }
        }
    }
}

/// Issue 28: a group ordered to hold an objective gathers on it: one unit on the hex, the
/// other beside it, though the enemy lies the other way.
#[test]
fn a_group_holding_an_objective_gathers_on_it() {
    for level in LEVELS {
        let mut s = ordered(
            vec![
                unit(A, troop(Formation::LC), 60, 4, 5),
                unit(A, troop(Formation::LC), 60, 6, 5),
                unit(B, pikemen(), 120, 5, 0),
            ],
            &[0, 1],
            StandingOrder::HoldObjective { objective: 0 },
            None,
        );
        s.objectives = vec![Objective {
            name: "the bridge".into(),
            hex: at(5, 9),
            value: 1,
            owner: None,
        }];
        let mut g = at_movement(s);
        play_a_phase(&mut g, level, 1);
        let mut d = [pos(&g, 0), pos(&g, 1)].map(|h| h.unsigned_distance_to(at(5, 9)));
        d.sort_unstable();
        assert_eq!(d, [0, 1], "{level:?}");
    }
}

//! Specification tests of the Missile phase (R6.1–R6.4) and of the missile modifiers of R5.4
//! it relies on: ranges, line of sight, volleys overhead, armor penetration, reload tokens,
//! musket forks and cover.

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
use volley::engine::rules::ReloadTiming;
use volley::engine::types::{
    CreatureSize, FirearmKind, Formation, Lock, MissileKind, MissileWeapon, SideId,
};
use volley::engine::ModifierKind;
use volley::engine::Refusal;
use volley::engine::{Answer, Order};
use volley::engine::{
    AttackKind, BattleSetup, Command, Event, Game, MoveKind, Phase, RuleError, Terrain, TroopType,
    UnitSetup,
};

const A: SideId = SideId::A;
const B: SideId = SideId::B;

/// The refusal `CannotAttack` of `unit` with exactly this reason.
fn cannot(unit: u16, why: Refusal) -> Result<(), RuleError> {
    Err(RuleError::CannotAttack {
        unit: id(unit),
        why,
    })
}

const OUT_OF_REACH: Refusal = Refusal::OutOfRangeOrSight;

/// The clear field with some hexes changed, given as `(col, row, terrain)`.
fn field(units: Vec<UnitSetup>, cells: &[(i32, i32, Terrain)]) -> BattleSetup {
    let mut s = setup(units);
    for &(col, row, terrain) in cells {
        s.map.set(at(col, row), terrain);
    }
    s
}

/// A game from `setup` brought to side A's Missile orders.
fn at_missile(setup: BattleSetup, faces: &[u32]) -> Game {
    let mut g = game_with(setup, faces);
    to_phase(&mut g, Phase::Missile);
    g
}

/// Ends every order until the next turn, where side A (6 against 1) chooses to go first.
fn next_turn(g: &mut Game) {
    let turn = g.turn();
    while g.turn() == turn {
        ok(g, Command::Order(Order::EndOrders));
    }
    ok(g, Command::Answer(Answer::ChooseFirst { first: true }));
}

fn with_missile(kind: MissileKind) -> TroopType {
    let mut t = archers();
    if let Some(MissileWeapon::Missile { damage, .. }) = t.missile {
        t.missile = Some(MissileWeapon::Missile { kind, damage });
    }
    t
}

/// 120 DF with a flintlock arquebus: one attack, no reload token (R11 example 1).
fn arquebusiers() -> TroopType {
    shot(Formation::DF, Lock::Flintlock, FirearmKind::Arquebus)
}

// ---------------------------------------------------------------- R6.1 who may fire

#[test]
fn r6_1_archers_fire_one_sequence_at_an_enemy_in_range() {
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        unit(B, troop(Formation::FF), 120, 6, 5),
    ];
    let mut g = at_missile(setup(units), &[6, 1, 15, 4]);
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events,
        vec![
            declared(0, 1, AttackKind::Missile),
            rolled(
                0,
                1,
                AttackKind::Missile,
                (11, 0),
                &[],
                &[(15, true), (4, false)],
                1
            ),
            Event::Damaged {
                unit: id(1),
                by: A,
                uhp: 1,
                left: 7
            },
        ]
    );
    assert_eq!(
        g.check_command(&fire(0, 1)),
        cannot(0, Refusal::AttackedThisTurn)
    );
}

#[test]
fn r6_1_a_unit_that_hustled_charged_or_disengaged_may_not_fire_but_a_marcher_may() {
    let units = vec![
        unit(A, archers(), 120, 1, 9),  // hustles
        unit(A, archers(), 120, 8, 9),  // marches
        unit(A, archers(), 120, 4, 6),  // disengages from #4
        unit(A, archers(), 120, 10, 7), // charges #5
        unit(B, troop(Formation::FF), 120, 4, 5),
        unit(B, troop(Formation::FF), 120, 10, 5),
    ];
    let mut g = game(units, &[6, 1]);
    ok(&mut g, Command::Answer(Answer::ChooseFirst { first: true }));
    ok(
        &mut g,
        Command::Order(Order::Hustle {
            unit: id(0),
            to: at(1, 8),
        }),
    );
    ok(
        &mut g,
        Command::Order(Order::March {
            unit: id(1),
            to: at(8, 8),
        }),
    );
    ok(
        &mut g,
        Command::Order(Order::Disengage {
            unit: id(2),
            to: at(3, 8),
        }),
    );
    ok(
        &mut g,
        Command::Order(Order::Charge {
            unit: id(3),
            to: at(10, 6),
            target: id(5),
        }),
    );
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(g.phase(), Phase::Missile);
    assert_eq!(g.check_command(&fire(0, 4)), cannot(0, Refusal::Hustled));
    assert_eq!(g.check_command(&fire(2, 4)), cannot(2, Refusal::Disengaged));
    // R6.1: a charger is refused for its charge (its attack sequence, R7.2).
    assert_eq!(g.check_command(&fire(3, 5)), cannot(3, Refusal::Charged));
    assert_eq!(g.check_command(&fire(1, 5)), Ok(()));
    assert_eq!(g.fire_targets(id(1)), vec![id(4), id(5)]);
}

#[test]
fn r6_1_an_engaged_unit_fires_only_at_an_adjacent_enemy() {
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        unit(B, troop(Formation::FF), 120, 3, 5),
        unit(B, troop(Formation::FF), 120, 0, 5),
    ];
    let mut g = at_missile(setup(units), &[6, 1, 20, 20]);
    assert_eq!(
        g.check_command(&fire(0, 2)),
        cannot(0, Refusal::EngagedFiresAdjacent)
    );
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events[1],
        rolled(
            0,
            1,
            AttackKind::Missile,
            (11, 0),
            &[],
            &[(20, true), (20, true)],
            1
        )
    );
}

#[test]
fn r6_1_only_units_with_a_missile_weapon_fire() {
    let units = vec![
        unit(A, troop(Formation::FF), 120, 2, 5),
        unit(B, troop(Formation::FF), 120, 4, 5),
    ];
    let g = at_missile(setup(units), &[6, 1]);
    assert_eq!(
        g.check_command(&fire(0, 1)),
        cannot(0, Refusal::NoMissileWeapon)
    );
    assert_eq!(
        g.check_command(&Command::Order(Order::Ready { unit: id(0) })),
        Err(RuleError::CannotReady {
            unit: id(0),
            why: Refusal::MissileReadyOnly
        })
    );
}

#[test]
fn r6_1_a_missile_unit_may_ready_instead_of_firing() {
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        unit(B, troop(Formation::FF), 120, 6, 5),
    ];
    let mut g = at_missile(setup(units), &[6, 1]);
    assert_eq!(
        ok(&mut g, Command::Order(Order::Ready { unit: id(0) })),
        vec![Event::Readied { unit: id(0) }]
    );
    assert!(g.unit(id(0)).is_some_and(|u| u.ready));
    assert_eq!(
        g.check_command(&fire(0, 1)),
        cannot(0, Refusal::ReadiedThisPhase)
    );
}

// ---------------------------------------------------------------- R6.2 range and sight

#[test]
fn r6_2_bow_sling_crossbow_and_javelin_ranges_in_hexes() {
    let table = [
        (MissileKind::Javelin, 2),
        (MissileKind::Sling, 4),
        (MissileKind::ShortBow, 5),
        (MissileKind::Crossbow, 6),
        (MissileKind::LongBow, 7),
    ];
    for (kind, range) in table {
        for (distance, expected) in [(range, Ok(())), (range + 1, cannot(0, OUT_OF_REACH))] {
            let units = vec![
                unit(A, with_missile(kind), 120, 0, 5),
                unit(B, troop(Formation::FF), 120, distance, 5),
            ];
            let g = at_missile(setup(units), &[6, 1]);
            assert_eq!(
                g.check_command(&fire(0, 1)),
                expected,
                "{kind:?} at {distance}"
            );
        }
    }
}

#[test]
fn r6_2_woods_and_village_between_block_line_of_sight() {
    for blocker in [Terrain::Woods, Terrain::Village] {
        let units = vec![
            unit(A, archers(), 120, 2, 5),
            unit(B, troop(Formation::FF), 120, 6, 5),
        ];
        let g = at_missile(field(units, &[(4, 5, blocker)]), &[6, 1]);
        assert_eq!(
            g.check_command(&fire(0, 1)),
            cannot(0, OUT_OF_REACH),
            "{blocker:?}"
        );
    }
    // Rough ground and fords do not block.
    for open in [Terrain::Rough, Terrain::Ford] {
        let units = vec![
            unit(A, archers(), 120, 2, 5),
            unit(B, troop(Formation::FF), 120, 6, 5),
        ];
        let g = at_missile(field(units, &[(4, 5, open)]), &[6, 1]);
        assert_eq!(g.check_command(&fire(0, 1)), Ok(()), "{open:?}");
    }
}

#[test]
fn r6_2_a_hill_blocks_sight_only_between_two_lower_hexes() {
    let units = || {
        vec![
            unit(A, archers(), 120, 2, 5),
            unit(B, troop(Formation::FF), 120, 6, 5),
        ]
    };
    let g = at_missile(field(units(), &[(4, 5, Terrain::Hill)]), &[6, 1]);
    assert_eq!(g.check_command(&fire(0, 1)), cannot(0, OUT_OF_REACH));
    // The shooter on a hill sees over the other hill.
    let g = at_missile(
        field(units(), &[(4, 5, Terrain::Hill), (2, 5, Terrain::Hill)]),
        &[6, 1],
    );
    assert_eq!(g.check_command(&fire(0, 1)), Ok(()));
    // So does a shooter looking at a target on a hill.
    let g = at_missile(
        field(units(), &[(4, 5, Terrain::Hill), (6, 5, Terrain::Hill)]),
        &[6, 1],
    );
    assert_eq!(g.check_command(&fire(0, 1)), Ok(()));
}

/// R6.2, where RULES.md is silent: a line that runs along the edge between two hexes passes
/// on whichever side sees, so a hill beside an open hex hides nothing (found playing the
/// tutorial: Red shot at (3, 6) could not see (3, 4) past the hill at (2, 5), though
/// (3, 5) beside it was open); only both hexes block it.
#[test]
fn r6_2_a_line_along_a_hex_edge_is_blocked_only_by_both_hexes_beside_it() {
    let units = || {
        vec![
            unit(A, archers(), 120, 3, 6),
            unit(B, troop(Formation::FF), 120, 3, 4),
        ]
    };
    for one in [(2, 5), (3, 5)] {
        let g = at_missile(field(units(), &[(one.0, one.1, Terrain::Hill)]), &[6, 1]);
        assert_eq!(g.check_command(&fire(0, 1)), Ok(()), "hill at {one:?}");
    }
    let both = [(2, 5, Terrain::Hill), (3, 5, Terrain::Woods)];
    let g = at_missile(field(units(), &both), &[6, 1]);
    assert_eq!(g.check_command(&fire(0, 1)), cannot(0, OUT_OF_REACH));
}

/// R6.2: sight is the same both ways, for every pair of hexes of a map strewn with woods,
/// hills and units (a line's rounding once gave 116 of 12,234 pairs within 7 hexes a
/// sight one way and not back).
#[test]
fn r6_2_sight_is_the_same_both_ways() {
    let cells: Vec<(i32, i32, Terrain)> = (0..12)
        .flat_map(|row| (0..12).map(move |col| (col, row)))
        .filter(|(col, row)| (col * 7 + row * 3) % 5 == 0)
        .map(|(col, row)| {
            (
                col,
                row,
                if (col + row) % 2 == 0 {
                    Terrain::Woods
                } else {
                    Terrain::Hill
                },
            )
        })
        .collect();
    let units = vec![
        unit(A, archers(), 120, 1, 1),
        unit(B, troop(Formation::FF), 120, 5, 5),
        unit(B, troop(Formation::FF), 120, 8, 3),
    ];
    let g = at_missile(field(units, &cells), &[6, 1]);
    let mut checked = 0;
    for (a, b) in (0..144).flat_map(|i| (0..144).map(move |j| (i, j))) {
        let (from, to) = (at(a % 12, a / 12), at(b % 12, b / 12));
        if (2..=7).contains(&from.unsigned_distance_to(to)) {
            assert_eq!(g.sight(from, to), g.sight(to, from), "{from:?} and {to:?}");
            checked += 1;
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn r6_2_bows_volley_overhead_of_units_at_minus_2() {
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        unit(A, troop(Formation::FF), 120, 4, 5),
        unit(B, troop(Formation::FF), 120, 6, 5),
    ];
    let mut g = at_missile(setup(units), &[6, 1, 13, 12]);
    let events = ok(&mut g, fire(0, 2));
    assert_eq!(
        events,
        vec![
            declared(0, 2, AttackKind::Missile),
            rolled(
                0,
                2,
                AttackKind::Missile,
                (11, 0),
                &[(ModifierKind::Overhead, -2)],
                &[(13, true), (12, false)],
                1
            ),
            Event::Damaged {
                unit: id(2),
                by: A,
                uhp: 1,
                left: 7
            },
        ]
    );
}

#[test]
fn r6_2_slings_volley_overhead_but_crossbows_javelins_and_firearms_never() {
    let shooters = [
        (with_missile(MissileKind::Sling), 120, Ok(())),
        (with_missile(MissileKind::LongBow), 120, Ok(())),
        (
            with_missile(MissileKind::Crossbow),
            120,
            cannot(0, OUT_OF_REACH),
        ),
        (
            with_missile(MissileKind::Javelin),
            120,
            cannot(0, OUT_OF_REACH),
        ),
        (arquebusiers(), 120, cannot(0, OUT_OF_REACH)),
        (
            shot(Formation::SF, Lock::Flintlock, FirearmKind::RifledMusket),
            60,
            cannot(0, OUT_OF_REACH),
        ),
    ];
    for (troop_type, n, expected) in shooters {
        let name = troop_type.name.clone();
        let weapon = troop_type.missile.clone();
        let units = vec![
            unit(A, troop_type, n, 2, 5),
            unit(A, troop(Formation::FF), 120, 3, 5),
            unit(B, troop(Formation::FF), 120, 4, 5),
        ];
        let g = at_missile(setup(units), &[6, 1]);
        assert_eq!(g.check_command(&fire(0, 2)), expected, "{name} {weapon:?}");
    }
}

#[test]
fn r6_2_the_target_in_woods_or_village_is_seen_but_in_cover_at_minus_2() {
    for cover in [Terrain::Woods, Terrain::Village] {
        let units = vec![
            unit(A, archers(), 120, 2, 5),
            unit(B, troop(Formation::FF), 120, 6, 5),
        ];
        let mut g = at_missile(field(units, &[(6, 5, cover)]), &[6, 1, 13, 12]);
        let events = ok(&mut g, fire(0, 1));
        assert_eq!(
            events[1],
            rolled(
                0,
                1,
                AttackKind::Missile,
                (11, 0),
                &[(ModifierKind::Cover, -2)],
                &[(13, true), (12, false)],
                1
            ),
            "{cover:?}"
        );
    }
}

#[test]
fn r6_2_cover_and_overhead_add_up() {
    let units = vec![
        unit(A, archers(), 120, 2, 5),
        unit(A, troop(Formation::FF), 120, 4, 5),
        unit(B, troop(Formation::FF), 120, 6, 5),
    ];
    let mut g = at_missile(field(units, &[(6, 5, Terrain::Woods)]), &[6, 1, 15, 14]);
    let events = ok(&mut g, fire(0, 2));
    assert_eq!(
        events[1],
        rolled(
            0,
            2,
            AttackKind::Missile,
            (11, 0),
            &[(ModifierKind::Cover, -2), (ModifierKind::Overhead, -2)],
            &[(15, true), (14, false)],
            1
        )
    );
}

// ---------------------------------------------------------------- R6.3 firearm ranges

#[test]
fn r6_3_firearm_maximum_ranges_against_foot_and_mounted() {
    // (firearm, v. foot, v. mounted)
    let table = [
        (FirearmKind::RifledMusket, 4, 5),
        (FirearmKind::Musket, 3, 4),
        (FirearmKind::RifledArquebus, 4, 5),
        (FirearmKind::Arquebus, 3, 4),
        (FirearmKind::Pistol, 2, 3),
    ];
    let cavalry = troop(Formation::LC);
    let foot = troop(Formation::FF);
    for (kind, foot_range, mounted_range) in table {
        for (target, n, range) in [(&foot, 120, foot_range), (&cavalry, 60, mounted_range)] {
            for (distance, expected) in [(range, Ok(())), (range + 1, cannot(0, OUT_OF_REACH))] {
                let units = vec![
                    unit(A, shot(Formation::DF, Lock::Flintlock, kind), 120, 1, 5),
                    unit(B, target.clone(), n, 1 + distance, 5),
                ];
                let g = at_missile(setup(units), &[6, 1]);
                assert_eq!(
                    g.check_command(&fire(0, 1)),
                    expected,
                    "{kind:?} v. {} at {distance}",
                    target.formation
                );
            }
        }
    }
}

#[test]
fn r6_3_large_foot_are_shot_at_with_the_mounted_column() {
    let mut ogres = troop(Formation::IF);
    ogres.size = CreatureSize::Large;
    let musket = shot(Formation::DF, Lock::Flintlock, FirearmKind::Musket);
    let units = vec![
        unit(A, musket.clone(), 120, 1, 5),
        unit(B, ogres.clone(), 60, 5, 5),
    ];
    let g = at_missile(setup(units), &[6, 1]);
    assert_eq!(g.check_command(&fire(0, 1)), Ok(()));
    let units = vec![unit(A, musket, 120, 1, 5), unit(B, ogres, 60, 6, 5)];
    let g = at_missile(setup(units), &[6, 1]);
    assert_eq!(g.check_command(&fire(0, 1)), cannot(0, OUT_OF_REACH));
}

#[test]
fn r6_3_an_arquebus_ignores_five_armor_within_two_hexes_only() {
    let mut armored = troop(Formation::FF);
    armored.armor_ac = 5;
    armored.other_ac = 1;
    // 2 hexes: 11 + 1 + (5 - 5) = 12.
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(B, armored.clone(), 120, 4, 5),
    ];
    let mut g = at_missile(setup(units), &[6, 1, 11]);
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events,
        vec![
            declared(0, 1, AttackKind::Missile),
            rolled(0, 1, AttackKind::Missile, (12, 1), &[], &[(11, false)], 1),
        ]
    );
    // 3 hexes: 11 + 1 + 5 = 17.
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(B, armored, 120, 5, 5),
    ];
    let mut g = at_missile(setup(units), &[6, 1, 16]);
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events[1],
        rolled(0, 1, AttackKind::Missile, (17, 6), &[], &[(16, false)], 1)
    );
}

#[test]
fn r6_3_armor_beyond_five_still_counts_and_bows_never_pierce() {
    let mut plate = troop(Formation::FF);
    plate.armor_ac = 7;
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(B, plate.clone(), 120, 3, 5),
    ];
    let g = at_missile(setup(units), &[6, 1]);
    let p = g.attack_profile(id(0), id(1), AttackKind::Missile);
    assert_eq!(p.map(|p| (p.needed, p.effective_ac)), Some((13, 2)));
    let units = vec![unit(A, archers(), 120, 2, 5), unit(B, plate, 120, 3, 5)];
    let g = at_missile(setup(units), &[6, 1]);
    let p = g.attack_profile(id(0), id(1), AttackKind::Missile);
    assert_eq!(p.map(|p| (p.needed, p.effective_ac)), Some((18, 7)));
}

// ---------------------------------------------------------------- R6.4 reload tokens

/// 120 DF with a matchlock arquebus: one attack and one reload token (R11 example 2).
fn slow_shot() -> TroopType {
    shot(Formation::DF, Lock::Matchlock, FirearmKind::Arquebus)
}

fn reloading(tokens: u32, timing: ReloadTiming) -> BattleSetup {
    let mut shooter = unit(A, slow_shot(), 120, 2, 5);
    shooter.reload_tokens = tokens;
    let mut s = setup(vec![shooter, unit(B, troop(Formation::FF), 120, 5, 5)]);
    s.rules.options.reload_timing = timing;
    s
}

#[test]
fn r6_4_firing_gains_the_units_reload_tokens() {
    let mut g = at_missile(reloading(0, ReloadTiming::StartOfTurn), &[6, 1, 2]);
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events,
        vec![
            declared(0, 1, AttackKind::Missile),
            rolled(0, 1, AttackKind::Missile, (11, 0), &[], &[(2, false)], 1),
            Event::ReloadTokensGained {
                unit: id(0),
                tokens: 1
            },
        ]
    );
    assert_eq!(g.unit(id(0)).map(|u| u.reload_tokens), Some(1));
}

#[test]
fn r6_4_a_token_held_at_the_start_of_the_turn_forbids_fire_though_dropped() {
    let mut g = game_with(reloading(1, ReloadTiming::StartOfTurn), &[6, 1]);
    ok(&mut g, Command::Answer(Answer::ChooseFirst { first: true }));
    let events = ok(&mut g, Command::Order(Order::StandFast { unit: id(0) }));
    assert_eq!(
        events,
        vec![
            Event::Moved {
                unit: id(0),
                kind: MoveKind::StandFast,
                path: vec![]
            },
            Event::ReloadTokenRemoved {
                unit: id(0),
                left: 0
            },
        ]
    );
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(g.phase(), Phase::Missile);
    assert_eq!(g.check_command(&fire(0, 1)), cannot(0, Refusal::Reloading));
    assert_eq!(g.fire_targets(id(0)), vec![]);
}

#[test]
fn r6_4_literal_timing_fires_once_the_last_token_is_dropped() {
    let mut g = at_missile(reloading(1, ReloadTiming::Literal), &[6, 1, 2]);
    assert_eq!(g.unit(id(0)).map(|u| u.reload_tokens), Some(0));
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events[2],
        Event::ReloadTokensGained {
            unit: id(0),
            tokens: 1
        }
    );
}

#[test]
fn r6_4_a_unit_that_moves_keeps_its_token_and_cannot_fire_under_either_timing() {
    for timing in [ReloadTiming::StartOfTurn, ReloadTiming::Literal] {
        let mut g = game_with(reloading(1, timing), &[6, 1]);
        ok(&mut g, Command::Answer(Answer::ChooseFirst { first: true }));
        let events = ok(
            &mut g,
            Command::Order(Order::March {
                unit: id(0),
                to: at(2, 6),
            }),
        );
        assert_eq!(
            events,
            vec![Event::Moved {
                unit: id(0),
                kind: MoveKind::March,
                path: vec![at(2, 6)]
            }],
            "{timing:?}"
        );
        ok(&mut g, Command::Order(Order::EndOrders));
        ok(&mut g, Command::Order(Order::EndOrders));
        assert_eq!(g.unit(id(0)).map(|u| u.reload_tokens), Some(1));
        assert_eq!(g.check_command(&fire(0, 1)), cannot(0, Refusal::Reloading));
    }
}

#[test]
fn r6_4_one_token_fires_every_other_turn_under_start_of_turn() {
    let mut g = at_missile(
        reloading(0, ReloadTiming::StartOfTurn),
        &[6, 1, 2, 6, 1, 6, 1, 2],
    );
    ok(&mut g, fire(0, 1)); // turn 1
    next_turn(&mut g);
    to_missile_orders(&mut g);
    assert_eq!(g.check_command(&fire(0, 1)), cannot(0, Refusal::Reloading));
    next_turn(&mut g);
    to_missile_orders(&mut g);
    assert_eq!(g.turn(), 3);
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events[1],
        rolled(0, 1, AttackKind::Missile, (11, 0), &[], &[(2, false)], 1)
    );
}

#[test]
fn r6_4_one_token_fires_every_turn_under_literal_timing() {
    let mut g = at_missile(reloading(0, ReloadTiming::Literal), &[6, 1, 2, 6, 1, 3]);
    ok(&mut g, fire(0, 1));
    next_turn(&mut g);
    to_missile_orders(&mut g);
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events[1],
        rolled(0, 1, AttackKind::Missile, (11, 0), &[], &[(3, false)], 1)
    );
    assert_eq!(g.unit(id(0)).map(|u| u.reload_tokens), Some(1));
}

/// From side A's Movement orders to its Missile orders, everyone standing fast.
fn to_missile_orders(g: &mut Game) {
    while g.phase() != Phase::Missile {
        ok(g, Command::Order(Order::EndOrders));
    }
}

#[test]
fn r6_4_reaction_fire_needs_no_tokens_and_gains_them() {
    // Ready musketeers with a token left from the last turn may not react by fire.
    let mut ready = unit(A, slow_shot(), 120, 2, 5);
    ready.ready = true;
    ready.reload_tokens = 1;
    let units = vec![ready, unit(B, archers(), 120, 5, 5)];
    let mut g = at_missile(setup(units), &[6, 1, 2, 2]);
    ok(&mut g, Command::Order(Order::EndOrders));
    let events = ok(&mut g, fire(1, 0));
    assert_eq!(
        events,
        vec![
            declared(1, 0, AttackKind::Missile),
            rolled(
                1,
                0,
                AttackKind::Missile,
                (11, 0),
                &[],
                &[(2, false), (2, false)],
                1
            ),
        ]
    );
    // Without tokens they fire first, and gain their token for it.
    let mut ready = unit(A, slow_shot(), 120, 2, 5);
    ready.ready = true;
    let units = vec![ready, unit(B, archers(), 120, 5, 5)];
    let mut g = at_missile(setup(units), &[6, 1, 3, 2, 2]);
    ok(&mut g, Command::Order(Order::EndOrders));
    let reaction = AttackKind::Reaction {
        missile: true,
        vs_charge: false,
    };
    let events = ok(&mut g, fire(1, 0));
    assert_eq!(
        events,
        vec![
            declared(1, 0, AttackKind::Missile),
            declared(0, 1, reaction),
            rolled(0, 1, reaction, (11, 0), &[], &[(3, false)], 1),
            Event::ReadyLost { unit: id(0) },
            Event::ReloadTokensGained {
                unit: id(0),
                tokens: 1
            },
            rolled(
                1,
                0,
                AttackKind::Missile,
                (11, 0),
                &[],
                &[(2, false), (2, false)],
                1
            ),
        ]
    );
}

// ---------------------------------------------------------------- R5.4 musket forks

fn musket_game(order: Command, faces: &[u32]) -> Game {
    let units = vec![
        unit(A, musketeers(), 120, 2, 5),
        unit(B, archers(), 120, 5, 5),
    ];
    let mut g = game(units, faces);
    ok(&mut g, Command::Answer(Answer::ChooseFirst { first: true }));
    ok(&mut g, order);
    to_missile_orders(&mut g);
    g
}

#[test]
fn r5_4_muskets_that_did_not_stand_fast_fire_at_minus_2() {
    let mut g = musket_game(
        Command::Order(Order::March {
            unit: id(0),
            to: at(3, 5),
        }),
        // Initiative 6 v 1, the attack throw 13 (a hit), then the target's shock roll.
        &[6, 1, 13, 3, 4],
    );
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events[1],
        rolled(
            0,
            1,
            AttackKind::Missile,
            (11, 0),
            &[(ModifierKind::NoForkRest, -2)],
            &[(13, true)],
            1
        )
    );
}

#[test]
fn r5_4_muskets_that_stood_fast_fire_without_penalty_and_arquebuses_never_suffer_it() {
    let mut g = musket_game(
        Command::Order(Order::StandFast { unit: id(0) }),
        &[6, 1, 10],
    );
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events[1],
        rolled(0, 1, AttackKind::Missile, (11, 0), &[], &[(10, false)], 1)
    );
    let units = vec![
        unit(A, arquebusiers(), 120, 2, 5),
        unit(B, archers(), 120, 5, 5),
    ];
    let mut g = game(units, &[6, 1, 10]);
    ok(&mut g, Command::Answer(Answer::ChooseFirst { first: true }));
    ok(
        &mut g,
        Command::Order(Order::March {
            unit: id(0),
            to: at(3, 5),
        }),
    );
    to_missile_orders(&mut g);
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events[1],
        rolled(0, 1, AttackKind::Missile, (11, 0), &[], &[(10, false)], 1)
    );
}

#[test]
fn r5_4_musket_reaction_fire_never_suffers_the_fork_penalty() {
    // The musketeers marched, then readied in the Missile phase; the archers shoot at them.
    let mut g = musket_game(
        Command::Order(Order::March {
            unit: id(0),
            to: at(3, 5),
        }),
        &[6, 1, 11, 2, 2],
    );
    ok(&mut g, Command::Order(Order::Ready { unit: id(0) }));
    ok(&mut g, Command::Order(Order::EndOrders));
    let reaction = AttackKind::Reaction {
        missile: true,
        vs_charge: false,
    };
    let events = ok(&mut g, fire(1, 0));
    assert_eq!(
        events[2],
        rolled(0, 1, reaction, (11, 0), &[], &[(11, true)], 1)
    );
}

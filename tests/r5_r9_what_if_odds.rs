//! The computer prices positions it has not reached with the engine's own numbers: a
//! missile sequence from a given distance (R5.3, R5.4, R6.3) and a shock roll at a given
//! modifier (R9.1), or with pike cover it does not have yet (R9.4). Each what-if must agree
//! with the odds of the same attack made on the board.

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
use volley::engine::types::{FirearmKind, Formation, Lock, SideId};
use volley::engine::{AttackKind, Game, Phase, TroopType, Unit};
use volley::engine::{Modifier, ModifierKind};

const A: SideId = SideId::A;
const B: SideId = SideId::B;

/// 120 DF with a flintlock arquebus: armor-piercing to 2 hexes, range 3 against foot.
fn arquebusiers() -> TroopType {
    shot(Formation::DF, Lock::Flintlock, FirearmKind::Arquebus)
}

/// Foot in armor AC 5.
fn armored_foot() -> TroopType {
    let mut t = troop(Formation::FF);
    t.armor_ac = 5;
    t
}

/// The arquebusiers at `(5, row)` and the armored foot at `(5, 1)`, in side A's Missile phase.
fn shooting_from(row: i32) -> Game {
    let mut g = game(
        vec![
            unit(A, arquebusiers(), 120, 5, row),
            unit(B, armored_foot(), 120, 5, 1),
        ],
        &[6, 1],
    );
    to_phase(&mut g, Phase::Missile);
    g
}

fn units(g: &Game) -> (&Unit, &Unit) {
    match (g.unit(id(0)), g.unit(id(1))) {
        (Some(a), Some(t)) => (a, t),
        _ => panic!("both units are on the map"),
    }
}

#[test]
fn r5_3_a_what_if_volley_matches_the_odds_of_the_same_volley_on_the_board() {
    for row in [2, 3, 4] {
        let g = shooting_from(row);
        let (a, t) = units(&g);
        let distance = a.pos.unsigned_distance_to(t.pos);
        let on_board = g.odds(id(0), id(1), AttackKind::Missile);
        assert!(on_board.is_some(), "in range at {distance} hexes");
        assert_eq!(g.missile_odds_at(a, t, distance, false), on_board);
    }
}

#[test]
fn r5_3_a_what_if_volley_pierces_armor_only_within_armor_piercing_range() {
    let g = shooting_from(3);
    let (a, t) = units(&g);
    let ac = |d| {
        g.missile_odds_at(a, t, d, false)
            .map(|o| o.profile.effective_ac)
    };
    assert_eq!(ac(2), Some(0));
    assert_eq!(ac(3), Some(5));
    assert_eq!(ac(4), None, "beyond the arquebus's range of 3");
}

#[test]
fn r5_4_a_what_if_volley_of_muskets_after_moving_takes_the_fork_penalty() {
    let mut g = game(
        vec![
            unit(A, musketeers(), 120, 5, 4),
            unit(B, troop(Formation::FF), 120, 5, 1),
        ],
        &[6, 1],
    );
    to_phase(&mut g, Phase::Missile);
    let (a, t) = units(&g);
    let modifiers = |moved| {
        g.missile_odds_at(a, t, 3, moved)
            .map(|o| o.profile.modifiers)
    };
    assert_eq!(modifiers(false), Some(vec![]));
    assert_eq!(
        modifiers(true),
        Some(vec![Modifier {
            kind: ModifierKind::NoForkRest,
            value: -2
        }])
    );
}

#[test]
fn r9_1_roll_odds_read_the_shock_table() {
    let g = shooting_from(3);
    let odds = g.roll_odds(0);
    let p = |n: u32| f64::from(n) / 36.0;
    // 2d6: 2 → rout (1 way), 3–4 → flee (5), 5–6 → recoil (9), 7+ → hold (21)
    let got = [odds.rout, odds.flee, odds.recoil, odds.hold, odds.no_roll];
    let want = [p(1), p(5), p(9), p(21), 0.0];
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 1e-12, "{got:?} is not {want:?}");
    }
}

#[test]
fn r9_4_a_shock_modifier_what_if_gives_cover_to_drilled_foot_only() {
    let g = game(
        vec![
            unit(A, musketeers(), 120, 5, 4),
            unit(B, troop(Formation::FF), 120, 5, 1),
        ],
        &[6, 1],
    );
    let (shot, pike) = units(&g);
    assert_eq!(g.shock_modifier(shot), 0, "no pike next to it");
    assert_eq!(g.shock_modifier_if(shot, true), 2);
    assert_eq!(g.shock_modifier_if(pike, true), 0, "FF is never secured");
}

#[test]
fn r9_4_drilled_foot_would_be_secured_only_on_a_hex_next_to_its_pike() {
    let g = game(
        vec![
            unit(A, musketeers(), 120, 2, 8),
            unit(A, troop(Formation::FF), 120, 5, 8),
            unit(B, lancers(), 60, 5, 1),
        ],
        &[6, 1],
    );
    let Some(shot) = g.unit(id(0)) else {
        panic!("the shot is on the map");
    };
    assert!(!g.secured_by_formed_foot(shot));
    assert!(g.secured_at(shot, at(4, 8)));
    assert!(!g.secured_at(shot, at(3, 8)));
}

#[test]
fn r4_4_a_what_if_exposes_shot_to_cavalry_away_from_its_pike_and_never_the_pike() {
    let g = game(
        vec![
            unit(A, musketeers(), 120, 4, 8),
            unit(A, troop(Formation::FF), 120, 5, 8),
            unit(B, lancers(), 60, 5, 1),
        ],
        &[6, 1],
    );
    let (Some(shot), Some(pike), Some(horse)) = (g.unit(id(0)), g.unit(id(1)), g.unit(id(2)))
    else {
        panic!("all units on the map");
    };
    assert!(
        !g.shocked_by_cavalry(horse, shot),
        "secured where it stands"
    );
    assert!(g.exposed_to_cavalry_at(shot, at(2, 8)));
    assert!(!g.exposed_to_cavalry_at(pike, at(2, 8)));
}

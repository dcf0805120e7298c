//! One source for each rule: the computer player and the scenario checker once worked out
//! R1.3, R3.3, R4.2, R4.4, R6.2, R9.4 and R10.2 themselves. Each former copy is kept here,
//! word for word, and compared with the engine query that replaced it over every position
//! of random battles on the shipped fields; where the copy disagreed (R10.2's float half
//! of an odd starting uhp) the engine's answer is what is asserted.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

mod common;

use common::{at, game, lancers, musketeers, pikemen, troop, unit};
use hexx::Hex;
use volley::ai::{Player, RandomPlayer};
use volley::engine::game::{engaged_at_start, shared_hexes, Sight};
use volley::engine::types::MissileWeapon;
use volley::engine::{Command, Dice, Formation, Game, Map, Order, SideId, Status, Unit};
use volley::scenario::{Scenario, SHIPPED};

/// Positions from a random battle on each shipped field (two seeds): the game before each
/// of the first 300 commands.
fn positions() -> Vec<Game> {
    let mut out = Vec::new();
    for (file, src) in SHIPPED {
        let scenario = Scenario::parse(src, file).expect("shipped battle loads");
        for seed in [3, 11] {
            let mut g = Game::new(scenario.setup.clone(), Dice::seeded(seed)).expect("valid");
            let mut random = RandomPlayer::new(seed);
            for _ in 0..300 {
                out.push(g.clone());
                let Some(c) = random.choose(&g) else { break };
                g.submit(c).expect("random orders are legal");
            }
        }
    }
    out
}

/// The former copy in `ai/plan/movement.rs` (R9.4): whether a pike other than `u`
/// secures friend `f`.
fn old_other_pike(game: &Game, u: &Unit, f: &Unit) -> bool {
    f.pos.all_neighbors().into_iter().any(|n| {
        game.unit_at(n).is_some_and(|p| {
            p.side == u.side
                && p.id != u.id
                && p.troop.formation == Formation::FF
                && p.status != Status::Fleeing
        })
    })
}

#[test]
fn r9_4_the_pike_cover_copy_agrees_with_secured_supposing() {
    let mut compared = 0;
    for g in positions() {
        for u in g.units().iter().filter(|u| u.on_map()) {
            let friends = g.units_of(u.side).filter(|f| f.id != u.id);
            for f in friends.filter(|f| f.troop.formation == Formation::DF) {
                let engine = g.secured_supposing(f, f.pos, &[u.id]);
                assert_eq!(old_other_pike(&g, u, f), engine, "{u:?} {f:?}");
                compared += 1;
            }
        }
    }
    assert!(compared > 1000, "only {compared} compared");
}

/// The former copy in `ai/plan/view.rs` (R6.2): whether `shooter` at `from` sees `to`.
fn old_sees(
    game: &Game,
    shooter: &Unit,
    from: Hex,
    to: Hex,
    ignore: &[volley::engine::UnitId],
) -> bool {
    let overhead = matches!(&shooter.troop.missile, Some(MissileWeapon::Missile { kind, .. }) if kind.volleys_overhead());
    match game.sight_ignoring(from, to, ignore) {
        Sight::Clear => true,
        Sight::OnlyUnits => overhead,
        Sight::Blocked => false,
    }
}

#[test]
fn r6_2_the_overhead_volley_copy_agrees_with_line_of_fire_from() {
    let (mut compared, mut overhead) = (0, 0);
    for g in positions().into_iter().step_by(7) {
        let armed: Vec<&Unit> = (g.units().iter())
            .filter(|u| u.on_map() && u.troop.missile.is_some())
            .collect();
        for s in armed {
            for from in s.pos.range(2).filter(|h| g.map().contains(*h)) {
                for e in g.units_of(s.side.other()) {
                    let ignore = [s.id];
                    let engine = g.line_of_fire_from(s, from, e.pos, &ignore);
                    assert_eq!(old_sees(&g, s, from, e.pos, &ignore), engine.is_some());
                    compared += 1;
                    overhead += usize::from(engine == Some(true));
                }
            }
        }
    }
    assert!(
        compared > 1000 && overhead > 0,
        "{compared} compared, {overhead} overhead"
    );
}

#[test]
fn r6_2_a_bow_volleys_over_a_unit_in_the_way_and_a_musket_does_not() {
    let archers = unit(SideId::A, common::archers(), 100, 5, 9);
    let shot = unit(SideId::A, musketeers(), 100, 6, 9);
    let screen = unit(SideId::A, pikemen(), 100, 5, 7);
    let g = game(
        vec![archers, shot, screen, unit(SideId::B, pikemen(), 100, 5, 5)],
        &[1, 2],
    );
    let (bow, musket) = (g.units()[0].clone(), g.units()[1].clone());
    assert_eq!(g.sight(at(5, 8), at(5, 5)), Sight::OnlyUnits);
    assert_eq!(
        g.line_of_fire_from(&bow, at(5, 8), at(5, 5), &[]),
        Some(true)
    );
    assert_eq!(g.line_of_fire_from(&musket, at(5, 8), at(5, 5), &[]), None);
    assert_eq!(
        g.line_of_fire_from(&musket, at(4, 6), at(5, 5), &[]),
        Some(false)
    );
    // The screen about to move blocks nothing.
    assert_eq!(
        g.line_of_fire_from(&musket, at(5, 8), at(5, 5), &[g.units()[2].id]),
        Some(false)
    );
}

#[test]
fn r3_3_the_turns_left_copy_agrees_with_the_engine() {
    let mut compared = 0;
    for g in positions() {
        let old = g.turn_limit().map_or(99, |l| l.saturating_sub(g.turn()));
        assert_eq!(g.turns_left().unwrap_or(99), old);
        assert_eq!(g.turns_left(), g.standing().turns_left);
        compared += 1;
    }
    assert!(compared > 1000);
}

#[test]
fn r4_4_the_who_may_charge_copies_agree_with_the_engine_check() {
    let mut compared = 0;
    for g in positions() {
        for u in g.units().iter().filter(|u| u.on_map()) {
            // `ai/plan/decide.rs`'s copy, and `ai/plan/view.rs`'s choice of strike move.
            // The copy predates reserves: R12.1's "no charge in the phase it arrives" is the
            // engine's alone.
            let old_now = u.status == Status::Steady
                && !u.troop.formation.is_undisciplined()
                && !u.marks.arrived;
            let old_ever = !u.troop.formation.is_undisciplined();
            assert_eq!(u.may_charge(), old_now);
            assert_eq!(u.charges_at_all(), old_ever);
            let charges = (g.unit_orders(u.id).iter())
                .any(|c| matches!(c, Command::Order(Order::Charge { .. })));
            assert!(!charges || u.may_charge(), "{u:?} may not charge");
            compared += 1;
        }
    }
    assert!(compared > 1000);
}

#[test]
fn r4_4_a_disordered_unit_may_not_charge_but_still_charges_at_all() {
    let mut u = game(
        vec![
            unit(SideId::A, lancers(), 50, 5, 9),
            unit(SideId::B, pikemen(), 100, 5, 5),
        ],
        &[1, 2],
    )
    .units()[0]
        .clone();
    u.status = Status::Disordered;
    assert!(!u.may_charge() && u.charges_at_all());
    let mut mob = u.clone();
    mob.troop = troop(Formation::IF);
    mob.status = Status::Steady;
    assert!(!mob.may_charge() && !mob.charges_at_all());
}

/// The former copy in `ai/plan/strength.rs` (R10.2): whether a side is within 3 uhp of
/// half its starting uhp, halved as a float.
fn old_close(g: &Game, s: SideId) -> bool {
    let margin = f64::from(g.side(s).start_uhp) / 2.0 - f64::from(g.losses(s));
    (0.0..=3.0).contains(&margin)
}

#[test]
fn r10_2_the_morale_margin_is_the_engines_integer_mark() {
    let (mut even, mut odd_differs) = (0, 0);
    for g in positions() {
        for s in [SideId::A, SideId::B] {
            let start = g.side(s).start_uhp;
            let mark = g.standing().morale_mark[s.index()];
            assert_eq!(mark, start / 2);
            assert_eq!(g.morale_margin(s), i64::from(mark) - i64::from(g.losses(s)));
            let close = (0..=3).contains(&g.morale_margin(s));
            if start % 2 == 0 {
                assert_eq!(close, old_close(&g, s));
                even += 1;
            } else {
                odd_differs += usize::from(close != old_close(&g, s));
            }
        }
    }
    assert!(even > 100, "{even}");
    // Where the two differ is only an odd start: the float copy's half-uhp.
    assert!(odd_differs <= even, "{odd_differs}");
}

#[test]
fn r10_2_an_odd_start_rounds_the_mark_down_where_the_float_copy_did_not() {
    // 7 uhp of lancers (4 + 3): the mark is 3, so with no losses the side may lose 3 uhp
    // before it rolls and is close to it; the float copy read 3.5 and was not.
    let g = game(
        vec![
            unit(SideId::A, lancers(), 60, 5, 9),
            unit(SideId::A, lancers(), 45, 6, 9),
            unit(SideId::B, pikemen(), 100, 5, 2),
        ],
        &[1, 2],
    );
    assert_eq!(g.side(SideId::A).start_uhp, 7);
    assert_eq!(g.standing().morale_mark[0], 3);
    assert_eq!(g.morale_margin(SideId::A), 3);
    assert!(!old_close(&g, SideId::A));
}

#[test]
fn r1_3_shared_hexes_agrees_with_the_engine_refusing_the_setup() {
    let hexes = [at(1, 1), at(2, 2), at(1, 1), at(1, 1)];
    assert_eq!(shared_hexes(&hexes), vec![(2, 0), (3, 2)]);
    let units: Vec<_> = (hexes.iter())
        .map(|h| {
            let (c, r) = Map::offset(*h);
            unit(SideId::A, pikemen(), 100, c, r)
        })
        .chain([unit(SideId::B, pikemen(), 100, 9, 9)])
        .collect();
    let Err(refused) = Game::new(common::setup(units), Dice::seeded(1)) else {
        panic!("a setup with units sharing hexes was accepted");
    };
    let shared: Vec<Option<usize>> = (refused.iter())
        .filter(|e| e.message.contains("(R1.3)"))
        .map(|e| e.unit)
        .collect();
    assert_eq!(shared, vec![Some(2), Some(3)]);
}

#[test]
fn r4_2_engaged_at_start_agrees_with_the_engines_engagement() {
    let placed = [
        (5, 5, SideId::A),
        (5, 4, SideId::B),
        (8, 8, SideId::B),
        (6, 5, SideId::A),
        (8, 7, SideId::A),
    ];
    let units: Vec<_> = (placed.iter())
        .map(|&(c, r, s)| unit(s, pikemen(), 100, c, r))
        .collect();
    let g = game(units, &[1, 2]);
    let list: Vec<(Hex, SideId)> = placed.iter().map(|&(c, r, s)| (at(c, r), s)).collect();
    let pairs = engaged_at_start(&list);
    for (i, u) in g.units().iter().enumerate() {
        let flagged = pairs.iter().any(|(a, b)| *a == i || *b == i);
        assert_eq!(flagged, g.is_engaged(u), "unit {i}");
    }
    assert_eq!(pairs, vec![(1, 0), (4, 2)]);
}

/// R5.6: the former copy in `ai/plan/charge.rs` gave any ready, steady target a
/// reaction; the engine gives none to a firearm unit with reload tokens, and its answer
/// now stands. Where a unit may react, the engine's reaction to an adjacent enemy exists.
#[test]
fn r5_6_who_may_react_is_the_engines_answer() {
    let mut compared = 0;
    for g in positions() {
        for r in g.units().iter().filter(|u| u.on_map()) {
            let old = r.ready && r.status == Status::Steady;
            let firearm = r
                .troop
                .missile
                .as_ref()
                .is_some_and(MissileWeapon::is_firearm);
            assert_eq!(r.may_react(), old && !(firearm && r.reload_tokens > 0));
            let beside = g
                .units_of(r.side.other())
                .find(|e| e.pos.unsigned_distance_to(r.pos) == 1);
            if let Some(e) = beside {
                assert_eq!(g.reaction_kind(r.id, e.id, true).is_some(), r.may_react());
                compared += 1;
            }
        }
    }
    assert!(compared > 100, "{compared}");
}

#[test]
fn r5_6_a_ready_firearm_unit_with_a_reload_token_does_not_react() {
    let mut loaded = common::ready(unit(SideId::A, musketeers(), 100, 5, 9));
    let mut reloading = common::ready(unit(SideId::A, musketeers(), 100, 7, 9));
    (loaded.reload_tokens, reloading.reload_tokens) = (0, 1);
    let g = game(
        vec![loaded, reloading, unit(SideId::B, pikemen(), 100, 5, 2)],
        &[1, 2],
    );
    assert!(g.units()[0].may_react());
    assert!(!g.units()[1].may_react());
}

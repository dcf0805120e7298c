//! Specification tests for R5 (attack sequences) of RULES.md: throws, uhp per hit,
//! effective AC, modifiers, one sequence a turn, and ready units' reactions.

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
use volley::engine::event::{AttackKind, RollCause};
use volley::engine::game::AttackProfile;
use volley::engine::types::{FirearmKind, Lock, MeleeClass, SideId};
use volley::engine::Order;
use volley::engine::Refusal;
use volley::engine::{CancelReason, ModifierKind};
use volley::engine::{
    Command, Event, Formation, Game, Phase, RuleError, Terrain, TroopType, UnitSetup,
};

const A: SideId = SideId::A;
const B: SideId = SideId::B;

const MISSILE: AttackKind = AttackKind::Missile;
const MELEE: AttackKind = AttackKind::Melee;
const CHARGE: AttackKind = AttackKind::Charge;
const REACT_FIRE: AttackKind = AttackKind::Reaction {
    missile: true,
    vs_charge: false,
};
const REACT_MELEE: AttackKind = AttackKind::Reaction {
    missile: false,
    vs_charge: false,
};
const SET_VS_CHARGE: AttackKind = AttackKind::Reaction {
    missile: false,
    vs_charge: true,
};

fn armored(mut t: TroopType, armor_ac: i32, other_ac: i32) -> TroopType {
    t.armor_ac = armor_ac;
    t.other_ac = other_ac;
    t
}

/// The Missile phase with side A's 120 archers at (5,8) facing `target`.
fn archers_facing(target: UnitSetup, faces: &[u32]) -> Game {
    at_phase(
        vec![unit(A, archers(), 120, 5, 8), target],
        faces,
        Phase::Missile,
    )
}

/// The Melee phase with `attacker` of side A facing side B's `target`.
fn melee_between(attacker: UnitSetup, target: UnitSetup, faces: &[u32]) -> Game {
    at_phase(vec![attacker, target], faces, Phase::Melee)
}

/// The refusal of another attack sequence by `unit` this turn (R5.5).
fn used_up(unit: u16) -> Result<Vec<Event>, RuleError> {
    Err(RuleError::CannotAttack {
        unit: id(unit),
        why: Refusal::AttackedThisTurn,
    })
}

/// The missile attack profile of `shooter` at `target` `hexes` away along a row.
fn missile_profile(shooter: TroopType, target: TroopType, hexes: i32) -> AttackProfile {
    let g = at_phase(
        vec![
            unit(A, shooter, 120, 1, 5),
            unit(B, target, 120, 1 + hexes, 5),
        ],
        &[6, 1],
        Phase::Missile,
    );
    g.attack_profile(id(0), id(1), AttackKind::Missile)
        .expect("in reach")
}

fn matchlock(kind: FirearmKind) -> TroopType {
    shot(Formation::DF, Lock::Matchlock, kind)
}

// ---------------------------------------------------------------- R5.1

#[test]
fn r5_1_each_attack_hits_when_d20_reaches_throw_plus_ac() {
    let target = unit(B, armored(troop(Formation::FF), 4, 0), 120, 5, 4);
    let mut g = archers_facing(target, &[6, 1, 14, 15]);
    assert_eq!(
        ok(&mut g, fire(0, 1)),
        vec![
            declared(0, 1, MISSILE),
            rolled(0, 1, MISSILE, (15, 4), &[], &[(14, false), (15, true)], 1),
            damaged(1, A, 1, 7),
        ]
    );
}

#[test]
fn r5_1_a_natural_20_always_hits() {
    let target = unit(B, armored(troop(Formation::FF), 12, 0), 120, 5, 4);
    let mut g = archers_facing(target, &[6, 1, 20, 19]);
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events[1..],
        [
            rolled(0, 1, MISSILE, (23, 12), &[], &[(20, true), (19, false)], 1),
            damaged(1, A, 1, 7),
        ]
    );
}

#[test]
fn r5_1_a_natural_1_always_misses() {
    let mut sure_shots = archers();
    sure_shots.attack_throw = 5;
    let mut g = at_phase(
        vec![
            unit(A, sure_shots, 120, 5, 8),
            unit(B, armored(troop(Formation::FF), 0, -5), 120, 5, 4),
        ],
        &[6, 1, 1, 2],
        Phase::Missile,
    );
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events[1],
        rolled(0, 1, MISSILE, (0, -5), &[], &[(1, false), (2, true)], 1)
    );
}

// ---------------------------------------------------------------- R5.2

#[test]
fn r5_2_charging_lancers_deal_2_uhp_per_hit() {
    let mut g = at_phase(
        vec![unit(A, lancers(), 60, 5, 8), ff(B, 5, 5)],
        &[6, 1, 9, 8],
        Phase::Movement,
    );
    ok(&mut g, charge(0, at(5, 6), 1));
    let hits = &[(9, true), (8, false)];
    assert_eq!(
        movement_to_melee(&mut g),
        vec![
            phase_began(Phase::Melee),
            rolled(0, 1, CHARGE, (11, 0), &[(ModifierKind::Charge, 2)], hits, 2),
            damaged(1, A, 2, 6),
        ]
    );
    // the same lance in an ordinary melee deals 1
    let p = g.attack_profile(id(0), id(1), MELEE).unwrap();
    assert_eq!(p.uhp_per_hit, 1);
}

#[test]
fn r5_2_only_lances_double_the_charge() {
    let g = at_phase(
        vec![unit(A, troop(Formation::HC), 60, 5, 6), ff(B, 5, 5)],
        &[6, 1],
        Phase::Movement,
    );
    let p = g.attack_profile(id(0), id(1), CHARGE).unwrap();
    assert_eq!((p.uhp_per_hit, p.modifier), (1, 2));
}

#[test]
fn r5_2_ready_pikes_deal_2_uhp_per_hit_against_charging_horse() {
    let mut g = at_phase(
        vec![
            unit(A, lancers(), 60, 5, 8),
            ready(unit(B, pikemen(), 120, 5, 5)),
        ],
        &[6, 1, 11, 2, 2, 4, 4],
        Phase::Movement,
    );
    let throws = &[(11, true), (2, false), (2, false)];
    assert_eq!(
        ok(&mut g, charge(0, at(5, 6), 1)),
        charged_from_5_8(vec![
            declared(1, 0, SET_VS_CHARGE),
            rolled(1, 0, SET_VS_CHARGE, (11, 0), &[], throws, 2),
            Event::ReadyLost { unit: id(1) },
            damaged(0, B, 2, 2),
            shock(0, RollCause::Damage, [4, 4], &[]),
        ])
    );
}

#[test]
fn r5_2_set_spears_double_only_for_formed_foot_against_mounted_chargers() {
    let mut spear_lf = troop(Formation::LF);
    spear_lf.melee.class = MeleeClass::SpearOrPolearm;
    let g = at_phase(
        vec![
            unit(A, pikemen(), 120, 5, 5),
            unit(A, spear_lf, 120, 7, 5),
            unit(B, lancers(), 60, 6, 4),
            ff(B, 6, 6),
        ],
        &[6, 1],
        Phase::Movement,
    );
    let per_hit = |r, t| {
        g.attack_profile(id(r), id(t), SET_VS_CHARGE)
            .unwrap()
            .uhp_per_hit
    };
    assert_eq!(per_hit(0, 2), 2); // FF pikes v. horse
    assert_eq!(per_hit(0, 3), 1); // FF pikes v. foot
    assert_eq!(per_hit(1, 2), 1); // LF spears v. horse
    let plain = g.attack_profile(id(0), id(2), MELEE).unwrap();
    assert_eq!(plain.uhp_per_hit, 1);
}

// ---------------------------------------------------------------- R5.3

#[test]
fn r5_3_effective_ac_is_other_plus_armor() {
    let p = missile_profile(archers(), armored(troop(Formation::FF), 5, 2), 2);
    assert_eq!((p.effective_ac, p.needed, p.firearm), (7, 18, false));
}

#[test]
fn r5_3_a_firearm_in_armor_piercing_range_ignores_up_to_5_armor() {
    let heavy = armored(troop(Formation::FF), 7, 2);
    let light = armored(troop(Formation::FF), 3, 2);
    let musket = FirearmKind::Musket;
    let p = missile_profile(matchlock(musket), heavy, 3);
    assert_eq!((p.effective_ac, p.needed, p.firearm), (4, 15, true));
    let p = missile_profile(matchlock(musket), light, 3);
    assert_eq!((p.effective_ac, p.needed), (2, 13));
}

#[test]
fn r5_3_beyond_armor_piercing_range_the_firearm_faces_all_armor() {
    let target = || armored(troop(Formation::FF), 5, 0);
    let arquebus = || matchlock(FirearmKind::Arquebus); // 2/3 v. foot
    assert_eq!(missile_profile(arquebus(), target(), 2).effective_ac, 0);
    assert_eq!(missile_profile(arquebus(), target(), 3).effective_ac, 5);
}

// ---------------------------------------------------------------- R5.4

#[test]
fn r5_4_a_disordered_attacker_takes_minus_2() {
    let mut g = melee_between(disordered(ff(A, 5, 6)), ff(B, 5, 5), &[6, 1, 12, 13]);
    let hits = &[(12, false), (13, true)];
    assert_eq!(
        ok(&mut g, attack(0, 1)),
        vec![
            declared(0, 1, MELEE),
            rolled_at_11(0, 1, MELEE, &[(ModifierKind::Disordered, -2)], hits),
            damaged(1, A, 1, 7),
        ]
    );
}

#[test]
fn r5_4_charging_adds_2() {
    let g = melee_between(ff(A, 5, 6), ff(B, 5, 5), &[6, 1]);
    let mods = |kind| g.attack_profile(id(0), id(1), kind).unwrap().modifiers;
    assert_eq!(mods(CHARGE), vec![(ModifierKind::Charge, 2).into()]);
    assert_eq!(mods(MELEE), vec![]);
}

#[test]
fn r5_4_a_musket_that_moved_fires_at_minus_2_but_never_in_reaction() {
    let mut g = at_phase(
        vec![
            unit(A, musketeers(), 120, 5, 8),
            unit(A, musketeers(), 120, 6, 7),
            ff(B, 5, 4),
            unit(A, matchlock(FirearmKind::Arquebus), 120, 4, 8),
        ],
        &[6, 1, 12],
        Phase::Movement,
    );
    ok(&mut g, march(0, at(5, 7)));
    ok(&mut g, march(3, at(4, 7)));
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(
        ok(&mut g, fire(0, 2)),
        vec![
            declared(0, 2, MISSILE),
            rolled_at_11(
                0,
                2,
                MISSILE,
                &[(ModifierKind::NoForkRest, -2)],
                &[(12, false)]
            ),
            Event::ReloadTokensGained {
                unit: id(0),
                tokens: 1,
            },
        ]
    );
    let mods = |n, kind| g.attack_profile(id(n), id(2), kind).unwrap().modifiers;
    assert_eq!(mods(0, REACT_FIRE), vec![]); // reaction: forks were set up when readying
    assert_eq!(mods(1, MISSILE), vec![]); // stood fast
    assert_eq!(mods(3, MISSILE), vec![]); // an arquebus needs no fork
}

#[test]
fn r5_4_missiles_into_woods_or_villages_take_minus_2() {
    for ground in [Terrain::Woods, Terrain::Village] {
        let mut g = at_phase_on(
            vec![unit(A, archers(), 120, 5, 8), ff(B, 5, 5)],
            &[(at(5, 5), ground)],
            &[6, 1, 13, 12],
            Phase::Missile,
        );
        let events = ok(&mut g, fire(0, 1));
        assert_eq!(
            events[1],
            rolled_at_11(
                0,
                1,
                MISSILE,
                &[(ModifierKind::Cover, -2)],
                &[(13, true), (12, false)]
            ),
            "{ground:?}"
        );
        // melee into the same hex has no cover
        let melee = g.attack_profile(id(0), id(1), MELEE).unwrap();
        assert_eq!(melee.modifier, 0);
    }
}

#[test]
fn r5_4_volley_overhead_takes_minus_2_and_firearms_never_volley() {
    let mut g = at_phase(
        vec![
            unit(A, archers(), 120, 2, 5),
            unit(A, musketeers(), 120, 3, 5),
            ff(A, 4, 5),
            ff(B, 6, 5),
        ],
        &[6, 1, 13, 12],
        Phase::Missile,
    );
    assert_eq!(
        g.check_command(&fire(1, 3)),
        Err(RuleError::CannotAttack {
            unit: id(1),
            why: Refusal::OutOfRangeOrSight,
        })
    );
    let hits = &[(13, true), (12, false)];
    assert_eq!(
        ok(&mut g, fire(0, 3)),
        vec![
            declared(0, 3, MISSILE),
            rolled_at_11(0, 3, MISSILE, &[(ModifierKind::Overhead, -2)], hits),
            damaged(3, A, 1, 7),
        ]
    );
}

#[test]
fn r5_4_melee_downhill_adds_1() {
    let mut g = at_phase_on(
        vec![ff(A, 5, 6), ff(B, 5, 5)],
        &[(at(5, 6), Terrain::Hill)],
        &[6, 1, 10, 9],
        Phase::Melee,
    );
    let events = ok(&mut g, attack(0, 1));
    assert_eq!(
        events[1],
        rolled_at_11(
            0,
            1,
            MELEE,
            &[(ModifierKind::Uphill, 1)],
            &[(10, true), (9, false)]
        )
    );
}

// ---------------------------------------------------------------- R5.5

#[test]
fn r5_5_a_unit_that_fired_may_not_fire_again_or_attack_in_melee() {
    let mut g = at_phase(
        vec![unit(A, archers(), 120, 5, 6), ff(B, 5, 5)],
        &[6, 1, 1, 1],
        Phase::Missile,
    );
    ok(&mut g, fire(0, 1));
    assert_eq!(g.submit(fire(0, 1)).map(<[_]>::to_vec), used_up(0));
    ok(&mut g, Command::Order(Order::EndOrders));
    ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(g.phase(), Phase::Melee);
    assert_eq!(g.submit(attack(0, 1)).map(<[_]>::to_vec), used_up(0));
}

#[test]
fn r5_5_a_reaction_does_not_use_up_the_units_attack_sequence() {
    let mut g = at_phase(
        vec![
            unit(A, lancers(), 60, 5, 8),
            ready(unit(B, pikemen(), 120, 5, 5)),
        ],
        &[6, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        Phase::Movement,
    );
    ok(&mut g, charge(0, at(5, 6), 1));
    movement_to_melee(&mut g);
    // The charger's attack was its charge (R7.2), and that is the reason given.
    assert_eq!(
        g.submit(attack(0, 1)).map(<[_]>::to_vec),
        Err(RuleError::CannotAttack {
            unit: id(0),
            why: Refusal::Charged,
        })
    );
    ok(&mut g, Command::Order(Order::EndOrders));
    assert_eq!(ok(&mut g, attack(1, 0)), unanswered_misses(1, 0, MELEE, 3));
}

// ---------------------------------------------------------------- R5.6

#[test]
fn r5_6_steady_lf_sf_df_ff_lc_hc_may_ready_but_not_if_uf_or_disordered() {
    let df = shot(Formation::DF, Lock::Matchlock, FirearmKind::Musket);
    let sf = shot(Formation::SF, Lock::Matchlock, FirearmKind::Musket);
    let uf = shot(Formation::UF, Lock::Matchlock, FirearmKind::Musket);
    let mut g = at_phase(
        vec![
            unit(A, troop(Formation::LF), 120, 0, 8),
            unit(A, sf, 60, 1, 8),
            unit(A, df, 120, 2, 8),
            ff(A, 3, 8),
            unit(A, troop(Formation::LC), 60, 4, 8),
            unit(A, troop(Formation::HC), 60, 5, 8),
            unit(A, troop(Formation::IF), 120, 6, 8),
            unit(A, uf, 120, 7, 8),
            disordered(ff(A, 8, 8)),
            ff(B, 10, 0),
        ],
        &[6, 1],
        Phase::Melee,
    );
    for n in 0..6 {
        assert_eq!(
            ok(&mut g, Command::Order(Order::Ready { unit: id(n) })),
            vec![Event::Readied { unit: id(n) }]
        );
        assert!(g.unit(id(n)).unwrap().ready);
    }
    let refused = |n: u16, why: Refusal| Err(RuleError::CannotReady { unit: id(n), why });
    for n in [6, 7] {
        assert_eq!(
            g.submit(Command::Order(Order::Ready { unit: id(n) })),
            refused(n, Refusal::UndisciplinedNeverReady)
        );
    }
    assert_eq!(
        g.submit(Command::Order(Order::Ready { unit: id(8) })),
        refused(8, Refusal::OnlySteadyReady)
    );
}

#[test]
fn r5_6_readying_is_instead_of_attacking() {
    let mut g = melee_between(ff(A, 5, 6), ff(B, 5, 5), &[6, 1]);
    ok(&mut g, Command::Order(Order::Ready { unit: id(0) }));
    assert_eq!(
        g.submit(attack(0, 1)),
        Err(RuleError::CannotAttack {
            unit: id(0),
            why: Refusal::ReadiedThisPhase,
        })
    );
}

#[test]
fn r5_6_moving_by_its_own_order_loses_the_ready_marker_standing_fast_keeps_it() {
    let mut g = at_phase(
        vec![ready(ff(A, 3, 8)), ready(ff(A, 7, 8)), ff(B, 10, 0)],
        &[6, 1],
        Phase::Movement,
    );
    ok(&mut g, march(0, at(3, 7)));
    ok(&mut g, Command::Order(Order::StandFast { unit: id(1) }));
    let ready_now = |g: &Game, n| g.unit(id(n)).unwrap().ready;
    assert!(!ready_now(&g, 0));
    assert!(ready_now(&g, 1));
}

#[test]
fn r5_6_a_ready_unit_fires_first_at_an_enemy_declaring_an_attack() {
    let mut g = archers_facing(ready(unit(B, archers(), 120, 5, 4)), &[6, 1, 3, 4, 5, 6]);
    assert_eq!(
        ok(&mut g, fire(0, 1)),
        vec![
            declared(0, 1, MISSILE),
            declared(1, 0, REACT_FIRE),
            rolled_at_11(1, 0, REACT_FIRE, &[], &[(3, false), (4, false)]),
            Event::ReadyLost { unit: id(1) },
            rolled_at_11(0, 1, MISSILE, &[], &[(5, false), (6, false)]),
        ]
    );
    assert!(!g.unit(id(1)).unwrap().ready);
}

#[test]
fn r5_6_a_ready_unit_strikes_first_in_melee() {
    let mut g = melee_between(ff(A, 5, 6), ready(ff(B, 5, 5)), &[6, 1, 1, 1, 1, 1]);
    assert_eq!(
        ok(&mut g, attack(0, 1)),
        vec![
            declared(0, 1, MELEE),
            declared(1, 0, REACT_MELEE),
            rolled_at_11(1, 0, REACT_MELEE, &[], &[(1, false), (1, false)]),
            Event::ReadyLost { unit: id(1) },
            rolled_at_11(0, 1, MELEE, &[], &[(1, false), (1, false)]),
        ]
    );
}

#[test]
fn r5_6_an_enemy_driven_back_by_reaction_fire_loses_its_attack() {
    let mut g = archers_facing(ready(unit(B, musketeers(), 120, 5, 5)), &[6, 1, 15, 2, 3]);
    assert_eq!(
        ok(&mut g, fire(0, 1)),
        vec![
            declared(0, 1, MISSILE),
            declared(1, 0, REACT_FIRE),
            rolled_at_11(1, 0, REACT_FIRE, &[], &[(15, true)]),
            Event::ReadyLost { unit: id(1) },
            Event::ReloadTokensGained {
                unit: id(1),
                tokens: 1,
            },
            damaged(0, B, 1, 7),
            shock(0, RollCause::Damage, [2, 3], &[]),
            recoiled(0, at(4, 9)),
            cancelled(0, CancelReason::AttackerGaveGround),
        ]
    );
}

#[test]
fn r5_6_a_firearm_unit_with_reload_tokens_does_not_react() {
    let mut reloading = ready(unit(B, musketeers(), 120, 5, 5));
    reloading.reload_tokens = 1;
    let mut g = archers_facing(reloading, &[6, 1, 1, 1]);
    assert_eq!(ok(&mut g, fire(0, 1)), unanswered_misses(0, 1, MISSILE, 2));
    assert!(g.unit(id(1)).unwrap().ready);
}

#[test]
fn r5_6_a_ready_unit_reacts_only_to_an_enemy_within_its_reach() {
    // musket range 3 v. foot; the archers shoot from 5 hexes
    let mut g = archers_facing(ready(unit(B, musketeers(), 120, 5, 3)), &[6, 1, 1, 1]);
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(events, unanswered_misses(0, 1, MISSILE, 2));
    assert!(g.unit(id(1)).unwrap().ready);
}

#[test]
fn r5_6_a_reloading_firearm_unit_does_not_react_even_in_melee() {
    let mut reloading = ready(unit(B, musketeers(), 120, 5, 5));
    reloading.reload_tokens = 2;
    let mut g = melee_between(ff(A, 5, 6), reloading, &[6, 1, 1, 1]);
    assert_eq!(ok(&mut g, attack(0, 1)), unanswered_misses(0, 1, MELEE, 2));
    assert!(g.unit(id(1)).unwrap().ready);
}

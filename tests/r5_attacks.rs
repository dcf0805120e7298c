//! Specification tests for R5 (attack sequences) of RULES.md: throws, uhp per hit,
//! effective AC, modifiers, one sequence a turn, and ready units' reactions.
mod common;
use common::*;
use hexx::Hex;
use volley::engine::event::{AttackKind, RollCause};
use volley::engine::game::AttackProfile;
use volley::engine::types::{FirearmKind, Lock, MeleeClass, SideId};
use volley::engine::{
    Command, Event, Formation, Game, MoveKind, Phase, RuleError, ShockResult, Terrain, TroopType,
    UnitSetup,
};

const A: SideId = SideId::A;
const B: SideId = SideId::B;

fn declared(unit: u16, target: u16, kind: AttackKind) -> Event {
    Event::AttackDeclared {
        unit: id(unit),
        target: id(target),
        kind,
    }
}

fn damaged(unit: u16, by: SideId, uhp: u32, left: u32) -> Event {
    Event::Damaged {
        unit: id(unit),
        by,
        uhp,
        left,
    }
}

fn fire(unit: u16, target: u16) -> Command {
    Command::Fire {
        unit: id(unit),
        target: id(target),
    }
}

fn attack(unit: u16, target: u16) -> Command {
    Command::Attack {
        unit: id(unit),
        target: id(target),
    }
}

fn charge(unit: u16, to: Hex, target: u16) -> Command {
    Command::Charge {
        unit: id(unit),
        to,
        target: id(target),
    }
}

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

fn ready(mut u: UnitSetup) -> UnitSetup {
    u.ready = true;
    u
}

fn armored(mut t: TroopType, armor_ac: i32, other_ac: i32) -> TroopType {
    t.armor_ac = armor_ac;
    t.other_ac = other_ac;
    t
}

fn at_phase(units: Vec<UnitSetup>, faces: &[u32], phase: Phase) -> Game {
    let mut g = game(units, faces);
    to_phase(&mut g, phase);
    g
}

/// From the Movement phase with side A ordering, to the Melee phase.
fn movement_to_melee(g: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..4 {
        events = ok(g, Command::EndOrders);
    }
    assert_eq!(g.phase(), Phase::Melee);
    events
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
    let mut g = at_phase(
        vec![
            unit(A, archers(), 120, 5, 8),
            unit(B, armored(troop(Formation::FF), 4, 0), 120, 5, 4),
        ],
        &[6, 1, 14, 15],
        Phase::Missile,
    );
    assert_eq!(
        ok(&mut g, fire(0, 1)),
        vec![
            declared(0, 1, AttackKind::Missile),
            rolled(
                0,
                1,
                AttackKind::Missile,
                (15, 4),
                &[],
                &[(14, false), (15, true)],
                1
            ),
            damaged(1, A, 1, 7),
        ]
    );
}

#[test]
fn r5_1_a_natural_20_always_hits() {
    let mut g = at_phase(
        vec![
            unit(A, archers(), 120, 5, 8),
            unit(B, armored(troop(Formation::FF), 12, 0), 120, 5, 4),
        ],
        &[6, 1, 20, 19],
        Phase::Missile,
    );
    let events = ok(&mut g, fire(0, 1));
    assert_eq!(
        events[1..],
        [
            rolled(
                0,
                1,
                AttackKind::Missile,
                (23, 12),
                &[],
                &[(20, true), (19, false)],
                1
            ),
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
        rolled(
            0,
            1,
            AttackKind::Missile,
            (0, -5),
            &[],
            &[(1, false), (2, true)],
            1
        )
    );
}

// ---------------------------------------------------------------- R5.2

#[test]
fn r5_2_charging_lancers_deal_2_uhp_per_hit() {
    let mut g = at_phase(
        vec![
            unit(A, lancers(), 60, 5, 8),
            unit(B, troop(Formation::FF), 120, 5, 5),
        ],
        &[6, 1, 9, 8],
        Phase::Movement,
    );
    ok(&mut g, charge(0, at(5, 6), 1));
    assert_eq!(
        movement_to_melee(&mut g),
        vec![
            Event::PhaseBegan {
                phase: Phase::Melee
            },
            rolled(
                0,
                1,
                AttackKind::Charge,
                (11, 0),
                &[("charge", 2)],
                &[(9, true), (8, false)],
                2
            ),
            damaged(1, A, 2, 6),
        ]
    );
    // the same lance in an ordinary melee deals 1
    let p = g.attack_profile(id(0), id(1), AttackKind::Melee).unwrap();
    assert_eq!(p.uhp_per_hit, 1);
}

#[test]
fn r5_2_only_lances_double_the_charge() {
    let g = at_phase(
        vec![
            unit(A, troop(Formation::HC), 60, 5, 6),
            unit(B, troop(Formation::FF), 120, 5, 5),
        ],
        &[6, 1],
        Phase::Movement,
    );
    let p = g.attack_profile(id(0), id(1), AttackKind::Charge).unwrap();
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
    assert_eq!(
        ok(&mut g, charge(0, at(5, 6), 1)),
        vec![
            Event::Moved {
                unit: id(0),
                kind: MoveKind::Charge,
                path: vec![at(4, 7), at(5, 6)],
            },
            Event::ChargeDeclared {
                unit: id(0),
                target: id(1),
            },
            declared(
                1,
                0,
                AttackKind::Reaction {
                    missile: false,
                    vs_charge: true
                }
            ),
            rolled(
                1,
                0,
                SET_VS_CHARGE,
                (11, 0),
                &[],
                &[(11, true), (2, false), (2, false)],
                2
            ),
            Event::ReadyLost { unit: id(1) },
            damaged(0, B, 2, 2),
            Event::ShockRolled {
                unit: id(0),
                cause: RollCause::Damage,
                dice: [4, 4],
                modifier: 0,
                total: 8,
                result: ShockResult::Hold,
            },
        ]
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
            unit(B, troop(Formation::FF), 120, 6, 6),
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
    let plain = g.attack_profile(id(0), id(2), AttackKind::Melee).unwrap();
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
    let mut shaken = unit(A, troop(Formation::FF), 120, 5, 6);
    shaken.disordered = true;
    let mut g = at_phase(
        vec![shaken, unit(B, troop(Formation::FF), 120, 5, 5)],
        &[6, 1, 12, 13],
        Phase::Melee,
    );
    assert_eq!(
        ok(&mut g, attack(0, 1)),
        vec![
            declared(0, 1, AttackKind::Melee),
            rolled(
                0,
                1,
                AttackKind::Melee,
                (11, 0),
                &[("disordered", -2)],
                &[(12, false), (13, true)],
                1
            ),
            damaged(1, A, 1, 7),
        ]
    );
}

#[test]
fn r5_4_charging_adds_2() {
    let g = at_phase(
        vec![
            unit(A, troop(Formation::FF), 120, 5, 6),
            unit(B, troop(Formation::FF), 120, 5, 5),
        ],
        &[6, 1],
        Phase::Melee,
    );
    let mods = |kind| g.attack_profile(id(0), id(1), kind).unwrap().modifiers;
    assert_eq!(mods(AttackKind::Charge), vec![("charge".to_string(), 2)]);
    assert_eq!(mods(AttackKind::Melee), vec![]);
}

#[test]
fn r5_4_a_musket_that_moved_fires_at_minus_2_but_never_in_reaction() {
    let mut g = at_phase(
        vec![
            unit(A, musketeers(), 120, 5, 8),
            unit(A, musketeers(), 120, 6, 7),
            unit(B, troop(Formation::FF), 120, 5, 4),
            unit(A, matchlock(FirearmKind::Arquebus), 120, 4, 8),
        ],
        &[6, 1, 12],
        Phase::Movement,
    );
    ok(
        &mut g,
        Command::March {
            unit: id(0),
            to: at(5, 7),
        },
    );
    ok(
        &mut g,
        Command::March {
            unit: id(3),
            to: at(4, 7),
        },
    );
    ok(&mut g, Command::EndOrders);
    ok(&mut g, Command::EndOrders);
    assert_eq!(
        ok(&mut g, fire(0, 2)),
        vec![
            declared(0, 2, AttackKind::Missile),
            rolled(
                0,
                2,
                AttackKind::Missile,
                (11, 0),
                &[("no fork rest", -2)],
                &[(12, false)],
                1
            ),
            Event::ReloadTokensGained {
                unit: id(0),
                tokens: 1,
            },
        ]
    );
    let mods = |n, kind| g.attack_profile(id(n), id(2), kind).unwrap().modifiers;
    assert_eq!(mods(0, REACT_FIRE), vec![]); // reaction: forks were set up when readying
    assert_eq!(mods(1, AttackKind::Missile), vec![]); // stood fast
    assert_eq!(mods(3, AttackKind::Missile), vec![]); // an arquebus needs no fork
}

#[test]
fn r5_4_missiles_into_woods_or_villages_take_minus_2() {
    for ground in [Terrain::Woods, Terrain::Village] {
        let mut s = setup(vec![
            unit(A, archers(), 120, 5, 8),
            unit(B, troop(Formation::FF), 120, 5, 5),
        ]);
        s.map.set(at(5, 5), ground);
        let mut g = game_with(s, &[6, 1, 13, 12]);
        to_phase(&mut g, Phase::Missile);
        let events = ok(&mut g, fire(0, 1));
        assert_eq!(
            events[1],
            rolled(
                0,
                1,
                AttackKind::Missile,
                (11, 0),
                &[("cover", -2)],
                &[(13, true), (12, false)],
                1
            ),
            "{ground:?}"
        );
        // melee into the same hex has no cover
        let melee = g.attack_profile(id(0), id(1), AttackKind::Melee).unwrap();
        assert_eq!(melee.modifier, 0);
    }
}

#[test]
fn r5_4_volley_overhead_takes_minus_2_and_firearms_never_volley() {
    let mut g = at_phase(
        vec![
            unit(A, archers(), 120, 2, 5),
            unit(A, musketeers(), 120, 3, 5),
            unit(A, troop(Formation::FF), 120, 4, 5),
            unit(B, troop(Formation::FF), 120, 6, 5),
        ],
        &[6, 1, 13, 12],
        Phase::Missile,
    );
    assert_eq!(
        g.check_command(&fire(1, 3)),
        Err(RuleError::CannotAttack {
            unit: id(1),
            why: "the target is out of range or sight (R6.2)".into(),
        })
    );
    assert_eq!(
        ok(&mut g, fire(0, 3)),
        vec![
            declared(0, 3, AttackKind::Missile),
            rolled(
                0,
                3,
                AttackKind::Missile,
                (11, 0),
                &[("overhead", -2)],
                &[(13, true), (12, false)],
                1
            ),
            damaged(3, A, 1, 7),
        ]
    );
}

#[test]
fn r5_4_melee_downhill_adds_1() {
    let mut s = setup(vec![
        unit(A, troop(Formation::FF), 120, 5, 6),
        unit(B, troop(Formation::FF), 120, 5, 5),
    ]);
    s.map.set(at(5, 6), Terrain::Hill);
    let mut g = game_with(s, &[6, 1, 10, 9]);
    to_phase(&mut g, Phase::Melee);
    let events = ok(&mut g, attack(0, 1));
    assert_eq!(
        events[1],
        rolled(
            0,
            1,
            AttackKind::Melee,
            (11, 0),
            &[("uphill", 1)],
            &[(10, true), (9, false)],
            1
        )
    );
}

// ---------------------------------------------------------------- R5.5

#[test]
fn r5_5_a_unit_that_fired_may_not_fire_again_or_attack_in_melee() {
    let mut g = at_phase(
        vec![
            unit(A, archers(), 120, 5, 6),
            unit(B, troop(Formation::FF), 120, 5, 5),
        ],
        &[6, 1, 1, 1],
        Phase::Missile,
    );
    ok(&mut g, fire(0, 1));
    let used = || {
        Err(RuleError::CannotAttack {
            unit: id(0),
            why: "it made its attack sequence this turn (R5.5)".into(),
        })
    };
    assert_eq!(g.submit(fire(0, 1)), used());
    ok(&mut g, Command::EndOrders);
    ok(&mut g, Command::EndOrders);
    assert_eq!(g.phase(), Phase::Melee);
    assert_eq!(g.submit(attack(0, 1)), used());
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
    assert_eq!(
        g.submit(attack(0, 1)),
        Err(RuleError::CannotAttack {
            unit: id(0),
            why: "it made its attack sequence this turn (R5.5)".into(),
        })
    );
    ok(&mut g, Command::EndOrders);
    assert_eq!(
        ok(&mut g, attack(1, 0)),
        vec![
            declared(1, 0, AttackKind::Melee),
            rolled(
                1,
                0,
                AttackKind::Melee,
                (11, 0),
                &[],
                &[(1, false), (1, false), (1, false)],
                1
            ),
        ]
    );
}

// ---------------------------------------------------------------- R5.6

#[test]
fn r5_6_steady_lf_sf_df_ff_lc_hc_may_ready_but_not_if_uf_or_disordered() {
    let df = shot(Formation::DF, Lock::Matchlock, FirearmKind::Musket);
    let sf = shot(Formation::SF, Lock::Matchlock, FirearmKind::Musket);
    let uf = shot(Formation::UF, Lock::Matchlock, FirearmKind::Musket);
    let mut shaken = unit(A, troop(Formation::FF), 120, 8, 8);
    shaken.disordered = true;
    let mut g = at_phase(
        vec![
            unit(A, troop(Formation::LF), 120, 0, 8),
            unit(A, sf, 60, 1, 8),
            unit(A, df, 120, 2, 8),
            unit(A, troop(Formation::FF), 120, 3, 8),
            unit(A, troop(Formation::LC), 60, 4, 8),
            unit(A, troop(Formation::HC), 60, 5, 8),
            unit(A, troop(Formation::IF), 120, 6, 8),
            unit(A, uf, 120, 7, 8),
            shaken,
            unit(B, troop(Formation::FF), 120, 10, 0),
        ],
        &[6, 1],
        Phase::Melee,
    );
    for n in 0..6 {
        assert_eq!(
            ok(&mut g, Command::Ready { unit: id(n) }),
            vec![Event::Readied { unit: id(n) }]
        );
        assert!(g.unit(id(n)).unwrap().ready);
    }
    let refused = |n: u16, why: &str| {
        Err(RuleError::CannotReady {
            unit: id(n),
            why: why.into(),
        })
    };
    for n in [6, 7] {
        assert_eq!(
            g.submit(Command::Ready { unit: id(n) }),
            refused(n, "IF and UF never ready (R5.6)")
        );
    }
    assert_eq!(
        g.submit(Command::Ready { unit: id(8) }),
        refused(8, "only steady units ready (R5.6)")
    );
}

#[test]
fn r5_6_readying_is_instead_of_attacking() {
    let mut g = at_phase(
        vec![
            unit(A, troop(Formation::FF), 120, 5, 6),
            unit(B, troop(Formation::FF), 120, 5, 5),
        ],
        &[6, 1],
        Phase::Melee,
    );
    ok(&mut g, Command::Ready { unit: id(0) });
    assert_eq!(
        g.submit(attack(0, 1)),
        Err(RuleError::CannotAttack {
            unit: id(0),
            why: "it readied this phase".into(),
        })
    );
}

#[test]
fn r5_6_moving_by_its_own_order_loses_the_ready_marker_standing_fast_keeps_it() {
    let mut g = at_phase(
        vec![
            ready(unit(A, troop(Formation::FF), 120, 3, 8)),
            ready(unit(A, troop(Formation::FF), 120, 7, 8)),
            unit(B, troop(Formation::FF), 120, 10, 0),
        ],
        &[6, 1],
        Phase::Movement,
    );
    ok(
        &mut g,
        Command::March {
            unit: id(0),
            to: at(3, 7),
        },
    );
    ok(&mut g, Command::StandFast { unit: id(1) });
    let ready_now = |g: &Game, n| g.unit(id(n)).unwrap().ready;
    assert!(!ready_now(&g, 0));
    assert!(ready_now(&g, 1));
}

#[test]
fn r5_6_a_ready_unit_fires_first_at_an_enemy_declaring_an_attack() {
    let mut g = at_phase(
        vec![
            unit(A, archers(), 120, 5, 8),
            ready(unit(B, archers(), 120, 5, 4)),
        ],
        &[6, 1, 3, 4, 5, 6],
        Phase::Missile,
    );
    assert_eq!(
        ok(&mut g, fire(0, 1)),
        vec![
            declared(0, 1, AttackKind::Missile),
            declared(1, 0, REACT_FIRE),
            rolled(1, 0, REACT_FIRE, (11, 0), &[], &[(3, false), (4, false)], 1),
            Event::ReadyLost { unit: id(1) },
            rolled(
                0,
                1,
                AttackKind::Missile,
                (11, 0),
                &[],
                &[(5, false), (6, false)],
                1
            ),
        ]
    );
    assert!(!g.unit(id(1)).unwrap().ready);
}

#[test]
fn r5_6_a_ready_unit_strikes_first_in_melee() {
    let mut g = at_phase(
        vec![
            unit(A, troop(Formation::FF), 120, 5, 6),
            ready(unit(B, troop(Formation::FF), 120, 5, 5)),
        ],
        &[6, 1, 1, 1, 1, 1],
        Phase::Melee,
    );
    assert_eq!(
        ok(&mut g, attack(0, 1)),
        vec![
            declared(0, 1, AttackKind::Melee),
            declared(1, 0, REACT_MELEE),
            rolled(
                1,
                0,
                REACT_MELEE,
                (11, 0),
                &[],
                &[(1, false), (1, false)],
                1
            ),
            Event::ReadyLost { unit: id(1) },
            rolled(
                0,
                1,
                AttackKind::Melee,
                (11, 0),
                &[],
                &[(1, false), (1, false)],
                1
            ),
        ]
    );
}

#[test]
fn r5_6_an_enemy_driven_back_by_reaction_fire_loses_its_attack() {
    let mut g = at_phase(
        vec![
            unit(A, archers(), 120, 5, 8),
            ready(unit(B, musketeers(), 120, 5, 5)),
        ],
        &[6, 1, 15, 2, 3],
        Phase::Missile,
    );
    assert_eq!(
        ok(&mut g, fire(0, 1)),
        vec![
            declared(0, 1, AttackKind::Missile),
            declared(1, 0, REACT_FIRE),
            rolled(1, 0, REACT_FIRE, (11, 0), &[], &[(15, true)], 1),
            Event::ReadyLost { unit: id(1) },
            Event::ReloadTokensGained {
                unit: id(1),
                tokens: 1,
            },
            damaged(0, B, 1, 7),
            Event::ShockRolled {
                unit: id(0),
                cause: RollCause::Damage,
                dice: [2, 3],
                modifier: 0,
                total: 5,
                result: ShockResult::Recoil,
            },
            Event::Recoiled {
                unit: id(0),
                to: Some(at(4, 9)),
            },
            Event::AttackCancelled {
                unit: id(0),
                reason: "the attacker gave ground (R5.6)".into(),
            },
        ]
    );
}

#[test]
fn r5_6_a_firearm_unit_with_reload_tokens_does_not_react() {
    let mut reloading = ready(unit(B, musketeers(), 120, 5, 5));
    reloading.reload_tokens = 1;
    let mut g = at_phase(
        vec![unit(A, archers(), 120, 5, 8), reloading],
        &[6, 1, 1, 1],
        Phase::Missile,
    );
    assert_eq!(
        ok(&mut g, fire(0, 1)),
        vec![
            declared(0, 1, AttackKind::Missile),
            rolled(
                0,
                1,
                AttackKind::Missile,
                (11, 0),
                &[],
                &[(1, false), (1, false)],
                1
            ),
        ]
    );
    assert!(g.unit(id(1)).unwrap().ready);
}

#[test]
fn r5_6_a_ready_unit_reacts_only_to_an_enemy_within_its_reach() {
    // musket range 3 v. foot; the archers shoot from 5 hexes
    let mut g = at_phase(
        vec![
            unit(A, archers(), 120, 5, 8),
            ready(unit(B, musketeers(), 120, 5, 3)),
        ],
        &[6, 1, 1, 1],
        Phase::Missile,
    );
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
                &[(1, false), (1, false)],
                1
            ),
        ]
    );
    assert!(g.unit(id(1)).unwrap().ready);
}

#[test]
fn r5_6_a_reloading_firearm_unit_does_not_react_even_in_melee() {
    let mut reloading = ready(unit(B, musketeers(), 120, 5, 5));
    reloading.reload_tokens = 2;
    let mut g = at_phase(
        vec![unit(A, troop(Formation::FF), 120, 5, 6), reloading],
        &[6, 1, 1, 1],
        Phase::Melee,
    );
    assert_eq!(
        ok(&mut g, attack(0, 1)),
        vec![
            declared(0, 1, AttackKind::Melee),
            rolled(
                0,
                1,
                AttackKind::Melee,
                (11, 0),
                &[],
                &[(1, false), (1, false)],
                1
            ),
        ]
    );
    assert!(g.unit(id(1)).unwrap().ready);
}

//! Building a battle from a setup (R1–R2): sides, units with their derived profiles, map,
//! objectives and rule options; every problem is reported, then turn 1 begins (R3.1).

use super::{Game, Side, TurnMarks, Unit};
use crate::engine::dice::Dice;
use crate::engine::event::Phase;
use crate::engine::map::Map;
use crate::engine::rules::Rules;
use crate::engine::types::{Edge, SideId, Status, UnitId};
use crate::engine::unit::Profile;
use crate::engine::unit::TroopType;
use hexx::Hex;
use std::collections::BTreeMap;

/// A side as the scenario gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct SideSetup {
    pub name: String,
    pub strategic_ability: i32,
    pub morale_modifier: i32,
    pub edge: Edge,
}

/// A unit as the scenario places it, with an optional starting state.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitSetup {
    pub label: String,
    pub side: SideId,
    pub troop: TroopType,
    pub creatures: u32,
    pub pos: Hex,
    pub disordered: bool,
    pub ready: bool,
    pub reload_tokens: u32,
    /// uhp already lost.
    pub damage: u32,
}

/// A named objective hex (R10.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    pub name: String,
    pub hex: Hex,
}

/// Everything a battle starts from.
#[derive(Clone, Debug, PartialEq)]
pub struct BattleSetup {
    pub rules: Rules,
    pub map: Map,
    pub sides: [SideSetup; 2],
    pub units: Vec<UnitSetup>,
    pub objectives: Vec<Objective>,
    pub turn_limit: Option<u32>,
    pub defender: SideId,
}

/// A setup problem, naming the unit (by index in the setup list) where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    pub unit: Option<usize>,
    pub message: String,
}

impl Game {
    /// Builds the battle and rolls turn 1's initiative; lists every problem of the setup.
    pub fn new(setup: BattleSetup, dice: Dice) -> Result<Game, Vec<SetupError>> {
        let units = build_units(&setup)?;
        let start_uhp = |side: SideId| units.iter().filter(|u| u.side == side).map(|u| u.uhp).sum();
        let side = |s: &SideSetup, id: SideId| Side {
            name: s.name.clone(),
            strategic_ability: s.strategic_ability,
            morale_modifier: s.morale_modifier,
            edge: s.edge,
            start_uhp: start_uhp(id),
            inflicted: 0,
        };
        let sides = [
            side(&setup.sides[0], SideId::A),
            side(&setup.sides[1], SideId::B),
        ];
        let mut game = Game {
            rules: setup.rules,
            map: setup.map,
            sides,
            units,
            objectives: setup.objectives,
            turn_limit: setup.turn_limit,
            defender: setup.defender,
            turn: 0,
            phase: Phase::Initiative,
            first: SideId::A,
            ordering: SideId::A,
            pending: None,
            agenda: Vec::new(),
            charges: Vec::new(),
            routs_this_turn: Vec::new(),
            broken: [false; 2],
            outcome: None,
            dice,
            log: Vec::new(),
        };
        game.begin_turn();
        game.run_agenda();
        Ok(game)
    }
}

fn build_units(setup: &BattleSetup) -> Result<Vec<Unit>, Vec<SetupError>> {
    let mut errors = Vec::new();
    let mut units = Vec::new();
    let mut taken: BTreeMap<(i32, i32), usize> = BTreeMap::new();
    for (i, u) in setup.units.iter().enumerate() {
        let mut fail = |message: String| {
            errors.push(SetupError {
                unit: Some(i),
                message,
            })
        };
        match setup.map.terrain(u.pos) {
            None => fail(format!("{} stands off the map", u.label)),
            Some(t) if setup.rules.terrain(t).cost.is_none() => {
                fail(format!("{} stands in impassable {t:?}", u.label))
            }
            _ => {}
        }
        if let Some(other) = taken.insert((u.pos.x, u.pos.y), i) {
            fail(format!(
                "{} shares its hex with {} (R1.3)",
                u.label, setup.units[other].label
            ));
        }
        match Profile::derive(&setup.rules, &u.troop, u.creatures) {
            Err(e) => fail(format!("{}: {e}", u.label)),
            Ok(profile) if u.damage >= profile.uhp => fail(format!(
                "{}: damage {} leaves no uhp of {}",
                u.label, u.damage, profile.uhp
            )),
            Ok(profile) => units.push(make_unit(units.len(), u, profile)),
        }
    }
    if units.len() > usize::from(u16::MAX) {
        errors.push(SetupError {
            unit: None,
            message: "too many units".into(),
        });
    }
    for side in [SideId::A, SideId::B] {
        if !setup.units.iter().any(|u| u.side == side) {
            let name = &setup.sides[side.index()].name;
            errors.push(SetupError {
                unit: None,
                message: format!("side {name} has no unit"),
            });
        }
    }
    if errors.is_empty() {
        Ok(units)
    } else {
        Err(errors)
    }
}

fn make_unit(index: usize, u: &UnitSetup, profile: Profile) -> Unit {
    let steady = !u.disordered;
    Unit {
        id: UnitId(index as u16),
        side: u.side,
        label: u.label.clone(),
        troop: u.troop.clone(),
        creatures: u.creatures,
        uhp: profile.uhp - u.damage,
        profile,
        pos: u.pos,
        status: if steady {
            Status::Steady
        } else {
            Status::Disordered
        },
        ready: u.ready && steady && !u.troop.formation.is_undisciplined(),
        reload_tokens: u.reload_tokens,
        tokens_at_turn_start: u.reload_tokens,
        retreats: 0,
        fate: None,
        marks: TurnMarks::default(),
    }
}

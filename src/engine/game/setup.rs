//! Building a battle from a setup (R1–R2): sides, units with their derived profiles, map,
//! objectives and rule options; every problem is reported, then turn 1 begins (R3.1).

use super::{grid, Game, Side, TurnMarks, Unit};
use crate::engine::dice::Dice;
use crate::engine::error::Refusal;
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
    /// The side's name.
    pub name: String,
    /// Added to initiative (R3.1).
    pub strategic_ability: i32,
    /// Added to army morale (R10.2).
    pub morale_modifier: i32,
    /// Home edge, where its fleeing units run (R8.4).
    pub edge: Edge,
}

/// A unit as the scenario places it, with an optional starting state.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitSetup {
    /// Name on the map and in the log.
    pub label: String,
    /// The name is plural (`Red lancers`), so the log says "charge", not "charges".
    pub plural: bool,
    /// The side it fights for.
    pub side: SideId,
    /// Its troop type.
    pub troop: TroopType,
    /// Number of creatures (R2.2).
    pub creatures: u32,
    /// Its hex.
    pub pos: Hex,
    /// Starts disordered.
    pub disordered: bool,
    /// Starts fleeing (R8.4), as a unit that broke before the battle's first turn.
    pub fleeing: bool,
    /// Starts ready (R5.6).
    pub ready: bool,
    /// Reload tokens at the start (R6.4).
    pub reload_tokens: u32,
    /// uhp already lost.
    pub damage: u32,
    /// Held off the map until it arrives (R12.1); `pos` is then unused.
    pub reserve: Option<crate::engine::script::ReserveSetup>,
    /// The scenario's group it belongs to, for the briefing and the panel (R12.7).
    pub group: Option<String>,
}

impl UnitSetup {
    /// What is impossible in this starting state, for a unit of `profile`: each problem
    /// with the scenario field at fault. Ready only on steady, disciplined units (R5.6);
    /// reload tokens only up to what its firearm gains (R6.4); not fleeing and disordered.
    pub fn start_problems(&self, profile: &Profile) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if self.ready && self.troop.formation.is_undisciplined() {
            out.push((
                "ready",
                format!("ready, but {}", Refusal::UndisciplinedNeverReady),
            ));
        } else if self.ready && (self.disordered || self.fleeing) {
            out.push(("ready", format!("ready, but {}", Refusal::OnlySteadyReady)));
        }
        if self.fleeing && self.disordered {
            out.push((
                "fleeing",
                "fleeing and disordered: a unit is one or the other".into(),
            ));
        }
        let (held, most) = (self.reload_tokens, profile.reload_tokens);
        if held > 0 && most == 0 {
            let message = format!("{} but it gains none: no firearm (R6.4)", tokens(held));
            out.push(("reload_tokens", message));
        } else if held > most {
            let message =
                format!("{held} reload tokens, but it never holds more than {most} (R6.4)");
            out.push(("reload_tokens", message));
        }
        out
    }
}

/// `1 reload token,` or `3 reload tokens,`.
fn tokens(n: u32) -> String {
    match n {
        1 => "1 reload token,".into(),
        n => format!("{n} reload tokens,"),
    }
}

/// A named objective hex (R10.3) with its value and owner (R12.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    /// The place's name.
    pub name: String,
    /// Its hex.
    pub hex: Hex,
    /// What holding it is worth at the turn limit, 1 to 100 (R12.4).
    pub value: u32,
    /// The only side it counts for, if any (R12.4).
    pub owner: Option<SideId>,
}

impl Objective {
    /// What the objective counts for `side` when `side` holds it: its value, or 0 if it
    /// belongs to the other side (R12.4).
    pub fn worth_for(&self, side: SideId) -> u32 {
        if self.owner.is_none_or(|o| o == side) {
            self.value
        } else {
            0
        }
    }
}

/// Everything a battle starts from.
#[derive(Clone, Debug, PartialEq)]
pub struct BattleSetup {
    /// The rules and options in force.
    pub rules: Rules,
    /// The battlefield.
    pub map: Map,
    /// Side A and side B.
    pub sides: [SideSetup; 2],
    /// Every unit at the start.
    pub units: Vec<UnitSetup>,
    /// Hexes counted at the turn limit (R10.3).
    pub objectives: Vec<Objective>,
    /// The last turn, if any (R3.3).
    pub turn_limit: Option<u32>,
    /// The side that wins a drawn count (R10.3).
    pub defender: SideId,
    /// Standing orders for the computer, by unit id; none for a battle that gives none.
    pub orders: Vec<crate::engine::orders::OrderEntry>,
    /// The scenario's events, in the order they are checked (R12.7).
    pub events: Vec<crate::engine::script::ScenarioEvent>,
}

/// A setup problem, naming the unit (by index in the setup list) where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// Index of the unit in the setup's list, where one is at fault.
    pub unit: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl Game {
    /// Builds the battle and rolls turn 1's initiative; lists every problem of the setup.
    pub fn new(setup: BattleSetup, dice: Dice) -> Result<Game, Vec<SetupError>> {
        let units = build_units(&setup)?;
        let units_len = units.len();
        // R12.2: a reserve's uhp joins its side's starting uhp only when it arrives.
        let start_uhp = |side: SideId| {
            units
                .iter()
                .filter(|u| u.on_map() && u.side == side)
                .map(|u| u.uhp)
                .sum()
        };
        let side = |s: &SideSetup, id: SideId| Side {
            name: s.name.clone(),
            strategic_ability: s.strategic_ability,
            morale_modifier: s.morale_modifier,
            edge: s.edge,
            start_uhp: start_uhp(id),
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
            grid: Default::default(),
            orders: Vec::new(),
            nearest: Default::default(),
            march_fields: Default::default(),
            standing: crate::engine::orders::standing_from(&setup.orders, units_len),
            order_entries: setup.orders,
            fired: vec![false; setup.events.len()],
            events: setup.events,
        };
        game.orders = vec![Default::default(); game.units.len()];
        game.grid = grid::Grid::new(&game.rules, &game.map, &game.units);
        // Worked out once here, so every copy a look-ahead makes shares them.
        game.warm_march_fields();
        game.begin_turn();
        game.run_agenda();
        Ok(game)
    }
}

/// How setup problems name a unit: its label and hex, `"Banér's horse" at (1, 3)`.
fn who(u: &UnitSetup) -> String {
    let (col, row) = Map::offset(u.pos);
    format!("\"{}\" at ({col}, {row})", u.label)
}

fn build_units(setup: &BattleSetup) -> Result<Vec<Unit>, Vec<SetupError>> {
    let mut errors = Vec::new();
    let mut units = Vec::new();
    let mut taken: BTreeMap<(i32, i32), &str> = BTreeMap::new();
    for (i, u) in setup.units.iter().enumerate() {
        let mut fail = |message: String| {
            errors.push(SetupError {
                unit: Some(i),
                message,
            })
        };
        // A reserve stands nowhere until it arrives (R12.1, R12.2).
        if u.reserve.is_none() {
            match setup.map.terrain(u.pos) {
                None => fail(format!("{} stands off the map", who(u))),
                Some(t) if setup.rules.terrain(t).cost.is_none() => {
                    fail(format!("{} stands in impassable {t:?}", who(u)))
                }
                _ => {}
            }
            if let Some(other) = taken.insert((u.pos.x, u.pos.y), &u.label) {
                fail(format!("{} shares its hex with \"{other}\" (R1.3)", who(u)));
            }
        }
        match Profile::derive(&setup.rules, &u.troop, u.creatures) {
            Err(e) => fail(format!("{}: {e}", who(u))),
            Ok(profile) if u.damage >= profile.uhp => fail(format!(
                "{}: damage {} leaves no uhp of {}",
                who(u),
                u.damage,
                profile.uhp
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
            let name = &side.of(&setup.sides).name;
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
        plural: u.plural,
        troop: u.troop.clone(),
        creatures: u.creatures,
        uhp: profile.uhp - u.damage,
        profile,
        pos: u.pos,
        status: match (u.fleeing, steady) {
            (true, _) => Status::Fleeing,
            (false, true) => Status::Steady,
            (false, false) => Status::Disordered,
        },
        ready: u.ready && steady && !u.fleeing && !u.troop.formation.is_undisciplined(),
        reload_tokens: u.reload_tokens,
        tokens_at_turn_start: u.reload_tokens,
        retreats: 0,
        fate: None,
        marks: TurnMarks::default(),
        reserve: u.reserve.as_ref().map(|r| super::Reserve {
            turn: r.turn,
            released: false,
            hexes: r.hexes.clone(),
        }),
        group: u.group.clone(),
    }
}

//! The editor's three forms (issue 32): a unit (troop type, label, side, creatures,
//! starting state: damage, reload tokens, disordered, ready, fleeing; group; place, or a
//! reserve's arrival turn, releasing event and hexes, R12.1), an objective (name, place,
//! value and owner, R10.3, R12.4), and the battle (name, description, turn limit, defender,
//! seed, and each side's name, commander, edge, strategic ability, morale modifier, player,
//! temper and level). Renaming a side renames it wherever the battle names it.

use super::form::{hexes, hexes_text, number, optional, yes, Field, Form};
use crate::editor::draft::{At, Draft};
use crate::editor::renames::{rename_label, rename_objective, rename_sides};
use crate::engine::{ranges, Edge};
use crate::scenario::script_defs::ReserveDef;
use crate::scenario::{Controller, Level, ObjectiveDef, ScenarioFile, SideDef, UnitDef};

/// What a form edits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The unit of this index.
    Unit(usize),
    /// The objective of this index.
    Objective(usize),
    /// The battle and its sides.
    Battle,
    /// The event of this index (R12.7).
    Event(usize),
    /// The battle's own troop type of this index (R2.2).
    Troop(usize),
    /// A new battle's map size and sides, asked before anything is drawn on it.
    NewBattle,
}

/// The form a new battle opens with: its map's width and height in hexes and its two
/// sides' names, `size` and `sides` to start with.
pub fn new_battle_form(size: (u32, u32), sides: [&str; 2]) -> Form<Target> {
    let side = crate::engine::map::MAX_MAP_SIDE;
    let fields = vec![
        Field::typed("width", size.0.to_string(), format!("hexes, 1 to {side}")),
        Field::typed("height", size.1.to_string(), format!("hexes, 1 to {side}")),
        Field::typed("A name", sides[0], "the side at the south edge"),
        Field::typed("B name", sides[1], "the side at the north edge"),
    ];
    Form::new(
        " A new battle: its size and sides ".into(),
        Target::NewBattle,
        fields,
    )
}

/// A new battle on clear ground of the size and sides the form gives, or why not.
fn new_battle_of(form: &Form<Target>) -> Result<ScenarioFile, String> {
    let most = crate::engine::map::MAX_MAP_SIDE;
    let side = |name: &str| -> Result<u32, String> {
        let n: u32 = number(name, form.get(name))?;
        (1..=most)
            .contains(&n)
            .then_some(n)
            .ok_or_else(|| format!("{name}: {n} is outside 1 to {most}"))
    };
    let (w, h) = (side("width")?, side("height")?);
    let (a, b) = (form.get("A name"), form.get("B name"));
    if a.is_empty() || b.is_empty() || a == b {
        return Err("A name, B name: each side needs a name of its own".into());
    }
    Ok(Draft::blank(w, h, [a, b]).file().clone())
}

/// The form of unit `index`, if it exists.
pub fn unit_form(draft: &Draft, index: usize) -> Option<Form<Target>> {
    let f = draft.file();
    let u = f.units.get(index)?;
    let sides = f.sides.iter().map(|s| s.name.clone()).collect();
    let events = std::iter::once(String::new())
        .chain(f.events.iter().map(|e| e.name.clone()))
        .collect();
    let r = u.reserve.as_ref();
    let fields = vec![
        Field::typed(
            "troop",
            &u.troop,
            "a troop type (`a` on the map lists them)",
        ),
        Field::typed(
            "label",
            u.label.clone().unwrap_or_default(),
            "blank: the troop type's",
        ),
        Field::choice("side", &u.side, sides),
        Field::typed(
            "creatures",
            u.creatures.to_string(),
            format!("{} (R2.2)", ranges::CREATURES),
        ),
        Field::typed(
            "at",
            u.at.map_or(String::new(), |a| hexes_text(&[a])),
            "(col, row); blank for a reserve",
        ),
        Field::typed("damage", u.damage.to_string(), "uhp lost"),
        Field::typed("reload_tokens", u.reload_tokens.to_string(), "R6.4"),
        Field::flag("disordered", u.disordered),
        Field::flag("ready", u.ready),
        Field::flag("fleeing", u.fleeing),
        Field::typed(
            "group",
            u.group.clone().unwrap_or_default(),
            "a name, or blank",
        ),
        Field::typed(
            "reserve_turn",
            r.and_then(|r| r.turn)
                .map_or(String::new(), |t| t.to_string()),
            "a reserve arrives on this turn (R12.1)",
        ),
        Field::choice(
            "reserve_event",
            r.and_then(|r| r.event.clone()).unwrap_or_default(),
            events,
        ),
        Field::typed(
            "reserve_hexes",
            r.map_or(String::new(), |r| hexes_text(&r.hexes)),
            "where it may arrive, first choice first",
        ),
    ];
    let name = u.name();
    let title = format!(" Unit: {} ", crate::text::escape_text(name));
    Some(Form::new(title, Target::Unit(index), fields))
}

/// The unit a unit form describes, or why it cannot be read; a reserve arrives steady
/// and not ready (R12.1), so its other states are dropped.
fn unit_of(form: &Form<Target>, known: &[String]) -> Result<UnitDef, String> {
    let reserve_hexes = hexes("reserve_hexes", form.get("reserve_hexes"))?;
    let turn = optional(form.get("reserve_turn"))
        .map(|t| number("reserve_turn", &t))
        .transpose()?;
    let event = optional(form.get("reserve_event"));
    let reserve =
        (turn.is_some() || event.is_some() || !reserve_hexes.is_empty()).then_some(ReserveDef {
            turn,
            event,
            hexes: reserve_hexes,
        });
    let at = match hexes("at", form.get("at"))?.as_slice() {
        [] => None,
        [one] => Some(*one),
        _ => return Err("at: one hex, (col, row)".into()),
    };
    if reserve.is_some() && at.is_some() {
        return Err(
            "a reserve stands nowhere until it arrives: clear `at`, or the reserve's fields".into(),
        );
    }
    let troop = form.get("troop");
    if !known.iter().any(|k| k == troop) {
        return Err(format!(
            "troop: no troop type called `{troop}` (`a` on the map lists them)"
        ));
    }
    let steady = reserve.is_none();
    Ok(UnitDef {
        troop: form.get("troop").to_string(),
        side: form.get("side").to_string(),
        creatures: number("creatures", form.get("creatures"))?,
        at: if steady { at } else { None },
        label: optional(form.get("label")),
        plural: None,
        disordered: steady && yes(form.get("disordered")),
        ready: steady && yes(form.get("ready")),
        fleeing: steady && yes(form.get("fleeing")),
        reload_tokens: number("reload_tokens", form.get("reload_tokens"))?,
        damage: number("damage", form.get("damage"))?,
        group: optional(form.get("group")),
        reserve,
    })
}

/// The form of objective `index`, if it exists.
pub fn objective_form(draft: &Draft, index: usize) -> Option<Form<Target>> {
    let f = draft.file();
    let o = f.objectives.get(index)?;
    let owners = std::iter::once("both".to_string())
        .chain(f.sides.iter().map(|s| s.name.clone()))
        .collect();
    let fields = vec![
        Field::typed("name", &o.name, "the place's name"),
        Field::typed("at", hexes_text(&[o.at]), "(col, row)"),
        Field::typed(
            "value",
            o.value.unwrap_or(1).to_string(),
            format!("{} (R12.4)", ranges::OBJECTIVE_VALUE),
        ),
        Field::choice(
            "owner",
            o.owner.clone().unwrap_or_else(|| "both".into()),
            owners,
        ),
    ];
    let title = format!(" Objective: {} ", crate::text::escape_text(&o.name));
    Some(Form::new(title, Target::Objective(index), fields))
}

fn objective_of(form: &Form<Target>) -> Result<ObjectiveDef, String> {
    let [at] = hexes("at", form.get("at"))?[..] else {
        return Err("at: one hex, (col, row)".into());
    };
    let value: u32 = number("value", form.get("value"))?;
    let owner = optional(form.get("owner")).filter(|o| o != "both");
    Ok(ObjectiveDef {
        name: form.get("name").to_string(),
        at,
        value: (value != 1).then_some(value),
        owner,
    })
}

/// Field names of side A's and side B's parts of the battle form.
const SIDE_FIELDS: [[&str; 8]; 2] = [
    [
        "A name",
        "A commander",
        "A edge",
        "A strategic_ability",
        "A morale_modifier",
        "A player",
        "A aggression",
        "A level",
    ],
    [
        "B name",
        "B commander",
        "B edge",
        "B strategic_ability",
        "B morale_modifier",
        "B player",
        "B aggression",
        "B level",
    ],
];

const EDGES: [(&str, Edge); 4] = [
    ("North", Edge::North),
    ("South", Edge::South),
    ("West", Edge::West),
    ("East", Edge::East),
];

/// The form of the battle and its two sides.
pub fn battle_form(draft: &Draft) -> Form<Target> {
    let f = draft.file();
    let sides: Vec<String> = f.sides.iter().map(|s| s.name.clone()).collect();
    let mut fields = vec![
        Field::typed("name", &f.name, "the battle's title"),
        Field::typed(
            "description",
            f.description.replace('\n', "\\n"),
            "the briefing; `\\n` starts a line",
        ),
        Field::typed(
            "turn_limit",
            f.turn_limit.to_string(),
            format!("{} (R3.3)", ranges::TURN_LIMIT),
        ),
        Field::choice("defender", &f.defender, sides),
        Field::typed(
            "seed",
            f.seed.map_or(String::new(), |s| s.to_string()),
            "the dice's seed, or blank",
        ),
    ];
    for (names, side) in SIDE_FIELDS.iter().zip(&f.sides) {
        fields.extend(side_fields(names, side));
    }
    Form::new(" Battle ".into(), Target::Battle, fields)
}

fn side_fields(names: &[&'static str; 8], s: &SideDef) -> Vec<Field> {
    let words = |list: &[&str]| list.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    let edge = EDGES
        .iter()
        .find(|(_, e)| *e == s.edge)
        .map_or("South", |(n, _)| n);
    let player = if s.player == Controller::Computer {
        "Computer"
    } else {
        "Human"
    };
    let [name, commander, edge_f, strategic, morale, player_f, temper, level] = *names;
    vec![
        Field::typed(name, &s.name, "units name their side by it"),
        Field::typed(commander, &s.commander, "for the briefing"),
        Field::choice(edge_f, edge, words(&["North", "South", "West", "East"])),
        Field::typed(
            strategic,
            s.strategic_ability.to_string(),
            format!("{} (R3.1)", ranges::STRATEGIC_ABILITY),
        ),
        Field::typed(
            morale,
            s.morale_modifier.to_string(),
            format!("{} (R10.2)", ranges::MORALE_MODIFIER),
        ),
        Field::choice(player_f, player, words(&["Human", "Computer"])),
        Field::typed(
            temper,
            s.aggression.to_string(),
            format!("the computer's temper, {}", ranges::AGGRESSION),
        ),
        Field::choice(level, s.level.name(), words(&["easy", "normal", "hard"])),
    ]
}

fn side_of(
    form: &Form<Target>,
    names: &[&'static str; 8],
    old: &SideDef,
) -> Result<SideDef, String> {
    let [name, commander, edge, strategic, morale, player, temper, level] = *names;
    Ok(SideDef {
        name: form.get(name).to_string(),
        commander: form.get(commander).to_string(),
        strategic_ability: number(strategic, form.get(strategic))?,
        morale_modifier: number(morale, form.get(morale))?,
        edge: EDGES
            .iter()
            .find(|(n, _)| *n == form.get(edge))
            .map_or(old.edge, |(_, e)| *e),
        player: if form.get(player) == "Computer" {
            Controller::Computer
        } else {
            Controller::Human
        },
        aggression: number(temper, form.get(temper))?,
        level: form.get(level).parse::<Level>().unwrap_or(old.level),
    })
}

/// Applies `form` to the draft as one edit; false if it changed nothing. Errors: a field
/// that cannot be read, by name.
pub fn apply(draft: &mut Draft, form: &Form<Target>) -> Result<bool, String> {
    match form.target {
        Target::Unit(i) => apply_unit(draft, i, form),
        Target::Objective(i) => {
            let mut objective = objective_of(form)?;
            let Some(old) = draft.file().objectives.get(i).cloned() else {
                return Ok(false);
            };
            // `value: 1` written stays written: it is the same worth.
            if objective.value.unwrap_or(1) == old.value.unwrap_or(1) {
                objective.value = old.value;
            }
            if objective.name == old.name {
                return Ok(draft.set_objective(i, objective));
            }
            Ok(draft.change(|f| {
                rename_objective(f, &old.name, &objective.name);
                if let Some(o) = f.objectives.get_mut(i) {
                    *o = objective;
                }
            }))
        }
        Target::Battle => {
            let next = battle_of(form, draft.file())?;
            Ok(draft.change(|f| *f = next))
        }
        Target::Event(i) => super::event_read::apply_event(draft, i, form),
        Target::NewBattle => {
            let next = new_battle_of(form)?;
            Ok(draft.change(|f| *f = next))
        }
        Target::Troop(i) => super::troop_form::apply_troop(draft, i, form),
    }
}

/// Shows the fields `form`'s choices now call for (an event's trigger and effects, a troop
/// type's missile); other forms keep theirs.
pub fn reshape(form: &mut Form<Target>, draft: &Draft) {
    match form.target {
        Target::Event(_) => super::event_form::reshape(form, draft),
        Target::Troop(_) => form.reshape(super::troop_form::fields),
        Target::Unit(_) => {
            // A reserve arrives on a turn or when an event releases it, not both (R12.1).
            let chosen = form.fields.get(form.selected);
            if chosen.is_some_and(|f| f.name == "reserve_event" && !f.value.is_empty()) {
                if let Some(turn) = form.fields.iter_mut().find(|f| f.name == "reserve_turn") {
                    turn.value.clear();
                }
            }
        }
        _ => {}
    }
}

/// The list a form of an event or a troop type came from, to go back to.
pub fn list_of(target: Target) -> Option<super::lists::List> {
    use super::lists::{List, ListKind};
    match target {
        Target::Event(i) => Some(List {
            kind: ListKind::Events,
            selected: i,
        }),
        Target::Troop(i) => Some(List {
            kind: ListKind::Troops,
            selected: i,
        }),
        _ => None,
    }
}

/// `Ok` if unit `i` may stand at `at`: its own hex, or a free one on the map. A unit the
/// editor could not put the cursor on could not be edited again.
fn placeable(draft: &Draft, i: usize, at: Option<At>) -> Result<(), String> {
    let Some(at) = at else { return Ok(()) };
    let units = &draft.file().units;
    if units.get(i).and_then(|u| u.at) == Some(at) {
        return Ok(());
    }
    let (w, h) = draft.size();
    if !draft.contains(at) {
        return Err(format!("at: {} is off the {w}×{h} map", hexes_text(&[at])));
    }
    let taken = (units.iter().enumerate()).any(|(j, u)| j != i && u.at == Some(at));
    match taken {
        true => Err(format!(
            "at: a unit stands at {} already",
            hexes_text(&[at])
        )),
        false => Ok(()),
    }
}

/// Applies a unit's form; a new label is followed by the events and orders that named the
/// old one, if no other unit bore it (R12.7).
fn apply_unit(draft: &mut Draft, i: usize, form: &Form<Target>) -> Result<bool, String> {
    let known = super::pick::troop_names(draft.file());
    let mut unit = unit_of(form, &known)?;
    placeable(draft, i, unit.at)?;
    let units = &draft.file().units;
    let Some(old) = units.get(i) else {
        return Ok(false);
    };
    // What the form does not show is kept as it was.
    unit.plural = old.plural;
    let (was, now) = (old.name().to_string(), unit.name().to_string());
    // Only a name one unit bears is named by events (R12.7); a name another unit already
    // bears would hand the references to it.
    let nameable = crate::scenario::nameable_units(draft.file());
    let taken = (units.iter().enumerate()).any(|(j, u)| j != i && u.name() == now);
    if was == now || !nameable.contains(&was.as_str()) || taken {
        return Ok(draft.set_unit(i, unit));
    }
    // Orders name only labels written (issue 28).
    let orders = old.label.is_some() && unit.label.is_some();
    Ok(draft.change(|f| {
        rename_label(f, &was, &now, orders);
        if let Some(u) = f.units.get_mut(i) {
            *u = unit;
        }
    }))
}

fn battle_of(form: &Form<Target>, old: &ScenarioFile) -> Result<ScenarioFile, String> {
    let mut f = old.clone();
    f.name = form.get("name").to_string();
    f.description = form.get("description").replace("\\n", "\n");
    f.turn_limit = number("turn_limit", form.get("turn_limit"))?;
    f.seed = optional(form.get("seed"))
        .map(|s| number("seed", &s))
        .transpose()?;
    let (a, b) = (form.get("A name"), form.get("B name"));
    if a.is_empty() || b.is_empty() || a == b {
        return Err("A name, B name: each side needs a name of its own".into());
    }
    let defender = form.get("defender").to_string();
    let mut renames: Vec<(String, String)> = Vec::new();
    for (names, side) in SIDE_FIELDS.iter().zip(f.sides.iter_mut()) {
        let next = side_of(form, names, side)?;
        if next.name != side.name {
            renames.push((side.name.clone(), next.name.clone()));
        }
        *side = next;
    }
    f.defender = defender;
    rename_sides(&mut f, &renames);
    Ok(f)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing, reason = "tests")]
    use super::*;

    fn with_unit() -> Draft {
        let mut d = Draft::blank(6, 4, ["Red", "Blue"]);
        let mut u = UnitDef::new("pikemen", "Red", 120, Some((1, 3)));
        (u.label, u.ready) = (Some("Red pike".into()), true);
        d.add_unit(u);
        d
    }

    /// The battle of [`with_unit`] with an objective, the mill at (2, 2).
    fn with_mill() -> Draft {
        let mut d = with_unit();
        d.add_objective(ObjectiveDef {
            name: "mill".into(),
            at: (2, 2),
            value: None,
            owner: None,
        });
        d
    }

    fn set(form: &mut Form<Target>, name: &str, value: &str) {
        form.fields
            .iter_mut()
            .find(|f| f.name == name)
            .unwrap()
            .value = value.into();
    }

    #[test]
    fn a_unit_form_unchanged_changes_nothing() {
        let mut d = with_unit();
        let mut u = d.file().units[0].clone();
        u.plural = Some(false);
        d.set_unit(0, u);
        let form = unit_form(&d, 0).unwrap();
        assert_eq!(apply(&mut d, &form), Ok(false));
    }

    #[test]
    fn r12_1_a_unit_given_an_arrival_becomes_a_reserve_steady_and_not_ready() {
        let mut d = with_unit();
        let mut form = unit_form(&d, 0).unwrap();
        set(&mut form, "reserve_turn", "3");
        set(&mut form, "at", "");
        set(&mut form, "reserve_hexes", "(0, 3) (1, 3)");
        set(&mut form, "damage", "2");
        assert_eq!(apply(&mut d, &form), Ok(true));
        let u = &d.file().units[0];
        assert_eq!((u.at, u.ready, u.damage), (None, false, 2));
        assert_eq!(u.reserve.as_ref().unwrap().hexes, [(0, 3), (1, 3)]);
    }

    #[test]
    fn a_unit_of_no_troop_type_or_both_placed_and_in_reserve_is_refused() {
        let mut d = with_unit();
        let mut form = unit_form(&d, 0).unwrap();
        set(&mut form, "troop", "");
        assert!(apply(&mut d, &form)
            .unwrap_err()
            .starts_with("troop: no troop type"));
        set(&mut form, "troop", "pikemen");
        set(&mut form, "reserve_turn", "2");
        assert!(apply(&mut d, &form)
            .unwrap_err()
            .starts_with("a reserve stands nowhere"));
    }

    #[test]
    fn two_sides_that_swap_names_keep_their_own_units() {
        let mut d = with_unit();
        let mut form = battle_form(&d);
        set(&mut form, "A name", "Blue");
        set(&mut form, "B name", "Red");
        assert_eq!(apply(&mut d, &form), Ok(true));
        let f = d.file();
        assert_eq!(
            f.units[0].side, "Blue",
            "the unit of side A, now called Blue"
        );
        assert_eq!(f.defender, "Red", "side B defends, now called Red");
    }

    #[test]
    fn two_sides_of_one_name_are_refused() {
        let mut d = with_unit();
        let mut form = battle_form(&d);
        set(&mut form, "B name", "Red");
        assert!(apply(&mut d, &form).is_err());
        assert_eq!(d.file().sides[1].name, "Blue");
    }

    #[test]
    fn a_unit_is_not_put_off_the_map_or_on_another_unit() {
        let mut d = with_unit();
        d.add_unit(UnitDef::new("pikemen", "Blue", 120, Some((4, 1))));
        let mut form = unit_form(&d, 0).unwrap();
        set(&mut form, "at", "(99, 99)");
        assert_eq!(
            apply(&mut d, &form),
            Err("at: (99, 99) is off the 6×4 map".into())
        );
        set(&mut form, "at", "(4, 1)");
        assert_eq!(
            apply(&mut d, &form),
            Err("at: a unit stands at (4, 1) already".into())
        );
        assert_eq!(d.file().units[0].at, Some((1, 3)));
        // A unit sharing its hex (a file's problem) may still be edited where it stands.
        d.add_unit(UnitDef::new("pikemen", "Blue", 120, Some((4, 1))));
        let mut form = unit_form(&d, 2).unwrap();
        set(&mut form, "creatures", "60");
        assert_eq!(apply(&mut d, &form), Ok(true));
    }

    #[test]
    fn a_new_battle_takes_the_size_and_sides_its_form_gives() {
        let mut d = Draft::blank(20, 14, ["Red", "Blue"]);
        let mut form = new_battle_form((20, 14), ["Red", "Blue"]);
        assert_eq!(apply(&mut d, &form), Ok(false), "as given");
        set(&mut form, "width", "0");
        assert_eq!(
            apply(&mut d, &form),
            Err("width: 0 is outside 1 to 200".into())
        );
        set(&mut form, "width", "30");
        set(&mut form, "B name", "Red");
        assert!(apply(&mut d, &form).is_err(), "two sides of one name");
        set(&mut form, "A name", "Scots");
        assert_eq!(apply(&mut d, &form), Ok(true));
        assert_eq!(d.size(), (30, 14));
        assert_eq!(d.file().sides[0].name, "Scots");
    }

    #[test]
    fn a_field_that_cannot_be_read_is_refused_by_name() {
        let mut d = with_unit();
        let mut form = unit_form(&d, 0).unwrap();
        set(&mut form, "creatures", "many");
        assert_eq!(
            apply(&mut d, &form),
            Err("creatures: `many` is not a whole number".into())
        );
    }

    #[test]
    fn renaming_a_side_renames_its_units_and_the_defender() {
        let mut d = with_unit();
        d.add_objective(ObjectiveDef {
            name: "mill".into(),
            at: (2, 2),
            value: Some(3),
            owner: Some("Red".into()),
        });
        let mut form = battle_form(&d);
        set(&mut form, "A name", "Scots");
        set(&mut form, "defender", "Red");
        set(&mut form, "B aggression", "8");
        assert_eq!(apply(&mut d, &form), Ok(true));
        let f = d.file();
        assert_eq!(
            (f.units[0].side.as_str(), f.defender.as_str()),
            ("Scots", "Scots")
        );
        assert_eq!(f.objectives[0].owner.as_deref(), Some("Scots"));
        assert_eq!(f.sides[1].aggression, 8);
    }

    #[test]
    fn r12_7_a_unit_or_objective_renamed_is_renamed_in_events_and_orders() {
        use crate::scenario::script_defs::{EffectDef, EventDef, TriggerDef};
        let mut d = with_mill();
        d.change(|f| {
            f.events.push(EventDef {
                name: "e".into(),
                when: TriggerDef::Holds {
                    side: "Blue".into(),
                    objective: "mill".into(),
                },
                repeat: false,
                then: vec![EffectDef::Defect {
                    unit: Some("Red pike".into()),
                    group: None,
                }],
            });
        });
        let mut form = unit_form(&d, 0).unwrap();
        set(&mut form, "label", "Red foot");
        assert_eq!(apply(&mut d, &form), Ok(true));
        let mut form = objective_form(&d, 0).unwrap();
        set(&mut form, "name", "the mill");
        assert_eq!(apply(&mut d, &form), Ok(true));
        let e = &d.file().events[0];
        assert_eq!(
            e.when,
            TriggerDef::Holds {
                side: "Blue".into(),
                objective: "the mill".into()
            }
        );
        assert_eq!(
            e.then,
            [EffectDef::Defect {
                unit: Some("Red foot".into()),
                group: None
            }]
        );
    }

    #[test]
    fn a_rename_to_a_name_another_unit_bears_leaves_the_references_alone() {
        let mut d = with_unit();
        let mut other = UnitDef::new("pikemen", "Blue", 120, Some((4, 1)));
        other.label = Some("Blue pike".into());
        d.add_unit(other);
        d.change(|f| {
            f.orders.push(crate::scenario::OrderDef {
                group: None,
                unit: Some("Red pike".into()),
                order: crate::scenario::OrderKindDef::Free,
                release_within: None,
            });
        });
        let mut form = unit_form(&d, 0).unwrap();
        set(&mut form, "label", "Blue pike");
        assert_eq!(apply(&mut d, &form), Ok(true));
        assert_eq!(d.file().orders[0].unit.as_deref(), Some("Red pike"));
    }

    #[test]
    fn r12_1_choosing_a_releasing_event_clears_the_arrival_turn() {
        let mut d = with_unit();
        d.change(|f| {
            f.events.push(crate::scenario::script_defs::EventDef {
                name: "relief".into(),
                when: crate::scenario::script_defs::TriggerDef::Turn(3),
                repeat: false,
                then: vec![],
            });
        });
        let mut form = unit_form(&d, 0).unwrap();
        set(&mut form, "reserve_turn", "2");
        form.selected = form
            .fields
            .iter()
            .position(|f| f.name == "reserve_event")
            .unwrap();
        form.change(true);
        reshape(&mut form, &d);
        assert_eq!(
            (form.get("reserve_event"), form.get("reserve_turn")),
            ("relief", "")
        );
    }

    #[test]
    fn r12_4_an_objective_form_sets_value_and_owner() {
        let mut d = with_mill();
        let mut form = objective_form(&d, 0).unwrap();
        set(&mut form, "value", "5");
        form.selected = 3;
        form.change(true);
        assert_eq!(apply(&mut d, &form), Ok(true));
        let o = &d.file().objectives[0];
        assert_eq!((o.value, o.owner.as_deref()), (Some(5), Some("Red")));
    }
}

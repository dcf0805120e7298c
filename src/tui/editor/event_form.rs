//! The editor's form of one scenario event (issue 32, R12.7): its name, its trigger (a turn
//! begun; a unit or group lost or fleeing; a side holding an objective; a side's losses
//! reaching a share of its starting uhp), whether it repeats, and its effects in order (a
//! message, reserves released, R12.1; a defection, R12.3; new computer orders; a change of
//! terrain; the battle's end). Every name is a choice among what the battle has: labels
//! that belong to one unit only, groups, sides, objectives. Choosing a trigger or an
//! effect shows the fields it takes; what was typed in a field hidden is kept while the
//! form is open. The last effect is `(none)`: choosing a kind there adds one, and an effect
//! set to `(none)` is dropped when the form is applied.

use super::form::{Field, Form};
use super::forms::Target;
use super::input::terrain_name;
use crate::editor::draft::Draft;
use crate::engine::ranges;
use crate::engine::Terrain;
use crate::scenario::script_defs::{EffectDef, EventDef, TriggerDef};
use crate::scenario::{OrderKindDef, ScenarioFile, MAX_TURN_LIMIT};
use std::collections::BTreeMap;

/// The triggers' words, as the `when` field offers them (R12.7).
pub const TRIGGERS: [&str; 5] = ["turn begun", "lost", "fleeing", "holds", "losses"];
/// The effects' words, as each `then N` field offers them (R12.7).
pub const EFFECTS: [&str; 6] = [
    "message",
    "release",
    "defect",
    "orders",
    "terrain",
    "end battle",
];
/// The computer's orders an `orders` effect may give (issue 28).
pub const ORDERS: [&str; 5] = [
    "free",
    "hold a hex",
    "hold an objective",
    "guard hexes",
    "advance from turn",
];
/// An effect slot with no effect: the last one, or one to be dropped.
pub const NONE: &str = "(none)";

/// What the battle has that an event may name.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Names {
    /// `unit LABEL` for each label one unit bears, then `group NAME` for each group.
    pub who: Vec<String>,
    /// The sides' names.
    pub sides: Vec<String>,
    /// The objectives' names.
    pub objectives: Vec<String>,
}

impl Names {
    /// The names `file` holds, in file order.
    pub fn of(file: &ScenarioFile) -> Names {
        let mut who: Vec<String> = (crate::scenario::nameable_units(file).into_iter())
            .map(|label| format!("unit {label}"))
            .collect();
        for g in file.units.iter().filter_map(|u| u.group.as_deref()) {
            let name = format!("group {g}");
            if !who.contains(&name) {
                who.push(name);
            }
        }
        Names {
            who,
            sides: file.sides.iter().map(|s| s.name.clone()).collect(),
            objectives: file.objectives.iter().map(|o| o.name.clone()).collect(),
        }
    }
}

/// The form of event `index` of the draft, if it exists.
pub fn event_form(draft: &Draft, index: usize) -> Option<Form<Target>> {
    let event = draft.file().events.get(index)?;
    let title = format!(" Event: {} ", crate::text::escape_text(&event.name));
    let mut form = Form::new(title, Target::Event(index), Vec::new());
    form.kept = values_of(event);
    form.fields = fields(&form.kept, &Names::of(draft.file()));
    Some(form)
}

/// Shows the fields the form's choices now call for, keeping every value typed so far.
pub fn reshape(form: &mut Form<Target>, draft: &Draft) {
    let names = Names::of(draft.file());
    form.reshape(|kept| fields(kept, &names));
}

/// The fields for the values `kept`, each missing one at its default.
pub fn fields(kept: &BTreeMap<String, String>, names: &Names) -> Vec<Field> {
    let values = Values(kept);
    let get = |name: &str| values.get(name);
    let mut out = vec![
        Field::typed("name", get("name"), "unique among the battle's events"),
        choice("when", get("when"), &TRIGGERS),
    ];
    out.extend(trigger_fields(get("when"), &values, names));
    out.push(Field::flag("repeat", get("repeat") == "yes"));
    for k in 1..=slots(kept) {
        let kind = get(&format!("then {k}"));
        let mut kinds = vec![NONE];
        kinds.extend(EFFECTS);
        out.push(choice(&format!("then {k}"), kind, &kinds));
        out.extend(effect_fields(k, kind, &values, names));
    }
    out
}

/// The form's values by field name; a missing one is blank.
struct Values<'a>(&'a BTreeMap<String, String>);

impl<'a> Values<'a> {
    fn get(&self, name: &str) -> &'a str {
        self.0.get(name).map_or("", String::as_str)
    }
}

/// Effect slots shown: every one up to the last with an effect, and one `(none)` after it.
fn slots(kept: &BTreeMap<String, String>) -> usize {
    let used = (1..=kept.len())
        .filter(|k| {
            kept.get(&format!("then {k}"))
                .is_some_and(|v| EFFECTS.contains(&v.as_str()))
        })
        .max();
    used.unwrap_or(0) + 1
}

/// A choice among `words`, now `value` (the first if `value` is not one of them).
fn choice(name: &str, value: &str, words: &[&str]) -> Field {
    let value = if words.contains(&value) {
        value
    } else {
        words.first().copied().unwrap_or("")
    };
    Field::choice(name, value, words.iter().map(|w| w.to_string()).collect())
}

/// A choice among the battle's `names`, now `value`; a value not among them is offered
/// too (the check names it), and with nothing to choose the field is typed.
fn named(name: &str, value: &str, names: &[String], hint: &str) -> Field {
    if names.is_empty() {
        return Field::typed(name, value, hint);
    }
    let mut choices = names.to_vec();
    if !value.is_empty() && !choices.iter().any(|c| c == value) {
        choices.push(value.to_string());
    }
    let value = match names.first() {
        Some(first) if value.is_empty() => first,
        _ => value,
    };
    Field::choice(name, value, choices)
}

fn trigger_fields(when: &str, v: &Values, n: &Names) -> Vec<Field> {
    let get = |name: &str| v.get(name);
    let turns = format!("1 to the turn limit (at most {MAX_TURN_LIMIT})");
    match when {
        "lost" | "fleeing" => vec![named("who", get("who"), &n.who, "unit LABEL or group NAME")],
        "holds" => vec![
            named("side", get("side"), &n.sides, "a side's name"),
            named(
                "objective",
                get("objective"),
                &n.objectives,
                "add objectives with `o`",
            ),
        ],
        "losses" => vec![
            named("side", get("side"), &n.sides, "a side's name"),
            Field::typed(
                "percent",
                or(get("percent"), "50"),
                format!("{} (R12.7)", ranges::LOSS_SHARE),
            ),
        ],
        _ => vec![Field::typed("turn", or(get("turn"), "2"), turns)],
    }
}

fn effect_fields(k: usize, kind: &str, v: &Values, n: &Names) -> Vec<Field> {
    let get = |name: &str| v.get(name);
    let name = |what: &str| format!("{k} {what}");
    let hexes = "(col, row) (col, row) …";
    let who = || {
        named(
            &name("who"),
            get(&name("who")),
            &n.who,
            "unit LABEL or group NAME",
        )
    };
    match kind {
        "message" => vec![Field::typed(
            name("text"),
            get(&name("text")),
            "to both players",
        )],
        "release" | "defect" => vec![who()],
        "orders" => {
            let order = get(&name("order"));
            let mut out = vec![who(), choice(&name("order"), order, &ORDERS)];
            out.extend(order_fields(k, order, v, n));
            out
        }
        "terrain" => {
            let words: Vec<String> = Terrain::ALL.iter().map(|t| terrain_name(*t)).collect();
            let to = or(get(&name("to")), "water");
            vec![
                Field::typed(name("hexes"), get(&name("hexes")), hexes),
                Field::choice(name("to"), to, words),
            ]
        }
        "end battle" => vec![
            named(
                &name("winner"),
                get(&name("winner")),
                &n.sides,
                "a side's name",
            ),
            Field::typed(name("reason"), get(&name("reason")), "for the end screen"),
        ],
        _ => Vec::new(),
    }
}

/// The fields of effect `k`'s computer order of kind `order` (issue 28).
fn order_fields(k: usize, order: &str, v: &Values, n: &Names) -> Vec<Field> {
    let name = |what: &str| format!("{k} {what}");
    let get = |what: &str| v.get(&name(what));
    match order {
        "hold a hex" => vec![Field::typed(name("at"), get("at"), "(col, row)")],
        "hold an objective" => vec![named(
            &name("objective"),
            get("objective"),
            &n.objectives,
            "an objective's name",
        )],
        "guard hexes" => vec![Field::typed(
            name("hexes"),
            get("hexes"),
            "(col, row) (col, row) …",
        )],
        "advance from turn" => vec![Field::typed(
            name("turn"),
            or(get("turn"), "2"),
            "the first turn they may move",
        )],
        _ => Vec::new(),
    }
}

fn or<'a>(value: &'a str, default: &'a str) -> &'a str {
    if value.is_empty() {
        default
    } else {
        value
    }
}

/// `unit LABEL` or `group NAME` for a `unit:`/`group:` pair as the file writes it.
pub(super) fn who_text(unit: &Option<String>, group: &Option<String>) -> String {
    match (unit, group) {
        (Some(u), _) => format!("unit {u}"),
        (None, Some(g)) => format!("group {g}"),
        (None, None) => String::new(),
    }
}

/// The form's values for `event`, by field name.
fn values_of(event: &EventDef) -> BTreeMap<String, String> {
    let mut v = BTreeMap::new();
    v.insert("name".into(), event.name.clone());
    let yes = if event.repeat { "yes" } else { "no" };
    v.insert("repeat".into(), yes.into());
    let (when, pairs) = match &event.when {
        TriggerDef::Turn(t) => ("turn begun", vec![("turn", t.to_string())]),
        TriggerDef::Lost { unit, group } => ("lost", vec![("who", who_text(unit, group))]),
        TriggerDef::Fleeing { unit, group } => ("fleeing", vec![("who", who_text(unit, group))]),
        TriggerDef::Holds { side, objective } => (
            "holds",
            vec![("side", side.clone()), ("objective", objective.clone())],
        ),
        TriggerDef::Losses { side, percent } => (
            "losses",
            vec![("side", side.clone()), ("percent", percent.to_string())],
        ),
    };
    v.insert("when".into(), when.into());
    v.extend(pairs.into_iter().map(|(k, x)| (k.to_string(), x)));
    for (i, effect) in event.then.iter().enumerate() {
        let (kind, pairs) = super::event_read::effect_values(effect);
        v.insert(format!("then {}", i + 1), kind.into());
        v.extend(
            pairs
                .into_iter()
                .map(|(k, x)| (format!("{} {k}", i + 1), x)),
        );
    }
    v
}

/// The event's order as an effect writes it, from its words (see [`ORDERS`]).
pub fn order_words(order: &OrderKindDef) -> &'static str {
    match order {
        OrderKindDef::Free => "free",
        OrderKindDef::Hold { at: Some(_), .. } => "hold a hex",
        OrderKindDef::Hold { .. } => "hold an objective",
        OrderKindDef::Guard { .. } => "guard hexes",
        OrderKindDef::AdvanceFrom { .. } => "advance from turn",
    }
}

/// The words of `effect`'s kind, as [`EFFECTS`] gives them.
pub fn effect_words(effect: &EffectDef) -> &'static str {
    match effect {
        EffectDef::Message(_) => "message",
        EffectDef::Release { .. } => "release",
        EffectDef::Defect { .. } => "defect",
        EffectDef::Orders { .. } => "orders",
        EffectDef::Terrain { .. } => "terrain",
        EffectDef::EndBattle { .. } => "end battle",
    }
}

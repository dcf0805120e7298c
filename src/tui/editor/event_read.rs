//! Reading the editor's event form back into a scenario event (issue 32, R12.7), and the
//! edits of the battle's list of events: add, delete, move, and apply a form, renaming the
//! event wherever a reserve waits for it (R12.1). Only the shape of a value is checked
//! here; whether a name exists or a number is in range is the checker's.

use super::event_form::{effect_words, order_words, NONE};
use super::form::{hexes, hexes_text, number, Form};
use super::forms::Target;
use super::input::terrain_name;
use crate::editor::draft::Draft;
use crate::editor::renames::rename_event;
use crate::engine::Terrain;
use crate::scenario::script_defs::{EffectDef, EventDef, TriggerDef};
use crate::scenario::OrderKindDef;

/// `effect`'s kind in words and its fields' values, each named without its slot number.
pub fn effect_values(effect: &EffectDef) -> (&'static str, Vec<(&'static str, String)>) {
    let who = super::event_form::who_text;
    let pairs = match effect {
        EffectDef::Message(text) => vec![("text", text.clone())],
        EffectDef::Release { unit, group } | EffectDef::Defect { unit, group } => {
            vec![("who", who(unit, group))]
        }
        EffectDef::Orders { unit, group, order } => {
            let mut out = vec![
                ("who", who(unit, group)),
                ("order", order_words(order).into()),
            ];
            match order {
                OrderKindDef::Hold { at: Some(at), .. } => out.push(("at", hexes_text(&[*at]))),
                OrderKindDef::Hold { objective, .. } => {
                    out.push(("objective", objective.clone().unwrap_or_default()));
                }
                OrderKindDef::Guard { hexes } => out.push(("hexes", hexes_text(hexes))),
                OrderKindDef::AdvanceFrom { turn } => out.push(("turn", turn.to_string())),
                OrderKindDef::Free => {}
            }
            out
        }
        EffectDef::Terrain { hexes, to } => {
            vec![("hexes", hexes_text(hexes)), ("to", terrain_name(*to))]
        }
        EffectDef::EndBattle { winner, reason } => {
            vec![("winner", winner.clone()), ("reason", reason.clone())]
        }
    };
    (effect_words(effect), pairs)
}

/// `unit LABEL` or `group NAME` read back as a `(unit, group)` pair, or why not.
fn who(name: &str, text: &str) -> Result<(Option<String>, Option<String>), String> {
    match text.split_once(' ') {
        Some(("unit", label)) if !label.trim().is_empty() => Ok((Some(label.trim().into()), None)),
        Some(("group", group)) if !group.trim().is_empty() => Ok((None, Some(group.trim().into()))),
        _ => Err(format!("{name}: write `unit LABEL` or `group NAME`")),
    }
}

/// The event the form describes, or why a field cannot be read.
pub fn event_of(form: &Form<Target>) -> Result<EventDef, String> {
    let name = form.get("name");
    if name.is_empty() {
        return Err("name: an event needs a name".into());
    }
    let mut then = Vec::new();
    for k in 1.. {
        let kind = form.get(&format!("then {k}"));
        if kind.is_empty() {
            break;
        }
        if kind != NONE {
            then.push(effect_of(form, k, kind)?);
        }
    }
    Ok(EventDef {
        name: name.to_string(),
        when: trigger_of(form)?,
        repeat: super::form::yes(form.get("repeat")),
        then,
    })
}

fn trigger_of(form: &Form<Target>) -> Result<TriggerDef, String> {
    let get = |n: &str| form.get(n).to_string();
    Ok(match form.get("when") {
        "lost" => {
            let (unit, group) = who("who", form.get("who"))?;
            TriggerDef::Lost { unit, group }
        }
        "fleeing" => {
            let (unit, group) = who("who", form.get("who"))?;
            TriggerDef::Fleeing { unit, group }
        }
        "holds" => TriggerDef::Holds {
            side: get("side"),
            objective: get("objective"),
        },
        "losses" => TriggerDef::Losses {
            side: get("side"),
            percent: number("percent", form.get("percent"))?,
        },
        _ => TriggerDef::Turn(number("turn", form.get("turn"))?),
    })
}

fn effect_of(form: &Form<Target>, k: usize, kind: &str) -> Result<EffectDef, String> {
    let name = |what: &str| format!("{k} {what}");
    let get = |what: &str| form.get(&name(what)).to_string();
    let who = || who(&name("who"), form.get(&name("who")));
    Ok(match kind {
        "message" => EffectDef::Message(form.raw(&name("text")).to_string()),
        "release" => {
            let (unit, group) = who()?;
            EffectDef::Release { unit, group }
        }
        "defect" => {
            let (unit, group) = who()?;
            EffectDef::Defect { unit, group }
        }
        "orders" => {
            let (unit, group) = who()?;
            let order = order_of(form, k)?;
            EffectDef::Orders { unit, group, order }
        }
        "terrain" => EffectDef::Terrain {
            hexes: hexes(&name("hexes"), form.get(&name("hexes")))?,
            to: (Terrain::ALL.into_iter())
                .find(|t| terrain_name(*t) == get("to"))
                .unwrap_or(Terrain::Water),
        },
        _ => EffectDef::EndBattle {
            winner: get("winner"),
            reason: form.raw(&name("reason")).to_string(),
        },
    })
}

fn order_of(form: &Form<Target>, k: usize) -> Result<OrderKindDef, String> {
    let name = |what: &str| format!("{k} {what}");
    Ok(match form.get(&name("order")) {
        "hold a hex" => match hexes(&name("at"), form.get(&name("at")))?[..] {
            [at] => OrderKindDef::Hold {
                at: Some(at),
                objective: None,
            },
            _ => return Err(format!("{}: one hex, (col, row)", name("at"))),
        },
        "hold an objective" => OrderKindDef::Hold {
            at: None,
            objective: Some(form.get(&name("objective")).to_string()),
        },
        "guard hexes" => OrderKindDef::Guard {
            hexes: hexes(&name("hexes"), form.get(&name("hexes")))?,
        },
        "advance from turn" => OrderKindDef::AdvanceFrom {
            turn: number(&name("turn"), form.get(&name("turn")))?,
        },
        _ => OrderKindDef::Free,
    })
}

/// Applies the form of event `index` as one edit; false if it changed nothing. A new name
/// is refused if another event has it, and is followed by every reserve that waited for the
/// old one (R12.1).
pub fn apply_event(draft: &mut Draft, index: usize, form: &Form<Target>) -> Result<bool, String> {
    let event = event_of(form)?;
    let events = &draft.file().events;
    let Some(old) = events.get(index).map(|e| e.name.clone()) else {
        return Ok(false);
    };
    let taken = (events.iter().enumerate()).any(|(i, e)| i != index && e.name == event.name);
    if taken {
        return Err(format!("name: another event is called `{}`", event.name));
    }
    Ok(draft.change(|f| {
        rename_event(f, &old, Some(&event.name));
        if let Some(e) = f.events.get_mut(index) {
            *e = event;
        }
    }))
}

/// Adds a new event after the others: `Event N`, on turn 2, with a message of its name
/// for the designer to write (the check refuses one that says nothing); its index.
pub fn add_event(draft: &mut Draft) -> usize {
    let events = &draft.file().events;
    let name = (events.len() + 1..)
        .map(|n| format!("Event {n}"))
        .find(|n| !events.iter().any(|e| e.name == *n))
        .unwrap_or_default();
    let event = EventDef {
        then: vec![EffectDef::Message(format!("{name}."))],
        name,
        when: TriggerDef::Turn(2),
        repeat: false,
    };
    draft.change(|f| f.events.push(event));
    draft.file().events.len().saturating_sub(1)
}

/// Deletes event `index`, and the waiting of every reserve it released (such a reserve
/// then needs a turn, which the check asks for).
pub fn delete_event(draft: &mut Draft, index: usize) -> bool {
    let Some(name) = draft.file().events.get(index).map(|e| e.name.clone()) else {
        return false;
    };
    draft.change(|f| {
        f.events.remove(index);
        rename_event(f, &name, None);
    })
}

/// Moves event `index` one place earlier (`up`) or later: events are checked in order
/// (R12.7). Its new index.
pub fn move_event(draft: &mut Draft, index: usize, up: bool) -> usize {
    let n = draft.file().events.len();
    let to = if up {
        index.checked_sub(1)
    } else {
        Some(index + 1).filter(|t| *t < n)
    };
    match to {
        Some(to) if index < n => {
            draft.change(|f| f.events.swap(index, to));
            to
        }
        _ => index,
    }
}

/// One line saying what event `e` does: `Relief: turn 4 → message, release`.
pub fn summary(e: &EventDef) -> String {
    let when = match &e.when {
        TriggerDef::Turn(t) => format!("turn {t} begun"),
        TriggerDef::Lost { unit, group } => format!("{} lost", who_words(unit, group)),
        TriggerDef::Fleeing { unit, group } => format!("{} fleeing", who_words(unit, group)),
        TriggerDef::Holds { side, objective } => format!("{side} holds {objective}"),
        TriggerDef::Losses { side, percent } => format!("{side} lost {percent}%"),
    };
    let then: Vec<&str> = e.then.iter().map(effect_words).collect();
    let repeat = if e.repeat { " (repeats)" } else { "" };
    format!("{}: {when}{repeat} → {}", e.name, then.join(", "))
}

fn who_words(unit: &Option<String>, group: &Option<String>) -> String {
    match (unit, group) {
        (Some(u), _) => u.clone(),
        (None, Some(g)) => format!("group {g}"),
        (None, None) => "?".into(),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing, reason = "tests")]
    use super::super::event_form::{event_form, Names};
    use super::*;
    use crate::scenario::{ObjectiveDef, UnitDef};

    fn battle() -> Draft {
        let mut d = Draft::blank(8, 6, ["Poland", "Muscovy"]);
        let mut u = UnitDef::new("pikemen", "Poland", 120, Some((1, 1)));
        (u.label, u.group) = (Some("Hussars".into()), Some("Left".into()));
        d.add_unit(u);
        let mut twin = UnitDef::new("pikemen", "Muscovy", 120, Some((5, 1)));
        twin.group = Some("Right".into());
        d.add_unit(twin.clone());
        twin.at = Some((5, 2));
        d.add_unit(twin);
        d.add_objective(ObjectiveDef {
            name: "Mill".into(),
            at: (3, 3),
            value: None,
            owner: None,
        });
        d
    }

    fn with_event(d: &mut Draft, event: EventDef) {
        d.change(|f| f.events.push(event));
    }

    fn set(form: &mut Form<Target>, name: &str, value: &str) {
        let f = form.fields.iter_mut().find(|f| f.name == name).unwrap();
        f.value = value.into();
    }

    fn every_effect() -> Vec<EffectDef> {
        let unit = || Some("Hussars".to_string());
        vec![
            EffectDef::Message("The Swedes waver".into()),
            EffectDef::Release {
                unit: unit(),
                group: None,
            },
            EffectDef::Defect {
                unit: None,
                group: Some("Right".into()),
            },
            EffectDef::Orders {
                unit: unit(),
                group: None,
                order: OrderKindDef::Free,
            },
            EffectDef::Orders {
                unit: unit(),
                group: None,
                order: OrderKindDef::Hold {
                    at: Some((2, 2)),
                    objective: None,
                },
            },
            EffectDef::Orders {
                unit: None,
                group: Some("Left".into()),
                order: OrderKindDef::Hold {
                    at: None,
                    objective: Some("Mill".into()),
                },
            },
            EffectDef::Orders {
                unit: unit(),
                group: None,
                order: OrderKindDef::Guard {
                    hexes: vec![(1, 1), (2, 1)],
                },
            },
            EffectDef::Orders {
                unit: unit(),
                group: None,
                order: OrderKindDef::AdvanceFrom { turn: 3 },
            },
            EffectDef::Terrain {
                hexes: vec![(0, 3), (1, 3)],
                to: Terrain::Water,
            },
            EffectDef::EndBattle {
                winner: "Muscovy".into(),
                reason: "the tide".into(),
            },
        ]
    }

    #[test]
    fn r12_7_every_trigger_and_effect_reads_back_from_its_form_as_it_was() {
        let triggers = [
            TriggerDef::Turn(4),
            TriggerDef::Lost {
                unit: Some("Hussars".into()),
                group: None,
            },
            TriggerDef::Fleeing {
                unit: None,
                group: Some("Right".into()),
            },
            TriggerDef::Holds {
                side: "Muscovy".into(),
                objective: "Mill".into(),
            },
            TriggerDef::Losses {
                side: "Poland".into(),
                percent: 40,
            },
        ];
        for (i, when) in triggers.into_iter().enumerate() {
            let mut d = battle();
            let event = EventDef {
                name: format!("e{i}"),
                when,
                repeat: i % 2 == 1,
                then: every_effect(),
            };
            with_event(&mut d, event.clone());
            let form = event_form(&d, 0).unwrap();
            assert_eq!(event_of(&form), Ok(event.clone()));
            assert_eq!(apply_event(&mut d, 0, &form), Ok(false), "unchanged");
        }
    }

    #[test]
    fn r12_7_names_are_chosen_from_labels_of_one_unit_groups_sides_and_objectives() {
        let d = battle();
        let names = Names::of(d.file());
        // The two Muscovite pikemen share a label: an event may not name it (R12.7).
        assert_eq!(names.who, ["unit Hussars", "group Left", "group Right"]);
        assert_eq!(names.sides, ["Poland", "Muscovy"]);
        assert_eq!(names.objectives, ["Mill"]);
    }

    #[test]
    fn choosing_an_effect_in_the_last_slot_adds_one_and_none_drops_it() {
        let mut d = battle();
        let i = add_event(&mut d);
        let mut form = event_form(&d, i).unwrap();
        let last = form.fields.iter().position(|f| f.name == "then 2").unwrap();
        assert_eq!(form.fields[last].value, NONE);
        form.selected = last;
        form.change(true); // (none) → message
        super::super::event_form::reshape(&mut form, &d);
        set(&mut form, "2 text", "Relief is near");
        set(&mut form, "1 text", "");
        set(&mut form, "then 1", NONE);
        assert!(
            form.fields.iter().any(|f| f.name == "then 3"),
            "a new last slot"
        );
        assert_eq!(apply_event(&mut d, i, &form), Ok(true));
        assert_eq!(
            d.file().events[i].then,
            [EffectDef::Message("Relief is near".into())]
        );
    }

    #[test]
    fn a_value_typed_is_kept_when_its_kind_is_chosen_away_and_back() {
        let mut d = battle();
        let i = add_event(&mut d);
        let mut form = event_form(&d, i).unwrap();
        set(&mut form, "1 text", "Hold fast");
        form.selected = form.fields.iter().position(|f| f.name == "then 1").unwrap();
        form.change(true); // message → release
        super::super::event_form::reshape(&mut form, &d);
        assert!(form.fields.iter().all(|f| f.name != "1 text"));
        assert_eq!(form.get("1 who"), "unit Hussars");
        form.change(false);
        super::super::event_form::reshape(&mut form, &d);
        assert_eq!(form.get("1 text"), "Hold fast");
        assert_eq!(
            form.fields[form.selected].name, "then 1",
            "the cursor stays"
        );
    }

    #[test]
    fn r12_1_renaming_an_event_renames_the_reserves_it_releases_and_a_taken_name_is_refused() {
        let mut d = battle();
        let a = add_event(&mut d);
        let b = add_event(&mut d);
        d.change(|f| {
            f.units[0].at = None;
            f.units[0].reserve = Some(crate::scenario::script_defs::ReserveDef {
                turn: None,
                event: Some("Event 1".into()),
                hexes: vec![(0, 0)],
            });
        });
        let mut form = event_form(&d, a).unwrap();
        set(&mut form, "name", "Event 2");
        assert_eq!(
            apply_event(&mut d, a, &form),
            Err("name: another event is called `Event 2`".into())
        );
        set(&mut form, "name", "Relief");
        assert_eq!(apply_event(&mut d, a, &form), Ok(true));
        let reserve = d.file().units[0].reserve.clone().unwrap();
        assert_eq!(reserve.event.as_deref(), Some("Relief"));
        assert_eq!(
            move_event(&mut d, b, true),
            0,
            "events are checked in order"
        );
        assert_eq!(d.file().events[1].name, "Relief");
        assert!(delete_event(&mut d, 1));
        assert_eq!(d.file().units[0].reserve.clone().unwrap().event, None);
    }

    #[test]
    fn a_who_not_written_unit_or_group_is_refused_by_name() {
        let mut d = battle();
        let i = add_event(&mut d);
        let mut form = event_form(&d, i).unwrap();
        set(&mut form, "when", "lost");
        super::super::event_form::reshape(&mut form, &d);
        set(&mut form, "who", "Hussars");
        assert_eq!(
            event_of(&form),
            Err("who: write `unit LABEL` or `group NAME`".into())
        );
    }
}

//! A scenario's reserves, groups and events in words (R12.1, R12.3, R12.7), for the
//! briefing, `volley show` and the map's key: when and where each reserve arrives, what
//! each event waits for and what may happen then. Nothing is hidden: both players read it.

use crate::engine::script::{Effect, ScenarioEvent, Trigger};
use crate::engine::{Game, Unit, UnitId};

use super::describe::place;

/// `a`, `a and b`, `a, b and c`.
fn listed(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// When and where a reserve still to come arrives: `on turn 4 at (15, 5) or (15, 6)`, or
/// `when "Buturlin comes up" fires, at (15, 5)` (R12.1); `None` for a unit on the map.
pub fn reserve_words(game: &Game, u: &Unit) -> Option<String> {
    let r = u.reserve.as_ref().filter(|_| u.to_come())?;
    let hexes: Vec<String> = r.hexes.iter().map(|h| place(*h)).collect();
    let hexes = hexes.join(" or ");
    let when = match (r.turn, r.released) {
        (_, true) => "released: at its side's next movement orders".to_string(),
        (Some(turn), false) => format!("on turn {turn}"),
        (None, false) => {
            let releasing = game
                .scenario_events()
                .iter()
                .find(|e| releases(e, u.id))
                .map_or("?", |e| e.name.as_str());
            format!("when “{releasing}” happens")
        }
    };
    Some(format!("{when}, at {hexes}"))
}

/// Whether the event releases the unit.
fn releases(e: &ScenarioEvent, unit: UnitId) -> bool {
    e.then
        .iter()
        .any(|x| matches!(x, Effect::Release(ids) if ids.contains(&unit)))
}

/// The units `ids` name: their group's name when they are exactly one group, else their
/// labels.
fn who(game: &Game, ids: &[UnitId]) -> String {
    let units: Vec<&Unit> = ids.iter().filter_map(|id| game.unit(*id)).collect();
    let group = units.first().and_then(|u| u.group.as_deref());
    let whole = group.is_some_and(|g| {
        units.iter().all(|u| u.group.as_deref() == Some(g))
            && game
                .units()
                .iter()
                .filter(|u| u.group.as_deref() == Some(g))
                .count()
                == units.len()
    });
    match group {
        Some(g) if whole && units.len() > 1 => format!("the {g}"),
        _ => listed(&units.iter().map(|u| u.label.clone()).collect::<Vec<_>>()),
    }
}

/// The units a trigger names as its subject: `Red pike is`, `the Russian horse are all`.
fn all_of(game: &Game, ids: &[UnitId]) -> String {
    let plural = game
        .unit(ids.first().copied().unwrap_or(UnitId(0)))
        .is_some_and(|u| u.plural);
    match ids {
        [_] if plural => format!("{} are", who(game, ids)),
        [_] => format!("{} is", who(game, ids)),
        _ => format!("{} are all", who(game, ids)),
    }
}

/// What the event waits for, in words (R12.7).
pub fn trigger_words(game: &Game, trigger: &Trigger) -> String {
    let side = |s: crate::engine::SideId| game.side(s).name.clone();
    match trigger {
        Trigger::Turn(n) => format!("turn {n} begins"),
        Trigger::Lost(ids) => format!("{} destroyed or routed", all_of(game, ids)),
        Trigger::Fleeing(ids) => format!("{} fleeing", all_of(game, ids)),
        Trigger::Holds { side: s, objective } => {
            let name = game
                .objectives()
                .get(*objective)
                .map_or("?", |o| o.name.as_str());
            format!("{} holds {name}", side(*s))
        }
        Trigger::Losses { side: s, percent } => {
            format!("{} has lost {percent}% of its starting uhp", side(*s))
        }
    }
}

/// One effect in words (R12.7).
fn effect_words(game: &Game, effect: &Effect) -> String {
    match effect {
        Effect::Message(_) => "a message".into(),
        Effect::Release(ids) => format!("{} released from the reserve", who(game, ids)),
        Effect::Defect(ids) => format!("{} go over to the other side", who(game, ids)),
        Effect::Orders { units, order } => format!(
            "new orders for {}: {}",
            who(game, units),
            super::describe::order_words(game, order)
        ),
        Effect::Terrain { hexes, to } => {
            let list: Vec<String> = hexes.iter().map(|h| place(*h)).collect();
            format!(
                "{} become {}",
                list.join(", "),
                format!("{to:?}").to_lowercase()
            )
        }
        Effect::EndBattle { winner, .. } => {
            format!(
                "the battle ends: {}",
                crate::words::side_does(&game.side(*winner).name, "wins")
            )
        }
    }
}

/// An event as the briefing tells it: `“The mercenaries parley” — when the Russian horse
/// fleeing: a message; the mercenaries go over to the other side` (R12.7).
pub fn event_words(game: &Game, e: &ScenarioEvent) -> String {
    let effects: Vec<String> = e.then.iter().map(|x| effect_words(game, x)).collect();
    let repeat = if e.repeat { " (each time)" } else { "" };
    format!(
        "“{}” — when {}{repeat}: {}",
        e.name,
        trigger_words(game, &e.when),
        effects.join("; ")
    )
}

//! Renames that follow a name wherever the battle uses it, so an edit never leaves a
//! reference dangling: a side in units, the defender, objectives' owners and events
//! (R12.4, R12.7); a unit's label in events and the computer's orders (R12.7, issue 28); an
//! objective's name in events and orders.

use crate::scenario::script_defs::{EffectDef, TriggerDef};
use crate::scenario::{OrderKindDef, ScenarioFile};

/// Every place the battle names a side renamed (`(old, new)` pairs) now names it anew:
/// units, the defender, objectives' owners, and events' triggers and effects. One pass, so
/// two sides that swap names keep their own units.
pub fn rename_sides(f: &mut ScenarioFile, renames: &[(String, String)]) {
    let swap = |name: &mut String| {
        if let Some((_, to)) = renames.iter().find(|(from, _)| from == name) {
            *name = to.clone();
        }
    };
    f.units.iter_mut().for_each(|u| swap(&mut u.side));
    swap(&mut f.defender);
    f.objectives
        .iter_mut()
        .filter_map(|o| o.owner.as_mut())
        .for_each(swap);
    for e in &mut f.events {
        match &mut e.when {
            TriggerDef::Holds { side, .. } | TriggerDef::Losses { side, .. } => swap(side),
            _ => {}
        }
        for effect in &mut e.then {
            if let EffectDef::EndBattle { winner, .. } = effect {
                swap(winner);
            }
        }
    }
}

/// Events, and if `orders` the computer's orders, that name the unit called `old` name it
/// `new` (a label an event or order names belongs to one unit only, R12.7).
pub fn rename_label(f: &mut ScenarioFile, old: &str, new: &str, orders: bool) {
    let swap = |unit: &mut Option<String>| {
        if unit.as_deref() == Some(old) {
            *unit = Some(new.to_string());
        }
    };
    for e in &mut f.events {
        match &mut e.when {
            TriggerDef::Lost { unit, .. } | TriggerDef::Fleeing { unit, .. } => swap(unit),
            _ => {}
        }
        for effect in &mut e.then {
            match effect {
                EffectDef::Release { unit, .. }
                | EffectDef::Defect { unit, .. }
                | EffectDef::Orders { unit, .. } => swap(unit),
                _ => {}
            }
        }
    }
    if orders {
        f.orders.iter_mut().for_each(|o| swap(&mut o.unit));
    }
}

/// Troop type `old` renamed `new`: its units follow, and events that named one of them by
/// its type (a unit with no label, R12.7) name it by the new one, if no unit bears that.
pub fn rename_troop(f: &mut ScenarioFile, old: &str, new: &str) {
    let named = crate::scenario::nameable_units(f).contains(&old);
    let unlabelled = f.units.iter().any(|u| u.label.is_none() && u.troop == old);
    let taken = f.units.iter().any(|u| u.name() == new);
    for u in f.units.iter_mut().filter(|u| u.troop == old) {
        u.troop = new.to_string();
    }
    if named && unlabelled && !taken {
        rename_label(f, old, new, false);
    }
}

/// Reserves waiting for event `old` wait for `new`; `None` if the event is gone (R12.1).
pub fn rename_event(f: &mut ScenarioFile, old: &str, new: Option<&str>) {
    for r in f.units.iter_mut().filter_map(|u| u.reserve.as_mut()) {
        if r.event.as_deref() == Some(old) {
            r.event = new.map(str::to_string);
        }
    }
}

/// Events and orders that name objective `old` name it `new`.
pub fn rename_objective(f: &mut ScenarioFile, old: &str, new: &str) {
    let swap_order = |order: &mut OrderKindDef| {
        if let OrderKindDef::Hold {
            objective: Some(o), ..
        } = order
        {
            if o == old {
                *o = new.to_string();
            }
        }
    };
    for e in &mut f.events {
        if let TriggerDef::Holds { objective, .. } = &mut e.when {
            if objective == old {
                *objective = new.to_string();
            }
        }
        for effect in &mut e.then {
            if let EffectDef::Orders { order, .. } = effect {
                swap_order(order);
            }
        }
    }
    f.orders.iter_mut().for_each(|o| swap_order(&mut o.order));
}

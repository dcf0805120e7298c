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

/// Events and orders that name the unit labelled `old` name it `new` (a label an event or
/// order names belongs to one unit only, R12.7).
pub fn rename_label(f: &mut ScenarioFile, old: &str, new: &str) {
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
    f.orders.iter_mut().for_each(|o| swap(&mut o.unit));
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

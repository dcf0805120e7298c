//! Plain-language lines for the event log, with every die explained
//! (`d20 14 +2 charge = 16 vs 11+AC2 13: hit`, `shock 2d6 5 +0 = 5: recoil`).

use crate::engine::command::Decision;
use crate::engine::event::{
    AttackKind, CancelReason, EndReason, Event, Modifier, ModifierKind, MoveKind, RollCause,
};
use crate::engine::{Game, Phase, ReleaseReason, SideId, StandingOrder, UnitId};
use crate::words::{count, counted};

fn name(game: &Game, id: UnitId) -> String {
    game.unit(id)
        .map_or_else(|| id.to_string(), |u| u.label.clone())
}

/// A unit's label and hex, `Blue shot at (5, 2)`: prompts tell apart units of one name.
fn name_at(game: &Game, id: UnitId) -> String {
    game.unit(id).map_or_else(
        || id.to_string(),
        |u| {
            let (col, row) = crate::engine::Map::offset(u.pos);
            format!("{} at ({col}, {row})", u.label)
        },
    )
}

/// "1 hex", "3 hexes".
fn hexes(n: usize) -> String {
    count(n as u64, "hex", "hexes")
}

fn signed(v: i32) -> String {
    format!("{v:+}")
}

/// The words for a modifier in the log and the odds panel: `-2 disordered`'s `disordered`
/// (R5.4, R8.6, R9.1, R9.3, R9.4, R12.5).
pub fn modifier_words(kind: ModifierKind) -> &'static str {
    match kind {
        ModifierKind::Disordered => "disordered",
        ModifierKind::Charge => "charge",
        ModifierKind::NoForkRest => "no fork rest",
        ModifierKind::Cover => "cover",
        ModifierKind::Works => "field works",
        ModifierKind::Overhead => "overhead",
        ModifierKind::Uphill => "higher ground",
        ModifierKind::Morale => "morale",
        ModifierKind::SecuredByFormedFoot => "secured by FF",
        ModifierKind::DoubleTrigger => "double trigger",
    }
}

/// An objective's value and owner in words (R12.4), `""` for the default of worth 1 to
/// both sides, so battles that set neither read as before: ` (worth 3, Sweden's only)`.
pub fn objective_worth(game: &Game, o: &crate::engine::Objective) -> String {
    let owner = o.owner.map(|s| format!("{}'s only", game.side(s).name));
    match (o.value, owner) {
        (1, None) => String::new(),
        (v, None) => format!(" (worth {v})"),
        (v, Some(owner)) => format!(" (worth {v}, {owner})"),
    }
}

/// Why an attack is off, in words with its rule id where the player may look it up.
fn cancel_words(reason: CancelReason) -> &'static str {
    match reason {
        CancelReason::AttackerGaveGround => "the attacker gave ground (R5.6)",
        CancelReason::TargetLeftField => "the target has left the field",
        CancelReason::TargetNotAdjacent => "the target is no longer adjacent",
        CancelReason::OutOfReach => "the target is out of reach",
        CancelReason::NoEnemyAdjacent => "no enemy is left adjacent (R4.4)",
        CancelReason::NoNewTarget => "no new target chosen (R4.4)",
    }
}

/// Lines describing an event; empty for bookkeeping events. Every event kind is named
/// here, so a new one cannot go undescribed by accident.
pub fn describe(game: &Game, event: &Event) -> Vec<String> {
    let line = match event {
        Event::AttackRolled { .. } => return attack_lines(game, event),
        Event::DecisionRequested { decision } => Some(decision_logged(game, decision)),
        Event::ReadyLost { .. } | Event::DecisionAnswered => None,
        Event::DieForced { face } => Some(format!("Designer: the next die will show {face}.")),
        Event::Conceded { side } => Some(format!("{} concedes the battle.", game.side(*side).name)),
        Event::TurnBegan { .. }
        | Event::InitiativeRolled { .. }
        | Event::FirstSideChosen { .. }
        | Event::PhaseBegan { .. }
        | Event::OrdersPassed { .. }
        | Event::ArmyMoraleRolled { .. }
        | Event::BattleEnded { .. } => flow_line(game, event),
        Event::Moved { .. }
        | Event::ReloadTokenRemoved { .. }
        | Event::ChargeDeclared { .. }
        | Event::AttackCancelled { .. }
        | Event::Readied { .. }
        | Event::AttackDeclared { .. }
        | Event::ReloadTokensGained { .. }
        | Event::AdvanceDeclined { .. }
        | Event::Advanced { .. } => order_line(game, event),
        Event::Withdrew { .. }
        | Event::Damaged { .. }
        | Event::Destroyed { .. }
        | Event::ShockRolled { .. }
        | Event::Disordered { .. }
        | Event::Recoiled { .. }
        | Event::Fled { .. }
        | Event::Routed { .. }
        | Event::Rallied { .. }
        | Event::BecameSteady { .. } => consequence_line(game, event),
        Event::OrdersReleased { units, reason } => Some(released_line(game, units, reason)),
        Event::OrdersChanged { units, order } => Some(format!(
            "New orders for {}: {}.",
            names(game, units),
            order_words(game, order)
        )),
        Event::ReserveArrived { .. }
        | Event::ReserveDelayed { .. }
        | Event::ReserveReleased { .. }
        | Event::ScenarioEventFired { .. }
        | Event::MessageShown { .. }
        | Event::UnitDefected { .. }
        | Event::TerrainChanged { .. } => script_line(game, event),
    };
    line.into_iter().collect()
}

/// Units by label, `Late foot, Reiters and Hussars`.
fn names(game: &Game, units: &[UnitId]) -> String {
    let all: Vec<String> = units.iter().map(|id| name(game, *id)).collect();
    match all.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => "nobody".into(),
    }
}

/// A release of standing orders: who is free now, and the enemy that came near.
fn released_line(game: &Game, units: &[UnitId], reason: &ReleaseReason) -> String {
    let ReleaseReason::EnemyNear {
        enemy,
        unit,
        within,
    } = reason;
    format!(
        "{} came within {} of {}: {} {} free of {} orders.",
        name(game, *enemy),
        hexes(*within as usize),
        name(game, *unit),
        names(game, units),
        if units.len() == 1 && !game.unit(*unit).is_some_and(|u| u.plural) {
            "is"
        } else {
            "are"
        },
        if units.len() == 1 { "its" } else { "their" },
    )
}

/// A hex as scenario files write it, `(7, 3)`.
pub(super) fn place(hex: hexx::Hex) -> String {
    let (col, row) = crate::engine::Map::offset(hex);
    format!("({col}, {row})")
}

/// A unit's standing order in words with what releases it, `hold Klushino until an enemy
/// is within 2 hexes`; `None` for a free unit.
pub fn standing_words(game: &Game, unit: UnitId) -> Option<String> {
    let order = game.standing_order(unit);
    if *order == StandingOrder::Free {
        return None;
    }
    let until = game
        .release_within(unit)
        .map(|n| format!(" until an enemy is within {}", hexes(n as usize)))
        .unwrap_or_default();
    Some(format!("{}{until}", order_words(game, order)))
}

/// A standing order for the computer in a player's words, as the scenario file gives it:
/// `hold Klushino`, `guard (7, 3), (7, 4)`, `advance from turn 5`, `free`.
pub fn order_words(game: &Game, order: &StandingOrder) -> String {
    match order {
        StandingOrder::Free => "free".into(),
        StandingOrder::Hold { hex } => format!("hold {}", place(*hex)),
        StandingOrder::HoldObjective { objective } => match game.objectives().get(*objective) {
            Some(o) => format!("hold {}", o.name),
            None => "hold an objective".into(),
        },
        StandingOrder::Guard { hexes } => {
            let shown: Vec<String> = hexes.iter().take(4).map(|h| place(*h)).collect();
            let more = hexes.len().saturating_sub(shown.len());
            let tail = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            format!("guard {}{tail}", shown.join(", "))
        }
        StandingOrder::AdvanceFrom { turn } => format!("advance from turn {turn}"),
    }
}

/// What the scenario made happen (R12.1, R12.3, R12.7): reserves, events, messages,
/// defections and changes of terrain.
fn script_line(game: &Game, event: &Event) -> Option<String> {
    Some(match event {
        Event::ReserveArrived { unit, at } => format!(
            "{} from the reserve at {} (R12.1)",
            does(game, *unit, "arrives"),
            place(*at)
        ),
        Event::ReserveDelayed { unit } => format!(
            "{} delayed: every arrival hex is taken; {} again next turn (R12.1)",
            does(game, *unit, "is"),
            agree("tries", plural(game, *unit))
        ),
        Event::ReserveReleased { unit } => format!(
            "{} released from the reserve: {} at the next movement orders (R12.1)",
            does(game, *unit, "is"),
            agree("arrives", plural(game, *unit))
        ),
        Event::ScenarioEventFired { event } => {
            let name = (game.scenario_events().get(*event as usize)).map_or("?", |e| &e.name);
            format!("Event: {name} (R12.7)")
        }
        Event::MessageShown { text } => format!("“{text}”"),
        Event::UnitDefected { unit, to } => format!(
            "{} over to {} (R12.3)",
            does(game, *unit, "goes"),
            game.side(*to).name
        ),
        Event::TerrainChanged { hexes, to } => {
            let list: Vec<String> = hexes.iter().map(|h| place(*h)).collect();
            format!(
                "The ground changes: {} now {} (R12.7)",
                list.join(", "),
                format!("{to:?}").to_lowercase()
            )
        }
        _ => return None,
    })
}

/// The turn's course (R3, R10): turns, initiative, phases, army morale and the end.
fn flow_line(game: &Game, event: &Event) -> Option<String> {
    let side = |s: SideId| game.side(s).name.clone();
    Some(match event {
        Event::TurnBegan { turn } => format!("── Turn {turn} ──"),
        Event::InitiativeRolled { faces, winner } => {
            let rolls: Vec<String> = faces.iter().map(|f| initiative(game, *f)).collect();
            format!(
                "Initiative d6: {} → {}",
                rolls.join(", tie, "),
                side_does(&side(*winner), "wins")
            )
        }
        Event::FirstSideChosen { side: s } => {
            format!("{} the first side this turn", side_does(&side(*s), "is"))
        }
        Event::PhaseBegan {
            phase: phase @ (Phase::Missile | Phase::Melee),
        } => format!(
            "{phase:?} phase: {} orders first",
            side_does(&side(game.first_side()), "gives")
        ),
        Event::PhaseBegan { phase } => format!("{phase:?} phase"),
        Event::OrdersPassed { side: s } => format!("{} orders", side_does(&side(*s), "gives")),
        Event::ArmyMoraleRolled {
            side: s,
            dice,
            modifier,
            total,
            broke,
        } => format!(
            "{} army morale 2d6 {} {} = {total}: {}",
            side(*s),
            dice[0] + dice[1],
            named(nonzero("morale modifier", *modifier)),
            if *broke { "the army breaks!" } else { "holds" }
        ),
        Event::BattleEnded { winner, reason } => ended(game, *winner, *reason),
        _ => return None,
    })
}

/// What units were ordered to do (R4–R7): moves, reloads, charges, attacks, readiness.
fn order_line(game: &Game, event: &Event) -> Option<String> {
    let n = |id: UnitId| name(game, id);
    Some(match event {
        Event::Moved { unit, kind, path } => {
            let verb = match kind {
                MoveKind::StandFast => return None,
                MoveKind::Flee => "flees",
                MoveKind::March => "marches",
                MoveKind::Hustle => "hustles",
                MoveKind::Charge => "charges",
                MoveKind::Disengage => "disengages",
            };
            if path.is_empty() && *kind == MoveKind::Charge {
                // R4.4: a charge of 0 hexes is made from beside the target.
                return Some(format!("{} without moving", does(game, *unit, verb)));
            }
            let line = format!("{} {}", does(game, *unit, verb), hexes(path.len()));
            if *kind == MoveKind::Disengage {
                return Some(line + &charges_escaped(game, *unit));
            }
            line
        }
        Event::ReloadTokenRemoved { unit, left } => {
            format!(
                "{}: {} left",
                does(game, *unit, "reloads"),
                counted(*left, "token")
            )
        }
        Event::ChargeDeclared { unit, target } => {
            format!("{} {}!", does(game, *unit, "charges"), n(*target))
        }
        Event::AttackCancelled { unit, reason } => {
            format!("Attack by {} is off: {}", n(*unit), cancel_words(*reason))
        }
        Event::Readied { unit } => format!("{} ready", does(game, *unit, "is")),
        Event::AttackDeclared { unit, target, kind } => declared(game, *unit, &n(*target), *kind),
        Event::ReloadTokensGained { unit, tokens } => {
            format!("{} must reload: {}", n(*unit), counted(*tokens, "token"))
        }
        Event::Advanced { unit, .. } => does(game, *unit, "advances"),
        Event::AdvanceDeclined { unit } => {
            let its = if plural(game, *unit) { "their" } else { "its" };
            format!("{} {its} ground: no advance", does(game, *unit, "holds"))
        }
        _ => return None,
    })
}

/// What attacks did to units (R8, R9): damage, withdrawal, shock rolls and their results.
fn consequence_line(game: &Game, event: &Event) -> Option<String> {
    Some(match event {
        Event::Withdrew { unit, path } => format!(
            "{} {}, saving {} uhp",
            does(game, *unit, "withdraws"),
            hexes(path.len()),
            path.len()
        ),
        Event::Damaged {
            unit, uhp, left, ..
        } => format!("{} {uhp} uhp ({left} left)", does(game, *unit, "loses")),
        Event::Destroyed { unit } => format!("{} destroyed", does(game, *unit, "is")),
        Event::ShockRolled { .. } => shock_line(game, event)?,
        Event::Disordered { unit } => format!("{} disordered", does(game, *unit, "is")),
        Event::Recoiled { unit, to: Some(_) } => does(game, *unit, "recoils"),
        Event::Recoiled { unit, to: None } => format!(
            "{} recoil and {}, disordered",
            does(game, *unit, "cannot"),
            agree("stays", plural(game, *unit))
        ),
        Event::Fled { unit, .. } => format!("{}!", does(game, *unit, "flees")),
        Event::Routed { unit } => format!(
            "{} and {} the field",
            does(game, *unit, "routs"),
            agree("leaves", plural(game, *unit))
        ),
        Event::Rallied { unit } => does(game, *unit, "rallies"),
        Event::BecameSteady { unit } => format!("{} steady again", does(game, *unit, "is")),
        _ => return None,
    })
}

/// After `unit` disengaged: the enemy charges declared on it, which strike only if their
/// chargers are next to it again when charges are resolved (R4.5, R7.1): told at once, so
/// the player does not wait a phase to learn the charge is likely spent.
fn charges_escaped(game: &Game, unit: UnitId) -> String {
    let Some(side) = game.unit(unit).map(|u| u.side) else {
        return String::new();
    };
    let chargers: Vec<UnitId> = game
        .units_of(side.other())
        .filter(|c| game.charge_target(c.id) == Some(unit))
        .map(|c| c.id)
        .collect();
    if chargers.is_empty() {
        return String::new();
    }
    let charges = if chargers.len() == 1 {
        "charge"
    } else {
        "charges"
    };
    let it = if plural(game, unit) { "them" } else { "it" };
    format!(
        ", out of the {charges} of {}: called off unless next to {it} again in the Melee phase (R4.5, R7.1)",
        names(game, &chargers)
    )
}

/// A shock, rally or morale roll with its dice, modifier and result (R9.1).
fn shock_line(game: &Game, event: &Event) -> Option<String> {
    let Event::ShockRolled {
        unit,
        cause,
        dice,
        modifiers,
        total,
        result,
        ..
    } = event
    else {
        return None;
    };
    let what = match cause {
        RollCause::Damage => "shock",
        RollCause::CavalryCharge => "shock (cavalry charge)",
        RollCause::Rally => "rally",
        RollCause::FriendRouted => "morale (friend routed)",
    };
    // R9.6: a rally roll short of hold leaves the unit fleeing, which "recoil" would not say.
    let still = if *cause == RollCause::Rally && !result.rallies() {
        ", still fleeing (R9.6)"
    } else {
        ""
    };
    Some(format!(
        "{}: {what} 2d6 {} {} = {total}: {}{still}",
        name(game, *unit),
        dice[0] + dice[1],
        named(modifiers.iter().map(|m| (modifier_words(m.kind), m.value))),
        format!("{result:?}").to_lowercase()
    ))
}

/// One initiative attempt (R3.1): the faces alone when neither side has strategic ability,
/// else each side's `d6 +ability (strategic ability) = total`.
fn initiative(game: &Game, (a, b): (u32, u32)) -> String {
    let ability = |s: SideId| game.side(s).strategic_ability;
    let (ma, mb) = (ability(SideId::A), ability(SideId::B));
    if ma == 0 && mb == 0 {
        return format!("{a} v {b}");
    }
    let one = |face: u32, m: i32| {
        let total = crate::engine::sums::face_plus(face, m);
        format!(
            "{face} {} = {total}",
            named(nonzero("strategic ability", m))
        )
    };
    format!("{} v {}", one(a, ma), one(b, mb))
}

/// A single named modifier, or none when it is 0.
fn nonzero(name: &str, value: i32) -> Option<(&str, i32)> {
    (value != 0).then_some((name, value))
}

/// Modifiers by name, `-2 disordered +2 secured by FF`, or `+0` when there are none.
fn named<'a>(modifiers: impl IntoIterator<Item = (&'a str, i32)>) -> String {
    let parts: Vec<String> = modifiers
        .into_iter()
        .map(|(why, v)| format!("{} {why}", signed(v)))
        .collect();
    if parts.is_empty() {
        return "+0".into();
    }
    parts.join(" ")
}

/// Modifiers as ` +2 charge -2 disordered`, each with a space before it (R5.4).
pub fn modifier_list(modifiers: &[Modifier]) -> String {
    modifiers
        .iter()
        .map(|m| format!(" {} {}", signed(m.value), modifier_words(m.kind)))
        .collect()
}

fn declared(game: &Game, attacker: UnitId, target: &str, kind: AttackKind) -> String {
    let p = plural(game, attacker);
    let (first, rest) = match kind {
        AttackKind::Missile => ("fires", "at"),
        AttackKind::Melee => ("attacks", ""),
        AttackKind::Charge => ("strikes", "home on"),
        AttackKind::Reaction { missile: true, .. } => ("is", "ready and fires first at"),
        AttackKind::Reaction { .. } => ("is", "ready and strikes first at"),
    };
    let rest = match (p, kind) {
        (true, AttackKind::Reaction { missile: true, .. }) => "ready and fire first at",
        (true, AttackKind::Reaction { .. }) => "ready and strike first at",
        _ => rest,
    };
    let words: Vec<&str> = [rest, target]
        .into_iter()
        .filter(|w| !w.is_empty())
        .collect();
    format!("{} {}", does(game, attacker, first), words.join(" "))
}

/// Whether a unit's name is plural (`Red lancers`).
fn plural(game: &Game, id: UnitId) -> bool {
    game.unit(id).is_some_and(|u| u.plural)
}

/// The unit's name and a verb agreeing with it: `Red pike charges`, `Red lancers charge`.
fn does(game: &Game, id: UnitId, verb: &str) -> String {
    format!("{} {}", name(game, id), agree(verb, plural(game, id)))
}

use crate::words::{agree, side_does};

fn attack_lines(game: &Game, event: &Event) -> Vec<String> {
    let Event::AttackRolled {
        attacker,
        target,
        needed,
        ac,
        modifiers,
        modifier,
        throws,
        hits,
        uhp_per_hit,
        ..
    } = event
    else {
        return Vec::new();
    };
    let throw = needed.saturating_sub(*ac);
    let mods = modifier_list(modifiers);
    let mut lines: Vec<String> = throws
        .iter()
        .map(|t| {
            let total = crate::engine::sums::face_plus(t.face, *modifier);
            let verdict = if t.hit { "hit" } else { "miss" };
            format!(
                "  d20 {}{mods} = {total} vs {throw}+AC{ac} {needed}: {verdict}",
                t.face
            )
        })
        .collect();
    let per = if *uhp_per_hit > 1 {
        format!(" × {uhp_per_hit} uhp")
    } else {
        String::new()
    };
    lines.insert(
        0,
        format!(
            "{} on {}: {}{per}",
            name(game, *attacker),
            name(game, *target),
            counted(*hits, "hit")
        ),
    );
    lines
}

fn ended(game: &Game, winner: Option<crate::engine::SideId>, reason: EndReason) -> String {
    let conceded: String;
    let why = match reason {
        EndReason::Annihilated => "the enemy has no unit left on the field",
        EndReason::ArmyBroke => "the enemy's army morale broke",
        EndReason::Objectives => "it holds more objectives at the turn limit",
        EndReason::Losses => "it inflicted more losses by the turn limit",
        EndReason::Defender => "the defender holds at the turn limit",
        EndReason::Conceded => {
            let loser = winner.map_or("a side", |w| game.side(w.other()).name.as_str());
            conceded = format!("{loser} conceded");
            &conceded
        }
        EndReason::Scripted { event } => game.scripted_reason(event).unwrap_or("a scenario event"),
    };
    match winner {
        Some(s) => format!("{}: {why}", side_does(&game.side(s).name, "wins")),
        None => "The battle is a draw".into(),
    }
}

/// A decision as the log tells it: who must decide what, without the prompt's keys; the
/// answer follows in the events it brings (a withdrawal or the damage taken, an advance or
/// not, the first side, a charge).
fn decision_logged(game: &Game, decision: &Decision) -> String {
    let side = &game.side(decision.side()).name;
    match decision {
        Decision::Initiative { .. } => {
            format!(
                "{side} won the initiative and {} who moves first",
                agree("chooses", crate::words::looks_plural(side))
            )
        }
        Decision::Withdraw {
            unit,
            damage,
            options,
            ..
        } => {
            let most = farthest(options);
            format!(
                "{} {} {damage} uhp; {side} may withdraw {} up to {} to save 1 uhp a hex (R8.1)",
                name_at(game, *unit),
                agree("takes", plural(game, *unit)),
                if plural(game, *unit) { "them" } else { "it" },
                crate::words::count(most, "hex", "hexes")
            )
        }
        Decision::Advance { unit, .. } => format!(
            "{side}: {} may advance into the vacated hex (R7.3)",
            name_at(game, *unit)
        ),
        Decision::NewChargeTarget { unit, options, .. } => {
            let list: Vec<String> = options.iter().map(|t| name_at(game, *t)).collect();
            format!(
                "{side}: {} may charge a new target: {} (R4.4)",
                name_at(game, *unit),
                list.join(", ")
            )
        }
    }
}

/// The most hexes a withdrawal offers (R8.1), 0 for none.
fn farthest(options: &[u32]) -> u32 {
    options.iter().max().copied().unwrap_or(0)
}

/// The prompt of a decision, addressed to the side that must answer.
pub fn decision_line(game: &Game, decision: &Decision) -> Option<String> {
    let side = game.side(decision.side()).name.clone();
    Some(match decision {
        Decision::Initiative { .. } => {
            format!("{side} won the initiative: [1] be the first side, [2] the second")
        }
        Decision::Withdraw {
            unit,
            damage,
            options,
            ..
        } => {
            let most = farthest(options);
            format!(
                "{side}: {} {} {damage} uhp. Withdraw how many hexes? [0-{most}] Each saves 1 uhp; \
                 a unit that withdraws is disordered (R8.1).",
                name_at(game, *unit),
                agree("takes", plural(game, *unit))
            )
        }
        Decision::Advance { unit, .. } => format!(
            "{side}: {} may advance into the vacated hex. [y/n]",
            name_at(game, *unit)
        ),
        Decision::NewChargeTarget { unit, options, .. } => {
            let list: Vec<String> = options
                .iter()
                .enumerate()
                .map(|(i, t)| format!("[{}] {}", i + 1, name_at(game, *t)))
                .collect();
            format!(
                "{side}: {} may charge a new target: {} [0] none",
                name_at(game, *unit),
                list.join(" ")
            )
        }
    })
}

//! Plain-language lines for the event log, with every die explained
//! (`d20 14 +2 charge = 16 vs 11+AC2 13: hit`, `shock 2d6 5 +0 = 5: recoil`).

use crate::engine::command::Decision;
use crate::engine::event::{AttackKind, EndReason, Event, MoveKind, RollCause};
use crate::engine::{Game, Phase, UnitId};

fn name(game: &Game, id: UnitId) -> String {
    game.unit(id)
        .map_or_else(|| id.to_string(), |u| u.label.clone())
}

/// "1 hex", "3 hexes".
fn hexes(n: usize) -> String {
    if n == 1 {
        "1 hex".into()
    } else {
        format!("{n} hexes")
    }
}

fn signed(v: i32) -> String {
    format!("{v:+}")
}

/// Lines describing an event; empty for bookkeeping events.
pub fn describe(game: &Game, event: &Event) -> Vec<String> {
    let n = |id: UnitId| name(game, id);
    let side = |s: crate::engine::SideId| game.side(s).name.clone();
    let line = match event {
        Event::TurnBegan { turn } => format!("── Turn {turn} ──"),
        Event::InitiativeRolled { faces, winner } => {
            let rolls: Vec<String> = faces.iter().map(|(a, b)| format!("{a} v {b}")).collect();
            format!(
                "Initiative d6: {} → {} wins",
                rolls.join(", tie, "),
                side(*winner)
            )
        }
        Event::FirstSideChosen { side: s } => format!("{} is the first side this turn", side(*s)),
        Event::PhaseBegan { phase } => match phase {
            Phase::Missile | Phase::Melee => {
                format!(
                    "{phase:?} phase: {} gives orders first",
                    side(game.first_side())
                )
            }
            _ => format!("{phase:?} phase"),
        },
        Event::OrdersPassed { side: s } => format!("{} gives orders", side(*s)),
        Event::Moved { unit, kind, path } => match kind {
            MoveKind::StandFast => return Vec::new(),
            MoveKind::Flee => format!("{} flees {}", n(*unit), hexes(path.len())),
            MoveKind::March => format!("{} marches {}", n(*unit), hexes(path.len())),
            MoveKind::Hustle => format!("{} hustles {}", n(*unit), hexes(path.len())),
            MoveKind::Charge => format!("{} charges {}", n(*unit), hexes(path.len())),
            MoveKind::Disengage => format!("{} disengages {}", n(*unit), hexes(path.len())),
        },
        Event::ReloadTokenRemoved { unit, left } => {
            format!("{} reloads: {left} token(s) left", n(*unit))
        }
        Event::ChargeDeclared { unit, target } => format!("{} charges {}!", n(*unit), n(*target)),
        Event::AttackCancelled { unit, reason } => {
            format!("Attack by {} is off: {reason}", n(*unit))
        }
        Event::Readied { unit } => format!("{} is ready", n(*unit)),
        Event::ReadyLost { .. } | Event::DecisionAnswered => return Vec::new(),
        Event::AttackDeclared { unit, target, kind } => declared(&n(*unit), &n(*target), *kind),
        Event::AttackRolled { .. } => return attack_lines(game, event),
        Event::ReloadTokensGained { unit, tokens } => {
            format!("{} must reload: {tokens} token(s)", n(*unit))
        }
        Event::Withdrew { unit, path } => format!(
            "{} withdraws {}, saving {} uhp",
            n(*unit),
            hexes(path.len()),
            path.len()
        ),
        Event::Damaged {
            unit, uhp, left, ..
        } => format!("{} loses {uhp} uhp ({left} left)", n(*unit)),
        Event::Destroyed { unit } => format!("{} is destroyed", n(*unit)),
        Event::ShockRolled {
            unit,
            cause,
            dice,
            modifier,
            total,
            result,
        } => {
            let what = match cause {
                RollCause::Damage => "shock",
                RollCause::CavalryCharge => "shock (cavalry charge)",
                RollCause::Rally => "rally",
                RollCause::FriendRouted => "morale (friend routed)",
            };
            let sum = dice[0] + dice[1];
            format!(
                "{}: {what} 2d6 {sum} {} = {total}: {}",
                n(*unit),
                signed(*modifier),
                format!("{result:?}").to_lowercase()
            )
        }
        Event::Disordered { unit } => format!("{} is disordered", n(*unit)),
        Event::Recoiled { unit, to } => match to {
            Some(_) => format!("{} recoils", n(*unit)),
            None => format!("{} cannot recoil and stays, disordered", n(*unit)),
        },
        Event::Fled { unit, .. } => format!("{} flees!", n(*unit)),
        Event::Routed { unit } => format!("{} routs and leaves the field", n(*unit)),
        Event::Advanced { unit, .. } => format!("{} advances", n(*unit)),
        Event::Rallied { unit } => format!("{} rallies", n(*unit)),
        Event::BecameSteady { unit } => format!("{} is steady again", n(*unit)),
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
            signed(*modifier),
            if *broke { "the army breaks!" } else { "holds" }
        ),
        Event::BattleEnded { winner, reason } => ended(game, *winner, *reason),
        Event::DecisionRequested { decision } => {
            return decision_line(game, decision).into_iter().collect()
        }
    };
    vec![line]
}

fn declared(attacker: &str, target: &str, kind: AttackKind) -> String {
    match kind {
        AttackKind::Missile => format!("{attacker} fires at {target}"),
        AttackKind::Melee => format!("{attacker} attacks {target}"),
        AttackKind::Charge => format!("{attacker} strikes home on {target}"),
        AttackKind::Reaction { missile: true, .. } => {
            format!("{attacker} is ready and fires first at {target}")
        }
        AttackKind::Reaction { .. } => format!("{attacker} is ready and strikes first at {target}"),
    }
}

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
    let throw = needed - ac;
    let mods: String = modifiers
        .iter()
        .map(|(why, v)| format!(" {} {why}", signed(*v)))
        .collect();
    let mut lines: Vec<String> = throws
        .iter()
        .map(|t| {
            let total = t.face as i32 + modifier;
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
            "{} on {}: {hits} hit(s){per}",
            name(game, *attacker),
            name(game, *target)
        ),
    );
    lines
}

fn ended(game: &Game, winner: Option<crate::engine::SideId>, reason: EndReason) -> String {
    let why = match reason {
        EndReason::Annihilated => "the enemy has no unit left on the field",
        EndReason::ArmyBroke => "the enemy's army morale broke",
        EndReason::Objectives => "it holds more objectives at the turn limit",
        EndReason::Losses => "it inflicted more losses by the turn limit",
        EndReason::Defender => "the defender holds at the turn limit",
    };
    match winner {
        Some(s) => format!("{} wins: {why}", game.side(s).name),
        None => "The battle is a draw".into(),
    }
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
            let most = options.iter().max().copied().unwrap_or(0);
            format!(
                "{side}: {} takes {damage} uhp. Withdraw how many hexes? [0-{most}]",
                name(game, *unit)
            )
        }
        Decision::Advance { unit, .. } => format!(
            "{side}: {} may advance into the vacated hex. [y/n]",
            name(game, *unit)
        ),
        Decision::NewChargeTarget { unit, options, .. } => {
            let list: Vec<String> = options
                .iter()
                .enumerate()
                .map(|(i, t)| format!("[{}] {}", i + 1, name(game, *t)))
                .collect();
            format!(
                "{side}: {} may charge a new target: {} [0] none",
                name(game, *unit),
                list.join(" ")
            )
        }
    })
}

//! What the other side just did, kept on the map until the player's next order: where its
//! units moved to and whom they attacked or charged, each marked beside its hex (`»` a
//! move's end, `×` a unit attacked), and `o` steps through them one at a time with the
//! log's words for each. A mark follows its unit: it moves with an advance, a withdrawal or
//! a recoil and goes when the unit leaves the map, so no mark stays on an empty hex; an
//! order taken back is replayed away with the rest of the battle (see `App::undo`).

use super::describe::describe;
use crate::engine::event::{Event, MoveKind};
use crate::engine::{Game, Phase, SideId, UnitId};
use hexx::Hex;

/// One thing the other side did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The unit it is about: the one that moved, or the one attacked.
    pub unit: UnitId,
    /// Where it shows: where that unit stands now.
    pub hex: Hex,
    /// Whether that unit is still on the map; a unit gone shows no mark.
    pub shown: bool,
    /// An attack or charge (`×`) rather than a move (`»`).
    pub attack: bool,
    /// The log's line for it.
    pub text: String,
}

/// Each side's moves and attacks since the other side's last order: the ones a player
/// sees are the other side's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Traces {
    items: Vec<(SideId, Trace)>,
    /// The trace `o` shows next.
    next: usize,
}

impl Traces {
    /// Keeps the moves and attacks among `events`, caused by a command of `side` given in
    /// turn and phase `when`; an order of `side` (not the end of its orders) first forgets
    /// the other side's, now seen.
    pub fn record(
        &mut self,
        (side, order, when): (SideId, bool, (u32, Phase)),
        game: &Game,
        events: &[Event],
    ) {
        if order {
            self.items.retain(|(s, _)| *s == side);
            self.next = 0;
        }
        // Each event's turn and phase, followed through the events: the end of a side's
        // orders may open the next phase (charges struck home) or turn.
        let (mut turn, mut phase) = when;
        for e in events {
            match e {
                Event::TurnBegan { turn: t } => turn = *t,
                Event::PhaseBegan { phase: p } => phase = *p,
                _ => {}
            }
            let hex = match e {
                Event::Moved {
                    unit, kind, path, ..
                } if *kind != MoveKind::StandFast => path.last().map(|h| (*unit, *h)),
                Event::ChargeDeclared { target, .. } | Event::AttackDeclared { target, .. } => {
                    game.unit(*target).map(|u| (*target, u.pos))
                }
                _ => None,
            };
            if let Some((unit, hex)) = hex {
                let attack = !matches!(e, Event::Moved { .. });
                // When it was done: a move may be from the turn before, when the other
                // side's orders there came after the player's last (found playing).
                let text = format!(
                    "turn {turn}, {phase:?} phase: {}",
                    describe(game, e).join(" ")
                );
                let trace = Trace {
                    unit,
                    hex,
                    shown: true,
                    attack,
                    text,
                };
                self.items.push((side, trace));
            }
        }
    }

    /// Moves each mark to where its unit stands after a command, and hides the marks of
    /// units no longer on the map (routed, destroyed): a mark is never on an empty hex.
    pub fn follow(&mut self, game: &Game) {
        for (_, t) in &mut self.items {
            match game.unit(t.unit).filter(|u| u.on_map()) {
                Some(u) => t.hex = u.pos,
                None => t.shown = false,
            }
        }
    }

    /// What `viewer` sees: the other side's traces (every trace when nobody is at the
    /// keyboard).
    fn seen_by(&self, viewer: Option<SideId>) -> impl Iterator<Item = &Trace> {
        self.items
            .iter()
            .filter(move |(s, _)| Some(*s) != viewer)
            .map(|(_, t)| t)
    }

    /// The mark `viewer` sees beside `hex`, if the other side did something there.
    pub fn mark(&self, hex: Hex, viewer: Option<SideId>) -> Option<char> {
        let here: Vec<&Trace> = self
            .seen_by(viewer)
            .filter(|t| t.shown && t.hex == hex)
            .collect();
        match here.as_slice() {
            [] => None,
            ts if ts.iter().any(|t| t.attack) => Some('×'),
            _ => Some('»'),
        }
    }

    /// The next trace `viewer` sees, in the order they happened, round again after the last.
    pub fn step(&mut self, viewer: Option<SideId>) -> Option<Trace> {
        let seen: Vec<&Trace> = self.seen_by(viewer).collect();
        let at = self.next % seen.len().max(1);
        let mut trace = seen.get(at).map(|t| (*t).clone())?;
        trace.text = format!("{} of {} · {}", at + 1, seen.len(), trace.text);
        self.next += 1;
        Some(trace)
    }
}

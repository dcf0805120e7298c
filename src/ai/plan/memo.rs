//! The planner's memory through one side's Movement phase (R4.1–R4.5): each unit's best
//! order and its score are kept from one order to the next, and a unit is scored again
//! only when one of our units moved or changed near it, or anything changed that weighs
//! on every unit (an enemy, a die rolled, the objectives' posts, the side's boldness).
//! Without it a side of n units scores about n²/2 units a phase; with it, about n plus
//! the neighbours of each move.
//!
//! "Near" is a judgement, not a proof: a move further off can still change an enemy's
//! path and so a unit's danger a little. The README gives the planner's strength with the
//! memory, measured with `volley sim`.

use super::view::View;
use crate::engine::game::{Fate, TurnMarks};
use crate::engine::{Command, Game, Phase, SideId, Status, Unit};
use hexx::Hex;

/// Hexes beyond a unit's longest move within which another unit's move makes it score
/// again: its support and cover (R9.4), the friends that counter an enemy beside it, and
/// the occupied hexes around where it may end.
const NEAR: u32 = 3;

/// What must be unchanged for a remembered order to stand: the phase and its side, the
/// planner's temper and every input that weighs on all units.
#[derive(Clone, Debug, PartialEq)]
struct Key {
    turn: u32,
    phase: Phase,
    side: SideId,
    salt: u64,
    boldness: u64,
    dice_rolled: u64,
    posts: Vec<(u16, Hex)>,
}

impl Key {
    fn of(view: &View) -> Key {
        Key {
            turn: view.game.turn(),
            phase: view.game.phase(),
            side: view.side,
            salt: view.style.salt,
            boldness: view.boldness.to_bits(),
            dice_rolled: view.game.dice_rolled(),
            posts: view.posts.iter().map(|p| (p.unit.0, p.hex)).collect(),
        }
    }
}

/// A unit as the planner last saw it.
#[derive(Clone, Debug, PartialEq)]
struct Seen {
    pos: Hex,
    uhp: u32,
    status: Status,
    ready: bool,
    reload_tokens: u32,
    retreats: u32,
    fate: Option<Fate>,
    marks: TurnMarks,
}

impl Seen {
    fn of(u: &Unit) -> Seen {
        Seen {
            pos: u.pos,
            uhp: u.uhp,
            status: u.status,
            ready: u.ready,
            reload_tokens: u.reload_tokens,
            retreats: u.retreats,
            fate: u.fate,
            marks: u.marks.clone(),
        }
    }
}

/// Each unit's best movement order and its score, as long as it stands (see the module).
#[derive(Clone, Debug, Default)]
pub struct Memo {
    key: Option<Key>,
    seen: Vec<Seen>,
    best: Vec<Option<(f64, Command)>>,
}

impl Memo {
    /// Brings the memory up to `view`: forgets the units near any change, or all of them.
    pub fn sync(&mut self, view: &View) {
        let game = view.game;
        let key = Key::of(view);
        let now: Vec<Seen> = game.units().iter().map(Seen::of).collect();
        let same = self.key.as_ref() == Some(&key) && self.seen.len() == now.len();
        match same.then(|| changed_hexes(game, view.side, &self.seen, &now)) {
            Some(Some(hexes)) => self.forget_near(game, &hexes),
            _ => self.best = vec![None; now.len()],
        }
        self.key = Some(key);
        self.seen = now;
    }

    /// The remembered best order of `u` while the engine still allows it, else `score`'s.
    pub fn best(
        &mut self,
        game: &Game,
        u: &Unit,
        score: impl FnOnce() -> Option<(f64, Command)>,
    ) -> Option<(f64, Command)> {
        let slot = usize::from(u.id.0);
        let kept = self.best.get(slot).copied().flatten();
        if let Some((v, c)) = kept.filter(|(_, c)| game.unit_orders(u.id).contains(c)) {
            return Some((v, c));
        }
        let fresh = score();
        if let Some(entry) = self.best.get_mut(slot) {
            *entry = fresh;
        }
        fresh
    }

    fn forget_near(&mut self, game: &Game, hexes: &[Hex]) {
        for (entry, u) in self.best.iter_mut().zip(game.units()) {
            let radius = super::danger::span(u) + NEAR;
            if hexes
                .iter()
                .any(|h| h.unsigned_distance_to(u.pos) <= radius)
            {
                *entry = None;
            }
        }
    }
}

/// Where our units changed between `before` and `now` (both hexes of a move), or `None`
/// when an enemy changed, which may weigh on every unit.
fn changed_hexes(game: &Game, side: SideId, before: &[Seen], now: &[Seen]) -> Option<Vec<Hex>> {
    let mut hexes = Vec::new();
    for ((old, new), u) in before.iter().zip(now).zip(game.units()) {
        if old == new {
            continue;
        }
        if u.side != side {
            return None;
        }
        hexes.extend([old.pos, new.pos]);
    }
    Some(hexes)
}

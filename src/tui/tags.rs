//! Short tags that tell units apart on the map, in the panel and in the log: one character
//! per unit, unique within its side, taken from its label where it can be (`Red pike` →
//! `p`, `Banér's horse` → `b`), so that two Swedish DF no longer both read `SDF`.

use crate::engine::{Event, Game, SideId, UnitId};

/// Characters a tag falls back to once a label's own letters are taken.
const SPARE: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// The tag of every unit, indexed by unit id; the same game always gives the same tags.
pub fn tags(game: &Game) -> Vec<char> {
    assign(game, &[])
}

/// The tags of `game`, a reload of `old` (`--watch`): each unit keeps the tag `old_tags`
/// gave the unit of its side and label in `old` (the second of one label the second's),
/// so adding or moving units does not retag the others; new units get letters still free.
pub fn keeping(game: &Game, old: &Game, old_tags: &[char]) -> Vec<char> {
    let before = keys(old);
    let kept: Vec<Option<char>> = (keys(game).iter())
        .map(|key| {
            let at = before.iter().position(|k| k == key)?;
            old_tags.get(at).copied()
        })
        .collect();
    assign(game, &kept)
}

/// The tags after units changed sides (R12.3): every unit keeps its tag `old` gave it,
/// except a defector whose tag a unit of its new side already holds, which takes the first
/// letter of its label its new side has free.
pub fn after_defection(game: &Game, old: &[char]) -> Vec<char> {
    let defected = |id: UnitId| {
        (game.log().iter()).any(|e| matches!(e, Event::UnitDefected { unit, .. } if *unit == id))
    };
    let units = game.units();
    let holds = |i: usize, side: SideId, c: char| {
        (units.iter().zip(old))
            .enumerate()
            .any(|(j, (o, t))| j != i && *t == c && o.side == side && !defected(o.id))
    };
    let wished: Vec<Option<char>> = (units.iter().zip(old).enumerate())
        .map(|(i, (u, &c))| (!defected(u.id) || !holds(i, u.side, c)).then_some(c))
        .collect();
    assign(game, &wished)
}

/// Each unit's side, label and how many units of that side and label come before it.
fn keys(game: &Game) -> Vec<(SideId, &str, usize)> {
    let units = game.units();
    (units.iter().enumerate())
        .map(|(i, u)| {
            let earlier = units.get(..i).unwrap_or_default();
            let nth = (earlier.iter())
                .filter(|o| o.side == u.side && o.label == u.label)
                .count();
            (u.side, u.label.as_str(), nth)
        })
        .collect()
}

/// Tags by unit id: the wished tag (by id) where the unit's side has not used it, else the
/// first free candidate of its label. Wished tags are claimed first, so that a kept tag
/// is never taken by a unit listed before it.
fn assign(game: &Game, wished: &[Option<char>]) -> Vec<char> {
    let mut taken: [Vec<char>; 2] = [Vec::new(), Vec::new()];
    let wish = |i: usize| wished.get(i).copied().flatten();
    let units = game.units();
    let mut kept: Vec<Option<char>> = Vec::new();
    for (i, u) in units.iter().enumerate() {
        let used = u.side.of_mut(&mut taken);
        let tag = wish(i).filter(|c| !used.contains(c));
        used.extend(tag);
        kept.push(tag);
    }
    (units.iter().zip(kept))
        .map(|(u, tag)| {
            tag.unwrap_or_else(|| {
                let used = u.side.of_mut(&mut taken);
                let fresh = candidates(&u.label)
                    .find(|c| !used.contains(c))
                    .unwrap_or('?');
                used.push(fresh);
                fresh
            })
        })
        .collect()
}

/// A label's letters in order of preference: the last word's initial (the troop kind in
/// `Red pike`, `Tott's horse`), the other initials, every other letter, then the spares.
/// Digits come last (`2nd pikemen` is `p`): on the map a digit tag would run into the uhp
/// beside it (`2` and `10` read `210`).
fn candidates(label: &str) -> impl Iterator<Item = char> + '_ {
    let words: Vec<&str> = label.split_whitespace().collect();
    let initial = |w: &&str| w.chars().find(|c| c.is_ascii_alphabetic());
    let last = words.last().and_then(initial);
    let initials: Vec<char> = words.iter().rev().filter_map(initial).collect();
    let letters = label.chars().filter(char::is_ascii_alphabetic);
    last.into_iter()
        .chain(initials)
        .chain(letters)
        .map(|c| c.to_ascii_lowercase())
        .chain(SPARE.chars())
}

/// The tag of one unit.
pub fn tag_of(game: &Game, id: UnitId) -> char {
    tags(game).get(usize::from(id.0)).copied().unwrap_or('?')
}

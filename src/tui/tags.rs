//! Short tags that tell units apart on the map, in the panel and in the log: one character
//! per unit, unique within its side, taken from its label where it can be (`Red pike` →
//! `p`, `Banér's horse` → `b`), so that two Swedish DF no longer both read `SDF`.

use crate::engine::{Game, UnitId};

/// Characters a tag falls back to once a label's own letters are taken.
const SPARE: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// The tag of every unit, indexed by unit id; the same game always gives the same tags.
pub fn tags(game: &Game) -> Vec<char> {
    let mut taken: [Vec<char>; 2] = [Vec::new(), Vec::new()];
    game.units()
        .iter()
        .map(|u| {
            let used = u.side.of_mut(&mut taken);
            let tag = candidates(&u.label)
                .find(|c| !used.contains(c))
                .unwrap_or('?');
            used.push(tag);
            tag
        })
        .collect()
}

/// A label's letters in order of preference: the last word's initial (the troop kind in
/// `Red pike`, `Tott's horse`), the other initials, every other letter, then the spares.
fn candidates(label: &str) -> impl Iterator<Item = char> + '_ {
    let words: Vec<&str> = label.split_whitespace().collect();
    let initial = |w: &&str| w.chars().find(|c| c.is_ascii_alphanumeric());
    let last = words.last().and_then(initial);
    let initials: Vec<char> = words.iter().rev().filter_map(initial).collect();
    let letters = label.chars().filter(char::is_ascii_alphanumeric);
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

//! The multi-byte half of the text targets' mutator, free of libFuzzer so that it can be
//! tested on its own (`cargo test --lib` in `fuzz/`): put a character of two, three or four
//! bytes where byte-level mutations rarely do, inside a quoted name and on a character
//! boundary, and most of all at the end of a name (`troop: "abcé"`, the crash an ASCII-only
//! cut-and-splice test missed: a "did you mean" suggestion byte-sliced it).

/// Characters of two, three and four bytes, a combining mark, and the line, joiner and
/// byte-order characters that text handling gets wrong.
pub const WIDE: [&str; 12] = [
    "é",
    "ß",
    "中",
    "😀",
    "\u{85}",
    "\u{200d}",
    "\u{feff}",
    "\u{301}",
    "\u{2028}",
    "\u{1b}",
    "ǅ",
    "\u{10ffff}",
];

/// `text` through one of the mutations (`insert_wide`, `replace_number`), given `room`
/// bytes to grow into and the generator of `seed`; `None` where it does nothing. For the
/// mutations' tests: the text must stay UTF-8.
#[cfg(test)]
pub(crate) fn mutated(
    text: &str,
    seed: u32,
    room: usize,
    mutation: fn(&mut [u8], usize, usize, &mut Xorshift) -> Option<usize>,
) -> Option<String> {
    let mut data = text.as_bytes().to_vec();
    data.resize(text.len() + room, 0);
    let max = data.len();
    let size = mutation(&mut data, text.len(), max, &mut Xorshift::new(seed))?;
    data.truncate(size);
    Some(String::from_utf8(data).expect("text stays UTF-8"))
}

/// A small deterministic generator, seeded by libFuzzer's seed for the mutation.
pub struct Xorshift(u32);

impl Xorshift {
    /// The generator for `seed` (0 is as good a seed as any other).
    pub fn new(seed: u32) -> Xorshift {
        Xorshift(seed ^ 0x9e37_79b9)
    }

    fn next(&mut self) -> u32 {
        let mut x = self.0.max(1);
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() as usize) % n.max(1)
    }
}

/// Inserts a multi-byte character into `data[..size]`, or substitutes one for the character
/// there, keeping the result within `max_size` and `data.len()`; the new size, or `None`
/// when there is no room. Text that was UTF-8 stays UTF-8.
pub fn insert_wide(
    data: &mut [u8],
    size: usize,
    max_size: usize,
    rng: &mut Xorshift,
) -> Option<usize> {
    let size = size.min(data.len());
    let wide = WIDE.get(rng.below(WIDE.len()))?.as_bytes();
    let at = pick_position(data.get(..size)?, rng);
    let replace = if rng.below(3) == 0 {
        char_len(data.get(..size)?, at)
    } else {
        0
    };
    let new_size = size - replace + wide.len();
    if new_size > max_size.min(data.len()) {
        return None;
    }
    data.copy_within(at + replace..size, at + wide.len());
    data.get_mut(at..at + wide.len())?.copy_from_slice(wide);
    Some(new_size)
}

/// A position to mutate, on a character boundary when the data is text: three times in
/// four inside a quoted string (mostly a name's own quotes, counted in pairs from the
/// start; a third of those just before its closing quote), otherwise anywhere.
pub fn pick_position(data: &[u8], rng: &mut Xorshift) -> usize {
    let quotes: Vec<usize> = data
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'"')
        .map(|(i, _)| i)
        .collect();
    let at = match quotes.len() {
        n if n >= 2 && rng.below(4) != 0 => {
            let k = if rng.below(4) != 0 {
                2 * rng.below(n / 2)
            } else {
                rng.below(n - 1)
            };
            match (quotes.get(k), quotes.get(k + 1)) {
                (Some(&open), Some(&close)) if rng.below(3) == 0 => close.max(open + 1),
                (Some(&open), Some(&close)) => open + 1 + rng.below(close - open),
                _ => rng.below(data.len() + 1),
            }
        }
        _ => rng.below(data.len() + 1),
    };
    let mut at = at.min(data.len());
    if let Ok(text) = std::str::from_utf8(data) {
        while at < data.len() && !text.is_char_boundary(at) {
            at += 1;
        }
    }
    at
}

/// Length in bytes of the character starting at `at` (1 for a stray byte), or 0 at the end.
fn char_len(data: &[u8], at: usize) -> usize {
    let rest = data.len().saturating_sub(at);
    match data.get(at) {
        None => 0,
        Some(b) if *b < 0xC0 => 1,
        Some(b) if *b >= 0xF0 => 4.min(rest),
        Some(b) if *b >= 0xE0 => 3.min(rest),
        Some(_) => 2.min(rest),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAME: &str = "(troop: \"abc\", label: \"Red pike\")";

    fn mutate(text: &str, seed: u32, room: usize) -> Option<String> {
        mutated(text, seed, room, insert_wide)
    }

    #[test]
    fn text_stays_text_and_gains_one_of_the_characters() {
        let mut wide = 0;
        for seed in 0..2000 {
            let out = mutate(NAME, seed, 8).expect("room enough");
            assert!(WIDE.iter().any(|w| out.contains(w)), "{seed}: {out}");
            wide += usize::from(out.chars().any(|c| c.len_utf8() > 1));
        }
        assert!(wide > 1600, "only {wide} of 2000 multi-byte");
    }

    #[test]
    fn the_same_seed_gives_the_same_mutation() {
        for seed in 0..200 {
            assert_eq!(mutate(NAME, seed, 8), mutate(NAME, seed, 8));
        }
    }

    #[test]
    fn a_wide_character_often_lands_at_the_end_of_a_name() {
        let at_end = (0..2000)
            .filter(|&seed| {
                mutate(NAME, seed, 8).is_some_and(|out| {
                    WIDE.iter().any(|w| {
                        out.contains(&format!("\"abc{w}\"")) || out.contains(&format!("pike{w}\""))
                    })
                })
            })
            .count();
        assert!(at_end > 200, "only {at_end} of 2000");
    }

    #[test]
    fn no_room_is_no_mutation() {
        let mut data = NAME.as_bytes().to_vec();
        let size = data.len();
        for seed in 0..200 {
            let got = insert_wide(&mut data, size, size, &mut Xorshift::new(seed));
            // Only a same-width substitution fits (none here: every WIDE is at least 1 byte
            // wider than an ASCII character it replaces, except U+001B).
            if let Some(n) = got {
                assert!(n <= size);
            }
        }
    }
}

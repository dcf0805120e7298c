//! What the fuzz targets share: a mutator that puts multi-byte UTF-8 where libFuzzer's own
//! byte-level mutations rarely do (inside names, split across a cut), and the interpreter
//! that turns bytes into a stream of commands on a running battle.

pub mod stream;

/// Characters of two, three and four bytes, combining marks, and line and format
/// characters that text handling gets wrong.
const WIDE: [&str; 12] = [
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

/// A small deterministic generator seeded by libFuzzer's seed.
struct Xorshift(u32);

impl Xorshift {
    fn next(&mut self) -> u32 {
        let mut x = self.0.max(1);
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() as usize) % n.max(1)
    }
}

/// Half the time, inserts or substitutes a multi-byte character, preferably inside a
/// quoted string and at a character boundary; otherwise libFuzzer's own mutation.
pub fn utf8_mutate(data: &mut [u8], size: usize, max_size: usize, seed: u32) -> usize {
    let mut rng = Xorshift(seed);
    if rng.below(2) == 0 {
        return libfuzzer_sys::fuzzer_mutate(data, size, max_size);
    }
    let size = size.min(data.len());
    let wide = WIDE[rng.below(WIDE.len())].as_bytes();
    let at = pick_position(&data[..size], &mut rng);
    let replace = if rng.below(2) == 0 {
        char_len(&data[..size], at)
    } else {
        0
    };
    let new_size = size - replace + wide.len();
    if new_size > max_size.min(data.len()) {
        return libfuzzer_sys::fuzzer_mutate(data, size, max_size);
    }
    data.copy_within(at + replace..size, at + wide.len());
    data[at..at + wide.len()].copy_from_slice(wide);
    new_size
}

/// A position to mutate: inside a quoted string when there is one, on a character boundary
/// when the data is text.
fn pick_position(data: &[u8], rng: &mut Xorshift) -> usize {
    let quotes: Vec<usize> = data
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'"')
        .map(|(i, _)| i + 1)
        .collect();
    let mut at = if !quotes.is_empty() && rng.below(4) != 0 {
        quotes[rng.below(quotes.len())]
    } else {
        rng.below(data.len() + 1)
    };
    if let Ok(text) = std::str::from_utf8(data) {
        while at < data.len() && !text.is_char_boundary(at) {
            at += 1;
        }
    }
    at.min(data.len())
}

/// Length in bytes of the character at `at`, or 0 at the end.
fn char_len(data: &[u8], at: usize) -> usize {
    match data.get(at) {
        None => 0,
        Some(b) if *b < 0x80 => 1,
        Some(b) if *b >= 0xF0 => 4.min(data.len() - at),
        Some(b) if *b >= 0xE0 => 3.min(data.len() - at),
        Some(_) => 2.min(data.len() - at),
    }
}

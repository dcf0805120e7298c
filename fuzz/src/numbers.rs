//! The number half of the text targets' mutator, free of libFuzzer so that it can be tested
//! on its own: find a number in the input and put an extreme one in its place (the limits
//! of `i32`, `u32`, `u64`, `i64`, floats that are not finite, the edges of R2.8's ranges),
//! the values that crashed the engine in issue 25 and that byte-level mutations seldom
//! reach from a seed file's small numbers.

use crate::utf8::Xorshift;

/// The numbers put in place of another (the dictionary `fuzz/dict/numbers.dict` holds
/// them too, and a few more).
pub const EXTREMES: [&str; 24] = [
    "2147483647",
    "-2147483648",
    "4294967295",
    "18446744073709551615",
    "9223372036854775807",
    "-9223372036854775808",
    "1e308",
    "-1e308",
    "-0",
    "NaN",
    "inf",
    "-inf",
    "-1",
    "0",
    "1",
    "65535",
    "256",
    "-129",
    "7",
    "-7",
    "16",
    "31",
    "481",
    "1201",
];

/// Replaces one number of `data[..size]` (digits, with a leading `-` and a fraction or
/// exponent if it has them) by one of [`EXTREMES`], keeping the result within `max_size`
/// and `data.len()`; the new size, or `None` when the input has no number or no room.
/// Text that was UTF-8 stays UTF-8: only ASCII is cut and put in.
pub fn replace_number(
    data: &mut [u8],
    size: usize,
    max_size: usize,
    rng: &mut Xorshift,
) -> Option<usize> {
    let size = size.min(data.len());
    let spans = numbers(data.get(..size)?);
    let &(start, end) = spans.get(rng.below(spans.len()))?;
    let new = EXTREMES.get(rng.below(EXTREMES.len()))?.as_bytes();
    let new_size = size - (end - start) + new.len();
    if new_size > max_size.min(data.len()) {
        return None;
    }
    data.copy_within(end..size, start + new.len());
    data.get_mut(start..start + new.len())?.copy_from_slice(new);
    Some(new_size)
}

/// Byte spans `(start, end)` of the numbers of `data`: a run of digits not inside a word
/// (`x2` is a name), with a `-` before it and a `.`, `e` or `E` fraction or exponent after.
pub fn numbers(data: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut i = 0;
    while i < data.len() {
        let word_before = i > 0
            && data
                .get(i - 1)
                .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_');
        if !data.get(i).is_some_and(u8::is_ascii_digit) || word_before {
            i += 1;
            continue;
        }
        let start = if i > 0 && data.get(i - 1) == Some(&b'-') {
            i - 1
        } else {
            i
        };
        let mut end = i;
        while data
            .get(end)
            .is_some_and(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E'))
        {
            end += 1;
        }
        spans.push((start, end));
        i = end;
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "(armor: 4, morale: -1, hd_below: 1.25, name: \"x2\", at: (3, 0))";

    fn mutate(text: &str, seed: u32, room: usize) -> Option<String> {
        crate::utf8::mutated(text, seed, room, replace_number)
    }

    #[test]
    fn finds_whole_numbers_signs_and_fractions_but_not_digits_in_names() {
        let found: Vec<&str> = numbers(TEXT.as_bytes())
            .into_iter()
            .map(|(s, e)| &TEXT[s..e])
            .collect();
        assert_eq!(found, ["4", "-1", "1.25", "3", "0"]);
    }

    /// The numbers of `text` as text.
    fn all(text: &str) -> Vec<String> {
        numbers(text.as_bytes())
            .into_iter()
            .map(|(s, e)| text[s..e].to_string())
            .collect()
    }

    #[test]
    fn a_number_is_replaced_by_an_extreme_one_and_the_rest_is_kept() {
        let before = all(TEXT);
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..2000 {
            let out = mutate(TEXT, seed, 32).expect("room enough");
            assert!(out.contains("name: \"x2\""), "{out}");
            let after = all(&out);
            let changed: Vec<(&String, &String)> =
                before.iter().zip(&after).filter(|(b, a)| b != a).collect();
            if after.len() < before.len() {
                // A number became `NaN`, `inf` or `-inf`, which are not digits.
                assert!(out.contains("NaN") || out.contains("inf"), "{out}");
                seen.insert("not finite".to_string());
                continue;
            }
            if let [(_, new)] = changed.as_slice() {
                assert!(EXTREMES.contains(&new.as_str()), "{out}");
                seen.insert(new.to_string());
            }
        }
        // Every extreme shows but the three not written in digits, counted as one.
        assert!(seen.len() >= EXTREMES.len() - 2, "{seen:?}");
    }

    #[test]
    fn the_same_seed_gives_the_same_mutation_and_no_room_or_number_none() {
        for seed in 0..200 {
            assert_eq!(mutate(TEXT, seed, 32), mutate(TEXT, seed, 32));
        }
        assert_eq!(mutate("(name: \"x\")", 1, 32), None);
        let mut data = b"(a: 1)".to_vec();
        let long = (0..200)
            .filter(|&s| replace_number(&mut data.clone(), 6, 6, &mut Xorshift::new(s)).is_some())
            .count();
        assert!(long < 200, "a longer number never fits in no room");
        data.truncate(6);
    }
}

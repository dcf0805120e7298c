//! What the fuzz targets share: a mutator that puts multi-byte UTF-8 where libFuzzer's own
//! byte-level mutations rarely do (inside names, at their end, split across a cut) and
//! extreme numbers in place of a file's own (R2.8, issue 25), and the interpreter that turns
//! bytes into a stream of commands on a running battle.

pub mod numbers;
pub mod stream;
pub mod utf8;

/// The text targets' mutator (`fuzz_mutator!`): a third of the time a multi-byte character
/// inserted or substituted (see [`utf8::insert_wide`]), a third a number replaced by an
/// extreme one (see [`numbers::replace_number`]), otherwise libFuzzer's own mutation (which
/// also draws on the `-dict=` of extreme numbers `fuzz/run` gives it). Deterministic for a
/// given `seed`, as libFuzzer requires.
pub fn text_mutate(data: &mut [u8], size: usize, max_size: usize, seed: u32) -> usize {
    let mut rng = utf8::Xorshift::new(seed);
    let mutated = match rng.below(3) {
        0 => None,
        1 => utf8::insert_wide(data, size, max_size, &mut rng),
        _ => numbers::replace_number(data, size, max_size, &mut rng),
    };
    mutated.unwrap_or_else(|| libfuzzer_sys::fuzzer_mutate(data, size, max_size))
}

//! What the fuzz targets share: a mutator that puts multi-byte UTF-8 where libFuzzer's own
//! byte-level mutations rarely do (inside names, at their end, split across a cut), and the
//! interpreter that turns bytes into a stream of commands on a running battle.

pub mod stream;
pub mod utf8;

/// The text targets' mutator (`fuzz_mutator!`): half the time a multi-byte character
/// inserted or substituted (see [`utf8::insert_wide`]), otherwise libFuzzer's own mutation.
/// Deterministic for a given `seed`, as libFuzzer requires.
pub fn utf8_mutate(data: &mut [u8], size: usize, max_size: usize, seed: u32) -> usize {
    let mut rng = utf8::Xorshift::new(seed);
    if rng.below(2) == 0 {
        return libfuzzer_sys::fuzzer_mutate(data, size, max_size);
    }
    match utf8::insert_wide(data, size, max_size, &mut rng) {
        Some(new_size) => new_size,
        None => libfuzzer_sys::fuzzer_mutate(data, size, max_size),
    }
}

//! The troop catalog loader on any text: a located error or a catalog, never a panic.
#![no_main]

use libfuzzer_sys::{fuzz_mutator, fuzz_target};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = volley::scenario::Catalog::parse(text, "troops.ron");
    }
});

fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    volley_fuzz::text_mutate(data, size, max_size, seed)
});

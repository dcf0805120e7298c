//! The save loader on any text: a named refusal or a battle replayed to its saved state,
//! never a panic. Saves of more than a few hundred commands are only parsed, not replayed,
//! to keep each run short.
#![no_main]

use libfuzzer_sys::{fuzz_mutator, fuzz_target};
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("fuzz-save.ron");
    if let Ok(save) = volley::save::SaveFile::parse(text, path) {
        if save.commands.len() <= 400 {
            let _ = save.resume(path);
        }
    }
});

fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    volley_fuzz::text_mutate(data, size, max_size, seed)
});

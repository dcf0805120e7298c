//! The scenario loader on any text: a located error or a battle, never a panic. A battle it
//! accepts must also set up and describe itself (`volley units`).
#![no_main]

use libfuzzer_sys::{fuzz_mutator, fuzz_target};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(scenario) = volley::scenario::Scenario::parse(text, "fuzz.ron") {
        let _ = volley::engine::Game::new(scenario.setup.clone(), volley::engine::Dice::seeded(1));
        let _ = volley::commands::units_report(&scenario, false);
    }
});

fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    volley_fuzz::utf8_mutate(data, size, max_size, seed)
});

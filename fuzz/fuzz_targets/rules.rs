//! The rules-file loader on any text: a located error or rules, never a panic. Rules it
//! accepts must also derive the shipped catalog's units and set up the tutorial.
#![no_main]

use libfuzzer_sys::{fuzz_mutator, fuzz_target};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(rules) = volley::engine::Rules::parse(text, "rules.ron") else {
        return;
    };
    let (file, source) = volley::scenario::SHIPPED[0];
    let Ok(scenario) = volley::scenario::Scenario::parse(source, file) else {
        return;
    };
    let mut setup = scenario.setup.clone();
    setup.rules = rules;
    let _ = volley::engine::Game::new(setup, volley::engine::Dice::seeded(1));
});

fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    volley_fuzz::text_mutate(data, size, max_size, seed)
});

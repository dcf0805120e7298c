//! The scenario loader on any text: a located error or a battle, never a panic. A battle it
//! accepts must also set up, describe itself (`volley units`) and play: a file `check`
//! passes must never crash the game (issue 25), so up to 200 random legal commands are
//! played on it.
#![no_main]

use libfuzzer_sys::{fuzz_mutator, fuzz_target};
use volley::ai::Player;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(scenario) = volley::scenario::Scenario::parse(text, "fuzz.ron") else {
        return;
    };
    let _ = volley::commands::units_report(&scenario, false);
    let dice = volley::engine::Dice::seeded(1);
    let Ok(mut game) = volley::engine::Game::new(scenario.setup.clone(), dice) else {
        return;
    };
    let mut player = volley::ai::RandomPlayer::new(1);
    for _ in 0..200 {
        match player.choose(&game) {
            Some(command) => {
                let _ = game.submit(command);
            }
            None => break,
        }
    }
});

fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    volley_fuzz::text_mutate(data, size, max_size, seed)
});

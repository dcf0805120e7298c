//! How long the quick-battle generator takes (issue 29): a whole battle of each size, from
//! the army lists to the checked and playtested scenario, and the generator's own work (no
//! playtest) on each ground. Target: the title screen's quick battle starts in under a
//! second in a release build. Run with `cargo bench --bench generate`; see
//! docs/generate.md for the figures.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    missing_docs,
    reason = "a benchmark that meets the unexpected should fail loudly"
)]

use volley::generate::{self, Ground, Request, Size};

fn main() {
    divan::main();
}

fn request(size: Size, ground: Ground) -> Request {
    Request {
        army_a: "Swedish army".into(),
        army_b: "Army of Flanders".into(),
        size,
        ground,
        seed: 1631,
    }
}

/// A whole battle of each size on river ground (the most work: the river, its crossings),
/// playtested as the title screen's quick battle is: the time a player waits.
#[divan::bench(args = [Size::Small, Size::Medium, Size::Large], sample_count = 10)]
fn battle_of_size(size: Size) -> usize {
    generate::generate(&request(size, Ground::River))
        .unwrap()
        .text
        .len()
}

/// A large battle on each ground, without the playtest: the generator's own work.
#[divan::bench(args = [Ground::Open, Ground::Wooded, Ground::Hilly, Ground::River])]
fn large_battle_unplayed_on(ground: Ground) -> usize {
    let stock = generate::Stock::shipped().unwrap();
    generate::generate_unplayed(&stock, &request(Size::Large, ground))
        .unwrap()
        .text
        .len()
}

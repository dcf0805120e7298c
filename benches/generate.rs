//! How long the quick-battle generator takes (issue 29): a whole battle of each size, from
//! the army lists to the checked scenario, on each ground. Target: a large battle well under
//! a second in a release build (the title screen's quick battle starts in under a second).
//! Run with `cargo bench --bench generate`; see docs/generate.md for the figures.

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

/// A whole battle of each size on river ground (the most work: the river, its crossings).
#[divan::bench(args = [Size::Small, Size::Medium, Size::Large])]
fn battle_of_size(size: Size) -> usize {
    generate::generate(&request(size, Ground::River))
        .unwrap()
        .text
        .len()
}

/// A large battle on each ground.
#[divan::bench(args = [Ground::Open, Ground::Wooded, Ground::Hilly, Ground::River])]
fn large_battle_on(ground: Ground) -> usize {
    generate::generate(&request(Size::Large, ground))
        .unwrap()
        .text
        .len()
}

//! Battles played before and after a change to how the engine works out its answers must be
//! the same battles: every shipped scenario, with random, advance and computer players on
//! fixed seeds, must give exactly the event log it gave when these digests were taken
//! (issue 11: the speed work changes nothing a player could see). A change to the rules
//! themselves, or to the computer's judgement, changes the digests on purpose (the
//! planner's memory of the phase changed four computer battles, and issue 30's judgement of
//! ready pike and held objectives 73 of the 78, and of skirmishers that step away from a
//! charge 11 of the computer's battles against `random`); print the new ones with
//! `GOLDEN_PRINT=1 cargo test --release --test golden_battles -- --nocapture`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::string_slice,
    missing_docs,
    reason = "a test that meets the unexpected should fail loudly"
)]

use volley::ai::{AdvancePlayer, ComputerPlayer, Player, PlayerKind, RandomPlayer};
use volley::engine::{Dice, Game};
use volley::save::digest;
use volley::scenario::{Scenario, SHIPPED};

/// The player of `kind` these digests were taken with (only the kinds of `PAIRINGS`).
fn player(kind: PlayerKind, seed: u64) -> Box<dyn Player> {
    match kind {
        PlayerKind::Random => Box::new(RandomPlayer::new(seed)),
        PlayerKind::Advance => Box::new(AdvancePlayer),
        PlayerKind::Normal => Box::new(ComputerPlayer::new(seed, [5, 5])),
        other => panic!("no digests were taken with `{other}`"),
    }
}

/// One battle to its end: the number of commands given and the digest of every event.
fn battle(scenario: &Scenario, seed: u64, kinds: [PlayerKind; 2]) -> (usize, u64) {
    let mut game = Game::new(scenario.setup.clone(), Dice::seeded(seed)).unwrap();
    let mut players = [player(kinds[0], seed), player(kinds[1], seed + 1)];
    let mut commands = 0;
    while let Some(side) = game.acting_side() {
        let command = side.of_mut(&mut players).choose(&game).unwrap();
        game.submit(command).unwrap();
        commands += 1;
    }
    (commands, digest(game.log()))
}

const PAIRINGS: [[PlayerKind; 2]; 4] = [
    [PlayerKind::Random, PlayerKind::Random],
    [PlayerKind::Advance, PlayerKind::Random],
    [PlayerKind::Normal, PlayerKind::Random],
    [PlayerKind::Advance, PlayerKind::Normal],
];

/// Every scenario × pairing × seed 1..=3, one line each.
fn digests() -> Vec<String> {
    let mut out = Vec::new();
    for (file, src) in SHIPPED {
        let scenario = Scenario::parse(src, file).unwrap();
        for kinds in PAIRINGS {
            for seed in 1..=3 {
                let (n, d) = battle(&scenario, seed, kinds);
                out.push(format!(
                    "{file} {} {} {seed}: {n} {d:016x}",
                    kinds[0], kinds[1]
                ));
            }
        }
    }
    out
}

#[test]
fn shipped_battles_replay_exactly_as_when_the_digests_were_taken() {
    let got = digests();
    if std::env::var_os("GOLDEN_PRINT").is_some() {
        for line in &got {
            println!("    \"{line}\",");
        }
    }
    assert_eq!(got, EXPECTED);
}

const EXPECTED: &[&str] = &[
    "scenarios/tutorial.ron random random 1: 75 8ab28cf25052bd96",
    "scenarios/tutorial.ron random random 2: 79 45a7ec7505020214",
    "scenarios/tutorial.ron random random 3: 75 673b4251e137b1d5",
    "scenarios/tutorial.ron advance random 1: 86 0d10ac6bd0ed55fa",
    "scenarios/tutorial.ron advance random 2: 79 ce84d2e15bc1df1e",
    "scenarios/tutorial.ron advance random 3: 78 9f18449e82a6785c",
    "scenarios/tutorial.ron normal random 1: 82 c9609cab59932e6a",
    "scenarios/tutorial.ron normal random 2: 78 70e6c9f056b44b18",
    "scenarios/tutorial.ron normal random 3: 83 c9134387b6914dc0",
    "scenarios/tutorial.ron advance normal 1: 94 59a64f92097aa9bb",
    "scenarios/tutorial.ron advance normal 2: 92 8f1e198688049e52",
    "scenarios/tutorial.ron advance normal 3: 79 5bc261dbd078880b",
    "scenarios/kircholm.ron random random 1: 128 abb879d6d2a1b1b9",
    "scenarios/kircholm.ron random random 2: 110 4de17b4821b7ef21",
    "scenarios/kircholm.ron random random 3: 131 27cd1e3cb751474d",
    "scenarios/kircholm.ron advance random 1: 145 e4f8e8ce7737f3f7",
    "scenarios/kircholm.ron advance random 2: 146 a9b0c67eb4aacd06",
    "scenarios/kircholm.ron advance random 3: 134 b9fbff03aaf96572",
    "scenarios/kircholm.ron normal random 1: 147 ab2312c17f0984a0",
    "scenarios/kircholm.ron normal random 2: 151 180f38b7bc090095",
    "scenarios/kircholm.ron normal random 3: 147 938876281f7e0cb6",
    "scenarios/kircholm.ron advance normal 1: 108 ea233608ab1a17d6",
    "scenarios/kircholm.ron advance normal 2: 152 89af733ca6fc5631",
    "scenarios/kircholm.ron advance normal 3: 116 5db57e57d1ca58e8",
    "scenarios/rocroi.ron random random 1: 132 39bdd00ef0775af9",
    "scenarios/rocroi.ron random random 2: 135 8f2065615ae2354b",
    "scenarios/rocroi.ron random random 3: 141 78333ddcba4c7b5f",
    "scenarios/rocroi.ron advance random 1: 178 33154a9e7d1c4452",
    "scenarios/rocroi.ron advance random 2: 169 07dc44a416b9e16e",
    "scenarios/rocroi.ron advance random 3: 185 dc2665f50b265c95",
    "scenarios/rocroi.ron normal random 1: 169 79f7ce577e29b519",
    "scenarios/rocroi.ron normal random 2: 156 f0c60e5e6e64a76a",
    "scenarios/rocroi.ron normal random 3: 170 500861cf19c9fc08",
    "scenarios/rocroi.ron advance normal 1: 84 455a94254f5a6ca4",
    "scenarios/rocroi.ron advance normal 2: 200 cad5a4e9664b97e4",
    "scenarios/rocroi.ron advance normal 3: 212 933d9e02890cfcae",
    "scenarios/breitenfeld.ron random random 1: 156 d4acaf1fc29de6b3",
    "scenarios/breitenfeld.ron random random 2: 144 441a6096e8d53b1f",
    "scenarios/breitenfeld.ron random random 3: 149 85191af6658ed3dd",
    "scenarios/breitenfeld.ron advance random 1: 139 d1414360105d4513",
    "scenarios/breitenfeld.ron advance random 2: 176 6b573e3c8c7e27ae",
    "scenarios/breitenfeld.ron advance random 3: 152 ca38cb51ff683012",
    "scenarios/breitenfeld.ron normal random 1: 200 a971409387f4a1a7",
    "scenarios/breitenfeld.ron normal random 2: 197 e64dd8503468728e",
    "scenarios/breitenfeld.ron normal random 3: 222 ce5391e26a41a73d",
    "scenarios/breitenfeld.ron advance normal 1: 197 5f7e832139fb6847",
    "scenarios/breitenfeld.ron advance normal 2: 135 1f62fbab45f9f2c4",
    "scenarios/breitenfeld.ron advance normal 3: 194 f8abc9f48dbacb57",
    "scenarios/roundway_down.ron random random 1: 129 19211f8b42e4524a",
    "scenarios/roundway_down.ron random random 2: 118 5888b84ee134ef16",
    "scenarios/roundway_down.ron random random 3: 141 bc06897a861e0291",
    "scenarios/roundway_down.ron advance random 1: 163 441baea24fcea260",
    "scenarios/roundway_down.ron advance random 2: 137 2b2fc48ca2bcac5f",
    "scenarios/roundway_down.ron advance random 3: 105 3892c28ec3ed2912",
    "scenarios/roundway_down.ron normal random 1: 126 dfe571e5558771e1",
    "scenarios/roundway_down.ron normal random 2: 121 3aad3807f9d7aa5c",
    "scenarios/roundway_down.ron normal random 3: 176 037ee16a7444ab7c",
    "scenarios/roundway_down.ron advance normal 1: 188 a91501c11fb4a58e",
    "scenarios/roundway_down.ron advance normal 2: 183 05c9c4159f13e05f",
    "scenarios/roundway_down.ron advance normal 3: 192 5dcbf696c0fdad91",
    "scenarios/klushino.ron random random 1: 187 3ec6bd0f8cbda085",
    "scenarios/klushino.ron random random 2: 147 5139a7c58fc674bc",
    "scenarios/klushino.ron random random 3: 196 bf4634ce76490498",
    "scenarios/klushino.ron advance random 1: 144 6041100126684c02",
    "scenarios/klushino.ron advance random 2: 87 97001e63fd301614",
    "scenarios/klushino.ron advance random 3: 117 d5bd380e44c4ff42",
    "scenarios/klushino.ron normal random 1: 87 74278bca5f8b0daf",
    "scenarios/klushino.ron normal random 2: 234 f053b0bf17c11928",
    "scenarios/klushino.ron normal random 3: 259 a08946b0cda6809f",
    "scenarios/klushino.ron advance normal 1: 254 3cf0c59a7c4e4c48",
    "scenarios/klushino.ron advance normal 2: 205 3468d7e9518c7f88",
    "scenarios/klushino.ron advance normal 3: 254 6d87f63b4efc1436",
    "scenarios/turnhout.ron random random 1: 124 4634e1f525aeb494",
    "scenarios/turnhout.ron random random 2: 105 71e9c258a3ba39eb",
    "scenarios/turnhout.ron random random 3: 120 30e0dd1291fa21ee",
    "scenarios/turnhout.ron advance random 1: 150 310fee5260c9756b",
    "scenarios/turnhout.ron advance random 2: 144 fc45cde3d6e6a03f",
    "scenarios/turnhout.ron advance random 3: 163 d24b34569ed56164",
    "scenarios/turnhout.ron normal random 1: 144 8e3e77c7b491697e",
    "scenarios/turnhout.ron normal random 2: 152 9b12bc86e6613258",
    "scenarios/turnhout.ron normal random 3: 159 c33f5472e90798ff",
    "scenarios/turnhout.ron advance normal 1: 187 8dcd16166d5ca204",
    "scenarios/turnhout.ron advance normal 2: 202 73dc2f2eb3cf4c90",
    "scenarios/turnhout.ron advance normal 3: 197 fc59ce9872ee953e",
    "scenarios/coutras.ron random random 1: 131 0f3ce0248e2f1b3a",
    "scenarios/coutras.ron random random 2: 125 031c1d44510e6495",
    "scenarios/coutras.ron random random 3: 139 dee148ad6a3359de",
    "scenarios/coutras.ron advance random 1: 151 691ae00117f3931b",
    "scenarios/coutras.ron advance random 2: 186 b4f59134377f58c6",
    "scenarios/coutras.ron advance random 3: 195 8f87cfa404472c33",
    "scenarios/coutras.ron normal random 1: 185 003b394faf66fa54",
    "scenarios/coutras.ron normal random 2: 219 ef1a72194b27b0fd",
    "scenarios/coutras.ron normal random 3: 210 500c16d1bd1b672a",
    "scenarios/coutras.ron advance normal 1: 229 c05859e525f1b4e6",
    "scenarios/coutras.ron advance normal 2: 217 f6181b4da2b7d33f",
    "scenarios/coutras.ron advance normal 3: 120 b0e8c812665c591f",
    "scenarios/nieuwpoort.ron random random 1: 162 740a042483144835",
    "scenarios/nieuwpoort.ron random random 2: 156 5f4fb7e450fb0570",
    "scenarios/nieuwpoort.ron random random 3: 171 d815a8e5c133567c",
    "scenarios/nieuwpoort.ron advance random 1: 240 1a8acfd283e56436",
    "scenarios/nieuwpoort.ron advance random 2: 132 d5f31e6ea1a8452f",
    "scenarios/nieuwpoort.ron advance random 3: 228 b35e3321f8e927ac",
    "scenarios/nieuwpoort.ron normal random 1: 227 8cc8e2f62d118b23",
    "scenarios/nieuwpoort.ron normal random 2: 227 9c1142e508179d0d",
    "scenarios/nieuwpoort.ron normal random 3: 234 49356a47f22ffda9",
    "scenarios/nieuwpoort.ron advance normal 1: 190 65c58aaadf4a4320",
    "scenarios/nieuwpoort.ron advance normal 2: 269 b08410d69a1c38fb",
    "scenarios/nieuwpoort.ron advance normal 3: 267 de27c7574281a933",
    "scenarios/stratton.ron random random 1: 176 9c0bb9159af686ac",
    "scenarios/stratton.ron random random 2: 140 2af7241455e9e78e",
    "scenarios/stratton.ron random random 3: 181 7302052198a2db73",
    "scenarios/stratton.ron advance random 1: 209 dcfa046d946325f3",
    "scenarios/stratton.ron advance random 2: 168 035e1fcdcc993843",
    "scenarios/stratton.ron advance random 3: 215 c327b923b606bcd2",
    "scenarios/stratton.ron normal random 1: 176 bb63b5c98211a954",
    "scenarios/stratton.ron normal random 2: 236 51211c69c0f5af3c",
    "scenarios/stratton.ron normal random 3: 261 7389bc71934f6c9e",
    "scenarios/stratton.ron advance normal 1: 240 a0e762609d417382",
    "scenarios/stratton.ron advance normal 2: 182 ccca697445e1021e",
    "scenarios/stratton.ron advance normal 3: 249 7ed4a2b685ec4fb1",
    "scenarios/auldearn.ron random random 1: 148 3ae423b0c02eb4b5",
    "scenarios/auldearn.ron random random 2: 131 171c220a78ea8f37",
    "scenarios/auldearn.ron random random 3: 161 32dbc8d9fc80a292",
    "scenarios/auldearn.ron advance random 1: 202 811d1c34ba997861",
    "scenarios/auldearn.ron advance random 2: 209 7835ea60e39e4b3a",
    "scenarios/auldearn.ron advance random 3: 222 0fbd3bfff9eab254",
    "scenarios/auldearn.ron normal random 1: 203 4c01beeff7b9c4af",
    "scenarios/auldearn.ron normal random 2: 211 4dc324efd5290df0",
    "scenarios/auldearn.ron normal random 3: 194 b47bfc9394f101c7",
    "scenarios/auldearn.ron advance normal 1: 274 07f287e89df13225",
    "scenarios/auldearn.ron advance normal 2: 267 f6268cb9407a0805",
    "scenarios/auldearn.ron advance normal 3: 270 f598f3836be09f6d",
    "scenarios/benburb.ron random random 1: 159 5e52b479670aedc1",
    "scenarios/benburb.ron random random 2: 150 42d8616d954df438",
    "scenarios/benburb.ron random random 3: 166 a71a73a39a62222b",
    "scenarios/benburb.ron advance random 1: 238 217de5783a317de1",
    "scenarios/benburb.ron advance random 2: 207 9ec4459d1427730b",
    "scenarios/benburb.ron advance random 3: 216 606e1ecc8aabc886",
    "scenarios/benburb.ron normal random 1: 246 28ce344cd4ef3c73",
    "scenarios/benburb.ron normal random 2: 233 88ba4e741c0a7139",
    "scenarios/benburb.ron normal random 3: 253 bbd6331c7d54a09f",
    "scenarios/benburb.ron advance normal 1: 281 eb596615c8bf8250",
    "scenarios/benburb.ron advance normal 2: 273 8f4799133165d3a1",
    "scenarios/benburb.ron advance normal 3: 263 38d5d880b4ba9bed",
    "scenarios/dunes.ron random random 1: 169 1d850f196e90121a",
    "scenarios/dunes.ron random random 2: 171 96ff227cb09be80f",
    "scenarios/dunes.ron random random 3: 161 a5eb57ba905c8ed1",
    "scenarios/dunes.ron advance random 1: 227 bf97bb2ace19fef9",
    "scenarios/dunes.ron advance random 2: 193 9c54aad113dce5bc",
    "scenarios/dunes.ron advance random 3: 190 684a1a4aad16ea0a",
    "scenarios/dunes.ron normal random 1: 174 695a544065563f79",
    "scenarios/dunes.ron normal random 2: 255 e71c64045e659a5c",
    "scenarios/dunes.ron normal random 3: 245 dbd191a9bc7a724f",
    "scenarios/dunes.ron advance normal 1: 291 999aa37a3d3933b0",
    "scenarios/dunes.ron advance normal 2: 255 440d1903924345f9",
    "scenarios/dunes.ron advance normal 3: 284 9c29a472e1f5e9d9",
];

/// The orders the engine remembers between queries are never stale: after every command of
/// 40 random battles, each unit's remembered orders equal those worked out afresh (R4–R7).
#[test]
fn remembered_orders_always_equal_orders_worked_out_afresh() {
    for (file, src) in SHIPPED {
        let scenario = Scenario::parse(src, file).unwrap();
        for seed in 1..=8 {
            let mut game = Game::new(scenario.setup.clone(), Dice::seeded(seed)).unwrap();
            let mut players = [
                player(PlayerKind::Random, seed),
                player(PlayerKind::Advance, seed),
            ];
            if seed % 2 == 0 {
                players.swap(0, 1);
            }
            while let Some(side) = game.acting_side() {
                for u in game.units() {
                    assert_eq!(
                        game.unit_orders(u.id),
                        game.unit_orders_uncached(u.id).as_slice(),
                        "{file} seed {seed} turn {} {:?}: unit {}",
                        game.turn(),
                        game.phase(),
                        u.id
                    );
                }
                let command = side.of_mut(&mut players).choose(&game).unwrap();
                game.submit(command).unwrap();
            }
        }
    }
}

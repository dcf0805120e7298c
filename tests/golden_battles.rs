//! Battles played before and after a change to how the engine works out its answers must be
//! the same battles: every shipped scenario, with random, advance and computer players on
//! fixed seeds, must give exactly the event log it gave when these digests were taken
//! (issue 11: the speed work changes nothing a player could see). A change to the rules
//! themselves, or to the computer's judgement, changes the digests on purpose (the
//! planner's memory of the phase changed four computer battles, and issue 30's judgement of
//! ready pike and held objectives 73 of the 78, and of skirmishers that step away from a
//! charge 11 of the computer's battles against `random`, and sight along a hex edge taking the
//! side that sees, R6.2, 80 of the 156); print the new ones with
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
    "scenarios/tutorial.ron random random 2: 79 43d87d856d4de300",
    "scenarios/tutorial.ron random random 3: 75 673b4251e137b1d5",
    "scenarios/tutorial.ron advance random 1: 86 0d10ac6bd0ed55fa",
    "scenarios/tutorial.ron advance random 2: 79 ce84d2e15bc1df1e",
    "scenarios/tutorial.ron advance random 3: 78 9f18449e82a6785c",
    "scenarios/tutorial.ron normal random 1: 86 01b9731dd59aaec7",
    "scenarios/tutorial.ron normal random 2: 78 70e6c9f056b44b18",
    "scenarios/tutorial.ron normal random 3: 83 c9134387b6914dc0",
    "scenarios/tutorial.ron advance normal 1: 94 59a64f92097aa9bb",
    "scenarios/tutorial.ron advance normal 2: 92 1171ccf134f2df9d",
    "scenarios/tutorial.ron advance normal 3: 79 5bc261dbd078880b",
    "scenarios/kircholm.ron random random 1: 128 447d5e09c36736c6",
    "scenarios/kircholm.ron random random 2: 110 7536ed20a6e0359c",
    "scenarios/kircholm.ron random random 3: 131 27cd1e3cb751474d",
    "scenarios/kircholm.ron advance random 1: 145 e4f8e8ce7737f3f7",
    "scenarios/kircholm.ron advance random 2: 137 b7a1c6bbc20849a4",
    "scenarios/kircholm.ron advance random 3: 134 b9fbff03aaf96572",
    "scenarios/kircholm.ron normal random 1: 146 c38bb7895f00330c",
    "scenarios/kircholm.ron normal random 2: 155 c4d1c6e957d3e7b0",
    "scenarios/kircholm.ron normal random 3: 160 314e69437d098fd0",
    "scenarios/kircholm.ron advance normal 1: 38 bf6c2e361193dec0",
    "scenarios/kircholm.ron advance normal 2: 145 704e3344dab063af",
    "scenarios/kircholm.ron advance normal 3: 113 76d4fb4f37238e40",
    "scenarios/rocroi.ron random random 1: 132 39bdd00ef0775af9",
    "scenarios/rocroi.ron random random 2: 135 8f2065615ae2354b",
    "scenarios/rocroi.ron random random 3: 141 78333ddcba4c7b5f",
    "scenarios/rocroi.ron advance random 1: 178 33154a9e7d1c4452",
    "scenarios/rocroi.ron advance random 2: 169 07dc44a416b9e16e",
    "scenarios/rocroi.ron advance random 3: 185 dc2665f50b265c95",
    "scenarios/rocroi.ron normal random 1: 187 ee1d9c1d35daa364",
    "scenarios/rocroi.ron normal random 2: 177 e8231229687ace20",
    "scenarios/rocroi.ron normal random 3: 177 1e8bc4af0fffc769",
    "scenarios/rocroi.ron advance normal 1: 192 07a2bded5825ffaa",
    "scenarios/rocroi.ron advance normal 2: 189 a1a709fc5c997455",
    "scenarios/rocroi.ron advance normal 3: 197 f5edf5b4ffa68509",
    "scenarios/breitenfeld.ron random random 1: 156 d4acaf1fc29de6b3",
    "scenarios/breitenfeld.ron random random 2: 132 69cd17a7feed23d6",
    "scenarios/breitenfeld.ron random random 3: 166 500a7bc3e3156eb0",
    "scenarios/breitenfeld.ron advance random 1: 139 d1414360105d4513",
    "scenarios/breitenfeld.ron advance random 2: 176 6b573e3c8c7e27ae",
    "scenarios/breitenfeld.ron advance random 3: 152 ca38cb51ff683012",
    "scenarios/breitenfeld.ron normal random 1: 212 f50be4b485aaba42",
    "scenarios/breitenfeld.ron normal random 2: 218 604d1ecc5ef08e9f",
    "scenarios/breitenfeld.ron normal random 3: 199 4e05e171b33904a2",
    "scenarios/breitenfeld.ron advance normal 1: 139 11fea64f2d6ca37c",
    "scenarios/breitenfeld.ron advance normal 2: 147 812b0094419a61c0",
    "scenarios/breitenfeld.ron advance normal 3: 127 53a72a392464e8cd",
    "scenarios/roundway_down.ron random random 1: 129 19211f8b42e4524a",
    "scenarios/roundway_down.ron random random 2: 118 5888b84ee134ef16",
    "scenarios/roundway_down.ron random random 3: 141 bc06897a861e0291",
    "scenarios/roundway_down.ron advance random 1: 163 441baea24fcea260",
    "scenarios/roundway_down.ron advance random 2: 137 2b2fc48ca2bcac5f",
    "scenarios/roundway_down.ron advance random 3: 147 ff6125510ac0a2b2",
    "scenarios/roundway_down.ron normal random 1: 152 a6fe8842bcb448d3",
    "scenarios/roundway_down.ron normal random 2: 172 64d3164b270902be",
    "scenarios/roundway_down.ron normal random 3: 167 07c5f2c5718bcbd7",
    "scenarios/roundway_down.ron advance normal 1: 193 86b23ddcde65063e",
    "scenarios/roundway_down.ron advance normal 2: 175 5f0640176a731960",
    "scenarios/roundway_down.ron advance normal 3: 182 914d3a4be4dbe489",
    "scenarios/klushino.ron random random 1: 187 3ec6bd0f8cbda085",
    "scenarios/klushino.ron random random 2: 145 2a05dcbf365bc65f",
    "scenarios/klushino.ron random random 3: 194 8e32e7b677da0f62",
    "scenarios/klushino.ron advance random 1: 180 b2b009fc2f929ff4",
    "scenarios/klushino.ron advance random 2: 117 f5f50ec3b6484441",
    "scenarios/klushino.ron advance random 3: 148 53ca1538291de58a",
    "scenarios/klushino.ron normal random 1: 147 7736b87c7a9dd618",
    "scenarios/klushino.ron normal random 2: 233 5838bc6ade30f0c4",
    "scenarios/klushino.ron normal random 3: 194 a3b22fb0634dc014",
    "scenarios/klushino.ron advance normal 1: 169 7ec528aab16c213c",
    "scenarios/klushino.ron advance normal 2: 274 66ccb583b5f70e2d",
    "scenarios/klushino.ron advance normal 3: 254 90443fa2c1dd57d9",
    "scenarios/turnhout.ron random random 1: 131 5823963d4c94acec",
    "scenarios/turnhout.ron random random 2: 105 71e9c258a3ba39eb",
    "scenarios/turnhout.ron random random 3: 120 30e0dd1291fa21ee",
    "scenarios/turnhout.ron advance random 1: 150 f920569705a2ad2f",
    "scenarios/turnhout.ron advance random 2: 144 fc45cde3d6e6a03f",
    "scenarios/turnhout.ron advance random 3: 160 ac7a28d306cc01d1",
    "scenarios/turnhout.ron normal random 1: 148 c94bde478e83ff43",
    "scenarios/turnhout.ron normal random 2: 153 b02e7eb660acfbe2",
    "scenarios/turnhout.ron normal random 3: 169 951d3f6f68d688d7",
    "scenarios/turnhout.ron advance normal 1: 199 0711108677581413",
    "scenarios/turnhout.ron advance normal 2: 194 c2a169c625400f03",
    "scenarios/turnhout.ron advance normal 3: 194 0b2770a26bb3e110",
    "scenarios/coutras.ron random random 1: 131 0f3ce0248e2f1b3a",
    "scenarios/coutras.ron random random 2: 125 031c1d44510e6495",
    "scenarios/coutras.ron random random 3: 139 dee148ad6a3359de",
    "scenarios/coutras.ron advance random 1: 151 691ae00117f3931b",
    "scenarios/coutras.ron advance random 2: 184 fa4fcc92422dbe53",
    "scenarios/coutras.ron advance random 3: 195 8f87cfa404472c33",
    "scenarios/coutras.ron normal random 1: 192 b4c440d868852c98",
    "scenarios/coutras.ron normal random 2: 206 c29ca14379b22c3b",
    "scenarios/coutras.ron normal random 3: 219 665e4d39396d3ed8",
    "scenarios/coutras.ron advance normal 1: 163 22e6af8acddb298e",
    "scenarios/coutras.ron advance normal 2: 177 3fb272978fa38995",
    "scenarios/coutras.ron advance normal 3: 120 fb13cd0e63dfcce6",
    "scenarios/nieuwpoort.ron random random 1: 162 740a042483144835",
    "scenarios/nieuwpoort.ron random random 2: 156 5f4fb7e450fb0570",
    "scenarios/nieuwpoort.ron random random 3: 171 d815a8e5c133567c",
    "scenarios/nieuwpoort.ron advance random 1: 240 1a8acfd283e56436",
    "scenarios/nieuwpoort.ron advance random 2: 132 d5f31e6ea1a8452f",
    "scenarios/nieuwpoort.ron advance random 3: 228 b35e3321f8e927ac",
    "scenarios/nieuwpoort.ron normal random 1: 227 8cc8e2f62d118b23",
    "scenarios/nieuwpoort.ron normal random 2: 248 0ee8bfbd4fb5099f",
    "scenarios/nieuwpoort.ron normal random 3: 234 c4a78036ca17babb",
    "scenarios/nieuwpoort.ron advance normal 1: 208 d3ff5693f722aaaf",
    "scenarios/nieuwpoort.ron advance normal 2: 281 6c79ba41f287f32a",
    "scenarios/nieuwpoort.ron advance normal 3: 159 f803ea2b5821d0d7",
    "scenarios/stratton.ron random random 1: 176 9c0bb9159af686ac",
    "scenarios/stratton.ron random random 2: 140 2af7241455e9e78e",
    "scenarios/stratton.ron random random 3: 181 c6c89cbc5b14e333",
    "scenarios/stratton.ron advance random 1: 173 54c71853d77dbd4c",
    "scenarios/stratton.ron advance random 2: 168 035e1fcdcc993843",
    "scenarios/stratton.ron advance random 3: 197 ec96f6ed469e79d0",
    "scenarios/stratton.ron normal random 1: 218 ab58a0002c795f70",
    "scenarios/stratton.ron normal random 2: 232 3187b0d31dca8af2",
    "scenarios/stratton.ron normal random 3: 207 b8b796a9715ad4ab",
    "scenarios/stratton.ron advance normal 1: 304 20ffe4256a53968d",
    "scenarios/stratton.ron advance normal 2: 195 166cad849b02497c",
    "scenarios/stratton.ron advance normal 3: 196 b8825a0a4da4713f",
    "scenarios/auldearn.ron random random 1: 148 3ae423b0c02eb4b5",
    "scenarios/auldearn.ron random random 2: 131 171c220a78ea8f37",
    "scenarios/auldearn.ron random random 3: 161 32dbc8d9fc80a292",
    "scenarios/auldearn.ron advance random 1: 202 811d1c34ba997861",
    "scenarios/auldearn.ron advance random 2: 211 7cde64060a17e1e9",
    "scenarios/auldearn.ron advance random 3: 222 0fbd3bfff9eab254",
    "scenarios/auldearn.ron normal random 1: 204 5aa4b30b1d34af96",
    "scenarios/auldearn.ron normal random 2: 212 d3bf850195da8d54",
    "scenarios/auldearn.ron normal random 3: 206 4b3c78bae0f78ff3",
    "scenarios/auldearn.ron advance normal 1: 259 c22855b13921c2fa",
    "scenarios/auldearn.ron advance normal 2: 296 995b63af52670c9a",
    "scenarios/auldearn.ron advance normal 3: 278 6c532bc5eb8c019c",
    "scenarios/benburb.ron random random 1: 174 7415f355a218cf17",
    "scenarios/benburb.ron random random 2: 150 42d8616d954df438",
    "scenarios/benburb.ron random random 3: 166 a71a73a39a62222b",
    "scenarios/benburb.ron advance random 1: 238 217de5783a317de1",
    "scenarios/benburb.ron advance random 2: 207 9ec4459d1427730b",
    "scenarios/benburb.ron advance random 3: 253 bab3d203a3ceff7d",
    "scenarios/benburb.ron normal random 1: 245 c2b8673d2f973b8c",
    "scenarios/benburb.ron normal random 2: 235 9f69a202c9c5525c",
    "scenarios/benburb.ron normal random 3: 253 f434e921ae47b91b",
    "scenarios/benburb.ron advance normal 1: 228 070bac277065eabe",
    "scenarios/benburb.ron advance normal 2: 276 f6229abd3fe2acab",
    "scenarios/benburb.ron advance normal 3: 201 def64de950542538",
    "scenarios/dunes.ron random random 1: 174 92a047f49925e220",
    "scenarios/dunes.ron random random 2: 168 30bfaed0f6ed4935",
    "scenarios/dunes.ron random random 3: 169 f2e63ee77c05e5d4",
    "scenarios/dunes.ron advance random 1: 227 bf97bb2ace19fef9",
    "scenarios/dunes.ron advance random 2: 193 9c54aad113dce5bc",
    "scenarios/dunes.ron advance random 3: 190 684a1a4aad16ea0a",
    "scenarios/dunes.ron normal random 1: 258 b58f831e4caae1f7",
    "scenarios/dunes.ron normal random 2: 179 2851029e688a2295",
    "scenarios/dunes.ron normal random 3: 241 a91a381ca34365f2",
    "scenarios/dunes.ron advance normal 1: 216 afae7ba4b126c2b7",
    "scenarios/dunes.ron advance normal 2: 194 cf4ff449e9a800a2",
    "scenarios/dunes.ron advance normal 3: 270 58282effb37adc17",
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

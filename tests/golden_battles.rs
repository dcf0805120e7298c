//! Battles played before and after a change to how the engine works out its answers must be
//! the same battles: every shipped scenario, with random, advance and computer players on
//! fixed seeds, must give exactly the event log it gave when these digests were taken
//! (issue 11: the speed work changes nothing a player could see). A change to the rules
//! themselves, or to the computer's judgement, changes the digests on purpose (the
//! planner's memory of the phase changed four computer battles); print the new ones with
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
    "scenarios/tutorial.ron normal random 1: 88 f3430fc44a824d7a",
    "scenarios/tutorial.ron normal random 2: 77 f733f2ee9d8fb84f",
    "scenarios/tutorial.ron normal random 3: 87 a4b41ce01bf6f6cf",
    "scenarios/tutorial.ron advance normal 1: 93 e34cb2357bc57604",
    "scenarios/tutorial.ron advance normal 2: 88 405389ccd66c5afc",
    "scenarios/tutorial.ron advance normal 3: 56 d1b5e463f38e6220",
    "scenarios/kircholm.ron random random 1: 128 abb879d6d2a1b1b9",
    "scenarios/kircholm.ron random random 2: 110 a3c5844d1c67b5b5",
    "scenarios/kircholm.ron random random 3: 131 27cd1e3cb751474d",
    "scenarios/kircholm.ron advance random 1: 145 e4f8e8ce7737f3f7",
    "scenarios/kircholm.ron advance random 2: 146 a9b0c67eb4aacd06",
    "scenarios/kircholm.ron advance random 3: 136 a2bcf30af14898ab",
    "scenarios/kircholm.ron normal random 1: 155 bfce1f434738a661",
    "scenarios/kircholm.ron normal random 2: 150 662d153c6042790b",
    "scenarios/kircholm.ron normal random 3: 155 6d6dbc40bc7155e6",
    "scenarios/kircholm.ron advance normal 1: 108 b9553710d93a8724",
    "scenarios/kircholm.ron advance normal 2: 135 a60053a7f85cf048",
    "scenarios/kircholm.ron advance normal 3: 82 e31e0ca6cdf8d111",
    "scenarios/rocroi.ron random random 1: 132 39bdd00ef0775af9",
    "scenarios/rocroi.ron random random 2: 135 8f2065615ae2354b",
    "scenarios/rocroi.ron random random 3: 141 78333ddcba4c7b5f",
    "scenarios/rocroi.ron advance random 1: 178 33154a9e7d1c4452",
    "scenarios/rocroi.ron advance random 2: 169 07dc44a416b9e16e",
    "scenarios/rocroi.ron advance random 3: 185 dc2665f50b265c95",
    "scenarios/rocroi.ron normal random 1: 169 db611491b5e89e2a",
    "scenarios/rocroi.ron normal random 2: 178 e2d9e4886decca13",
    "scenarios/rocroi.ron normal random 3: 194 f4399fbd0a5f5935",
    "scenarios/rocroi.ron advance normal 1: 103 c7a5b016a6a2db9f",
    "scenarios/rocroi.ron advance normal 2: 151 6137c72234c0e887",
    "scenarios/rocroi.ron advance normal 3: 102 a49c9dbd2602b5f4",
    "scenarios/breitenfeld.ron random random 1: 156 d4acaf1fc29de6b3",
    "scenarios/breitenfeld.ron random random 2: 144 441a6096e8d53b1f",
    "scenarios/breitenfeld.ron random random 3: 149 85191af6658ed3dd",
    "scenarios/breitenfeld.ron advance random 1: 139 d1414360105d4513",
    "scenarios/breitenfeld.ron advance random 2: 176 6b573e3c8c7e27ae",
    "scenarios/breitenfeld.ron advance random 3: 152 ca38cb51ff683012",
    "scenarios/breitenfeld.ron normal random 1: 210 e1495dfddf3ed3b0",
    "scenarios/breitenfeld.ron normal random 2: 216 8fcd1ee1573813d9",
    "scenarios/breitenfeld.ron normal random 3: 182 039dcc88fa4c2572",
    "scenarios/breitenfeld.ron advance normal 1: 176 d661d002f37774e8",
    "scenarios/breitenfeld.ron advance normal 2: 135 e888d3cea9836896",
    "scenarios/breitenfeld.ron advance normal 3: 196 57398028301e0e56",
    "scenarios/roundway_down.ron random random 1: 129 19211f8b42e4524a",
    "scenarios/roundway_down.ron random random 2: 118 5888b84ee134ef16",
    "scenarios/roundway_down.ron random random 3: 141 bc06897a861e0291",
    "scenarios/roundway_down.ron advance random 1: 163 441baea24fcea260",
    "scenarios/roundway_down.ron advance random 2: 159 0d4d224fb8c13a82",
    "scenarios/roundway_down.ron advance random 3: 105 3892c28ec3ed2912",
    "scenarios/roundway_down.ron normal random 1: 148 87c81f205395153a",
    "scenarios/roundway_down.ron normal random 2: 116 f0481c05ff32821d",
    "scenarios/roundway_down.ron normal random 3: 185 d40b385ba203077b",
    "scenarios/roundway_down.ron advance normal 1: 179 d956682a2779f8e8",
    "scenarios/roundway_down.ron advance normal 2: 182 1a32d82f39dacda8",
    "scenarios/roundway_down.ron advance normal 3: 178 dbe8ca40c061db1e",
    "scenarios/klushino.ron random random 1: 187 3ec6bd0f8cbda085",
    "scenarios/klushino.ron random random 2: 147 5139a7c58fc674bc",
    "scenarios/klushino.ron random random 3: 196 bf4634ce76490498",
    "scenarios/klushino.ron advance random 1: 144 6041100126684c02",
    "scenarios/klushino.ron advance random 2: 87 97001e63fd301614",
    "scenarios/klushino.ron advance random 3: 116 953cb3b3dd2ff7ce",
    "scenarios/klushino.ron normal random 1: 212 69851f4a6e13d42f",
    "scenarios/klushino.ron normal random 2: 174 5c0627fabef92d00",
    "scenarios/klushino.ron normal random 3: 121 3cf79c6815809e6f",
    "scenarios/klushino.ron advance normal 1: 254 3cf0c59a7c4e4c48",
    "scenarios/klushino.ron advance normal 2: 205 fed2939368037b88",
    "scenarios/klushino.ron advance normal 3: 238 203f1dbf62f919e6",
    "scenarios/turnhout.ron random random 1: 124 4634e1f525aeb494",
    "scenarios/turnhout.ron random random 2: 105 71e9c258a3ba39eb",
    "scenarios/turnhout.ron random random 3: 120 30e0dd1291fa21ee",
    "scenarios/turnhout.ron advance random 1: 150 310fee5260c9756b",
    "scenarios/turnhout.ron advance random 2: 144 fc45cde3d6e6a03f",
    "scenarios/turnhout.ron advance random 3: 163 d24b34569ed56164",
    "scenarios/turnhout.ron normal random 1: 158 2ad92bf958ae65a3",
    "scenarios/turnhout.ron normal random 2: 162 3772559f20b46bc4",
    "scenarios/turnhout.ron normal random 3: 159 fbaa0f7420af6d41",
    "scenarios/turnhout.ron advance normal 1: 185 fd042dfd5ef59ffa",
    "scenarios/turnhout.ron advance normal 2: 185 7a2aff002cee2418",
    "scenarios/turnhout.ron advance normal 3: 191 4df79dd90302b627",
    "scenarios/coutras.ron random random 1: 131 0f3ce0248e2f1b3a",
    "scenarios/coutras.ron random random 2: 125 031c1d44510e6495",
    "scenarios/coutras.ron random random 3: 139 dee148ad6a3359de",
    "scenarios/coutras.ron advance random 1: 151 691ae00117f3931b",
    "scenarios/coutras.ron advance random 2: 186 b4f59134377f58c6",
    "scenarios/coutras.ron advance random 3: 195 8f87cfa404472c33",
    "scenarios/coutras.ron normal random 1: 185 003b394faf66fa54",
    "scenarios/coutras.ron normal random 2: 214 bfd6e5f634ddaf99",
    "scenarios/coutras.ron normal random 3: 214 f73822996153a398",
    "scenarios/coutras.ron advance normal 1: 153 f36cdc29f5e09c20",
    "scenarios/coutras.ron advance normal 2: 213 3c1e09a706c3d912",
    "scenarios/coutras.ron advance normal 3: 120 d8c316682101e1d9",
    "scenarios/nieuwpoort.ron random random 1: 162 740a042483144835",
    "scenarios/nieuwpoort.ron random random 2: 156 5f4fb7e450fb0570",
    "scenarios/nieuwpoort.ron random random 3: 171 d815a8e5c133567c",
    "scenarios/nieuwpoort.ron advance random 1: 233 c32027f59f691388",
    "scenarios/nieuwpoort.ron advance random 2: 132 d5f31e6ea1a8452f",
    "scenarios/nieuwpoort.ron advance random 3: 228 b35e3321f8e927ac",
    "scenarios/nieuwpoort.ron normal random 1: 227 8cc8e2f62d118b23",
    "scenarios/nieuwpoort.ron normal random 2: 220 23b82e840957ef34",
    "scenarios/nieuwpoort.ron normal random 3: 243 19f0ae1f871dcf57",
    "scenarios/nieuwpoort.ron advance normal 1: 183 ec4267f163e5846e",
    "scenarios/nieuwpoort.ron advance normal 2: 147 568732a7bb2f5a81",
    "scenarios/nieuwpoort.ron advance normal 3: 280 5eb9c05cbcab681f",
    "scenarios/stratton.ron random random 1: 176 9c0bb9159af686ac",
    "scenarios/stratton.ron random random 2: 140 2af7241455e9e78e",
    "scenarios/stratton.ron random random 3: 181 7302052198a2db73",
    "scenarios/stratton.ron advance random 1: 209 dcfa046d946325f3",
    "scenarios/stratton.ron advance random 2: 168 035e1fcdcc993843",
    "scenarios/stratton.ron advance random 3: 192 09d272804e98f4d8",
    "scenarios/stratton.ron normal random 1: 177 aeda137526835080",
    "scenarios/stratton.ron normal random 2: 229 3c8ceee35155df2d",
    "scenarios/stratton.ron normal random 3: 185 eefe4720bc33db72",
    "scenarios/stratton.ron advance normal 1: 304 8e68678c8b64f87a",
    "scenarios/stratton.ron advance normal 2: 182 ccca697445e1021e",
    "scenarios/stratton.ron advance normal 3: 276 cb99a8290628138e",
    "scenarios/auldearn.ron random random 1: 148 3ae423b0c02eb4b5",
    "scenarios/auldearn.ron random random 2: 131 171c220a78ea8f37",
    "scenarios/auldearn.ron random random 3: 161 32dbc8d9fc80a292",
    "scenarios/auldearn.ron advance random 1: 202 086fd632682bcd1f",
    "scenarios/auldearn.ron advance random 2: 209 7835ea60e39e4b3a",
    "scenarios/auldearn.ron advance random 3: 222 0fbd3bfff9eab254",
    "scenarios/auldearn.ron normal random 1: 203 ad9b1ac5e14fa653",
    "scenarios/auldearn.ron normal random 2: 211 2debc9ac17457ce4",
    "scenarios/auldearn.ron normal random 3: 206 79e3b98ed365e842",
    "scenarios/auldearn.ron advance normal 1: 281 7ba2f6ccb31e2147",
    "scenarios/auldearn.ron advance normal 2: 267 fd32c797a45f6331",
    "scenarios/auldearn.ron advance normal 3: 283 26e2a222e4b2765c",
    "scenarios/benburb.ron random random 1: 159 5e52b479670aedc1",
    "scenarios/benburb.ron random random 2: 150 42d8616d954df438",
    "scenarios/benburb.ron random random 3: 166 a71a73a39a62222b",
    "scenarios/benburb.ron advance random 1: 238 217de5783a317de1",
    "scenarios/benburb.ron advance random 2: 207 9ec4459d1427730b",
    "scenarios/benburb.ron advance random 3: 216 606e1ecc8aabc886",
    "scenarios/benburb.ron normal random 1: 248 7addbbdf855771e2",
    "scenarios/benburb.ron normal random 2: 256 90449777a855d198",
    "scenarios/benburb.ron normal random 3: 255 f1d0745048300e16",
    "scenarios/benburb.ron advance normal 1: 273 823599650767e9bf",
    "scenarios/benburb.ron advance normal 2: 208 735a4cd04096a394",
    "scenarios/benburb.ron advance normal 3: 293 be6a556c0cbe3795",
    "scenarios/dunes.ron random random 1: 169 1d850f196e90121a",
    "scenarios/dunes.ron random random 2: 171 96ff227cb09be80f",
    "scenarios/dunes.ron random random 3: 161 a5eb57ba905c8ed1",
    "scenarios/dunes.ron advance random 1: 227 bf97bb2ace19fef9",
    "scenarios/dunes.ron advance random 2: 168 32cb86902f24a88d",
    "scenarios/dunes.ron advance random 3: 190 684a1a4aad16ea0a",
    "scenarios/dunes.ron normal random 1: 200 a73c21694a12c302",
    "scenarios/dunes.ron normal random 2: 276 99d7af13c1229a92",
    "scenarios/dunes.ron normal random 3: 255 2445845dbc2f96a4",
    "scenarios/dunes.ron advance normal 1: 255 eda99e74fa8de825",
    "scenarios/dunes.ron advance normal 2: 281 a2fce70a12eaf6fe",
    "scenarios/dunes.ron advance normal 3: 319 b334879dbfff2f99",
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

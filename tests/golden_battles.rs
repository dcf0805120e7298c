//! Battles played before and after a change to how the engine works out its answers must be
//! the same battles: every shipped scenario, with random, advance and computer players on
//! fixed seeds, must give exactly the event log it gave when these digests were taken
//! (issue 11: the speed work changes nothing a player could see). A change to the rules
//! themselves, or to the computer's judgement, changes the digests on purpose (the
//! planner's memory of the phase changed four computer battles, and issue 30's judgement of
//! ready pike, held objectives and skirmishers that step away most of the 78); print the
//! new ones with
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
    "scenarios/tutorial.ron normal random 1: 90 d3f3b904e4c63c58",
    "scenarios/tutorial.ron normal random 2: 86 3de44978208e2570",
    "scenarios/tutorial.ron normal random 3: 82 0eb83669accd9d4f",
    "scenarios/tutorial.ron advance normal 1: 97 9d2cd7cc8f83ec90",
    "scenarios/tutorial.ron advance normal 2: 74 2c8d464228e4ea7a",
    "scenarios/tutorial.ron advance normal 3: 56 7e0a2626c0eaa6e9",
    "scenarios/kircholm.ron random random 1: 128 abb879d6d2a1b1b9",
    "scenarios/kircholm.ron random random 2: 110 a3c5844d1c67b5b5",
    "scenarios/kircholm.ron random random 3: 131 27cd1e3cb751474d",
    "scenarios/kircholm.ron advance random 1: 145 e4f8e8ce7737f3f7",
    "scenarios/kircholm.ron advance random 2: 146 a9b0c67eb4aacd06",
    "scenarios/kircholm.ron advance random 3: 136 a2bcf30af14898ab",
    "scenarios/kircholm.ron normal random 1: 154 8a2d72b3922fdf91",
    "scenarios/kircholm.ron normal random 2: 152 bce1048837ec7271",
    "scenarios/kircholm.ron normal random 3: 147 938876281f7e0cb6",
    "scenarios/kircholm.ron advance normal 1: 104 4e36a8dbf4fc47af",
    "scenarios/kircholm.ron advance normal 2: 105 cf2e72ba04b3c833",
    "scenarios/kircholm.ron advance normal 3: 150 c6b5250dbc245f66",
    "scenarios/rocroi.ron random random 1: 132 39bdd00ef0775af9",
    "scenarios/rocroi.ron random random 2: 135 8f2065615ae2354b",
    "scenarios/rocroi.ron random random 3: 141 78333ddcba4c7b5f",
    "scenarios/rocroi.ron advance random 1: 178 33154a9e7d1c4452",
    "scenarios/rocroi.ron advance random 2: 169 07dc44a416b9e16e",
    "scenarios/rocroi.ron advance random 3: 185 dc2665f50b265c95",
    "scenarios/rocroi.ron normal random 1: 165 bc1e3471a4aa2c46",
    "scenarios/rocroi.ron normal random 2: 173 615dbaa0ec24f172",
    "scenarios/rocroi.ron normal random 3: 186 70d405403d8c129c",
    "scenarios/rocroi.ron advance normal 1: 108 e2bf389cf56e2ed1",
    "scenarios/rocroi.ron advance normal 2: 110 194654d7c657eb5f",
    "scenarios/rocroi.ron advance normal 3: 188 f29959141a1a371a",
    "scenarios/breitenfeld.ron random random 1: 156 d4acaf1fc29de6b3",
    "scenarios/breitenfeld.ron random random 2: 144 441a6096e8d53b1f",
    "scenarios/breitenfeld.ron random random 3: 149 85191af6658ed3dd",
    "scenarios/breitenfeld.ron advance random 1: 139 d1414360105d4513",
    "scenarios/breitenfeld.ron advance random 2: 176 6b573e3c8c7e27ae",
    "scenarios/breitenfeld.ron advance random 3: 152 ca38cb51ff683012",
    "scenarios/breitenfeld.ron normal random 1: 162 fe268090837daf74",
    "scenarios/breitenfeld.ron normal random 2: 215 4dda1da13ff7cac7",
    "scenarios/breitenfeld.ron normal random 3: 207 f64ad3ac377790a8",
    "scenarios/breitenfeld.ron advance normal 1: 221 3d07ca084ecfffd9",
    "scenarios/breitenfeld.ron advance normal 2: 140 a04eb9539ae02a35",
    "scenarios/breitenfeld.ron advance normal 3: 204 b36dada7f98671c4",
    "scenarios/roundway_down.ron random random 1: 129 19211f8b42e4524a",
    "scenarios/roundway_down.ron random random 2: 118 5888b84ee134ef16",
    "scenarios/roundway_down.ron random random 3: 141 bc06897a861e0291",
    "scenarios/roundway_down.ron advance random 1: 163 441baea24fcea260",
    "scenarios/roundway_down.ron advance random 2: 159 0d4d224fb8c13a82",
    "scenarios/roundway_down.ron advance random 3: 105 3892c28ec3ed2912",
    "scenarios/roundway_down.ron normal random 1: 183 e79f79314e8d825e",
    "scenarios/roundway_down.ron normal random 2: 164 3e75ec641fa4d5ba",
    "scenarios/roundway_down.ron normal random 3: 181 9ff11894071b5ba8",
    "scenarios/roundway_down.ron advance normal 1: 157 81ba206cd55a7e7f",
    "scenarios/roundway_down.ron advance normal 2: 186 6cfbe9f4e637e503",
    "scenarios/roundway_down.ron advance normal 3: 189 41e3fa07840575ba",
    "scenarios/klushino.ron random random 1: 187 3ec6bd0f8cbda085",
    "scenarios/klushino.ron random random 2: 147 5139a7c58fc674bc",
    "scenarios/klushino.ron random random 3: 196 bf4634ce76490498",
    "scenarios/klushino.ron advance random 1: 144 6041100126684c02",
    "scenarios/klushino.ron advance random 2: 87 97001e63fd301614",
    "scenarios/klushino.ron advance random 3: 116 953cb3b3dd2ff7ce",
    "scenarios/klushino.ron normal random 1: 208 8a19a9ff5b644330",
    "scenarios/klushino.ron normal random 2: 238 f6b46c8bc5c5de59",
    "scenarios/klushino.ron normal random 3: 243 866769e7275af0e1",
    "scenarios/klushino.ron advance normal 1: 166 06dc75f8ff1b30a4",
    "scenarios/klushino.ron advance normal 2: 280 cc3810d3b71e198a",
    "scenarios/klushino.ron advance normal 3: 269 4984a83e61f41aec",
    "scenarios/turnhout.ron random random 1: 124 4634e1f525aeb494",
    "scenarios/turnhout.ron random random 2: 105 71e9c258a3ba39eb",
    "scenarios/turnhout.ron random random 3: 120 30e0dd1291fa21ee",
    "scenarios/turnhout.ron advance random 1: 150 310fee5260c9756b",
    "scenarios/turnhout.ron advance random 2: 144 fc45cde3d6e6a03f",
    "scenarios/turnhout.ron advance random 3: 163 d24b34569ed56164",
    "scenarios/turnhout.ron normal random 1: 161 f5d45a25a2d66979",
    "scenarios/turnhout.ron normal random 2: 150 fd1939d79214c4b8",
    "scenarios/turnhout.ron normal random 3: 156 d2a92c7f257d4334",
    "scenarios/turnhout.ron advance normal 1: 193 587bad1630408883",
    "scenarios/turnhout.ron advance normal 2: 195 1f16aa964491b342",
    "scenarios/turnhout.ron advance normal 3: 196 2b749eff3dfc8d93",
    "scenarios/coutras.ron random random 1: 131 0f3ce0248e2f1b3a",
    "scenarios/coutras.ron random random 2: 125 031c1d44510e6495",
    "scenarios/coutras.ron random random 3: 139 dee148ad6a3359de",
    "scenarios/coutras.ron advance random 1: 151 691ae00117f3931b",
    "scenarios/coutras.ron advance random 2: 186 b4f59134377f58c6",
    "scenarios/coutras.ron advance random 3: 195 8f87cfa404472c33",
    "scenarios/coutras.ron normal random 1: 185 003b394faf66fa54",
    "scenarios/coutras.ron normal random 2: 222 7b40b3441b1fd321",
    "scenarios/coutras.ron normal random 3: 210 500c16d1bd1b672a",
    "scenarios/coutras.ron advance normal 1: 271 4d67491f8762095f",
    "scenarios/coutras.ron advance normal 2: 250 fa1a92e0cb51a179",
    "scenarios/coutras.ron advance normal 3: 270 351d93ac55028606",
    "scenarios/nieuwpoort.ron random random 1: 162 740a042483144835",
    "scenarios/nieuwpoort.ron random random 2: 156 5f4fb7e450fb0570",
    "scenarios/nieuwpoort.ron random random 3: 171 d815a8e5c133567c",
    "scenarios/nieuwpoort.ron advance random 1: 233 c32027f59f691388",
    "scenarios/nieuwpoort.ron advance random 2: 132 d5f31e6ea1a8452f",
    "scenarios/nieuwpoort.ron advance random 3: 228 b35e3321f8e927ac",
    "scenarios/nieuwpoort.ron normal random 1: 227 8cc8e2f62d118b23",
    "scenarios/nieuwpoort.ron normal random 2: 226 081666f22d7b0a0a",
    "scenarios/nieuwpoort.ron normal random 3: 240 bc640c7b1c240f11",
    "scenarios/nieuwpoort.ron advance normal 1: 266 e13618f0b5bb6027",
    "scenarios/nieuwpoort.ron advance normal 2: 283 38afac4065acc487",
    "scenarios/nieuwpoort.ron advance normal 3: 222 0a9c939b2faf7078",
    "scenarios/stratton.ron random random 1: 176 9c0bb9159af686ac",
    "scenarios/stratton.ron random random 2: 140 2af7241455e9e78e",
    "scenarios/stratton.ron random random 3: 181 7302052198a2db73",
    "scenarios/stratton.ron advance random 1: 209 dcfa046d946325f3",
    "scenarios/stratton.ron advance random 2: 168 035e1fcdcc993843",
    "scenarios/stratton.ron advance random 3: 192 09d272804e98f4d8",
    "scenarios/stratton.ron normal random 1: 218 2ea369a94af44a2c",
    "scenarios/stratton.ron normal random 2: 253 a245c5e5d4e415c7",
    "scenarios/stratton.ron normal random 3: 188 3dc8b91af533aca5",
    "scenarios/stratton.ron advance normal 1: 294 a0a3041019c3f8a7",
    "scenarios/stratton.ron advance normal 2: 182 ccca697445e1021e",
    "scenarios/stratton.ron advance normal 3: 181 6d9358a216412851",
    "scenarios/auldearn.ron random random 1: 148 3ae423b0c02eb4b5",
    "scenarios/auldearn.ron random random 2: 131 171c220a78ea8f37",
    "scenarios/auldearn.ron random random 3: 161 32dbc8d9fc80a292",
    "scenarios/auldearn.ron advance random 1: 202 086fd632682bcd1f",
    "scenarios/auldearn.ron advance random 2: 209 7835ea60e39e4b3a",
    "scenarios/auldearn.ron advance random 3: 222 0fbd3bfff9eab254",
    "scenarios/auldearn.ron normal random 1: 192 98416654e026efdc",
    "scenarios/auldearn.ron normal random 2: 216 5e65a3def9d07c4c",
    "scenarios/auldearn.ron normal random 3: 195 5b00d852dbee241c",
    "scenarios/auldearn.ron advance normal 1: 288 d19a0223bbe7e9ca",
    "scenarios/auldearn.ron advance normal 2: 294 a6b0886950cf5ef4",
    "scenarios/auldearn.ron advance normal 3: 273 10d427183275af0c",
    "scenarios/benburb.ron random random 1: 159 5e52b479670aedc1",
    "scenarios/benburb.ron random random 2: 150 42d8616d954df438",
    "scenarios/benburb.ron random random 3: 166 a71a73a39a62222b",
    "scenarios/benburb.ron advance random 1: 238 217de5783a317de1",
    "scenarios/benburb.ron advance random 2: 207 9ec4459d1427730b",
    "scenarios/benburb.ron advance random 3: 216 606e1ecc8aabc886",
    "scenarios/benburb.ron normal random 1: 245 f133f00b91679873",
    "scenarios/benburb.ron normal random 2: 236 d9438621998d38c7",
    "scenarios/benburb.ron normal random 3: 256 ad9be16ff7508fd9",
    "scenarios/benburb.ron advance normal 1: 287 1df83df60b714ac6",
    "scenarios/benburb.ron advance normal 2: 212 86e735b3e34d2b33",
    "scenarios/benburb.ron advance normal 3: 210 6d66477ff16b4db8",
    "scenarios/dunes.ron random random 1: 169 1d850f196e90121a",
    "scenarios/dunes.ron random random 2: 171 96ff227cb09be80f",
    "scenarios/dunes.ron random random 3: 161 a5eb57ba905c8ed1",
    "scenarios/dunes.ron advance random 1: 227 bf97bb2ace19fef9",
    "scenarios/dunes.ron advance random 2: 168 32cb86902f24a88d",
    "scenarios/dunes.ron advance random 3: 190 684a1a4aad16ea0a",
    "scenarios/dunes.ron normal random 1: 268 3d1ab52faa7c105f",
    "scenarios/dunes.ron normal random 2: 261 33c2982d713f9bda",
    "scenarios/dunes.ron normal random 3: 283 9f21bc4fd94cd5ff",
    "scenarios/dunes.ron advance normal 1: 284 0cfc80abe3dbfd9a",
    "scenarios/dunes.ron advance normal 2: 262 36dbb29c8f8ed464",
    "scenarios/dunes.ron advance normal 3: 327 a203c45f45ffb1e0",
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

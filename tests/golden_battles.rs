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
    "scenarios/tutorial.ron normal random 1: 81 fe29a40da2bfbe1e",
    "scenarios/tutorial.ron normal random 2: 78 70e6c9f056b44b18",
    "scenarios/tutorial.ron normal random 3: 83 c9134387b6914dc0",
    "scenarios/tutorial.ron advance normal 1: 94 59a64f92097aa9bb",
    "scenarios/tutorial.ron advance normal 2: 92 1171ccf134f2df9d",
    "scenarios/tutorial.ron advance normal 3: 79 5bc261dbd078880b",
    "scenarios/kircholm.ron random random 1: 128 abb879d6d2a1b1b9",
    "scenarios/kircholm.ron random random 2: 110 4de17b4821b7ef21",
    "scenarios/kircholm.ron random random 3: 131 27cd1e3cb751474d",
    "scenarios/kircholm.ron advance random 1: 145 e4f8e8ce7737f3f7",
    "scenarios/kircholm.ron advance random 2: 146 a9b0c67eb4aacd06",
    "scenarios/kircholm.ron advance random 3: 134 b9fbff03aaf96572",
    "scenarios/kircholm.ron normal random 1: 152 ba2352913867beec",
    "scenarios/kircholm.ron normal random 2: 155 c4d1c6e957d3e7b0",
    "scenarios/kircholm.ron normal random 3: 160 314e69437d098fd0",
    "scenarios/kircholm.ron advance normal 1: 38 ec5880f437a89389",
    "scenarios/kircholm.ron advance normal 2: 99 0a8fd92fab349146",
    "scenarios/kircholm.ron advance normal 3: 113 6dd786a751dd0697",
    "scenarios/rocroi.ron random random 1: 132 39bdd00ef0775af9",
    "scenarios/rocroi.ron random random 2: 135 8f2065615ae2354b",
    "scenarios/rocroi.ron random random 3: 141 78333ddcba4c7b5f",
    "scenarios/rocroi.ron advance random 1: 178 33154a9e7d1c4452",
    "scenarios/rocroi.ron advance random 2: 169 07dc44a416b9e16e",
    "scenarios/rocroi.ron advance random 3: 185 dc2665f50b265c95",
    "scenarios/rocroi.ron normal random 1: 181 334d6681d844f57a",
    "scenarios/rocroi.ron normal random 2: 177 e8231229687ace20",
    "scenarios/rocroi.ron normal random 3: 177 24892e4a6d2b0d11",
    "scenarios/rocroi.ron advance normal 1: 89 fd4182c2514718b2",
    "scenarios/rocroi.ron advance normal 2: 182 21ec0bd3db3ee94d",
    "scenarios/rocroi.ron advance normal 3: 128 709c38a0e77a8fd8",
    "scenarios/breitenfeld.ron random random 1: 156 d4acaf1fc29de6b3",
    "scenarios/breitenfeld.ron random random 2: 144 441a6096e8d53b1f",
    "scenarios/breitenfeld.ron random random 3: 149 85191af6658ed3dd",
    "scenarios/breitenfeld.ron advance random 1: 139 d1414360105d4513",
    "scenarios/breitenfeld.ron advance random 2: 176 6b573e3c8c7e27ae",
    "scenarios/breitenfeld.ron advance random 3: 152 ca38cb51ff683012",
    "scenarios/breitenfeld.ron normal random 1: 196 205a00ce11b23ebb",
    "scenarios/breitenfeld.ron normal random 2: 163 d86fadaae4771f23",
    "scenarios/breitenfeld.ron normal random 3: 210 498f1e5ecc54feba",
    "scenarios/breitenfeld.ron advance normal 1: 202 559ef55fee437683",
    "scenarios/breitenfeld.ron advance normal 2: 147 812b0094419a61c0",
    "scenarios/breitenfeld.ron advance normal 3: 203 2a574a9060d2f457",
    "scenarios/roundway_down.ron random random 1: 129 19211f8b42e4524a",
    "scenarios/roundway_down.ron random random 2: 118 5888b84ee134ef16",
    "scenarios/roundway_down.ron random random 3: 141 bc06897a861e0291",
    "scenarios/roundway_down.ron advance random 1: 163 441baea24fcea260",
    "scenarios/roundway_down.ron advance random 2: 137 2b2fc48ca2bcac5f",
    "scenarios/roundway_down.ron advance random 3: 105 3892c28ec3ed2912",
    "scenarios/roundway_down.ron normal random 1: 139 6e1ab7a2c0a2ecfa",
    "scenarios/roundway_down.ron normal random 2: 173 50af4b513db4675c",
    "scenarios/roundway_down.ron normal random 3: 172 299f6f1ac5508395",
    "scenarios/roundway_down.ron advance normal 1: 193 86b23ddcde65063e",
    "scenarios/roundway_down.ron advance normal 2: 170 fb855e3df40fd55d",
    "scenarios/roundway_down.ron advance normal 3: 182 914d3a4be4dbe489",
    "scenarios/klushino.ron random random 1: 187 3ec6bd0f8cbda085",
    "scenarios/klushino.ron random random 2: 147 5139a7c58fc674bc",
    "scenarios/klushino.ron random random 3: 196 bf4634ce76490498",
    "scenarios/klushino.ron advance random 1: 144 6041100126684c02",
    "scenarios/klushino.ron advance random 2: 87 97001e63fd301614",
    "scenarios/klushino.ron advance random 3: 117 d5bd380e44c4ff42",
    "scenarios/klushino.ron normal random 1: 147 7736b87c7a9dd618",
    "scenarios/klushino.ron normal random 2: 199 8cf577be3239109c",
    "scenarios/klushino.ron normal random 3: 161 7af9a4135f2b2a2c",
    "scenarios/klushino.ron advance normal 1: 169 7ec528aab16c213c",
    "scenarios/klushino.ron advance normal 2: 274 66ccb583b5f70e2d",
    "scenarios/klushino.ron advance normal 3: 254 962425ec8b2e7f1f",
    "scenarios/turnhout.ron random random 1: 124 4634e1f525aeb494",
    "scenarios/turnhout.ron random random 2: 105 71e9c258a3ba39eb",
    "scenarios/turnhout.ron random random 3: 120 30e0dd1291fa21ee",
    "scenarios/turnhout.ron advance random 1: 150 310fee5260c9756b",
    "scenarios/turnhout.ron advance random 2: 144 fc45cde3d6e6a03f",
    "scenarios/turnhout.ron advance random 3: 163 d24b34569ed56164",
    "scenarios/turnhout.ron normal random 1: 148 ead3f9bb6a9515bf",
    "scenarios/turnhout.ron normal random 2: 152 4752f378350e9048",
    "scenarios/turnhout.ron normal random 3: 158 2747a2af58576724",
    "scenarios/turnhout.ron advance normal 1: 194 0bf1e7f101481987",
    "scenarios/turnhout.ron advance normal 2: 202 73dc2f2eb3cf4c90",
    "scenarios/turnhout.ron advance normal 3: 197 1935f73be0325928",
    "scenarios/coutras.ron random random 1: 131 0f3ce0248e2f1b3a",
    "scenarios/coutras.ron random random 2: 125 031c1d44510e6495",
    "scenarios/coutras.ron random random 3: 139 dee148ad6a3359de",
    "scenarios/coutras.ron advance random 1: 151 691ae00117f3931b",
    "scenarios/coutras.ron advance random 2: 186 b4f59134377f58c6",
    "scenarios/coutras.ron advance random 3: 195 8f87cfa404472c33",
    "scenarios/coutras.ron normal random 1: 194 d402110500165810",
    "scenarios/coutras.ron normal random 2: 206 c29ca14379b22c3b",
    "scenarios/coutras.ron normal random 3: 214 4176fba681df2b81",
    "scenarios/coutras.ron advance normal 1: 156 661b61d6831e0c78",
    "scenarios/coutras.ron advance normal 2: 177 3fb272978fa38995",
    "scenarios/coutras.ron advance normal 3: 120 fb13cd0e63dfcce6",
    "scenarios/nieuwpoort.ron random random 1: 162 740a042483144835",
    "scenarios/nieuwpoort.ron random random 2: 156 5f4fb7e450fb0570",
    "scenarios/nieuwpoort.ron random random 3: 171 d815a8e5c133567c",
    "scenarios/nieuwpoort.ron advance random 1: 240 1a8acfd283e56436",
    "scenarios/nieuwpoort.ron advance random 2: 132 d5f31e6ea1a8452f",
    "scenarios/nieuwpoort.ron advance random 3: 228 b35e3321f8e927ac",
    "scenarios/nieuwpoort.ron normal random 1: 227 8cc8e2f62d118b23",
    "scenarios/nieuwpoort.ron normal random 2: 231 0e6b093acb390cb3",
    "scenarios/nieuwpoort.ron normal random 3: 234 c4a78036ca17babb",
    "scenarios/nieuwpoort.ron advance normal 1: 208 1c93625be3d754fd",
    "scenarios/nieuwpoort.ron advance normal 2: 171 90f7185a46bc2253",
    "scenarios/nieuwpoort.ron advance normal 3: 158 cf7aca8f78d24c45",
    "scenarios/stratton.ron random random 1: 176 9c0bb9159af686ac",
    "scenarios/stratton.ron random random 2: 140 2af7241455e9e78e",
    "scenarios/stratton.ron random random 3: 181 7302052198a2db73",
    "scenarios/stratton.ron advance random 1: 209 dcfa046d946325f3",
    "scenarios/stratton.ron advance random 2: 168 035e1fcdcc993843",
    "scenarios/stratton.ron advance random 3: 215 c327b923b606bcd2",
    "scenarios/stratton.ron normal random 1: 217 989a0afd17aed55f",
    "scenarios/stratton.ron normal random 2: 252 5325a23f07bff74b",
    "scenarios/stratton.ron normal random 3: 209 7aa3d658b0bf85db",
    "scenarios/stratton.ron advance normal 1: 304 20ffe4256a53968d",
    "scenarios/stratton.ron advance normal 2: 183 c15cba1c4b3b705b",
    "scenarios/stratton.ron advance normal 3: 252 a0236aecae7aa8d7",
    "scenarios/auldearn.ron random random 1: 148 3ae423b0c02eb4b5",
    "scenarios/auldearn.ron random random 2: 131 171c220a78ea8f37",
    "scenarios/auldearn.ron random random 3: 161 32dbc8d9fc80a292",
    "scenarios/auldearn.ron advance random 1: 202 811d1c34ba997861",
    "scenarios/auldearn.ron advance random 2: 209 7835ea60e39e4b3a",
    "scenarios/auldearn.ron advance random 3: 222 0fbd3bfff9eab254",
    "scenarios/auldearn.ron normal random 1: 197 4dc13ebc930fc146",
    "scenarios/auldearn.ron normal random 2: 209 28f575ea5ac32e0b",
    "scenarios/auldearn.ron normal random 3: 210 e17d05310aa6d294",
    "scenarios/auldearn.ron advance normal 1: 249 4931c488a3c71369",
    "scenarios/auldearn.ron advance normal 2: 297 8115aafafc0471bf",
    "scenarios/auldearn.ron advance normal 3: 268 c005a5c90372c568",
    "scenarios/benburb.ron random random 1: 159 5e52b479670aedc1",
    "scenarios/benburb.ron random random 2: 150 42d8616d954df438",
    "scenarios/benburb.ron random random 3: 166 a71a73a39a62222b",
    "scenarios/benburb.ron advance random 1: 238 217de5783a317de1",
    "scenarios/benburb.ron advance random 2: 207 9ec4459d1427730b",
    "scenarios/benburb.ron advance random 3: 216 606e1ecc8aabc886",
    "scenarios/benburb.ron normal random 1: 245 2b599d8c3e1c601f",
    "scenarios/benburb.ron normal random 2: 235 9f69a202c9c5525c",
    "scenarios/benburb.ron normal random 3: 253 f434e921ae47b91b",
    "scenarios/benburb.ron advance normal 1: 228 075d26fd8a46459e",
    "scenarios/benburb.ron advance normal 2: 283 aec60f45cd8128f3",
    "scenarios/benburb.ron advance normal 3: 258 ef4f407713d59ab5",
    "scenarios/dunes.ron random random 1: 169 1d850f196e90121a",
    "scenarios/dunes.ron random random 2: 171 96ff227cb09be80f",
    "scenarios/dunes.ron random random 3: 161 a5eb57ba905c8ed1",
    "scenarios/dunes.ron advance random 1: 227 bf97bb2ace19fef9",
    "scenarios/dunes.ron advance random 2: 193 9c54aad113dce5bc",
    "scenarios/dunes.ron advance random 3: 190 684a1a4aad16ea0a",
    "scenarios/dunes.ron normal random 1: 174 695a544065563f79",
    "scenarios/dunes.ron normal random 2: 179 2851029e688a2295",
    "scenarios/dunes.ron normal random 3: 276 629f029268cd45a5",
    "scenarios/dunes.ron advance normal 1: 255 b313e4a5143dbe04",
    "scenarios/dunes.ron advance normal 2: 194 0d40bf828794f3fe",
    "scenarios/dunes.ron advance normal 3: 314 0a6ceeaddc36ea80",
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

//! A battle across two machines on this machine's loopback (issue 31): a host and a
//! joining player in one process, the computer (`easy`) on both sides, each side's loop as
//! the game's own (read the line, apply, give its command). Measures, for every command,
//! the time from its giver's `send` to the other side applying it: the target is p95 under
//! 50 ms. The screen adds at most one tick of its loop (5 ms) and a draw to that.
//! `GAMES` battles of the tutorial (5 unless set).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a benchmark that meets the unexpected should fail loudly"
)]

#[allow(dead_code, reason = "this benchmark uses only the summary")]
mod common;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use volley::ai::Player;
use volley::commands::network::NetBattle;
use volley::net::join::Ticket;
use volley::net::peer::Offer;
use volley::net::{NetEvent, Peer};
use volley::scenario::Scenario;

/// When each command (by its index in the battle) was sent.
type Sent = Arc<Mutex<HashMap<usize, Instant>>>;

fn main() {
    let games: u64 = std::env::var("GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(5);
    let mut times = Vec::new();
    for game in 0..games {
        times.extend(one_battle(game));
    }
    println!(
        "loopback, send to applied on the other side: {}",
        common::summary("commands", times)
    );
}

/// One tutorial battle across loopback; each command's latency in ms.
fn one_battle(game: u64) -> Vec<f64> {
    let scenario = Scenario::load_with(std::path::Path::new("tutorial"), None).unwrap();
    let offer = Offer {
        scenario_file: scenario.file.clone(),
        scenario: scenario.source.clone(),
        rules: None,
        host_side: volley::engine::SideId::A,
    };
    let code = format!("bench-{game}");
    let (host, bound) = Peer::host("127.0.0.1:0", &code, offer).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let ticket = Ticket {
        address: bound.to_string(),
        code,
        scenario: None,
        dir: dir.path().to_path_buf(),
    };
    let sent: Sent = Arc::default();
    let s = sent.clone();
    let scenario2 = scenario.clone();
    let joining = std::thread::spawn(move || side(Peer::join(ticket), None, &s, game));
    let mut times = side(host, Some(scenario2), &sent, game);
    times.extend(joining.join().unwrap());
    times
}

/// One side's loop until the battle ends; the latencies of the other side's commands.
fn side(mut peer: Peer, scenario: Option<Scenario>, sent: &Sent, seed: u64) -> Vec<f64> {
    let mut battle: Option<NetBattle> = None;
    let mut player: Option<Box<dyn Player + Send>> = None;
    let mut times = Vec::new();
    let start = Instant::now();
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "a battle took over 2 minutes"
        );
        for e in peer.poll(battle.as_ref().map(NetBattle::record)) {
            match e {
                NetEvent::Start(opening) => {
                    let heads = peer.heads().unwrap();
                    let s = scenario.clone().unwrap();
                    battle =
                        Some(NetBattle::open(s, opening, peer.side(), heads, &[], &[]).unwrap());
                }
                NetEvent::Joined(j) => {
                    battle = Some(NetBattle::joined(&j, peer.own_head()).unwrap())
                }
                NetEvent::Apply { command, draw } => {
                    let b = battle.as_mut().unwrap();
                    let theirs = b.game.acting_side() != Some(peer.side());
                    if theirs {
                        let at = sent
                            .lock()
                            .unwrap()
                            .get(&b.commands.len())
                            .copied()
                            .unwrap();
                        times.push(at.elapsed().as_secs_f64() * 1000.0);
                    }
                    b.apply(command, draw).unwrap();
                    peer.applied(b.record());
                }
                NetEvent::Failed(why) => panic!("{why}"),
                _ => {}
            }
        }
        let Some(b) = battle.as_ref() else { continue };
        if b.game.outcome().is_some() {
            // The other side's last answer is read before the line closes.
            std::thread::sleep(Duration::from_millis(100));
            return times;
        }
        if b.game.acting_side() == Some(peer.side()) && peer.in_step() && !peer.waiting() {
            let p = player.get_or_insert_with(|| {
                let budget = volley::ai::Budget::iterations(1);
                volley::ai::level::player(volley::ai::Level::Easy, seed, [5, 5], budget)
            });
            let command = p.choose(&b.game).unwrap();
            sent.lock()
                .unwrap()
                .insert(b.commands.len(), Instant::now());
            peer.send(b.record(), command).unwrap();
        } else {
            std::thread::sleep(Duration::from_micros(200));
        }
    }
}

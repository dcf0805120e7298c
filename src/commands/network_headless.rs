//! `volley host|join --computer --headless` (issue 31): the computer plays this side of a
//! battle across two machines with no screen; each command and what the line does goes to
//! standard error, the save is written after every command, and the last line on standard
//! output says how the battle ended, with its commands and the digest of its events.

use super::network::{computer, NetArgs, NetBattle, Side, IDLE};
use crate::ai::Player;
use crate::net::{NetEvent, Peer};
use anyhow::{anyhow, Result};
use std::process::ExitCode;

/// Plays until the battle ends, the other player leaves for good, or the line fails.
pub fn run(mut peer: Peer, side: Side, args: &NetArgs) -> Result<ExitCode> {
    let mut battle: Option<NetBattle> = None;
    let mut player: Option<Box<dyn Player + Send>> = None;
    let save_path = args.save.clone();
    loop {
        let events = peer.poll(battle.as_ref().map(NetBattle::record));
        let quiet = events.is_empty();
        for event in events {
            if let Some(end) = on_event(event, &mut peer, &side, &mut battle)? {
                return Ok(end);
            }
            if let (Some(b), Some(path)) = (&battle, &save_path) {
                b.save().write(path)?;
            }
        }
        let Some(b) = battle.as_mut() else {
            std::thread::sleep(IDLE);
            continue;
        };
        if let Some(outcome) = b.game.outcome() {
            eprintln!("the battle is over: {outcome:?}");
            let digest = crate::save::digest(b.game.log());
            println!(
                "over after {} commands, digest {digest:016x}",
                b.commands.len()
            );
            // Time for the other side's last answer to be read before the line closes.
            std::thread::sleep(std::time::Duration::from_millis(200));
            peer.quit("the battle is over");
            return Ok(ExitCode::SUCCESS);
        }
        let ours = b.game.acting_side() == Some(peer.side());
        if ours && peer.in_step() && !peer.waiting() {
            let p = match player.as_mut() {
                Some(p) => p,
                None => player.insert(computer(&args.level, b)?),
            };
            std::thread::sleep(std::time::Duration::from_millis(args.pause));
            let command = p
                .choose(&b.game)
                .ok_or_else(|| anyhow!("the computer gave no order"))?;
            peer.send(b.record(), command)
                .map_err(|e| anyhow!("the computer's order: {e}"))?;
        } else if quiet {
            std::thread::sleep(IDLE);
        }
    }
}

/// Does what one event of the protocol asks; `Some` exit status when the battle ends here.
fn on_event(
    event: NetEvent,
    peer: &mut Peer,
    side: &Side,
    battle: &mut Option<NetBattle>,
) -> Result<Option<ExitCode>> {
    match event {
        NetEvent::Start(opening) => {
            let Side::Host(scenario) = side else {
                return Err(anyhow!("a joining player cannot open the battle"));
            };
            let heads = peer.heads().ok_or_else(|| anyhow!("no commitments"))?;
            *battle = Some(NetBattle::open(
                (**scenario).clone(),
                opening,
                peer.side(),
                heads,
                &[],
                &[],
            )?);
            eprintln!("the other player joined: the battle opens");
        }
        NetEvent::Joined(j) => {
            let own = peer.own_head();
            *battle = Some(NetBattle::joined(&j, own)?);
            eprintln!("joined: {} commands so far", j.commands.len());
        }
        NetEvent::Apply { command, draw } => {
            let b = battle
                .as_mut()
                .ok_or_else(|| anyhow!("a command before the battle opened"))?;
            b.apply(command, draw)?;
            peer.applied(b.record());
            eprintln!("command {}: {command:?}", b.commands.len());
        }
        NetEvent::Refused { command, why } => {
            return Err(anyhow!(
                "the host refused the computer's order {command:?}: {why}"
            ));
        }
        NetEvent::Undo(keep) => {
            let b = battle
                .as_mut()
                .ok_or_else(|| anyhow!("an undo before the battle opened"))?;
            b.back_to(keep)?;
            peer.undone(b.record());
        }
        NetEvent::AskUndo(_) => {}
        NetEvent::Chat(text) => eprintln!("chat: {text}"),
        NetEvent::Note(text) => eprintln!("{text}"),
        NetEvent::Paused(why) => eprintln!("paused: {why}"),
        NetEvent::Resumed => eprintln!("in touch again"),
        NetEvent::Left(why) => {
            eprintln!("the other player left: {why}");
            if !peer.is_host() {
                return Ok(Some(ExitCode::FAILURE));
            }
        }
        NetEvent::Failed(why) => {
            eprintln!("the battle stops: {why}");
            return Ok(Some(ExitCode::FAILURE));
        }
    }
    Ok(None)
}

//! `volley host` and `volley join` in the terminal (issue 31): the lobby, then the battle
//! screen of [`crate::tui::net_session`], with the battle's autosave in the data
//! directory; on the way out, where the battle is saved and how to resume it.

use super::network::{NetArgs, Side};
use super::play::PlayArgs;
use super::session::{need_terminal, prepared_named};
use crate::net::Peer;
use crate::tui::net_session::Lobby;
use anyhow::{anyhow, Context, Result};

/// Plays the battle across the line in the terminal; `lines` are the lobby's words.
pub fn run(
    peer: Peer,
    side: Side,
    args: &NetArgs,
    lines: Vec<String>,
) -> Result<(crate::tui::Exit, Option<crate::tui::app::SaveReport>)> {
    need_terminal()?;
    let computer = match args.computer {
        true => Some(
            args.level
                .parse::<crate::ai::Level>()
                .map_err(|e| anyhow!("{e}"))?,
        ),
        false => None,
    };
    let data_dir = crate::save::data_dir(args.data_dir.as_deref());
    let play = PlayArgs {
        no_handover: true,
        ..PlayArgs::default()
    };
    let prepare = Box::new(move |app, name: &str| {
        Ok(prepared_named(app, &data_dir, None, Some(name), &play)?)
    });
    let scenario = match side {
        Side::Host(s) => Some(*s),
        Side::Join => None,
    };
    let lobby = Lobby {
        lines,
        scenario,
        computer,
        prepare,
    };
    let (exit, report) =
        crate::tui::net_session::run(peer, lobby, !args.no_mouse).context("the terminal failed")?;
    Ok((exit, report))
}

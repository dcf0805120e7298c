//! The joining side's way in (issue 31): connect, the SPAKE2 handshake, hello and welcome,
//! the seat (its commitment, from a secret it keeps on disk under the battle's id so that
//! a re-join after a crash reveals the same values), the opening's values, then the
//! battle's log; all on a thread of its own, the result handed to the game loop.

use super::chain::{Chain, Role, Verifier};
use super::link::{Incoming, Live, Reader};
use super::secure::{
    join_handshake, read_frame, refusal_in, write_frame, LinkError, Opener, Sealer,
};
use super::wire::{decode, encode, Hello, Message, Synced, Welcome, PROTOCOL};
use crate::engine::{Command, Entropy, SharedDraw};
use std::net::{TcpStream, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long the joining side waits for the host at each step of the way in.
const STEP_TIME: Duration = Duration::from_secs(10);

/// What the way in brings: the live line and the battle as the host has it.
pub struct Joined {
    /// The line; its reader starts once the game loop has this.
    pub live: Live,
    /// The host's welcome: the scenario, the sides, the host's commitment.
    pub welcome: Welcome,
    /// Where the battle stands.
    pub synced: Synced,
    /// Every command so far.
    pub commands: Vec<Command>,
    /// Their shared draws.
    pub draws: Vec<SharedDraw>,
    /// The joining player's own chain.
    pub chain: Chain,
    /// The host's chain as far as its values were seen.
    pub host: Verifier,
}

impl std::fmt::Debug for Joined {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Joined")
            .field("synced", &self.synced)
            .finish_non_exhaustive()
    }
}

/// Where to join and with what.
#[derive(Clone, Debug)]
pub struct Ticket {
    /// The host's address (`host:port`).
    pub address: String,
    /// The join code the host showed.
    pub code: String,
    /// The digest of the scenario this player expects, if it named one.
    pub scenario: Option<u64>,
    /// Where the player's secrets are kept (the data directory).
    pub dir: PathBuf,
}

/// The sealed channel during the way in, before the reader thread takes over.
struct Handshaken {
    stream: TcpStream,
    sealer: Sealer,
    opener: Opener,
}

impl Handshaken {
    fn send(&mut self, m: &Message) -> Result<(), String> {
        let sealed = self.sealer.seal(&encode(m)).map_err(|e| e.to_string())?;
        write_frame(&mut self.stream, &sealed).map_err(|e| e.to_string())
    }

    fn receive(&mut self) -> Result<Message, String> {
        let frame = read_frame(&mut self.stream).map_err(|e| match e {
            LinkError::Io(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
                "the host closed the connection".to_string()
            }
            e => e.to_string(),
        })?;
        match self.opener.open(&frame) {
            Ok(plain) => match decode(&plain).map_err(|e| e.to_string())? {
                Message::Refused(why) => Err(format!(
                    "the host refused: {}",
                    crate::text::escape_text(&why)
                )),
                m => Ok(m),
            },
            Err(_) => Err(match refusal_in(&frame) {
                Some(why) => format!("the host refused: {why}"),
                None => LinkError::BadSeal.to_string(),
            }),
        }
    }
}

/// Joins on a thread; the result comes to `to` as [`Incoming::Connected`], and only then
/// does the line's reader start, so the host's first messages come after it.
pub fn start(ticket: Ticket, id: u64, to: std::sync::mpsc::SyncSender<Incoming>) {
    std::thread::spawn(move || match join(&ticket, id) {
        Ok((joined, reader)) => {
            if to.send(Incoming::Connected(Ok(Box::new(joined)))).is_ok() {
                reader.start(to);
            }
        }
        Err(why) => {
            let _ = to.send(Incoming::Connected(Err(why)));
        }
    });
}

/// The way in, step by step; why it failed, in words.
fn join(ticket: &Ticket, id: u64) -> Result<(Joined, Reader), String> {
    let mut line = connect(ticket)?;
    line.send(&Message::Hello(Hello {
        game: env!("CARGO_PKG_VERSION").into(),
        protocol: PROTOCOL,
        rules: super::wire::rules_digest(),
        scenario: ticket.scenario,
    }))?;
    let Message::Welcome(welcome) = line.receive()? else {
        return Err("the host did not welcome the join".into());
    };
    let kept = Kept::load_or_make(&ticket.dir, &welcome)?;
    let chain = Chain::new(Role::Join, &kept.secret);
    line.send(&Message::Seat(chain.head()))?;
    let (mut commands, mut draws) = (Vec::new(), Vec::new());
    let synced = loop {
        match line.receive()? {
            Message::Opening(value) => {
                if !Verifier::new(Role::Host, welcome.head).accept(1, value) {
                    return Err("the host's opening value does not match its commitment".into());
                }
                let mine = chain.value(1).ok_or("no value 1")?;
                line.send(&Message::OpeningAnswer(mine))?;
            }
            Message::Log {
                commands: c,
                draws: d,
            } => {
                commands.extend(c);
                draws.extend(d);
                // No battle takes more commands than a chain has values.
                if commands.len().max(draws.len()) > super::chain::CHAIN_LENGTH as usize {
                    return Err("the host's log is longer than any battle".into());
                }
            }
            Message::Synced(s) => break s,
            other => return Err(format!("the host sent {other:?} during the way in")),
        }
    };
    let host = check_history(&chain, welcome.head, &synced, &draws)?;
    line.stream
        .set_read_timeout(None)
        .map_err(|e| e.to_string())?;
    let (live, reader) =
        Live::open(id, line.stream, line.sealer, line.opener).map_err(|e| e.to_string())?;
    let joined = Joined {
        live,
        welcome: *welcome,
        synced,
        commands,
        draws,
        chain,
        host,
    };
    Ok((joined, reader))
}

/// The host's history holds this player's own values where it should, and the host's
/// values hash back to its commitment; the host's chain is then known up to its last.
fn check_history(
    chain: &Chain,
    head: Entropy,
    synced: &Synced,
    draws: &[SharedDraw],
) -> Result<Verifier, String> {
    let mut host = Verifier::new(Role::Host, head);
    for d in std::iter::once(&synced.opening).chain(draws) {
        if chain.value(d.number) != Some(d.join) {
            return Err(format!(
                "the host's record of exchange {} does not hold this player's value",
                d.number
            ));
        }
        if !host.accept(d.number, d.host) {
            return Err(format!(
                "the host's value {} does not match its commitment",
                d.number
            ));
        }
    }
    Ok(host)
}

/// Connects and does the handshake.
fn connect(ticket: &Ticket) -> Result<Handshaken, String> {
    let address = ticket
        .address
        .to_socket_addrs()
        .map_err(|e| format!("cannot find {}: {e}", ticket.address))?
        .next()
        .ok_or_else(|| format!("cannot find {}", ticket.address))?;
    let mut stream = TcpStream::connect_timeout(&address, STEP_TIME)
        .map_err(|e| format!("cannot reach {}: {e}", ticket.address))?;
    stream
        .set_read_timeout(Some(STEP_TIME))
        .map_err(|e| e.to_string())?;
    stream.set_nodelay(true).map_err(|e| e.to_string())?;
    let (sealer, opener) = join_handshake(&mut stream, &ticket.code).map_err(|e| e.to_string())?;
    Ok(Handshaken {
        stream,
        sealer,
        opener,
    })
}

/// What the joining player keeps on disk for a battle: its secret, and the host's
/// commitment, so that a host that changes its commitment on a re-join is caught.
struct Kept {
    secret: Entropy,
}

impl Kept {
    /// The secret kept for the welcome's battle, or a new one written before it is used.
    fn load_or_make(dir: &Path, welcome: &Welcome) -> Result<Kept, String> {
        let path = secret_path(dir, &welcome.battle);
        if let Ok(text) = std::fs::read_to_string(&path) {
            let mut words = text.split_whitespace();
            let secret = words.next().and_then(Entropy::from_hex);
            let head = words.next().and_then(Entropy::from_hex);
            return match (secret, head) {
                (Some(secret), Some(head)) if head == welcome.head => Ok(Kept { secret }),
                (Some(_), Some(_)) => Err(
                    "the host's commitment is not the one it gave when this player first joined"
                        .into(),
                ),
                _ => Err(format!("{} is damaged", path.display())),
            };
        }
        let secret = super::fresh().map_err(|e| format!("no randomness: {e}"))?;
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot make {}: {e}", parent.display()))?;
        }
        let text = format!("{} {}\n", secret.to_hex(), welcome.head.to_hex());
        crate::files::write_atomic(&path, &[text.as_bytes()])
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(Kept { secret })
    }
}

/// Where the joining player's secret for a battle is kept.
pub fn secret_path(dir: &Path, battle: &Entropy) -> PathBuf {
    dir.join("network")
        .join(format!("{}.secret", battle.to_hex()))
}

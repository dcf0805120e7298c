//! The host's door (issue 31): a listener thread that lets in one player with the right
//! join code. Each connection does the SPAKE2 handshake; one whose first sealed message
//! does not open gave a wrong code and is refused, and each wrong code in a row doubles
//! the wait before the next connection is heard (1 s, 2 s, … up to a minute), so codes
//! cannot be tried fast. While a player is in, other connections are refused at once.

use super::link::{Incoming, Live};
use super::secure::{host_handshake, read_frame, refuse, LinkError};
use super::wire::{decode, Message};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::Duration;

/// How long a connection may take over its handshake before it is dropped.
const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// The longest wait after wrong codes.
const MOST_WAIT: Duration = Duration::from_secs(60);

/// What the listener shares with the game loop.
#[derive(Clone, Debug, Default)]
pub struct Door {
    /// Set while a player is in: other connections are refused.
    pub busy: Arc<AtomicBool>,
    /// The number the next line gets.
    pub ids: Arc<AtomicU64>,
}

/// Opens the door on `address` (`0.0.0.0:7878`, port 0 for any) for the holder of `code`;
/// the address it listens on.
pub fn open(
    address: &str,
    code: String,
    door: Door,
    to: Sender<Incoming>,
) -> std::io::Result<SocketAddr> {
    let listener = TcpListener::bind(address)?;
    let bound = listener.local_addr()?;
    std::thread::spawn(move || {
        let mut wrong = 0u32;
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            let from = stream
                .peer_addr()
                .map_or_else(|_| "somewhere".into(), |a| a.to_string());
            match let_in(stream, &code, &door, &to) {
                Ok(()) => wrong = 0,
                Err(Refusal::Busy) => {
                    let _ = to.send(Incoming::Refused(format!(
                        "a connection from {from} was refused: the battle already has its second player"
                    )));
                }
                Err(Refusal::WrongCode) => {
                    wrong = wrong.saturating_add(1);
                    let wait = Duration::from_secs(1u64 << (wrong - 1).min(6)).min(MOST_WAIT);
                    let _ = to.send(Incoming::Refused(format!(
                        "a join from {from} gave a wrong code; the next try waits {} s",
                        wait.as_secs()
                    )));
                    std::thread::sleep(wait);
                }
                Err(Refusal::Failed(why)) => {
                    let _ = to.send(Incoming::Refused(format!(
                        "a connection from {from} failed: {why}"
                    )));
                }
            }
        }
    });
    Ok(bound)
}

/// Why a connection was not let in.
enum Refusal {
    Busy,
    WrongCode,
    Failed(String),
}

/// The handshake with one connection, and its hello handed to the game loop.
fn let_in(
    mut stream: TcpStream,
    code: &str,
    door: &Door,
    to: &Sender<Incoming>,
) -> Result<(), Refusal> {
    let failed = |e: LinkError| Refusal::Failed(e.to_string());
    stream
        .set_read_timeout(Some(HANDSHAKE_TIME))
        .map_err(|e| failed(e.into()))?;
    if door.busy.load(Ordering::SeqCst) {
        refuse(&mut stream, "the battle already has its second player");
        return Err(Refusal::Busy);
    }
    let (sealer, mut opener) = host_handshake(&mut stream, code).map_err(failed)?;
    let first = read_frame(&mut stream).map_err(failed)?;
    let Ok(plain) = opener.open(&first) else {
        let _ = super::secure::write_refusal(&mut stream, "wrong join code");
        return Err(Refusal::WrongCode);
    };
    let Ok(Message::Hello(hello)) = decode(&plain) else {
        return Err(Refusal::Failed("its first message was not a hello".into()));
    };
    let id = door.ids.fetch_add(1, Ordering::SeqCst);
    door.busy.store(true, Ordering::SeqCst);
    match Live::start(id, stream, sealer, opener, to.clone()) {
        Ok(live) => {
            let _ = to.send(Incoming::Joined(Box::new(live), hello));
            Ok(())
        }
        Err(e) => {
            door.busy.store(false, Ordering::SeqCst);
            Err(failed(e))
        }
    }
}

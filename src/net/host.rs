//! The host's door (issue 31): a listener thread that lets in one player with the right
//! join code. Each connection does its handshake on a thread of its own, within
//! [`HANDSHAKE_TIME`] in all, so a slow or silent stranger holds up nobody. A connection
//! whose first sealed message does not open gave a wrong code and is refused; each wrong
//! code in a row from one address doubles the time that address must wait before it is
//! heard again (1 s, 2 s, … up to a minute), so codes cannot be tried fast, and a stranger
//! elsewhere cannot lock the real player out. While a player is in, other connections are
//! refused at once.

use super::link::{Incoming, Live};
use super::secure::{host_handshake, read_frame_of, refuse, LinkError};
use super::wire::{decode, Message};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::SyncSender;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a connection may take over its whole handshake before it is cut.
const HANDSHAKE_TIME: Duration = Duration::from_secs(10);

/// The longest wait after wrong codes.
const MOST_WAIT: Duration = Duration::from_secs(60);

/// What a connection is told while a player is in.
pub const BUSY: &str = "the battle already has its second player";

/// The largest first sealed message (a hello), in bytes.
const MAX_HELLO: usize = 4096;

/// Handshakes under way at once, from anywhere: more wait for their turn in the queue of
/// the listening socket.
const MOST_AT_ONCE: usize = 16;

/// Handshakes under way at once from one address.
const MOST_FROM_ONE: u32 = 2;

/// What the listener shares with the game loop.
#[derive(Clone, Debug, Default)]
pub struct Door {
    /// Set while a player is in: other connections are refused.
    pub busy: Arc<AtomicBool>,
    /// The number the next line gets.
    pub ids: Arc<AtomicU64>,
    /// Set when the battle is left: the listener stops.
    pub closed: Arc<AtomicBool>,
    /// Handshakes under way, in all and by address.
    under_way: Arc<Mutex<(usize, HashMap<IpAddr, u32>)>>,
}

/// Wrong codes in a row from each address, and until when it is not heard. Looked up by
/// address only, never walked, so its order decides nothing.
type Strikes = Arc<Mutex<HashMap<IpAddr, (u32, Instant)>>>;

/// Opens the door on `address` (`0.0.0.0:7878`, port 0 for any) for the holder of `code`;
/// the address it listens on.
pub fn open(
    address: &str,
    code: String,
    door: Door,
    to: SyncSender<Incoming>,
) -> std::io::Result<SocketAddr> {
    let listener = TcpListener::bind(address)?;
    let bound = listener.local_addr()?;
    // Polled, so that the listener stops when the battle is left.
    listener.set_nonblocking(true)?;
    let strikes: Strikes = Arc::default();
    std::thread::spawn(move || {
        while !door.closed.load(Ordering::SeqCst) {
            let stream = match listener.accept() {
                Ok((stream, _)) => stream,
                Err(_) => {
                    std::thread::sleep(Duration::from_millis(50));
                    continue;
                }
            };
            let Some(slot) = Slot::take(&door, &stream) else {
                let _ = stream.shutdown(std::net::Shutdown::Both);
                continue;
            };
            let (code, door, to, strikes) =
                (code.clone(), door.clone(), to.clone(), strikes.clone());
            std::thread::spawn(move || {
                answer(stream, &code, &door, &to, &strikes);
                drop(slot);
            });
        }
    });
    Ok(bound)
}

/// One connection, from its first byte to a player let in or a refusal the host is told.
fn answer(
    mut stream: TcpStream,
    code: &str,
    door: &Door,
    to: &SyncSender<Incoming>,
    strikes: &Strikes,
) {
    // Accepted sockets may inherit the listener's non-blocking mode: blocking, with limits.
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_read_timeout(Some(HANDSHAKE_TIME));
    let _ = stream.set_write_timeout(Some(HANDSHAKE_TIME));
    let from = stream.peer_addr().ok();
    let shown = from.map_or_else(|| "somewhere".into(), |a| a.to_string());
    let ip = from.map(|a| a.ip());
    let waiting = ip.and_then(|ip| {
        let strikes = strikes.lock().ok()?;
        let (_, until) = strikes.get(&ip)?;
        until.checked_duration_since(Instant::now())
    });
    let outcome = match waiting {
        Some(left) => {
            let secs = left.as_secs() + 1;
            refuse(
                &mut stream,
                &format!("too many wrong codes: try again in {secs} s"),
            );
            Err(Refusal::Waiting(secs))
        }
        None => within_deadline(&stream, || let_in(stream.try_clone(), code, door, to)),
    };
    let said = match outcome {
        Ok(()) => {
            if let (Some(ip), Ok(mut s)) = (ip, strikes.lock()) {
                s.remove(&ip);
            }
            return;
        }
        Err(Refusal::Busy) => {
            format!(
                "a connection from {shown} was refused: the battle already has its second player"
            )
        }
        Err(Refusal::Waiting(secs)) => {
            format!(
                "a connection from {shown} was refused: it must wait {secs} s after wrong codes"
            )
        }
        Err(Refusal::WrongCode) => {
            let wait = strike(strikes, ip);
            format!(
                "a join from {shown} gave a wrong code; the next try waits {} s",
                wait.as_secs()
            )
        }
        Err(Refusal::Failed(why)) => format!("a connection from {shown} failed: {why}"),
    };
    let _ = to.send(Incoming::Refused(said));
}

/// A handshake's place among those under way, given back when dropped.
struct Slot {
    door: Door,
    ip: Option<IpAddr>,
}

impl Slot {
    /// A place for a connection from `stream`'s address, if one is free.
    fn take(door: &Door, stream: &TcpStream) -> Option<Slot> {
        let ip = stream.peer_addr().ok().map(|a| a.ip());
        let mut under = door.under_way.lock().ok()?;
        let from_one = ip.and_then(|ip| under.1.get(&ip).copied()).unwrap_or(0);
        if under.0 >= MOST_AT_ONCE || from_one >= MOST_FROM_ONE {
            return None;
        }
        under.0 += 1;
        if let Some(ip) = ip {
            *under.1.entry(ip).or_insert(0) += 1;
        }
        Some(Slot {
            door: door.clone(),
            ip,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let Ok(mut under) = self.door.under_way.lock() else {
            return;
        };
        under.0 = under.0.saturating_sub(1);
        if let Some(ip) = self.ip {
            let left = under.1.get(&ip).map_or(0, |n| n.saturating_sub(1));
            match left {
                0 => under.1.remove(&ip),
                n => under.1.insert(ip, n),
            };
        }
    }
}

/// Counts a wrong code from `ip`; how long it must now wait.
fn strike(strikes: &Strikes, ip: Option<IpAddr>) -> Duration {
    let Some(ip) = ip else { return Duration::ZERO };
    let Ok(mut s) = strikes.lock() else {
        return Duration::ZERO;
    };
    let entry = s.entry(ip).or_insert((0, Instant::now()));
    entry.0 = entry.0.saturating_add(1);
    let wait = Duration::from_secs(1u64 << (entry.0 - 1).min(6)).min(MOST_WAIT);
    entry.1 = Instant::now() + wait;
    wait
}

/// Runs `work` on the connection, cutting the connection if it is not done within
/// [`HANDSHAKE_TIME`] (a per-read timeout alone lets a byte every few seconds go on).
fn within_deadline(
    stream: &TcpStream,
    work: impl FnOnce() -> Result<(), Refusal>,
) -> Result<(), Refusal> {
    let done = Arc::new(AtomicBool::new(false));
    if let Ok(cut) = stream.try_clone() {
        let flag = done.clone();
        std::thread::spawn(move || {
            let start = Instant::now();
            while start.elapsed() < HANDSHAKE_TIME {
                if flag.load(Ordering::SeqCst) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
            if !flag.load(Ordering::SeqCst) {
                let _ = cut.shutdown(std::net::Shutdown::Both);
            }
        });
    }
    let result = work();
    done.store(true, Ordering::SeqCst);
    result
}

/// Why a connection was not let in.
enum Refusal {
    Busy,
    Waiting(u64),
    WrongCode,
    Failed(String),
}

/// The handshake with one connection, and its hello handed to the game loop.
fn let_in(
    stream: std::io::Result<TcpStream>,
    code: &str,
    door: &Door,
    to: &SyncSender<Incoming>,
) -> Result<(), Refusal> {
    let failed = |e: LinkError| Refusal::Failed(e.to_string());
    let mut stream = stream.map_err(|e| failed(e.into()))?;
    stream
        .set_read_timeout(Some(HANDSHAKE_TIME))
        .map_err(|e| failed(e.into()))?;
    if door.busy.load(Ordering::SeqCst) {
        refuse(&mut stream, BUSY);
        return Err(Refusal::Busy);
    }
    let (sealer, mut opener) = host_handshake(&mut stream, code).map_err(failed)?;
    let first = read_frame_of(&mut stream, MAX_HELLO).map_err(failed)?;
    let Ok(plain) = opener.open(&first) else {
        let _ = super::secure::write_refusal(&mut stream, "wrong join code");
        return Err(Refusal::WrongCode);
    };
    let Ok(Message::Hello(hello)) = decode(&plain) else {
        return Err(Refusal::Failed("its first message was not a hello".into()));
    };
    // Two right codes at once: only the first takes the seat.
    if door.busy.swap(true, Ordering::SeqCst) {
        let _ = stream.shutdown(std::net::Shutdown::Both);
        return Err(Refusal::Busy);
    }
    let id = door.ids.fetch_add(1, Ordering::SeqCst);
    match Live::open(id, stream, sealer, opener) {
        Ok((live, reader)) => {
            // The loop holds the line before any message on it can come.
            if to.send(Incoming::Joined(Box::new(live), hello)).is_ok() {
                reader.start(to.clone());
            }
            Ok(())
        }
        Err(e) => {
            door.busy.store(false, Ordering::SeqCst);
            Err(failed(e))
        }
    }
}

//! The live line to the other player (issue 31): a reader thread that opens and decodes
//! each sealed frame and hands it to the game loop, which writes its own messages with
//! the sealing key. A line that fails, closes, or is silent for [`SILENCE`] is reported
//! as dropped; the game pauses until the players are back in touch.

use super::secure::{read_frame, write_frame, LinkError, Opener, Sealer};
use super::wire::{decode, encode, Message};
use std::net::TcpStream;
use std::sync::mpsc::SyncSender;
use std::time::Duration;

/// A line silent for this long is taken as dropped (each side pings every [`PING`]).
pub const SILENCE: Duration = Duration::from_secs(10);

/// Messages read but not yet taken by the game loop: a reader that gets this far ahead
/// waits, and the sender with it (TCP's own back-pressure), so a flood costs no memory.
pub const QUEUE: usize = 256;

/// How often a side with nothing else to say pings.
pub const PING: Duration = Duration::from_secs(2);

/// What the reader threads and the host's listener tell the game loop.
#[derive(Debug)]
pub enum Incoming {
    /// A message on the line of this number.
    Message(u64, Message),
    /// That line dropped, and why.
    Dropped(u64, String),
    /// The host's listener: a player got in with the right code and said hello.
    Joined(Box<Live>, super::wire::Hello),
    /// The host's listener: a connection was refused, and why (a wrong code, a battle
    /// already joined), for the host to be told.
    Refused(String),
    /// The joining side's own connection thread: the join is done, or failed.
    Connected(Result<Box<super::join::Joined>, String>),
}

/// The writing end of a live line.
#[derive(Debug)]
pub struct Live {
    /// The line's number, which its reader's reports carry.
    pub id: u64,
    stream: TcpStream,
    sealer: SealerBox,
}

/// The sealing key, kept out of `Debug` output.
struct SealerBox(Sealer);

impl std::fmt::Debug for SealerBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sealer")
    }
}

/// A line's reading end, not yet reading: started only once the game loop has been told
/// of the line, so no message on it can reach the loop before the line does (a message
/// for a line the loop does not know is dropped).
#[derive(Debug)]
pub struct Reader {
    id: u64,
    stream: TcpStream,
    opener: OpenerBox,
}

/// The opening key, kept out of `Debug` output.
struct OpenerBox(Opener);

impl std::fmt::Debug for OpenerBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Opener")
    }
}

impl Reader {
    /// Starts the reader thread, reporting to `to` as the line's number.
    pub fn start(self, to: SyncSender<Incoming>) {
        let Reader { id, stream, opener } = self;
        std::thread::spawn(move || read_loop(id, stream, opener.0, &to));
    }
}

impl Live {
    /// A line over `stream` with its keys, as `id`, and its reader, to be started once
    /// the game loop holds the line ([`Reader::start`]).
    pub fn open(
        id: u64,
        stream: TcpStream,
        sealer: Sealer,
        opener: Opener,
    ) -> Result<(Live, Reader), LinkError> {
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(SILENCE))?;
        // A peer that stops reading must not freeze this side's game loop in a write.
        stream.set_write_timeout(Some(SILENCE))?;
        let reader = Reader {
            id,
            stream: stream.try_clone()?,
            opener: OpenerBox(opener),
        };
        let live = Live {
            id,
            stream,
            sealer: SealerBox(sealer),
        };
        Ok((live, reader))
    }

    /// Seals and sends one message, within [`SILENCE`] in all: a peer that reads a few
    /// bytes at a time cannot hold this side's game loop in the write.
    pub fn send(&mut self, message: &Message) -> Result<(), LinkError> {
        let sealed = self.sealer.0.seal(&encode(message))?;
        let mut framed = Vec::with_capacity(sealed.len() + 4);
        write_frame(&mut framed, &sealed)?;
        let start = std::time::Instant::now();
        let mut left = framed.as_slice();
        while !left.is_empty() {
            let left_time = SILENCE.saturating_sub(start.elapsed());
            if left_time.is_zero() {
                return Err(LinkError::Io(std::io::ErrorKind::TimedOut.into()));
            }
            // One write may not outlast the frame's time.
            self.stream.set_write_timeout(Some(left_time))?;
            match std::io::Write::write(&mut self.stream, left) {
                Ok(0) => return Err(LinkError::Io(std::io::ErrorKind::WriteZero.into())),
                Ok(n) => left = left.get(n..).unwrap_or_default(),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }

    /// Closes the line both ways (its reader then reports it dropped).
    pub fn close(&self) {
        let _ = self.stream.shutdown(std::net::Shutdown::Both);
    }
}

/// Reads, opens and decodes frames until the line fails, then reports why.
fn read_loop(id: u64, mut stream: TcpStream, mut opener: Opener, to: &SyncSender<Incoming>) {
    let why = loop {
        let frame = match read_frame(&mut stream) {
            Ok(f) => f,
            Err(LinkError::Io(e)) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
                break "the other side closed the connection".to_string();
            }
            Err(LinkError::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                break format!("no word from the other side for {} s", SILENCE.as_secs());
            }
            Err(e) => break e.to_string(),
        };
        let message = match opener.open(&frame).map_err(|e| e.to_string()) {
            Ok(plain) => decode(&plain).map_err(|e| e.to_string()),
            Err(e) => Err(e),
        };
        match message {
            Ok(m) => {
                if to.send(Incoming::Message(id, m)).is_err() {
                    return;
                }
            }
            Err(why) => break why,
        }
    };
    let _ = stream.shutdown(std::net::Shutdown::Both);
    let _ = to.send(Incoming::Dropped(id, why));
}

//! The connection between the two players (issue 31): length-prefixed frames with a size
//! limit; a SPAKE2 exchange keyed by the join code (so a captured handshake gives no
//! offline guess at the code), its key stretched by HKDF-SHA256 into one key each way;
//! then every frame sealed with ChaCha20-Poly1305 under a counter nonce, so a third party
//! can neither read, alter, replay nor reorder the game's messages.

use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use spake2::{Ed25519Group, Identity, Password, Spake2};
use std::io::{Read, Write};
use std::net::TcpStream;

/// The largest frame either side sends or accepts, in bytes: a whole message of the
/// battle's log comes in chunks well under it.
pub const MAX_FRAME: usize = 1 << 20;

/// The first bytes of the handshake: the game and the protocol's version.
pub const MAGIC: &[u8; 12] = b"volley-net/1";

/// Marks the host's handshake frame that refuses before any key is agreed (a battle
/// already joined, a wrong code, too many tries), followed by the reason in words.
const REFUSAL: u8 = 0;

/// Marks a handshake frame that carries a SPAKE2 message.
const PAKE: u8 = 1;

/// Why the connection failed.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// The line failed or closed.
    #[error("the connection failed: {0}")]
    Io(#[from] std::io::Error),
    /// A frame said it was longer than [`MAX_FRAME`].
    #[error("a frame of {0} bytes is over the limit of {MAX_FRAME}")]
    Oversized(usize),
    /// The other end is not this game, or another version of its protocol.
    #[error("the other end does not speak this game's protocol (volley-net/1)")]
    NotVolley,
    /// The host refused before any key was agreed, saying why.
    #[error("the host refused: {0}")]
    Refused(String),
    /// A frame did not open with the agreed key: a wrong join code, or tampering.
    #[error("a message did not open with the agreed key: a wrong join code, or the line was tampered with")]
    BadSeal,
    /// The key exchange itself failed.
    #[error("the key exchange failed")]
    Pake,
}

/// Writes one frame: its length (4 bytes, big-endian), then its bytes.
pub fn write_frame(w: &mut impl Write, bytes: &[u8]) -> Result<(), LinkError> {
    if bytes.len() > MAX_FRAME {
        return Err(LinkError::Oversized(bytes.len()));
    }
    let len = u32::try_from(bytes.len()).map_err(|_| LinkError::Oversized(bytes.len()))?;
    let mut out = Vec::with_capacity(4 + bytes.len());
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(bytes);
    w.write_all(&out)?;
    w.flush()?;
    Ok(())
}

/// The largest frame of the handshake, before any key is agreed: the magic, a mark and a
/// SPAKE2 message or a refusal's words.
pub const MAX_HANDSHAKE_FRAME: usize = 512;

/// Reads one frame, refusing one said to be longer than [`MAX_FRAME`] before reading it.
pub fn read_frame(r: &mut impl Read) -> Result<Vec<u8>, LinkError> {
    read_frame_of(r, MAX_FRAME)
}

/// Reads one frame of at most `limit` bytes, refusing a longer one before reading it.
pub fn read_frame_of(r: &mut impl Read, limit: usize) -> Result<Vec<u8>, LinkError> {
    let mut len = [0u8; 4];
    r.read_exact(&mut len)?;
    let len = u32::from_be_bytes(len) as usize;
    if len > limit {
        return Err(LinkError::Oversized(len));
    }
    let mut bytes = vec![0; len];
    r.read_exact(&mut bytes)?;
    Ok(bytes)
}

/// Seals frames one way: a key and the count of frames sealed (the nonce).
pub struct Sealer {
    cipher: ChaCha20Poly1305,
    count: u64,
}

/// Opens frames one way, in order: a frame out of order does not open.
pub struct Opener {
    cipher: ChaCha20Poly1305,
    count: u64,
}

fn nonce(count: u64) -> [u8; 12] {
    let mut n = [0u8; 12];
    if let Some(tail) = n.get_mut(4..) {
        tail.copy_from_slice(&count.to_be_bytes());
    }
    n
}

impl Sealer {
    /// The sealed bytes of `plain`.
    pub fn seal(&mut self, plain: &[u8]) -> Result<Vec<u8>, LinkError> {
        let n = nonce(self.count);
        self.count += 1;
        self.cipher
            .encrypt(Nonce::from_slice(&n), plain)
            .map_err(|_| LinkError::BadSeal)
    }
}

impl Opener {
    /// The plain bytes of the next sealed frame.
    pub fn open(&mut self, sealed: &[u8]) -> Result<Vec<u8>, LinkError> {
        let n = nonce(self.count);
        let plain = self
            .cipher
            .decrypt(Nonce::from_slice(&n), sealed)
            .map_err(|_| LinkError::BadSeal)?;
        self.count += 1;
        Ok(plain)
    }
}

/// The two keys of a connection, from the key both ends agreed: one each way.
fn keys(agreed: &[u8], host: bool) -> Result<(Sealer, Opener), LinkError> {
    let hk = hkdf::Hkdf::<sha2::Sha256>::new(Some(b"volley-net/1"), agreed);
    let mut to_join = [0u8; 32];
    let mut to_host = [0u8; 32];
    hk.expand(b"host to join", &mut to_join)
        .map_err(|_| LinkError::Pake)?;
    hk.expand(b"join to host", &mut to_host)
        .map_err(|_| LinkError::Pake)?;
    let cipher = |k: &[u8; 32]| ChaCha20Poly1305::new(Key::from_slice(k));
    let (send, receive) = if host {
        (to_join, to_host)
    } else {
        (to_host, to_join)
    };
    Ok((
        Sealer {
            cipher: cipher(&send),
            count: 0,
        },
        Opener {
            cipher: cipher(&receive),
            count: 0,
        },
    ))
}

fn identities() -> (Identity, Identity) {
    (Identity::new(b"volley host"), Identity::new(b"volley join"))
}

/// The joining side's handshake: its SPAKE2 message, then the host's, and the keys. The
/// code is not known to be right until the first sealed frame from the host opens.
pub fn join_handshake(stream: &mut TcpStream, code: &str) -> Result<(Sealer, Opener), LinkError> {
    let (host_id, join_id) = identities();
    let (state, msg) =
        Spake2::<Ed25519Group>::start_b(&Password::new(code.as_bytes()), &host_id, &join_id);
    write_frame(stream, &[MAGIC.as_slice(), &[PAKE], &msg].concat())?;
    let reply = read_frame_of(stream, MAX_HANDSHAKE_FRAME)?;
    let body = reply
        .strip_prefix(MAGIC.as_slice())
        .ok_or(LinkError::NotVolley)?;
    match body.split_first() {
        Some((&PAKE, theirs)) => {
            let agreed = state.finish(theirs).map_err(|_| LinkError::Pake)?;
            keys(&agreed, false)
        }
        Some((&REFUSAL, why)) => Err(LinkError::Refused(
            crate::text::escape_text(&String::from_utf8_lossy(why)).into_owned(),
        )),
        _ => Err(LinkError::NotVolley),
    }
}

/// The host's handshake with a joining side: its SPAKE2 message answered, and the keys.
pub fn host_handshake(stream: &mut TcpStream, code: &str) -> Result<(Sealer, Opener), LinkError> {
    let first = read_frame_of(stream, MAX_HANDSHAKE_FRAME)?;
    let body = first
        .strip_prefix(MAGIC.as_slice())
        .ok_or(LinkError::NotVolley)?;
    let Some((&PAKE, theirs)) = body.split_first() else {
        return Err(LinkError::NotVolley);
    };
    let (host_id, join_id) = identities();
    let (state, msg) =
        Spake2::<Ed25519Group>::start_a(&Password::new(code.as_bytes()), &host_id, &join_id);
    write_frame(stream, &[MAGIC.as_slice(), &[PAKE], &msg].concat())?;
    let agreed = state.finish(theirs).map_err(|_| LinkError::Pake)?;
    keys(&agreed, true)
}

/// Refuses a connection before any key is agreed, saying why (the first frame read).
pub fn refuse(stream: &mut TcpStream, why: &str) {
    let _ = read_frame_of(stream, MAX_HANDSHAKE_FRAME);
    let _ = write_refusal(stream, why);
}

/// Writes a refusal in the clear, for a side that cannot open sealed frames (a wrong code).
pub fn write_refusal(stream: &mut TcpStream, why: &str) -> Result<(), LinkError> {
    write_frame(
        stream,
        &[MAGIC.as_slice(), &[REFUSAL], why.as_bytes()].concat(),
    )
}

/// The reason in a refusal frame, if `frame` is one.
pub fn refusal_in(frame: &[u8]) -> Option<String> {
    let body = frame.strip_prefix(MAGIC.as_slice())?;
    match body.split_first() {
        Some((&REFUSAL, why)) => {
            Some(crate::text::escape_text(&String::from_utf8_lossy(why)).into_owned())
        }
        _ => None,
    }
}

//! The files a user names: reading only regular files, within a size limit, before any
//! parsing (a FIFO or a device would block or never end), and writing atomically and
//! durably (a unique temporary file beside the target, flushed, renamed, and the directory
//! flushed), so that two games sharing a data directory or a kill mid-write never leave a
//! half-written save.

use std::borrow::Cow;
use std::fs::{File, Metadata};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a file could not be read as text.
#[derive(Debug, Error)]
pub enum ReadError {
    /// Nothing is at the path.
    #[error("no such file")]
    Missing,
    /// The path names something that is not a regular file.
    #[error("it is {0}, not a regular file")]
    NotAFile(&'static str),
    /// The file is larger than the limit, in bytes.
    #[error("file is larger than the {0} bytes allowed")]
    TooLarge(u64),
    /// The bytes are not UTF-8 text.
    #[error("the file is not UTF-8 text")]
    NotText,
    /// The system refused the read.
    #[error("cannot read it: {0}")]
    Io(std::io::Error),
}

/// Reads the regular file at `path` as UTF-8 text of at most `limit` bytes; anything else
/// (a directory, a FIFO, a device, a socket) is refused without opening it.
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ReadError::Missing,
        _ => ReadError::Io(e),
    })?;
    regular(&meta)?;
    let file = File::open(path).map_err(ReadError::Io)?;
    // The path may have been swapped between the look and the open: look again.
    regular(&file.metadata().map_err(ReadError::Io)?)?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge(limit));
    }
    String::from_utf8(bytes).map_err(|_| ReadError::NotText)
}

fn regular(meta: &Metadata) -> Result<(), ReadError> {
    if meta.is_file() {
        Ok(())
    } else {
        Err(ReadError::NotAFile(kind(meta)))
    }
}

/// What a non-regular file is, in words.
fn kind(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    "not a regular file"
}

/// Writes `parts` to `path` atomically: a unique temporary file in the same directory,
/// synced, renamed over `path`, then the directory synced so the rename survives a crash.
/// The directory is created if missing.
pub fn write_atomic(path: &Path, parts: &[&[u8]]) -> std::io::Result<()> {
    let dir = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => dir.to_path_buf(),
        None => PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir)?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".volley-")
        .suffix(".tmp")
        .tempfile_in(&dir)?;
    for part in parts {
        tmp.write_all(part)?;
    }
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    sync_dir(&dir)
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> std::io::Result<()> {
    Ok(())
}

/// A path as shown to the user: control characters escaped.
pub fn shown(path: &Path) -> Cow<'_, str> {
    match path.to_string_lossy() {
        Cow::Borrowed(s) => crate::engine::error::escape_text(s),
        Cow::Owned(s) => Cow::Owned(crate::engine::error::escape_text(&s).into_owned()),
    }
}

/// A path quoted for a POSIX shell, for commands the game prints for the user to run.
pub fn shell_quoted(path: &Path) -> String {
    let text = path.to_string_lossy();
    match shlex::try_quote(&text) {
        Ok(quoted) => crate::engine::error::escape_text(&quoted).into_owned(),
        Err(_) => shown(path).into_owned(),
    }
}

//! The files a user names: reading only regular files, within a size limit, before any
//! parsing (a FIFO or a device would block or never end), a UTF-8 byte-order mark dropped
//! (editors on Windows write one, and no loader expects it), and writing atomically and
//! durably (a unique temporary file beside the target, flushed, renamed, and the directory
//! flushed), so that two games sharing a data directory or a kill mid-write never leave a
//! half-written save; the temporary files a kill left between write and rename are removed
//! the next time their directory is written.

use std::borrow::Cow;
use std::fs::{File, Metadata};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;

/// The UTF-8 byte-order mark some editors put at the start of a text file.
const BOM: &str = "\u{feff}";

/// Prefix and suffix of [`write_atomic`]'s temporary files.
const TEMP_PREFIX: &str = ".volley-";
const TEMP_SUFFIX: &str = ".tmp";

/// How old a temporary file must be before a write in its directory removes it as left by
/// a kill: far longer than any write takes, so a concurrent writer's file survives.
pub const STALE_TEMP_AGE: Duration = Duration::from_secs(60);

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

/// Reads the regular file at `path` as UTF-8 text of at most `limit` bytes, without a
/// leading byte-order mark; anything else (a directory, a FIFO, a device, a socket) is
/// refused without opening it.
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    let (file, _) = open_regular(path)?;
    read_all(file, limit)
}

/// Opens the regular file at `path` for reading, with its length in bytes; anything else
/// is refused without opening it.
pub fn open_regular(path: &Path) -> Result<(File, u64), ReadError> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ReadError::Missing,
        _ => ReadError::Io(e),
    })?;
    regular(&meta)?;
    let file = File::open(path).map_err(ReadError::Io)?;
    // The path may have been swapped between the look and the open: look again.
    let meta = file.metadata().map_err(ReadError::Io)?;
    regular(&meta)?;
    Ok((file, meta.len()))
}

/// The rest of `reader` as UTF-8 text of at most `limit` bytes, without a leading
/// byte-order mark; never reads more than `limit + 1` bytes.
pub fn read_all(reader: impl Read, limit: u64) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge(limit));
    }
    let text = String::from_utf8(bytes).map_err(|_| ReadError::NotText)?;
    Ok(match text.strip_prefix(BOM) {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// At most `limit` bytes from the start of `reader` as text, without a leading byte-order
/// mark, cut before a character the limit splits (a prefix, not a whole file).
pub fn read_prefix(reader: impl Read, limit: u64) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    reader
        .take(limit)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    let valid = match std::str::from_utf8(&bytes) {
        Ok(text) => text,
        // A character cut by the limit ends the prefix; bad bytes before it do not.
        Err(e) if e.error_len().is_none() => {
            std::str::from_utf8(bytes.get(..e.valid_up_to()).unwrap_or_default())
                .map_err(|_| ReadError::NotText)?
        }
        Err(_) => return Err(ReadError::NotText),
    };
    Ok(valid.strip_prefix(BOM).unwrap_or(valid).to_string())
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
/// The directory is created if missing, and rid of the stale temporary files of earlier
/// writes cut short ([`remove_stale_temps`]).
pub fn write_atomic(path: &Path, parts: &[&[u8]]) -> std::io::Result<()> {
    let dir = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => dir.to_path_buf(),
        None => PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir)?;
    remove_stale_temps(&dir, STALE_TEMP_AGE);
    let mut tmp = tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .suffix(TEMP_SUFFIX)
        .tempfile_in(&dir)?;
    for part in parts {
        tmp.write_all(part)?;
    }
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    sync_dir(&dir)
}

/// Removes the temporary files of [`write_atomic`] in `dir` last modified more than `age`
/// ago (a kill between write and rename leaves one); returns how many it removed. Best
/// effort: a file it cannot look at or remove is left, and the write goes on.
pub fn remove_stale_temps(dir: &Path, age: Duration) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let now = std::time::SystemTime::now();
    let stale = |entry: &std::fs::DirEntry| {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let meta = entry.metadata().ok()?;
        let old = now.duration_since(meta.modified().ok()?).ok()? > age;
        let temp = name.starts_with(TEMP_PREFIX) && name.ends_with(TEMP_SUFFIX);
        (temp && old && meta.is_file()).then(|| entry.path())
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|e| stale(&e))
        .filter(|p| std::fs::remove_file(p).is_ok())
        .count()
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
        Cow::Borrowed(s) => crate::text::escape_text(s),
        Cow::Owned(s) => Cow::Owned(crate::text::escape_text(&s).into_owned()),
    }
}

/// A path quoted for a POSIX shell, for commands the game prints for the user to run.
pub fn shell_quoted(path: &Path) -> String {
    let text = path.to_string_lossy();
    match shlex::try_quote(&text) {
        Ok(quoted) => crate::text::escape_text(&quoted).into_owned(),
        Err(_) => shown(path).into_owned(),
    }
}

//! The advisory lock a game holds on the save it writes (issue 25: two games, one save), so
//! that a second game resuming the same autosave is refused instead of both overwriting it.
//!
//! A save is replaced by a rename on every write, so the lock cannot be on the save itself:
//! it is on a lock file beside it (`.NAME.ron.lock`) that holds the holder's process id. The
//! lock is the system's (`flock` through std's `File::try_lock`): it dies with the process,
//! so a game killed with `kill -9` leaves at most a stale file, which the next game locks
//! and rewrites. A game removes its lock file on the way out while it still holds the lock;
//! a game that locked the file just removed sees that the path no longer names it and tries
//! again, so two games never both hold a lock on one save.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why the lock on a save could not be taken.
#[derive(Debug, Error)]
pub enum LockError {
    /// Another game holds the lock; its process id when its lock file names one.
    #[error("{}", held_message(save, *pid))]
    Held {
        /// The save the other game has open.
        save: PathBuf,
        /// The other game's process id, as its lock file says.
        pid: Option<u32>,
    },
    /// The lock file could not be made or locked (a read-only or full directory, ...).
    #[error("{}: cannot lock the save: {source}", crate::files::shown(save))]
    Io {
        /// The save to be locked.
        save: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

fn held_message(save: &Path, pid: Option<u32>) -> String {
    let who = pid.map_or("another game".to_string(), |p| {
        format!("another game (process {p})")
    });
    format!(
        "{} is open in {who}: quit that game first, or resume a copy of the save",
        crate::files::shown(save)
    )
}

/// Times a lock is tried when the lock file is removed under it (its holder leaving).
const ATTEMPTS: usize = 5;

/// The lock a game holds on the save at `save`; dropping it removes the lock file and
/// releases the lock.
#[derive(Debug)]
pub struct SaveLock {
    file: File,
    path: PathBuf,
}

/// The lock file of the save at `save`: `.NAME.lock` in the same directory.
pub fn lock_path(save: &Path) -> PathBuf {
    let name = save
        .file_name()
        .map_or("save".into(), |n| n.to_string_lossy().into_owned());
    save.with_file_name(format!(".{name}.lock"))
}

impl SaveLock {
    /// Takes the lock on the save at `save` (the directory is made if missing) and writes
    /// this process's id into the lock file; [`LockError::Held`] when another game has it.
    pub fn acquire(save: &Path) -> Result<SaveLock, LockError> {
        let io = |source| LockError::Io {
            save: save.to_path_buf(),
            source,
        };
        let path = lock_path(save);
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        for _ in 0..ATTEMPTS {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(io)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => {
                    return Err(LockError::Held {
                        save: save.to_path_buf(),
                        pid: holder(&mut file),
                    })
                }
                Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
            }
            // The holder before us may have removed the file between our open and lock.
            if !names(&path, &file) {
                continue;
            }
            file.set_len(0).map_err(io)?;
            write!(file, "{}", std::process::id()).map_err(io)?;
            return Ok(SaveLock { file, path });
        }
        Err(io(std::io::Error::other(
            "its lock file kept being removed by another game",
        )))
    }

    /// The lock file held.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for SaveLock {
    fn drop(&mut self) {
        // Removed while still locked (the lock goes with the file, after), so that no game
        // can be left holding a lock on a file that is no longer there.
        if names(&self.path, &self.file) {
            let _ = std::fs::remove_file(&self.path);
        }
        let _ = self.file.unlock();
    }
}

/// The process id a lock file holds, if it reads as one.
fn holder(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    file.take(32).read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

/// Whether `path` still names the open `file` (not removed, not replaced).
#[cfg(unix)]
fn names(path: &Path, file: &File) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(path), file.metadata()) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn names(path: &Path, _file: &File) -> bool {
    path.exists()
}

//! The real `volley` binary in a pseudo-terminal (portable-pty), its output read by a
//! terminal emulator (vt100), driven with the keys a player types; every step waits for
//! the text it expects rather than sleeping. Shared by `e2e_pty.rs` and `network_pty.rs`.
#![allow(dead_code)]

use portable_pty::{native_pty_system, Child, CommandBuilder, MasterPty, PtySize};
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub const ROWS: u16 = 30;
pub const COLS: u16 = 100;
/// How long one expectation may take to show: a hang guard, not a speed target (issue 27),
/// generous enough for a machine busy with another build.
pub const WAIT: Duration = Duration::from_secs(60);

pub fn size(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).expect("a terminal is at least one cell")
}

/// The binary running in a pty, and what its terminal shows.
pub struct Session {
    pub parser: Arc<Mutex<vt100::Parser>>,
    pub writer: Box<dyn Write + Send>,
    pub child: Box<dyn Child + Send + Sync>,
    pub master: Box<dyn MasterPty + Send>,
    pub data: PathBuf,
}

impl Session {
    pub fn start(args: &[&str]) -> Session {
        Session::start_with_env(args, &[])
    }

    /// [`Session::start`] with more environment variables.
    pub fn start_with_env(args: &[&str], env: &[(&str, &str)]) -> Session {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        // Saves and the autosave go to a directory of this session's own.
        static SESSIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = SESSIONS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let data = std::env::temp_dir().join(format!("volley-e2e-{}-{n}", std::process::id()));
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_volley"));
        cmd.args(args);
        cmd.cwd(env!("CARGO_MANIFEST_DIR"));
        cmd.env("TERM", "xterm-256color");
        cmd.env("XDG_DATA_HOME", &data);
        // The player's settings file too: the defaults, whatever the user running the tests set.
        cmd.env("XDG_CONFIG_HOME", &data);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = pair.slave.spawn_command(cmd).expect("volley starts");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("pty reader");
        let writer = pair.master.take_writer().expect("pty writer");
        let parser = Arc::new(Mutex::new(vt100::Parser::new(size(ROWS), size(COLS), 0)));
        let sink = Arc::clone(&parser);
        std::thread::spawn(move || {
            let mut buf = [0u8; 16 * 1024];
            loop {
                match reader.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => sink.lock().unwrap().process(&buf[..n]),
                }
            }
        });
        Session {
            parser,
            writer,
            child,
            master: pair.master,
            data,
        }
    }

    /// The briefing a new battle opens on, then any key to begin.
    #[track_caller]
    pub fn begin(&mut self) {
        self.expect(&["┌ Briefing", "Forces"]);
        self.send(" ");
        self.expect_gone("┌ Briefing");
    }

    /// The screen's rows.
    pub fn rows(&self) -> Vec<String> {
        let parser = self.parser.lock().unwrap();
        let (_, cols) = parser.screen().size();
        parser.screen().rows(0, cols.get()).collect()
    }

    pub fn dump(&self) -> String {
        self.rows()
            .iter()
            .map(|r| r.trim_end())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Types keys: `\t` is Tab, `\r` Enter.
    pub fn send(&mut self, keys: &str) {
        self.writer
            .write_all(keys.as_bytes())
            .expect("keys reach the pty");
        self.writer.flush().unwrap();
    }

    /// Waits until `ok` holds for the screen and the screen has settled (unchanged for a
    /// moment, so no half-drawn frame is read); returns the rows.
    #[track_caller]
    pub fn wait_until(&self, what: &str, ok: impl Fn(&[String]) -> bool) -> Vec<String> {
        let start = Instant::now();
        loop {
            let rows = self.rows();
            if ok(&rows) {
                std::thread::sleep(Duration::from_millis(30));
                let again = self.rows();
                if again == rows {
                    return rows;
                }
                continue;
            }
            if start.elapsed() > WAIT {
                panic!(
                    "waited {WAIT:?} for {what}; the screen shows:\n{}",
                    self.dump()
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until every one of `texts` is on the screen.
    #[track_caller]
    pub fn expect(&self, texts: &[&str]) -> Vec<String> {
        self.wait_until(&format!("{texts:?}"), |rows| {
            texts.iter().all(|t| rows.iter().any(|r| r.contains(t)))
        })
    }

    /// Waits until `text` is gone from the screen.
    #[track_caller]
    pub fn expect_gone(&self, text: &str) {
        self.wait_until(&format!("{text:?} to go"), |rows| {
            !rows.iter().any(|r| r.contains(text))
        });
    }

    /// The unit panel's label line (`Red lancers [l]`): the cursor is on the unit called
    /// `label`.
    pub fn on_unit(rows: &[String], label: &str) -> bool {
        rows.iter().any(|r| r.contains(&format!("│{label} [")))
    }

    /// Tab until the cursor is on `label` (Tab: the next unit with an order to give).
    #[track_caller]
    pub fn tab_to(&mut self, label: &str) {
        for _ in 0..4 {
            if Self::on_unit(&self.rows(), label) {
                return;
            }
            let before = self.rows();
            self.send("\t");
            self.wait_until("the cursor to move", |rows| rows != before.as_slice());
        }
        self.wait_until(&format!("the cursor on {label}"), |rows| {
            Self::on_unit(rows, label)
        });
    }

    /// `e` to end orders, `y` to the confirmation, then the hot-seat handover to `next`
    /// (its name on the screen) and any key to take the keyboard.
    #[track_caller]
    pub fn end_orders_and_hand_over(&mut self, idle_units: bool, next: &str) {
        self.send("e");
        if idle_units {
            self.expect(&["End orders?"]);
            self.send("y");
        }
        self.hand_over(next);
    }

    #[track_caller]
    pub fn hand_over(&mut self, next: &str) {
        self.expect(&[
            "┌ Handover",
            &format!("Pass the keyboard to {next}"),
            &format!("{next}: press any key when you are ready."),
        ]);
        self.send(" ");
        self.expect_gone("Pass the keyboard");
    }

    /// `q`, `y`: the game ends and the process exits successfully.
    #[track_caller]
    pub fn quit(&mut self) {
        self.send("q");
        self.expect(&["Leave the battle? [y] yes"]);
        self.send("y");
        self.exits_ok();
    }

    /// A battle opened from the title screen: `q`, `y` go back to the title screen, whose
    /// `q` ends the program, successfully.
    #[track_caller]
    pub fn quit_from_title(&mut self) {
        self.send("q");
        self.expect(&["Back to the title screen? The battle is saved"]);
        self.send("y");
        self.expect(&["Quick battle"]);
        self.send("q");
        self.exits_ok();
    }

    /// Waits for the game to exit and checks that it exited successfully.
    #[track_caller]
    fn exits_ok(&mut self) {
        let code = self.wait_exit();
        assert_eq!(
            code,
            0,
            "volley exited with {code}; the screen:\n{}",
            self.dump()
        );
    }

    /// Waits for the game to exit; returns its exit code.
    #[track_caller]
    pub fn wait_exit(&mut self) -> u32 {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("the child's status") {
                return status.exit_code();
            }
            assert!(
                start.elapsed() < WAIT,
                "volley did not exit; the screen:\n{}",
                self.dump()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until `text` is on the screen, read as one string (a message wrapped over
    /// rows is found whole).
    #[track_caller]
    pub fn expect_joined(&self, text: &str) {
        self.wait_until(&format!("{text:?}"), |rows| rows.concat().contains(text));
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

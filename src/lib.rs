//! Volley: a terminal hex-map wargame of the pike-and-shot era under Domains at War with
//! the Guns of War supplement (RULES.md, R1–R11).

/// Players without a person: the computer opponent and the random and advance baselines.
pub mod ai;
/// Army lists and troop points for quick battles (issue 29).
pub mod armies;
/// Text fitted to terminal columns by display width.
pub mod columns;
/// The command-line tools `check`, `units` and `sim`.
pub mod commands;
/// The battle editor: a scenario edited as a draft and saved as clean RON (issue 32).
pub mod editor;
/// The rules engine, pure and deterministic (R1–R10).
pub mod engine;
/// Reading and writing the files a user names, safely.
pub mod files;
/// Quick battles generated from army lists, a size, a ground and a seed (issue 29).
pub mod generate;
/// Battles across two machines: host and join, fair dice, a sealed line (issue 31).
pub mod net;
/// The rules of play as shipped (`docs/rules.md`), and how to find a rule or a cited id.
pub mod rulebook;
/// Saving and resuming battles.
pub mod save;
/// Scenario files and the troop catalog.
pub mod scenario;
/// Headless battles between two players, spread over every core: the games of `volley
/// sim`, of the generator's playtest, of the points fit and of the editor's quick sim.
pub mod sim;
/// User text escaped for the terminal.
pub mod text;
/// The terminal game.
pub mod tui;
/// Counts and articles in plain English.
pub mod words;

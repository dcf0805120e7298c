//! One table of the game's keys (issue 26): each action, the keys that do it, a short hint,
//! a help sentence and the contexts (modes) where it applies. Input looks keys up here and
//! its handlers match on actions; the status-line hints, the help screen, the title
//! screen's and the replay viewer's hints and the README's key table are all written from
//! it, so a key cannot be documented and not work, or the reverse. The model is gitui's
//! `src/keys/key_list.rs` and its `get_hint`. No rule is implemented here: the order keys
//! give the orders of R4.1 (movement), R4.4 (charge), R4.5 (disengage), R6 (fire), R7
//! (attack) and R5.6 (ready).
//!
//! Adding a key is one [`Binding`] in [`BINDINGS`] plus its arm in the handler of its
//! context (`src/tui/app/input.rs`, `title.rs` or `replay.rs`).

use super::app::Key;

/// Where a key is pressed: a mode of the battle screen, a pop-up, the title screen or the
/// replay viewer. A key means one action at most in each context.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// The battle map while a side gives orders.
    Map,
    /// A unit's order menu.
    Orders,
    /// Choosing the hex a move or a charge ends in.
    PickHex,
    /// Choosing the target of fire, an attack or a charge.
    PickTarget,
    /// A prompt to a side: initiative, withdrawal, advance, a new charge target.
    Decide,
    /// The battle is over.
    GameOver,
    /// "End orders with units still able to act?"
    ConfirmEnd,
    /// "Leave the battle?"
    ConfirmQuit,
    /// "Replace this file that is not a save of this battle?"
    ConfirmReplace,
    /// Typing a save's name (`S`).
    SaveName,
    /// Typing the faces of the next dice (`F`).
    DiceFaces,
    /// Typing a line of chat to the other player (`T`, a battle across two machines).
    ChatLine,
    /// The briefing.
    Briefing,
    /// Help, the hot-seat handover, a scenario's problems: any key closes it.
    Notice,
    /// "Concede the battle?"
    ConfirmConcede,
    /// `L`: the whole log over the screen.
    LogView,
    /// `R`: the rules browser over the screen.
    RulesView,
    /// The alert of a failed autosave.
    Alert,
    /// Any battle context while the autosave fails (see [`Context::overlaid_by_unsaved`]).
    Unsaved,
    /// The title screen.
    Title,
    /// The quick-battle menu of the title screen (issue 29).
    QuickBattle,
    /// The title screen's form for joining a battle across two machines (issue 31).
    JoinForm,
    /// The replay viewer.
    Replay,
    /// The battle editor's map and tools (issue 32).
    Editor,
    /// The editor's troop picker: search as you type.
    EditorPick,
    /// "Leave the editor without saving?"
    EditorLeave,
    /// A form of the editor: a unit, an objective, the battle, an event, a troop type.
    EditorForm,
    /// A list of the editor: the battle's events or its own troop types.
    EditorList,
    /// The editor's list of what the check found: each a place to go to, none added or
    /// deleted by hand.
    EditorProblems,
}

/// Every context, in the order the README and the help list them.
pub const CONTEXTS: [Context; 29] = [
    Context::Map,
    Context::Orders,
    Context::PickHex,
    Context::PickTarget,
    Context::Decide,
    Context::GameOver,
    Context::ConfirmEnd,
    Context::ConfirmQuit,
    Context::ConfirmReplace,
    Context::SaveName,
    Context::DiceFaces,
    Context::ChatLine,
    Context::Briefing,
    Context::Notice,
    Context::ConfirmConcede,
    Context::LogView,
    Context::RulesView,
    Context::Alert,
    Context::Unsaved,
    Context::Title,
    Context::QuickBattle,
    Context::JoinForm,
    Context::Replay,
    Context::Editor,
    Context::EditorPick,
    Context::EditorLeave,
    Context::EditorForm,
    Context::EditorList,
    Context::EditorProblems,
];

/// What the status line says in a context besides its keys.
struct Said {
    /// Before the key hints (`answer the prompt`).
    lead: Option<&'static str>,
    /// The actions hinted on the status line, most needed first.
    status: &'static [Action],
    /// After the key hints.
    tail: Option<&'static str>,
    /// What a key not in the table does here, for the README (`None`: nothing).
    otherwise: Option<&'static str>,
}

impl Context {
    /// The context's name in the README's "where" column.
    pub fn name(self) -> &'static str {
        match self {
            Context::Map => "map",
            Context::Orders => "order menu",
            Context::PickHex => "choosing a hex",
            Context::PickTarget => "choosing a target",
            Context::Decide => "prompt",
            Context::GameOver => "battle over",
            Context::ConfirmEnd => "end orders?",
            Context::ConfirmQuit => "quit?",
            Context::ConfirmReplace => "replace file?",
            Context::SaveName => "save name",
            Context::DiceFaces => "dice faces",
            Context::ChatLine => "chat line",
            Context::Briefing => "briefing",
            Context::Notice => "help, handover, overview",
            Context::ConfirmConcede => "concede?",
            Context::LogView => "whole log",
            Context::RulesView => "rules browser",
            Context::Alert => "autosave alert",
            Context::Unsaved => "while the autosave fails",
            Context::Title => "title screen",
            Context::QuickBattle => "quick-battle menu",
            Context::JoinForm => "join form",
            Context::Replay => "replay viewer",
            Context::Editor => "editor",
            Context::EditorPick => "editor: troop picker",
            Context::EditorLeave => "editor: leave?",
            Context::EditorForm => "editor: form",
            Context::EditorList => "editor: events, troop types",
            Context::EditorProblems => "editor: problems",
        }
    }

    /// The battle contexts in which `S` saves elsewhere while the autosave fails, as if
    /// [`Context::Unsaved`]'s keys were theirs.
    pub fn overlaid_by_unsaved(self) -> bool {
        matches!(
            self,
            Context::Map
                | Context::Orders
                | Context::PickHex
                | Context::PickTarget
                | Context::Decide
                | Context::GameOver
                | Context::ConfirmEnd
        )
    }

    /// What the status line and the README say here: the battle's own contexts, then the
    /// prompts and screens over or around it.
    fn said(self) -> Said {
        self.said_in_battle()
            .unwrap_or_else(|| self.said_at_prompt())
    }

    /// What the battle's contexts say (the map, its menus and pickers); `None` elsewhere.
    fn said_in_battle(self) -> Option<Said> {
        Some(match self {
            Context::Map => say(None, MAP_HINTS, None, None),
            Context::Orders => say(
                Some("press an order's key"),
                &[A::Cancel],
                None,
                Some("closes the menu"),
            ),
            Context::PickHex => say(
                Some("move to a highlighted hex"),
                &[A::Confirm, A::Cancel],
                None,
                None,
            ),
            Context::PickTarget => say(None, &[A::CycleTarget, A::Confirm, A::Cancel], None, None),
            Context::Decide => say(
                Some("answer the prompt"),
                &[A::Help, A::Quit, A::ScrollLog],
                None,
                None,
            ),
            Context::GameOver => say(
                None,
                &[A::BackToTitle, A::Leave, A::MoveCursor, A::Help],
                None,
                None,
            ),
            Context::LogView => say(
                None,
                &[A::ScrollLog],
                Some("any other key back"),
                Some("goes back"),
            ),
            Context::RulesView => say(
                None,
                &[A::ScrollRules, A::NextRule, A::PrevRule, A::CloseRules],
                None,
                None,
            ),
            _ => return None,
        })
    }

    /// What the prompts, alerts and the screens outside a battle say.
    fn said_at_prompt(self) -> Said {
        let press = Some("press a key");
        match self {
            Context::ConfirmEnd | Context::ConfirmQuit => say(press, &[], None, Some("no")),
            Context::ConfirmReplace => say(
                None,
                &[A::Yes],
                Some("any other key keep it"),
                Some("keeps the file"),
            ),
            Context::SaveName => say(
                Some("type a name or a path"),
                &[A::Confirm, A::Cancel],
                None,
                Some("types it"),
            ),
            Context::ChatLine => say(
                Some("type a line to the other player"),
                &[A::Confirm, A::Cancel],
                None,
                Some("types it"),
            ),
            Context::DiceFaces => say(
                Some("type faces 1-20"),
                &[A::Confirm, A::Cancel],
                None,
                Some("a digit, space or comma types it"),
            ),
            Context::Briefing => say(press, &[], None, Some("begins")),
            Context::Notice => say(press, &[], None, Some("closes it")),
            Context::ConfirmConcede => say(press, &[], None, Some("the battle goes on")),
            Context::Alert => say(None, &[A::Save, A::Dismiss, A::Quit], None, None),
            Context::Title => say(None, TITLE_HINTS, None, None),
            Context::QuickBattle => say(None, QUICK_HINTS, None, None),
            Context::JoinForm => say(
                Some("type the host's address and join code"),
                &[A::Confirm, A::Cancel],
                None,
                Some("types it"),
            ),
            Context::Replay => say(None, REPLAY_HINTS, None, None),
            // Unsaved only lends its keys to others; the battle's own are said_in_battle's.
            _ => self.said_in_editor(),
        }
    }

    /// What the editor's contexts say.
    fn said_in_editor(self) -> Said {
        match self {
            Context::Editor => say(None, EDITOR_HINTS, None, None),
            Context::EditorPick => say(
                Some("type to search"),
                &[A::Select, A::Confirm, A::Cancel],
                None,
                Some("types it"),
            ),
            Context::EditorLeave => say(Some("press a key"), &[A::Yes], None, Some("stays")),
            Context::EditorForm => say(
                Some("type into the field"),
                &[A::Select, A::Change, A::Confirm, A::Cancel],
                None,
                Some("types it"),
            ),
            Context::EditorProblems => say(
                None,
                &[A::Select, A::Confirm, A::Cancel, A::Help],
                None,
                None,
            ),
            Context::EditorList => say(
                None,
                &[
                    A::Select,
                    A::Confirm,
                    A::AddItem,
                    A::Delete,
                    A::MoveItem,
                    A::Cancel,
                    A::Help,
                ],
                None,
                None,
            ),
            _ => say(None, &[], None, None),
        }
    }
}

/// A context's words: before the hints, the hinted actions, after them, and what any
/// other key does.
fn say(
    lead: Option<&'static str>,
    status: &'static [Action],
    tail: Option<&'static str>,
    otherwise: Option<&'static str>,
) -> Said {
    Said {
        lead,
        status,
        tail,
        otherwise,
    }
}

/// The map's status-line hints, most needed first.
const MAP_HINTS: &[Action] = &[
    Action::OpenOrders,
    Action::EndOrders,
    Action::NextUnit,
    Action::MoveCursor,
    Action::Help,
    Action::Quit,
    Action::TheirMoves,
    Action::Undo,
    Action::Briefing,
    Action::Save,
    Action::Zoom,
    Action::ScrollLog,
    Action::Rules,
];

/// The title screen's hints, most needed first (the arrows go first when space is short).
const TITLE_HINTS: &[Action] = &[
    Action::Play,
    Action::PlaySide,
    Action::HotSeat,
    Action::Level,
    Action::Leave,
    // The editor and joining are found only here (playtest 48): before the arrows.
    Action::EditBattle,
    Action::Watch,
    Action::JoinBattle,
    Action::HostBattle,
    Action::Select,
];

/// The quick-battle menu's hints, most needed first.
const QUICK_HINTS: &[Action] = &[
    Action::Play,
    Action::Change,
    Action::Select,
    Action::Digit,
    Action::Cancel,
];

/// The replay viewer's hints, most needed first.
const REPLAY_HINTS: &[Action] = &[
    Action::StepForward,
    Action::StepBack,
    Action::NextPhase,
    Action::PrevPhase,
    Action::Digit,
    Action::JumpTurn,
    Action::PlayOn,
    Action::Leave,
];

/// The editor's hints, most needed first.
const EDITOR_HINTS: &[Action] = &[
    Action::Apply,
    Action::Terrain,
    Action::AddUnit,
    Action::Objective,
    Action::Save,
    Action::Undo,
    Action::Help,
    Action::Leave,
    Action::Brush,
    Action::Redo,
    Action::Delete,
    Action::TryIt,
    Action::NextProblem,
    Action::EditHere,
    Action::BattleForm,
    Action::EventList,
    Action::TroopList,
    Action::PlayComputer,
    Action::QuickSim,
];

/// What a key does. An action whose keys are a family (the cursor's, the log's) reads the
/// key itself for the direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Moves the cursor left, down, up or right, as the key says.
    MoveCursor,
    /// Moves the cursor up-left.
    MoveUpLeft,
    /// Moves the cursor up-right.
    MoveUpRight,
    /// Moves the cursor down-left.
    MoveDownLeft,
    /// Moves the cursor down-right.
    MoveDownRight,
    /// The next unit with an order to give.
    NextUnit,
    /// The previous unit with an order to give.
    PrevUnit,
    /// Opens the order menu of the unit under the cursor.
    OpenOrders,
    /// Ends the side's orders for the phase.
    EndOrders,
    /// Takes back the last movement order.
    Undo,
    /// Steps through what the other side did.
    TheirMoves,
    /// Shows the briefing.
    Briefing,
    /// Larger (`+`, `=`) or smaller (`-`) hexes.
    Zoom,
    /// Saves under a name.
    Save,
    /// Designer: forces the faces of the next dice.
    ForceDice,
    /// A battle across two machines: a line of chat to the other player.
    Chat,
    /// Title screen: host the selected battle for a player on another machine.
    HostBattle,
    /// Title screen: join a battle another player hosts.
    JoinBattle,
    /// Opens the battle editor on the selected battle, or a new one (issue 32).
    EditBattle,
    /// Shows the help screen.
    Help,
    /// Asks to leave the battle.
    Quit,
    /// Scrolls the log back (`PgUp`) or forward (`PgDn`).
    ScrollLog,
    /// Order: stand fast (R4.1).
    StandFast,
    /// Order: march (R4.1).
    March,
    /// Order: hustle (R4.1).
    Hustle,
    /// Order: charge (R4.4).
    Charge,
    /// Order: disengage (R4.5).
    Disengage,
    /// Order: fire (R6.1).
    Fire,
    /// Order: attack (R7.2).
    Attack,
    /// Order: ready (R5.6).
    Ready,
    /// Confirms what is chosen or typed.
    Confirm,
    /// Cancels what is being chosen or typed.
    Cancel,
    /// The next target (or the one before, as the key says).
    CycleTarget,
    /// Answers yes.
    Yes,
    /// Answers no.
    No,
    /// A digit: a prompt's answer, or a turn's number in the replay viewer.
    Digit,
    /// Leaves without asking.
    Leave,
    /// Closes a pause or an alert.
    Dismiss,
    /// Takes back the last character typed.
    DeleteChar,
    /// Scrolls the briefing.
    ScrollBriefing,
    /// Selects the row above or below.
    Select,
    /// Plays the selected battle or resumes the save.
    Play,
    /// Plays side A (`1`) or B (`2`) against the computer.
    PlaySide,
    /// Plays hot-seat.
    HotSeat,
    /// Watches the computer play both sides.
    Watch,
    /// The computer's next level.
    Level,
    /// The choice before (`←`) or after (`→`) on a menu's line.
    Change,
    /// The next command.
    StepForward,
    /// The command before.
    StepBack,
    /// The next phase.
    NextPhase,
    /// The phase before.
    PrevPhase,
    /// Goes to the turn typed.
    JumpTurn,
    /// Plays on from the point viewed.
    PlayOn,
    /// Asks to concede the battle (R10: the other side wins).
    Concede,
    /// Switches whether a phase with nothing to order waits for the player.
    ToggleStopAtEmpty,
    /// Switches hot-seat handovers on or off.
    ToggleHandovers,
    /// Leaves the finished battle for the title screen.
    BackToTitle,
    /// Scrolls the finished battle's unit table up (`PgUp`) or down (`PgDn`).
    ScrollTable,
    /// Shows the whole map at one character a cell.
    Overview,
    /// Shows the whole log over the screen.
    ShowLog,
    /// Switches the threat view of the hex under the cursor on or off (R4.4, R6).
    Threats,
    /// Opens the rules browser at the rule the player just met.
    Rules,
    /// Scrolls the rules a line (arrows, `j`, `k`) or a page (`PgUp`, `PgDn`).
    ScrollRules,
    /// The next rule's heading to the top of the rules browser.
    NextRule,
    /// The previous rule's heading to the top of the rules browser.
    PrevRule,
    /// Closes the rules browser, back to the battle.
    CloseRules,
    /// Editor: uses the tool on the hex under the cursor.
    Apply,
    /// Editor: the terrain the brush paints, by digit.
    Terrain,
    /// Editor: the brush's size, 1, 3 or 7 hexes across.
    Brush,
    /// Editor: fills the area of one terrain under the cursor with the brush's.
    Fill,
    /// Editor: the road tool (R12.6).
    Road,
    /// Editor: the field works tool (R12.5).
    Works,
    /// Editor: the objective tool (R10.3, R12.4).
    Objective,
    /// Editor: choose a troop type, then place units of it.
    AddUnit,
    /// Editor: the side new units go to.
    SwitchSide,
    /// Editor: place copies of the unit under the cursor.
    CopyUnit,
    /// Editor: pick up the unit under the cursor to put it down elsewhere.
    MoveUnit,
    /// Editor: deletes the unit, else the objective, under the cursor.
    Delete,
    /// Editor: makes the unit under the cursor a reserve (R12.1).
    Reserve,
    /// Editor: the turn limit one shorter or longer (R3.3).
    TurnLimit,
    /// Editor: makes again the edit last undone.
    Redo,
    /// Editor: the cursor to the next problem the check found.
    NextProblem,
    /// Editor: plays the battle as it stands, then comes back.
    TryIt,
    /// Editor: the form of the unit, reserve or objective under the cursor.
    EditHere,
    /// Editor: the form of the battle and its sides.
    BattleForm,
    /// Editor: plays the battle as its first side against the computer, then comes back.
    PlayComputer,
    /// Editor: a quick sim of the battle, computer against computer.
    QuickSim,
    /// Editor: the list of the battle's events (R12.7).
    EventList,
    /// Editor: the list of the battle's own troop types (R2.2).
    TroopList,
    /// Editor: the list of the problems the check found, Enter going to one.
    ProblemList,
    /// Editor lists: adds an item after the others and opens its form.
    AddItem,
    /// Editor lists: moves the chosen item one place earlier or later.
    MoveItem,
}

/// One line of the table: an action, its keys, and where they work.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// What the keys do.
    pub action: Action,
    /// Every key that does it; the first [`Binding::named`] key names (see [`key_names`])
    /// are the ones the status line shows.
    pub keys: &'static [Key],
    /// How many key names the status line shows (the rest are aliases).
    pub named: usize,
    /// The status line's word for it (`next unit`).
    pub hint: &'static str,
    /// What it does, for the README (`next unit that still has an order to give`).
    pub help: &'static str,
    /// Where the keys work.
    pub contexts: &'static [Context],
}

const fn bind(
    action: Action,
    keys: &'static [Key],
    named: usize,
    hint: &'static str,
    help: &'static str,
    contexts: &'static [Context],
) -> Binding {
    Binding {
        action,
        keys,
        named,
        hint,
        help,
        contexts,
    }
}

const fn c(c: char) -> Key {
    Key::Char(c)
}

const DIGITS: &[Key] = &[
    c('0'),
    c('1'),
    c('2'),
    c('3'),
    c('4'),
    c('5'),
    c('6'),
    c('7'),
    c('8'),
    c('9'),
];

use Action as A;
use Context as X;

/// Contexts where the map's cursor moves (`y` and `n` answer a prompt instead).
const LOOK: &[Context] = &[X::Map, X::Decide, X::PickHex, X::GameOver];
const LOOK_NOT_PROMPT: &[Context] = &[X::Map, X::PickHex, X::GameOver];
const BATTLE: &[Context] = &[
    X::Map,
    X::Orders,
    X::PickHex,
    X::PickTarget,
    X::Decide,
    X::GameOver,
];

/// The table: every action with its keys, hint, help and contexts, in the order of the
/// README and the help screen.
#[rustfmt::skip]
pub const BINDINGS: &[Binding] = &[
    bind(A::MoveCursor, &[Key::Left, Key::Down, Key::Up, Key::Right, c('h'), c('j'), c('k'), c('l')], 1,
        "move", "move the cursor left, down, up, right", LOOK),
    bind(A::MoveUpLeft, &[c('y')], 1, "up-left", "move the cursor up-left", LOOK_NOT_PROMPT),
    bind(A::MoveUpRight, &[c('u')], 1, "up-right", "move the cursor up-right", LOOK),
    bind(A::MoveDownLeft, &[c('v')], 1, "down-left", "move the cursor down-left", LOOK),
    bind(A::MoveDownRight, &[c('n')], 1, "down-right", "move the cursor down-right", LOOK_NOT_PROMPT),
    bind(A::NextUnit, &[Key::Tab], 1, "next unit", "next unit that still has an order to give", &[X::Map]),
    bind(A::PrevUnit, &[Key::BackTab], 1, "previous unit", "previous unit that still has an order to give", &[X::Map]),
    bind(A::OpenOrders, &[Key::Enter, c(' ')], 1, "orders", "open the orders of the unit under the cursor", &[X::Map]),
    bind(A::EndOrders, &[c('e')], 1, "end", "end this side's orders for the phase (asks if units could still act)", &[X::Map]),
    bind(A::Undo, &[c('U'), Key::Backspace], 1, "undo", "take back the last movement order or charge, until a die is rolled", &[X::Map]),
    bind(A::TheirMoves, &[c('o')], 1, "their moves", "step through what the other side just did", &[X::Map]),
    bind(A::Briefing, &[c('b')], 1, "briefing", "the briefing", &[X::Map, X::Decide]),
    bind(A::Zoom, &[c('+'), c('-'), c('=')], 2, "size", "larger / smaller hexes (`=` is `+`)", &[X::Map]),
    bind(A::Save, &[c('S')], 1, "save", "save under a name (default: battle and turn) in `<data dir>/saves/`", &[X::Map, X::Alert, X::Unsaved]),
    bind(A::ForceDice, &[c('F')], 1, "force dice", "designer: force the faces of the next dice (`6 6 3`)", &[X::Map, X::Orders, X::PickHex, X::PickTarget, X::Decide, X::ConfirmEnd]),
    bind(A::Chat, &[c('T')], 1, "chat", "a battle across two machines: type a line of chat to the other player", &[X::Map, X::Decide, X::GameOver]),
    bind(A::Help, &[c('?')], 1, "help", "help: the keys and a summary of the rules", &[X::Map, X::Decide, X::GameOver]),
    bind(A::Quit, &[c('q')], 1, "quit", "quit, after asking (the battle is saved; the game prints the command that resumes it)", &[X::Map, X::Decide, X::Alert]),
    bind(A::Overview, &[c('M')], 1, "overview", "the whole map at a glance (for a map the terminal clips)", &[X::Map, X::Decide, X::GameOver]),
    bind(A::ShowLog, &[c('L')], 1, "whole log", "the whole log over the screen, wrapped", &[X::Map, X::Decide, X::GameOver]),
    bind(A::Threats, &[c('t')], 1, "threats", "threats: the enemies that could charge or fire at the hex under the cursor, or the hexes an enemy unit threatens", &[X::Map]),
    bind(A::ScrollLog, &[Key::PageUp, Key::PageDown, Key::Up, Key::Down, c('k'), c('j')], 2, "scroll", "scroll the whole log (a page with `PgUp` / `PgDn`)", &[X::LogView]),
    bind(A::Rules, &[c('R')], 1, "rules", "the rules browser, open at the rule the last refusal, log line or panel line cites", BATTLE),
    bind(A::ScrollRules, &[Key::Down, Key::Up, Key::PageDown, Key::PageUp, c('j'), c('k')], 4, "scroll", "scroll the rules a line (a page with `PgDn` / `PgUp`)", &[X::RulesView]),
    bind(A::NextRule, &[c('n'), Key::Tab], 1, "next rule", "the next rule", &[X::RulesView]),
    bind(A::PrevRule, &[c('p'), Key::BackTab], 1, "previous rule", "the previous rule", &[X::RulesView]),
    bind(A::CloseRules, &[Key::Esc, c('q'), c('R')], 2, "close", "close the rules, back to the battle", &[X::RulesView]),
    bind(A::Concede, &[c('C')], 1, "concede", "concede the battle, after asking: the other side wins (R10)", &[X::Map, X::Orders, X::PickHex, X::PickTarget, X::Decide]),
    bind(A::ToggleStopAtEmpty, &[c('P')], 1, "stop at empty phases", "switch whether a phase with nothing to order waits for you (kept in the settings file)", &[X::Map, X::Decide, X::GameOver, X::Title]),
    bind(A::ToggleHandovers, &[c('H')], 1, "handovers", "switch hot-seat handovers on or off (kept in the settings file)", &[X::Map, X::Decide, X::GameOver, X::Title]),
    bind(A::ScrollLog, &[Key::PageUp, Key::PageDown], 1, "log", "scroll the log back / forward", &[X::Map, X::Orders, X::PickHex, X::PickTarget, X::Decide, X::Replay]),
    bind(A::ScrollTable, &[Key::PageUp, Key::PageDown], 1, "units", "scroll the table of units up / down", &[X::GameOver]),
    bind(A::StandFast, &[c('s')], 1, "stand fast", "order: stand fast", &[X::Orders]),
    bind(A::March, &[c('m')], 1, "march", "order: march (then choose the hex)", &[X::Orders]),
    bind(A::Hustle, &[c('h')], 1, "hustle", "order: hustle (then choose the hex)", &[X::Orders]),
    bind(A::Charge, &[c('c')], 1, "charge", "order: charge (then choose the hex and the target)", &[X::Orders]),
    bind(A::Disengage, &[c('d')], 1, "disengage", "order: disengage (then choose the hex)", &[X::Orders]),
    bind(A::Fire, &[c('f')], 1, "fire", "order: fire (then choose the target)", &[X::Orders]),
    bind(A::Attack, &[c('a')], 1, "attack", "order: attack (then choose the target)", &[X::Orders]),
    bind(A::Ready, &[c('r')], 1, "ready", "order: ready", &[X::Orders]),
    bind(A::Ready, &[c('r')], 1, "ready all", "ready every unit whose only order left is to ready, then end orders (R5.6)", &[X::ConfirmEnd]),
    bind(A::Cancel, &[Key::Esc], 1, "cancel", "cancel (a move's cursor goes back to the unit)", &[X::Orders, X::PickHex, X::PickTarget, X::SaveName, X::DiceFaces, X::ChatLine, X::JoinForm]),
    bind(A::Confirm, &[Key::Enter, c(' ')], 1, "confirm", "confirm the hex or the target", &[X::PickHex, X::PickTarget]),
    bind(A::CycleTarget, &[Key::Tab, Key::Left, Key::Up, Key::Right, Key::Down, Key::BackTab, c('h'), c('k'), c('l'), c('j')], 2,
        "next target", "next target (Tab, `→`, `↓`, `l`, `j`) or the one before", &[X::PickTarget]),
    bind(A::Yes, &[c('y')], 1, "advance", "answer yes: advance", &[X::Decide]),
    bind(A::No, &[c('n')], 1, "stay", "answer no: do not advance", &[X::Decide]),
    bind(A::Digit, DIGITS, 1, "answer", "answer a prompt: `1` / `2` initiative, hexes to withdraw, a new charge target (`0` none)", &[X::Decide]),
    bind(A::BackToTitle, &[c('t'), Key::Enter], 1, "title", "back to the title screen", &[X::GameOver]),
    bind(A::Leave, &[c('q'), Key::Esc], 1, "quit", "leave the finished battle", &[X::GameOver]),
    bind(A::Yes, &[c('y'), Key::Enter, c('e')], 1, "yes", "yes: end orders", &[X::ConfirmEnd]),
    bind(A::Yes, &[c('y'), c('q')], 1, "yes", "yes: leave the battle", &[X::ConfirmQuit]),
    bind(A::Yes, &[c('y')], 1, "yes", "yes: concede, the other side wins", &[X::ConfirmConcede]),
    bind(A::Yes, &[c('y')], 1, "replace", "yes: replace the file", &[X::ConfirmReplace]),
    bind(A::Confirm, &[Key::Enter], 1, "save", "save under the name typed", &[X::SaveName]),
    bind(A::Confirm, &[Key::Enter], 1, "force", "force the faces typed (kept in the save)", &[X::DiceFaces]),
    bind(A::Confirm, &[Key::Enter], 1, "send", "send the line to the other player", &[X::ChatLine]),
    bind(A::Confirm, &[Key::Enter], 1, "join", "join the battle at the address typed, with the code typed", &[X::JoinForm]),
    bind(A::DeleteChar, &[Key::Backspace], 1, "erase", "take back the last character typed", &[X::SaveName, X::DiceFaces, X::ChatLine, X::QuickBattle, X::JoinForm]),
    bind(A::ScrollBriefing, &[Key::Down, Key::Up, c('j'), c('k'), Key::PageDown, Key::PageUp], 2,
        "scroll", "scroll the briefing a line (a page with `PgDn` / `PgUp`)", &[X::Briefing]),
    bind(A::Dismiss, &[Key::Enter, c(' '), Key::Esc], 1, "go on", "go on", &[X::Alert]),
    bind(A::Select, &[Key::Up, Key::Down, c('k'), c('j'), Key::Tab], 2, "select", "select a battle, the quick battle or a save", &[X::Title]),
    bind(A::Play, &[Key::Enter, c(' ')], 1, "play", "play the battle as its scenario sets the sides, resume the save, or open the quick-battle menu", &[X::Title]),
    bind(A::PlaySide, &[c('1'), c('2')], 2, "side A/B", "play side A / B against the computer", &[X::Title]),
    bind(A::HotSeat, &[c('h')], 1, "hot-seat", "two players at one keyboard", &[X::Title]),
    bind(A::Watch, &[c('w')], 1, "watch", "watch the computer play both sides", &[X::Title]),
    bind(A::HostBattle, &[c('N')], 1, "host", "open the battle for a player on another machine (shows the address and a join code)", &[X::Title]),
    bind(A::EditBattle, &[c('E')], 1, "edit", "the battle editor: the selected battle (a shipped one as a copy in this folder), or a new battle on the quick-battle row", &[X::Title]),
    bind(A::JoinBattle, &[c('J')], 1, "join", "join a battle another player hosts: type its address and join code", &[X::Title]),
    bind(A::Level, &[c('l')], 1, "level", "the computer's next level, for every battle opened from here (kept in the settings file)", &[X::Title]),
    bind(A::Leave, &[c('q'), Key::Esc], 1, "quit", "leave", &[X::Title, X::Replay]),
    bind(A::Help, &[c('?')], 1, "help", "every key of the title screen, under the list", &[X::Title]),
    bind(A::Select, &[Key::Up, Key::Down, c('k'), c('j'), Key::Tab], 2, "line", "the line above or below: army A, army B, size, ground, seed", &[X::QuickBattle]),
    bind(A::Change, &[Key::Left, Key::Right], 2, "change", "the choice before / after on the line: the army list, the size, the ground", &[X::QuickBattle]),
    bind(A::Digit, DIGITS, 1, "seed", "type the seed (left empty, one drawn for you)", &[X::QuickBattle]),
    bind(A::Play, &[Key::Enter], 1, "start", "generate the battle and play side A against the computer", &[X::QuickBattle]),
    bind(A::Cancel, &[Key::Esc], 1, "back", "back to the title screen", &[X::QuickBattle]),
    bind(A::StepForward, &[Key::Right, c('l')], 1, "next", "the next command", &[X::Replay]),
    bind(A::StepBack, &[Key::Left, c('h')], 1, "back", "the command before", &[X::Replay]),
    bind(A::NextPhase, &[c(']'), Key::Down], 1, "phase", "the next phase", &[X::Replay]),
    bind(A::PrevPhase, &[c('['), Key::Up], 1, "phase back", "the phase before", &[X::Replay]),
    bind(A::Digit, DIGITS, 1, "turn", "type a turn's number", &[X::Replay]),
    bind(A::JumpTurn, &[c('t'), Key::Enter], 1, "go", "go to the turn typed (`3t`)", &[X::Replay]),
    bind(A::PlayOn, &[c('p')], 1, "play on", "play on from here as a new battle", &[X::Replay]),
    bind(A::MoveCursor, &[Key::Left, Key::Down, Key::Up, Key::Right, c('h'), c('j'), c('k'), c('l')], 1,
        "move", "move the cursor (a mouse click moves it there and uses the tool; a drag paints)", &[X::Editor]),
    bind(A::Apply, &[Key::Enter, c(' ')], 1, "use", "use the tool on the hex under the cursor: paint, road, works, place a unit, put down a unit carried, objective; with no tool yet, open the form of the unit or objective there", &[X::Editor]),
    bind(A::Terrain, &[c('1'), c('2'), c('3'), c('4'), c('5'), c('6'), c('7')], 1, "terrain",
        "the brush paints 1 clear, 2 rough, 3 woods, 4 hill, 5 village, 6 ford, 7 water", &[X::Editor]),
    bind(A::Brush, &[c('b')], 1, "brush", "the brush 1, 3 or 7 hexes across", &[X::Editor]),
    bind(A::Fill, &[c('f')], 1, "fill", "fill the area of one terrain under the cursor with the brush's terrain", &[X::Editor]),
    bind(A::Road, &[c('r')], 1, "road", "the road tool: lay or take up a road (R12.6)", &[X::Editor]),
    bind(A::Works, &[c('w')], 1, "works", "the field works tool (R12.5)", &[X::Editor]),
    bind(A::Objective, &[c('o')], 1, "objective", "the objective tool: add or take away an objective (R10.3)", &[X::Editor]),
    bind(A::AddUnit, &[c('a')], 1, "unit", "choose a troop type (search as you type), then place units of it", &[X::Editor]),
    bind(A::SwitchSide, &[c('s')], 1, "side", "the side new units go to", &[X::Editor]),
    bind(A::CopyUnit, &[c('c')], 1, "copy", "place copies of the unit under the cursor", &[X::Editor]),
    bind(A::MoveUnit, &[c('m')], 1, "move unit", "pick up the unit under the cursor; `Enter` puts it down", &[X::Editor]),
    bind(A::Delete, &[c('x')], 1, "delete", "delete the unit, else the objective, under the cursor", &[X::Editor]),
    bind(A::Reserve, &[c('R')], 1, "reserve", "make the unit under the cursor a reserve arriving there on turn 2 (R12.1)", &[X::Editor]),
    bind(A::TurnLimit, &[c('<'), c('>')], 2, "turns", "the turn limit one shorter / longer (R3.3)", &[X::Editor]),
    bind(A::Undo, &[c('u'), Key::Backspace], 1, "undo", "undo the last edit", &[X::Editor]),
    bind(A::Redo, &[c('U')], 1, "redo", "make again the edit last undone", &[X::Editor]),
    bind(A::NextProblem, &[c('n')], 1, "problem", "the cursor to the next problem the check found", &[X::Editor]),
    bind(A::Save, &[c('S')], 1, "save", "save the battle to its file as clean RON (a battle with problems is saved too, and the message counts them)", &[X::Editor]),
    bind(A::TryIt, &[c('p')], 1, "play", "play the battle as it stands, hot-seat, then come back", &[X::Editor]),
    bind(A::PlayComputer, &[c('P')], 1, "v computer", "play the battle as its first side against the computer, then come back", &[X::Editor]),
    bind(A::QuickSim, &[c('i')], 1, "sim", "a quick sim: 200 games computer against computer, each side's wins with their 95% interval (again: stop it)", &[X::Editor]),
    bind(A::Zoom, &[c('+'), c('-'), c('=')], 2, "size", "larger / smaller hexes", &[X::Editor]),
    bind(A::Help, &[c('?')], 1, "help", "the editor's keys", &[X::Editor]),
    bind(A::Leave, &[c('q'), Key::Esc], 1, "quit", "leave the editor (asks first if there are edits not saved)", &[X::Editor]),
    bind(A::Select, &[Key::Up, Key::Down], 2, "select", "the troop type above or below", &[X::EditorPick]),
    bind(A::Confirm, &[Key::Enter], 1, "choose", "choose the troop type", &[X::EditorPick]),
    bind(A::Cancel, &[Key::Esc], 1, "cancel", "back to the map", &[X::EditorPick]),
    bind(A::DeleteChar, &[Key::Backspace], 1, "erase", "take back the last character typed", &[X::EditorPick]),
    bind(A::Yes, &[c('y')], 1, "leave", "yes: leave without saving", &[X::EditorLeave]),
    bind(A::EditHere, &[c('e')], 1, "form", "the form of the unit, the reserve arriving or the objective under the cursor: label, creatures, starting state, group, arrival (R12.1); name, value, owner (R12.4)", &[X::Editor]),
    bind(A::BattleForm, &[c('B')], 1, "battle", "the battle's form: name, description, turn limit, defender, seed, and each side's name, commander, edge, strategic ability, morale modifier, player, temper, level", &[X::Editor]),
    bind(A::EventList, &[c('E')], 1, "events", "the battle's events (R12.7): triggers and effects, each name chosen from what the battle has", &[X::Editor]),
    bind(A::ProblemList, &[c('!')], 1, "problems", "every problem the check found; Enter goes to the one chosen", &[X::Editor]),
    bind(A::TroopList, &[c('T')], 1, "troops", "the battle's own troop types (R2.2), with their derived numbers as you type", &[X::Editor]),
    bind(A::Select, &[Key::Up, Key::Down], 2, "select", "the item above / below", &[X::EditorList, X::EditorProblems]),
    bind(A::Confirm, &[Key::Enter, c('e')], 1, "edit", "the chosen item's form", &[X::EditorList]),
    bind(A::Confirm, &[Key::Enter], 1, "go to it", "put the cursor on the chosen problem's hex", &[X::EditorProblems]),
    bind(A::AddItem, &[c('a')], 1, "add", "add an item after the others and open its form", &[X::EditorList]),
    bind(A::Delete, &[c('x')], 1, "delete", "delete the chosen item (undo brings it back)", &[X::EditorList]),
    bind(A::MoveItem, &[c('['), c(']')], 2, "order", "move the chosen event earlier / later: events are checked in order (R12.7)", &[X::EditorList]),
    bind(A::Cancel, &[Key::Esc, c('q')], 1, "back", "back to the map", &[X::EditorList, X::EditorProblems]),
    bind(A::Help, &[c('?')], 1, "help", "the list's keys", &[X::EditorList, X::EditorProblems]),
    bind(A::Select, &[Key::Down, Key::Up, Key::Tab, Key::BackTab], 2, "field", "the field below / above", &[X::EditorForm]),
    bind(A::Change, &[Key::Left, Key::Right], 2, "choose", "the choice before / after, in a field of choices; in a typed field, the cursor left / right", &[X::EditorForm]),
    bind(A::Change, &[Key::Home, Key::End], 2, "start/end", "the cursor to the start / end of a typed field", &[X::EditorForm]),
    bind(A::Confirm, &[Key::Enter], 1, "apply", "apply the form as one edit (a field that cannot be read is named)", &[X::EditorForm]),
    bind(A::Cancel, &[Key::Esc], 1, "cancel", "close the form, changing nothing (an item a list has just added is taken back)", &[X::EditorForm]),
    bind(A::DeleteChar, &[Key::Backspace], 1, "erase", "erase the character before the cursor", &[X::EditorForm]),
];

/// The binding of `key` in `context`, if the key does anything there.
pub fn binding(context: Context, key: Key) -> Option<&'static Binding> {
    BINDINGS
        .iter()
        .find(|b| b.contexts.contains(&context) && b.keys.contains(&key))
}

/// The action of `key` in `context`, if any.
pub fn action(context: Context, key: Key) -> Option<Action> {
    binding(context, key).map(|b| b.action)
}

/// The binding of `action` in `context`, if the action works there.
pub fn binding_of(context: Context, action: Action) -> Option<&'static Binding> {
    BINDINGS
        .iter()
        .find(|b| b.action == action && b.contexts.contains(&context))
}

/// A key's name as the screen writes it (`Enter`, `Shift-Tab`, `PgUp`, `←`, `q`).
pub fn key_name(key: Key) -> String {
    match key {
        Key::Char(' ') => "Space".into(),
        Key::Char(c) => c.to_string(),
        Key::Up => "↑".into(),
        Key::Down => "↓".into(),
        Key::Left => "←".into(),
        Key::Right => "→".into(),
        Key::Enter => "Enter".into(),
        Key::Esc => "Esc".into(),
        Key::Tab => "Tab".into(),
        Key::BackTab => "Shift-Tab".into(),
        Key::Backspace => "Backspace".into(),
        Key::PageUp => "PgUp".into(),
        Key::PageDown => "PgDn".into(),
        Key::Home => "Home".into(),
        Key::End => "End".into(),
    }
}

/// The names of `keys`, in order, with the four arrows written once as `arrows` (where the
/// first of them stands) and the ten digits once as `0-9`.
pub fn key_names(keys: &[Key]) -> Vec<String> {
    let arrows = [Key::Left, Key::Down, Key::Up, Key::Right];
    let all_arrows = arrows.iter().all(|a| keys.contains(a));
    let all_digits = DIGITS.iter().all(|d| keys.contains(d));
    let mut names = Vec::new();
    for key in keys {
        let name = match key {
            k if all_arrows && arrows.contains(k) => "arrows".to_string(),
            k if all_digits && DIGITS.contains(k) => "0-9".to_string(),
            k => key_name(*k),
        };
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

impl Binding {
    /// The keys as the status line names them (`Tab/arrows`).
    pub fn short_keys(&self) -> String {
        let names = key_names(self.keys);
        names
            .get(..self.named.min(names.len()))
            .unwrap_or_default()
            .join("/")
    }

    /// Every key, for the help screen (`U/Backspace`).
    pub fn all_keys(&self) -> String {
        key_names(self.keys).join("/")
    }
}

/// The status line's hints in `context`, most needed first, each with its action
/// (`Enter orders`), between the context's lead and tail (which have no action).
pub fn hints(context: Context) -> Vec<(Option<Action>, String)> {
    let said = context.said();
    let mut out = Vec::new();
    if let Some(lead) = said.lead {
        out.push((None, lead.to_string()));
    }
    for action in said.status {
        if let Some(b) = binding_of(context, *action) {
            out.push((Some(*action), format!("{} {}", b.short_keys(), b.hint)));
        }
    }
    if let Some(tail) = said.tail {
        out.push((None, tail.to_string()));
    }
    out
}

/// The actions `context` hints on its status line (each must work there: see the tests).
pub fn hinted(context: Context) -> &'static [Action] {
    context.said().status
}

/// As many of `hints` as fit in `room` columns joined by ` · `, the least needed dropped.
pub fn fit(hints: &[String], room: usize) -> String {
    let mut room = room;
    let mut shown: Vec<&str> = Vec::new();
    for hint in hints {
        let cost = crate::columns::width(hint) + if shown.is_empty() { 0 } else { 3 };
        if cost > room {
            break;
        }
        room -= cost;
        shown.push(hint);
    }
    shown.join(" · ")
}

/// The help screen's key part: for each battle context, the keys first met there, as
/// `keys hint` entries wrapped to `width` columns under a six-column label.
pub fn help_lines(width: usize) -> Vec<String> {
    let sections = [
        (X::Map, "KEYS"),
        (X::Orders, "ORDER"),
        (X::PickHex, "PICK"),
        (X::PickTarget, ""),
        (X::Decide, "ASKED"),
        (X::GameOver, "OVER"),
    ];
    let mut lines = Vec::new();
    let mut pending: Vec<String> = Vec::new();
    let mut label = "";
    for (context, name) in sections {
        if !name.is_empty() && !pending.is_empty() {
            lines.extend(flow(label, &pending, width));
            pending.clear();
        }
        if !name.is_empty() {
            label = name;
        }
        let first_here =
            |b: &&Binding| BATTLE.iter().find(|x| b.contexts.contains(x)) == Some(&context);
        for b in BINDINGS.iter().filter(first_here) {
            pending.push(format!("{} {}", b.all_keys(), b.hint));
        }
    }
    lines.extend(flow(label, &pending, width));
    lines
}

/// `entries` joined by two spaces, wrapped to `width`, the first line under `label`.
fn flow(label: &str, entries: &[String], width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = format!("{label:<6}");
    let mut empty = true;
    for entry in entries {
        if !empty && crate::columns::width(&line) + 2 + crate::columns::width(entry) > width {
            lines.push(line);
            line = format!("{:<6}", "");
            empty = true;
        }
        if !empty {
            line.push_str("  ");
        }
        line.push_str(entry);
        empty = false;
    }
    lines.push(line);
    lines
}

/// The key table of docs/keys.md (linked from the README), written from the table: a row per
/// binding, then what any other key does where that is something.
pub fn readme_table() -> String {
    let mut out = String::from("| key | does | where |\n|---|---|---|\n");
    for b in BINDINGS {
        let keys: Vec<String> = key_names(b.keys).iter().map(|k| format!("`{k}`")).collect();
        let wheres: Vec<&str> = b.contexts.iter().map(|x| x.name()).collect();
        out.push_str(&format!(
            "| {} | {} | {} |\n",
            keys.join(" "),
            b.help,
            wheres.join(", ")
        ));
    }
    for x in CONTEXTS {
        if let Some(otherwise) = x.said().otherwise {
            out.push_str(&format!("| any other key | {otherwise} | {} |\n", x.name()));
        }
    }
    out
}

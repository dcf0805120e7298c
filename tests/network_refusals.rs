//! Issue 31, hostile input: a host in this process and a hand-made client that speaks the
//! protocol frame by frame. Another version, a third connection, a re-join by someone
//! else, an oversized frame and a command out of turn are each refused or cut off, the
//! host is told, and its battle goes on untouched, ready for the real player.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    missing_docs,
    reason = "a test fails loudly"
)]

use std::io::Write;
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use volley::commands::network::NetBattle;
use volley::engine::{Actor, Command, Entropy, Order};
use volley::net::chain::{Chain, Role};
use volley::net::peer::{JoinedBattle, Offer};
use volley::net::secure::{join_handshake, read_frame, write_frame, LinkError, Opener, Sealer};
use volley::net::wire::{decode, encode, Hello, Message, Synced, Welcome, PROTOCOL};
use volley::net::{NetEvent, Peer};
use volley::scenario::Scenario;

/// A host of the tutorial in a thread of this process that never gives a command itself;
/// what it was told (notes, pauses) and the commands its battle holds are shared.
struct Host {
    address: String,
    told: Arc<Mutex<Vec<String>>>,
    commands: Arc<Mutex<usize>>,
    stop: Arc<AtomicBool>,
}

impl Drop for Host {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

fn host(code: &str) -> Host {
    host_acting(code, false)
}

/// A host that, if `acts`, gives a command whenever it is its turn (the first answer of a
/// decision, else the end of its orders), and waits 300 ms for a withheld value.
fn host_acting(code: &str, acts: bool) -> Host {
    let scenario = Scenario::load_with(std::path::Path::new("tutorial"), None).unwrap();
    let offer = Offer {
        scenario_file: scenario.file.clone(),
        scenario: scenario.source.clone(),
        rules: None,
        host_side: volley::engine::SideId::A,
    };
    let (peer, bound) = Peer::host("127.0.0.1:0", code, offer).unwrap();
    let mut peer = peer.with_reveal_time(Duration::from_millis(300));
    let told = Arc::new(Mutex::new(Vec::new()));
    let commands = Arc::new(Mutex::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let (t, c, s) = (told.clone(), commands.clone(), stop.clone());
    std::thread::spawn(move || {
        let mut battle: Option<NetBattle> = None;
        while !s.load(Ordering::SeqCst) {
            for e in peer.poll(battle.as_ref().map(NetBattle::record)) {
                match e {
                    NetEvent::Start(opening) => {
                        let heads = peer.heads().unwrap();
                        let b = NetBattle::open(
                            scenario.clone(),
                            opening,
                            peer.side(),
                            heads,
                            &[],
                            &[],
                        );
                        battle = Some(b.unwrap());
                    }
                    NetEvent::Apply { command, draw } => {
                        let b = battle.as_mut().unwrap();
                        b.apply(command, draw).unwrap();
                        peer.applied(b.record());
                        *c.lock().unwrap() = b.commands.len();
                    }
                    NetEvent::Note(n) | NetEvent::Paused(n) | NetEvent::Left(n) => {
                        t.lock().unwrap().push(n)
                    }
                    _ => {}
                }
            }
            if let Some(b) = battle
                .as_ref()
                .filter(|b| acts && b.game.outcome().is_none())
            {
                if b.game.acting_side() == Some(peer.side()) && peer.in_step() && !peer.waiting() {
                    peer.send(b.record(), first_command(&b.game)).unwrap();
                }
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    });
    Host {
        address: bound.to_string(),
        told,
        commands,
        stop,
    }
}

impl Host {
    /// Waits until the host was told something containing `text`.
    fn told(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            if let Some(t) = self.told.lock().unwrap().iter().find(|t| t.contains(text)) {
                return t.clone();
            }
            let all = self.told.lock().unwrap().clone();
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "never told {text:?}: {all:?}"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// The first answer of a decision, else the end of orders: always a legal command.
fn first_command(game: &volley::engine::Game) -> Command {
    match game.actor() {
        Actor::Decide(d) => d.answers()[0],
        _ => Command::Order(Order::EndOrders),
    }
}

/// A hand-made client: the handshake done, frames sealed and opened by hand.
struct Client {
    stream: TcpStream,
    sealer: Sealer,
    opener: Opener,
}

impl Client {
    fn connect(address: &str, code: &str) -> Result<Client, LinkError> {
        let mut stream = TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let (sealer, opener) = join_handshake(&mut stream, code)?;
        Ok(Client {
            stream,
            sealer,
            opener,
        })
    }

    fn send(&mut self, m: &Message) {
        let sealed = self.sealer.seal(&encode(m)).unwrap();
        write_frame(&mut self.stream, &sealed).unwrap();
    }

    fn receive(&mut self) -> Message {
        let frame = read_frame(&mut self.stream).unwrap();
        decode(&self.opener.open(&frame).unwrap()).unwrap()
    }

    /// The next message that is not a ping or a digest.
    fn next(&mut self) -> Message {
        loop {
            match self.receive() {
                Message::Ping | Message::Digest { .. } => {}
                m => return m,
            }
        }
    }

    fn hello() -> Hello {
        Hello {
            game: env!("CARGO_PKG_VERSION").into(),
            protocol: PROTOCOL,
            rules: volley::net::wire::rules_digest(),
            scenario: None,
        }
    }

    /// Joins as a player whose values come from `secret`: the welcome and where the battle
    /// stands.
    fn join(address: &str, code: &str, secret: u8) -> (Client, Welcome, Synced, Chain) {
        let mut c = Client::connect(address, code).unwrap();
        c.send(&Message::Hello(Client::hello()));
        let Message::Welcome(w) = c.next() else {
            panic!("no welcome")
        };
        let chain = Chain::new(Role::Join, &Entropy([secret; 32]));
        c.send(&Message::Seat(chain.head()));
        loop {
            match c.next() {
                Message::Opening(_) => c.send(&Message::OpeningAnswer(chain.value(1).unwrap())),
                Message::Log { .. } => {}
                Message::Synced(s) => return (c, *w, s, chain),
                m => panic!("unexpected {m:?}"),
            }
        }
    }
}

/// The joining side (B) plays its turns (see [`first_command`]) until the host is to act;
/// the battle as it then stands and the next exchange's number.
fn play_own_turns(
    c: &mut Client,
    welcome: Welcome,
    synced: &Synced,
    chain: &Chain,
) -> (NetBattle, u32) {
    let j = JoinedBattle {
        welcome,
        opening: synced.opening,
        commands: Vec::new(),
        draws: Vec::new(),
    };
    let mut battle = NetBattle::joined(&j, chain.head()).unwrap();
    let mut next = synced.next;
    while battle.game.acting_side() == Some(volley::engine::SideId::B) {
        let command = first_command(&battle.game);
        let value = chain.value(next).unwrap();
        c.send(&Message::Command {
            number: next,
            command,
            value,
        });
        let Message::Accept { number, value } = c.next() else {
            panic!("not accepted")
        };
        let join = chain.value(number).unwrap();
        let command_index = battle.commands.len() as u32;
        let draw = volley::engine::SharedDraw {
            command: command_index,
            number,
            host: value,
            join,
        };
        battle.apply(command, Some(draw)).unwrap();
        next += 1;
    }
    (battle, next)
}

/// Issue 31: a join from another version of the game or protocol is refused, saying which
/// differs, and the host is told.
#[test]
fn a_join_of_another_version_is_refused_saying_which_differs() {
    let h = host("1-2");
    for (hello, says) in [
        (
            Hello {
                game: "0.0.1".into(),
                ..Client::hello()
            },
            "the game's versions differ: ",
        ),
        (
            Hello {
                protocol: PROTOCOL + 1,
                ..Client::hello()
            },
            "the protocol's versions differ: ",
        ),
        (
            Hello {
                rules: 999,
                ..Client::hello()
            },
            "the rules' versions differ: ",
        ),
        (
            Hello {
                scenario: Some(1),
                ..Client::hello()
            },
            "the scenario differs",
        ),
    ] {
        let mut c = Client::connect(&h.address, "1-2").unwrap();
        c.send(&Message::Hello(hello));
        let Message::Refused(why) = c.next() else {
            panic!("not refused")
        };
        assert!(why.starts_with(says), "{why}");
        h.told(&format!("a join was refused: {says}"));
    }
    assert_eq!(*h.commands.lock().unwrap(), 0);
}

/// Issue 31: while a player is in, a third connection is refused before any key is agreed
/// (even with the right code), and the host is told.
#[test]
fn a_third_connection_is_refused_while_a_player_is_in() {
    let h = host("3-4");
    let (_first, ..) = Client::join(&h.address, "3-4", 1);
    let third = Client::connect(&h.address, "3-4");
    match third {
        Err(LinkError::Refused(why)) => assert_eq!(why, "the battle already has its second player"),
        Err(e) => panic!("refused otherwise: {e}"),
        Ok(_) => panic!("a third connection got in"),
    }
    h.told("the battle already has its second player");
}

/// Issue 31: once a player has joined, only that player (the same commitment to its
/// values) may take the seat again after a dropped line.
#[test]
fn a_rejoin_by_someone_else_is_refused() {
    let h = host("5-6");
    let (first, ..) = Client::join(&h.address, "5-6", 1);
    drop(first);
    h.told("the other side closed the connection");
    let mut other = Client::connect(&h.address, "5-6").unwrap();
    other.send(&Message::Hello(Client::hello()));
    let Message::Welcome(_) = other.next() else {
        panic!("no welcome")
    };
    other.send(&Message::Seat(
        Chain::new(Role::Join, &Entropy([2; 32])).head(),
    ));
    let Message::Refused(why) = other.next() else {
        panic!("not refused")
    };
    assert!(why.contains("only that player may re-join"), "{why}");
    // The first player's values still open the door.
    let (_back, _, synced, _) = Client::join(&h.address, "5-6", 1);
    assert_eq!(synced.commands, 0);
}

/// Issue 31: a frame said to be larger than the limit drops the line before it is read;
/// the host's battle waits for the player, who joins again where it stood.
#[test]
fn an_oversized_frame_drops_the_line_without_harm() {
    let h = host("7-8");
    let (mut c, ..) = Client::join(&h.address, "7-8", 1);
    c.stream.write_all(&(2u32 << 20).to_be_bytes()).unwrap();
    let why = h.told("over the limit");
    assert!(
        why.contains("a frame of 2097152 bytes is over the limit of 1048576"),
        "{why}"
    );
    let (_c, _, synced, _) = Client::join(&h.address, "7-8", 1);
    assert_eq!(synced.commands, 0);
}

/// Issue 31: a command out of turn (when the host is to act, or under the wrong exchange
/// number) closes the line with the reason, and the host's battle is as it was.
#[test]
fn a_command_out_of_turn_closes_the_line_and_changes_nothing() {
    let h = host("9-0");
    let (mut c, welcome, synced, chain) = Client::join(&h.address, "9-0", 1);
    let (battle, next) = play_own_turns(&mut c, welcome, &synced, &chain);
    let given = battle.commands.len();
    c.send(&Message::Command {
        number: next,
        command: Command::Order(Order::EndOrders),
        value: chain.value(next).unwrap(),
    });
    let Message::Bye(why) = c.next() else {
        panic!("the line stayed open")
    };
    assert_eq!(why, "the line was closed: a command out of turn");
    h.told("a command out of turn");
    assert_eq!(*h.commands.lock().unwrap(), given);
    // A wrong exchange number is out of turn too.
    let (mut c, _, synced, chain) = Client::join(&h.address, "9-0", 1);
    let wrong = synced.next + 5;
    c.send(&Message::Command {
        number: wrong,
        command: Command::Order(Order::EndOrders),
        value: chain.value(wrong).unwrap(),
    });
    let Message::Bye(why) = c.next() else {
        panic!("the line stayed open")
    };
    assert_eq!(
        why,
        format!("the line was closed: a command out of turn (exchange {wrong})")
    );
    assert_eq!(synced.commands as usize, given);
}

/// Issue 31: a player that withholds its value for the host's command forfeits: the host
/// gives its side's concession (R10) on both sides, and says why.
#[test]
fn a_player_that_withholds_its_value_forfeits() {
    let h = host_acting("1-1", true);
    let (mut c, welcome, synced, chain) = Client::join(&h.address, "1-1", 1);
    // This client answers nothing the host sends: on its own turns it plays, until the
    // host's command comes and is left unanswered.
    play_own_turns(&mut c, welcome, &synced, &chain);
    let Message::Command { .. } = c.next() else {
        panic!("the host did not act")
    };
    let start = Instant::now();
    let Message::Applied(conceded) = c.next() else {
        panic!("no forfeit")
    };
    assert!(start.elapsed() >= Duration::from_millis(250));
    assert_eq!(
        conceded,
        Command::Concede {
            side: volley::engine::SideId::B
        }
    );
    h.told("the other player withheld its value for 300ms: it forfeits");
}

/// A hand-made host: it welcomes one joining player through the opening, then sends
/// `after` (each sealed message in turn) and returns.
fn fake_host(code: &'static str, after: Vec<Message>) -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        let (sealer, opener) = volley::net::secure::host_handshake(&mut stream, code).unwrap();
        // The hand-made client's frames serve a hand-made host as well.
        let mut c = Client {
            stream,
            sealer,
            opener,
        };
        let Message::Hello(_) = c.next() else {
            panic!("no hello")
        };
        let scenario = Scenario::load_with(std::path::Path::new("tutorial"), None).unwrap();
        let chain = Chain::new(Role::Host, &Entropy([3; 32]));
        c.send(&Message::Welcome(Box::new(Welcome {
            battle: Entropy([4; 32]),
            host_side: volley::engine::SideId::A,
            scenario_file: scenario.file.clone(),
            scenario: scenario.source.clone(),
            rules: None,
            head: chain.head(),
        })));
        let Message::Seat(_) = c.next() else {
            panic!("no seat")
        };
        c.send(&Message::Opening(chain.value(1).unwrap()));
        let Message::OpeningAnswer(join) = c.next() else {
            panic!("no answer")
        };
        let opening = volley::engine::SharedDraw {
            command: 0,
            number: 1,
            host: chain.value(1).unwrap(),
            join,
        };
        let game = volley::engine::Game::new(
            scenario.setup.clone(),
            volley::engine::Dice::seeded(opening.battle_seed()),
        )
        .unwrap();
        let digest = volley::save::digest(game.log());
        let synced = Message::Synced(Synced {
            opening,
            next: 2,
            commands: 0,
            digest,
        });
        // The sync and what follows in one write, as a host's send of its log and its
        // command does: all of it is there to read the moment the way in ends.
        let mut frames = Vec::new();
        for m in std::iter::once(&synced).chain(&after) {
            let sealed = c.sealer.seal(&encode(m)).unwrap();
            write_frame(&mut frames, &sealed).unwrap();
        }
        std::io::Write::write_all(&mut c.stream, &frames).unwrap();
        // Keeps the line open until the joining side hangs up.
        let _ = read_frame(&mut c.stream);
    });
    address
}

/// The real joining side against `fake_host`, its battle built and the host's commands
/// applied, until `found` takes an event for its answer (at most 10 s).
fn joining_side_until<T>(after: Vec<Message>, mut found: impl FnMut(NetEvent) -> Option<T>) -> T {
    let address = fake_host("6-6", after);
    let dir = tempfile::tempdir().unwrap();
    let ticket = volley::net::join::Ticket {
        address,
        code: "6-6".into(),
        scenario: None,
        dir: dir.path().to_path_buf(),
    };
    let mut peer = Peer::join(ticket);
    let mut battle: Option<NetBattle> = None;
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        for e in peer.poll(battle.as_ref().map(NetBattle::record)) {
            match e {
                NetEvent::Joined(j) => {
                    battle = Some(NetBattle::joined(&j, peer.own_head()).unwrap())
                }
                NetEvent::Apply { command, draw } => {
                    let b = battle.as_mut().unwrap();
                    b.apply(command, draw).unwrap();
                }
                e => {
                    if let Some(answer) = found(e) {
                        return answer;
                    }
                }
            }
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the joining side never gave what was awaited");
}

/// The real joining side against `fake_host`: what it says when the battle stops.
fn joining_side_stops(after: Vec<Message>) -> String {
    joining_side_until(after, |e| match e {
        NetEvent::Failed(why) => Some(why),
        _ => None,
    })
}

/// Issue 31: a message the host sends right after the way in (its command sent again after
/// a re-join's log) reaches the joining side's game loop. The line's reader used to start
/// before the loop held the line, and a message that beat the news of the line was dropped
/// as another line's: the host then waited 30 s for a value and declared a forfeit.
#[test]
fn a_message_right_after_the_way_in_reaches_the_joining_side() {
    for _ in 0..20 {
        let heard = joining_side_until(vec![Message::Chat("at once".into())], |e| match e {
            NetEvent::Chat(text) => Some(text),
            NetEvent::Failed(why) => panic!("{why}"),
            _ => None,
        });
        assert_eq!(heard, "at once");
    }
}

/// Issue 31: the host's engine decides, but a host that breaks the protocol cannot move
/// the joining side's units, roll its dice, rewind its battle or refuse its legal orders:
/// the joining side stops the battle, saying why.
#[test]
fn a_host_that_breaks_the_protocol_is_stopped_by_the_joining_side() {
    let orders = joining_side_stops(vec![Message::Applied(Command::Order(Order::EndOrders))]);
    assert!(
        orders.contains("without dice, which only a concession may be"),
        "{orders}"
    );
    let concession = joining_side_stops(vec![Message::Applied(Command::Concede {
        side: volley::engine::SideId::B,
    })]);
    assert!(
        concession.contains("without dice: it declares this side forfeit"),
        "{concession}"
    );
    let undo = joining_side_stops(vec![Message::Undo(5)]);
    assert!(
        undo.contains("an undo of a command that cannot be taken back"),
        "{undo}"
    );
    let refusal = joining_side_stops(vec![Message::Reject {
        number: 2,
        why: "no".into(),
    }]);
    assert!(refusal.contains("a refusal of no command"), "{refusal}");
}

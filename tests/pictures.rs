//! The SVG pictures of every game: golden files for a fixed
//! seed and a mid-game position, one per viewer; every picture parses as
//! XML and names its shapes with titles; two positions a viewer cannot
//! tell apart draw the same bytes (the conformance kit's picture check);
//! and the protocol's `picture` command answers the same bytes.
//!
//! Regenerate the golden files with `BLESS=1 cargo test --test pictures`.

use std::path::PathBuf;

use serde_json::{Value, json};
use tabletop::binary_scrabble::Scrabble;
use tabletop::game_core::testkit::picture_conformance;
use tabletop::game_core::{Seat, Viewer};
use tabletop::market_island::MarketIsland;
use tabletop::moon::Moon;
use tabletop::moon_base::MoonBase;
use tabletop::registry::{self, AnySession, protocol::Server};

/// The four games with pictures, each with how many bot moves make a
/// mid-game position from seed 7.
const GAMES: [(&str, usize); 4] = [
    ("moon", 12),
    ("binary-scrabble", 8),
    ("market-island", 8),
    ("moon-base", 20),
];

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/pictures")
}

/// A session of `game` from seed 7 after `moves` random-bot moves.
fn mid_game(game: &str, moves: usize) -> Box<dyn AnySession> {
    let mut session = registry::find(game).unwrap().open(&Value::Null, 7).unwrap();
    for seat in 0..session.seats() {
        let seat = u8::try_from(seat).unwrap();
        session
            .set_bot(Seat(seat), "random", 100 + u64::from(seat))
            .unwrap();
    }
    for _ in 0..moves {
        if session.outcome().is_some() {
            break;
        }
        session.play_bot().unwrap();
    }
    assert!(
        session.outcome().is_none(),
        "{game}: pick a mid-game position"
    );
    session
}

fn viewers(seats: usize) -> Vec<(String, Viewer)> {
    let mut all: Vec<(String, Viewer)> = (0..seats)
        .map(|s| {
            let seat = Seat(u8::try_from(s).unwrap());
            (format!("seat{s}"), Viewer::Seat(seat))
        })
        .collect();
    all.push(("spectator".to_owned(), Viewer::Spectator));
    all
}

#[test]
fn pictures_match_golden_files() {
    let update = std::env::var_os("BLESS").is_some();
    std::fs::create_dir_all(golden_dir()).unwrap();
    let mut stale = Vec::new();
    for (game, moves) in GAMES {
        let session = mid_game(game, moves);
        for (name, viewer) in viewers(session.seats()) {
            let svg = session.picture(viewer);
            let path = golden_dir().join(format!("{game}-{name}.svg"));
            if update {
                std::fs::write(&path, &svg).unwrap();
                continue;
            }
            let want = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            if want != svg {
                stale.push(path.display().to_string());
            }
        }
    }
    assert!(
        stale.is_empty(),
        "pictures differ from the golden files (BLESS=1 to accept): {stale:?}"
    );
}

#[test]
fn pictures_are_well_formed_xml_with_titled_shapes() {
    for (game, moves) in GAMES {
        let session = mid_game(game, moves);
        for (name, viewer) in viewers(session.seats()) {
            let svg = session.picture(viewer);
            let doc = roxmltree::Document::parse(&svg)
                .unwrap_or_else(|e| panic!("{game} {name}: not XML: {e}"));
            let root = doc.root_element();
            assert_eq!(root.tag_name().name(), "svg", "{game} {name}");
            assert_eq!(
                root.tag_name().namespace(),
                Some("http://www.w3.org/2000/svg")
            );
            let titles: Vec<&str> = doc
                .descendants()
                .filter(|n| n.has_tag_name("title"))
                .map(|n| n.text().unwrap_or(""))
                .collect();
            assert!(titles.len() >= 10, "{game} {name}: {} titles", titles.len());
            assert!(
                titles.iter().all(|t| !t.trim().is_empty()),
                "{game} {name}: an empty title"
            );
            // The document's own title names the viewer, except in Moon
            // Base, where everything is public (B-11) and every viewer
            // sees the same picture.
            let first = titles[0];
            if game == "moon-base" {
                assert_eq!(svg, session.picture(Viewer::Spectator));
                continue;
            }
            match viewer {
                Viewer::Seat(s) => assert!(first.contains(&format!("seat {}", s.0)), "{first}"),
                Viewer::Spectator => assert!(first.contains("spectator"), "{first}"),
            }
        }
    }
}

#[test]
fn a_seat_sees_its_own_secrets_and_not_the_others() {
    // Binary Scrabble: a seat's picture shows its rack, the spectator's none.
    let session = mid_game("binary-scrabble", 8);
    let seat0 = session.picture(Viewer::Seat(Seat(0)));
    let spectator = session.picture(Viewer::Spectator);
    assert!(seat0.contains("in your rack"));
    assert!(!spectator.contains("in your rack"));
    assert!(spectator.contains("A spectator sees no rack"));
    // Market Island: some card is face down to the spectator.
    let session = mid_game("market-island", 8);
    let spectator = session.picture(Viewer::Spectator);
    assert!(spectator.contains("face down"), "no hidden card drawn");
}

#[test]
fn pictures_show_only_what_a_viewer_may_see() {
    picture_conformance::<Moon>(&[Default::default()], 4);
    picture_conformance::<Scrabble>(&[Default::default()], 2);
    picture_conformance::<MarketIsland>(&[Default::default()], 4);
    picture_conformance::<MoonBase>(&[Default::default()], 2);
}

#[test]
fn protocol_picture_answers_the_same_bytes() {
    let mut server = Server::new();
    let reply: Value = serde_json::from_str(
        &server.handle_line(&json!({"cmd": "new", "game": "moon-base", "seed": "7"}).to_string()),
    )
    .unwrap();
    assert_eq!(reply["ok"], true);
    let reply: Value = serde_json::from_str(
        &server.handle_line(&json!({"cmd": "picture", "viewer": 1}).to_string()),
    )
    .unwrap();
    assert_eq!(reply["ok"], true, "{reply}");
    let session = registry::find("moon-base")
        .unwrap()
        .open(&Value::Null, 7)
        .unwrap();
    assert_eq!(
        reply["svg"].as_str().unwrap(),
        session.picture(Viewer::Seat(Seat(1)))
    );
    let reply: Value = serde_json::from_str(
        &server.handle_line(&json!({"cmd": "picture", "viewer": 5}).to_string()),
    )
    .unwrap();
    assert_eq!(reply["error"]["kind"], "UnknownSeat");
    // The demo games draw their text render.
    server.handle_line(&json!({"cmd": "new", "game": "pig"}).to_string());
    let reply: Value = serde_json::from_str(&server.handle_line(r#"{"cmd":"picture"}"#)).unwrap();
    assert!(reply["svg"].as_str().unwrap().starts_with("<svg"));
}

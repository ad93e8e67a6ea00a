//! Golden playthroughs: seeded games recorded once and compared after.
//!
//! Every game crate records its golden files the same way: a [`Session`]
//! from a config and a seed (chance drawn from the seed), seats choosing
//! uniformly from their legal actions with a choice stream, and the text
//! compared byte for byte with a file under `tests/golden/`. Setting the
//! environment variable [`BLESS_VAR`] (`BLESS=1 cargo test ...`) writes
//! the files instead; do that only after a deliberate rules change (with a
//! `RULES_VERSION` bump), since a golden file is a recording of the engine,
//! not a hand-derived result.

use std::path::Path;

use crate::{Game, GameRng, Session, ToAct};

/// The environment variable that rewrites golden files instead of
/// comparing them.
pub const BLESS_VAR: &str = "BLESS";

/// The stream of the session seed that seats' choices are drawn from
/// ([`choice_rng`]), far from the chance streams (one per step).
pub const CHOICE_STREAM: u64 = 1 << 40;

/// The one seeding rule for a golden game's choices: stream
/// [`CHOICE_STREAM`] of the session seed.
///
/// Files recorded before this rule keep the choice stream they were
/// recorded with (each crate's golden test names it), so their bytes do
/// not change.
#[must_use]
pub fn choice_rng(seed: u64) -> GameRng {
    GameRng::for_stream(seed, CHOICE_STREAM)
}

/// Plays `session` to its end (or until no seat is to act), each seat
/// taking `legal[rng.below(len)]`.
///
/// # Panics
/// When a legal action is refused: the game broke its contract.
pub fn play_random<G: Game>(session: &mut Session<G>, rng: &mut GameRng) {
    while let ToAct::Seat(seat) = session.to_act() {
        let legal = session.legal_actions();
        let len = u32::try_from(legal.len()).unwrap_or(u32::MAX);
        let pick = rng.below(len) as usize;
        if let Err(e) = session.act(seat, &legal[pick]) {
            panic!("legal action {:?} refused: {e}", legal[pick]);
        }
    }
}

/// A seeded game from `config` played to its end with [`choice_rng`].
///
/// # Panics
/// When the config is refused or a legal action is.
pub fn random_game<G: Game>(config: G::Config, seed: u64) -> Session<G> {
    let mut session =
        Session::<G>::new(config, seed).unwrap_or_else(|e| panic!("config refused: {e}"));
    play_random(&mut session, &mut choice_rng(seed));
    session
}

/// The session's replay as pretty JSON with a final newline, after
/// checking that it plays back to the same state.
///
/// # Panics
/// When the replay does not serialize or does not play back.
pub fn replay_text<G: Game>(session: &Session<G>) -> String {
    let replay = session.to_replay();
    let back = Session::<G>::from_replay(&replay).unwrap_or_else(|e| panic!("replay refused: {e}"));
    assert!(
        back.state() == session.state(),
        "the replay plays back to another state"
    );
    let mut json = serde_json::to_string_pretty(&replay).expect("a replay serializes");
    json.push('\n');
    json
}

/// Compares `text` with the golden file at `path`, or writes it when
/// [`BLESS_VAR`] is set.
///
/// # Panics
/// When the file is missing or differs (the message says how to record).
pub fn check_golden(path: impl AsRef<Path>, text: &str) {
    let path = path.as_ref();
    if std::env::var_os(BLESS_VAR).is_some() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("the golden folder can be made");
        }
        std::fs::write(path, text).expect("the golden file can be written");
        return;
    }
    let want = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e} (record it with {BLESS_VAR}=1)", path.display()));
    assert!(
        want == text,
        "{} differs from what the engine now plays",
        path.display()
    );
}

//! Golden playthroughs: seeded games recorded once and compared after.
//!
//! Every game crate records its golden files the same way: a [`Session`]
//! from a config and a seed (chance drawn from the seed), seats choosing
//! uniformly from their legal actions with a [`ChoiceStream`] of the same
//! seed, and the text compared byte for byte with a file under
//! `tests/golden/`. Setting the environment variable [`BLESS_VAR`]
//! (`BLESS=1 cargo test ...`) writes the files instead; do that only after
//! a deliberate rules change (with a `RULES_VERSION` bump), since a golden
//! file is a recording of the engine, not a hand-derived result.
//!
//! The seeding rule is one: a game's choices are drawn from
//! [`ChoiceStream::rng`] of its session seed. New files use
//! [`ChoiceStream::KIT`]; files recorded before that rule name the stream
//! they were recorded with ([`ChoiceStream::stream`],
//! [`ChoiceStream::key_offset`]), so their bytes do not change.

use std::path::Path;

use crate::{Game, GameRng, Session, ToAct};

/// The environment variable that rewrites golden files instead of
/// comparing them.
pub const BLESS_VAR: &str = "BLESS";

/// The stream of the session seed that seats' choices are drawn from
/// ([`choice_rng`]), far from the chance streams (one per step).
pub const CHOICE_STREAM: u64 = 1 << 40;

/// Where a golden game's choices come from, given its session seed:
/// stream `stream` of the key `seed + key_offset` ([`ChoiceStream::rng`]).
///
/// The kit's rule is [`ChoiceStream::KIT`]. A crate whose files were
/// recorded with another stream names that stream here, so its files keep
/// their bytes and still go through the one rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChoiceStream {
    /// Added (wrapping) to the session seed to key the stream.
    pub key_offset: u64,
    /// The ChaCha stream under that key.
    pub stream: u64,
}

impl ChoiceStream {
    /// The kit's rule: stream [`CHOICE_STREAM`] of the session seed.
    pub const KIT: ChoiceStream = ChoiceStream {
        key_offset: 0,
        stream: CHOICE_STREAM,
    };

    /// Stream `stream` of the session seed (`stream(0)` is
    /// `GameRng::new(seed)`).
    #[must_use]
    pub const fn stream(stream: u64) -> ChoiceStream {
        ChoiceStream {
            key_offset: 0,
            stream,
        }
    }

    /// Stream 0 of the key `seed + offset`: `GameRng::new(seed + offset)`.
    #[must_use]
    pub const fn key_offset(offset: u64) -> ChoiceStream {
        ChoiceStream {
            key_offset: offset,
            stream: 0,
        }
    }

    /// The choice stream of a game whose session seed is `seed`.
    #[must_use]
    pub fn rng(self, seed: u64) -> GameRng {
        GameRng::for_stream(seed.wrapping_add(self.key_offset), self.stream)
    }
}

/// The kit's seeding rule for a golden game's choices:
/// [`ChoiceStream::KIT`] of the session seed.
#[must_use]
pub fn choice_rng(seed: u64) -> GameRng {
    ChoiceStream::KIT.rng(seed)
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

/// Plays `session` to its end with the choices of `choices` from the
/// session's own seed: [`play_random`] on [`ChoiceStream::rng`].
///
/// # Panics
/// When a legal action is refused.
pub fn play_seeded<G: Game>(session: &mut Session<G>, choices: ChoiceStream) {
    let mut rng = choices.rng(session.seed());
    play_random(session, &mut rng);
}

/// A seeded game from `config` played to its end with the kit's rule
/// ([`ChoiceStream::KIT`], [`choice_rng`]).
///
/// # Panics
/// When the config is refused or a legal action is.
pub fn random_game<G: Game>(config: G::Config, seed: u64) -> Session<G> {
    random_game_with(config, seed, ChoiceStream::KIT)
}

/// A seeded game from `config` played to its end with the choices of
/// `choices` (the stream a crate's files were recorded with).
///
/// # Panics
/// When the config is refused or a legal action is.
pub fn random_game_with<G: Game>(
    config: G::Config,
    seed: u64,
    choices: ChoiceStream,
) -> Session<G> {
    let mut session =
        Session::<G>::new(config, seed).unwrap_or_else(|e| panic!("config refused: {e}"));
    play_seeded(&mut session, choices);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn first(mut rng: GameRng) -> Vec<u32> {
        (0..8).map(|_| rng.next_u32()).collect()
    }

    #[test]
    fn every_choice_stream_is_a_stream_of_the_seed() {
        for seed in [0, 1, 7, u64::MAX] {
            assert_eq!(
                first(choice_rng(seed)),
                first(GameRng::for_stream(seed, CHOICE_STREAM))
            );
            assert_eq!(
                first(ChoiceStream::stream(0).rng(seed)),
                first(GameRng::new(seed))
            );
            assert_eq!(
                first(ChoiceStream::stream(99).rng(seed)),
                first(GameRng::for_stream(seed, 99))
            );
            assert_eq!(
                first(ChoiceStream::key_offset(1_000_003).rng(seed)),
                first(GameRng::new(seed.wrapping_add(1_000_003)))
            );
        }
    }
}

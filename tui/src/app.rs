//! The state of a terminal game: the session, who sits where, what the
//! player has typed, and which screen lies on top.

use serde_json::Value;
use tabletop::game_core::{Seat, ToAct, Viewer, mix_seed};
use tabletop::registry::AnySession;

use crate::hint::Hint;
use crate::palette;

/// What covers the board, if anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The game screen.
    None,
    /// Keys and the game's rules summary.
    Help,
    /// A suggested move and why.
    Hint(Hint),
    /// Hot seat: the screen is blank until `Seat` takes over, so no
    /// secret of the previous seat stays on a shared screen.
    Handover(Seat),
    /// The game is over (or the player quits): who won and why.
    Summary,
    /// The summary was put aside with Esc to look at the board; a key
    /// brings it back.
    Board,
}

/// Bots-only play: paused or not, and the pause between moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watch {
    /// No bot moves until unpaused (or stepped with `.`).
    pub paused: bool,
    /// Milliseconds between bot moves.
    pub delay_ms: u64,
}

/// The slowest and fastest watch speeds, in milliseconds a move.
pub const WATCH_DELAYS: [u64; 7] = [0, 50, 150, 300, 600, 1200, 2500];

/// What trying a move on a copy of the session showed: its note, and the
/// registers after it (MOON's preview; deterministic, so no secret).
#[derive(Clone, Debug, Default)]
pub struct Trial {
    /// The cost or score of the move.
    pub note: Option<String>,
    /// MOON: the four registers after the move.
    pub regs: Option<Value>,
}

/// The legal actions of one position, with the trials made so far.
struct Legal {
    version: u64,
    actions: Vec<Value>,
    names: Vec<String>,
    /// Per action: `None` not yet computed; `Some(None)` nothing to say.
    trials: Vec<Option<Trial>>,
    /// Per action, the points it scores (the game's preview), once a
    /// filter asks for a score floor.
    scores: std::cell::OnceCell<Vec<Option<i64>>>,
}

/// One terminal game.
pub struct App {
    /// The game in play.
    pub session: Box<dyn AnySession>,
    /// Seats played from the keyboard (empty when watching).
    pub humans: Vec<Seat>,
    /// The bot at each other seat, by name.
    pub bots: Vec<(Seat, String)>,
    /// Whose view is on screen: a human seat, or the spectator's.
    pub viewer: Viewer,
    /// What the player typed to filter the palette.
    pub filter: String,
    /// The selected entry, an index into [`App::shown`].
    pub selected: usize,
    /// The last message (refusals, saves, undo).
    pub message: String,
    /// What covers the board.
    pub overlay: Overlay,
    /// `Some` when bots play every seat.
    pub watch: Option<Watch>,
    /// Set by quit: the event loop ends.
    pub quit: bool,
    /// Why the game had to stop (a program bot that failed): the one
    /// line `play` prints once the terminal is restored.
    pub failure: Option<String>,
    /// Where `save` writes the replay.
    pub save_path: String,
    /// Seed of the bots (and of the hint bots).
    pub seed: u64,
    /// Rows of the palette as last drawn (Left/Right jump a column).
    pub palette_rows: usize,
    /// Columns of the palette as last drawn.
    pub palette_columns: usize,
    legal: Legal,
}

impl App {
    /// A game of `session` with `humans` at the keyboard and `bots` (cycled)
    /// on the other seats.
    ///
    /// # Errors
    /// A seat beyond the table or an unknown bot name.
    pub fn new(
        mut session: Box<dyn AnySession>,
        humans: Vec<Seat>,
        bots: &[String],
        seed: u64,
        save_path: String,
    ) -> Result<App, String> {
        let seats = session.seats();
        if let Some(bad) = humans.iter().find(|h| h.index() >= seats) {
            return Err(format!("--seat {} but the game has {seats} seats", bad.0));
        }
        let default_bot = ["random".to_owned()];
        let bots = if bots.is_empty() {
            &default_bot[..]
        } else {
            bots
        };
        let mut next = 0;
        let mut seated = Vec::new();
        for seat in Seat::all(seats) {
            if humans.contains(&seat) {
                continue;
            }
            let name = &bots[next % bots.len()];
            next += 1;
            // The bots come from the command line of the person playing,
            // so program bots (`exec(cmd=...)`) may sit too.
            session
                .set_trusted_bot(seat, name, mix_seed(seed, u64::from(seat.0) + 1))
                .map_err(|e| e.to_string())?;
            seated.push((seat, name.clone()));
        }
        let viewer = humans
            .first()
            .map_or(Viewer::Spectator, |&h| Viewer::Seat(h));
        let watch = humans.is_empty().then_some(Watch {
            paused: false,
            delay_ms: 300,
        });
        let mut app = App {
            session,
            humans,
            bots: seated,
            viewer,
            filter: String::new(),
            selected: 0,
            message: String::new(),
            overlay: Overlay::None,
            watch,
            quit: false,
            failure: None,
            save_path,
            seed,
            palette_rows: 1,
            palette_columns: 1,
            legal: Legal {
                version: u64::MAX,
                actions: Vec::new(),
                names: Vec::new(),
                trials: Vec::new(),
                scores: std::cell::OnceCell::new(),
            },
        };
        app.refresh();
        Ok(app)
    }

    /// The human seat to act now, if any.
    pub fn human_to_act(&self) -> Option<Seat> {
        match self.session.to_act() {
            ToAct::Seat(s) if self.humans.contains(&s) => Some(s),
            ToAct::Seat(_) | ToAct::Chance | ToAct::Over => None,
        }
    }

    /// True when a bot is to act.
    pub fn bot_to_act(&self) -> bool {
        matches!(self.session.to_act(), ToAct::Seat(s) if !self.humans.contains(&s))
    }

    /// Rereads the legal actions after a change and puts up the screens a
    /// change calls for (hand-over, summary).
    pub fn refresh(&mut self) {
        let version = self.session.state_version();
        if self.legal.version != version {
            // The palette lists actions only for a human to act, and only
            // once the screen shows that seat's own view.
            let (actions, names) = match self.human_to_act() {
                Some(_) => (
                    self.session.legal_actions(),
                    self.session.legal_action_names(),
                ),
                None => (Vec::new(), Vec::new()),
            };
            self.legal = Legal {
                version,
                scores: std::cell::OnceCell::new(),
                trials: vec![None; actions.len()],
                actions,
                names,
            };
            self.selected = 0;
        }
        if self.session.outcome().is_some() {
            if self.overlay == Overlay::None {
                self.overlay = Overlay::Summary;
            }
            return;
        }
        if let Some(seat) = self.human_to_act()
            && self.viewer != Viewer::Seat(seat)
        {
            // Hot seat: another human takes the keyboard.
            self.overlay = Overlay::Handover(seat);
        }
    }

    /// The names of the legal actions.
    pub fn names(&self) -> &[String] {
        &self.legal.names
    }

    /// Indices into [`App::names`] of the actions the filter lets through
    /// (a word `>N` keeps the moves scoring N or more).
    pub fn shown(&self) -> Vec<usize> {
        let (words, floor) = palette::score_floor(&self.filter);
        let mut shown = palette::filter(&self.legal.names, &words);
        if let Some(floor) = floor {
            let scores = self.legal.scores.get_or_init(|| self.move_scores());
            shown.retain(|&i| scores.get(i).copied().flatten().is_some_and(|p| p >= floor));
        }
        shown
    }

    /// The points each legal action scores, from the game's preview.
    fn move_scores(&self) -> Vec<Option<i64>> {
        let Some(seat) = self.human_to_act() else {
            return Vec::new();
        };
        self.legal
            .actions
            .iter()
            .map(|a| {
                self.session
                    .check_action(seat, a)
                    .ok()
                    .and_then(|c| c.preview["score"].as_i64())
            })
            .collect()
    }

    /// The text of the selected palette entry, if any: the screens preview it.
    pub fn selected_name(&self) -> Option<String> {
        let shown = self.shown();
        shown
            .get(self.selected)
            .and_then(|&i| self.legal.names.get(i))
            .cloned()
    }

    /// The JSON of the selected palette entry, if any: the board previews
    /// its tiles.
    pub fn selected_action(&self) -> Option<Value> {
        self.shown()
            .get(self.selected)
            .and_then(|&i| self.legal.actions.get(i))
            .cloned()
    }

    /// The note of legal action `i` (its cost or score).
    pub fn note(&mut self, i: usize) -> Option<String> {
        self.trial(i).and_then(|t| t.note)
    }

    /// Legal action `i` tried on a copy of the session, once per position.
    pub fn trial(&mut self, i: usize) -> Option<Trial> {
        if let Some(Some(trial)) = self.legal.trials.get(i) {
            return Some(trial.clone());
        }
        let seat = self.human_to_act()?;
        let action = self.legal.actions.get(i)?;
        let mut copy = self.session.clone_box();
        let trial = match copy.act(seat, action) {
            Ok(()) => Trial {
                // The game's own note (its preview in its units).
                note: self.session.move_note(seat, action),
                regs: copy.observe(Viewer::Seat(seat)).get("regs").cloned(),
            },
            Err(_) => Trial::default(),
        };
        if let Some(slot) = self.legal.trials.get_mut(i) {
            *slot = Some(trial.clone());
        }
        Some(trial)
    }

    /// The selected entry's index among the legal actions.
    pub fn selected_index(&self) -> Option<usize> {
        self.shown().get(self.selected).copied()
    }

    /// Plays legal action `i` for the human to act.
    pub fn play(&mut self, i: usize) {
        let Some(seat) = self.human_to_act() else {
            self.message = "not your turn".into();
            return;
        };
        let Some(action) = self.legal.actions.get(i).cloned() else {
            self.message = "no such action".into();
            return;
        };
        match self.session.act(seat, &action) {
            Ok(()) => {
                self.message = format!("you played {}", self.legal.names[i]);
                self.filter.clear();
            }
            Err(e) => self.message = e.to_string(),
        }
        self.refresh();
    }

    /// Plays the selected entry of the palette.
    pub fn play_selected(&mut self) {
        match self.shown().get(self.selected) {
            Some(&i) => self.play(i),
            None if self.human_to_act().is_none() => self.message = "not your turn".into(),
            None => self.message = "no action matches what you typed (Esc clears it)".into(),
        }
    }

    /// Lets the bot to act play once. False when no bot is to act.
    pub fn bot_move(&mut self) -> bool {
        if !self.bot_to_act() {
            return false;
        }
        let result = self.session.play_bot();
        if let Err(e) = result {
            self.message = e.to_string();
            // A bot that cannot move would stall the game: stop, and say
            // why once the terminal is back.
            self.failure = Some(e.to_string());
            self.quit = true;
        }
        self.refresh();
        true
    }

    /// Goes back to just before the last action of the seat on screen
    /// (any human seat when watching), so the bots' answers are undone
    /// with it. In hot seat a seat takes back only its own moves: when
    /// another human seat has played since, that seat must undo first.
    pub fn undo(&mut self) {
        let mine: Vec<Seat> = match self.viewer {
            Viewer::Seat(s) => vec![s],
            Viewer::Spectator => self.humans.clone(),
        };
        let log = self.session.log_for(self.viewer);
        let seat_of = |entry: &Value| -> Option<Seat> {
            let seat = entry.get("Action")?.get("seat")?.as_u64()?;
            u8::try_from(seat).ok().map(Seat)
        };
        let steps = log.as_array().cloned().unwrap_or_default();
        let step = steps
            .iter()
            .rposition(|e| seat_of(e).is_some_and(|s| mine.contains(&s)));
        let Some(step) = step else {
            self.message = "nothing of yours to undo".into();
            return self.refresh();
        };
        // Another human's move after ours would be erased with it.
        if let Some(other) = steps[step..]
            .iter()
            .filter_map(seat_of)
            .find(|s| !mine.contains(s) && self.humans.contains(s))
        {
            self.message = format!("{other} has played since; {other} must undo first");
            return self.refresh();
        }
        match self.session.undo_to(step) {
            Ok(()) => {
                self.message = format!("undone to step {step}");
                self.overlay = Overlay::None;
            }
            Err(e) => self.message = e.to_string(),
        }
        self.refresh();
    }

    /// Writes the replay to [`App::save_path`].
    pub fn save(&mut self) {
        self.message = match std::fs::write(&self.save_path, self.session.replay_json()) {
            Ok(()) => format!(
                "replay saved to {} (play it on with --load)",
                self.save_path
            ),
            Err(e) => format!("cannot write {}: {e}", self.save_path),
        };
    }

    /// Asks the game's best bot for a move and shows it with its reasons.
    pub fn hint(&mut self) {
        let Some(seat) = self.human_to_act() else {
            self.message = "a hint is for your own turn".into();
            return;
        };
        match crate::hint::suggest(self.session.as_ref(), seat, self.seed) {
            Ok(hint) => {
                // Select it, so Enter plays it.
                self.filter.clear();
                if let Some(pos) = self.shown().iter().position(|&i| i == hint.index) {
                    self.selected = pos;
                }
                self.overlay = Overlay::Hint(hint);
            }
            Err(e) => self.message = format!("no hint: {e}"),
        }
    }

    /// The hand-over screen was acknowledged: `seat` now sees the game.
    pub fn take_over(&mut self, seat: Seat) {
        self.viewer = Viewer::Seat(seat);
        self.overlay = Overlay::None;
        self.message = format!("{seat} now has the keyboard");
    }

    /// The result, as one line (for the summary and after quitting): the
    /// game's own sentence of who won and why.
    pub fn result_line(&self) -> String {
        match self.session.narrate_end(self.viewer) {
            Some(end) => format!("Game over: {end}."),
            None => format!(
                "Game left unfinished after {} steps.",
                self.session.step_count()
            ),
        }
    }
}

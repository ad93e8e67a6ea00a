//! What each viewer may see (M-51).

use serde::Serialize;

use crate::action::ErrorTarget;
use crate::cards::{EventKind, Half};
use crate::coop::Current;
use crate::costs::Mode;
use crate::energy::Energy;
use crate::goal_cards::GoalCards;
use crate::moon::Moon;
use crate::ops::OpSet;
use crate::register::RegSet;
use crate::state::{Held, Phase, Slot, State, Tokens};
use game_core::{Game, Seat, ToAct, Viewer};

/// A competitive seat's goal as one viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum GoalView {
    /// The seat holds no goal.
    None,
    /// The cards are not shown to this viewer; `cards` were drawn (1 or 2).
    Hidden {
        /// How many goal cards the seat holds.
        cards: u8,
    },
    /// The viewer's own goal, or one shown to it by a BUG (M-42).
    Known {
        /// The first card drawn.
        first: u8,
        /// The second card of a wide goal.
        second: Option<Half>,
        /// The goal value, once complete.
        value: Option<u8>,
    },
}

/// The unseen cards as a viewer may count them (M-51).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnseenView {
    /// Cards in the deck.
    pub deck: u32,
    /// Goal cards among the unseen cards (g; competitive: the deck's).
    pub goal_cards: u8,
    /// Goal values the viewer has not seen, one entry per card, ascending
    /// (with two boxes a value may appear twice, M-51).
    pub goal_values: Vec<u8>,
    /// BUG cards unseen.
    pub bugs: u8,
    /// Event cards unseen, per kind (only kinds with cards).
    pub events: Vec<(EventKind, u8)>,
}

/// A pending OK choice (M-28).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OkChoiceView {
    /// Who chooses.
    pub chooser: Seat,
    /// What can be repaired.
    pub targets: Vec<ErrorTarget>,
}

/// One viewer's observation (M-51): everything public, plus the viewer's
/// own secrets; never an unseen face or another seat's hidden goal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Obs {
    /// Who is looking.
    pub viewer: Viewer,
    /// Cooperative or competitive.
    pub mode: Mode,
    /// Register width.
    pub width: u8,
    /// Where the game stands.
    pub phase: Phase,
    /// Round number.
    pub round: u16,
    /// Whose turn it is.
    pub turn: Seat,
    /// Who moves next.
    pub to_act: ToAct,
    /// A, B, C, D.
    pub regs: [u8; 4],
    /// Registers disabled by ERROR.
    pub disabled_regs: RegSet,
    /// Kinds disabled by ERROR.
    pub disabled_ops: OpSet,
    /// Energy left this turn.
    pub energy: Energy,
    /// The acting seat's budget.
    pub budget: Energy,
    /// Purple free MOVs used this turn.
    pub free_movs: u8,
    /// Red free OR/AND/XOR used this turn.
    pub free_logic: u8,
    /// A pending OK choice.
    pub ok_choice: Option<OkChoiceView>,
    /// RAM per owner; `None` when hidden from this viewer (`ram_hidden`).
    pub rams: Vec<Option<u8>>,
    /// Cooperative queue positions 1..=S (empty in competitive play).
    pub queue: Vec<Slot>,
    /// The complete current cooperative goal's value, if any.
    pub current_goal: Option<u8>,
    /// Goals solved (the team, or each seat).
    pub scores: Vec<u8>,
    /// Tokens (the team, or each seat).
    pub tokens: Vec<Tokens>,
    /// BUG cards held per competitive seat.
    pub bugs_held: Vec<u8>,
    /// Each competitive seat's goal as this viewer sees it.
    pub goals: Vec<GoalView>,
    /// Goal values seen face up (solved, discarded, register cards), one
    /// entry per card, ascending (M-51).
    pub discard: Vec<u8>,
    /// What is still unseen.
    pub unseen: UnseenView,
    /// Competitive: the last goal card has been drawn.
    pub end_triggered: bool,
}

impl Moon {
    /// True when `viewer` sees competitive seat `owner`'s goal (M-42, M-51).
    pub(crate) fn sees_goal(&self, h: &Held, owner: Seat, viewer: Viewer) -> bool {
        match viewer {
            Viewer::Seat(v) => v == owner || h.known_by.contains(v) || h.shown_to_all(),
            Viewer::Spectator => h.shown_to_all(),
        }
    }

    /// Adds the cards of a goal `h` to `cards`.
    fn add_goal_cards(h: &Held, cards: &mut GoalCards) {
        if let Some(c) = h.first {
            cards.add(c);
        }
        if let Some(Half::Card(c)) = h.second {
            cards.add(c);
        }
    }

    /// Each competitive seat's goal as `viewer` sees it (M-42, M-51); the
    /// cards of hidden goals join `unseen`, since this viewer has not seen them.
    fn goal_views(&self, s: &State, viewer: Viewer, unseen: &mut GoalCards) -> Vec<GoalView> {
        if self.mode != Mode::Competitive {
            return Vec::new();
        }
        s.goals
            .iter()
            .map(|(owner, h)| match h.first {
                None => GoalView::None,
                Some(first) if self.sees_goal(h, owner, viewer) => GoalView::Known {
                    first,
                    second: h.second,
                    value: self.held_value(h),
                },
                Some(_) => {
                    Self::add_goal_cards(h, unseen);
                    GoalView::Hidden {
                        cards: 1 + u8::from(h.second.is_some()),
                    }
                }
            })
            .collect()
    }

    /// Each seat's RAM, shown unless `ram_hidden` and not the viewer's own (M-8).
    fn ram_views(&self, s: &State, viewer: Viewer) -> Vec<Option<u8>> {
        s.rams
            .iter()
            .map(|(owner, v)| {
                let visible = !self.config.ram_hidden || viewer == Viewer::Seat(owner);
                visible.then_some(*v)
            })
            .collect()
    }

    /// What nobody has seen yet, counted per kind (M-50, M-51); `goal_values`
    /// already holds the hidden goals' cards for this viewer.
    fn unseen_view(&self, s: &State, goal_values: GoalCards) -> UnseenView {
        UnseenView {
            deck: self.deck_len(s),
            goal_cards: s.pool.goals,
            goal_values: goal_values.values(),
            bugs: s.pool.bugs,
            events: EventKind::ALL
                .into_iter()
                .filter(|k| s.pool.events[k.index()] > 0)
                .map(|k| (k, s.pool.events[k.index()]))
                .collect(),
        }
    }

    /// The observation of `viewer` (M-51).
    pub(crate) fn observation(&self, s: &State, viewer: Viewer) -> Obs {
        let comp = self.mode == Mode::Competitive;
        let mut unseen = s.pool.unseen();
        let goals = self.goal_views(s, viewer, &mut unseen);
        let rams = self.ram_views(s, viewer);
        let ok_choice = s.ok_chooser.map(|chooser| {
            let mut targets = Vec::new();
            self.ok_targets(s, &mut targets);
            OkChoiceView { chooser, targets }
        });
        let current_goal = match (comp, self.current_goal(s)) {
            (false, Current::Complete { value, .. }) => Some(value),
            _ => None,
        };
        Obs {
            viewer,
            mode: self.mode,
            width: self.width,
            phase: s.phase,
            round: s.round,
            turn: s.turn,
            to_act: self.to_act(s),
            regs: s.regs,
            disabled_regs: s.disabled_regs,
            disabled_ops: s.disabled_ops,
            energy: s.energy,
            budget: self.budget(s.turn),
            free_movs: s.free_movs,
            free_logic: s.free_logic,
            ok_choice,
            rams,
            queue: if comp {
                Vec::new()
            } else {
                s.queue[..usize::from(self.slots)].to_vec()
            },
            current_goal,
            scores: s.scores.as_slice().to_vec(),
            tokens: s.tokens.as_slice().to_vec(),
            bugs_held: s.bugs_held.as_slice().to_vec(),
            goals,
            discard: s.discarded().values(),
            unseen: self.unseen_view(s, unseen),
            end_triggered: s.end_triggered,
        }
    }
}

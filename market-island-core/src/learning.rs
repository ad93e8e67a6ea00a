//! The learning view of Market Island (see `RULES.md`, "Learning view"):
//! four action indices and a flat observation tensor whose length depends
//! only on the board's length.

use game_core::learning::{push_flag, push_one_hot, push_scaled};
use game_core::{Learning, Seat};

use crate::{Action, Card, Effect, Face, MAX_SEATS, MarketIsland, Obs, PileView, SeatView, Seen};
use crate::{EndReason, Phase, State};

/// Numbers per face: rank one-hot (13), suit one-hot (4), Joker (1).
const FACE_LEN: usize = 13 + 4 + 1;
/// Numbers per card: its face, effect one-hot (6), amount / 10.
const CARD_LEN: usize = FACE_LEN + 6 + 1;
/// Cards a miner draws at most (MI-33).
const DRAWN: usize = 2;

fn push_face(out: &mut Vec<f32>, face: Option<Face>) {
    push_one_hot(
        out,
        face.and_then(Face::rank)
            .map(|r| usize::from(r.value()) - 1),
        13,
    );
    push_one_hot(
        out,
        face.and_then(Face::suit).map(|s| usize::from(s.index())),
        4,
    );
    push_flag(out, face.is_some_and(Face::is_joker));
}

fn push_card(out: &mut Vec<f32>, card: Option<Card>) {
    push_face(out, card.map(|c| c.face));
    let (kind, amount) = match card.map(|c| c.effect) {
        None => (None, 0),
        Some(Effect::Receive { amount, .. }) => (Some(0), amount),
        Some(Effect::Pay { amount, .. }) => (Some(1), amount),
        Some(Effect::Fire { amount }) => (Some(2), amount),
        Some(Effect::Jellyfish) => (Some(3), 0),
        Some(Effect::Axe) => (Some(4), 0),
        Some(Effect::Totem) => (Some(5), 0),
    };
    push_one_hot(out, kind, 6);
    push_scaled(out, i64::from(amount), 10);
}

/// Pushes whether the slot exists, whether the viewer sees it, and the face.
fn push_face_slot(out: &mut Vec<f32>, slot: Option<Seen<Face>>) {
    push_flag(out, slot.is_some());
    let shown = slot.and_then(Seen::shown);
    push_flag(out, shown.is_some());
    push_face(out, shown);
}

fn push_pile<T>(out: &mut Vec<f32>, pile: &PileView<T>) {
    push_scaled(out, i64::from(pile.unseen), 64);
    push_scaled(out, pile.queue.len() as i64, 8);
}

fn phase_parts(p: Phase) -> (usize, Option<Seat>, u64) {
    match p {
        Phase::StartSeat => (0, None, 0),
        Phase::FirstWc => (1, None, 0),
        Phase::Roll { seat } => (2, Some(seat), 0),
        Phase::BlockDraw { seat } => (3, Some(seat), 0),
        Phase::MiningDraw { seat } => (4, Some(seat), 0),
        Phase::Decide { seat } => (5, Some(seat), 0),
        Phase::TieBreak { tied } => (
            6,
            None,
            tied.iter().fold(0, |bits, s| bits | 1 << s.index()),
        ),
        Phase::Over => (7, None, 0),
    }
}

impl MarketIsland {
    /// Numbers per seat: present, balance, position one-hot (board), five
    /// flags, block (present, shown, card), two drawn faces, drew, kept,
    /// declined.
    fn seat_len(&self) -> usize {
        2 + self.config.board.len()
            + 5
            + (2 + CARD_LEN)
            + DRAWN * (2 + FACE_LEN)
            + 1
            + (2 + FACE_LEN)
            + 1
    }

    fn push_seat(&self, out: &mut Vec<f32>, seat: Option<&SeatView>) {
        let start = i64::from(self.config.start_balance.max(10));
        push_flag(out, seat.is_some());
        push_scaled(out, seat.map_or(0, |s| i64::from(s.balance)), start);
        push_one_hot(
            out,
            seat.map(|s| usize::from(s.position)),
            self.config.board.len(),
        );
        push_flag(out, seat.is_some_and(|s| s.active));
        push_flag(out, seat.is_some_and(|s| s.eliminated_in.is_some()));
        push_flag(out, seat.is_some_and(|s| s.possessed));
        push_flag(out, seat.is_some_and(|s| s.on_totem));
        push_flag(out, seat.is_some_and(|s| s.eligible));
        let block = seat.and_then(|s| s.block);
        push_flag(out, block.is_some());
        let shown = block.and_then(|b| b.card.shown());
        push_flag(out, shown.is_some());
        push_card(out, shown);
        for i in 0..DRAWN {
            push_face_slot(out, seat.and_then(|s| s.drawn.get(i)).map(|d| d.card));
        }
        push_scaled(out, seat.map_or(0, |s| i64::from(s.drew)), 2);
        push_face_slot(out, seat.and_then(|s| s.kept).map(|k| k.card));
        push_flag(out, seat.is_some_and(|s| s.declined));
    }
}

impl Learning for MarketIsland {
    fn num_distinct_actions(&self) -> u64 {
        4
    }

    fn action_to_index(&self, _s: &State, a: &Action) -> Option<u64> {
        match *a {
            Action::Decline => Some(0),
            Action::Mine => Some(1),
            // MI-39: at most two cards to choose from.
            Action::Keep(i) => (i < 2).then(|| 2 + u64::from(i)),
        }
    }

    fn index_to_action(&self, _s: &State, _seat: Seat, index: u64) -> Option<Action> {
        match index {
            0 => Some(Action::Decline),
            1 => Some(Action::Mine),
            2 => Some(Action::Keep(0)),
            3 => Some(Action::Keep(1)),
            _ => None,
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![
            7 + 8
                + MAX_SEATS
                + MAX_SEATS
                + 1
                + MAX_SEATS
                + (1 + FACE_LEN)
                + MAX_SEATS * self.seat_len()
                + 4 * 2
                + MAX_SEATS
                + 1
                + 5,
        ]
    }

    fn encode_observation(&self, obs: &Obs, out: &mut Vec<f32>) {
        out.clear();
        push_flag(out, obs.viewer.seat().is_some());
        push_one_hot(out, obs.viewer.seat().map(Seat::index), MAX_SEATS);
        let (phase, phase_seat, tied) = phase_parts(obs.phase);
        push_one_hot(out, Some(phase), 8);
        push_one_hot(out, phase_seat.map(Seat::index), MAX_SEATS);
        game_core::learning::push_bits(out, tied, MAX_SEATS);
        push_scaled(out, i64::from(obs.turn), i64::from(self.config.max_turns));
        push_one_hot(out, obs.start_seat.map(Seat::index), MAX_SEATS);
        push_flag(out, obs.winning_card.is_some());
        push_face(out, obs.winning_card);
        for i in 0..MAX_SEATS {
            self.push_seat(out, obs.seats.get(i));
        }
        push_pile(out, &obs.income);
        push_pile(out, &obs.expense);
        push_pile(out, &obs.action);
        push_pile(out, &obs.mining);
        for i in 0..MAX_SEATS {
            let n = obs.held.iter().filter(|h| h.seat.index() == i).count();
            push_scaled(out, n as i64, 4);
        }
        push_flag(out, obs.no_eligible);
        push_one_hot(
            out,
            obs.end_reason.map(|r| match r {
                EndReason::AllEliminated => 0,
                EndReason::LastSurvivor => 1,
                EndReason::NoEligibleMiner => 2,
                EndReason::TurnLimit => 3,
            }),
            4,
        );
        push_flag(out, obs.end_reason.is_some());
    }
}

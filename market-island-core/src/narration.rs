//! Market Island's sentences for each step as a viewer knows it
//! ([`Narrate`]): the roll and the square landed on (MI-9, MI-11), the
//! block card drawn (MI-10, seen by its drawer only, MI-41), the mining
//! choice (MI-13), the block won (MI-18) and, for every balance change,
//! why: each new entry of the viewer's ledger replica (MI-28) in words.

use game_core::{LogEntry, MovePreview, Narrate, Outcome, Told, Viewer, Who};

use crate::board::Square;
use crate::card::{Effect, Side};
use crate::ledger::{Entry, EntryKind, Party};
use crate::observe::Seen;
use crate::state::{EndReason, Phase};
use crate::{Action, Chance, MarketIsland, Obs};

impl Narrate for MarketIsland {
    /// Which card a choice keeps (MI-13, MI-14), as the mover sees it.
    fn describe(&self, before: &Obs, action: &Action, _notation: &str) -> String {
        let seat = match before.phase {
            Phase::Decide { seat } => Some(seat),
            Phase::StartSeat
            | Phase::FirstWc
            | Phase::Roll { .. }
            | Phase::BlockDraw { .. }
            | Phase::MiningDraw { .. }
            | Phase::TieBreak { .. }
            | Phase::Over => None,
        };
        let drawn = seat
            .and_then(|s| before.seats.get(s.index()))
            .map(|s| &s.drawn);
        let card = |i: usize| card_words(drawn.and_then(|d| d.get(i)).map(|c| c.card));
        match action {
            Action::Decline => "mine nothing: the drawn cards go under the mining deck".to_owned(),
            Action::Mine => format!("mine with {} and pay the fee", card(0)),
            Action::Keep(i) => format!(
                "keep {} (not {}) to mine with and pay the fee",
                card(usize::from(*i)),
                card(1 - usize::from(*i).min(1))
            ),
        }
    }

    fn narrate(&self, told: &Told<'_, Self>) -> String {
        let (before, after, viewer) = (told.before, told.after, told.viewer);
        let mut parts = vec![match told.entry {
            LogEntry::Action { seat, action } => {
                let who = Who::new(*seat, viewer);
                let drawn = before.seats.get(seat.index()).map(|s| &s.drawn);
                match action {
                    // MI-13: declined cards go under the mining deck.
                    Some(Action::Decline) => format!(
                        "{} not to mine: the drawn cards go under the mining deck (MI-13)",
                        who.verb("choose", "chooses")
                    ),
                    Some(Action::Mine) => format!(
                        "{} to mine with {}",
                        who.verb("choose", "chooses"),
                        card_words(drawn.and_then(|d| d.first()).map(|c| c.card))
                    ),
                    Some(Action::Keep(i)) => format!(
                        "{} {} of the two drawn cards to mine with (MI-14)",
                        who.verb("keep", "keeps"),
                        card_words(drawn.and_then(|d| d.get(usize::from(*i))).map(|c| c.card))
                    ),
                    None => format!(
                        "{} one of two drawn cards, unseen (MI-41)",
                        who.verb("keep", "keeps")
                    ),
                }
            }
            LogEntry::Chance(outcome) => {
                chance_words(self, before, after, outcome.as_ref(), viewer)
            }
        }];
        // Every balance change, with its reason (MI-28).
        let new = new_entries(before, after);
        for e in &new {
            parts.push(entry_words(e, viewer));
        }
        if let Some(block) = after.ledger.head()
            && after.ledger.len() > before.ledger.len()
            && block.height > 0
        {
            parts.push(match block.winner {
                Some(w) => format!(
                    "{} block {} with {} (MI-16)",
                    Who::new(w, viewer).verb("win", "wins"),
                    block.height,
                    block
                        .miners
                        .iter()
                        .find(|(s, _)| *s == w)
                        .map_or_else(|| "?".to_owned(), |(_, f)| f.to_string())
                ),
                None => format!("block {} has no winner (MI-17)", block.height),
            });
        }
        for (i, (b, a)) in before.seats.iter().zip(&after.seats).enumerate() {
            if b.active && !a.active {
                let seat = game_core::Seat(u8::try_from(i).unwrap_or(0));
                parts.push(format!(
                    "{} out with a balance of {} (MI-24)",
                    Who::new(seat, viewer).verb("are", "is"),
                    a.balance
                ));
            }
        }
        if before.end_reason.is_none()
            && let Some(reason) = after.end_reason
        {
            parts.push(format!("the game ends: {}", end_words(reason)));
        }
        parts.join("; ")
    }

    /// The mining fee in the rules' word (MI-13): "fee 1 Istoken".
    fn preview_note(&self, preview: &MovePreview) -> Option<String> {
        let fee: i64 = preview.costs.iter().map(|c| c.amount).sum();
        (fee > 0).then(|| format!("fee {fee} Istoken{}", if fee == 1 { "" } else { "s" }))
    }

    fn narrate_end(&self, obs: &Obs, outcome: &Outcome, viewer: Viewer) -> String {
        let why = obs.end_reason.map_or("the game is over", end_words);
        format!(
            "{why}: {}",
            game_core::narrate::default_end(outcome, viewer).replace("scores:", "Istokens:")
        )
    }
}

/// Why the game ended (MI-25), in words.
pub(crate) fn end_words(reason: EndReason) -> &'static str {
    match reason {
        EndReason::AllEliminated => "every seat is out of Istokens (MI-25)",
        EndReason::LastSurvivor => "only one seat is left in the game (MI-25)",
        EndReason::NoEligibleMiner => "nobody could mine this turn (MI-25, B-8)",
        EndReason::TurnLimit => "the last turn has been played (MI-25)",
    }
}

/// A card as the viewer knows it: "8S", or "a face-down card".
fn card_words(card: Option<Seen<crate::Face>>) -> String {
    match card {
        Some(Seen::Shown(face)) => face.to_string(),
        Some(Seen::Hidden) | None => "a face-down card".to_owned(),
    }
}

/// A square in words, with its article.
fn square_words(square: Square) -> &'static str {
    match square {
        Square::Start => "Start (lap bonus, MI-11)",
        Square::Action => "an Action square: an action card follows (MI-10)",
        Square::Expense => "an Expense square: an expense card follows (MI-10)",
        Square::Income => "an Income square: an income card follows (MI-10)",
        Square::Jellyfish => "a Jellyfish square: a fee to the Bank (MI-11)",
        Square::Fire => "a Fire square: a bonus from the Bank (MI-11)",
        Square::Totem => "a Totem square: no mining this turn (MI-11)",
    }
}

/// A block card's effect in words, neighbours by side (B-12).
fn effect_words(effect: Effect) -> String {
    let side = |s: Side| match s {
        Side::Left => "the next seat clockwise",
        Side::Right => "the next seat anticlockwise",
    };
    match effect {
        Effect::Receive { amount, from } => format!("receive {amount} from {}", side(from)),
        Effect::Pay { amount, to } => format!("pay {amount} to {}", side(to)),
        Effect::Fire { amount } => format!("every other seat pays {amount}"),
        Effect::Jellyfish => "a Jellyfish, no mining next turn".to_owned(),
        Effect::Axe => "an Axe, two mining cards to choose from".to_owned(),
        Effect::Totem => "a Totem, no mining from the next turn on".to_owned(),
    }
}

fn chance_words(
    game: &MarketIsland,
    before: &Obs,
    after: &Obs,
    outcome: Option<&Chance>,
    viewer: Viewer,
) -> String {
    match (before.phase, outcome) {
        (_, Some(Chance::StartSeat(seat))) => {
            format!(
                "{} first (MI-6)",
                Who::new(*seat, viewer).verb("go", "goes")
            )
        }
        (_, Some(Chance::Die(n))) => {
            let mover = match before.phase {
                Phase::Roll { seat } => Some(seat),
                Phase::StartSeat
                | Phase::FirstWc
                | Phase::BlockDraw { .. }
                | Phase::MiningDraw { .. }
                | Phase::Decide { .. }
                | Phase::TieBreak { .. }
                | Phase::Over => None,
            };
            match mover {
                Some(seat) => {
                    let square = after
                        .seats
                        .get(seat.index())
                        .and_then(|s| game.config.board.get(usize::from(s.position)))
                        .map_or("a square", |sq| square_words(*sq));
                    format!(
                        "{} {n} and {} on {square}",
                        Who::new(seat, viewer).verb("roll", "rolls"),
                        if Who::new(seat, viewer).is_you() {
                            "land"
                        } else {
                            "lands"
                        }
                    )
                }
                None => format!("the die shows {n}"),
            }
        }
        (Phase::FirstWc, Some(Chance::Mining(face))) => {
            format!("the first winning card is {face} (MI-7)")
        }
        (Phase::BlockDraw { seat }, Some(Chance::Card(card))) => format!(
            "{} the block card {}: {} (MI-10)",
            Who::new(seat, viewer).verb("draw", "draws"),
            card.face,
            effect_words(card.effect)
        ),
        (Phase::BlockDraw { seat }, Some(Chance::AxeFaceDown)) => format!(
            "{} an Axe: two mining cards follow (MI-14)",
            Who::new(seat, viewer).verb("draw", "draws")
        ),
        (Phase::BlockDraw { seat }, None) => format!(
            "{} a block card face down (MI-41)",
            Who::new(seat, viewer).verb("draw", "draws")
        ),
        (Phase::MiningDraw { seat }, Some(Chance::Mining(face))) => format!(
            "{} the mining card {face} (MI-13)",
            Who::new(seat, viewer).verb("draw", "draws")
        ),
        (Phase::MiningDraw { seat }, None) => format!(
            "{} a mining card face down (MI-13)",
            Who::new(seat, viewer).verb("draw", "draws")
        ),
        (_, Some(Chance::TieBreak(seat))) => format!(
            "{} the tie between miners (MI-17)",
            Who::new(*seat, viewer).verb("win", "wins")
        ),
        (_, Some(Chance::Card(card))) => format!("the card {} is drawn", card.face),
        (_, Some(Chance::Mining(face))) => format!("the mining card {face} is drawn"),
        (_, Some(Chance::AxeFaceDown)) => "an Axe is drawn".to_owned(),
        (_, None) => "a card is drawn face down".to_owned(),
    }
}

/// The viewer's ledger entries, blocks first then pending, oldest first.
fn entries(obs: &Obs) -> Vec<Entry> {
    obs.ledger
        .blocks()
        .iter()
        .flat_map(|b| b.entries.iter().copied())
        .chain(obs.pending.iter().copied())
        .collect()
}

/// Entries the step added to the viewer's replica.
fn new_entries(before: &Obs, after: &Obs) -> Vec<Entry> {
    let (old, new) = (entries(before), entries(after));
    if new.len() > old.len() && new[..old.len()] == old[..] {
        new[old.len()..].to_vec()
    } else {
        Vec::new()
    }
}

/// One balance change and its reason (MI-28), in words.
fn entry_words(e: &Entry, viewer: Viewer) -> String {
    let party = |p: Party| match p {
        Party::Seat(s) => Who::new(s, viewer).name(),
        Party::Bank => "the Bank".to_owned(),
    };
    let (from, to, n) = (party(e.from), party(e.to), e.amount);
    let coins = if n == 1 { "Istoken" } else { "Istokens" };
    let pays = |reason: &str| match e.from {
        Party::Seat(s) => format!(
            "{} {n} {coins} to {to} ({reason})",
            Who::new(s, viewer).verb("pay", "pays")
        ),
        Party::Bank => format!("{from} pays {n} {coins} to {to} ({reason})"),
    };
    match e.kind {
        EntryKind::LapBonus => pays("lap bonus for reaching Start, MI-11"),
        EntryKind::JellyfishSquare => pays("Jellyfish square fee, MI-11"),
        EntryKind::FireSquare => pays("Fire square bonus, MI-11"),
        EntryKind::MiningFee => pays("mining fee, MI-13"),
        EntryKind::MiningReward => pays("mining reward, MI-18"),
        EntryKind::Income => pays("income card, MI-18"),
        EntryKind::Expense => pays("expense card, MI-18"),
        EntryKind::FireCard => pays("Fire card, MI-18"),
    }
}

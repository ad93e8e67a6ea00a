//! MOON's sentences for each step as a viewer knows it ([`Narrate`]):
//! what a move did to the registers and what it cost (M-11, M-12), what a
//! drawn card did to the goal queue (M-19, M-31) and who won (M-30, M-41).

use game_core::{LogEntry, MovePreview, Narrate, Outcome, TeamResult, Told, Viewer, Who};

use crate::cards::Card;
use crate::observe::{GoalView, Obs};
use crate::register::bits;
use crate::state::Phase;
use crate::{Action, Moon};

const REG_NAMES: [&str; 4] = ["A", "B", "C", "D"];

impl Narrate for Moon {
    fn narrate(&self, told: &Told<'_, Self>) -> String {
        let (before, after) = (told.before, told.after);
        let mut text = match told.entry {
            LogEntry::Action { seat, action } => {
                let who = Who::new(*seat, told.viewer);
                let written = told.notation.clone().unwrap_or_default();
                match action {
                    Some(Action::Op(_)) => {
                        // M-11: the energy spent is the move's cost.
                        let spent = before.energy.0.saturating_sub(after.energy.0);
                        format!(
                            "{} {written}{} (costs {} energy, {} left)",
                            who.verb("play", "plays"),
                            register_changes(before, after),
                            crate::Energy(spent),
                            after.energy
                        )
                    }
                    Some(Action::Token(_)) => format!(
                        "{} {written} with an extra-operation token (M-48){}",
                        who.verb("play", "plays"),
                        register_changes(before, after)
                    ),
                    Some(Action::ChooseOk(_)) => {
                        format!(
                            "{} the OK card to repair {written}",
                            who.verb("use", "uses")
                        )
                    }
                    Some(Action::UseBug(target)) => format!(
                        "{} a BUG card on {}: their goal gets another card (M-42)",
                        who.verb("play", "plays"),
                        Who::new(*target, told.viewer)
                    ),
                    Some(Action::EndTurn) => {
                        format!("{} the turn", who.verb("end", "ends"))
                    }
                    Some(Action::HiddenRamWrite { .. }) => {
                        format!("{} RAM, unseen (M-8)", who.verb("write your", "writes its"))
                    }
                    None => format!("{} a move you cannot see", who.verb("make", "makes")),
                }
            }
            LogEntry::Chance(Some(card)) => match card {
                Card::Goal(v) => format!("a goal card {} is drawn", bits(*v, 4)),
                Card::Bug => "a BUG card is drawn".to_owned(),
                Card::Event(kind) => format!("the event {kind} is drawn"),
            },
            LogEntry::Chance(None) => "a card is drawn face down".to_owned(),
        };
        text.push_str(&effects(before, after, told.viewer));
        text
    }

    /// Energy in rulebook units (M-1 counts half-units): "-1.5 energy".
    fn preview_note(&self, preview: &MovePreview) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(points) = preview.score {
            parts.push(if points == 1 {
                "solves!".to_owned()
            } else {
                format!("solves {points}!")
            });
        }
        for cost in &preview.costs {
            parts.push(if cost.resource == "energy" {
                let halves = u16::try_from(cost.amount).unwrap_or(u16::MAX);
                format!("-{} energy", crate::Energy(halves))
            } else {
                format!("-{} {}", cost.amount, cost.resource)
            });
        }
        (!parts.is_empty()).then(|| parts.join(" "))
    }

    fn narrate_end(&self, obs: &Obs, outcome: &Outcome, viewer: Viewer) -> String {
        match outcome.team {
            Some(TeamResult::Won) => format!(
                "the team wins: every goal card is solved (M-30), {} in {} rounds",
                solved(outcome.scores.first().copied().unwrap_or(0)),
                obs.round
            ),
            Some(TeamResult::Lost) => format!(
                "the team loses: the goal queue overflowed, a card had no place left (M-31), \
                 after {} in {} rounds",
                solved(outcome.scores.first().copied().unwrap_or(0)),
                obs.round
            ),
            None => format!(
                "the goal deck is empty (M-41): {}",
                game_core::narrate::default_end(outcome, viewer)
                    .replace("scores:", "goals solved:")
            ),
        }
    }
}

fn solved(n: i64) -> String {
    if n == 1 {
        "1 goal solved".to_owned()
    } else {
        format!("{n} goals solved")
    }
}

/// ": A 0011 -> 0100" for each register the move changed.
fn register_changes(before: &Obs, after: &Obs) -> String {
    let changed: Vec<String> = REG_NAMES
        .iter()
        .enumerate()
        .filter(|&(i, _)| before.regs[i] != after.regs[i])
        .map(|(i, name)| {
            format!(
                "{name} {} -> {}",
                bits(before.regs[i], before.width),
                bits(after.regs[i], after.width)
            )
        })
        .collect();
    if changed.is_empty() {
        String::new()
    } else {
        format!(": {}", changed.join(", "))
    }
}

/// What the step did to the public picture: goals solved (M-24), the
/// current goal (M-19), errors (M-27), the phase.
fn effects(before: &Obs, after: &Obs, viewer: Viewer) -> String {
    let mut out = Vec::new();
    for (i, (b, a)) in before.scores.iter().zip(&after.scores).enumerate() {
        if a > b {
            out.push(if before.scores.len() == 1 {
                format!("the goal is solved ({} solved)", a)
            } else {
                let seat = game_core::Seat(u8::try_from(i).unwrap_or(0));
                format!(
                    "{} a goal ({a} solved)",
                    Who::new(seat, viewer).verb("solve", "solves")
                )
            });
        }
    }
    if after.current_goal != before.current_goal
        && let Some(g) = after.current_goal
    {
        out.push(format!("the goal is now {} = {g}", bits(g, after.width)));
    }
    if let Viewer::Seat(me) = viewer
        && let (Some(GoalView::Known { value: Some(a), .. }), b) =
            (after.goals.get(me.index()), before.goals.get(me.index()))
        && !matches!(b, Some(GoalView::Known { value: Some(v), .. }) if v == a)
    {
        out.push(format!("your goal is now {} = {a}", bits(*a, after.width)));
    }
    for r in after.disabled_regs.iter() {
        if !before.disabled_regs.contains(r) {
            out.push(format!("register {r} is disabled (M-27)"));
        }
    }
    for r in before.disabled_regs.iter() {
        if !after.disabled_regs.contains(r) {
            out.push(format!("register {r} works again"));
        }
    }
    for k in after.disabled_ops.iter() {
        if !before.disabled_ops.contains(k) {
            out.push(format!("{k} is disabled (M-27)"));
        }
    }
    for k in before.disabled_ops.iter() {
        if !after.disabled_ops.contains(k) {
            out.push(format!("{k} works again"));
        }
    }
    let bugs_before = before
        .queue
        .iter()
        .filter(|s| **s == crate::state::Slot::Bug)
        .count();
    let bugs_after = after
        .queue
        .iter()
        .filter(|s| **s == crate::state::Slot::Bug)
        .count();
    if bugs_after > bugs_before {
        out.push("a BUG takes a place in the queue: the goal has a round less".to_owned());
    }
    if after.phase != before.phase {
        if after.phase == Phase::Won {
            out.push("the team wins".to_owned());
        } else if after.phase == Phase::Lost {
            out.push("the team loses".to_owned());
        } else if after.phase == Phase::Ended {
            out.push("the game ends".to_owned());
        }
    }
    if after.round > before.round && after.phase == Phase::Play {
        out.push(format!("round {} begins", after.round));
    }
    if out.is_empty() {
        String::new()
    } else {
        format!("; {}", out.join("; "))
    }
}

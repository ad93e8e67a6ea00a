//! An SVG picture of one viewer's [`Obs`] (M-51): the four registers
//! as rows of bits under their weights (disabled ones crossed), energy
//! left, the cooperative goal queue, each seat's goal as far as the viewer
//! may see it, BUGs held, RAM (or "hidden"), tokens and the unseen counts.
//! Registers carry `data-key`s (`reg:A`, `dst:A`, ...) matching the
//! fields of operations, so a front end can show what an action touches.
//! Palette and conventions: [`game_core::svg`].

use game_core::svg::{Svg, palette, seat_label};
use game_core::{Picture, Seat, ToAct, Viewer};

use crate::cards::Half;
use crate::costs::Mode;
use crate::moon::Moon;
use crate::observe::{GoalView, Obs};
use crate::ops::OpKind;
use crate::register::{Reg, bits};
use crate::state::{Phase, Slot};

/// Side of one bit cell, in units.
const BIT: i64 = 34;
/// Left edge of the register rows.
const LEFT: i64 = 60;
/// Top edge of the register rows.
const TOP: i64 = 64;

fn half_text(h: Half) -> String {
    match h {
        Half::Card(v) => bits(v, 4),
        Half::Virtual => "virtual 0000".into(),
    }
}

fn goal_text(g: &GoalView, width: u8) -> String {
    match g {
        GoalView::None => "no goal".to_owned(),
        GoalView::Hidden { cards } => format!("hidden ({cards} card(s))"),
        GoalView::Known {
            first,
            second,
            value,
        } => match value {
            Some(v) => bits(*v, width),
            None => format!(
                "{}{} (incomplete)",
                bits(*first, 4),
                second.map_or(String::new(), |h| format!("+{}", half_text(h)))
            ),
        },
    }
}

fn line(svg: &mut Svg, y: &mut i64, size: i64, fill: &str, text: &str) {
    *y += size + 8;
    svg.text(LEFT - 40, *y, size, "start", fill, text);
}

impl Moon {
    /// An SVG document of what `o`'s viewer sees.
    #[must_use]
    pub fn observation_svg(&self, o: &Obs) -> String {
        let n = i64::from(o.width);
        let queue = i64::try_from(o.queue.len()).unwrap_or(0);
        let width = (LEFT + n * BIT + 260)
            .max(LEFT + 100 + 76 * queue + 20)
            .max(560);
        let extra = i64::try_from(o.goals.len() + o.rams.len() + o.tokens.len()).unwrap_or(0);
        let height = TOP + 5 * BIT + 200 + extra * 22;
        let who = match o.viewer {
            Viewer::Seat(s) => seat_label(s),
            Viewer::Spectator => "a spectator".to_owned(),
        };
        let mode = match o.mode {
            Mode::Cooperative => "cooperative",
            Mode::Competitive => "competitive",
        };
        let mut svg = Svg::new(
            width,
            height,
            &format!("MOON, {mode}, round {}, as {who} sees it", o.round),
        );
        let status = match o.to_act {
            ToAct::Seat(s) => format!("{} to act", seat_label(s)),
            ToAct::Chance => "a card is being drawn".into(),
            ToAct::Over => "game over".into(),
        };
        svg.text(
            20,
            24,
            16,
            "start",
            palette::INK,
            &format!("MOON {mode}, {n} bits, round {}: {status}", o.round),
        );
        self.draw_energy(&mut svg, o);
        Self::draw_weights(&mut svg, n);
        for (row, r) in Reg::ALL.iter().enumerate() {
            self.draw_register(&mut svg, o, *r, TOP + i64::try_from(row).unwrap_or(0) * BIT);
        }
        let mut y = TOP + 4 * BIT + 10;
        Self::draw_rams(&mut svg, o, &mut y);
        self.draw_queue(&mut svg, o, &mut y);
        Self::draw_goals(&mut svg, o, &mut y);
        if o.mode == Mode::Cooperative {
            let score = o.scores.first().copied().unwrap_or(0);
            line(
                &mut svg,
                &mut y,
                13,
                palette::INK,
                &format!("team score {score}"),
            );
        }
        Self::draw_tokens(&mut svg, o, &mut y);
        Self::draw_unseen_and_end(&mut svg, o, &mut y);
        svg.finish()
    }

    /// The weight of each bit over its column (M-1).
    fn draw_weights(svg: &mut Svg, n: i64) {
        for i in 0..n {
            let weight = 1_i64 << (n - 1 - i);
            svg.text(
                LEFT + i * BIT + BIT / 2,
                TOP - 6,
                11,
                "middle",
                palette::MUTED,
                &weight.to_string(),
            );
        }
    }

    /// One line per seat's RAM, or "hidden" (M-8).
    fn draw_rams(svg: &mut Svg, o: &Obs, y: &mut i64) {
        for (i, ram) in o.rams.iter().enumerate() {
            let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
            let text = ram.map_or_else(|| "hidden".to_owned(), |v| bits(v, o.width));
            line(
                svg,
                y,
                13,
                palette::INK,
                &format!("RAM of {}: {text}", seat_label(seat)),
            );
        }
    }

    /// One line per competitive seat: its goal as far as the viewer may see
    /// it, goals solved and BUGs held (M-42, M-51).
    fn draw_goals(svg: &mut Svg, o: &Obs, y: &mut i64) {
        for (i, g) in o.goals.iter().enumerate() {
            let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
            let bugs = o.bugs_held.get(i).copied().unwrap_or(0);
            let solved = o.scores.get(i).copied().unwrap_or(0);
            *y += 22;
            svg.group(
                &[("data-seat", u32::from(seat.0).into())],
                Some(&format!(
                    "{}: goal {}, solved {solved}, BUGs {bugs}",
                    seat_label(seat),
                    goal_text(g, o.width)
                )),
            );
            svg.rect(LEFT - 40, *y - 12, 14, 14, palette::seat(seat), None);
            svg.text(
                LEFT - 20,
                *y,
                13,
                "start",
                palette::INK,
                &format!(
                    "{}: goal {}, solved {solved}, BUGs {bugs}",
                    seat_label(seat),
                    goal_text(g, o.width)
                ),
            );
            svg.end_group();
        }
    }

    /// The tokens each holder has, one line per holder with any.
    fn draw_tokens(svg: &mut Svg, o: &Obs, y: &mut i64) {
        for (i, tokens) in o.tokens.iter().enumerate() {
            let list: Vec<String> = OpKind::ALL
                .iter()
                .filter(|k| tokens.count(**k) > 0)
                .map(|k| format!("{k}×{}", tokens.count(*k)))
                .collect();
            if !list.is_empty() {
                line(
                    svg,
                    y,
                    12,
                    palette::MUTED,
                    &format!("tokens of holder {i}: {}", list.join(" ")),
                );
            }
        }
    }

    /// The unseen counts (M-50), then how the game ended, if it has.
    fn draw_unseen_and_end(svg: &mut Svg, o: &Obs, y: &mut i64) {
        line(
            svg,
            y,
            12,
            palette::MUTED,
            &format!(
                "deck {} cards; unseen: {} goal card(s), {} BUG(s)",
                o.unseen.deck, o.unseen.goal_cards, o.unseen.bugs
            ),
        );
        let end = match o.phase {
            Phase::Won => Some("the team WON"),
            Phase::Lost => Some("the team LOST"),
            Phase::Ended => Some("the game is over"),
            Phase::Copying(_) | Phase::Setup | Phase::Play => None,
        };
        if let Some(end) = end {
            line(svg, y, 15, palette::BAD, end);
        }
    }

    fn draw_energy(&self, svg: &mut Svg, o: &Obs) {
        let max = i64::from(o.budget.0).max(1);
        let left = i64::from(o.energy.0).min(max);
        let width = 200;
        let x = LEFT + i64::from(o.width) * BIT + 40;
        svg.text(x, TOP - 6, 12, "start", palette::MUTED, "energy");
        svg.group(
            &[("data-energy", u32::from(o.energy.0).into())],
            Some(&format!("energy {} of {}", o.energy, o.budget)),
        );
        svg.rect(x, TOP, width, 18, palette::PANEL, None);
        svg.rect(x, TOP, width * left / max, 18, palette::GOOD, None);
        svg.end_group();
        svg.text(
            x,
            TOP + 34,
            12,
            "start",
            palette::INK,
            &format!("{} / {}", o.energy, o.budget),
        );
    }

    fn draw_register(&self, svg: &mut Svg, o: &Obs, r: Reg, y: i64) {
        let v = o.regs[r.index()];
        let n = i64::from(o.width);
        let disabled = o.disabled_regs.contains(r);
        let key = format!("reg:{r} dst:{r} src:{r} Reg:{r}");
        let title = format!(
            "register {r} = {} ({v}){}",
            bits(v, o.width),
            if disabled { ", disabled by ERROR" } else { "" }
        );
        svg.group(&[("data-key", (&key).into())], Some(&title));
        svg.text(
            LEFT - 14,
            y + BIT / 2 + 5,
            16,
            "end",
            palette::INK,
            &r.to_string(),
        );
        for i in 0..n {
            let bit = (v >> (n - 1 - i)) & 1;
            svg.rect(
                LEFT + i * BIT + 2,
                y + 2,
                BIT - 4,
                BIT - 4,
                if bit == 1 {
                    palette::GOOD
                } else {
                    palette::PANEL
                },
                None,
            );
            svg.text(
                LEFT + i * BIT + BIT / 2,
                y + BIT / 2 + 5,
                14,
                "middle",
                if bit == 1 {
                    palette::BACKGROUND
                } else {
                    palette::MUTED
                },
                &bit.to_string(),
            );
        }
        if disabled {
            svg.shape(
                "line",
                &[
                    ("x1", LEFT.into()),
                    ("y1", (y + BIT / 2).into()),
                    ("x2", (LEFT + n * BIT).into()),
                    ("y2", (y + BIT / 2).into()),
                    ("stroke", palette::BAD.into()),
                    ("stroke-width", 3.into()),
                ],
                None,
            );
        }
        svg.end_group();
    }

    fn draw_queue(&self, svg: &mut Svg, o: &Obs, y: &mut i64) {
        if o.queue.is_empty() {
            return;
        }
        *y += 26;
        svg.text(
            LEFT - 40,
            *y,
            13,
            "start",
            palette::INK,
            "queue (1 = newest):",
        );
        let mut x = LEFT + 100;
        for (i, slot) in o.queue.iter().enumerate() {
            let (fill, text, title) = match slot {
                Slot::Empty => (palette::PANEL, String::new(), "empty".to_owned()),
                Slot::FaceDown => (
                    palette::HIDDEN,
                    String::new(),
                    "a face-down card".to_owned(),
                ),
                Slot::Bug => (palette::BAD, "BUG".to_owned(), "a BUG".to_owned()),
                Slot::Goal { card, partner } => {
                    let text = match partner {
                        None => bits(*card, 4),
                        Some(h) => format!("{}+{}", bits(*card, 4), half_text(*h)),
                    };
                    (palette::WARM_LIGHT, text.clone(), format!("goal {text}"))
                }
            };
            svg.rect(
                x,
                *y - 16,
                70,
                22,
                fill,
                Some(&format!("queue position {}: {title}", i + 1)),
            );
            svg.text(x + 35, *y - 1, 11, "middle", palette::INK, &text);
            x += 76;
        }
        if let Some(g) = o.current_goal {
            *y += 22;
            svg.text(
                LEFT - 40,
                *y,
                13,
                "start",
                palette::INK,
                &format!("goal: A must become {}", bits(g, o.width)),
            );
        }
    }
}

impl Picture for Moon {
    fn picture(&self, obs: &Obs) -> String {
        self.observation_svg(obs)
    }
}

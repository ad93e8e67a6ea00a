//! An SVG picture of one viewer's [`Obs`] (MI-41): the island's board
//! track with every pawn, each seat's balance, block card and mining cards
//! (a card the viewer has not seen is drawn as its back), the piles as
//! counts, the winning card, held Jellyfish and Totems, and the last
//! blocks of the viewer's replica of the ledger. Palette and conventions:
//! [`game_core::svg`].

use game_core::svg::{Svg, palette, seat_label};
use game_core::{Picture, Seat, Viewer};

use crate::MarketIsland;
use crate::board::Square;
use crate::observe::{Obs, PileView, Seen, Slot};

/// Side of one board square, in units.
const CELL: i64 = 40;
/// Space around the track.
const MARGIN: i64 = 20;
/// Blocks of the ledger drawn (the most recent ones).
const BLOCKS_SHOWN: usize = 6;

fn square_fill(s: Square) -> &'static str {
    match s {
        Square::Start => palette::WARM,
        Square::Action => palette::COOL_LIGHT,
        Square::Expense => palette::BAD_LIGHT,
        Square::Income => palette::GOOD_LIGHT,
        Square::Jellyfish => palette::STEEL,
        Square::Fire => palette::BAD,
        Square::Totem => palette::WARM_LIGHT,
    }
}

fn square_name(s: Square) -> &'static str {
    match s {
        Square::Start => "Start",
        Square::Action => "Action",
        Square::Expense => "Expense",
        Square::Income => "Income",
        Square::Jellyfish => "Jellyfish",
        Square::Fire => "Fire",
        Square::Totem => "Totem",
    }
}

/// Where square `i` of a track of `per_side` squares a side lies: the
/// track runs clockwise around a square from the top-left corner.
fn track_cell(i: usize, per_side: usize) -> (i64, i64) {
    let side = i / per_side.max(1);
    let k = i64::try_from(i % per_side.max(1)).unwrap_or(0);
    let n = i64::try_from(per_side).unwrap_or(1);
    let (col, row) = match side {
        0 => (k, 0),
        1 => (n, k),
        2 => (n - k, n),
        _ => (0, n - k),
    };
    (MARGIN + col * CELL, MARGIN + row * CELL)
}

/// A card as text, or `back` when the viewer has not seen it.
fn seen_text<T: std::fmt::Display + Copy>(seen: Seen<T>) -> Option<String> {
    seen.shown().map(|c| c.to_string())
}

fn card(svg: &mut Svg, x: i64, y: i64, label: Option<&str>, title: &str) {
    let (fill, text) = match label {
        Some(t) => (palette::PANEL, t),
        None => (palette::HIDDEN, ""),
    };
    svg.shape(
        "rect",
        &[
            ("x", x.into()),
            ("y", y.into()),
            ("width", 54.into()),
            ("height", 30.into()),
            ("rx", 3.into()),
            ("fill", fill.into()),
            ("stroke", palette::INK.into()),
            ("stroke-width", 1.into()),
        ],
        Some(title),
    );
    if !text.is_empty() {
        svg.text(x + 27, y + 19, 10, "middle", palette::INK, text);
    }
}

impl MarketIsland {
    /// An SVG document of what `o`'s viewer sees.
    #[must_use]
    pub fn observation_svg(&self, o: &Obs) -> String {
        let board = &self.rules().board;
        let per_side = board.len().div_ceil(4).max(2);
        let track_side = i64::try_from(per_side).unwrap_or(2) * CELL + CELL + 2 * MARGIN;
        let seats_top = track_side + 10;
        let seat_rows = i64::try_from(o.seats.len()).unwrap_or(0);
        let height = (seats_top + seat_rows * 70 + 20).max(track_side + 40);
        let width = track_side + 420;
        let who = match o.viewer {
            Viewer::Seat(s) => seat_label(s),
            Viewer::Spectator => "a spectator".to_owned(),
        };
        let mut svg = Svg::new(
            width,
            height,
            &format!("Market Island, turn {}, as {who} sees it", o.turn),
        );
        for (i, square) in board.iter().enumerate() {
            let (x, y) = track_cell(i, per_side);
            svg.shape(
                "rect",
                &[
                    ("x", x.into()),
                    ("y", y.into()),
                    ("width", CELL.into()),
                    ("height", CELL.into()),
                    ("fill", square_fill(*square).into()),
                    ("stroke", palette::INK.into()),
                    ("stroke-width", 1.into()),
                    ("data-key", format!("square:{i}").as_str().into()),
                ],
                Some(&format!("square {i}: {}", square_name(*square))),
            );
            svg.text(
                x + CELL / 2,
                y + 14,
                11,
                "middle",
                palette::INK,
                &square.letter().to_string(),
            );
        }
        for (seat_index, st) in o.seats.iter().enumerate() {
            let seat = Seat(u8::try_from(seat_index).unwrap_or(u8::MAX));
            let (x, y) = track_cell(usize::from(st.position), per_side);
            let dx = i64::try_from(seat_index % 3).unwrap_or(0) * 12;
            let dy = i64::try_from(seat_index / 3).unwrap_or(0) * 10;
            let fill = if st.active {
                palette::seat(seat)
            } else {
                palette::PANEL_DARK
            };
            svg.circle(
                x + 8 + dx,
                y + 24 + dy,
                5,
                fill,
                Some(&format!(
                    "pawn of {} on square {}",
                    seat_label(seat),
                    st.position
                )),
            );
        }
        self.draw_middle(&mut svg, o, per_side);
        self.draw_seats(&mut svg, o, seats_top);
        self.draw_ledger(&mut svg, o, track_side + 10);
        svg.finish()
    }

    /// Inside the track: turn, winning card, piles and held cards.
    fn draw_middle(&self, svg: &mut Svg, o: &Obs, per_side: usize) {
        let left = MARGIN + CELL + 12;
        let mut y = MARGIN + CELL + 24;
        let wc = o
            .winning_card
            .map_or_else(|| "none yet".to_owned(), |f| f.to_string());
        svg.text(
            left,
            y,
            14,
            "start",
            palette::INK,
            &format!("turn {} · {}", o.turn, Self::phase_text(o.phase)),
        );
        y += 20;
        svg.text(
            left,
            y,
            13,
            "start",
            palette::INK,
            &format!("winning card: {wc}"),
        );
        let piles: [(&str, &PileView<crate::Card>); 3] = [
            ("income", &o.income),
            ("expense", &o.expense),
            ("action", &o.action),
        ];
        for (name, pile) in piles {
            y += 18;
            svg.text(
                left,
                y,
                12,
                "start",
                palette::MUTED,
                &format!(
                    "{name} pile: {} unseen, {} known under them",
                    pile.unseen,
                    pile.queue.len()
                ),
            );
        }
        y += 18;
        svg.text(
            left,
            y,
            12,
            "start",
            palette::MUTED,
            &format!(
                "mining deck: {} unseen, {} known under them",
                o.mining.unseen,
                o.mining.queue.len()
            ),
        );
        for held in &o.held {
            y += 18;
            svg.text(
                left,
                y,
                12,
                "start",
                palette::INK,
                &format!("{} holds {}", seat_label(held.seat), held.card),
            );
        }
        if let Some(end) = o.end_reason {
            y += 22;
            svg.text(
                left,
                y,
                14,
                "start",
                palette::BAD,
                &format!("game over: {}", crate::narration::end_words(end)),
            );
        }
        let _ = per_side;
    }

    /// One row per seat: balance, status and this turn's cards.
    fn draw_seats(&self, svg: &mut Svg, o: &Obs, top: i64) {
        for (seat_index, st) in o.seats.iter().enumerate() {
            let seat = Seat(u8::try_from(seat_index).unwrap_or(u8::MAX));
            let y = top + i64::try_from(seat_index).unwrap_or(0) * 70;
            let status = if st.active {
                if st.eligible { "may mine" } else { "active" }
            } else {
                "eliminated"
            };
            svg.group(
                &[
                    ("data-seat", u32::from(seat.0).into()),
                    ("data-balance", st.balance.into()),
                ],
                Some(&format!(
                    "{} has {} Istokens, {status}",
                    seat_label(seat),
                    st.balance
                )),
            );
            svg.rect(MARGIN, y, 14, 14, palette::seat(seat), None);
            svg.text(
                MARGIN + 20,
                y + 12,
                13,
                "start",
                palette::INK,
                &format!(
                    "{} · {} Istokens · {status}{}",
                    seat_label(seat),
                    st.balance,
                    if st.declined { " · declined" } else { "" }
                ),
            );
            let mut x = MARGIN;
            if let Some(Slot { card: c, .. }) = st.block {
                let label = seen_text(c);
                card(
                    svg,
                    x,
                    y + 22,
                    label.as_deref(),
                    &match &label {
                        Some(l) => format!("block card of {}: {l}", seat_label(seat)),
                        None => format!("block card of {}, face down", seat_label(seat)),
                    },
                );
                x += 62;
            }
            for slot in &st.drawn {
                let label = seen_text(slot.card);
                card(
                    svg,
                    x,
                    y + 22,
                    label.as_deref(),
                    &match &label {
                        Some(l) => format!("mining card of {}: {l}", seat_label(seat)),
                        None => format!("mining card of {}, face down", seat_label(seat)),
                    },
                );
                x += 62;
            }
            if let Some(kept) = st.kept {
                let label = seen_text(kept.card);
                card(
                    svg,
                    x,
                    y + 22,
                    label.as_deref(),
                    &match &label {
                        Some(l) => format!("kept mining card of {}: {l}", seat_label(seat)),
                        None => format!("kept mining card of {}, face down", seat_label(seat)),
                    },
                );
            }
            svg.end_group();
        }
    }

    /// The last blocks of the viewer's chain, oldest first, linked.
    fn draw_ledger(&self, svg: &mut Svg, o: &Obs, left: i64) {
        let blocks = o.ledger.blocks();
        svg.text(
            left,
            MARGIN + 12,
            14,
            "start",
            palette::INK,
            &format!(
                "ledger: {} blocks, {} pending entries",
                blocks.len(),
                o.pending.len()
            ),
        );
        let start = blocks.len().saturating_sub(BLOCKS_SHOWN);
        for (row, block) in blocks[start..].iter().enumerate() {
            let y = MARGIN + 24 + i64::try_from(row).unwrap_or(0) * 56;
            let winner = block
                .winner
                .map_or_else(|| "no winner".to_owned(), seat_label);
            let balances: Vec<String> = block.balances.iter().map(i32::to_string).collect();
            svg.group(
                &[("data-block", block.height.into())],
                Some(&format!(
                    "block {} of turn {}, mined by {winner}, balances {}",
                    block.height,
                    block.turn,
                    balances.join(" ")
                )),
            );
            svg.rect(left, y, 380, 46, palette::PANEL, None);
            svg.text(
                left + 8,
                y + 16,
                12,
                "start",
                palette::INK,
                &format!(
                    "#{} · turn {} · {winner} · {} entries",
                    block.height,
                    block.turn,
                    block.entries.len()
                ),
            );
            svg.text(
                left + 8,
                y + 34,
                11,
                "start",
                palette::MUTED,
                &format!("hash {:016x} · balances {}", block.hash, balances.join(" ")),
            );
            if row > 0 {
                svg.shape(
                    "line",
                    &[
                        ("x1", (left + 20).into()),
                        ("y1", (y - 10).into()),
                        ("x2", (left + 20).into()),
                        ("y2", y.into()),
                        ("stroke", palette::INK.into()),
                        ("stroke-width", 2.into()),
                    ],
                    None,
                );
            }
            svg.end_group();
        }
    }
}

impl Picture for MarketIsland {
    fn picture(&self, obs: &Obs) -> String {
        self.observation_svg(obs)
    }
}

//! Pictures of observations as SVG text, the same way in every game.
//!
//! A game draws what one viewer sees with [`Picture::picture`], from the
//! observation only, so a picture can never show more than `observe`
//! (STYLE.md 14). Every picture shares:
//!
//! - **one coordinate convention**: user units are CSS pixels at scale 1,
//!   the origin is the top-left corner, `y` grows downwards, and every
//!   number is an integer or a fixed-point value written by [`fixed`]
//!   (never a float), so the same observation gives the same bytes on
//!   every machine;
//! - **one palette** ([`palette`]): seat colours and the few neutral and
//!   accent colours all pictures use, so the games look like one set;
//! - **one writer** ([`Svg`]): it escapes text, writes attributes in the
//!   order given, and puts a `<title>` inside any shape that has one, so a
//!   screen reader (and a test) can name what is drawn. A shape may carry
//!   a `data-key` naming the board place it shows (a square, a crater), so
//!   a front end can highlight the places an action names without knowing
//!   any rule.

use std::fmt::Write as _;

use crate::{Render, Seat};

/// An SVG picture of what one viewer sees, drawn from the observation only.
///
/// The default draws the text render as lines of monospace text, for games
/// (such as the demo games) with no picture of their own.
pub trait Picture: Render {
    /// An SVG document of `obs`: the same observation gives the same bytes.
    fn picture(&self, obs: &Self::Obs) -> String {
        text_picture(Self::NAME, &self.render_obs(obs))
    }
}

impl Picture for crate::demo::Pig {}
impl Picture for crate::demo::HighCard {}

/// The colours every picture uses (CSS hex, lower case).
pub mod palette {
    use crate::Seat;

    /// Behind everything.
    pub const BACKGROUND: &str = "#ffffff";
    /// Panels, boards and card faces.
    pub const PANEL: &str = "#f4f1ea";
    /// A darker panel: empty slots, a table.
    pub const PANEL_DARK: &str = "#ddd8cc";
    /// Text and outlines.
    pub const INK: &str = "#222222";
    /// Secondary text and thin lines.
    pub const MUTED: &str = "#6b6b6b";
    /// The back of a card or tile the viewer may not see.
    pub const HIDDEN: &str = "#4a4e69";
    /// Good: a set bit, a gain, a win.
    pub const GOOD: &str = "#2a9d8f";
    /// Bad: a bug, a loss, an error.
    pub const BAD: &str = "#d1495b";
    /// A warm accent (gold, premium squares of the highest kind).
    pub const WARM: &str = "#e9a820";
    /// A cool accent (navy, the second kind of premium).
    pub const COOL: &str = "#1f3a7a";
    /// A light warm tint.
    pub const WARM_LIGHT: &str = "#f6d98b";
    /// A light cool tint.
    pub const COOL_LIGHT: &str = "#a9c4eb";
    /// A light bad tint.
    pub const BAD_LIGHT: &str = "#f2b8c0";
    /// A light good tint.
    pub const GOOD_LIGHT: &str = "#b7e4dc";
    /// A metal grey (silver).
    pub const STEEL: &str = "#a8b0b8";

    /// Seat colours, by seat number (cycled past six seats).
    pub const SEATS: [&str; 6] = [
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
    ];

    /// The colour of `seat`.
    #[must_use]
    pub fn seat(seat: Seat) -> &'static str {
        SEATS[seat.index() % SEATS.len()]
    }
}

/// `value / 10^places` written exactly, without floats: `fixed(125, 1)` is
/// `"12.5"`, `fixed(-5, 1)` is `"-0.5"`, `fixed(30, 1)` is `"3"` (trailing
/// zeros dropped).
#[must_use]
pub fn fixed(value: i64, places: u32) -> String {
    let scale = 10_i64.saturating_pow(places);
    let sign = if value < 0 { "-" } else { "" };
    let abs = value.unsigned_abs();
    let scale = scale.unsigned_abs();
    let whole = abs / scale;
    let mut frac = abs % scale;
    if frac == 0 {
        return format!("{sign}{whole}");
    }
    let mut digits = places as usize;
    while frac.is_multiple_of(10) {
        frac /= 10;
        digits -= 1;
    }
    format!("{sign}{whole}.{frac:0digits$}")
}

/// `text` safe inside SVG text and attribute values (`&`, `<`, `>`, `"`,
/// `'` escaped; control characters other than tab and newline dropped,
/// since XML 1.0 cannot hold them).
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' => out.push(c),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// An attribute value: a number (written exactly) or text (escaped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Val<'a> {
    /// An integer coordinate or size.
    Int(i64),
    /// Text, escaped when written.
    Text(&'a str),
}

impl From<i64> for Val<'_> {
    fn from(v: i64) -> Self {
        Val::Int(v)
    }
}

impl From<i32> for Val<'_> {
    fn from(v: i32) -> Self {
        Val::Int(i64::from(v))
    }
}

impl From<u32> for Val<'_> {
    fn from(v: u32) -> Self {
        Val::Int(i64::from(v))
    }
}

impl From<u8> for Val<'_> {
    fn from(v: u8) -> Self {
        Val::Int(i64::from(v))
    }
}

impl<'a> From<&'a str> for Val<'a> {
    fn from(v: &'a str) -> Self {
        Val::Text(v)
    }
}

impl<'a> From<&'a String> for Val<'a> {
    fn from(v: &'a String) -> Self {
        Val::Text(v)
    }
}

/// Attributes in the order they are written.
pub type Attrs<'a> = [(&'a str, Val<'a>)];

/// A writer of one SVG document, one element per line.
#[derive(Clone, Debug)]
pub struct Svg {
    out: String,
    open: Vec<&'static str>,
}

impl Svg {
    /// A document `width` × `height` units (also its size in CSS pixels),
    /// with a document `title` and the background drawn.
    #[must_use]
    pub fn new(width: i64, height: i64, title: &str) -> Svg {
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="sans-serif" role="img">"#
        );
        let _ = writeln!(out, "<title>{}</title>", escape(title));
        let _ = writeln!(
            out,
            r#"<rect x="0" y="0" width="{width}" height="{height}" fill="{}"/>"#,
            palette::BACKGROUND
        );
        Svg {
            out,
            open: Vec::new(),
        }
    }

    fn start(&mut self, tag: &str, attrs: &Attrs<'_>) {
        let _ = write!(self.out, "<{tag}");
        for (name, value) in attrs {
            match value {
                Val::Int(v) => {
                    let _ = write!(self.out, r#" {name}="{v}""#);
                }
                Val::Text(t) => {
                    let _ = write!(self.out, r#" {name}="{}""#, escape(t));
                }
            }
        }
    }

    /// An empty element (`<rect .../>`), or one holding a `<title>` when
    /// `title` is given.
    pub fn shape(&mut self, tag: &str, attrs: &Attrs<'_>, title: Option<&str>) {
        self.start(tag, attrs);
        match title {
            Some(t) => {
                let _ = writeln!(self.out, "><title>{}</title></{tag}>", escape(t));
            }
            None => self.out.push_str("/>\n"),
        }
    }

    /// A rectangle with a fill and an optional title.
    pub fn rect(&mut self, x: i64, y: i64, w: i64, h: i64, fill: &str, title: Option<&str>) {
        self.shape(
            "rect",
            &[
                ("x", x.into()),
                ("y", y.into()),
                ("width", w.into()),
                ("height", h.into()),
                ("fill", fill.into()),
                ("stroke", palette::MUTED.into()),
                ("stroke-width", 1.into()),
            ],
            title,
        );
    }

    /// A filled circle with an optional title.
    pub fn circle(&mut self, cx: i64, cy: i64, r: i64, fill: &str, title: Option<&str>) {
        self.shape(
            "circle",
            &[
                ("cx", cx.into()),
                ("cy", cy.into()),
                ("r", r.into()),
                ("fill", fill.into()),
                ("stroke", palette::INK.into()),
                ("stroke-width", 1.into()),
            ],
            title,
        );
    }

    /// A line of text: `anchor` is `start`, `middle` or `end`.
    pub fn text(&mut self, x: i64, y: i64, size: i64, anchor: &str, fill: &str, content: &str) {
        self.text_with(
            &[
                ("x", x.into()),
                ("y", y.into()),
                ("font-size", size.into()),
                ("text-anchor", anchor.into()),
                ("fill", fill.into()),
            ],
            content,
        );
    }

    /// A `<text>` element with any attributes.
    pub fn text_with(&mut self, attrs: &Attrs<'_>, content: &str) {
        self.start("text", attrs);
        let _ = writeln!(self.out, ">{}</text>", escape(content));
    }

    /// Opens a group (`<g>`), with a title naming everything inside.
    pub fn group(&mut self, attrs: &Attrs<'_>, title: Option<&str>) {
        self.start("g", attrs);
        self.out.push_str(">\n");
        if let Some(t) = title {
            let _ = writeln!(self.out, "<title>{}</title>", escape(t));
        }
        self.open.push("g");
    }

    /// Closes the last group opened.
    pub fn end_group(&mut self) {
        if let Some(tag) = self.open.pop() {
            let _ = writeln!(self.out, "</{tag}>");
        }
    }

    /// The document, every group closed.
    #[must_use]
    pub fn finish(mut self) -> String {
        while !self.open.is_empty() {
            self.end_group();
        }
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// Line height of [`text_picture`] and of text panels in pictures.
pub const LINE: i64 = 16;

/// A picture of monospace text lines: the fallback of [`Picture`].
#[must_use]
pub fn text_picture(title: &str, text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let width = i64::try_from(widest).unwrap_or(200).min(200) * 8 + 24;
    let height = i64::try_from(lines.len()).unwrap_or(500).min(500) * LINE + 24;
    let mut svg = Svg::new(width.max(120), height, title);
    for (i, line) in lines.iter().take(500).enumerate() {
        let y = 20 + i64::try_from(i).unwrap_or(0) * LINE;
        svg.text_with(
            &[
                ("x", 12.into()),
                ("y", y.into()),
                ("font-size", 13.into()),
                ("font-family", "monospace".into()),
                ("fill", palette::INK.into()),
                ("xml:space", "preserve".into()),
            ],
            line,
        );
    }
    svg.finish()
}

/// `text` cut into lines of at most `width` characters at spaces (a word
/// longer than `width` gets a line of its own), for text panels: SVG text
/// does not wrap by itself.
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A short label for a seat in titles: `seat 0`.
#[must_use]
pub fn seat_label(seat: Seat) -> String {
    format!("seat {}", seat.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_writes_exact_decimals() {
        assert_eq!(fixed(125, 1), "12.5");
        assert_eq!(fixed(-5, 1), "-0.5");
        assert_eq!(fixed(30, 1), "3");
        assert_eq!(fixed(1_050, 3), "1.05");
        assert_eq!(fixed(7, 0), "7");
    }

    #[test]
    fn wrap_cuts_at_spaces() {
        assert_eq!(wrap("ab cd ef", 5), vec!["ab cd", "ef"]);
        assert_eq!(wrap("abcdefgh ij", 4), vec!["abcdefgh", "ij"]);
        assert!(wrap("", 4).is_empty());
    }

    #[test]
    fn escape_makes_text_safe() {
        assert_eq!(
            escape(r#"<a & "b">'"#),
            "&lt;a &amp; &quot;b&quot;&gt;&apos;"
        );
        assert_eq!(escape("a\u{0}b"), "ab");
    }

    #[test]
    fn shapes_carry_titles_and_groups_close() {
        let mut svg = Svg::new(10, 10, "t<");
        svg.group(&[("id", "g1".into())], Some("group"));
        svg.rect(0, 0, 5, 5, palette::PANEL, Some("a & b"));
        let doc = svg.finish();
        assert!(doc.contains("<title>t&lt;</title>"));
        assert!(doc.contains("<title>a &amp; b</title></rect>"));
        assert!(doc.trim_end().ends_with("</g>\n</svg>") || doc.ends_with("</g>\n</svg>\n"));
    }
}

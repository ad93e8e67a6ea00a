//! **tabletop**: rules engines for four educational tabletop games behind
//! one shared trait, [`game_core::Game`].
//!
//! This facade re-exports every crate of the workspace as a module, and (with
//! the default `registry` feature) offers [`registry`]: every game behind one
//! JSON-facing, object-safe interface, which the examples and the `serve`
//! JSON-lines protocol use, and which an app in any language can embed.
//!
//! ```
//! use tabletop::game_core::demo::Pig;
//! use tabletop::game_core::{Seat, Session, ToAct};
//!
//! let mut session = Session::<Pig>::new(Default::default(), 1).unwrap();
//! if let ToAct::Seat(seat) = session.to_act() {
//!     let legal = session.legal_actions();
//!     session.act(seat, &legal[0]).unwrap();
//! }
//! ```
//!
//! The same through the registry, with JSON configs and actions:
//!
//! ```
//! # #[cfg(feature = "registry")] {
//! use tabletop::registry;
//!
//! let pig = registry::find("pig").unwrap();
//! let mut session = pig.open(&serde_json::json!({"target": 20}), 7).unwrap();
//! let legal = session.legal_actions();
//! assert_eq!(legal[0], serde_json::json!("Roll"));
//! let seat = session.to_act().seat().unwrap();
//! session.act(seat, &legal[0]).unwrap();
//! # }
//! ```

pub use binary_scrabble_core as binary_scrabble;
pub use game_core;
pub use market_island_core as market_island;
pub use moon_base_core as moon_base;
pub use moon_core as moon;

#[cfg(feature = "registry")]
pub mod registry;

/// The README's code, compiled and run as a doctest so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

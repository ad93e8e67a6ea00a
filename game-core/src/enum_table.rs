//! Macros the game crates share: enum tables and checked state reading.

/// Declares a fieldless enum and, from the one list of its variants, the
/// constants `COUNT` and `ALL` (declaration order) and `index()` (the
/// position in `ALL`), so no hand-kept list or literal array size can fall
/// out of step with the variants.
///
/// ```
/// game_core::enum_table! {
///     /// A suit.
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub enum Suit {
///         /// Clubs.
///         Clubs,
///         /// Hearts.
///         Hearts,
///     }
/// }
/// assert_eq!(Suit::COUNT, 2);
/// assert_eq!(Suit::ALL, [Suit::Clubs, Suit::Hearts]);
/// assert_eq!(Suit::Hearts.index(), 1);
/// let per_suit = [0u8; Suit::COUNT];
/// # let _ = per_suit;
/// ```
#[macro_export]
macro_rules! enum_table {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $name {
            /// How many variants there are.
            pub const COUNT: usize = [$($name::$variant),+].len();

            /// Every variant, in declaration order.
            pub const ALL: [$name; $name::COUNT] = [$($name::$variant),+];

            /// The variant's position in `ALL`.
            #[must_use]
            pub const fn index(self) -> usize {
                self as usize
            }
        }
    };
}

/// Implements `Serialize` and `Deserialize` for a game state declared with
/// `#[derive(Serialize, Deserialize)] #[serde(remote = "Self")]`: the bytes
/// are the derived ones, and reading runs the state's
/// `check_structure(&self) -> Result<(), StateError>`, so no file can load
/// a state whose tables disagree (what needs the rules object is left to
/// `Game::check_state`).
#[macro_export]
macro_rules! checked_state_serde {
    ($state:ty) => {
        impl $crate::__serde::Serialize for $state {
            fn serialize<S: $crate::__serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                // The derived field-by-field form (`remote = "Self"`).
                <$state>::serialize(self, serializer)
            }
        }

        impl<'de> $crate::__serde::Deserialize<'de> for $state {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                let s = <$state>::deserialize(deserializer)?;
                s.check_structure()
                    .map_err(<D::Error as $crate::__serde::de::Error>::custom)?;
                Ok(s)
            }
        }
    };
}

//! The `enum_table!` macro the game crates share.

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

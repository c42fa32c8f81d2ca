//! The gate of split points (`__private::splits`). Split points are computed by
//! `rowkey-splits`, above this crate, so the derive writes `items!` for each key, and the
//! facade's `splits` feature decides what it declares: with the feature, the open gate's
//! `K::split_points` and `SplitPoints` impl (calling `rowkey-splits`); without it, this closed
//! gate's `K::split_points`, bounded on `for<'a> Gate<'a>: Open`, which has no impl, and no
//! `SplitPoints` impl (`SplitPoints`'s own message names the feature). A call says which
//! feature to turn on, and a key that never calls it compiles as before (the bound's lifetime
//! binder makes rustc check it at the call, not where the key is declared).

/// The type the generated method is bounded on.
pub struct Gate<'a>(core::marker::PhantomData<&'a ()>);

/// Split points need `rowkey-splits`: implemented for the [`Gate`] only by the open gate.
#[diagnostic::on_unimplemented(
    message = "split points need the `splits` feature of `rowkey`",
    label = "needs `features = [\"splits\"]` on the `rowkey` dependency",
    note = "turn it on in Cargo.toml: rowkey = {{ version = \"0.1\", features = [\"splits\"] }}"
)]
pub trait Open {}

/// The error of the closed gate: never made.
#[derive(Debug)]
pub enum SplitError {}

/// What `K::split_points` returns (the open gate's has its own error).
pub type Points = Result<Vec<Vec<u8>>, SplitError>;

/// The generated `K::split_points`, behind the closed gate: cannot be called.
pub fn split_points<K>(_regions: usize) -> Points
where
    for<'a> Gate<'a>: Open,
{
    unreachable!("the closed gate's bound has no implementation")
}

/// The items of a key's split points without the `splits` feature: `K::split_points`, refused
/// where it is called. Invoked by the derive as `items! { impl [generics] [type] where
/// [predicates, each followed by a comma] }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __rowkey_split_items_closed {
    (impl [$($ig:tt)*] [$($ty:tt)*] where [$($pred:tt)*]) => {
        #[allow(dead_code)]
        impl $($ig)* $($ty)* {
            /// Split points that pre-split a table of these keys into `regions` regions, chosen
            /// from the layout (`rowkey::splits::split_points`; the `splits` feature).
            pub fn split_points(regions: ::core::primitive::usize) -> $crate::__private::splits::Points
            where
                $($pred)*
                for<'__gate> $crate::__private::splits::Gate<'__gate>: $crate::__private::splits::Open,
            {
                $crate::__private::splits::split_points::<Self>(regions)
            }
        }
    };
}

pub use crate::__rowkey_split_items_closed as items;

/// Split points of a key type, for [`Subspace::split_points`](crate::Subspace::split_points):
/// every derived key implements it where the facade's `splits` feature is on (the open gate's
/// `items!`), and none where it is off.
#[diagnostic::on_unimplemented(
    message = "`{Self}` implements no `SplitPoints`, which `Subspace::split_points` takes",
    label = "every derived key has split points once the `splits` feature of `rowkey` is on",
    note = "in generic code, bound the key type by `rowkey::splits::SplitPoints`",
    note = "without the feature, turn it on in Cargo.toml: rowkey = {{ version = \"0.1\", features = [\"splits\"] }}"
)]
pub trait SplitPoints {
    /// Why split points could not be computed (`rowkey::splits::SplitError`).
    type Error;

    /// `Self::split_points(regions)`.
    fn split_points(regions: usize) -> Result<Vec<Vec<u8>>, Self::Error>;
}

//! The gate of split points (`__private::splits`). Split points are computed by
//! `rowkey-splits`, above this crate, so the derive writes `K::split_points` (and its
//! `SplitPoints` impl) bounded on `for<'a> Gate<'a>: Open`. The facade's `splits` feature
//! replaces this module by the open gate, whose `Gate` implements `Open` and whose
//! `split_points` calls `rowkey-splits`; here, closed, `Open` has no impl. Without the feature
//! a call says which feature to turn on, and a key that never calls it compiles as before (the
//! bound's lifetime binder makes rustc check it at the call, not where the key is declared).

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

/// The generated `K::split_points`, behind the closed gate: cannot be called.
pub fn split_points<K>(_regions: usize) -> Result<Vec<Vec<u8>>, SplitError>
where
    for<'a> Gate<'a>: Open,
{
    unreachable!("the closed gate's bound has no implementation")
}

/// Split points of a key type, for [`Subspace::split_points`](crate::Subspace::split_points):
/// the derive implements it behind the gate of `K::split_points` (`__private::splits`).
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

//! The gate of the generated `K::split_points` (`#krate::__regions`): split points are computed
//! by `rowkey-regions`, above this crate, so the derive writes a method bounded on
//! `for<'a> Gate<'a>: Regions`, which holds only where the facade's `regions` feature makes
//! `rowkey::__regions` the open gate of `rowkey-regions` instead of this closed one. Without it,
//! a call says which feature to turn on; a key that never calls it compiles as before. Not
//! public API.

/// The type the generated method is bounded on.
pub struct Gate<'a>(core::marker::PhantomData<&'a ()>);

/// Split points need `rowkey-regions`: implemented for the [`Gate`] only there.
#[diagnostic::on_unimplemented(
    message = "split points need the `regions` feature of `rowkey`",
    label = "needs `features = [\"regions\"]` on the `rowkey` dependency",
    note = "turn it on in Cargo.toml: rowkey = {{ version = \"0.1\", features = [\"regions\"] }}"
)]
pub trait Regions {}

/// The error of the closed gate: never made.
#[derive(Debug)]
pub enum SplitError {}

/// The generated `K::split_points`, behind the closed gate: cannot be called.
pub fn split_points<K>(_regions: usize) -> Result<Vec<Vec<u8>>, SplitError>
where
    for<'a> Gate<'a>: Regions,
{
    unreachable!("the closed gate's bound has no implementation")
}

//! What `#[derive(RowKey)]`'s generated `K::split_points` calls when the facade's `regions`
//! feature is on: the facade's `__private` takes these in place of the runtime's closed gate.
//! Not public API.

use rowkey_runtime::RowKey;

pub use crate::SplitError;

/// The gate the generated method is bounded on: open here.
pub struct Gate<'a>(core::marker::PhantomData<&'a ()>);

/// Implemented for the [`Gate`]: the generated method can be called.
pub trait Regions {}

impl Regions for Gate<'_> {}

/// The generated `K::split_points`.
pub fn split_points<K: RowKey>(regions: usize) -> Result<Vec<Vec<u8>>, SplitError> {
    crate::split_points::<K>(regions)
}

//! What `#[derive(RowKey)]`'s generated code names: the runtime's `__private`, with the gate of
//! split points (`splits`) opened when the `splits` feature is on. Not public API.

pub use rowkey_runtime::__private::*;

/// The open gate of split points: the derive's `K::split_points` is bounded on
/// `for<'a> Gate<'a>: Open`, which holds here, and calls `split_points` (`rowkey-splits`).
#[cfg(feature = "splits")]
pub mod splits {
    use rowkey_runtime::RowKey;

    pub use rowkey_runtime::__private::splits::SplitPoints;
    pub use rowkey_splits::SplitError;

    /// The type the generated method is bounded on.
    pub struct Gate<'a>(core::marker::PhantomData<&'a ()>);

    /// Implemented for the [`Gate`]: the generated method can be called.
    pub trait Open {}

    impl Open for Gate<'_> {}

    /// The generated `K::split_points`.
    pub fn split_points<K: RowKey>(regions: usize) -> Result<Vec<Vec<u8>>, SplitError> {
        rowkey_splits::split_points::<K>(regions)
    }
}

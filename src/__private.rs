//! What `#[derive(RowKey)]`'s generated code names: the runtime's `__private`, with the gate of
//! split points (`splits`) opened when the `splits` feature is on. Not public API.

pub use rowkey_runtime::__private::*;

/// The open gate of split points: the derive's `items!` declares `K::split_points` and the
/// `SplitPoints` impl, which call `split_points` (`rowkey-splits`). Without the feature, the
/// runtime's closed gate stands here (its `items!` refuses the call, naming the feature).
#[cfg(feature = "splits")]
pub mod splits {
    use rowkey_runtime::RowKey;

    pub use rowkey_runtime::__private::splits::SplitPoints;
    pub use rowkey_splits::SplitError;

    /// What `K::split_points` returns.
    pub type Points = Result<Vec<Vec<u8>>, SplitError>;

    /// The generated `K::split_points`.
    pub fn split_points<K: RowKey>(regions: usize) -> Points {
        rowkey_splits::split_points::<K>(regions)
    }

    /// The items of a key's split points: `K::split_points` and its `SplitPoints` impl (see
    /// the runtime's closed `items!` for the invocation).
    #[doc(hidden)]
    #[macro_export]
    macro_rules! __rowkey_split_items_open {
        (impl [$($ig:tt)*] [$($ty:tt)*] where [$($pred:tt)*]) => {
            #[allow(dead_code)]
            impl $($ig)* $($ty)* where $($pred)* {
                /// Split points that pre-split a table of these keys into `regions` regions,
                /// chosen from the layout (`rowkey::splits::split_points`).
                pub fn split_points(regions: ::core::primitive::usize) -> $crate::__private::splits::Points {
                    $crate::__private::splits::split_points::<Self>(regions)
                }
            }

            #[automatically_derived]
            impl $($ig)* $crate::__private::splits::SplitPoints for $($ty)* where $($pred)* {
                type Error = $crate::splits::SplitError;

                fn split_points(regions: ::core::primitive::usize) -> $crate::__private::splits::Points {
                    $crate::__private::splits::split_points::<Self>(regions)
                }
            }
        };
    }

    pub use crate::__rowkey_split_items_open as items;
}

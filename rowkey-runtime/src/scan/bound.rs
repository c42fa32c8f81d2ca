//! [`FieldRange`]: what the range method of a `String` or `Vec<u8>` field takes.

use core::ops::{Bound, Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

/// A range of a `String` or `Vec<u8>` field's values, as its range method takes it: any of
/// std's range forms (`a..b`, `a..=b`, `a..`, `..b`, `..=b`, `..`, a pair of `Bound`s) over
/// the owned value or a borrowed one, as the fix method takes (`&str`, `&String`; `&[u8]`,
/// `&Vec<u8>`, a byte string `&[u8; N]`).
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct Metric { name: String, host: String }
///
/// let (from, to) = (String::from("cpu"), String::from("disk"));
/// let a = Metric::scan().name_range("cpu".."disk").plan().unwrap();
/// let b = Metric::scan().name_range(&from..&to).plan().unwrap();
/// let c = Metric::scan().name_range(from..to).plan().unwrap();
/// assert_eq!(a.ranges(), b.ranges());
/// assert_eq!(a.ranges(), c.ranges());
/// ```
pub trait FieldRange<T> {
    /// The range's two bounds, owned.
    fn bounds(self) -> Bounds<T>;
}

/// A range's two bounds, owned: what [`FieldRange::bounds`] gives.
///
/// ```
/// use rowkey::scan::FieldRange;
/// use std::ops::Bound;
///
/// let b = FieldRange::<String>::bounds("a".."b");
/// assert_eq!(b.start_bound(), Bound::Included(&"a".to_string()));
/// assert_eq!(b.end_bound(), Bound::Excluded(&"b".to_string()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bounds<T> {
    /// The lower bound.
    pub start: Bound<T>,
    /// The upper bound.
    pub end: Bound<T>,
}

impl<T> Bounds<T> {
    fn new(start: Bound<T>, end: Bound<T>) -> Self {
        Bounds { start, end }
    }

    /// The lower bound, borrowed (as `RangeBounds::start_bound`).
    pub fn start_bound(&self) -> Bound<&T> {
        self.start.as_ref()
    }

    /// The upper bound, borrowed (as `RangeBounds::end_bound`).
    pub fn end_bound(&self) -> Bound<&T> {
        self.end.as_ref()
    }
}

impl<T> core::ops::RangeBounds<T> for Bounds<T> {
    fn start_bound(&self) -> Bound<&T> {
        self.start.as_ref()
    }

    fn end_bound(&self) -> Bound<&T> {
        self.end.as_ref()
    }
}

/// One borrowed or owned form `E` of the value `T`, converted by `$to`.
macro_rules! forms {
    ($t:ty: $($(const $n:ident;)? $e:ty => $to:expr;)*) => {$(
        impl<$(const $n: usize)?> FieldRange<$t> for Range<$e> {
            fn bounds(self) -> Bounds<$t> {
                Bounds::new(Bound::Included($to(self.start)), Bound::Excluded($to(self.end)))
            }
        }
        impl<$(const $n: usize)?> FieldRange<$t> for RangeInclusive<$e> {
            fn bounds(self) -> Bounds<$t> {
                let (start, end) = self.into_inner();
                Bounds::new(Bound::Included($to(start)), Bound::Included($to(end)))
            }
        }
        impl<$(const $n: usize)?> FieldRange<$t> for RangeFrom<$e> {
            fn bounds(self) -> Bounds<$t> {
                Bounds::new(Bound::Included($to(self.start)), Bound::Unbounded)
            }
        }
        impl<$(const $n: usize)?> FieldRange<$t> for RangeTo<$e> {
            fn bounds(self) -> Bounds<$t> {
                Bounds::new(Bound::Unbounded, Bound::Excluded($to(self.end)))
            }
        }
        impl<$(const $n: usize)?> FieldRange<$t> for RangeToInclusive<$e> {
            fn bounds(self) -> Bounds<$t> {
                Bounds::new(Bound::Unbounded, Bound::Included($to(self.end)))
            }
        }
        impl<$(const $n: usize)?> FieldRange<$t> for (Bound<$e>, Bound<$e>) {
            fn bounds(self) -> Bounds<$t> {
                Bounds::new(self.0.map($to), self.1.map($to))
            }
        }
    )*};
}

forms! { String:
    String => core::convert::identity;
    &str => str::to_owned;
    &String => String::clone;
}

forms! { Vec<u8>:
    Vec<u8> => core::convert::identity;
    &[u8] => <[u8]>::to_vec;
    &Vec<u8> => Vec::clone;
    const N; &[u8; N] => |b: &[u8; N]| b.to_vec();
}

impl FieldRange<String> for RangeFull {
    fn bounds(self) -> Bounds<String> {
        Bounds::new(Bound::Unbounded, Bound::Unbounded)
    }
}

impl FieldRange<Vec<u8>> for RangeFull {
    fn bounds(self) -> Bounds<Vec<u8>> {
        Bounds::new(Bound::Unbounded, Bound::Unbounded)
    }
}

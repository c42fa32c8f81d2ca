//! [`FieldArg`]: what a field's method of a scan builder takes: a value, a range of values or
//! a set of values.

use core::borrow::Borrow;
use core::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo, RangeToInclusive};
use std::borrow::Cow;
use std::collections::{BTreeSet, HashSet};

use super::partial::PartialKey;
use crate::encoding::Format;

/// What a field's method of a generated scan builder takes (`K::scan().day(..)`): one value of
/// the field's type `T`, a range of values, or a set of values (SQL's `IN`).
///
/// - **A value** fixes the field: `.day(19676)`, `.user("ann")`. A `String` field also takes
///   `&str`, `&String`, `Box<str>`, `Cow<str>` and `char`; a `Vec<u8>` field `&[u8]`, `&[u8; N]`,
///   `[u8; N]`, `&Vec<u8>`, `&str` and `String`.
/// - **A range** bounds the field and ends the partial key: any of std's range forms over the
///   value or a reference to it (`a..b`, `a..=b`, `a..`, `..b`, `..=b`), for `String` and
///   `Vec<u8>` fields also over `&str` and `&[u8]`, and a pair of [`Bound`]s on the value
///   (`(Bound::Excluded(a), Bound::Unbounded)`). `..` is not taken (the compiler could not tell
///   it from a value of the field's type): write `(Bound::Unbounded, Bound::Unbounded)`. A field whose
///   bytes do not follow its values (`#[java]` numbers, `#[reverse]`, a variable-width text
///   part, ...) takes no range; the compiler says why.
/// - **A set** fixes the field to each of its values in turn: an array `[a, b]`, a slice, a
///   `Vec`, a `BTreeSet` or a `HashSet` (or a reference to one), and for `String` fields arrays
///   and vectors of `&str`. Later fields and a final range apply under every value. The plan
///   holds one range per value (times the salt's buckets where the salt is not known), in the
///   key's byte order, merged where they touch, repeats once; an empty set plans no range. A
///   set of complete keys is a multi-get.
///
/// Integer literals infer the field's type, in values, ranges and sets alike.
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct Reading { day: u32, device: u16, ts: u64 }
///
/// let plan = Reading::scan().day(19676).device([3, 7, 9]).ts(..500).plan().unwrap();
/// assert_eq!(plan.ranges().len(), 3);
/// for device in [3u16, 7, 9] {
///     let key = Reading { day: 19676, device, ts: 499 }.encode().unwrap();
///     assert!(plan.contains(&key));
/// }
/// let other = Reading { day: 19676, device: 4, ts: 1 }.encode().unwrap();
/// assert!(!plan.contains(&other));
///
/// // Strings take borrowed forms; a set of complete keys is a multi-get.
/// #[derive(RowKey)]
/// struct Metric { name: String, host: String }
/// let hosts = vec!["a", "b", "a"];
/// let get = Metric::scan().name("cpu").host(hosts).plan().unwrap();
/// assert!(get.is_point());
/// assert_eq!(get.rows().len(), 2);
/// assert!(Metric::scan().name("cpu".."disk").plan().is_ok());
///
/// // An empty set plans no range, and so no request.
/// let none = Reading::scan().day(19676).device(Vec::new()).plan().unwrap();
/// assert!(none.ranges().is_empty());
/// ```
#[diagnostic::on_unimplemented(
    message = "`.{Field}(..)` takes a `{T}`, a range of `{T}` (`a..b`, `a..=b`, `..b`, `(Bound, Bound)`) or a set of them (an array, slice, `Vec` or `BTreeSet`), not `{Self}`",
    label = "not a `{T}`, nor a range or set of them",
    note = "`..` is not taken: leave the field out, or write `(Bound::Unbounded, Bound::Unbounded)`"
)]
pub trait FieldArg<T, Field, Takes>: Sized {
    /// The builder's next state: the next field after a value or a set, the end of the
    /// partial key after a range.
    type Then<Next>;

    /// Applies the argument to the partial key through the field's `O`: fixing one value or
    /// several, or bounding the field.
    #[doc(hidden)]
    fn apply<O: FieldOps<T>>(self, key: PartialKey) -> PartialKey;
}

/// What a field of a generated builder does, implemented by its marker type: fix one value,
/// or bound the field by a range (for a field that takes none, never called: no range
/// argument meets its bound). Trait methods, so that a call compiles only the one it uses.
#[doc(hidden)]
pub trait FieldOps<T> {
    /// Fixes the field to `v`.
    fn fix(key: PartialKey, v: &T) -> PartialKey;
    /// Bounds the field by `lo..hi`.
    fn range(key: PartialKey, lo: Bound<&T>, hi: Bound<&T>) -> PartialKey;
}

/// A field of a generated builder whose value is appended by its format's `encode_alone_into`
/// and whose range is bounded through `encode_alone` (most fields): the derive states its
/// format and constants, and [`FieldOps`] comes from here, written once for every key.
#[doc(hidden)]
pub trait PlainField<T> {
    /// Its format.
    type Format: Format<T>;
    /// `((name, flip, open end), value trim, range open, range descending)`: see
    /// [`PartialKey::fix_with`] and [`PartialKey::range_of`].
    const FIELD: Plain;
    /// Its values as text, for the error of a range that runs backwards.
    const RENDER: fn(&T) -> String;
}

/// [`PlainField::FIELD`].
#[doc(hidden)]
pub type Plain = ((&'static str, u8, bool), usize, bool, bool);

// The field's type is the trait's parameter, not an associated type: a private type of the
// user's may not be an associated type of a public trait's impl.
impl<T, M: PlainField<T>> FieldOps<T> for M {
    #[inline]
    fn fix(key: PartialKey, v: &T) -> PartialKey {
        let (field, trim, _, _) = M::FIELD;
        key.fix_with(<M::Format as Format<T>>::encode_alone_into, v, field, trim)
    }

    #[inline]
    fn range(key: PartialKey, lo: Bound<&T>, hi: Bound<&T>) -> PartialKey {
        let (field, _, open, descending) = M::FIELD;
        key.range_of(
            &(lo, hi),
            <M::Format as Format<T>>::encode_alone,
            field,
            open,
            descending,
            M::RENDER,
        )
    }
}

/// Implemented by the `Takes` marker of a field that takes ranges, and for the others under a
/// bound whose message says why not (`__private::scan`).
#[doc(hidden)]
pub trait TakesRange<Field> {}

/// The value itself.
impl<T, F, W> FieldArg<T, F, W> for T {
    type Then<Next> = Next;
    #[inline]
    fn apply<O: FieldOps<T>>(self, key: PartialKey) -> PartialKey {
        key.each(|k| O::fix(k, &self))
    }
}

/// A borrowed or converted form `$e` of the value `$t`, turned into one by `$to`.
macro_rules! value_form {
    ([$($g:tt)*] $t:ty, $e:ty => $to:expr) => {
        impl<$($g)* F, W> FieldArg<$t, F, W> for $e {
            type Then<Next> = Next;
            #[inline]
            fn apply<O: FieldOps<$t>>(self, key: PartialKey) -> PartialKey {
                let value: $t = $to(self);
                key.each(|k| O::fix(k, &value))
            }
        }
    };
}

value_form!(['a,] String, &'a str => str::to_owned);
value_form!(['a,] String, &'a String => String::clone);
value_form!([] String, Box<str> => String::from);
value_form!(['a,] String, Cow<'a, str> => Cow::into_owned);
value_form!([] String, char => String::from);
value_form!(['a,] Vec<u8>, &'a [u8] => <[u8]>::to_vec);
value_form!(['a,] Vec<u8>, &'a Vec<u8> => Vec::clone);
value_form!(['a, const N: usize,] Vec<u8>, &'a [u8; N] => |b: &[u8; N]| b.to_vec());
value_form!([const N: usize,] Vec<u8>, [u8; N] => |b: [u8; N]| b.to_vec());
value_form!(['a,] Vec<u8>, &'a str => |s: &str| s.as_bytes().to_vec());
value_form!([] Vec<u8>, String => String::into_bytes);

/// Each range form over `$e`, a form of the value `$t` turned into one by `$to`; `T` where
/// the impls are generic.
macro_rules! range_forms {
    ([$($g:tt)*] $t:ty, $e:ty => $to:expr) => {
        impl<$($g)* F, W: TakesRange<F>> FieldArg<$t, F, W> for Range<$e> {
            type Then<Next> = crate::__private::scan::Ranged<F>;
            #[inline]
            fn apply<O: FieldOps<$t>>(self, key: PartialKey) -> PartialKey {
                let (lo, hi) = ($to(self.start), $to(self.end));
                key.each(|k| O::range(k, Bound::Included(lo.borrow()), Bound::Excluded(hi.borrow())))
            }
        }
        impl<$($g)* F, W: TakesRange<F>> FieldArg<$t, F, W> for RangeInclusive<$e> {
            type Then<Next> = crate::__private::scan::Ranged<F>;
            #[inline]
            fn apply<O: FieldOps<$t>>(self, key: PartialKey) -> PartialKey {
                let (lo, hi) = self.into_inner();
                let (lo, hi) = ($to(lo), $to(hi));
                key.each(|k| O::range(k, Bound::Included(lo.borrow()), Bound::Included(hi.borrow())))
            }
        }
        impl<$($g)* F, W: TakesRange<F>> FieldArg<$t, F, W> for RangeFrom<$e> {
            type Then<Next> = crate::__private::scan::Ranged<F>;
            #[inline]
            fn apply<O: FieldOps<$t>>(self, key: PartialKey) -> PartialKey {
                let lo = $to(self.start);
                key.each(|k| O::range(k, Bound::Included(lo.borrow()), Bound::Unbounded))
            }
        }
        impl<$($g)* F, W: TakesRange<F>> FieldArg<$t, F, W> for RangeTo<$e> {
            type Then<Next> = crate::__private::scan::Ranged<F>;
            #[inline]
            fn apply<O: FieldOps<$t>>(self, key: PartialKey) -> PartialKey {
                let hi = $to(self.end);
                key.each(|k| O::range(k, Bound::Unbounded, Bound::Excluded(hi.borrow())))
            }
        }
        impl<$($g)* F, W: TakesRange<F>> FieldArg<$t, F, W> for RangeToInclusive<$e> {
            type Then<Next> = crate::__private::scan::Ranged<F>;
            #[inline]
            fn apply<O: FieldOps<$t>>(self, key: PartialKey) -> PartialKey {
                let hi = $to(self.end);
                key.each(|k| O::range(k, Bound::Unbounded, Bound::Included(hi.borrow())))
            }
        }
    };
}

range_forms!([T,] T, T => core::convert::identity);
range_forms!(['a, T,] T, &'a T => core::convert::identity);
range_forms!(['a,] String, &'a str => str::to_owned);
range_forms!(['a,] Vec<u8>, &'a [u8] => <[u8]>::to_vec);
range_forms!(['a, const N: usize,] Vec<u8>, &'a [u8; N] => |b: &[u8; N]| b.to_vec());

/// A pair of bounds on the value itself (`(Bound::Excluded(5), Bound::Unbounded)`); only over
/// owned values, so that `(Bound::Unbounded, Bound::Unbounded)` infers its type.
impl<T, F, W: TakesRange<F>> FieldArg<T, F, W> for (Bound<T>, Bound<T>) {
    type Then<Next> = crate::__private::scan::Ranged<F>;
    #[inline]
    fn apply<O: FieldOps<T>>(self, key: PartialKey) -> PartialKey {
        key.each(|k| O::range(k, self.0.as_ref(), self.1.as_ref()))
    }
}

/// A set form `$set` of values of `$t` (or of forms turned into them by `$to`).
macro_rules! set_form {
    ([$($g:tt)*] $t:ty, $set:ty, $each:ident) => {
        impl<$($g)* F, W> FieldArg<$t, F, W> for $set {
            type Then<Next> = Next;
            #[inline]
            fn apply<O: FieldOps<$t>>(self, key: PartialKey) -> PartialKey {
                key.each_of(self.$each(), O::fix)
            }
        }
    };
    ([$($g:tt)*] $t:ty, $set:ty, $each:ident => $to:expr) => {
        impl<$($g)* F, W> FieldArg<$t, F, W> for $set {
            type Then<Next> = Next;
            #[inline]
            fn apply<O: FieldOps<$t>>(self, key: PartialKey) -> PartialKey {
                key.each_of(self.$each().map($to), O::fix)
            }
        }
    };
}

set_form!([T, const N: usize,] T, [T; N], into_iter);
set_form!([T,] T, Vec<T>, into_iter);
set_form!([T,] T, BTreeSet<T>, into_iter);
set_form!([T,] T, HashSet<T>, into_iter);
set_form!(['a, T, const N: usize,] T, &'a [T; N], iter);
set_form!(['a, T,] T, &'a [T], iter);
set_form!(['a, T,] T, &'a Vec<T>, iter);
set_form!(['a, T,] T, &'a BTreeSet<T>, iter);
set_form!(['a, T,] T, &'a HashSet<T>, iter);
set_form!(['a, const N: usize,] String, [&'a str; N], into_iter => str::to_owned);
set_form!(['a,] String, Vec<&'a str>, into_iter => str::to_owned);
set_form!(['a, 'b,] String, &'b [&'a str], iter => |s: &&str| s.to_string());

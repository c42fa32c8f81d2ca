//! proptest strategies biased toward the values that break key encodings (`00`/`FF` bytes,
//! NUL and multi-byte chars, MIN/MAX), and the logical orders keys must sort in: what the
//! facade's property tests share.

use core::cmp::Ordering;
use proptest::prelude::*;

/// Bytes biased toward the escape-relevant values 00, 01, FE and FF.
pub fn nasty_byte() -> impl Strategy<Value = u8> + Clone {
    prop_oneof![
        Just(0u8),
        Just(1u8),
        Just(0xFEu8),
        Just(0xFFu8),
        any::<u8>()
    ]
}

pub fn bytes() -> impl Strategy<Value = Vec<u8>> + Clone {
    proptest::collection::vec(nasty_byte(), 0..8)
}

/// Chars biased toward NUL, U+0001, multi-byte and the highest scalar value.
pub fn nasty_char() -> impl Strategy<Value = char> + Clone {
    prop_oneof![
        Just('\0'),
        Just('\u{1}'),
        Just('a'),
        Just('b'),
        Just('é'),
        Just('\u{7f}'),
        Just('\u{10FFFF}'),
        any::<char>()
    ]
}

pub fn string() -> impl Strategy<Value = String> + Clone {
    proptest::collection::vec(nasty_char(), 0..6).prop_map(|c| c.into_iter().collect())
}

/// Strings that fit `#[fixed(n)]`: at most n bytes, not ending in NUL.
pub fn fixed_string(n: usize) -> impl Strategy<Value = String> + Clone {
    string().prop_map(move |s| {
        let mut out = String::new();
        for c in s.chars() {
            if out.len() + c.len_utf8() > n {
                break;
            }
            out.push(c);
        }
        out.trim_end_matches('\0').to_owned()
    })
}

pub fn fixed_bytes(n: usize) -> impl Strategy<Value = Vec<u8>> + Clone {
    bytes().prop_map(move |mut b| {
        b.truncate(n);
        while b.last() == Some(&0) {
            b.pop();
        }
        b
    })
}

macro_rules! edgy_ints {
    ($($name:ident: $t:ty),*) => {$(
        pub fn $name() -> impl Strategy<Value = $t> + Clone {
            prop_oneof![
                Just(<$t>::MIN),
                Just(<$t>::MAX),
                Just(0 as $t),
                Just(1 as $t),
                Just(<$t>::MAX - 1),
                Just(<$t>::MIN.wrapping_add(1)),
                Just((0 as $t).wrapping_sub(1)),
                any::<$t>(),
                any::<$t>(),
            ]
        }
    )*};
}
edgy_ints!(
    u8_: u8, u16_: u16, u32_: u32, u64_: u64, u128_: u128,
    i8_: i8, i16_: i16, i32_: i32, i64_: i64, i128_: i128
);

pub fn f64_() -> impl Strategy<Value = f64> + Clone {
    prop_oneof![
        Just(0.0f64),
        Just(-0.0f64),
        Just(f64::NAN),
        Just(-f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(f64::MIN_POSITIVE),
        Just(f64::MAX),
        Just(f64::MIN),
        Just(1e-310),
        any::<u64>().prop_map(f64::from_bits),
        any::<f64>(),
    ]
}

pub fn f32_() -> impl Strategy<Value = f32> + Clone {
    prop_oneof![
        Just(0.0f32),
        Just(-0.0f32),
        Just(f32::NAN),
        Just(-f32::NAN),
        Just(f32::INFINITY),
        Just(f32::NEG_INFINITY),
        any::<u32>().prop_map(f32::from_bits),
        any::<f32>(),
    ]
}

/// Pairs that are often equal, so that later fields get compared too.
pub fn pair<S>(s: S) -> impl Strategy<Value = (S::Value, S::Value)>
where
    S: Strategy + Clone,
    S::Value: Clone,
{
    (s.clone(), s, 0..3u8).prop_map(|(a, b, same)| if same == 0 { (a.clone(), a) } else { (a, b) })
}

/// `range` the right way round in the order `cmp`: a range that starts after its end (or
/// excludes both ends at one value) has its values swapped (`v..v` for the latter). Plans
/// refuse backward ranges (`EncodeError::ReversedRange`, tested in tests/regressions.rs and by
/// the fuzzer); the properties that draw random bounds check the forward ones.
#[allow(dead_code)]
pub fn forward<T>(
    range: (core::ops::Bound<T>, core::ops::Bound<T>),
    cmp: impl Fn(&T, &T) -> Ordering,
) -> (core::ops::Bound<T>, core::ops::Bound<T>) {
    use core::ops::Bound::{Excluded, Included};
    let backwards = match &range {
        (Included(a) | Excluded(a), Included(b) | Excluded(b)) => match cmp(a, b) {
            Ordering::Greater => true,
            Ordering::Equal => matches!(range, (Excluded(_), Excluded(_))),
            Ordering::Less => false,
        },
        _ => false,
    };
    if !backwards {
        return range;
    }
    match range {
        (Excluded(a), Excluded(b)) if cmp(&a, &b).is_eq() => (Included(a), Excluded(b)),
        (Included(a), Included(b)) => (Included(b), Included(a)),
        (Included(a), Excluded(b)) => (Included(b), Excluded(a)),
        (Excluded(a), Included(b)) => (Excluded(b), Included(a)),
        (Excluded(a), Excluded(b)) => (Excluded(b), Excluded(a)),
        other => other,
    }
}

// Logical orders, each defined from the value itself, not from our encoding.

pub fn natural<T: Ord>(a: &T, b: &T) -> Ordering {
    a.cmp(b)
}

pub fn floats64(a: &f64, b: &f64) -> Ordering {
    a.total_cmp(b)
}

pub fn floats32(a: &f32, b: &f32) -> Ordering {
    a.total_cmp(b)
}

/// `Bytes.toBytes` order: two's complement compared as unsigned.
pub fn java64(a: &i64, b: &i64) -> Ordering {
    (*a as u64).cmp(&(*b as u64))
}
pub fn java32(a: &i32, b: &i32) -> Ordering {
    (*a as u32).cmp(&(*b as u32))
}
pub fn java16(a: &i16, b: &i16) -> Ordering {
    (*a as u16).cmp(&(*b as u16))
}
pub fn java8(a: &i8, b: &i8) -> Ordering {
    (*a as u8).cmp(&(*b as u8))
}

/// Newest first.
pub fn newest_first<T: Ord>(a: &T, b: &T) -> Ordering {
    b.cmp(a)
}

/// `#[reverse]` on a binary u32: ordered by its bytes read back to front.
pub fn reversed_u32(a: &u32, b: &u32) -> Ordering {
    a.to_le_bytes().cmp(&b.to_le_bytes())
}

/// `#[reverse] #[decimal(11)]`: ordered by the 11 digits read back to front.
pub fn reversed_digits11(a: &u64, b: &u64) -> Ordering {
    let r = |v: &u64| format!("{v:011}").chars().rev().collect::<String>();
    r(a).cmp(&r(b))
}

/// `#[reverse] #[fixed(4)]` string: its 4 NUL-padded bytes read back to front.
pub fn reversed_padded4(a: &String, b: &String) -> Ordering {
    let r = |s: &String| {
        let mut v = s.as_bytes().to_vec();
        v.resize(4, 0);
        v.reverse();
        v
    };
    r(a).cmp(&r(b))
}

pub fn option<T>(a: &Option<T>, b: &Option<T>, f: fn(&T, &T) -> Ordering) -> Ordering {
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) => f(x, y),
    }
}

pub use crate::golden::{hex, lines as golden, unhex, unhex_str};

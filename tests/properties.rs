//! Byte order is the product: for every supported type and attribute, alone and in multi-field
//! keys, `decode(encode(x)) == x` and `x < y` (logical) iff `encode(x) < encode(y)` (bytes).

use rowkey_testkit::props as support;

use core::cmp::Ordering;
use proptest::prelude::*;
use rowkey::RowKey;
use support::*;

/// For one field type and attribute set: a single-field key, and a key `{x, s, y}` that puts
/// the field before a variable-length field (terminated form) and last (open form).
macro_rules! props {
    ($name:ident: $t:ty = $strat:expr, $cmp:expr, $dir:ident $(, #[$m:meta])*) => {
        mod $name {
            use super::*;

            #[derive(RowKey, Debug, Clone, PartialEq)]
            struct Single {
                $(#[$m])*
                x: $t,
            }

            #[derive(RowKey, Debug, Clone, PartialEq)]
            struct Triple {
                $(#[$m])*
                x: $t,
                s: Vec<u8>,
                $(#[$m])*
                y: $t,
            }

            fn value(a: &$t, b: &$t) -> Ordering {
                let o = ($cmp)(a, b);
                if stringify!($dir) == "desc" { o.reverse() } else { o }
            }

            fn triple(a: &Triple, b: &Triple) -> Ordering {
                value(&a.x, &b.x).then_with(|| a.s.cmp(&b.s)).then_with(|| value(&a.y, &b.y))
            }

            proptest! {
                #[test]
                fn single((a, b) in pair($strat)) {
                    let (a, b) = (Single { x: a }, Single { x: b });
                    let (ea, eb) = (a.encode().unwrap(), b.encode().unwrap());
                    prop_assert_eq!(ea.len(), a.encoded_len());
                    if let Some(n) = Single::FIXED_LEN { prop_assert_eq!(ea.len(), n); }
                    if let Some(n) = Single::MAX_LEN { prop_assert!(ea.len() <= n); }
                    let back = Single::decode(&ea).unwrap();
                    prop_assert_eq!(value(&back.x, &a.x), Ordering::Equal, "round trip {:?}", a);
                    prop_assert_eq!(value(&a.x, &b.x), ea.cmp(&eb), "{:?} vs {:?}: {:02x?} vs {:02x?}", a, b, ea, eb);
                }

                #[test]
                fn triple_key(
                    (x1, x2) in pair($strat),
                    (s1, s2) in pair(bytes()),
                    (y1, y2) in pair($strat),
                ) {
                    let a = Triple { x: x1, s: s1, y: y1 };
                    let b = Triple { x: x2, s: s2, y: y2 };
                    let (ea, eb) = (a.encode().unwrap(), b.encode().unwrap());
                    prop_assert_eq!(ea.len(), a.encoded_len());
                    if let Some(n) = Triple::MAX_LEN { prop_assert!(ea.len() <= n); }
                    let back = Triple::decode(&ea).unwrap();
                    prop_assert_eq!(triple(&back, &a), Ordering::Equal, "round trip {:?}", a);
                    prop_assert_eq!(triple(&a, &b), ea.cmp(&eb), "{:?} vs {:?}: {:02x?} vs {:02x?}", a, b, ea, eb);
                }
            }
        }
    };
}

// Natural encodings, ascending and descending.
props!(u8_asc: u8 = u8_(), natural, asc);
props!(u8_desc: u8 = u8_(), natural, desc, #[desc]);
props!(u16_asc: u16 = u16_(), natural, asc);
props!(u32_asc: u32 = u32_(), natural, asc);
props!(u32_desc: u32 = u32_(), natural, desc, #[desc]);
props!(u64_asc: u64 = u64_(), natural, asc);
props!(u128_asc: u128 = u128_(), natural, asc);
props!(u128_desc: u128 = u128_(), natural, desc, #[desc]);
props!(i8_asc: i8 = i8_(), natural, asc);
props!(i16_asc: i16 = i16_(), natural, asc);
props!(i32_asc: i32 = i32_(), natural, asc);
props!(i64_asc: i64 = i64_(), natural, asc);
props!(i64_desc: i64 = i64_(), natural, desc, #[desc]);
props!(i128_asc: i128 = i128_(), natural, asc);
props!(bool_asc: bool = any::<bool>(), natural, asc);
props!(bool_desc: bool = any::<bool>(), natural, desc, #[desc]);
props!(char_asc: char = nasty_char(), natural, asc);
props!(char_desc: char = nasty_char(), natural, desc, #[desc]);
props!(f32_asc: f32 = f32_(), floats32, asc);
props!(f64_asc: f64 = f64_(), floats64, asc);
props!(f64_desc: f64 = f64_(), floats64, desc, #[desc]);
props!(array_asc: [u8; 3] = proptest::array::uniform3(nasty_byte()), natural, asc);
props!(array_desc: [u8; 3] = proptest::array::uniform3(nasty_byte()), natural, desc, #[desc]);
props!(string_asc: String = string(), natural, asc);
props!(string_desc: String = string(), natural, desc, #[desc]);
props!(bytes_asc: Vec<u8> = bytes(), natural, asc);
props!(bytes_desc: Vec<u8> = bytes(), natural, desc, #[desc]);
props!(opt_u32: Option<u32> = proptest::option::of(u32_()), |a, b| option(a, b, natural), asc);
props!(opt_u32_desc: Option<u32> = proptest::option::of(u32_()), |a, b| option(a, b, natural), desc, #[desc]);
props!(opt_string: Option<String> = proptest::option::of(string()), |a, b| option(a, b, natural), asc);
props!(opt_string_desc: Option<String> = proptest::option::of(string()), |a, b| option(a, b, natural), desc, #[desc]);
props!(opt_bytes: Option<Vec<u8>> = proptest::option::of(bytes()), |a, b| option(a, b, natural), asc);
props!(opt_opt: Option<Option<u8>> = proptest::option::of(proptest::option::of(u8_())),
    |a: &Option<Option<u8>>, b: &Option<Option<u8>>| option(a, b, |x, y| option(x, y, natural)), asc);

// #[fixed(N)]
props!(fixed_string: String = fixed_string(6), natural, asc, #[fixed(6)]);
props!(fixed_string_desc: String = fixed_string(6), natural, desc, #[fixed(6)], #[desc]);
props!(fixed_bytes: Vec<u8> = fixed_bytes(5), natural, asc, #[fixed(5)]);
props!(fixed_bytes_desc: Vec<u8> = fixed_bytes(5), natural, desc, #[fixed(5)], #[desc]);
props!(fixed_u32_3: u32 = 0..(1u32 << 24), natural, asc, #[fixed(3)]);
props!(fixed_i32_3: i32 = -(1i32 << 23)..(1i32 << 23), natural, asc, #[fixed(3)]);
props!(fixed_i32_3_desc: i32 = -(1i32 << 23)..(1i32 << 23), natural, desc, #[fixed(3)], #[desc]);
props!(fixed_u64_widened: u64 = u64_(), natural, asc, #[fixed(10)]);
props!(fixed_i64_widened: i64 = i64_(), natural, asc, #[fixed(12)]);
props!(fixed_i16_java: i16 = -(1i16 << 11)..(1i16 << 11), |a: &i16, b: &i16| java16(a, b), asc, #[java], #[fixed(2)]);
props!(fixed_i32_java_3: i32 = -(1i32 << 23)..(1i32 << 23),
    |a: &i32, b: &i32| ((*a as u32) & 0xFF_FFFF).cmp(&((*b as u32) & 0xFF_FFFF)), asc, #[java], #[fixed(3)]);

// #[decimal(N)] and #[hex(N)]
props!(decimal6: u32 = 0..1_000_000u32, natural, asc, #[decimal(6)]);
props!(decimal6_desc: u32 = 0..1_000_000u32, natural, desc, #[decimal(6)], #[desc]);
props!(decimal20: u64 = u64_(), natural, asc, #[decimal(20)]);
props!(decimal39: u128 = u128_(), natural, asc, #[decimal(39)]);
props!(decimal3_u8: u8 = u8_(), natural, asc, #[decimal(3)]);
props!(hex8: u32 = u32_(), natural, asc, #[hex(8)]);
props!(hex16_desc: u64 = u64_(), natural, desc, #[hex(16)], #[desc]);
props!(hex32: u128 = u128_(), natural, asc, #[hex(32)]);

// #[reverse_ts]: newest first
props!(reverse_ts_i64: i64 = 0..=i64::MAX, newest_first, asc, #[reverse_ts]);
props!(reverse_ts_u64: u64 = 0..=(i64::MAX as u64), newest_first, asc, #[reverse_ts]);
props!(reverse_ts_i32: i32 = 0..=i32::MAX, newest_first, asc, #[reverse_ts]);
props!(reverse_ts_u32: u32 = 0..=(i32::MAX as u32), newest_first, asc, #[reverse_ts]);

// #[java]: Bytes.toBytes order (negatives after positives)
props!(java_i64: i64 = i64_(), java64, asc, #[java]);
props!(java_i64_desc: i64 = i64_(), java64, desc, #[java], #[desc]);
props!(java_i32: i32 = i32_(), java32, asc, #[java]);
props!(java_i16: i16 = i16_(), java16, asc, #[java]);
props!(java_i8: i8 = i8_(), java8, asc, #[java]);

// #[reverse]: ordered by the reversed representation
props!(reverse_u32: u32 = u32_(), reversed_u32, asc, #[reverse]);
props!(reverse_u32_desc: u32 = u32_(), reversed_u32, desc, #[reverse], #[desc]);
props!(reverse_phone: u64 = 0..100_000_000_000u64, reversed_digits11, asc, #[reverse], #[decimal(11)]);
props!(reverse_fixed_string: String = fixed_string(4), reversed_padded4, asc, #[reverse], #[fixed(4)]);
props!(reverse_array: [u8; 3] = proptest::array::uniform3(nasty_byte()),
    |a: &[u8; 3], b: &[u8; 3]| { let (mut x, mut y) = (*a, *b); x.reverse(); y.reverse(); x.cmp(&y) }, asc, #[reverse]);

// Attributes inside Option
props!(opt_decimal: Option<u32> = proptest::option::of(0..1_000_000u32), |a, b| option(a, b, natural), asc, #[decimal(6)]);
props!(opt_fixed_string_desc: Option<String> = proptest::option::of(fixed_string(4)), |a, b| option(a, b, natural), desc, #[fixed(4)], #[desc]);
props!(opt_reverse_ts: Option<i64> = proptest::option::of(0..=i64::MAX), |a, b| option(a, b, newest_first), asc, #[reverse_ts]);

/// Several variable-length fields, `desc` on variable-length fields first and last, and an
/// optional string in the middle.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Nasty {
    #[desc]
    a: String,
    b: Vec<u8>,
    c: Option<String>,
    #[desc]
    d: Vec<u8>,
}

fn nasty_cmp(x: &Nasty, y: &Nasty) -> Ordering {
    y.a.cmp(&x.a)
        .then_with(|| x.b.cmp(&y.b))
        .then_with(|| option(&x.c, &y.c, natural))
        .then_with(|| y.d.cmp(&x.d))
}

/// Three variable-length fields with a trailing string left open.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct ThreeVar {
    a: Vec<u8>,
    b: String,
    c: String,
}

proptest! {
    #[test]
    fn nasty_key(
        (a1, a2) in pair(string()),
        (b1, b2) in pair(bytes()),
        (c1, c2) in pair(proptest::option::of(string())),
        (d1, d2) in pair(bytes()),
    ) {
        let x = Nasty { a: a1, b: b1, c: c1, d: d1 };
        let y = Nasty { a: a2, b: b2, c: c2, d: d2 };
        let (ex, ey) = (x.encode().unwrap(), y.encode().unwrap());
        prop_assert_eq!(Nasty::decode(&ex).unwrap(), x.clone());
        prop_assert_eq!(nasty_cmp(&x, &y), ex.cmp(&ey));
    }

    #[test]
    fn three_variable_fields(
        (a1, a2) in pair(bytes()),
        (b1, b2) in pair(string()),
        (c1, c2) in pair(string()),
    ) {
        let x = ThreeVar { a: a1, b: b1, c: c1 };
        let y = ThreeVar { a: a2, b: b2, c: c2 };
        let (ex, ey) = (x.encode().unwrap(), y.encode().unwrap());
        prop_assert_eq!(ThreeVar::decode(&ex).unwrap(), x.clone());
        prop_assert_eq!((&x.a, &x.b, &x.c).cmp(&(&y.a, &y.b, &y.c)), ex.cmp(&ey));
    }
}

/// Every key of a desc variable-length field is prefix-free, so a scan over a prefix of the
/// encoded `a` never picks up a longer `a` (the classic bug with unterminated desc strings).
#[test]
fn desc_strings_are_prefix_free() {
    let short = Nasty {
        a: "ab".into(),
        b: vec![],
        c: None,
        d: vec![],
    }
    .encode()
    .unwrap();
    let long = Nasty {
        a: "abc".into(),
        b: vec![],
        c: None,
        d: vec![],
    }
    .encode()
    .unwrap();
    assert!(long < short, "desc: \"abc\" sorts before \"ab\"");
    assert!(!long.starts_with(&short[..4]));
}

//! Each rule of the judge on a real pair of derived keys, its verdict checked against brute
//! force: random old keys (and the witnesses' keys) converted by hand, written with the derived
//! code into `BTreeMap`s, and each guarantee computed from the maps. A guarantee the judge says
//! holds must hold there; one it says breaks must break there.

use std::collections::BTreeSet;

mod brute;

use rowkey::lock::samples::Rng;
use rowkey::lock::{judge, Guarantee, Rule, Status, Verdict};
use rowkey::RowKey;

/// The judge's verdict on `O` → `N`, checked against brute force over `count` random keys of
/// each and the witnesses' old keys.
fn check<O: RowKey, N: RowKey>(
    gen_old: impl Fn(&mut Rng) -> O,
    gen_new: impl Fn(&mut Rng) -> N,
    conv: impl Fn(&O) -> Option<N>,
) -> Verdict {
    let v = judge(&O::layout(), &N::layout());
    let mut rng = Rng::new(42);
    let olds: Vec<O> = (0..3000).map(|_| gen_old(&mut rng)).collect();
    let news: Vec<N> = (0..3000).map(|_| gen_new(&mut rng)).collect();
    brute::confirm(&v, olds, &news, conv);
    v
}

fn rules(v: &Verdict) -> Vec<Rule> {
    v.findings.iter().map(|f| f.rule).collect()
}

fn words(v: &Verdict) -> [&'static str; 4] {
    Guarantee::ALL.map(|g| v.get(g).word())
}

/// Small numbers half the time, so that keys share prefixes and collide.
fn small(r: &mut Rng) -> u64 {
    if r.below(2) == 0 {
        r.below(20) as u64
    } else {
        r.next_u64()
    }
}

fn text(r: &mut Rng) -> String {
    (0..r.below(4))
        .map(|_| ['a', 'b', '\0', 'z'][r.below(4)])
        .collect()
}

macro_rules! key {
    ($m:ident, $(#[$a:meta])* { $($(#[$f:meta])* $name:ident : $ty:ty),* $(,)? }) => {
        mod $m {
            #[derive(rowkey::RowKey, Debug, Clone, PartialEq)]
            $(#[$a])*
            pub struct K { $($(#[$f])* pub $name: $ty),* }
        }
    };
}

key!(base, { user: u32, day: u32 });
key!(renamed, { #[rowkey(was = "user")] account: u32, day: u32 });
key!(probable, { account: u32, day: u32 });
key!(appended_option, { user: u32, day: u32, seq: Option<u16> });
key!(appended_u8, { user: u32, day: u32, seq: u8 });
key!(inserted, { user: u32, seq: u8, day: u32 });
key!(removed, { user: u32 });
key!(reordered, { day: u32, user: u32 });
key!(widened, { user: u64, day: u32 });
key!(signed, { user: i32, day: u32 });
key!(desc, { user: u32, #[desc] day: u32 });
key!(salted16, #[salt(md5, buckets = 16, of = "user")] { user: u32, day: u32 });
key!(salted8, #[salt(md5, buckets = 8, of = "user")] { user: u32, day: u32 });
key!(phoenix, #[rowkey(encoding = "phoenix")] { user: u32, day: u32 });
key!(ph_v1, #[rowkey(encoding = "phoenix")] { user: String, day: i32 });
key!(ph_v2, #[rowkey(encoding = "phoenix")] { user: String, day: i32, seq: Option<String> });
key!(fdb_v1, #[rowkey(encoding = "fdb_tuple")] { user: u32, name: String });
key!(fdb_v2, #[rowkey(encoding = "fdb_tuple")] { user: u64, name: String });
key!(bt_asc, #[rowkey(encoding = "bigtable")] { user: String, n: i64 });
key!(bt_desc, #[rowkey(encoding = "bigtable")] { user: String, #[desc] n: i64 });
key!(tx_asc, #[rowkey(delimiter = "#")] { user: String, #[decimal(10)] n: u32 });
key!(tx_desc, #[rowkey(delimiter = "#")] { user: String, #[desc] #[decimal(10)] n: u32 });
key!(ts_v1, { user: u32, at: i64 });
key!(ts_v2, { user: u32, #[reverse_ts] at: i64 });
key!(cap8, { #[max(8)] name: String, user: u32 });
key!(cap16, { #[max(16)] name: String, user: u32 });
key!(fixed8, { #[fixed(8)] name: String, user: u32 });
key!(fixed12, { #[fixed(12)] name: String, user: u32 });

fn gen_base(r: &mut Rng) -> base::K {
    base::K {
        user: small(r) as u32,
        day: small(r) as u32,
    }
}

#[test]
fn rename_with_was_keeps_every_byte() {
    let v = check(
        gen_base,
        |r| renamed::K {
            account: small(r) as u32,
            day: small(r) as u32,
        },
        |o| {
            Some(renamed::K {
                account: o.user,
                day: o.day,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::Rename]);
    assert_eq!(words(&v), ["holds"; 4]);
}

#[test]
fn a_rename_without_was_is_called_probable() {
    let v = check(
        gen_base,
        |r| probable::K {
            account: small(r) as u32,
            day: small(r) as u32,
        },
        |o| {
            Some(probable::K {
                account: o.user,
                day: o.day,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::ProbableRename]);
    assert_eq!(words(&v), ["holds"; 4]);
}

#[test]
fn an_appended_option_moves_binary_rows_but_keeps_their_order() {
    let v = check(
        gen_base,
        |r| appended_option::K {
            user: small(r) as u32,
            day: small(r) as u32,
            seq: (r.below(2) == 0).then(|| small(r) as u16),
        },
        |o| {
            Some(appended_option::K {
                user: o.user,
                day: o.day,
                seq: None,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::AppendOption]);
    assert_eq!(words(&v), ["breaks", "breaks", "holds", "holds"]);
}

#[test]
fn phoenix_drops_a_trailing_null_so_old_rows_stay_put() {
    let v = check(
        |r| ph_v1::K {
            user: text(r),
            day: small(r) as i32,
        },
        |r| ph_v2::K {
            user: text(r),
            day: small(r) as i32,
            seq: (r.below(2) == 0).then(|| text(r)),
        },
        |o| {
            Some(ph_v2::K {
                user: o.user.clone(),
                day: o.day,
                seq: None,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::AppendOption]);
    // New rows with a seq are unreadable by old code: deploy readers first.
    assert_eq!(words(&v), ["breaks", "holds", "holds", "holds"]);
}

#[test]
fn an_appended_field_after_fixed_widths_keeps_order() {
    let v = check(
        gen_base,
        |r| appended_u8::K {
            user: small(r) as u32,
            day: small(r) as u32,
            seq: small(r) as u8,
        },
        |o| {
            Some(appended_u8::K {
                user: o.user,
                day: o.day,
                seq: 0,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::AppendField]);
    assert_eq!(words(&v), ["breaks", "breaks", "holds", "holds"]);
}

#[test]
fn an_inserted_field_moves_every_row() {
    let v = check(
        gen_base,
        |r| inserted::K {
            user: small(r) as u32,
            seq: small(r) as u8,
            day: small(r) as u32,
        },
        |o| {
            Some(inserted::K {
                user: o.user,
                seq: 0,
                day: o.day,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::InsertField]);
    assert_eq!(&words(&v)[..2], ["breaks", "breaks"]);
}

#[test]
fn a_removed_field_collapses_rows() {
    let v = check(
        gen_base,
        |r| removed::K {
            user: small(r) as u32,
        },
        |o| Some(removed::K { user: o.user }),
    );
    assert_eq!(rules(&v), [Rule::RemoveField]);
    assert!(matches!(v.get(Guarantee::Unique), Status::Breaks(_)));
}

#[test]
fn a_reorder_keeps_rows_distinct_but_not_in_order() {
    let v = check(
        gen_base,
        |r| reordered::K {
            day: small(r) as u32,
            user: small(r) as u32,
        },
        |o| {
            Some(reordered::K {
                day: o.day,
                user: o.user,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::Reorder]);
    assert_eq!(words(&v), ["breaks", "breaks", "breaks", "holds"]);
}

#[test]
fn a_widened_big_endian_integer_keeps_order() {
    let v = check(
        gen_base,
        |r| widened::K {
            user: small(r),
            day: small(r) as u32,
        },
        |o| {
            Some(widened::K {
                user: o.user.into(),
                day: o.day,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::IntWidth]);
    assert_eq!(words(&v), ["breaks", "breaks", "holds", "holds"]);
}

#[test]
fn a_narrowed_integer_loses_rows() {
    let v = check(
        |r| widened::K {
            user: small(r),
            day: small(r) as u32,
        },
        gen_base,
        |o| {
            Some(base::K {
                user: u32::try_from(o.user).ok()?,
                day: o.day,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::IntWidth]);
    assert!(matches!(v.get(Guarantee::Unique), Status::Breaks(_)));
}

#[test]
fn a_tuple_integer_widens_in_place() {
    let v = check(
        |r| fdb_v1::K {
            user: small(r) as u32,
            name: text(r),
        },
        |r| fdb_v2::K {
            user: small(r),
            name: text(r),
        },
        |o| {
            Some(fdb_v2::K {
                user: o.user.into(),
                name: o.name.clone(),
            })
        },
    );
    assert_eq!(rules(&v), [Rule::IntWidth]);
    assert_eq!(words(&v), ["breaks", "holds", "holds", "holds"]);
}

#[test]
fn a_changed_signedness_loses_rows() {
    let v = check(
        gen_base,
        |r| signed::K {
            user: small(r) as i32,
            day: small(r) as u32,
        },
        |o| {
            Some(signed::K {
                user: i32::try_from(o.user).ok()?,
                day: o.day,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::Signedness]);
    assert!(matches!(v.get(Guarantee::Unique), Status::Breaks(_)));
}

#[test]
fn desc_reverses_order() {
    let v = check(
        gen_base,
        |r| desc::K {
            user: small(r) as u32,
            day: small(r) as u32,
        },
        |o| {
            Some(desc::K {
                user: o.user,
                day: o.day,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::Desc]);
    assert_eq!(words(&v), ["breaks", "breaks", "breaks", "holds"]);
}

/// `#[desc]` that the format carries itself (Bigtable's desc flag, a text key's complemented
/// digits) is named `desc` too.
#[test]
fn desc_in_the_format_is_desc() {
    let v = check(
        |r| bt_asc::K {
            user: text(r),
            n: small(r) as i64,
        },
        |r| bt_desc::K {
            user: text(r),
            n: small(r) as i64,
        },
        |o| {
            Some(bt_desc::K {
                user: o.user.clone(),
                n: o.n,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::Desc]);
    assert!(matches!(v.get(Guarantee::Order), Status::Breaks(_)));
    let v = check(
        |r| tx_asc::K {
            user: text(r).replace('\0', "x"),
            n: small(r) as u32,
        },
        |r| tx_desc::K {
            user: text(r).replace('\0', "x"),
            n: small(r) as u32,
        },
        |o| {
            Some(tx_desc::K {
                user: o.user.clone(),
                n: o.n,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::Desc]);
    assert!(matches!(v.get(Guarantee::Order), Status::Breaks(_)));
}

#[test]
fn reverse_ts_reverses_order() {
    let v = check(
        |r| ts_v1::K {
            user: small(r) as u32,
            at: small(r) as i64,
        },
        |r| ts_v2::K {
            user: small(r) as u32,
            at: small(r) as i64,
        },
        |o| {
            Some(ts_v2::K {
                user: o.user,
                at: o.at,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::Reverse]);
    assert!(matches!(v.get(Guarantee::Order), Status::Breaks(_)));
}

#[test]
fn a_new_bucket_count_moves_rows_across_buckets() {
    let v = check(
        |r| salted16::K {
            user: small(r) as u32,
            day: small(r) as u32,
        },
        |r| salted8::K {
            user: small(r) as u32,
            day: small(r) as u32,
        },
        |o| {
            Some(salted8::K {
                user: o.user,
                day: o.day,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::Salt]);
    assert_eq!(words(&v), ["breaks", "breaks", "breaks", "holds"]);
}

#[test]
fn another_encoding_moves_every_row() {
    let v = check(
        gen_base,
        |r| phoenix::K {
            user: small(r) as u32,
            day: small(r) as u32,
        },
        |o| {
            Some(phoenix::K {
                user: o.user,
                day: o.day,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::Encoding]);
    assert!(matches!(v.get(Guarantee::Point), Status::Breaks(_)));
}

#[test]
fn caps_and_fixed_widths() {
    let v = check(
        |r| cap8::K {
            name: text(r),
            user: small(r) as u32,
        },
        |r| cap16::K {
            name: text(r),
            user: small(r) as u32,
        },
        |o| {
            Some(cap16::K {
                name: o.name.clone(),
                user: o.user,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::Max]);
    let v = check(
        |r| fixed8::K {
            name: text(r),
            user: small(r) as u32,
        },
        |r| fixed12::K {
            name: text(r),
            user: small(r) as u32,
        },
        |o| {
            Some(fixed12::K {
                name: o.name.clone(),
                user: o.user,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::Fixed]);
    assert!(matches!(v.get(Guarantee::Point), Status::Breaks(_)));
}

/// Every rule has an id, a fix, and the ids are distinct.
#[test]
fn every_rule_is_named_once() {
    let ids: BTreeSet<&str> = Rule::ALL.iter().map(|r| r.id()).collect();
    assert_eq!(ids.len(), Rule::ALL.len());
    assert!(Rule::ALL.iter().all(|r| !r.fix().is_empty()));
}

key!(str_v1, { user: u32, name: String });
key!(str_v2, { user: u32, name: String, n: u8 });

/// A field appended after a string: the string's new terminator keeps its order (the format
/// orders values alike in both places), but the longest old rows no longer fit HBase's row
/// limit, which the judge shows with the longest old key.
#[test]
fn an_appended_field_after_a_string_keeps_order_and_meets_the_row_limit() {
    let v = check(
        |r| str_v1::K {
            user: small(r) as u32,
            name: text(r),
        },
        |r| str_v2::K {
            user: small(r) as u32,
            name: text(r),
            n: small(r) as u8,
        },
        |o| {
            Some(str_v2::K {
                user: o.user,
                name: o.name.clone(),
                n: 0,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::AppendField]);
    assert_eq!(words(&v), ["breaks", "breaks", "holds", "breaks"]);
    let Status::Breaks(w) = v.get(Guarantee::Unique) else {
        unreachable!()
    };
    assert!(
        w.why.contains("refuses") && w.keys[0].old_key.as_ref().unwrap().len() > 32_000,
        "{}",
        w.why
    );
}

key!(whole_v1, #[rowkey(encoding = "phoenix")] #[salt(phoenix, buckets = 16)] { user: i32, day: i32 });
key!(whole_v2, #[rowkey(encoding = "phoenix")] #[salt(phoenix, buckets = 16)] { user: i32, day: i32, seq: i16 });

/// A salt without `of` hashes the whole key: a field appended moves rows across buckets, so
/// the order the fixed-width fields kept is lost (found by the fuzzer's evolution mode).
#[test]
fn a_salt_of_the_whole_key_moves_with_any_field() {
    let v = check(
        |r| whole_v1::K {
            user: small(r) as i32,
            day: small(r) as i32,
        },
        |r| whole_v2::K {
            user: small(r) as i32,
            day: small(r) as i32,
            seq: small(r) as i16,
        },
        |o| {
            Some(whole_v2::K {
                user: o.user,
                day: o.day,
                seq: 0,
            })
        },
    );
    assert_eq!(rules(&v), [Rule::Salt, Rule::AppendField]);
    assert!(matches!(v.get(Guarantee::Order), Status::Breaks(_)));
}

//! The guide's table of every rule (`docs/guide/evolving_a_key.md`, "Every rule, each
//! encoding"): each row is an edit made here on a real pair of derived structs, the judge's
//! four verdicts checked against brute force over generated keys (each field's boundaries
//! and random values, written with the derived code into `BTreeMap`s), and the row printed as
//! the guide prints it. The guide's table must be this test's table, row for row.

mod brute;

use rowkey::layout::DynamicKey;
use rowkey::lock::samples::keys;
use rowkey::lock::{judge, judge_in, Guarantee, Rule, Verdict};
use rowkey::{RowKey, Subspace};

/// Keys of `K`: each field's boundary values against the others', then random ones, made
/// from `K`'s layout and read back through `K` (a value the key refuses is left out).
fn generated<K: RowKey>(seed: u64) -> Vec<K> {
    let layout = K::layout();
    let dynamic = DynamicKey::new(&layout).expect("every layout in the table runs");
    keys(&layout, seed, 3000)
        .iter()
        .filter_map(|values| dynamic.encode(values).ok())
        .map(|bytes| K::decode(&bytes).expect("the layout's bytes are the key's"))
        .collect()
}

/// One row of the table.
struct Row {
    rule: Rule,
    edit: &'static str,
    encoding: &'static str,
    words: [&'static str; 4],
    why: &'static str,
}

fn words(v: &Verdict) -> [&'static str; 4] {
    Guarantee::ALL.map(|g| v.get(g).word())
}

/// The judge on `O` → `N`, confirmed by brute force; the rule it names first is the row's.
fn row<O: RowKey, N: RowKey>(
    rule: Rule,
    edit: &'static str,
    encoding: &'static str,
    why: &'static str,
    conv: impl Fn(&O) -> Option<N>,
) -> Row {
    let v = judge(&O::layout(), &N::layout());
    assert!(
        v.findings.iter().any(|f| f.rule == rule),
        "{edit} ({encoding}): the judge does not name {rule}: {:?}",
        v.findings
    );
    let news = generated::<N>(2);
    let olds = generated::<O>(1);
    assert!(olds.len() > 100 && news.len() > 100, "{edit}: too few keys");
    brute::confirm(&v, olds, &news, conv);
    Row {
        rule,
        edit,
        encoding,
        words: words(&v),
        why,
    }
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
key!(bin_opt, { user: u32, day: u32, seq: Option<u16> });
key!(bin_u8, { user: u32, day: u32, seq: u8 });
key!(bin_ins, { user: u32, seq: u8, day: u32 });
key!(bin_rm, { user: u32 });
key!(bin_swap, { day: u32, user: u32 });
key!(bin_wide, { user: u64, day: u32 });
key!(bin_narrow, { user: u16, day: u32 });
key!(bin_signed, { user: i32, day: u32 });
key!(bin_desc, { user: u32, #[desc] day: u32 });
key!(bin_str, { user: u32, name: String });
key!(bin_str_u8, { user: u32, name: String, seq: u8 });
key!(bin_bytes, { user: u32, name: Vec<u8> });
key!(bin_nopt, { user: u32, day: Option<u32> });
key!(bin_nopt_desc, { user: u32, #[desc] day: Option<u32> });
key!(bin_ts, { user: u32, at: i64 });
key!(bin_ts_rev, { user: u32, #[reverse_ts] at: i64 });
key!(cap8, { #[max(8)] name: String, user: u32 });
key!(cap16, { #[max(16)] name: String, user: u32 });
key!(cap4, { #[max(4)] name: String, user: u32 });
key!(fixed8, { #[fixed(8)] name: String, user: u32 });
key!(fixed12, { #[fixed(12)] name: String, user: u32 });
key!(salt16, #[salt(md5, buckets = 16, of = "user")] { user: u32, day: u32 });
key!(salt32, #[salt(md5, buckets = 32, of = "user")] { user: u32, day: u32 });
key!(salt16_day, #[salt(md5, buckets = 16, of = "day")] { user: u32, day: u32 });
key!(budget200, #[rowkey(max_len = 200)] { user: u32, #[max(100)] name: String });
key!(budget120, #[rowkey(max_len = 120)] { user: u32, #[max(100)] name: String });
key!(ph_base, #[rowkey(encoding = "phoenix")] { host: String, day: i32 });
key!(ph_opt, #[rowkey(encoding = "phoenix")] { host: String, day: i32, path: Option<String> });
key!(ph_wide, #[rowkey(encoding = "phoenix")] { host: String, day: i64 });
key!(ph_desc, #[rowkey(encoding = "phoenix")] { host: String, #[desc] day: i32 });
key!(ph_ints, #[rowkey(encoding = "phoenix")] { user: u32, day: u32 });
key!(ho_base, #[rowkey(encoding = "hbase_ordered")] { host: String, day: i32 });
key!(ho_opt, #[rowkey(encoding = "hbase_ordered")] { host: String, day: i32, path: Option<String> });
key!(ho_wide, #[rowkey(encoding = "hbase_ordered")] { host: String, day: i64 });
key!(ho_desc, #[rowkey(encoding = "hbase_ordered")] { host: String, #[desc] day: i32 });
key!(bt_base, #[rowkey(encoding = "bigtable")] { host: String, n: i64 });
key!(bt_more, #[rowkey(encoding = "bigtable")] { host: String, n: i64, path: String });
key!(bt_desc, #[rowkey(encoding = "bigtable")] { host: String, #[desc] n: i64 });
key!(bt_swap, #[rowkey(encoding = "bigtable")] { n: i64, host: String });
key!(fdb_base, #[rowkey(encoding = "fdb_tuple")] { user: u32, name: String });
key!(fdb_opt, #[rowkey(encoding = "fdb_tuple")] { user: u32, name: String, seq: Option<u16> });
key!(fdb_u8, #[rowkey(encoding = "fdb_tuple")] { user: u32, name: String, seq: u8 });
key!(fdb_wide, #[rowkey(encoding = "fdb_tuple")] { user: u64, name: String });
key!(fdb_narrow, #[rowkey(encoding = "fdb_tuple")] { user: u16, name: String });
key!(fdb_signed, #[rowkey(encoding = "fdb_tuple")] { user: i64, name: String });
key!(fdb_rm, #[rowkey(encoding = "fdb_tuple")] { user: u32 });
key!(fdb_swap, #[rowkey(encoding = "fdb_tuple")] { name: String, user: u32 });
key!(tx_base, #[rowkey(delimiter = "#")] { host: String, #[decimal(10)] n: u32 });
key!(tx_desc, #[rowkey(delimiter = "#")] { host: String, #[desc] #[decimal(10)] n: u32 });
key!(tx_swap, #[rowkey(delimiter = "#")] { #[decimal(10)] n: u32, host: String });
key!(tx_wide, #[rowkey(delimiter = "#")] { host: String, #[decimal(12)] n: u32 });

fn table() -> Vec<Row> {
    use Rule as R;
    vec![
        row(R::Rename, "a field renamed with `was`", "binary", "the same bytes",
            |o: &base::K| Some(renamed::K { account: o.user, day: o.day })),
        row(R::ProbableRename, "a field renamed without `was`", "binary",
            "the same bytes; the judge asks you to say so",
            |o: &base::K| Some(probable::K { account: o.user, day: o.day })),
        row(R::AppendOption, "`Option<u16>` appended", "binary",
            "every row gains a `00` (None) byte, after its fields",
            |o: &base::K| Some(bin_opt::K { user: o.user, day: o.day, seq: None })),
        row(R::AppendOption, "`Option<String>` appended", "phoenix",
            "a trailing NULL is not written: old rows are new rows",
            |o: &ph_base::K| Some(ph_opt::K { host: o.host.clone(), day: o.day, path: None })),
        row(R::AppendOption, "`Option<String>` appended", "hbase_ordered",
            "`Struct.encode` drops trailing NULLs",
            |o: &ho_base::K| Some(ho_opt::K { host: o.host.clone(), day: o.day, path: None })),
        row(R::AppendField, "`String` appended (no field is an `Option`)", "bigtable",
            "Bigtable drops a trailing empty field: old rows are new rows",
            |o: &bt_base::K| Some(bt_more::K { host: o.host.clone(), n: o.n, path: String::new() })),
        row(R::AppendOption, "`Option<u16>` appended", "fdb_tuple",
            "a None is written (`00`): every row moves, in order; the longest no longer fit the row limit",
            |o: &fdb_base::K| Some(fdb_opt::K { user: o.user, name: o.name.clone(), seq: None })),
        row(R::AppendField, "`u8` appended after fixed widths", "binary",
            "every row gains a byte: no old key is a new one; old order kept",
            |o: &base::K| Some(bin_u8::K { user: o.user, day: o.day, seq: 0 })),
        row(R::AppendField, "`u8` appended after a `String`", "binary",
            "the string gains a terminator: rows move, in order; the longest no longer fit",
            |o: &bin_str::K| Some(bin_str_u8::K { user: o.user, name: o.name.clone(), seq: 0 })),
        row(R::AppendField, "`u8` appended", "fdb_tuple",
            "every row gains an element, in order; the longest no longer fit",
            |o: &fdb_base::K| Some(fdb_u8::K { user: o.user, name: o.name.clone(), seq: 0 })),
        row(R::InsertField, "`u8` inserted in the middle", "binary",
            "the later fields move; the judge proves no order",
            |o: &base::K| Some(bin_ins::K { user: o.user, seq: 0, day: o.day })),
        row(R::RemoveField, "the last field removed", "binary",
            "rows that differed only in it collide",
            |o: &base::K| Some(bin_rm::K { user: o.user })),
        row(R::RemoveField, "the last field removed", "fdb_tuple",
            "rows that differed only in it collide",
            |o: &fdb_base::K| Some(fdb_rm::K { user: o.user })),
        row(R::Reorder, "two fields swapped", "binary",
            "rows sort by the other field first",
            |o: &base::K| Some(bin_swap::K { day: o.day, user: o.user })),
        row(R::Reorder, "two fields swapped", "text",
            "rows sort by the other field first",
            |o: &tx_base::K| Some(tx_swap::K { n: o.n, host: o.host.clone() })),
        row(R::Reorder, "two fields swapped", "bigtable",
            "rows sort by the other field first",
            |o: &bt_base::K| Some(bt_swap::K { n: o.n, host: o.host.clone() })),
        row(R::Reorder, "two fields swapped", "fdb_tuple",
            "rows sort by the other field first",
            |o: &fdb_base::K| Some(fdb_swap::K { name: o.name.clone(), user: o.user })),
        row(R::IntWidth, "`u32` widened to `u64`", "binary",
            "4 more big-endian bytes: every row moves, in order",
            |o: &base::K| Some(bin_wide::K { user: o.user as u64, day: o.day })),
        row(R::IntWidth, "`INTEGER` widened to `BIGINT`", "phoenix",
            "4 more bytes: every row moves, in order; the longest no longer fit",
            |o: &ph_base::K| Some(ph_wide::K { host: o.host.clone(), day: o.day as i64 })),
        row(R::IntWidth, "`i32` widened to `i64`", "hbase_ordered",
            "`OrderedInt32` becomes `OrderedInt64`: every row moves; the longest no longer fit",
            |o: &ho_base::K| Some(ho_wide::K { host: o.host.clone(), day: o.day as i64 })),
        row(R::IntWidth, "`u32` widened to `u64`", "fdb_tuple",
            "a tuple integer is written by value: nothing moves",
            |o: &fdb_base::K| Some(fdb_wide::K { user: o.user as u64, name: o.name.clone() })),
        row(R::Format, "`decimal(10)` widened to `decimal(12)`", "text",
            "two more digits: every row moves; the longest no longer fit",
            |o: &tx_base::K| Some(tx_wide::K { host: o.host.clone(), n: o.n })),
        row(R::IntWidth, "`u32` narrowed to `u16`", "binary",
            "values above `u16::MAX` have no new key",
            |o: &base::K| Some(bin_narrow::K { user: u16::try_from(o.user).ok()?, day: o.day })),
        row(R::IntWidth, "`u32` narrowed to `u16`", "fdb_tuple",
            "values above `u16::MAX` have no new key",
            |o: &fdb_base::K| Some(fdb_narrow::K { user: u16::try_from(o.user).ok()?, name: o.name.clone() })),
        row(R::Signedness, "`u32` made `i32`", "binary",
            "values above `i32::MAX` have no new key",
            |o: &base::K| Some(bin_signed::K { user: i32::try_from(o.user).ok()?, day: o.day })),
        row(R::Signedness, "`u32` made `i64`", "fdb_tuple",
            "a tuple integer is written by value, signed or not: nothing moves",
            |o: &fdb_base::K| Some(fdb_signed::K { user: o.user as i64, name: o.name.clone() })),
        row(R::Type, "`String` made `Vec<u8>`", "binary",
            "old readers refuse new values that are not UTF-8; the judge proves no more",
            |o: &bin_str::K| Some(bin_bytes::K { user: o.user, name: o.name.clone().into_bytes() })),
        row(R::Desc, "`#[desc]` added", "binary",
            "the field's bytes are inverted: its order reversed",
            |o: &base::K| Some(bin_desc::K { user: o.user, day: o.day })),
        row(R::Desc, "`DESC` added", "phoenix",
            "the field's bytes are inverted: its order reversed",
            |o: &ph_base::K| Some(ph_desc::K { host: o.host.clone(), day: o.day })),
        row(R::Desc, "`DESCENDING` added", "hbase_ordered",
            "the field's bytes are inverted: its order reversed",
            |o: &ho_base::K| Some(ho_desc::K { host: o.host.clone(), day: o.day })),
        row(R::Desc, "`#[desc]` added", "bigtable",
            "OrderedCode's decreasing form: order reversed; the longest no longer fit",
            |o: &bt_base::K| Some(bt_desc::K { host: o.host.clone(), n: o.n })),
        row(R::Desc, "`#[desc]` added", "text",
            "the digits are complemented: its order reversed",
            |o: &tx_base::K| Some(tx_desc::K { host: o.host.clone(), n: o.n })),
        row(R::NullOrder, "`#[desc]` added to an `Option`", "binary",
            "NULLs move from the first to the last of the field's values",
            |o: &bin_nopt::K| Some(bin_nopt_desc::K { user: o.user, day: o.day })),
        row(R::Reverse, "`#[reverse_ts]` added", "binary",
            "written `MAX - t`: order reversed; a negative time has no new key",
            |o: &bin_ts::K| Some(bin_ts_rev::K { user: o.user, at: o.at })),
        row(R::Max, "`#[max(8)]` raised to `#[max(16)]`", "binary",
            "old rows keep their bytes; old readers refuse the longer new values",
            |o: &cap8::K| Some(cap16::K { name: o.name.clone(), user: o.user })),
        row(R::Max, "`#[max(8)]` lowered to `#[max(4)]`", "binary",
            "strings longer than 4 bytes have no new key",
            |o: &cap8::K| Some(cap4::K { name: o.name.clone(), user: o.user })),
        row(R::Fixed, "`#[fixed(8)]` made `#[fixed(12)]`", "binary",
            "4 more padding bytes: every row moves",
            |o: &fixed8::K| Some(fixed12::K { name: o.name.clone(), user: o.user })),
        row(R::Salt, "16 buckets made 32", "binary",
            "rows move across buckets; after the salt, in order",
            |o: &salt16::K| Some(salt32::K { user: o.user, day: o.day })),
        row(R::Salt, "a salt added", "binary",
            "every row gains a bucket byte; after the salt, in order",
            |o: &base::K| Some(salt16::K { user: o.user, day: o.day })),
        row(R::Salt, "the salt's hashed field changed", "binary",
            "rows move across buckets; after the salt, in order",
            |o: &salt16::K| Some(salt16_day::K { user: o.user, day: o.day })),
        row(R::Encoding, "binary made phoenix", "binary → phoenix",
            "every row moves; an `UNSIGNED_INT` above `i32::MAX` has no new key",
            |o: &base::K| Some(ph_ints::K { user: o.user, day: o.day })),
        row(R::Budget, "`max_len = 200` lowered to `120`", "binary",
            "the derive proves every key still fits: no byte changes",
            |o: &budget200::K| Some(budget120::K { user: o.user, name: o.name.clone() })),
        subspace_row(),
    ]
}

/// A subspace is a run-time value: the same key under another prefix, judged with
/// `judge_in` and confirmed by brute force over the prefixed bytes.
fn subspace_row() -> Row {
    let (a, b) = (
        Subspace::new(vec![0x15, 0x01]),
        Subspace::new(vec![0x15, 0x02]),
    );
    let layout = base::K::layout();
    let v = judge_in(&layout, a.prefix(), &layout, b.prefix());
    let olds = generated::<base::K>(1);
    let moved = olds.iter().all(|k| {
        a.encode(k).unwrap() != b.encode(k).unwrap()
            && b.decode::<base::K>(&a.encode(k).unwrap()).is_err()
    });
    let mut sorted: Vec<(Vec<u8>, Vec<u8>)> = olds
        .iter()
        .map(|k| (a.encode(k).unwrap(), b.encode(k).unwrap()))
        .collect();
    sorted.sort();
    sorted.dedup();
    let order = sorted.windows(2).all(|w| w[0].1 < w[1].1);
    assert!(moved && order);
    assert_eq!(words(&v), ["breaks", "breaks", "holds", "holds"]);
    Row {
        rule: Rule::Subspace,
        edit: "another subspace",
        encoding: "any",
        words: words(&v),
        why: "every row moves under the new prefix, in order",
    }
}

fn markdown(rows: &[Row]) -> String {
    let mut out = String::from(
        "| rule | edit | encoding | bytes | point | order | unique | why |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    for r in rows {
        let [b, p, o, u] = r.words;
        out.push_str(&format!(
            "| `{}` | {} | {} | {b} | {p} | {o} | {u} | {} |\n",
            r.rule, r.edit, r.encoding, r.why
        ));
    }
    out
}

/// Every row's verdicts hold against brute force (in `row`), every rule has a row, and the
/// guide prints exactly this table.
#[test]
fn the_guide_table_is_the_judges_table() {
    let rows = table();
    for rule in Rule::ALL {
        assert!(rows.iter().any(|r| r.rule == rule), "no row for {rule}");
    }
    let want = markdown(&rows);
    let guide = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/guide/evolving_a_key.md"
    ))
    .unwrap();
    let start = guide
        .find("| rule | edit |")
        .expect("the guide has the table");
    let end = start + guide[start..].find("\n\n").unwrap_or(guide.len() - start) + 1;
    assert_eq!(
        &guide[start..end],
        want,
        "the guide's table differs from the judge's; this test's table is:\n{want}"
    );
}

//! The judge: what an edit from one layout to another keeps of four guarantees, each proved
//! from the layouts or broken by a witness.
//!
//! - **bytes**: the two layouts write the same bytes for the same values, both ways: old
//!   readers read new rows and new readers old rows. Nothing to migrate.
//! - **point**: every old row is where the new key puts its values (converted), and reads back
//!   as them: point reads and scans of the new key find old rows. New rows may be unreadable
//!   by old code (deploy readers first).
//! - **order**: old rows, converted, sort in the new key as they did in the old one: a re-key
//!   is needed, but a mid-move read can merge the two tables in one order.
//! - **unique**: distinct old rows stay distinct, converted: a re-key loses no row.
//!
//! bytes implies point, which implies order and unique. A guarantee **holds** only when the
//! layouts prove it (the same descriptions, or edits known to keep it); it **breaks** only
//! with a witness, values whose keys show it; otherwise it is **unproven**, with the number of
//! keys tried.

use std::collections::HashMap;

use rowkey_runtime::layout::{
    DynamicKey, FieldFormat, FieldLayout, FieldOrder, Layout, Value, ValueType,
};

use crate::convert::{Conversion, Converter, Source};
use crate::matching::{same_bytes, same_type_and_format, Matched, Matching};
use crate::rules::Rule;
use crate::samples::{keys, keys_with};

/// One of the four guarantees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Guarantee {
    /// The same bytes both ways.
    Bytes,
    /// Old rows found by the new key's point reads.
    Point,
    /// Old rows sort as they did.
    Order,
    /// Old rows stay distinct.
    Unique,
}

impl Guarantee {
    /// All four, strongest first.
    pub const ALL: [Guarantee; 4] = [
        Guarantee::Bytes,
        Guarantee::Point,
        Guarantee::Order,
        Guarantee::Unique,
    ];

    /// Its name, as `--level` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Guarantee::Bytes => "bytes",
            Guarantee::Point => "point",
            Guarantee::Order => "order",
            Guarantee::Unique => "unique",
        }
    }

    /// The guarantee named `name`.
    pub fn parse(name: &str) -> Option<Guarantee> {
        Guarantee::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The guarantees `self` implies, itself included.
    pub fn implied(self) -> &'static [Guarantee] {
        match self {
            Guarantee::Bytes => &Guarantee::ALL,
            Guarantee::Point => &Guarantee::ALL[1..],
            Guarantee::Order => &[Guarantee::Order],
            Guarantee::Unique => &[Guarantee::Unique],
        }
    }
}

/// A key as a witness shows it: its values and bytes in the old layout and the new one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sample {
    /// The old key's values, as a lock file writes them (`None` for a key only the new layout
    /// wrote).
    pub old_values: Option<String>,
    /// Its bytes in the old layout.
    pub old_key: Option<Vec<u8>>,
    /// Its values in the new layout.
    pub new_values: Option<String>,
    /// Its bytes in the new layout.
    pub new_key: Option<Vec<u8>>,
}

/// What a witness shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Break {
    /// An old row's key is not where the new key puts its values.
    Moved,
    /// The new key reads an old row's key as other values.
    ReadsOther,
    /// The old key cannot read a row the new key writes.
    Unreadable,
    /// An old row has no value for a field of the new key.
    NoValue,
    /// The new key refuses an old row's values (a value out of its range, a key too long).
    Refused,
    /// Two old rows get one new key.
    Collide,
    /// Two old rows sort the other way in the new key.
    Reordered,
}

/// Why a guarantee breaks: one or two keys and what they show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Witness {
    /// What they show.
    pub kind: Break,
    /// The keys.
    pub keys: Vec<Sample>,
    /// What they show, in words.
    pub why: String,
}

/// What the judge says of one guarantee.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// Proved from the layouts (and no key tried breaks it).
    Holds,
    /// Broken, as the witness shows.
    Breaks(Witness),
    /// Neither proved nor broken: why it could not be proved.
    Unproven(String),
}

impl Status {
    /// Its word: `holds`, `breaks` or `unproven`.
    pub fn word(&self) -> &'static str {
        match self {
            Status::Holds => "holds",
            Status::Breaks(_) => "breaks",
            Status::Unproven(_) => "unproven",
        }
    }
}

/// An edit the judge found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Its rule.
    pub rule: Rule,
    /// The field it is about (its new name, or its old one when it was removed).
    pub field: Option<String>,
    /// What changed.
    pub message: String,
}

/// The judge's verdict on an edit from `old` to `new`.
#[derive(Debug, Clone)]
pub struct Verdict {
    /// The edits found, in key order.
    pub findings: Vec<Finding>,
    /// Each guarantee's status, in [`Guarantee::ALL`]'s order.
    pub status: [Status; 4],
    /// Old keys tried.
    pub tried: usize,
}

impl Verdict {
    /// The status of `g`.
    pub fn get(&self, g: Guarantee) -> &Status {
        &self.status[g as usize]
    }

    /// Whether `g` holds.
    pub fn holds(&self, g: Guarantee) -> bool {
        matches!(self.get(g), Status::Holds)
    }

    /// The strongest guarantee that holds.
    pub fn strongest(&self) -> Option<Guarantee> {
        Guarantee::ALL.into_iter().find(|&g| self.holds(g))
    }
}

/// How many random old keys the judge tries beside each field's boundaries.
pub const RANDOM_KEYS: usize = 4000;

/// Judge the edit from `old` to `new`.
pub fn judge(old: &Layout, new: &Layout) -> Verdict {
    let matching = Matching::of(old, new);
    let conv = Converter::new(old, new, &matching);
    let findings = findings(old, new, &matching, &conv);
    let proofs = Proofs::of(old, new, &matching, &conv);
    let seed = old.fingerprint ^ new.fingerprint.rotate_left(17);
    // A random salt is no function of the values: keys are tried without it (a point read of
    // such a key reads every bucket; its order is the order after the salt). A change of the
    // salt itself is then only the proofs' to judge.
    let random = |l: &Layout| matches!(l.salt, rowkey_runtime::salt::Salt::Random { .. });
    let tried = if random(old) || random(new) {
        Tried::run(&unsalted(old), &unsalted(new), &conv, seed)
    } else {
        Tried::run(old, new, &conv, seed)
    };
    let mut status: [Status; 4] = Guarantee::ALL.map(|g| {
        if let Some(w) = tried.witness(g) {
            Status::Breaks(w.clone())
        } else if proofs.proves(g) {
            Status::Holds
        } else {
            Status::Unproven(tried.unproven(g, &findings))
        }
    });
    // A stronger guarantee breaks with any weaker one it implies, with its witness.
    for g in [Guarantee::Point, Guarantee::Bytes] {
        if matches!(status[g as usize], Status::Breaks(_)) {
            continue;
        }
        let weaker = g.implied()[1..]
            .iter()
            .find_map(|&w| match &status[w as usize] {
                Status::Breaks(wit) => Some(Status::Breaks(wit.clone())),
                Status::Unproven(_) if matches!(status[g as usize], Status::Holds) => {
                    Some(Status::Unproven(format!("{} is unproven", w.name())))
                }
                _ => None,
            });
        if let Some(s) = weaker {
            status[g as usize] = s;
        }
    }
    Verdict {
        findings,
        status,
        tried: tried.tried,
    }
}

/// [`judge`] of keys written under subspaces (`old_prefix`, `new_prefix`: each
/// [`Subspace`](rowkey_runtime::Subspace)'s bytes, empty for none). A changed prefix moves every
/// row: `bytes` and `point` break, with a key of the old layout under both prefixes as the
/// witness (when the layouts alone keep `point`; otherwise their own witness stands), while
/// `order` and `unique` are what the layouts keep, since every row shares its prefix.
pub fn judge_in(old: &Layout, old_prefix: &[u8], new: &Layout, new_prefix: &[u8]) -> Verdict {
    let mut v = judge(old, new);
    if old_prefix == new_prefix {
        return v;
    }
    v.findings.insert(
        0,
        Finding {
            rule: Rule::Subspace,
            field: None,
            message: format!(
                "subspace {} became {}",
                prefix_text(old_prefix),
                prefix_text(new_prefix)
            ),
        },
    );
    if !matches!(v.get(Guarantee::Point), Status::Breaks(_)) {
        let key = DynamicKey::new(old).ok().and_then(|k| {
            keys(old, old.fingerprint, 0)
                .into_iter()
                .find_map(|vals| Some((k.encode(&vals).ok()?, vals)))
        });
        let status = match key {
            // With `point` kept by the layouts, the new key writes these values as the same
            // bytes: under another prefix, the row is elsewhere.
            Some((bytes, vals)) if v.holds(Guarantee::Point) => Status::Breaks(Witness {
                kind: Break::Moved,
                keys: vec![Sample {
                    old_values: Some(values_text(&vals)),
                    old_key: Some([old_prefix, &bytes].concat()),
                    new_values: Some(values_text(&vals)),
                    new_key: Some([new_prefix, &bytes].concat()),
                }],
                why: "the same key under another prefix".into(),
            }),
            _ => {
                Status::Unproven("the subspace changed; no key of the old layout was tried".into())
            }
        };
        v.status[Guarantee::Point as usize] = status.clone();
        v.status[Guarantee::Bytes as usize] = status;
    } else if let Status::Breaks(w) = v.get(Guarantee::Point).clone() {
        v.status[Guarantee::Bytes as usize] = Status::Breaks(w);
    }
    v
}

fn prefix_text(p: &[u8]) -> String {
    if p.is_empty() {
        "none".into()
    } else {
        rowkey_runtime::hex::encode(p)
    }
}

/// `layout` without its salt: the key a merge that sets the salt aside compares.
pub fn unsalted(layout: &Layout) -> Layout {
    let mut l = layout.clone();
    l.salt = rowkey_runtime::salt::Salt::None;
    l.salt_of = &[];
    l.salt_width = 0;
    l.salt_text = None;
    l.fields.iter_mut().for_each(|f| {
        f.offset = f.offset.map(|at| at - layout.salt_width);
    });
    l
}

/// The judge on the two layouts without their salts: what a re-salt keeps. A mid-move read
/// ([`Dual`](https://docs.rs/rowkey-migrate)) merges the two tables by their keys after the
/// salt, so it needs `order` here; a copy loses rows unless `unique` holds.
pub fn judge_logical(old: &Layout, new: &Layout) -> Verdict {
    judge(&unsalted(old), &unsalted(new))
}

fn is_int(t: &ValueType) -> bool {
    use ValueType as T;
    matches!(
        t,
        T::U8 | T::U16 | T::U32 | T::U64 | T::U128 | T::I8 | T::I16 | T::I32 | T::I64 | T::I128
    )
}

fn signed(t: &ValueType) -> bool {
    use ValueType as T;
    matches!(t, T::I8 | T::I16 | T::I32 | T::I64 | T::I128)
}

fn cap(f: &FieldFormat) -> Option<usize> {
    match f {
        FieldFormat::Capped { max, .. } => Some(*max),
        _ => None,
    }
}

fn fixed(f: &FieldFormat) -> Option<usize> {
    match f.uncapped() {
        FieldFormat::Fixed { width, .. } => Some(*width),
        _ => None,
    }
}

/// The edits, in key order.
fn findings(old: &Layout, new: &Layout, m: &Matching, conv: &Converter) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut add = |rule, field: Option<&str>, message: String| {
        out.push(Finding {
            rule,
            field: field.map(str::to_string),
            message,
        })
    };
    if old.encoding != new.encoding {
        add(
            Rule::Encoding,
            None,
            format!("encoding {} became {}", old.encoding, new.encoding),
        );
    }
    if salt_changed(old, new, m) {
        add(
            Rule::Salt,
            None,
            format!("salt {} became {}", salt_text(old), salt_text(new)),
        );
    }
    let last_matched = m.sources.iter().rposition(Option::is_some);
    for (j, f) in new.fields.iter().enumerate() {
        let name = Some(f.name);
        let Some((i, how)) = m.sources[j] else {
            let (rule, what) = match (&f.value, last_matched.is_none_or(|l| j > l)) {
                (ValueType::Option(_), true) => (Rule::AppendOption, "an Option added at the end"),
                (_, true) => (Rule::AppendField, "a field added at the end"),
                _ => (Rule::InsertField, "a field added before the end"),
            };
            let constant = match &conv.fields[j] {
                Source::Constant(Some(v)) => {
                    format!(", judged as {} in every old row", v.to_text())
                }
                _ => String::new(),
            };
            add(
                rule,
                name,
                format!("`{}: {}`: {what}{constant}", f.name, f.value),
            );
            continue;
        };
        let o = &old.fields[i];
        match how {
            Matched::Was => add(
                Rule::Rename,
                name,
                format!("`{}` renamed `{}`", o.name, f.name),
            ),
            Matched::Probable => add(
                Rule::ProbableRename,
                name,
                format!(
                    "`{}` is gone and `{}` takes its place, with its type and format",
                    o.name, f.name
                ),
            ),
            Matched::Name => {}
        }
        if o.value != f.value {
            let rule = match (is_int(&o.value), is_int(&f.value)) {
                (true, true) if signed(&o.value) != signed(&f.value) => Rule::Signedness,
                (true, true) => Rule::IntWidth,
                _ => Rule::Type,
            };
            add(
                rule,
                name,
                format!("`{}`: {} became {}", f.name, o.value, f.value),
            );
        } else if old.encoding == new.encoding && (o.format != f.format || o.inverted != f.inverted)
        {
            // (Under another encoding every format changes with it: one finding says so.)
            let rule = if o.inverted != f.inverted || o.format.descending() != f.format.descending()
            {
                Rule::Desc
            } else if o.format.reversed() != f.format.reversed() {
                Rule::Reverse
            } else if cap(&o.format) != cap(&f.format) {
                Rule::Max
            } else if fixed(&o.format) != fixed(&f.format) {
                Rule::Fixed
            } else {
                Rule::Format
            };
            add(
                rule,
                name,
                format!(
                    "`{}`: written as {}{} before, {}{} now",
                    f.name,
                    o.format,
                    desc(o),
                    f.format,
                    desc(f)
                ),
            );
            if rule == Rule::Desc && matches!(f.value, ValueType::Option(_)) {
                add(
                    Rule::NullOrder,
                    name,
                    format!(
                        "`{}`: where a NULL is written, it now sorts at the other end of the \
                         field's values",
                        f.name
                    ),
                );
            }
        }
    }
    for (i, o) in old.fields.iter().enumerate() {
        if m.target(i).is_none() {
            add(
                Rule::RemoveField,
                Some(o.name),
                format!("`{}: {}` removed", o.name, o.value),
            );
        }
    }
    let targets: Vec<usize> = (0..old.fields.len()).filter_map(|i| m.target(i)).collect();
    if let Some(w) = targets.windows(2).position(|w| w[0] > w[1]) {
        let moved = &new.fields[targets[w + 1]];
        add(
            Rule::Reorder,
            Some(moved.name),
            format!(
                "`{}` moved before `{}`",
                moved.name, new.fields[targets[w]].name
            ),
        );
    }
    if old.max_len != new.max_len {
        let show = |m: Option<usize>| m.map_or("none".to_string(), |n| n.to_string());
        add(
            Rule::Budget,
            None,
            format!("max_len {} became {}", show(old.max_len), show(new.max_len)),
        );
    }
    out
}

fn desc(f: &FieldLayout) -> &'static str {
    if f.inverted {
        " inverted"
    } else {
        ""
    }
}

fn salt_text(l: &Layout) -> String {
    let of: Vec<&str> = l.salt_of.iter().map(|&i| l.fields[i].name).collect();
    format!("{} of [{}] ({}B)", l.salt, of.join(", "), l.salt_width)
}

/// Whether the salt is another one: another kind, width or text, or other hashed fields, or
/// hashed fields whose bytes changed.
fn salt_changed(old: &Layout, new: &Layout, m: &Matching) -> bool {
    // A deterministic salt without `of` hashes the whole key after it: it stays only when
    // every field stays, in place, written alike.
    let whole = |l: &Layout| {
        l.salt != rowkey_runtime::salt::Salt::None
            && !matches!(l.salt, rowkey_runtime::salt::Salt::Random { .. })
            && l.salt_of.is_empty()
    };
    let fields_alike = old.fields.len() == new.fields.len()
        && (0..old.fields.len())
            .all(|i| m.target(i) == Some(i) && same_bytes(&old.fields[i], &new.fields[i]));
    old.salt != new.salt
        || old.salt_width != new.salt_width
        || old.salt_text != new.salt_text
        || old.salt_of.len() != new.salt_of.len()
        || ((whole(old) || whole(new)) && !fields_alike)
        || old
            .salt_of
            .iter()
            .zip(new.salt_of)
            .any(|(&i, &j)| m.target(i) != Some(j) || !same_hashed(&old.fields[i], &new.fields[j]))
}

/// Whether a salt hashes the same bytes of the two fields for every value: the same type
/// and format, and a fixed width or the same end (a terminator is part of what is hashed).
fn same_hashed(o: &FieldLayout, f: &FieldLayout) -> bool {
    same_type_and_format(o, f)
        && o.value_trim == f.value_trim
        && ((o.width.is_some() && o.width == f.width) || o.open_end == f.open_end)
}

/// What the layouts prove.
struct Proofs {
    bytes: bool,
    point: bool,
    order: bool,
    unique: bool,
}

impl Proofs {
    fn of(old: &Layout, new: &Layout, m: &Matching, conv: &Converter) -> Proofs {
        let frame = old.encoding == new.encoding && !salt_changed(old, new, m);
        // The new fields that are old ones in place (field i is new field i).
        let in_place = |j: usize| matches!(m.sources.get(j), Some(Some((i, _))) if *i == j);
        let n_old = old.fields.len();
        let prefix = n_old <= new.fields.len() && (0..n_old).all(in_place);
        let bytes = frame
            && prefix
            && n_old == new.fields.len()
            && old.empty_key == new.empty_key
            && old
                .fields
                .iter()
                .zip(&new.fields)
                .all(|(o, f)| same_bytes(o, f));
        // Point: the old fields in place, each written as before (a fixed-width one may lose
        // its open end, and a tuple integer may change width), then only Options the
        // encoding drops when empty, which old rows leave empty.
        // The `last` argument the generated code passes a field's format is the same in both
        // layouts when the old fields keep their open ends, except the old last field when
        // fields are appended that old rows leave dropped: it is then written as the last
        // field in both, when it was open-ended or already followed by droppable fields.
        let old_droppable_tail = old.fields.last().is_some_and(|o| o.dropped.is_some());
        let kept = |i: usize, o: &FieldLayout, f: &FieldLayout, appended: bool| {
            let ends_alike = o.open_end == f.open_end
                || (appended && i + 1 == n_old && (o.open_end || old_droppable_tail));
            // A raised `#[max(N)]` on a field of variable width: the same code, for more values.
            let raised_cap = o.width.is_none()
                && f.width.is_none()
                && o.value == f.value
                && o.inverted == f.inverted
                && match (&o.format, &f.format) {
                    (
                        FieldFormat::Capped {
                            max: a, inner: x, ..
                        },
                        FieldFormat::Capped {
                            max: b, inner: y, ..
                        },
                    ) => b >= a && x == y,
                    _ => false,
                };
            ((same_type_and_format(o, f) || raised_cap)
                && o.width == f.width
                && o.value_trim == f.value_trim
                && o.window == f.window
                && (ends_alike || o.width.is_some()))
                || (o.format == FieldFormat::FdbElement
                    && f.format == FieldFormat::FdbElement
                    && is_int(&o.value)
                    && is_int(&f.value)
                    && Conversion::Int.total_and_injective(&o.value, &f.value))
        };
        // (A `None` the encoding drops, or an empty string or byte vector it drops, as
        // Bigtable's struct drops trailing empty fields, when old rows get that value.)
        let appended_dropped = new.fields[n_old.min(new.fields.len())..]
            .iter()
            .enumerate()
            .all(|(k, f)| match f.dropped {
                Some(rowkey_runtime::layout::Dropped::Null) => {
                    matches!(f.value, ValueType::Option(_))
                }
                Some(rowkey_runtime::layout::Dropped::Empty) => {
                    matches!(
                        &conv.fields[n_old + k],
                        Source::Constant(Some(Value::String(s))) if s.is_empty()
                    ) || matches!(
                        &conv.fields[n_old + k],
                        Source::Constant(Some(Value::Bytes(b))) if b.is_empty()
                    )
                }
                None => false,
            });
        let point = bytes
            || (frame
                && prefix
                && n_old > 0
                && appended_dropped
                && old.empty_key == new.empty_key
                && old
                    .fields
                    .iter()
                    .zip(&new.fields)
                    .enumerate()
                    .all(|(i, (o, f))| kept(i, o, f, n_old < new.fields.len())));
        // Order: the old fields in place, each sorting its converted values as before (the
        // same bytes, or a big-endian integer widened with its signedness), then constants
        // after an old last field that ends where it did.
        let ordered =
            |o: &FieldLayout| matches!(o.order, FieldOrder::Ascending | FieldOrder::Descending);
        let monotone = |i: usize, o: &FieldLayout, f: &FieldLayout| {
            kept(i, o, f, false)
                // The same format ordering its values the same way in both places (its end
                // written or not): the two codes order the values alike.
                || (same_type_and_format(o, f) && o.order == f.order && ordered(o))
                || (o.format == FieldFormat::Natural
                    && f.format == FieldFormat::Natural
                    && o.inverted == f.inverted
                    && o.order == f.order
                    && ordered(o)
                    && is_int(&o.value)
                    && is_int(&f.value)
                    && signed(&o.value) == signed(&f.value)
                    && Conversion::Int.total_and_injective(&o.value, &f.value))
        };
        // The old last field's code, in its new place, ends where a constant suffix can follow
        // without changing any comparison: fixed, terminated before, or now terminated and
        // ordered as it was (a field before others is always self-delimiting).
        // (A field read from a window is not self-delimiting: a suffix could decide between
        // keys it did not.)
        let last_closed = old.fields.iter().all(|o| !o.window)
            && old.fields.last().is_none_or(|o| {
                o.width.is_some()
                    || !o.open_end
                    || new.fields.get(n_old - 1).is_some_and(|f| {
                        !f.window && same_type_and_format(o, f) && o.order == f.order && ordered(o)
                    })
            });
        let constants = new.fields[n_old.min(new.fields.len())..]
            .iter()
            .enumerate()
            .all(|(k, _)| matches!(conv.fields[n_old + k], Source::Constant(Some(_))));
        let order = point
            || (frame
                && prefix
                && n_old > 0
                && (n_old == new.fields.len() || (last_closed && constants))
                && old
                    .fields
                    .iter()
                    .zip(&new.fields)
                    .enumerate()
                    .all(|(i, (o, f))| monotone(i, o, f)));
        // Every converted row has a key: the new key's longest fits its budget (or it is as
        // long as the old one, which point proves). An appended field could otherwise push the
        // longest old rows over the row-length limit, and a row without a key is lost.
        let budget = new.max_len.unwrap_or(rowkey_runtime::MAX_ROW_LENGTH);
        // A new key no longer than the old one for any row: the same fields in any order, each
        // in the same format, none closed that was open.
        let no_longer = new.salt_width <= old.salt_width
            && new.fields.len() == n_old
            && (0..n_old).all(|i| {
                m.target(i).is_some_and(|j| {
                    let (o, f) = (&old.fields[i], &new.fields[j]);
                    same_type_and_format(o, f) && (f.open_end || !o.open_end)
                })
            });
        let fits = point || no_longer || new.max_key_len().is_some_and(|n| n <= budget);
        // Unique: every old field kept, through a conversion that keeps distinct values apart.
        let unique = fits
            && (0..n_old).all(|i| {
                m.target(i).is_some_and(|j| match &conv.fields[j] {
                    Source::Old(k, c) => {
                        *k == i && c.total_and_injective(&old.fields[i].value, &new.fields[j].value)
                    }
                    Source::Constant(_) => false,
                })
            });
        Proofs {
            bytes,
            point,
            order,
            unique,
        }
    }

    fn proves(&self, g: Guarantee) -> bool {
        match g {
            Guarantee::Bytes => self.bytes,
            Guarantee::Point => self.point,
            Guarantee::Order => self.order,
            Guarantee::Unique => self.unique,
        }
    }
}

/// An old key tried: its values and bytes, then its converted values and their new bytes.
type Row = (Vec<Value>, Vec<u8>, Vec<Value>, Vec<u8>);

/// The keys tried and the first witness against each guarantee.
struct Tried {
    tried: usize,
    witnesses: [Option<Witness>; 4],
    /// Why keys could not be tried, when they could not.
    skipped: Option<String>,
}

fn sample(old: Option<(&[Value], &[u8])>, new: Option<(&[Value], Option<&[u8]>)>) -> Sample {
    Sample {
        old_values: old.map(|(v, _)| values_text(v)),
        old_key: old.map(|(_, k)| k.to_vec()),
        new_values: new.map(|(v, _)| values_text(v)),
        new_key: new.and_then(|(_, k)| k.map(<[u8]>::to_vec)),
    }
}

/// Values as a lock file writes them: `(230611, 63031, "a")`.
pub fn values_text(values: &[Value]) -> String {
    let parts: Vec<String> = values.iter().map(Value::to_text).collect();
    format!("({})", parts.join(", "))
}

impl Tried {
    fn run(old: &Layout, new: &Layout, conv: &Converter, seed: u64) -> Tried {
        let mut t = Tried {
            tried: 0,
            witnesses: Default::default(),
            skipped: None,
        };
        let (o, n) = match (DynamicKey::new(old), DynamicKey::new(new)) {
            (Ok(o), Ok(n)) => (o, n),
            (Err(e), _) | (_, Err(e)) => {
                t.skipped = Some(e);
                return t;
            }
        };
        let mut rows: Vec<Row> = Vec::new();
        for x in keys_with(old, seed, RANDOM_KEYS, |x| o.encode(x).is_ok()) {
            let Ok(ok) = o.encode(&x) else { continue };
            t.tried += 1;
            let y = match conv.convert(&x, new) {
                Ok(y) => y,
                Err(j) => {
                    let w = Witness {
                        keys: vec![sample(Some((&x, &ok)), None)],
                        kind: Break::NoValue,
                        why: format!(
                            "this old row has no value for the new key's `{}`",
                            new.fields[j].name
                        ),
                    };
                    t.set(Guarantee::Point, &w);
                    t.set(Guarantee::Unique, &w);
                    continue;
                }
            };
            let nk = match n.encode(&y) {
                Ok(k) => k,
                Err(e) => {
                    let w = Witness {
                        keys: vec![sample(Some((&x, &ok)), Some((&y, None)))],
                        kind: Break::Refused,
                        why: format!("the new key refuses this old row's values: {e}"),
                    };
                    t.set(Guarantee::Point, &w);
                    t.set(Guarantee::Unique, &w);
                    continue;
                }
            };
            if nk != ok {
                t.set(
                    Guarantee::Point,
                    &Witness {
                        keys: vec![sample(Some((&x, &ok)), Some((&y, Some(&nk))))],
                        kind: Break::Moved,
                        why: "this old row's key is not where the new key puts its values".into(),
                    },
                );
            } else if n.decode(&ok).ok()
                != o.decode(&ok).ok().and_then(|x| conv.convert(&x, new).ok())
            {
                // (Against what the old key reads, converted: a format may write a value in
                // its canonical form, -0.0 as 0.0, and read that back.)
                t.set(
                    Guarantee::Point,
                    &Witness {
                        keys: vec![sample(Some((&x, &ok)), Some((&y, Some(&nk))))],
                        kind: Break::ReadsOther,
                        why: "the new key reads this old row's key as other values".into(),
                    },
                );
            }
            rows.push((x, ok, y, nk));
        }
        // Order and uniqueness: by old bytes, the new bytes must rise strictly.
        rows.sort_by(|a, b| a.1.cmp(&b.1));
        rows.dedup_by(|a, b| a.1 == b.1);
        let mut seen: HashMap<&[u8], usize> = HashMap::new();
        for (k, r) in rows.iter().enumerate() {
            if let Some(&first) = seen.get(r.3.as_slice()) {
                let a = &rows[first];
                t.set(
                    Guarantee::Unique,
                    &Witness {
                        keys: vec![
                            sample(Some((&a.0, &a.1)), Some((&a.2, Some(&a.3)))),
                            sample(Some((&r.0, &r.1)), Some((&r.2, Some(&r.3)))),
                        ],
                        kind: Break::Collide,
                        why: "two old rows get one new key".into(),
                    },
                );
            } else {
                seen.insert(&r.3, k);
            }
        }
        for w in rows.windows(2) {
            if w[0].3 > w[1].3 {
                t.set(
                    Guarantee::Order,
                    &Witness {
                        keys: vec![
                            sample(Some((&w[0].0, &w[0].1)), Some((&w[0].2, Some(&w[0].3)))),
                            sample(Some((&w[1].0, &w[1].1)), Some((&w[1].2, Some(&w[1].3)))),
                        ],
                        kind: Break::Reordered,
                        why: "these old rows sort the other way in the new key".into(),
                    },
                );
                break;
            }
        }
        // Bytes: what the new key writes, the old key reads back as the same bytes (the
        // longest new key among them, which a raised cap lets through).
        for z in keys_with(new, seed.rotate_left(29), RANDOM_KEYS / 4, |v| {
            n.encode(v).is_ok()
        }) {
            let Ok(nk) = n.encode(&z) else { continue };
            let back = o
                .decode(&nk)
                .ok()
                .and_then(|x| o.encode(&x).ok().map(|k| (x, k)));
            if back.as_ref().is_none_or(|(_, k)| *k != nk) {
                t.set(
                    Guarantee::Bytes,
                    &Witness {
                        keys: vec![sample(None, Some((&z, Some(&nk))))],
                        kind: Break::Unreadable,
                        why: "the old key cannot read this new row".into(),
                    },
                );
                break;
            }
        }
        t
    }

    /// The first witness against `g`; a collision replaces a refusal as uniqueness's witness
    /// (rows lost without an error are worse than rows a copy reports).
    fn set(&mut self, g: Guarantee, w: &Witness) {
        let slot = &mut self.witnesses[g as usize];
        match slot {
            Some(old) if !(w.kind == Break::Collide && old.kind != Break::Collide) => {}
            _ => *slot = Some(w.clone()),
        }
    }

    fn witness(&self, g: Guarantee) -> Option<&Witness> {
        self.witnesses[g as usize].as_ref()
    }

    fn unproven(&self, g: Guarantee, findings: &[Finding]) -> String {
        let edits: Vec<&str> = findings.iter().map(|f| f.rule.id()).collect();
        let tried = match &self.skipped {
            Some(why) => format!("no key could be tried ({why})"),
            None => format!("no witness in {} old keys", self.tried),
        };
        format!(
            "{tried}, but the edits ({}) are not known to keep {}",
            edits.join(", "),
            g.name()
        )
    }
}

//! Apache Phoenix primary keys (`#[rowkey(encoding = "phoenix")]`): the mapping from Rust types
//! to Phoenix column types, the attributes Phoenix has (`#[desc]`, `#[fixed(N)]` for CHAR(N)),
//! which columns can take a range, and the table's effective rowKeyOrderOptimizable.

use proc_macro2::Literal;

use super::data::{EmptyKey, Fmt, Kind, Part, Traits, Written};
use super::refusal::Refusal;
use super::shared::refuse_flags;
use super::Encoding;
use crate::ast::{is_chrono_utc, is_decimal, is_system_time, Class, Field, Input};
use crate::attr::SaltKind;
use crate::ctxt::Ctxt;
use crate::props::{RangeKind, Width};

/// The effective rowKeyOrderOptimizable (`PTableImpl.rowKeyOrderOptimizable()`): the declared
/// flag (true unless `row_key_order_optimizable = false`), or no column requiring an upgrade.
pub fn build(input: &Input) -> Box<dyn Encoding> {
    let declared = input
        .attrs
        .row_key_order_optimizable
        .as_ref()
        .is_none_or(|b| b.value);
    Box::new(Phoenix {
        optimizable: declared || !input.fields.iter().any(requires_upgrade),
    })
}

struct Phoenix {
    /// The table's effective rowKeyOrderOptimizable.
    optimizable: bool,
}

impl Phoenix {
    /// A DESC variable-length column of an optimizable table: its separator is `FF`.
    fn ff(&self, f: &Field) -> bool {
        f.attrs.desc.is_some() && self.optimizable
    }
}

impl Encoding for Phoenix {
    /// `newKey` throws "Primary key may not be null" for a key with no value; with a salt the
    /// key is the salt byte alone.
    fn traits(&self, input: &Input) -> Traits {
        let salted = input.salt(None).is_some();
        Traits {
            kind: Kind::Phoenix {
                optimizable: self.optimizable,
            },
            description: format!("phoenix optimizable={}", self.optimizable),
            delimiter: None,
            empty_key: if salted {
                EmptyKey::Written
            } else {
                EmptyKey::Refused("Phoenix")
            },
            short_forms: true,
            ends_below_ff: false,
            extra: None,
        }
    }

    fn part(&self, f: &Field) -> Part {
        Part {
            format: self.format(f),
            width: width(f),
            last_trim: 0,
            value_trim: 0,
            flip: flip(f),
            // The last field written has no separator.
            open_end: f.last,
            // Trailing NULLs are dropped (`newKey`'s `nValues--`).
            written: matches!(f.class, Class::Option(_)).then_some(Written::IsSome),
            range: self.range(f),
            // A VARBINARY runs to the end of the key.
            range_open: column(f) == Some(Column::Varbinary),
            tail_window: false,
            leading_digits: None,
            type_name: Some(sql_type(f)),
        }
    }

    /// The bytes, then the separator: `FF` after a DESC value of an optimizable table, even
    /// the last; otherwise `00` unless last. A VARBINARY is last: its `FF` alone. NULL is
    /// empty.
    fn capped_width(&self, f: &Field, max: usize) -> usize {
        let ff = self.ff(f);
        match column(f) {
            Some(Column::Varbinary) => max + usize::from(ff),
            _ => max + usize::from(ff || !f.last),
        }
    }

    fn check(&self, cx: &Ctxt, input: &Input) {
        check(cx, input);
    }
}

impl Phoenix {
    fn format(&self, f: &Field) -> Fmt {
        let ff = self.ff(f);
        let phoenix = |name: &'static [&'static str]| Fmt::new(name);
        match column(f) {
            Some(Column::Varchar) => phoenix(&["phoenix", "Varchar"]).with(ff),
            Some(Column::Varbinary) => phoenix(&["phoenix", "Varbinary"]).with(ff),
            Some(Column::Decimal) => phoenix(&["phoenix", "Decimal"]).with(ff),
            Some(Column::FixedDecimal(precision, scale)) => phoenix(&["phoenix", "FixedDecimal"])
                .with(Literal::u32_suffixed(precision as u32))
                .with(Literal::u32_suffixed(scale as u32))
                .with(ff),
            Some(Column::Char(n)) => {
                phoenix(&["phoenix", "Char"]).with(Literal::usize_unsuffixed(n))
            }
            Some(Column::UnsignedTinyint) => phoenix(&["phoenix", "UnsignedTinyint"]),
            Some(Column::UnsignedSmallint) => phoenix(&["phoenix", "UnsignedSmallint"]),
            Some(Column::UnsignedInt) => phoenix(&["phoenix", "UnsignedInt"]),
            Some(Column::UnsignedLong) => phoenix(&["phoenix", "UnsignedLong"]),
            Some(Column::Double) => phoenix(&["phoenix", "Double"]),
            Some(Column::Float) => phoenix(&["phoenix", "Float"]),
            Some(Column::UnsignedFloat) => phoenix(&["phoenix", "UnsignedFloat"]),
            Some(Column::UnsignedDouble) => phoenix(&["phoenix", "UnsignedDouble"]),
            Some(Column::Boolean) => phoenix(&["phoenix", "Boolean"]).with(f.attrs.desc.is_some()),
            Some(Column::Millis(sql)) => phoenix(&["phoenix", "Millis"])
                .with(sql.starts_with("UNSIGNED"))
                .with(row_timestamp(f)),
            Some(Column::Timestamp { unsigned }) => phoenix(&["phoenix", "Timestamp"])
                .with(unsigned)
                .with(row_timestamp(f)),
            Some(Column::Signed) if row_timestamp(f) => phoenix(&["phoenix", "RowTimestampBigint"]),
            Some(Column::Signed | Column::Binary(_)) | None => Fmt::new(&["Natural"]),
        }
    }

    fn range(&self, f: &Field) -> Result<RangeKind, Refusal> {
        let desc = f.attrs.desc.is_some();
        let column = column(f);
        if desc && column == Some(Column::Varbinary) {
            return Err(Refusal::PhoenixBinary);
        }
        if desc && matches!(f.class, Class::Option(_)) {
            return Err(Refusal::PhoenixNullsFirst);
        }
        if desc && matches!(column, Some(Column::FixedDecimal(..))) {
            return Err(Refusal::PhoenixDescDecimal);
        }
        if desc && matches!(column, Some(Column::Varchar | Column::Decimal)) && !self.ff(f) {
            return Err(Refusal::PhoenixDesc);
        }
        Ok(RangeKind::Monotone { descending: desc })
    }
}

/// `FF` for `#[desc]`, except a DECIMAL(p, s), whose value Phoenix's UPSERT writes uninverted
/// even when DESC (only its separator follows the DESC rules), and a BOOLEAN, whose DESC byte
/// is the other value's (the format writes it).
fn flip(f: &Field) -> u8 {
    match column(f) {
        Some(Column::FixedDecimal(..) | Column::Boolean) => 0,
        _ if f.attrs.desc.is_some() => 0xFF,
        _ => 0,
    }
}

/// The Phoenix column types rowkey writes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Column {
    /// TINYINT, SMALLINT, INTEGER, BIGINT (sign-flipped big-endian, rowkey's own bytes).
    Signed,
    /// UNSIGNED_TINYINT, UNSIGNED_SMALLINT: `u8`, `u16`.
    UnsignedTinyint,
    UnsignedSmallint,
    UnsignedInt,
    UnsignedLong,
    Double,
    /// FLOAT: `f32`.
    Float,
    /// `#[phoenix(UNSIGNED_FLOAT)] f32`, `#[phoenix(UNSIGNED_DOUBLE)] f64`.
    UnsignedFloat,
    UnsignedDouble,
    /// BOOLEAN: `bool`.
    Boolean,
    /// DATE, TIME, UNSIGNED_DATE, UNSIGNED_TIME (by name): `#[phoenix(DATE)] SystemTime`.
    Millis(&'static str),
    /// TIMESTAMP (`SystemTime`) or UNSIGNED_TIMESTAMP.
    Timestamp {
        unsigned: bool,
    },
    /// BINARY(N): `[u8; N]`, rowkey's own bytes.
    Binary(usize),
    /// CHAR(N): `#[fixed(N)] String`.
    Char(usize),
    Varchar,
    Varbinary,
    /// DECIMAL: `rust_decimal::Decimal` (the runtime's `decimal` feature).
    Decimal,
    /// DECIMAL(p, s): `#[precision(p, s)] Decimal`.
    FixedDecimal(usize, usize),
}

/// The type table, for messages.
const MAPPING: &str = "integers (TINYINT to BIGINT; u8 to u64 UNSIGNED_*), f32, f64, bool, \
                       String, [u8; N], Vec<u8>, SystemTime or chrono's DateTime<Utc> (TIMESTAMP; \
                       `#[phoenix(DATE)]` and others), Decimal; the table is in `rowkey::encodings::phoenix`";

fn column(f: &Field) -> Option<Column> {
    let fixed = f.attrs.fixed.as_ref().map(|n| n.value);
    let named = f.attrs.phoenix_type.as_ref().map(|t| t.to_string());
    let named = named.as_deref();
    if fixed.is_none() && is_decimal(f.ty) {
        return Some(match &f.attrs.precision {
            Some((p, s)) => Column::FixedDecimal(p.value, s.value),
            None => Column::Decimal,
        });
    }
    if fixed.is_none() && (is_system_time(f.ty) || is_chrono_utc(f.ty)) {
        return Some(match named {
            Some("DATE") => Column::Millis("DATE"),
            Some("TIME") => Column::Millis("TIME"),
            Some("UNSIGNED_DATE") => Column::Millis("UNSIGNED_DATE"),
            Some("UNSIGNED_TIME") => Column::Millis("UNSIGNED_TIME"),
            Some("UNSIGNED_TIMESTAMP") => Column::Timestamp { unsigned: true },
            _ => Column::Timestamp { unsigned: false },
        });
    }
    Some(match (f.class.value(), fixed) {
        (Class::Signed(1 | 2 | 4 | 8), None) => Column::Signed,
        (Class::Unsigned(1), None) => Column::UnsignedTinyint,
        (Class::Unsigned(2), None) => Column::UnsignedSmallint,
        (Class::Unsigned(4), None) => Column::UnsignedInt,
        (Class::Unsigned(8), None) => Column::UnsignedLong,
        (Class::Float(4), None) if named == Some("UNSIGNED_FLOAT") => Column::UnsignedFloat,
        (Class::Float(4), None) => Column::Float,
        (Class::Float(8), None) if named == Some("UNSIGNED_DOUBLE") => Column::UnsignedDouble,
        (Class::Float(8), None) => Column::Double,
        (Class::Bool, None) => Column::Boolean,
        (Class::ByteArray(Some(n)), None) => Column::Binary(*n),
        (Class::String, Some(n)) => Column::Char(n),
        (Class::String, None) => Column::Varchar,
        (Class::Bytes, None) => Column::Varbinary,
        _ => return None,
    })
}

/// `PTableImpl`'s `hasColumnsRequiringUpgrade` for one column: DESC and variable-length, CHAR,
/// FLOAT, DOUBLE or BINARY; or ASC BINARY(N > 1).
fn requires_upgrade(f: &Field) -> bool {
    let desc = f.attrs.desc.is_some();
    match column(f) {
        Some(
            Column::Varchar
            | Column::Varbinary
            | Column::Decimal
            | Column::FixedDecimal(..)
            | Column::Char(_)
            | Column::Float
            | Column::Double,
        ) => desc,
        Some(Column::Binary(n)) => desc || n > 1,
        _ => false,
    }
}

/// The field's width: Phoenix's own for each column type (a DECIMAL's is the runtime's).
fn width(f: &Field) -> Width {
    match column(f) {
        Some(Column::Signed) => match f.class.value() {
            Class::Signed(n) => Width::Fixed(*n),
            _ => Width::Unknown,
        },
        Some(Column::Boolean | Column::UnsignedTinyint) => Width::Fixed(1),
        Some(Column::UnsignedSmallint) => Width::Fixed(2),
        Some(Column::UnsignedInt | Column::Float | Column::UnsignedFloat) => Width::Fixed(4),
        Some(
            Column::UnsignedLong | Column::Double | Column::UnsignedDouble | Column::Millis(_),
        ) => Width::Fixed(8),
        Some(Column::Timestamp { .. }) => Width::Fixed(12),
        Some(Column::Binary(n) | Column::Char(n)) => Width::Fixed(n),
        Some(Column::Varchar | Column::Varbinary) => Width::Unbounded,
        Some(Column::Decimal | Column::FixedDecimal(..)) | None => Width::Unknown,
    }
}

/// `#[phoenix(ROW_TIMESTAMP)]`: the column whose value is the cells' timestamp.
fn row_timestamp(f: &Field) -> bool {
    f.attrs.row_timestamp.is_some()
}

/// The column's SQL type and, for the cells' timestamp, ` ROW_TIMESTAMP`, for the layout's
/// description.
fn sql_type(f: &Field) -> String {
    let ty = column_type(f);
    if row_timestamp(f) {
        format!("{ty} ROW_TIMESTAMP")
    } else {
        ty
    }
}

/// The column's SQL type.
fn column_type(f: &Field) -> String {
    match column(f) {
        Some(Column::Signed) => match f.class.value() {
            Class::Signed(1) => "TINYINT".into(),
            Class::Signed(2) => "SMALLINT".into(),
            Class::Signed(4) => "INTEGER".into(),
            _ => "BIGINT".into(),
        },
        Some(Column::UnsignedTinyint) => "UNSIGNED_TINYINT".into(),
        Some(Column::UnsignedSmallint) => "UNSIGNED_SMALLINT".into(),
        Some(Column::UnsignedInt) => "UNSIGNED_INT".into(),
        Some(Column::UnsignedLong) => "UNSIGNED_LONG".into(),
        Some(Column::Double) => "DOUBLE".into(),
        Some(Column::Float) => "FLOAT".into(),
        Some(Column::UnsignedFloat) => "UNSIGNED_FLOAT".into(),
        Some(Column::UnsignedDouble) => "UNSIGNED_DOUBLE".into(),
        Some(Column::Boolean) => "BOOLEAN".into(),
        Some(Column::Millis(sql)) => sql.into(),
        Some(Column::Timestamp { unsigned: false }) => "TIMESTAMP".into(),
        Some(Column::Timestamp { unsigned: true }) => "UNSIGNED_TIMESTAMP".into(),
        Some(Column::Binary(n)) => format!("BINARY({n})"),
        Some(Column::Char(n)) => format!("CHAR({n})"),
        Some(Column::Varchar) => "VARCHAR".into(),
        Some(Column::Varbinary) => "VARBINARY".into(),
        Some(Column::Decimal) => "DECIMAL".into(),
        Some(Column::FixedDecimal(p, s)) => format!("DECIMAL({p},{s})"),
        None => "?".into(),
    }
}

/// Phoenix's rules for the key, reported all at once.
fn check(cx: &Ctxt, input: &Input) {
    if let Some(d) = &input.attrs.delimiter {
        cx.error_spanned_by(
            d,
            "a Phoenix-encoded key has no delimiter: Phoenix separates VARCHARs with 00; remove \
             `delimiter` or `encoding`",
        );
    }
    if let Some((kind, path)) = input.attrs.salt.as_ref().and_then(|s| s.kind.as_ref())
        && *kind != SaltKind::Phoenix
    {
        cx.error_spanned_by(
            path,
            "a Phoenix-encoded key takes Phoenix's salt, `#[salt(phoenix, buckets = N)]` \
                 (the table's SALT_BUCKETS)",
        );
    }
    for f in &input.fields {
        field(cx, f);
    }
    // Phoenix: "Only one column can be a ROW_TIMESTAMP".
    for extra in input
        .fields
        .iter()
        .filter_map(|f| f.attrs.row_timestamp.as_ref())
        .skip(1)
    {
        cx.error_spanned_by(
            extra,
            "a Phoenix table has at most one ROW_TIMESTAMP column; keep it on one field",
        );
    }
}

/// The field attributes of a Phoenix key, for messages.
const TAKES: &str =
    "`#[desc]`, `#[fixed(N)]` (CHAR(N)), `#[precision(p, s)]` and `#[phoenix(TYPE)]` only";

fn field(cx: &Ctxt, f: &Field) {
    let a = &f.attrs;
    refuse_flags(cx, f, "Phoenix", TAKES, &[]);
    for (num, name) in [(&a.decimal, "decimal"), (&a.hex, "hex")] {
        if let Some(n) = num {
            cx.error_spanned_by(
                &n.lit,
                format!(
                    "`#[{name}(N)]` has no Phoenix equivalent; a Phoenix-encoded key takes {TAKES}"
                ),
            );
        }
    }
    if let Some(pad) = &a.pad {
        cx.error_spanned_by(pad, "Phoenix pads CHAR(N) with spaces; remove `pad`");
    }
    if let (Some(n), false) = (&a.fixed, matches!(f.class.value(), Class::String)) {
        cx.error_spanned_by(
            &n.lit,
            "in a Phoenix-encoded key `#[fixed(N)]` makes a String a CHAR(N); other types have \
             Phoenix's own widths",
        );
    }
    let Some(column) = column(f) else {
        if a.fixed.is_none() || matches!(f.class.value(), Class::String) {
            cx.error_spanned_by(
                f.ty,
                format!("this type has no Phoenix column type; a Phoenix key takes {MAPPING}"),
            );
        }
        return;
    };
    if let Class::Option(inner) = &f.class {
        let var = matches!(
            column,
            Column::Varchar | Column::Varbinary | Column::Decimal | Column::FixedDecimal(..)
        );
        if !var || matches!(**inner, Class::Option(_)) {
            cx.error_spanned_by(
                f.ty,
                "Phoenix key columns of fixed width (and CHAR) are NOT NULL: only a VARCHAR or \
                 VARBINARY or DECIMAL (Option<String>, Option<Vec<u8>>, Option<Decimal>) may be an \
                 Option",
            );
        }
    }
    if let Some(ty) = &f.attrs.phoenix_type
        && *ty != column_type(f)
    {
        cx.error_spanned_by(
            ty,
            format!(
                "`#[phoenix({ty})]` does not fit this field's type: DATE, TIME, TIMESTAMP and \
                     their UNSIGNED_ forms take a std::time::SystemTime (or a \
                     chrono::DateTime<Utc>), UNSIGNED_FLOAT an f32, UNSIGNED_DOUBLE an f64"
            ),
        );
    }
    if let Some(rt) = &f.attrs.row_timestamp {
        let fits = matches!(
            column,
            Column::Millis(_) | Column::Timestamp { .. } | Column::UnsignedLong
        ) || (column == Column::Signed && matches!(f.class.value(), Class::Signed(8)));
        if !fits {
            cx.error_spanned_by(
                rt,
                "a ROW_TIMESTAMP column is a DATE, TIME or TIMESTAMP (a std::time::SystemTime, also \
                 UNSIGNED_), a BIGINT (i64) or an UNSIGNED_LONG (u64)",
            );
        }
    }
    if column == Column::Varbinary && !f.last {
        cx.error_spanned_by(
            f.ty,
            "Phoenix allows a VARBINARY (Vec<u8>) only as the last primary-key column; use \
             [u8; N] (BINARY(N)) here or move the field last",
        );
    }
    if let (Some((p, _)), false) = (
        &f.attrs.precision,
        matches!(column, Column::FixedDecimal(..)),
    ) {
        cx.error_spanned_by(
            &p.lit,
            "`#[precision(p, s)]` makes a rust_decimal::Decimal a DECIMAL(p, s); this field is not a Decimal",
        );
    }
    if let (Column::FixedDecimal(p, s), Some((lit, _))) = (column, &f.attrs.precision)
        && (!(1..=38).contains(&p) || s > p)
    {
        cx.error_spanned_by(
            &lit.lit,
            "a Phoenix DECIMAL(p, s) takes a precision p in 1..=38 and a scale s of at most p",
        );
    }
    if let Column::Char(0) | Column::Binary(0) = column {
        cx.error_spanned_by(f.ty, "a Phoenix CHAR(N) or BINARY(N) needs N of at least 1");
    }
}

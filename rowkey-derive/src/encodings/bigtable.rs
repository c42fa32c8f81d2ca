//! Bigtable row-key schemas (`#[rowkey(encoding = "bigtable")]`): a `Type.Struct` with the
//! `OrderedCodeBytes` encoding. Field types: `String` (`String` with UTF-8 bytes), `Vec<u8>`
//! (`Bytes`), `i64` / `i32` (`Int64` / `Int32`) and `SystemTime` (`Timestamp`, `Int64`
//! microseconds), each with `BigEndianBytes`, or `OrderedCodeBytes` under `#[ordered_code]`;
//! `#[desc]` on any.

use super::data::{self, EmptyKey, Extra, Fmt, Part, SchemaField, Traits, Written};
use super::shared::{desc_flip, phoenix_attrs, phoenix_flag, refuse_flags};
use super::Encoding;
use crate::ast::{ungroup, Class, Field, Input};
use crate::ctxt::Ctxt;
use crate::props::{RangeKind, Width};

pub fn build(_input: &Input) -> Box<dyn Encoding> {
    Box::new(Bigtable)
}

struct Bigtable;

/// A field's Bigtable type.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    String,
    Bytes,
    Int64,
    Int32,
    Timestamp,
    Other,
}

fn kind(f: &Field) -> Kind {
    match f.class {
        Class::String => Kind::String,
        Class::Bytes => Kind::Bytes,
        Class::Signed(8) => Kind::Int64,
        Class::Signed(4) => Kind::Int32,
        Class::Other if is_system_time(f.ty) => Kind::Timestamp,
        _ => Kind::Other,
    }
}

/// `SystemTime`, `std::time::SystemTime` or any path ending in it (through `macro_rules!`
/// groups too).
fn is_system_time(ty: &syn::Type) -> bool {
    matches!(ungroup(ty), syn::Type::Path(p) if p.qself.is_none()
        && p.path.segments.last().is_some_and(|s| s.ident == "SystemTime" && s.arguments.is_none()))
}

/// The longest a field's value is once its `00`s are escaped, before its separator: `None`
/// for strings and bytes. Int64 BigEndianBytes: 8 bytes, each may be `00`. OrderedCodeBytes:
/// 10 bytes with at most 8 `00`s (i64::MIN is `00 3F 80 00 ..`), 5 with at most 3 for an i32.
fn escaped_max(f: &Field) -> Option<usize> {
    let ordered = f.attrs.ordered_code.is_some();
    match (kind(f), ordered) {
        (Kind::Int64 | Kind::Timestamp, false) => Some(16),
        (Kind::Int64 | Kind::Timestamp, true) => Some(18),
        (Kind::Int32, _) => Some(8),
        _ => None,
    }
}

impl Encoding for Bigtable {
    /// Rule 6: a struct with no field left is `00 00`. The key's `row_key_schema` is
    /// `BigtableKey`, a field per struct field.
    fn traits(&self, input: &Input) -> Traits {
        let schema = input
            .fields
            .iter()
            .map(|f| SchemaField {
                name: f.name.clone(),
                ty: match kind(f) {
                    Kind::Bytes => "Bytes",
                    Kind::Int64 => "Int64",
                    Kind::Int32 => "Int32",
                    Kind::Timestamp => "TimestampMicros",
                    Kind::String | Kind::Other => "StringUtf8",
                },
                int_encoding: matches!(kind(f), Kind::Int64 | Kind::Int32 | Kind::Timestamp)
                    .then_some(if f.attrs.ordered_code.is_some() {
                        "OrderedCodeBytes"
                    } else {
                        "BigEndianBytes"
                    }),
                descending: f.attrs.desc.is_some(),
            })
            .collect();
        Traits {
            kind: data::Kind::Bigtable,
            description: String::from("bigtable ordered_code_bytes"),
            delimiter: None,
            empty_key: EmptyKey::Bytes(&["bigtable", "EMPTY"]),
            short_forms: true,
            ends_below_ff: false,
            extra: Some(Extra::BigtableSchema(schema)),
        }
    }

    fn part(&self, f: &Field) -> Part {
        let desc = f.attrs.desc.is_some();
        // Rule 1: the last remaining field is removed while it is ASC and encodes to `""`.
        let droppable = !desc && matches!(f.class, Class::String | Class::Bytes);
        Part {
            format: format(f),
            width: width(f),
            last_trim: last_trim(f),
            value_trim: 0,
            // Rule 5: DESC fields are bitwise negated.
            flip: desc_flip(f),
            open_end: f.last,
            written: droppable.then(|| Written::Not {
                format: Fmt::new(&["bigtable", "Bytes"]).with(false),
                trait_: &["bigtable", "Empty"],
                method: "is_empty",
            }),
            // Every field sorts by its values: strings and bytes by their bytes,
            // OrderedCodeBytes integers by value, and BigEndianBytes integers by value too,
            // since the negative values that would sort after the others are refused.
            range: Ok(RangeKind::Monotone { descending: desc }),
            // Every field is compared with its separator (`full` form): terminated.
            range_open: false,
            tail_window: false,
            leading_digits: None,
            type_name: Some(type_name(f)),
        }
    }

    /// Each byte possibly an escaped `00` (the empty value is `00 00`), then the separator
    /// unless the field is last and ASC.
    fn capped_width(&self, f: &Field, max: usize) -> usize {
        (2 * max).max(2) + if last_trim(f) == 0 { 2 } else { 0 }
    }

    fn check(&self, cx: &Ctxt, input: &Input) {
        check(cx, input);
    }
}

fn format(f: &Field) -> Fmt {
    let desc = f.attrs.desc.is_some();
    let path: &'static [&'static str] = match (kind(f), f.attrs.ordered_code.is_some()) {
        (Kind::Int64 | Kind::Int32 | Kind::Timestamp, true) => &["bigtable", "OrderedCode"],
        (Kind::Int64 | Kind::Int32 | Kind::Timestamp, false) => &["bigtable", "BigEndian"],
        _ => &["bigtable", "Bytes"],
    };
    Fmt::new(path).with(desc)
}

/// An integer's or timestamp's bytes, each `00` escaped as `00 FF`, then its `00 01` separator
/// unless it is the last field and ASC; strings and bytes are unbounded.
fn width(f: &Field) -> Width {
    match escaped_max(f) {
        Some(n) => Width::Max(n + if last_trim(f) == 0 { 2 } else { 0 }),
        None => Width::Unbounded,
    }
}

/// The separator a field's `MAX_WIDTH` counts, which an ASC last field does not write.
fn last_trim(f: &Field) -> usize {
    if f.last && f.attrs.desc.is_none() {
        2
    } else {
        0
    }
}

fn type_name(f: &Field) -> String {
    let encoding = if f.attrs.ordered_code.is_some() {
        "OrderedCodeBytes"
    } else {
        "BigEndianBytes"
    };
    match kind(f) {
        Kind::Int64 => format!("Int64 {encoding}"),
        Kind::Int32 => format!("Int32 {encoding}"),
        Kind::Timestamp => format!("Timestamp Int64 {encoding}"),
        Kind::Bytes => "Bytes".into(),
        Kind::String | Kind::Other => "String Utf8Bytes".into(),
    }
}

/// Bigtable's rules for the key, reported all at once.
fn check(cx: &Ctxt, input: &Input) {
    phoenix_flag(cx, input, "a Bigtable row-key schema has none: remove it");
    if let Some(d) = &input.attrs.delimiter {
        cx.error_spanned_by(
            d,
            "a Bigtable-encoded key has no delimiter; remove `delimiter`",
        );
    }
    if let Some(salt) = &input.attrs.salt {
        let msg = "a Bigtable row-key schema has no salt: Bigtable decodes the key into its \
                   columns; remove `#[salt(...)]`";
        match &salt.kind {
            Some((_, path)) => cx.error_spanned_by(path, msg),
            None => cx.syn_error(syn::Error::new(salt.span, msg)),
        }
    }
    for f in &input.fields {
        let a = &f.attrs;
        refuse_flags(
            cx,
            f,
            "Bigtable",
            "`#[desc]`, and `#[ordered_code]` on integers and timestamps",
            &["ordered_code"],
        );
        if let (Some(path), Kind::String | Kind::Bytes) = (&a.ordered_code, kind(f)) {
            cx.error_spanned_by(
                path,
                "`#[ordered_code]` chooses OrderedCodeBytes for an Int64, Int32 or Timestamp; \
                 a String or Bytes field has one encoding: remove it",
            );
        }
        for num in [&a.fixed, &a.decimal, &a.hex].into_iter().flatten() {
            cx.error_spanned_by(
                &num.lit,
                "a Bigtable-encoded key takes `#[desc]` only: its fields have no fixed width",
            );
        }
        phoenix_attrs(cx, f);
        if kind(f) == Kind::Other {
            cx.error_spanned_by(
                f.ty,
                "this type has no Bigtable row-key field encoding here; a Bigtable-encoded key \
                 maps String (String, Utf8Bytes), Vec<u8> (Bytes), i64 and i32 (Int64, Int32) and \
                 SystemTime (Timestamp), the last three BigEndianBytes or, with \
                 `#[ordered_code]`, OrderedCodeBytes; fields are never NULL, so no Option",
            );
        }
    }
}

//! rowkey's binary layout, the default: each field's own order-preserving bytes (see the
//! runtime's docs), with the attributes of the README (`#[fixed]`, `#[decimal]`, `#[hex]`,
//! `#[reverse]`, `#[reverse_ts]`, `#[desc]`, `#[java]`). The text layout shares its field
//! rules, ranges and leading digits.

use proc_macro2::Literal;

use super::data::{byte, EmptyKey, Fmt, Kind, Part, Traits};
use super::refusal::Refusal;
use super::shared::{desc_flip, phoenix_attrs, phoenix_flag};
use super::Encoding;
use crate::ast::{Class, Field, Input};
use crate::attr::kw;
use crate::ctxt::Ctxt;
use crate::props::{RangeKind, Width};

pub fn build() -> Box<dyn Encoding> {
    Box::new(Native)
}

struct Native;

impl Encoding for Native {
    fn traits(&self, _input: &Input) -> Traits {
        Traits {
            kind: Kind::Binary,
            description: String::from("binary"),
            delimiter: None,
            empty_key: EmptyKey::Written,
            short_forms: false,
            ends_below_ff: false,
            extra: None,
        }
    }

    fn part(&self, f: &Field) -> Part {
        Part {
            format: format(f),
            width: binary_width(f, &f.class),
            last_trim: 0,
            value_trim: 0,
            flip: desc_flip(f),
            open_end: open_end(f),
            written: None,
            range: range(f, false),
            range_open: open_end(f),
            tail_window: f.is_raw(),
            leading_digits: leading_digits(f),
            type_name: None,
        }
    }

    /// Each `Option` tag, then a terminated `#[java]` string and its terminator, a raw one or
    /// the last ASC field bare, else each byte possibly an escaped `00` and the `00 01` end.
    fn capped_width(&self, f: &Field, max: usize) -> usize {
        let a = &f.attrs;
        let value = if a.nul_terminated.is_some() {
            max + a.terminator.as_ref().map_or(1, |t| t.value().len())
        } else if open_end(f) {
            max
        } else {
            2 * max + 2
        };
        option_tags(&f.class) + value
    }

    fn check(&self, cx: &Ctxt, input: &Input) {
        for f in &input.fields {
            field_rules(cx, f, binary_width(f, &f.class), false);
        }
        raw_string_alone(cx, &input.fields, false);
        no_text_layout(cx, input);
        phoenix_flag(cx, input, "add `encoding = \"phoenix\"`");
    }
}

/// The runtime format type that writes the field, such as `Reverse<Decimal<11>>`.
fn format(f: &Field) -> Fmt {
    let a = &f.attrs;
    let mut fmt = if let Some(n) = &a.fixed {
        let n = lit(n);
        if a.java.is_some() {
            Fmt::new(&["java", "JavaFixed"]).with(n)
        } else if let Some(c) = &a.pad {
            Fmt::new(&["Fixed"]).with(n).with(byte(c.value() as u8))
        } else {
            Fmt::new(&["Fixed"]).with(n)
        }
    } else if let Some(n) = &a.decimal {
        Fmt::new(&["Decimal"]).with(lit(n))
    } else if let Some(n) = &a.hex {
        Fmt::new(&["Hex"]).with(lit(n))
    } else if a.reverse_ts.is_some() && a.java.is_some() {
        Fmt::new(&["java", "JavaReverseTs"])
    } else if a.reverse_ts.is_some() {
        Fmt::new(&["java", "ReverseTs"])
    } else if a.nul_terminated.is_some() {
        super::java::terminated_format(f)
    } else if f.is_raw() {
        Fmt::new(&["java", "JavaStr"])
    } else if a.java.is_some() {
        Fmt::new(&["java", "Java"])
    } else if a.reverse.is_some() {
        Fmt::new(&["Natural"])
    } else {
        // An Option without attributes uses Option's own KeyCodec.
        return Fmt::new(&["Natural"]);
    };
    if a.reverse.is_some() {
        fmt = fmt.wrap(&["Reverse"]);
    }
    let mut class = &f.class;
    while let Class::Option(inner) = class {
        fmt = fmt.wrap(&["Opt"]);
        class = inner;
    }
    fmt
}

/// The last field, unless `#[desc]` needs its terminator; and a raw `#[java]` string anywhere
/// (its end is where the fixed-width fields after it start).
fn open_end(f: &Field) -> bool {
    f.is_raw() || f.last && f.attrs.desc.is_none()
}

/// A width attribute's number as a literal spanned on it.
pub(super) fn lit(n: &crate::attr::Num) -> Literal {
    let mut l = Literal::usize_unsuffixed(n.value);
    l.set_span(n.lit.span());
    l
}

/// The `Option`s around a value: one tag byte each.
fn option_tags(class: &Class) -> usize {
    match class {
        Class::Option(inner) => 1 + option_tags(inner),
        _ => 0,
    }
}

/// The binary width of a value of `class` (the field's, or the one under its `Option`s).
fn binary_width(f: &Field, class: &Class) -> Width {
    let a = &f.attrs;
    match class {
        Class::Option(inner) => binary_width(f, inner).optional(),
        _ if f.width_attr().is_some() => Width::Fixed(f.width_attr().map_or(0, |n| n.value)),
        Class::Signed(8) | Class::Unsigned(8) if a.reverse_ts.is_some() => Width::Fixed(8),
        Class::Signed(4) | Class::Unsigned(4) if a.reverse_ts.is_some() => Width::Fixed(4),
        _ if a.reverse_ts.is_some() => Width::Unknown,
        Class::Unsigned(n) | Class::Signed(n) | Class::Float(n) => Width::Fixed(*n),
        Class::Bool => Width::Fixed(1),
        Class::Char => Width::Fixed(4),
        Class::ByteArray(Some(n)) => Width::Fixed(*n),
        Class::String | Class::Bytes => Width::Unbounded,
        Class::ByteArray(None) | Class::PlatformInt | Class::Other => Width::Unknown,
    }
}

/// How a scan bounds the field, in the binary or (`text`) the text layout.
pub(super) fn range(f: &Field, text: bool) -> Result<RangeKind, Refusal> {
    let variable_text = text && f.width_attr().is_none() && f.attrs.reverse_ts.is_none();
    if f.attrs.reverse.is_some() {
        return Err(Refusal::Reversed);
    }
    if f.is_raw() {
        return Err(Refusal::Raw);
    }
    if f.attrs.java.is_some() && f.attrs.nul_terminated.is_none() {
        return Err(Refusal::Java);
    }
    if !f.terminator_keeps_order() {
        return Err(Refusal::Terminator);
    }
    if variable_text {
        return Err(Refusal::Text);
    }
    let newest_first = f.attrs.reverse_ts.is_some();
    match &f.class {
        Class::Option(inner) if newest_first => match **inner {
            Class::Option(_) => Err(Refusal::Nested),
            _ => Ok(RangeKind::OptionNewestFirst),
        },
        _ => Ok(RangeKind::Monotone {
            descending: f.attrs.desc.is_some() != newest_first,
        }),
    }
}

/// The first field's digits tell split points how the key space is laid out: only when the
/// key starts with them (no Option tag), in ascending order, and up to the type's maximum.
pub(super) fn leading_digits(f: &Field) -> Option<(u32, usize, u128)> {
    let a = &f.attrs;
    if a.desc.is_some() || a.reverse.is_some() || matches!(f.class, Class::Option(_)) {
        return None;
    }
    // The type's maximum, when the macro can see the type.
    let Class::Unsigned(bytes) = f.class else {
        return None;
    };
    let max = u128::MAX >> (128 - 8 * bytes);
    match (&a.hex, &a.decimal) {
        (Some(n), _) => Some((16u32, n.value, max)),
        (_, Some(n)) => Some((10u32, n.value, max)),
        _ => None,
    }
}

/// The rules of one field's attributes, in the binary or (`text`) the text layout, whose
/// width is `width`.
pub(super) fn field_rules(cx: &Ctxt, f: &Field, width: Width, text: bool) {
    attrs_fit_type(cx, f);
    one_format(cx, f);
    reverse_needs_fixed_width(cx, f, width, text);
}

/// Each attribute applies to some types only. Types the macro cannot see (user types,
/// aliases) are left to the trait bounds, which point at the field.
fn attrs_fit_type(cx: &Ctxt, field: &Field) {
    let class = field.class.value();
    let known = *class != Class::Other;
    let a = &field.attrs;
    phoenix_attrs(cx, field);
    if let Some(path) = &a.blob {
        cx.error_spanned_by(
            path,
            "`#[blob]` declares an HBase OrderedBlob; add \
             `#[rowkey(encoding = \"hbase_ordered\")]` to the struct",
        );
    }
    if let Some(path) = &a.ordered_code {
        cx.error_spanned_by(
            path,
            "`#[ordered_code]` declares a Bigtable OrderedCodeBytes integer or timestamp; add \
             `#[rowkey(encoding = \"bigtable\")]` to the struct",
        );
    }
    if let Some(n) = &a.fixed {
        match class {
            Class::String | Class::Bytes | Class::Other => {}
            Class::Unsigned(_) | Class::Signed(_) if n.value > 16 => cx.error_spanned_by(
                &n.lit,
                "`#[fixed(N)]` on an integer takes N in 1..=16 bytes",
            ),
            Class::Unsigned(_) | Class::Signed(_) => {}
            _ => cx.error_spanned_by(
                &n.lit,
                format!(
                    "`#[fixed(N)]` applies to String, Vec<u8> and integers, not {}, which \
                     already has a fixed width",
                    class.describe()
                ),
            ),
        }
    }
    if let Some(pad) = &a.pad
        && !matches!(class, Class::String | Class::Bytes | Class::Other)
    {
        cx.error_spanned_by(
            pad,
            format!(
                "`pad` pads strings and byte vectors; {} is not padded: write `#[fixed(N)]` alone \
                     to narrow an integer to N bytes",
                class.describe()
            ),
        );
    }
    for (num, name, max) in [(&a.decimal, kw::DECIMAL, 39), (&a.hex, kw::HEX, 32)] {
        let Some(n) = num else { continue };
        match class {
            Class::Unsigned(_) | Class::Other => {}
            Class::Signed(_) => cx.error_spanned_by(
                &n.lit,
                format!(
                    "`#[{name}(N)]` needs an unsigned integer: digits cannot sort negative \
                     numbers first; use the binary encoding or store an offset u64"
                ),
            ),
            _ => cx.error_spanned_by(
                &n.lit,
                format!(
                    "`#[{name}(N)]` needs an unsigned integer, not {}",
                    class.describe()
                ),
            ),
        }
        if n.value > max {
            cx.error_spanned_by(
                &n.lit,
                format!("`#[{name}(N)]` takes N in 1..={max}: a u128 has at most {max} digits"),
            );
        }
    }
    if let Some(path) = &a.reverse_ts {
        let fits = matches!(
            class,
            Class::Signed(8 | 4) | Class::Unsigned(8 | 4) | Class::Other
        );
        if !fits {
            cx.error_spanned_by(
                path,
                format!(
                    "`#[reverse_ts]` needs i64 or u64 (Long.MAX_VALUE - ts) or i32/u32 \
                     (Integer.MAX_VALUE - ts), not {}",
                    class.describe()
                ),
            );
        }
    }
    if let Some(path) = &a.java {
        if let Some(nul) = &a.nul_terminated {
            if !matches!(class, Class::String | Class::Bytes | Class::Other) {
                cx.error_spanned_by(
                    nul,
                    format!(
                        "`#[java(nul_terminated)]` writes a String or Vec<u8> then a 00 byte, not {}",
                        class.describe()
                    ),
                );
            }
        } else if a.reverse_ts.is_some() {
            if !matches!(class, Class::Signed(8 | 4) | Class::Other) {
                cx.error_spanned_by(
                    path,
                    format!(
                        "`#[java] #[reverse_ts]` (Java's wrapping `Long.MAX_VALUE - ts`) applies to i64 \
                         or i32, not {}",
                        class.describe()
                    ),
                );
            }
        } else if known && !matches!(class, Class::Signed(_) | Class::String | Class::Bytes) {
            cx.error_spanned_by(
                path,
                format!(
                    "`#[java]` (bytes exactly as Java's Bytes.toBytes writes them) applies to signed \
                     integers, String and Vec<u8>, not {}; unsigned integers are already written as \
                     Java writes them",
                    class.describe()
                ),
            );
        }
    }
}

/// A field has one byte format: two format attributes would contradict each other.
fn one_format(cx: &Ctxt, field: &Field) {
    let a = &field.attrs;
    let formats = [
        a.fixed
            .as_ref()
            .map(|n| (kw::FIXED, &n.lit as &dyn quote::ToTokens)),
        a.decimal
            .as_ref()
            .map(|n| (kw::DECIMAL, &n.lit as &dyn quote::ToTokens)),
        a.hex
            .as_ref()
            .map(|n| (kw::HEX, &n.lit as &dyn quote::ToTokens)),
        a.reverse_ts
            .as_ref()
            .map(|p| (kw::REVERSE_TS, p as &dyn quote::ToTokens)),
    ];
    let mut present = formats.iter().flatten();
    if let Some((first, _)) = present.next() {
        for (other, at) in present {
            cx.error_spanned_by(
                at,
                format!(
                    "`#[{other}]` cannot be combined with `#[{first}]`; a field has one format"
                ),
            );
        }
    }
    if let Some(java) = &a.java {
        if a.decimal.is_some() || a.hex.is_some() {
            cx.error_spanned_by(
                java,
                "`#[java]` applies to the binary integer encoding; remove it, the other format \
                 attribute already fixes the bytes",
            );
        }
        if a.fixed.is_some() && matches!(field.class.value(), Class::String | Class::Bytes) {
            cx.error_spanned_by(
                java,
                "`#[fixed(N)]` strings are already raw bytes (padded); remove `#[java]`",
            );
        }
    }
    if let (Some(_), Some(desc)) = (&a.reverse_ts, &a.desc) {
        cx.error_spanned_by(
            desc,
            "`#[reverse_ts]` already sorts newest first; `#[desc]` would undo it (remove one)",
        );
    }
}

/// Reversing bytes only keeps a key decodable when the field's length never changes.
fn reverse_needs_fixed_width(cx: &Ctxt, field: &Field, width: Width, text: bool) {
    let Some(path) = &field.attrs.reverse else {
        return;
    };
    let message = match (&field.class, width) {
        (Class::Option(_), _) => Some(String::from(
            "`#[reverse]` needs a fixed-width field; an Option is variable-length",
        )),
        (_, Width::Unbounded | Width::Max(_)) => Some(format!(
            "`#[reverse]` needs a fixed-width field; {} is variable-length here (give it `#[fixed(N)]`{})",
            field.class.describe(),
            if text { " or `#[decimal(N)]`" } else { "" }
        )),
        _ => None,
    };
    if let Some(message) = message {
        cx.error_spanned_by(path, message);
    }
}

/// A raw `#[java]` string has no terminator: decode finds its end where the fixed-width fields
/// after it start, so every field after it must have a fixed width (the fields before it end
/// themselves); and it cannot be inverted (`#[desc]` would need a terminator to keep prefixes
/// apart). In a text key the text rules refuse `#[java]` instead.
pub(super) fn raw_string_alone(cx: &Ctxt, fields: &[Field], text: bool) {
    for raw in fields.iter().filter(|f| f.is_raw()) {
        let java = raw
            .attrs
            .java
            .as_ref()
            .expect("a raw field carries #[java]");
        if let Some(desc) = &raw.attrs.desc {
            cx.error_spanned_by(
                desc,
                "`#[desc]` on a raw `#[java]` string cannot keep it apart from longer strings (it has \
                 no terminator to invert); remove `#[desc]`, or use `#[java(nul_terminated)]`",
            );
        }
        if text {
            continue;
        }
        for after in &fields[raw.index + 1..] {
            if matches!(
                binary_width(after, &after.class),
                Width::Unbounded | Width::Max(_)
            ) {
                cx.error_spanned_by(
                    java,
                    format!(
                        "a raw `#[java]` string needs fixed-width fields after it, but `{}` is \
                         variable-length: decode finds where `{}` ends from the fields after it; give \
                         `{}` a fixed width, move it before `{}`, or use `#[java(nul_terminated)]`",
                        after.name, raw.name, after.name, raw.name
                    ),
                );
            }
        }
    }
}

/// Outside a text layout: a `delimiter` that is not one ASCII character, and an `alphabet`
/// salt without a delimiter.
fn no_text_layout(cx: &Ctxt, input: &Input) {
    match &input.attrs.delimiter {
        Some(lit) => cx.error_spanned_by(
            lit,
            "the delimiter must be exactly one ASCII character, such as \":\" or \"-\"",
        ),
        None => {
            if let Some(alphabet) = input.attrs.salt.as_ref().and_then(|s| s.alphabet.as_ref()) {
                cx.error_spanned_by(
                    alphabet,
                    "`alphabet` writes the bucket as a character of a text key; add `#[rowkey(delimiter = \":\")]`",
                );
            }
        }
    }
}

//! rowkey's text layout (`#[rowkey(delimiter = ":")]`): every part as readable text, joined by
//! the delimiter, like the HBase book's `230611:063031:1231231`. Fields take the binary
//! layout's attributes; integers need a width (`#[decimal(N)]`, `#[hex(N)]`) except last.

use proc_macro2::Literal;

use super::data::{byte, EmptyKey, Fmt, Kind, Part, Traits};
use super::native::{field_rules, leading_digits, lit, raw_string_alone};
use super::shared::phoenix_flag;
use super::Encoding;
use crate::ast::{Class, Field, Input};
use crate::ctxt::Ctxt;
use crate::props::Width;

pub fn build(delimiter: u8) -> Box<dyn Encoding> {
    Box::new(Text { delimiter })
}

struct Text {
    delimiter: u8,
}

impl Encoding for Text {
    fn traits(&self, _input: &Input) -> Traits {
        Traits {
            kind: Kind::Text {
                delimiter: self.delimiter,
            },
            description: format!("text delimiter={}", self.delimiter),
            delimiter: Some(self.delimiter),
            empty_key: EmptyKey::Written,
            short_forms: false,
            ends_below_ff: false,
            extra: None,
        }
    }

    fn part(&self, f: &Field) -> Part {
        let open_end = f.is_raw() || f.last;
        Part {
            format: self.format(f),
            width: width(f),
            last_trim: usize::from(f.last),
            value_trim: usize::from(!f.last),
            // `#[desc]` writes the digits' complement, not inverted bytes.
            flip: 0x00,
            open_end,
            written: None,
            range: super::native::range(f, true),
            range_open: open_end,
            // The text rules refuse `#[java]`.
            tail_window: false,
            leading_digits: leading_digits(f),
            type_name: None,
        }
    }

    /// The bytes, then the delimiter unless last (a text part holds no escape).
    fn capped_width(&self, f: &Field, max: usize) -> usize {
        max + usize::from(!f.last)
    }

    fn check(&self, cx: &Ctxt, input: &Input) {
        for f in &input.fields {
            field_rules(cx, f, width(f), true);
        }
        raw_string_alone(cx, &input.fields, true);
        text_layout(cx, input, self.delimiter);
        phoenix_flag(cx, input, "add `encoding = \"phoenix\"`");
    }
}

impl Text {
    /// The runtime format type that writes the field, under `Delimited`.
    fn format(&self, f: &Field) -> Fmt {
        let d = byte(self.delimiter);
        let a = &f.attrs;
        let desc = a.desc.is_some();
        let mut fmt = if let Some(n) = &a.fixed {
            Fmt::new(&["text", "TextFixed"])
                .with(lit(n))
                .with(byte(pad(f)))
                .with(d.clone())
        } else if let Some(num) = &a.decimal {
            let decimal = Fmt::new(&["Decimal"]).with(lit(num));
            if desc {
                Fmt::new(&["text", "Complement"])
                    .with(decimal)
                    .with(Literal::u32_unsuffixed(10))
                    .with(lit(num))
            } else {
                decimal
            }
        } else if let Some(num) = &a.hex {
            let hex = Fmt::new(&["Hex"]).with(lit(num));
            if desc {
                Fmt::new(&["text", "Complement"])
                    .with(hex)
                    .with(Literal::u32_unsuffixed(16))
                    .with(lit(num))
            } else {
                hex
            }
        } else if a.reverse_ts.is_some() {
            Fmt::new(&["text", "TextReverseTs"])
        } else if f.class == Class::String {
            Fmt::new(&["text", "TextStr"]).with(d.clone())
        } else if int_width(&f.class).is_some() {
            Fmt::new(&["text", "TextInt"])
        } else {
            Fmt::new(&["Natural"])
        };
        if a.reverse.is_some() {
            fmt = fmt.wrap(&["Reverse"]);
        }
        Fmt::new(&["text", "Delimited"]).with(fmt).with(d)
    }
}

/// The part's width, its delimiter included.
fn width(f: &Field) -> Width {
    let value = if let Some(n) = f.width_attr() {
        Width::Fixed(n.value)
    } else {
        match &f.class {
            Class::Signed(8) | Class::Unsigned(8) if f.attrs.reverse_ts.is_some() => {
                Width::Fixed(19)
            }
            Class::Signed(4) | Class::Unsigned(4) if f.attrs.reverse_ts.is_some() => {
                Width::Fixed(10)
            }
            Class::String => Width::Unbounded,
            class => int_width(class).map_or(Width::Unknown, Width::Max),
        }
    };
    if f.last {
        value
    } else {
        value.plus(Width::Fixed(1))
    }
}

/// The longest unpadded decimal text of an integer type (`-9223372036854775808` is 20).
fn int_width(class: &Class) -> Option<usize> {
    Some(match class {
        Class::Unsigned(1) => 3,
        Class::Unsigned(2) => 5,
        Class::Unsigned(4) => 10,
        Class::Unsigned(8) | Class::Signed(8) => 20,
        Class::Signed(1) => 4,
        Class::Signed(2) => 6,
        Class::Signed(4) => 11,
        _ => return None,
    })
}

/// The pad byte of `#[fixed(N)]` strings: `pad = 'c'`, else a space.
fn pad(f: &Field) -> u8 {
    f.attrs.pad.as_ref().map_or(b' ', |c| c.value() as u8)
}

/// Text layouts join readable parts with a delimiter: every part needs a text form, every
/// part but the last a known end, and nothing may contain the delimiter.
fn text_layout(cx: &Ctxt, input: &Input, d: u8) {
    if let Some(lit) = &input.attrs.delimiter
        && d.is_ascii_alphanumeric()
    {
        cx.error_spanned_by(
                lit,
                "a letter or digit as the delimiter would be confused with key text; use punctuation such as \":\" or \"-\"",
            );
    }
    for field in &input.fields {
        text_field(cx, field);
        pad_is_not_delimiter(cx, field, d);
    }
    if let Some(salt) = input.attrs.salt.as_ref().filter(|s| !s.failed) {
        if let Some((kind, path)) = &salt.kind
            && !kind.rules().text
        {
            cx.error_spanned_by(
                path,
                format!(
                    "`#[salt({})]` is a binary salt byte; a text key uses {}",
                    kind.rules().name,
                    crate::attr::salt_kinds_where(|r| r.text)
                ),
            );
        }
        if let Some(alphabet) = &salt.alphabet {
            let chars = alphabet.value();
            let bytes = chars.as_bytes();
            match salt.buckets.as_ref().map(|n| n.value) {
                None => cx.error_spanned_by(alphabet, "`alphabet` names the buckets; it needs `buckets = N`"),
                Some(n) if n != bytes.len() || !chars.is_ascii() => cx.error_spanned_by(
                    alphabet,
                    format!(
                        "`alphabet` needs one ASCII character per bucket: {} characters for `buckets = {n}`, found {}",
                        n,
                        chars.chars().count()
                    ),
                ),
                Some(_) => {}
            }
            let mut seen = Vec::new();
            for &b in bytes {
                if b == d {
                    cx.error_spanned_by(
                        alphabet,
                        "`alphabet` contains the delimiter; a reader could not split the key",
                    );
                    break;
                }
                if seen.contains(&b) {
                    cx.error_spanned_by(
                        alphabet,
                        format!(
                            "`alphabet` repeats {:?}; each bucket needs its own character",
                            char::from(b)
                        ),
                    );
                    break;
                }
                seen.push(b);
            }
        }
    }
}

/// A pad equal to the delimiter would make a reader splitting on the delimiter cut the part.
fn pad_is_not_delimiter(cx: &Ctxt, field: &Field, d: u8) {
    let Some(fixed) = &field.attrs.fixed else {
        return;
    };
    let pad = pad(field);
    if pad == d {
        let msg = format!(
            "the pad {:?} of `{}` is the key's delimiter, so a reader splitting the key would cut the part; choose another pad",
            char::from(pad),
            field.name
        );
        match &field.attrs.pad {
            Some(c) => cx.error_spanned_by(c, msg),
            None => cx.error_spanned_by(&fixed.lit, msg),
        }
    }
}

fn text_field(cx: &Ctxt, field: &Field) {
    let a = &field.attrs;
    let class = &field.class;
    let no_text = match class {
        Class::Option(_) => Some("an Option has no text form for None"),
        Class::Bool | Class::Char | Class::Float(_) => {
            Some("it has no readable fixed-width text form")
        }
        Class::ByteArray(_) | Class::Bytes => Some("raw bytes are not text"),
        Class::Other => Some("the macro cannot see its text form"),
        _ => None,
    };
    if let Some(why) = no_text {
        cx.error_spanned_by(
            field.ty,
            format!(
                "field `{}` cannot be part of a text key: {why}; text keys hold String and integers (with `#[decimal(N)]`/`#[hex(N)]`)",
                field.name
            ),
        );
        return;
    }
    if let Some(java) = &a.java {
        cx.error_spanned_by(
            java,
            "`#[java]` is a binary encoding; in a text key use `#[decimal(N)]`",
        );
    }
    let int = matches!(class, Class::Unsigned(_) | Class::Signed(_));
    if let (true, Some(n)) = (int, &a.fixed) {
        cx.error_spanned_by(
            &n.lit,
            "`#[fixed(N)]` narrows binary integers; in a text key use `#[decimal(N)]` or `#[hex(N)]`",
        );
    }
    let has_width = field.width_attr().is_some() || a.reverse_ts.is_some();
    if int && !has_width && !field.last {
        cx.error_spanned_by(
            field.ty,
            format!(
                "integer `{}` needs a width in a text key, such as `#[decimal(10)]`: only the last part may be an unpadded number",
                field.name
            ),
        );
    }
    if int && !has_width && field.last && matches!(class, Class::Unsigned(16) | Class::Signed(16)) {
        cx.error_spanned_by(
            field.ty,
            "an unpadded text number supports up to 64 bits; give it `#[decimal(N)]`",
        );
    }
    if let Some(desc) = &a.desc
        && a.decimal.is_none()
        && a.hex.is_none()
    {
        cx.error_spanned_by(
                desc,
                "`#[desc]` in a text key writes the digit complement of `#[decimal(N)]`/`#[hex(N)]` fields; it does not apply here",
            );
    }
}

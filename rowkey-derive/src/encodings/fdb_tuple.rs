//! FoundationDB's tuple layer (`#[rowkey(encoding = "fdb_tuple")]`): each field one element of
//! a packed tuple. The runtime picks the element by the field's type (its `TupleValue` impls),
//! so every field has the one format `fdb_tuple::Element`; the key implements `Nestable` (its own bytes), so
//! that another tuple key can hold it as a nested tuple. No attribute applies: the tuple layer
//! has one byte form per type and no descending order.

use super::data::{EmptyKey, Extra, Fmt, Kind, Part, Traits};
use super::shared::{phoenix_attrs, phoenix_flag, refuse_flags};
use super::Encoding;
use crate::ast::{Class, Field, Input};
use crate::ctxt::Ctxt;
use crate::props::{RangeKind, Width};

pub fn build(_input: &Input) -> Box<dyn Encoding> {
    Box::new(FdbTuple)
}

struct FdbTuple;

impl Encoding for FdbTuple {
    /// No field is ever dropped: a trailing `None` is written `00`. Strings and byte strings
    /// end with `00`, escaped as `00 FF` inside, and no element starts with `FF`. The key is
    /// `Nestable`: another tuple key can hold it as a nested tuple.
    fn traits(&self, _input: &Input) -> Traits {
        Traits {
            kind: Kind::FdbTuple,
            description: String::from("fdb tuple"),
            delimiter: None,
            empty_key: EmptyKey::Written,
            short_forms: false,
            ends_below_ff: true,
            extra: Some(Extra::Nestable),
        }
    }

    fn part(&self, f: &Field) -> Part {
        Part {
            format: Fmt::new(&["fdb_tuple", "Element"]),
            width: width(f),
            last_trim: 0,
            value_trim: 0,
            flip: 0x00,
            // Every element ends itself; the format takes no `last`.
            open_end: false,
            written: None,
            // Packed tuples sort as FoundationDB orders them, element by element: every field
            // has a range.
            range: Ok(RangeKind::Monotone { descending: false }),
            range_open: false,
            tail_window: false,
            leading_digits: None,
            type_name: Some(type_name(f)),
        }
    }

    /// The type code, each byte possibly an escaped `00`, the terminating `00` (a None is
    /// one `00`).
    fn capped_width(&self, _f: &Field, max: usize) -> usize {
        2 * max + 2
    }

    fn check(&self, cx: &Ctxt, input: &Input) {
        check(cx, input);
    }
}

/// What the Python binding's `pack` writes at most: integers their shortest bytes after a type
/// code (and a length byte from 2^64 - 1 up), byte arrays each byte escaped.
fn width(f: &Field) -> Width {
    let value = |class: &Class| match class {
        Class::Unsigned(8) | Class::Unsigned(16) | Class::Signed(16) => {
            Width::Max(2 + class_bytes(class))
        }
        Class::Unsigned(n) | Class::Signed(n) => Width::Max(1 + n),
        Class::Bool => Width::Fixed(1),
        Class::Float(n) => Width::Fixed(1 + n),
        Class::ByteArray(Some(n)) => Width::Max(2 + 2 * n),
        Class::String | Class::Bytes => Width::Unbounded,
        _ => Width::Unknown,
    };
    match &f.class {
        // None is one byte `00`.
        Class::Option(inner) => match value(inner) {
            Width::Fixed(n) | Width::Max(n) => Width::Max(n.max(1)),
            other => other,
        },
        class => value(class),
    }
}

/// The element's kind, for the layout's description.
fn type_name(f: &Field) -> String {
    let name = |class: &Class| match class {
        Class::Unsigned(_) | Class::Signed(_) => "Integer",
        Class::Bool => "Boolean",
        Class::Float(4) => "Float",
        Class::Float(_) => "Double",
        Class::String => "UnicodeString",
        Class::Bytes | Class::ByteArray(_) => "ByteString",
        _ => "Element",
    };
    match &f.class {
        Class::Option(inner) => format!("Nullable {}", name(inner)),
        class => name(class).to_string(),
    }
}

/// The bytes of an integer class.
fn class_bytes(class: &Class) -> usize {
    match class {
        Class::Unsigned(n) | Class::Signed(n) => *n,
        _ => 0,
    }
}

/// What a tuple key takes, for messages.
const TAKES: &str = "a FoundationDB tuple key maps integers (u8 to i128), bool, f32, f64, \
                     String, Vec<u8>, [u8; N], uuid::Uuid (feature `uuid`), Option of these (None \
                     is the null element), another `fdb_tuple` key, `()` and Rust tuples (nested \
                     tuples)";

/// The tuple layer's rules for the key, reported all at once.
fn check(cx: &Ctxt, input: &Input) {
    if let Some(d) = &input.attrs.delimiter {
        cx.error_spanned_by(
            d,
            "a FoundationDB tuple key has no delimiter: every element carries its type code; \
             remove `delimiter`",
        );
    }
    if let Some(salt) = &input.attrs.salt {
        let msg = "a FoundationDB tuple key has no salt: other bindings unpack every byte as \
                   the tuple; spread writes with a leading element of your own, or remove \
                   `#[salt(...)]`";
        match &salt.kind {
            Some((_, path)) => cx.error_spanned_by(path, msg),
            None => cx.syn_error(syn::Error::new(salt.span, msg)),
        }
    }
    phoenix_flag(cx, input, "a FoundationDB tuple key has none: remove it");
    for f in &input.fields {
        field(cx, f);
    }
}

fn field(cx: &Ctxt, f: &Field) {
    let a = &f.attrs;
    refuse_flags(cx, f, "FoundationDB tuple", "no field attribute", &[]);
    if let Some(desc) = &a.desc {
        cx.error_spanned_by(
            desc,
            "the FoundationDB tuple layer has no descending order: remove `#[desc]` (store a \
             value that sorts the other way, such as a negated number, or use rowkey's binary \
             layout)",
        );
    }
    for num in [&a.fixed, &a.decimal, &a.hex].into_iter().flatten() {
        cx.error_spanned_by(
            &num.lit,
            "a FoundationDB tuple element has one byte form per type: remove the width \
             attribute",
        );
    }
    phoenix_attrs(cx, f);
    let unsupported = match &f.class {
        Class::Char => Some("a char has no tuple element; store it in a String or a u32"),
        Class::Option(inner) if matches!(**inner, Class::Option(_)) => {
            Some("a tuple element is a null or a value: Option<Option<T>> has no tuple form")
        }
        _ => None,
    };
    if let Some(why) = unsupported {
        cx.error_spanned_by(f.ty, format!("{why}; {TAKES}"));
    }
}

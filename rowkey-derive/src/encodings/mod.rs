//! Whole-key encodings, as data. rowkey's binary layout is the default and a `delimiter` makes
//! its text layout; `#[rowkey(encoding = "...")]` picks another system's format from [`NAMED`].
//! Each encoding is one module (named as its folder in the runtime) implementing [`Encoding`]:
//! its rules, and what it answers as data (`data`): the [`Traits`] of its keys and each field's
//! [`Part`], read by validation and turned into tokens by codegen alone. Nothing outside this
//! folder names an encoding. [`Key`] is the IR with its encoding's answers, and the queries
//! that need both.

mod bigtable;
mod data;
mod fdb_tuple;
mod hbase_ordered;
mod java;
mod native;
mod phoenix;
mod refusal;
mod shared;
mod text;

use crate::ast::{Class, Field, Input};
use crate::ctxt::Ctxt;
use crate::props::{Salt, Width};

pub use data::{Arg, EmptyKey, Extra, Fmt, Kind, Part, Traits, Written};
use shared::first_droppable;

/// One whole-key encoding: its rules, and its answers as data. No method has a default, so an
/// encoding that forgets one does not compile.
pub trait Encoding {
    /// What holds for every key of the encoding.
    fn traits(&self, input: &Input) -> Traits;
    /// The field's part of the key, as if it had no `#[max(N)]` (the cap is the same for all).
    fn part(&self, f: &Field) -> Part;
    /// The width of a `String` or `Vec<u8>` field (or an `Option` of one) of at most `max`
    /// bytes (`#[max(N)]`), counted as [`Part::width`] counts: in the field's place, `Option`
    /// tags, escapes and what follows it included.
    fn capped_width(&self, f: &Field, max: usize) -> usize;
    /// The encoding's rules for the key's types and attributes, reported all at once.
    fn check(&self, cx: &Ctxt, input: &Input);
}

/// A `String` or `Vec<u8>` (under any `Option`s): what `#[max(N)]` caps.
pub fn capped_class(f: &Field) -> bool {
    matches!(f.class.value(), Class::String | Class::Bytes)
}

/// One named encoding of `#[rowkey(encoding = "...")]`.
pub struct Named {
    pub name: &'static str,
    /// The encoding of the key (its fields may decide a flag).
    pub build: fn(&Input) -> Box<dyn Encoding>,
}

/// Every named encoding. rowkey's own layouts are chosen without a name.
pub const NAMED: &[Named] = &[
    Named {
        name: "phoenix",
        build: phoenix::build,
    },
    Named {
        name: "bigtable",
        build: bigtable::build,
    },
    Named {
        name: "hbase_ordered",
        build: hbase_ordered::build,
    },
    Named {
        name: "fdb_tuple",
        build: fdb_tuple::build,
    },
];

/// `"phoenix", "bigtable"`: the names, for messages.
fn names() -> String {
    let names: Vec<String> = NAMED.iter().map(|e| format!("\"{}\"", e.name)).collect();
    names.join(", ")
}

/// The IR with its encoding's answers: what validation and codegen work on.
pub struct Key<'a> {
    pub input: Input<'a>,
    encoding: Box<dyn Encoding>,
    pub traits: Traits,
    parts: Vec<Part>,
    first_droppable: usize,
}

impl<'a> Key<'a> {
    /// Picks the encoding: the named one, else the text layout when the key has a delimiter,
    /// else rowkey's binary layout (also after an unknown name, which is reported); then asks
    /// it for its traits and each field's part.
    pub fn new(cx: &Ctxt, input: Input<'a>) -> Key<'a> {
        let named = input.attrs.encoding.as_ref().and_then(|lit| {
            let found = NAMED.iter().find(|e| e.name == lit.value());
            if found.is_none() {
                cx.error_spanned_by(
                    lit,
                    format!(
                        "unknown encoding {:?}; expected {} (or no `encoding` for rowkey's own \
                         binary layout, with `delimiter` for its text layout)",
                        lit.value(),
                        names()
                    ),
                );
            }
            found
        });
        let encoding = match (named, input.delimiter()) {
            (Some(named), _) => (named.build)(&input),
            (None, Some(d)) => text::build(d),
            (None, None) => native::build(),
        };
        let traits = encoding.traits(&input);
        let parts: Vec<Part> = input
            .fields
            .iter()
            .map(|f| capped(encoding.as_ref(), f, encoding.part(f)))
            .collect();
        let first_droppable = first_droppable(&input.fields, |f| parts[f.index].written.is_some());
        Key {
            input,
            encoding,
            traits,
            parts,
            first_droppable,
        }
    }

    /// The encoding's rules for the key.
    pub fn check(&self, cx: &Ctxt) {
        self.encoding.check(cx, &self.input);
    }

    pub fn fields(&self) -> &[Field<'a>] {
        &self.input.fields
    }

    /// The field's part of the key.
    pub fn part(&self, f: &Field) -> &Part {
        &self.parts[f.index]
    }

    /// The index of the first field that is dropped from the key when it and every field after
    /// it are empty (Phoenix drops trailing NULLs); the field count when none is.
    pub fn first_droppable(&self) -> usize {
        self.first_droppable
    }

    /// What the key is when every field is dropped, where every field may be.
    pub fn empty_key(&self) -> Option<&EmptyKey> {
        (self.first_droppable == 0).then_some(&self.traits.empty_key)
    }

    /// The delimiter of a text layout.
    pub fn delimiter(&self) -> Option<u8> {
        self.traits.delimiter
    }

    /// The salt, once validated.
    pub fn salt(&self) -> Option<Salt> {
        self.input.salt(self.delimiter())
    }

    /// Bytes the salt takes in the key, a text layout's delimiter included.
    pub fn salt_len(&self) -> usize {
        self.salt()
            .map_or(0, |s| s.width() + usize::from(self.delimiter().is_some()))
    }

    /// The width of the whole key, salt included.
    pub fn width(&self) -> Width {
        self.fields()
            .iter()
            .fold(Width::Fixed(self.salt_len()), |acc, f| {
                acc.plus(self.field_width(f))
            })
    }

    /// The field's width in its place in the key: the encoding's, or its count for a
    /// `#[max(N)]` string.
    pub fn field_width(&self, f: &Field) -> Width {
        self.part(f).width
    }

    /// The runtime format type that writes the field.
    pub fn format(&self, f: &Field) -> &Fmt {
        &self.part(f).format
    }

    /// The field's type in the other system, then its format attributes: what decides its
    /// bytes, in a canonical order.
    pub fn attrs_text(&self, f: &Field) -> String {
        let mut out = f.attrs_text();
        if let Some(name) = &self.part(f).type_name {
            out.insert(0, name.clone());
        }
        out.join(" ")
    }

    /// The layout without names: everything that decides the bytes of a key, in a canonical
    /// form. Its FNV-1a hash is `LAYOUT_FINGERPRINT`; renaming a field or the struct leaves it
    /// alone, any edit that can change a key's bytes changes it.
    pub fn description(&self) -> String {
        let mut parts = vec![
            String::from("rowkey-layout-1"),
            self.traits.description.clone(),
        ];
        if let (Some(salt), Some(attr)) = (self.salt(), &self.input.attrs.salt) {
            let kind = salt.kind.rules().name;
            let mut text = format!("salt {kind} len={}", salt.len);
            if let Some(b) = salt.buckets {
                text.push_str(&format!(" buckets={b}"));
            }
            if !salt.of.is_empty() {
                let of: Vec<String> = salt.of.iter().map(usize::to_string).collect();
                text.push_str(&format!(" of={}", of.join(",")));
            }
            if let Some(a) = &attr.alphabet {
                text.push_str(&format!(" alphabet={:?}", a.value()));
            }
            parts.push(text);
        }
        for f in self.fields() {
            let attrs = self.attrs_text(f);
            parts.push(if attrs.is_empty() {
                f.type_text()
            } else {
                format!("{} {attrs}", f.type_text())
            });
        }
        parts.join("|")
    }
}

/// A `#[max(N)]` string or byte vector: written by its format under `Capped` (which refuses
/// longer values both ways; its `MAX_WIDTH` is the capped width in the format's count), its
/// width counted from the cap.
fn capped(encoding: &dyn Encoding, f: &Field, part: Part) -> Part {
    let Some(n) = f.attrs.max.as_ref().filter(|_| capped_class(f)) else {
        return part;
    };
    let width = encoding.capped_width(f, n.value);
    let most = width + part.last_trim;
    let format = Fmt::new(&["Capped"])
        .with(proc_macro2::Literal::usize_unsuffixed(n.value))
        .with(proc_macro2::Literal::usize_unsuffixed(most))
        .with(part.format);
    Part {
        format,
        width: Width::Max(width),
        ..part
    }
}

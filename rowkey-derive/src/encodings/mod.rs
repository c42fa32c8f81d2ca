//! Whole-key encodings. rowkey's binary layout is the default and a `delimiter` makes its text
//! layout; `#[rowkey(encoding = "...")]` picks another system's format from [`NAMED`]. Each
//! encoding is one module implementing [`Encoding`] (in `hooks`), whose hooks are everything
//! the validation and the codegen ask of it; no hook has a default, so an encoding that
//! forgets one does not compile. Nothing outside this folder names an encoding. [`Key`] is the
//! IR with its encoding, and the queries that need both.

mod bigtable;
mod fdb_tuple;
mod hooks;
mod java;
mod native;
mod ordered;
mod phoenix;
mod refusal;
mod text;

use proc_macro2::TokenStream;

use crate::ast::{Class, Field, Input};
use crate::ctxt::Ctxt;
use crate::props::{Salt, Width};

use hooks::first_droppable;
pub use hooks::{EmptyKey, Encoding};

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
        build: ordered::build,
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

/// The IR with its encoding: what validation and codegen work on.
pub struct Key<'a> {
    pub input: Input<'a>,
    pub encoding: Box<dyn Encoding>,
    first_droppable: usize,
}

impl<'a> Key<'a> {
    /// Picks the encoding: the named one, else the text layout when the key has a delimiter,
    /// else rowkey's binary layout (also after an unknown name, which is reported).
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
        let first_droppable = first_droppable(&input.fields, |f| {
            encoding.written(f, TokenStream::new()).is_some()
        });
        Key {
            input,
            encoding,
            first_droppable,
        }
    }

    pub fn fields(&self) -> &[Field<'a>] {
        &self.input.fields
    }

    /// The index of the first field that is dropped from the key when it and every field after
    /// it are empty (Phoenix drops trailing NULLs); the field count when none is.
    pub fn first_droppable(&self) -> usize {
        self.first_droppable
    }

    /// What the key is when every field is dropped, where every field may be.
    pub fn empty_key(&self) -> Option<EmptyKey> {
        (self.first_droppable == 0).then(|| self.encoding.empty_key(self.salt().is_some()))
    }

    /// The delimiter of a text layout.
    pub fn delimiter(&self) -> Option<u8> {
        self.encoding.delimiter()
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
        match &f.attrs.max {
            Some(n) if capped_class(f) => Width::Max(self.encoding.capped_width(f, n.value)),
            _ => self.encoding.width(f),
        }
    }

    /// The runtime format type that writes the field: the encoding's, under `Capped` for a
    /// `#[max(N)]` field (which refuses longer values both ways; its `MAX_WIDTH` is
    /// [`field_width`](Self::field_width) in the format's count).
    pub fn format(&self, f: &Field) -> TokenStream {
        let fmt = self.encoding.format(f);
        let Some(n) = &f.attrs.max else {
            return fmt;
        };
        // Codegen sees validated keys only: a capped field is a String or Vec<u8>.
        let most = self.encoding.capped_width(f, n.value) + self.encoding.last_trim(f);
        let cap = proc_macro2::Literal::usize_unsuffixed(n.value);
        let most = proc_macro2::Literal::usize_unsuffixed(most);
        quote::quote!(__p::Capped<#cap, #most, #fmt>)
    }

    /// The field's type in the other system, then its format attributes: what decides its
    /// bytes, in a canonical order.
    pub fn attrs_text(&self, f: &Field) -> String {
        let mut out = f.attrs_text();
        if let Some(name) = self.encoding.type_name(f) {
            out.insert(0, name);
        }
        out.join(" ")
    }

    /// The layout without names: everything that decides the bytes of a key, in a canonical
    /// form. Its FNV-1a hash is `LAYOUT_FINGERPRINT`; renaming a field or the struct leaves it
    /// alone, any edit that can change a key's bytes changes it.
    pub fn description(&self) -> String {
        let mut parts = vec![String::from("rowkey-layout-1"), self.encoding.description()];
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

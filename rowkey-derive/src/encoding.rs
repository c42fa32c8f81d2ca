//! Whole-key encodings. rowkey's binary layout is the default and a `delimiter` makes a text
//! key; `#[rowkey(encoding = "...")]` picks another system's format. Each such encoding is one
//! entry of [`ENCODINGS`] and one module with its rules (type mapping, attributes, ranges):
//! the codegen asks the field for its format and range rule and the key for where trailing
//! NULL fields may be dropped, and never names an encoding itself.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Field, Input};

/// The encoding of a key, as every field sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// rowkey's binary layout, or its text layout when the field has a delimiter.
    Native,
    /// Apache Phoenix's primary key; `optimizable`: the effective rowKeyOrderOptimizable.
    Phoenix { optimizable: bool },
    /// A Bigtable row-key schema (`Type.Struct`, `OrderedCodeBytes`).
    Bigtable,
    /// HBase's typed API: a `Struct` of `Ordered*` members.
    HbaseOrdered,
}

/// One named encoding of `#[rowkey(encoding = "...")]`.
pub struct EncodingRules {
    pub name: &'static str,
    /// Builds the encoding from the key's fields (for a flag the fields decide).
    pub build: fn(&Input) -> Encoding,
}

pub const ENCODINGS: &[EncodingRules] = &[
    EncodingRules {
        name: "phoenix",
        build: crate::phoenix::encoding,
    },
    EncodingRules {
        name: "bigtable",
        build: |_| Encoding::Bigtable,
    },
    EncodingRules {
        name: "hbase_ordered",
        build: |_| Encoding::HbaseOrdered,
    },
];

/// Reports the flag attributes (`#[reverse]`, `#[reverse_ts]`, `#[java]`, `#[blob]`) that
/// `system`'s encoding does not have (all but `allowed`); it takes `takes` instead.
pub fn refuse_flags(
    cx: &crate::ctxt::Ctxt,
    f: &Field,
    system: &str,
    takes: &str,
    allowed: &[&str],
) {
    let a = &f.attrs;
    for (flag, name) in [
        (a.reverse.as_ref(), "reverse"),
        (a.reverse_ts.as_ref(), "reverse_ts"),
        (a.java.as_ref(), "java"),
        (a.blob.as_ref(), "blob"),
    ] {
        if let Some(path) = flag.filter(|_| !allowed.contains(&name)) {
            cx.error_spanned_by(
                path,
                format!(
                    "`#[{name}]` has no {system} equivalent; a {system}-encoded key takes {takes}"
                ),
            );
        }
    }
}

/// `"phoenix"`: the names, for messages.
pub fn names() -> String {
    let names: Vec<String> = ENCODINGS
        .iter()
        .map(|e| format!("\"{}\"", e.name))
        .collect();
    names.join(", ")
}

impl Field<'_> {
    /// True for another system's encoding.
    pub fn is_foreign(&self) -> bool {
        self.encoding != Encoding::Native
    }
}

impl Input<'_> {
    /// The encoding's rules, when the key names one.
    pub fn encoding_rules(&self) -> Option<&'static EncodingRules> {
        let lit = self.attrs.encoding.as_ref()?;
        ENCODINGS.iter().find(|e| e.name == lit.value())
    }

    /// The index of the first field that is dropped from the key when it and every field after
    /// it are NULL (Phoenix drops trailing NULLs); the field count when none is.
    pub fn first_droppable(&self) -> usize {
        let n = self.fields.len();
        n - self
            .fields
            .iter()
            .rev()
            .take_while(|f| f.droppable())
            .count()
    }

    /// The bytes of a key whose every field was dropped (Bigtable's `00 00`), when that is
    /// not the empty string.
    pub fn empty_key(&self) -> Option<TokenStream> {
        let krate = crate::expand::krate();
        match self.fields.first().map(|f| f.encoding) {
            Some(Encoding::Bigtable) if self.first_droppable() == 0 => {
                Some(quote!(#krate::__private::bigtable::EMPTY))
            }
            _ => None,
        }
    }
}

impl Input<'_> {
    /// The encoding that refuses the key whose every field is dropped, because it would be the
    /// empty row key (which HBase and Bigtable refuse): Phoenix without a salt (`newKey` throws
    /// "Primary key may not be null"; with a salt the key is the salt byte) and HBase's `Struct`.
    pub fn refuses_empty_key(&self) -> Option<&'static str> {
        if self.first_droppable() != 0 || self.salt().is_some() {
            return None;
        }
        match self.fields.first().map(|f| f.encoding) {
            Some(Encoding::Phoenix { .. }) => Some("Phoenix"),
            Some(Encoding::HbaseOrdered) => Some("HBase's Struct"),
            _ => None,
        }
    }
}

impl Field<'_> {
    /// A field the encoding leaves out of the key when it and every field after it are empty
    /// (NULL in Phoenix, `""` in Bigtable).
    pub fn droppable(&self) -> bool {
        match self.encoding {
            Encoding::Phoenix { .. } | Encoding::HbaseOrdered => {
                matches!(self.class, crate::ast::Class::Option(_))
            }
            Encoding::Bigtable => crate::bigtable::droppable(self),
            Encoding::Native => false,
        }
    }

    /// True when a range's "after this value" is the value plus `00` (the field runs to the end
    /// of the key); otherwise every key with the value starts with its bytes and terminator.
    pub fn range_open(&self) -> bool {
        match self.encoding {
            Encoding::Phoenix { .. } => crate::phoenix::range_open(self),
            // Every field is compared with its separator (`full` form): terminated.
            Encoding::Bigtable => false,
            Encoding::HbaseOrdered => crate::ordered::range_open(self),
            Encoding::Native => self.open_end(),
        }
    }

    /// For a droppable field: the expression, over the value `v` (a reference), that is true
    /// when it is written (not NULL / not empty).
    pub fn written(&self, v: TokenStream) -> TokenStream {
        let krate = crate::expand::krate();
        let p = quote!(#krate::__private);
        match self.encoding {
            Encoding::Bigtable => {
                let ty = self.ty;
                quote!(!<#p::bigtable::Bytes<false> as #p::bigtable::Empty<#ty>>::is_empty(#v))
            }
            _ => quote!(#p::Option::is_some(#v)),
        }
    }
}

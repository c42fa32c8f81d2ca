//! Queries over the IR that do not depend on the key's encoding: widths as the macro knows
//! them, how a field's bytes follow its values, the attributes that decide a field's bytes,
//! and the validated salt.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Class, Field, Input};
use crate::attr::{Num, SaltKind};

/// What the macro knows about the encoded width of a field or key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    /// Always exactly n bytes.
    Fixed(usize),
    /// At most n bytes.
    Max(usize),
    /// No bound (a variable-length string or byte vector).
    Unbounded,
    /// Not known from the syntax (a user type or alias): the trait constants decide.
    Unknown,
}

impl Width {
    pub fn max(self) -> Option<usize> {
        match self {
            Width::Fixed(n) | Width::Max(n) => Some(n),
            Width::Unbounded | Width::Unknown => None,
        }
    }

    pub fn plus(self, other: Width) -> Width {
        match (self, other) {
            (Width::Unbounded, _) | (_, Width::Unbounded) => Width::Unbounded,
            (Width::Unknown, _) | (_, Width::Unknown) => Width::Unknown,
            (Width::Fixed(a), Width::Fixed(b)) => Width::Fixed(a + b),
            (a, b) => Width::Max(a.max().unwrap_or(0) + b.max().unwrap_or(0)),
        }
    }

    /// The width under an `Option` tag.
    pub fn optional(self) -> Width {
        match self {
            Width::Fixed(n) | Width::Max(n) => Width::Max(n + 1),
            other => other,
        }
    }
}

/// How the bytes of a rangeable field follow its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeKind {
    /// Byte order is value order, or its reverse.
    Monotone { descending: bool },
    /// `#[reverse_ts] Option<T>`: `None` first, then `Some` values newest first.
    OptionNewestFirst,
}

impl Field<'_> {
    /// A raw `#[java]` string or byte vector (no escape, no terminator).
    pub fn is_raw(&self) -> bool {
        self.attrs.java.is_some()
            && self.attrs.nul_terminated.is_none()
            && matches!(self.class.value(), Class::String | Class::Bytes)
    }

    /// False for a terminator with a byte other than `00`: `"a"` + `|` sorts after `"ab"` + `|`.
    pub fn terminator_keeps_order(&self) -> bool {
        self.attrs
            .terminator
            .as_ref()
            .is_none_or(|t| t.value().iter().all(|&b| b == 0))
    }

    /// The explicit width attribute, if any (fixed, decimal or hex).
    pub fn width_attr(&self) -> Option<&Num> {
        let a = &self.attrs;
        a.fixed.as_ref().or(a.decimal.as_ref()).or(a.hex.as_ref())
    }

    /// The field's type, canonical (see [`type_text`]).
    pub fn type_text(&self) -> String {
        type_text(&self.class, self.ty)
    }

    /// The field's format attributes in a canonical order: what decides its bytes, besides
    /// the encoding.
    pub fn attrs_text(&self) -> Vec<String> {
        let a = &self.attrs;
        let mut out: Vec<String> = Vec::new();
        if let Some(n) = &a.fixed {
            match &a.pad {
                Some(c) => out.push(format!("#[fixed({}, pad = {:?})]", n.value, c.value())),
                None => out.push(format!("#[fixed({})]", n.value)),
            }
        }
        if let Some(n) = &a.max {
            out.push(format!("#[max({})]", n.value));
        }
        if let Some(n) = &a.decimal {
            out.push(format!("#[decimal({})]", n.value));
        }
        if let Some(n) = &a.hex {
            out.push(format!("#[hex({})]", n.value));
        }
        if let Some((p, s)) = &a.precision {
            out.push(format!("#[precision({}, {})]", p.value, s.value));
        }
        // The Phoenix column type as written (TIMESTAMP and DATE of one SystemTime differ), and
        // ROW_TIMESTAMP (which refuses times before 1970).
        let phoenix: Vec<String> = [&a.phoenix_type, &a.row_timestamp]
            .into_iter()
            .flatten()
            .map(|i| i.to_string())
            .collect();
        if !phoenix.is_empty() {
            out.push(format!("#[phoenix({})]", phoenix.join(", ")));
        }
        match &a.terminator {
            Some(t) => out.push(format!("#[java(terminated = {:02x?})]", t.value())),
            None if a.nul_terminated.is_some() => out.push("#[java(nul_terminated)]".into()),
            None => {}
        }
        if a.blob.is_some() {
            out.push("#[blob]".into());
        }
        for (flag, name) in [
            (&a.reverse_ts, "reverse_ts"),
            (
                &a.java
                    .as_ref()
                    .filter(|_| a.nul_terminated.is_none())
                    .cloned(),
                "java",
            ),
            (&a.reverse, "reverse"),
            (&a.desc, "desc"),
        ] {
            if flag.is_some() {
                out.push(format!("#[{name}]"));
            }
        }
        out
    }
}

/// The canonical text of a type: the class when the macro knows it (so `::std::string::String`
/// and `String` agree), else the tokens without whitespace.
fn type_text(class: &Class, ty: &syn::Type) -> String {
    let known = |c: &Class| -> Option<String> {
        Some(match c {
            Class::Unsigned(n) => format!("u{}", 8 * n),
            Class::Signed(n) => format!("i{}", 8 * n),
            Class::Bool => "bool".into(),
            Class::Char => "char".into(),
            Class::Float(n) => format!("f{}", 8 * n),
            Class::ByteArray(Some(n)) => format!("[u8; {n}]"),
            Class::String => "String".into(),
            Class::Bytes => "Vec<u8>".into(),
            Class::ByteArray(None) | Class::Option(_) | Class::PlatformInt | Class::Other => {
                return None
            }
        })
    };
    fn option_text(c: &Class, known: &dyn Fn(&Class) -> Option<String>) -> Option<String> {
        match c {
            Class::Option(inner) => option_text(inner, known).map(|t| format!("Option<{t}>")),
            other => known(other),
        }
    }
    option_text(class, &known).unwrap_or_else(|| {
        quote::ToTokens::to_token_stream(ty)
            .to_string()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect()
    })
}

/// How a text layout writes the salt.
pub enum SaltText {
    Hex,
    Decimal(usize),
    Alphabet(String),
}

/// The validated salt: kind, the `of` fields as indices in hash order, and its width.
pub struct Salt {
    pub kind: SaltKind,
    pub of: Vec<usize>,
    /// Binary width.
    pub len: usize,
    pub buckets: Option<usize>,
    pub text: Option<SaltText>,
}

impl Salt {
    /// The runtime `Salt` value.
    pub fn tokens(&self) -> TokenStream {
        let p = quote!(__rowkey::salt::Salt);
        let buckets = self.buckets.unwrap_or(0) as u16;
        match (self.kind, self.buckets) {
            (SaltKind::Md5, None) => {
                let len = self.len as u8;
                quote!(#p::Md5 { len: #len })
            }
            (SaltKind::Md5, Some(_)) => quote!(#p::Md5Buckets { buckets: #buckets }),
            (SaltKind::Xxh3, _) => quote!(#p::Xxh3Buckets { buckets: #buckets }),
            (SaltKind::JavaHash, _) => {
                let (buckets, width) = (self.buckets.unwrap_or(1) as u32, self.len as u8);
                quote!(#p::JavaHash { buckets: #buckets, width: #width })
            }
            (SaltKind::OpenTsdb, _) => {
                let (buckets, width) = (self.buckets.unwrap_or(1) as u32, self.len as u8);
                quote!(#p::OpenTsdb { buckets: #buckets, width: #width })
            }
            (SaltKind::Phoenix, _) => quote!(#p::Phoenix { buckets: #buckets }),
            (SaltKind::Random, _) => quote!(#p::Random { buckets: #buckets }),
        }
    }

    /// The runtime `Option<SaltText>` value.
    pub fn text_tokens(&self) -> TokenStream {
        let p = quote!(__p);
        match &self.text {
            None => quote!(#p::None),
            Some(SaltText::Hex) => quote!(#p::Some(__rowkey::salt::SaltText::Hex)),
            Some(SaltText::Decimal(width)) => {
                let width = *width as u8;
                quote!(#p::Some(__rowkey::salt::SaltText::Decimal { width: #width }))
            }
            Some(SaltText::Alphabet(a)) => {
                let bytes = syn::LitByteStr::new(a.as_bytes(), proc_macro2::Span::call_site());
                quote!(#p::Some(__rowkey::salt::SaltText::Alphabet(#bytes)))
            }
        }
    }

    /// Width of the salt in the key, without a text layout's delimiter.
    pub fn width(&self) -> usize {
        match &self.text {
            None => self.len,
            Some(SaltText::Hex) => 2 * self.len,
            Some(SaltText::Decimal(width)) => *width,
            Some(SaltText::Alphabet(_)) => 1,
        }
    }

    /// A hash prefix without buckets cannot fan out: a scan must fix every `of` field.
    pub fn needs_of_fixed(&self) -> bool {
        self.kind == SaltKind::Md5 && self.buckets.is_none()
    }
}

impl Input<'_> {
    /// Whether the scan builder is generated: unless `#[rowkey(scan = false)]`.
    pub fn builds_scan(&self) -> bool {
        self.attrs.scan.as_ref().is_none_or(|b| b.value)
    }

    /// The scan builder's finishing method: `plan`, or `#[rowkey(plan = "...")]`.
    pub fn plan_method(&self) -> syn::Ident {
        self.attrs
            .plan
            .clone()
            .unwrap_or_else(|| syn::Ident::new("plan", proc_macro2::Span::call_site()))
    }

    /// The salt, once validated; written as text in a key with the delimiter `text`.
    pub fn salt(&self, text: Option<u8>) -> Option<Salt> {
        let attr = self.attrs.salt.as_ref()?;
        let (kind, _) = attr.kind.as_ref()?;
        let of = attr
            .of
            .iter()
            .filter_map(|lit| {
                let name = lit.value();
                self.fields.iter().position(|f| f.name == name)
            })
            .collect();
        let buckets = attr.buckets.as_ref().map(|n| n.value);
        let len = match (kind, buckets) {
            (SaltKind::Md5, None) => attr.len.as_ref().map_or(16, |n| n.value),
            _ if kind.rules().width => attr.width.as_ref().map_or(1, |n| n.value),
            _ => 1,
        };
        let text = text.map(|_| match (&attr.alphabet, buckets) {
            (Some(a), _) => SaltText::Alphabet(a.value()),
            (None, Some(n)) => SaltText::Decimal(n.saturating_sub(1).max(1).to_string().len()),
            (None, None) => SaltText::Hex,
        });
        Some(Salt {
            kind: *kind,
            of,
            len,
            buckets,
            text,
        })
    }
}

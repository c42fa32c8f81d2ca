//! Queries over the IR: each field's position flags, width and format type.

use proc_macro2::{Literal, TokenStream};
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

    fn plus(self, other: Width) -> Width {
        match (self, other) {
            (Width::Unbounded, _) | (_, Width::Unbounded) => Width::Unbounded,
            (Width::Unknown, _) | (_, Width::Unknown) => Width::Unknown,
            (Width::Fixed(a), Width::Fixed(b)) => Width::Fixed(a + b),
            (a, b) => Width::Max(a.max().unwrap_or(0) + b.max().unwrap_or(0)),
        }
    }

    fn optional(self) -> Width {
        match self {
            Width::Fixed(n) | Width::Max(n) => Width::Max(n + 1),
            other => other,
        }
    }
}

impl Field<'_> {
    /// `0xFF` for `#[desc]` fields, whose bytes are inverted.
    pub fn flip(&self) -> u8 {
        if self.attrs.desc.is_some() {
            0xFF
        } else {
            0x00
        }
    }

    /// The explicit format attribute, if any (fixed, decimal or hex).
    pub fn width_attr(&self) -> Option<&Num> {
        let a = &self.attrs;
        a.fixed.as_ref().or(a.decimal.as_ref()).or(a.hex.as_ref())
    }

    /// The encoded width of the field.
    pub fn width(&self) -> Width {
        fn value(field: &Field, class: &Class) -> Width {
            match class {
                Class::Option(inner) => value(field, inner).optional(),
                _ if field.width_attr().is_some() => {
                    Width::Fixed(field.width_attr().unwrap().value)
                }
                Class::Signed(8) | Class::Unsigned(8) if field.attrs.reverse_ts.is_some() => {
                    Width::Fixed(8)
                }
                Class::Signed(4) | Class::Unsigned(4) if field.attrs.reverse_ts.is_some() => {
                    Width::Fixed(4)
                }
                _ if field.attrs.reverse_ts.is_some() => Width::Unknown,
                Class::Unsigned(n) | Class::Signed(n) | Class::Float(n) => Width::Fixed(*n),
                Class::Bool => Width::Fixed(1),
                Class::Char => Width::Fixed(4),
                Class::ByteArray(Some(n)) => Width::Fixed(*n),
                Class::String | Class::Bytes => Width::Unbounded,
                Class::ByteArray(None) | Class::PlatformInt | Class::Other => Width::Unknown,
            }
        }
        value(self, &self.class)
    }

    /// The format type that writes this field, such as `Reverse<Decimal<11>>`.
    pub fn format(&self, krate: &TokenStream) -> TokenStream {
        let p = quote!(#krate::__private);
        let a = &self.attrs;
        let lit = |n: &Num| {
            let mut l = Literal::usize_unsuffixed(n.value);
            l.set_span(n.lit.span());
            l
        };
        let mut fmt = if let Some(n) = &a.fixed {
            let n = lit(n);
            if a.java.is_some() {
                quote!(#p::JavaFixed<#n>)
            } else {
                quote!(#p::Fixed<#n>)
            }
        } else if let Some(n) = &a.decimal {
            let n = lit(n);
            quote!(#p::Decimal<#n>)
        } else if let Some(n) = &a.hex {
            let n = lit(n);
            quote!(#p::Hex<#n>)
        } else if a.reverse_ts.is_some() {
            quote!(#p::ReverseTs)
        } else if a.java.is_some() {
            quote!(#p::Java)
        } else if a.reverse.is_some() {
            quote!(#p::Natural)
        } else {
            // An Option without attributes uses Option's own KeyCodec.
            return quote!(#p::Natural);
        };
        if a.reverse.is_some() {
            fmt = quote!(#p::Reverse<#fmt>);
        }
        let mut class = &self.class;
        while let Class::Option(inner) = class {
            fmt = quote!(#p::Opt<#fmt>);
            class = inner;
        }
        fmt
    }
}

/// The validated salt: kind, the `of` fields as indices in hash order, and its width.
pub struct Salt {
    pub kind: SaltKind,
    pub of: Vec<usize>,
    pub len: usize,
    pub buckets: Option<usize>,
}

impl Salt {
    /// The runtime `Salt` value.
    pub fn tokens(&self, krate: &TokenStream) -> TokenStream {
        let p = quote!(#krate::__private::Salt);
        let buckets = self.buckets.unwrap_or(0) as u16;
        match (self.kind, self.buckets) {
            (SaltKind::Md5, None) => {
                let len = self.len as u8;
                quote!(#p::Md5 { len: #len })
            }
            (SaltKind::Md5, Some(_)) => quote!(#p::Md5Buckets { buckets: #buckets }),
            (SaltKind::Phoenix, _) => quote!(#p::Phoenix { buckets: #buckets }),
            (SaltKind::Random, _) => quote!(#p::Random { buckets: #buckets }),
        }
    }

    /// A hash prefix without buckets cannot fan out: a scan must fix every `of` field.
    pub fn needs_of_fixed(&self) -> bool {
        self.kind == SaltKind::Md5 && self.buckets.is_none()
    }
}

impl Input<'_> {
    /// The salt, once validated.
    pub fn salt(&self) -> Option<Salt> {
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
            _ => 1,
        };
        Some(Salt {
            kind: *kind,
            of,
            len,
            buckets,
        })
    }

    /// The salt's width in bytes.
    pub fn salt_len(&self) -> usize {
        self.salt().map_or(0, |s| s.len)
    }

    /// True when `field` is the final part and not `#[desc]`, so it may run to the key's end.
    pub fn is_open_end(&self, field: &Field) -> bool {
        field.index + 1 == self.fields.len() && field.attrs.desc.is_none()
    }

    /// The width of the whole key, salt included.
    pub fn width(&self) -> Width {
        self.fields
            .iter()
            .fold(Width::Fixed(self.salt_len()), |acc, f| acc.plus(f.width()))
    }
}

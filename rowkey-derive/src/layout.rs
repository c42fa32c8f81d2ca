//! Queries over the IR: each field's position flags, width and format type, and the salt.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::ast::{Class, Field, Input};
use crate::attr::{Num, SaltKind};
use crate::encoding::Encoding;

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

    fn optional(self) -> Width {
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

/// The longest unpadded decimal text of an integer type (`-9223372036854775808` is 20).
pub fn text_int_width(class: &Class) -> Option<usize> {
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

impl Field<'_> {
    /// True in a text layout.
    pub fn is_text(&self) -> bool {
        self.delimiter.is_some()
    }

    /// True when the field may run to the end of the key (no terminator or delimiter): the
    /// last field, unless a binary `#[desc]` needs its terminator; and a raw `#[java]` string
    /// anywhere (its end is where the fixed-width fields after it start).
    pub fn open_end(&self) -> bool {
        if self.is_foreign() {
            // Another system's encoding: `last` means the last field written.
            return self.last;
        }
        self.is_raw() || self.last && (self.is_text() || self.attrs.desc.is_none())
    }

    /// Bytes after the part that its format's widths count and the last part does not write:
    /// a text key's delimiter, the separator of a Bigtable field that ends the key ASC.
    pub fn last_trim(&self) -> usize {
        match self.encoding {
            Encoding::Bigtable => crate::bigtable::last_trim(self),
            _ if self.is_text() && self.last => 1,
            _ => 0,
        }
    }

    /// `0xFF` for binary `#[desc]` fields, whose bytes are inverted. Text layouts write
    /// `#[desc]` as a digit complement instead.
    pub fn flip(&self) -> u8 {
        if let Encoding::Phoenix { .. } = self.encoding {
            return crate::phoenix::flip(self);
        }
        if self.attrs.desc.is_some() && !self.is_text() {
            0xFF
        } else {
            0x00
        }
    }

    /// A raw `#[java]` string or byte vector (no escape, no terminator).
    pub fn is_raw(&self) -> bool {
        self.attrs.java.is_some()
            && self.attrs.nul_terminated.is_none()
            && matches!(self.class.value(), Class::String | Class::Bytes)
    }

    /// The format of a `#[java(nul_terminated)]` or `#[java(terminated = b"..")]` field: the
    /// terminator as a length and a big-endian `u128`.
    pub fn terminated_format(&self, krate: &TokenStream) -> TokenStream {
        match &self.attrs.terminator {
            Some(t) => {
                let bytes = t.value();
                let n = bytes.len();
                let term = bytes
                    .iter()
                    .fold(0u128, |acc, &b| (acc << 8) | u128::from(b));
                quote!(#krate::__private::Terminated<#n, #term>)
            }
            None => quote!(#krate::__private::NulTerminated),
        }
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

    /// The pad byte of `#[fixed(N)]` strings: `pad = 'c'`, else NUL (binary) or space (text).
    fn pad(&self) -> u8 {
        match &self.attrs.pad {
            Some(c) => c.value() as u8,
            None if self.is_text() => b' ',
            None => 0,
        }
    }

    /// How a scan bounds this field with a range, or why it cannot (its byte order does not
    /// follow value order), as the name of the runtime trait that says so.
    pub fn range_kind(&self) -> Result<RangeKind, &'static str> {
        match self.encoding {
            Encoding::Phoenix { .. } => return crate::phoenix::range_kind(self),
            Encoding::Bigtable => return crate::bigtable::range_kind(self),
            Encoding::HbaseOrdered => return crate::ordered::range_kind(self),
            Encoding::Native => {}
        }
        let variable_text =
            self.is_text() && self.width_attr().is_none() && self.attrs.reverse_ts.is_none();
        if self.attrs.reverse.is_some() {
            return Err("NoRangeReversed");
        }
        if self.is_raw() {
            return Err("NoRangeRaw");
        }
        if self.attrs.java.is_some() && self.attrs.nul_terminated.is_none() {
            return Err("NoRangeJava");
        }
        if !self.terminator_keeps_order() {
            return Err("NoRangeTerminator");
        }
        if variable_text {
            return Err("NoRangeText");
        }
        let newest_first = self.attrs.reverse_ts.is_some();
        match &self.class {
            Class::Option(inner) if newest_first => match **inner {
                Class::Option(_) => Err("NoRangeNested"),
                _ => Ok(RangeKind::OptionNewestFirst),
            },
            _ => Ok(RangeKind::Monotone {
                descending: self.attrs.desc.is_some() != newest_first,
            }),
        }
    }

    /// The encoded width of the field, delimiter included, as its encoding writes it.
    pub fn width(&self) -> Width {
        match self.encoding {
            Encoding::Phoenix { .. } => return crate::phoenix::width(self),
            Encoding::Bigtable => return crate::bigtable::width(self),
            Encoding::HbaseOrdered => return crate::ordered::width(self),
            Encoding::Native => {}
        }
        let value = if self.is_text() {
            self.text_width()
        } else {
            self.binary_width(&self.class)
        };
        if self.is_text() && !self.last {
            value.plus(Width::Fixed(1))
        } else {
            value
        }
    }

    fn binary_width(&self, class: &Class) -> Width {
        let a = &self.attrs;
        match class {
            Class::Option(inner) => self.binary_width(inner).optional(),
            _ if self.width_attr().is_some() => {
                Width::Fixed(self.width_attr().map_or(0, |n| n.value))
            }
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

    fn text_width(&self) -> Width {
        if let Some(n) = self.width_attr() {
            return Width::Fixed(n.value);
        }
        match &self.class {
            Class::Signed(8) | Class::Unsigned(8) if self.attrs.reverse_ts.is_some() => {
                Width::Fixed(19)
            }
            Class::Signed(4) | Class::Unsigned(4) if self.attrs.reverse_ts.is_some() => {
                Width::Fixed(10)
            }
            Class::String => Width::Unbounded,
            class => text_int_width(class).map_or(Width::Unknown, Width::Max),
        }
    }

    /// The format type that writes this field, such as `Reverse<Decimal<11>>`.
    pub fn format(&self, krate: &TokenStream) -> TokenStream {
        match self.encoding {
            Encoding::Phoenix { .. } => return crate::phoenix::format(self, krate),
            Encoding::Bigtable => return crate::bigtable::format(self, krate),
            Encoding::HbaseOrdered => return crate::ordered::format(self, krate),
            Encoding::Native => {}
        }
        match self.delimiter {
            Some(d) => self.text_format(krate, d),
            None => self.binary_format(krate),
        }
    }

    fn binary_format(&self, krate: &TokenStream) -> TokenStream {
        let p = quote!(#krate::__private);
        let a = &self.attrs;
        let mut fmt = if let Some(n) = &a.fixed {
            let n = lit(n);
            if a.java.is_some() {
                quote!(#p::JavaFixed<#n>)
            } else if a.pad.is_some() {
                let pad = self.pad();
                quote!(#p::Fixed<#n, #pad>)
            } else {
                quote!(#p::Fixed<#n>)
            }
        } else if let Some(n) = &a.decimal {
            let n = lit(n);
            quote!(#p::Decimal<#n>)
        } else if let Some(n) = &a.hex {
            let n = lit(n);
            quote!(#p::Hex<#n>)
        } else if a.reverse_ts.is_some() && a.java.is_some() {
            quote!(#p::JavaReverseTs)
        } else if a.reverse_ts.is_some() {
            quote!(#p::ReverseTs)
        } else if self.attrs.nul_terminated.is_some() {
            self.terminated_format(krate)
        } else if self.is_raw() {
            quote!(#p::JavaStr)
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

    fn text_format(&self, krate: &TokenStream, d: u8) -> TokenStream {
        let p = quote!(#krate::__private);
        let a = &self.attrs;
        let desc = a.desc.is_some();
        let mut fmt = if let Some(n) = &a.fixed {
            let n = lit(n);
            let pad = self.pad();
            quote!(#p::TextFixed<#n, #pad, #d>)
        } else if let Some(num) = &a.decimal {
            let n = lit(num);
            if desc {
                quote!(#p::Complement<#p::Decimal<#n>, 10, #n>)
            } else {
                quote!(#p::Decimal<#n>)
            }
        } else if let Some(num) = &a.hex {
            let n = lit(num);
            if desc {
                quote!(#p::Complement<#p::Hex<#n>, 16, #n>)
            } else {
                quote!(#p::Hex<#n>)
            }
        } else if a.reverse_ts.is_some() {
            quote!(#p::TextReverseTs)
        } else if self.class == Class::String {
            quote!(#p::TextStr<#d>)
        } else if text_int_width(&self.class).is_some() {
            quote!(#p::TextInt)
        } else {
            quote!(#p::Natural)
        };
        if a.reverse.is_some() {
            fmt = quote!(#p::Reverse<#fmt>);
        }
        quote!(#p::Delimited<#fmt, #d>)
    }
}

fn lit(n: &Num) -> Literal {
    let mut l = Literal::usize_unsuffixed(n.value);
    l.set_span(n.lit.span());
    l
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

impl Field<'_> {
    /// The field's type, canonical (see [`type_text`]).
    pub fn type_text(&self) -> String {
        type_text(&self.class, self.ty)
    }

    /// The field's format attributes in a canonical order: what decides its bytes.
    pub fn attrs_text(&self) -> String {
        let a = &self.attrs;
        let mut out: Vec<String> = Vec::new();
        if let Some(n) = &a.fixed {
            match &a.pad {
                Some(c) => out.push(format!("#[fixed({}, pad = {:?})]", n.value, c.value())),
                None => out.push(format!("#[fixed({})]", n.value)),
            }
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
        match self.encoding {
            Encoding::Phoenix { .. } => out.insert(0, crate::phoenix::sql_type(self)),
            Encoding::Bigtable => out.insert(0, crate::bigtable::schema_type(self).into()),
            Encoding::HbaseOrdered => out.insert(0, crate::ordered::member_type(self)),
            Encoding::Native => {}
        }
        out.join(" ")
    }
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
    pub fn tokens(&self, krate: &TokenStream) -> TokenStream {
        let p = quote!(#krate::__private::Salt);
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
    pub fn text_tokens(&self, krate: &TokenStream) -> TokenStream {
        let p = quote!(#krate::__private);
        match &self.text {
            None => quote!(#p::None),
            Some(SaltText::Hex) => quote!(#p::Some(#p::SaltText::Hex)),
            Some(SaltText::Decimal(width)) => {
                let width = *width as u8;
                quote!(#p::Some(#p::SaltText::Decimal { width: #width }))
            }
            Some(SaltText::Alphabet(a)) => {
                let bytes = syn::LitByteStr::new(a.as_bytes(), proc_macro2::Span::call_site());
                quote!(#p::Some(#p::SaltText::Alphabet(#bytes)))
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
    /// The scan builder's finishing method: `plan`, or `#[rowkey(plan = "...")]`.
    pub fn plan_method(&self) -> syn::Ident {
        self.attrs
            .plan
            .clone()
            .unwrap_or_else(|| syn::Ident::new("plan", proc_macro2::Span::call_site()))
    }

    /// The layout without names: everything that decides the bytes of a key, in a canonical
    /// form. Its FNV-1a hash is `LAYOUT_FINGERPRINT`; renaming a field or the struct leaves it
    /// alone, any edit that can change a key's bytes changes it.
    pub fn description(&self) -> String {
        let mut parts = vec![String::from("rowkey-layout-1")];
        parts.push(
            match (self.delimiter(), self.fields.first().map(|f| f.encoding)) {
                (_, Some(Encoding::Phoenix { optimizable })) => {
                    format!("phoenix optimizable={optimizable}")
                }
                (_, Some(Encoding::Bigtable)) => String::from("bigtable ordered_code_bytes"),
                (_, Some(Encoding::HbaseOrdered)) => String::from("hbase ordered struct"),
                (Some(d), _) => format!("text delimiter={d}"),
                (None, _) => String::from("binary"),
            },
        );
        if let (Some(salt), Some(attr)) = (self.salt(), &self.attrs.salt) {
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
        for f in &self.fields {
            let attrs = f.attrs_text();
            parts.push(if attrs.is_empty() {
                f.type_text()
            } else {
                format!("{} {attrs}", f.type_text())
            });
        }
        parts.join("|")
    }

    /// The delimiter of a text layout.
    pub fn delimiter(&self) -> Option<u8> {
        self.fields.first().and_then(|f| f.delimiter)
    }

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
            _ if kind.rules().width => attr.width.as_ref().map_or(1, |n| n.value),
            _ => 1,
        };
        let text = self.delimiter().map(|_| match (&attr.alphabet, buckets) {
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

    /// Bytes the salt takes in the key, a text layout's delimiter included.
    pub fn salt_len(&self) -> usize {
        self.salt()
            .map_or(0, |s| s.width() + usize::from(self.delimiter().is_some()))
    }

    /// The width of the whole key, salt included.
    pub fn width(&self) -> Width {
        self.fields
            .iter()
            .fold(Width::Fixed(self.salt_len()), |acc, f| acc.plus(f.width()))
    }
}

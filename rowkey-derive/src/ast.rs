//! The IR: the struct's fields in key order, each with its parsed attributes and a syntactic
//! classification of its type. Nodes keep references to the original syntax for spans.

use syn::{Data, DeriveInput, Expr, Fields, GenericArgument, Ident, Lit, PathArguments, Type};

use crate::attr::{self, Container, FieldAttrs};
use crate::ctxt::Ctxt;

pub struct Input<'a> {
    pub ident: &'a Ident,
    pub vis: &'a syn::Visibility,
    pub generics: &'a syn::Generics,
    pub attrs: Container,
    pub fields: Vec<Field<'a>>,
}

pub struct Field<'a> {
    pub ident: &'a Ident,
    /// The name used in errors and `explain` (raw identifiers without `r#`).
    pub name: String,
    pub ty: &'a Type,
    pub class: Class,
    pub attrs: FieldAttrs,
    pub index: usize,
    /// The final part of the key.
    pub last: bool,
}

/// What the macro can tell about a field type from its syntax. `Other` types (user types,
/// aliases) are checked by trait bounds instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Class {
    Unsigned(usize),
    Signed(usize),
    Bool,
    Char,
    Float(usize),
    /// `[u8; N]`, with N when it is a literal.
    ByteArray(Option<usize>),
    String,
    /// `Vec<u8>`.
    Bytes,
    Option(Box<Class>),
    /// `usize` / `isize`.
    PlatformInt,
    Other,
}

impl Class {
    /// The class of the value inside an `Option`, or itself.
    pub fn value(&self) -> &Class {
        match self {
            Class::Option(inner) => inner.value(),
            other => other,
        }
    }

    pub fn describe(&self) -> &'static str {
        match self {
            Class::Unsigned(_) => "an unsigned integer",
            Class::Signed(_) => "a signed integer",
            Class::Bool => "a bool",
            Class::Char => "a char",
            Class::Float(_) => "a float",
            Class::ByteArray(_) => "a byte array",
            Class::String => "a String",
            Class::Bytes => "a Vec<u8>",
            Class::Option(_) => "an Option",
            Class::PlatformInt => "a usize/isize",
            Class::Other => "this type",
        }
    }
}

impl<'a> Input<'a> {
    pub fn from_syn(cx: &Ctxt, input: &'a DeriveInput) -> Option<Input<'a>> {
        let attrs = attr::container(cx, &input.attrs);
        let named = match &input.data {
            Data::Struct(data) => match &data.fields {
                Fields::Named(named) if !named.named.is_empty() => named,
                Fields::Named(named) => {
                    cx.error_spanned_by(
                        named,
                        "a row key needs at least one field; add the fields that make up the key",
                    );
                    return None;
                }
                Fields::Unnamed(fields) => {
                    cx.error_spanned_by(
                        fields,
                        "tuple structs cannot derive RowKey; name the fields, so that errors, \
                         `explain` and scans can refer to each part of the key",
                    );
                    return None;
                }
                Fields::Unit => {
                    cx.error_spanned_by(
                        &input.ident,
                        "a unit struct has no key parts; give it named fields",
                    );
                    return None;
                }
            },
            Data::Enum(data) => {
                cx.error_spanned_by(
                    data.enum_token,
                    "enums cannot derive RowKey; use a struct with named fields (an enum field \
                     can implement `rowkey::KeyCodec`)",
                );
                return None;
            }
            Data::Union(data) => {
                cx.error_spanned_by(
                    data.union_token,
                    "unions cannot derive RowKey; use a struct with named fields",
                );
                return None;
            }
        };
        let count = named.named.len();
        let fields = named
            .named
            .iter()
            .enumerate()
            .filter_map(|(index, field)| {
                let ident = field.ident.as_ref()?;
                Some(Field {
                    ident,
                    name: ident.to_string().trim_start_matches("r#").to_owned(),
                    ty: &field.ty,
                    class: classify(&field.ty),
                    attrs: attr::field(cx, &field.attrs),
                    index,
                    last: index + 1 == count,
                })
            })
            .collect();
        Some(Input {
            ident: &input.ident,
            vis: &input.vis,
            generics: &input.generics,
            attrs,
            fields,
        })
    }

    /// The delimiter of a text layout: `#[rowkey(delimiter = "...")]` when it is one ASCII
    /// character (validation reports any other).
    pub fn delimiter(&self) -> Option<u8> {
        self.attrs
            .delimiter
            .as_ref()
            .map(|lit| lit.value())
            .filter(|v| v.len() == 1 && v.is_ascii())
            .map(|v| v.as_bytes()[0])
    }
}

/// Strips invisible groups (types passed through `macro_rules!`) and parentheses.
pub fn ungroup(mut ty: &Type) -> &Type {
    loop {
        match ty {
            Type::Group(g) => ty = &g.elem,
            Type::Paren(p) => ty = &p.elem,
            _ => return ty,
        }
    }
}

fn classify(ty: &Type) -> Class {
    match ungroup(ty) {
        Type::Array(array) => {
            if !is_ident(&array.elem, "u8") {
                return Class::Other;
            }
            let len = match &array.len {
                Expr::Lit(lit) => match &lit.lit {
                    Lit::Int(n) => n.base10_parse().ok(),
                    _ => None,
                },
                _ => None,
            };
            Class::ByteArray(len)
        }
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return Class::Other;
            };
            let name = last.ident.to_string();
            match (&last.arguments, name.as_str()) {
                (PathArguments::None, _) => match name.as_str() {
                    "u8" => Class::Unsigned(1),
                    "u16" => Class::Unsigned(2),
                    "u32" => Class::Unsigned(4),
                    "u64" => Class::Unsigned(8),
                    "u128" => Class::Unsigned(16),
                    "i8" => Class::Signed(1),
                    "i16" => Class::Signed(2),
                    "i32" => Class::Signed(4),
                    "i64" => Class::Signed(8),
                    "i128" => Class::Signed(16),
                    "usize" | "isize" => Class::PlatformInt,
                    "bool" => Class::Bool,
                    "char" => Class::Char,
                    "f32" => Class::Float(4),
                    "f64" => Class::Float(8),
                    "String" => Class::String,
                    _ => Class::Other,
                },
                (PathArguments::AngleBracketed(args), "Vec" | "Option") => {
                    let mut types = args.args.iter().filter_map(|a| match a {
                        GenericArgument::Type(t) => Some(t),
                        _ => None,
                    });
                    match (types.next(), types.next()) {
                        (Some(inner), None) if name == "Option" => {
                            Class::Option(Box::new(classify(inner)))
                        }
                        (Some(inner), None) if is_ident(inner, "u8") => Class::Bytes,
                        _ => Class::Other,
                    }
                }
                _ => Class::Other,
            }
        }
        _ => Class::Other,
    }
}

/// True for a type named `Decimal` (`rust_decimal::Decimal`), also inside an `Option`.
pub fn is_decimal(ty: &Type) -> bool {
    is_named(ty, "Decimal")
}

/// True for a type named `SystemTime` (`std::time::SystemTime`), also inside an `Option`.
pub fn is_system_time(ty: &Type) -> bool {
    is_named(ty, "SystemTime")
}

/// True for `DateTime<Utc>` (`chrono::DateTime<chrono::Utc>`), also inside an `Option`.
pub fn is_chrono_utc(ty: &Type) -> bool {
    let Type::Path(p) = ungroup(ty) else {
        return false;
    };
    let Some(last) = p.path.segments.last() else {
        return false;
    };
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return false;
    };
    let mut types = args.args.iter().filter_map(|a| match a {
        GenericArgument::Type(t) => Some(t),
        _ => None,
    });
    match (last.ident.to_string().as_str(), types.next(), types.next()) {
        ("DateTime", Some(tz), None) => is_named(tz, "Utc"),
        ("Option", Some(inner), None) => is_chrono_utc(inner),
        _ => false,
    }
}

/// True for a path type whose last segment is `name` without arguments, also inside an
/// `Option`.
fn is_named(ty: &Type, name: &str) -> bool {
    let Type::Path(p) = ungroup(ty) else {
        return false;
    };
    let Some(last) = p.path.segments.last() else {
        return false;
    };
    if last.ident == name {
        return last.arguments.is_none();
    }
    match &last.arguments {
        PathArguments::AngleBracketed(args) if last.ident == "Option" => {
            args.args.iter().any(|a| match a {
                GenericArgument::Type(t) => is_named(t, name),
                _ => false,
            })
        }
        _ => false,
    }
}

fn is_ident(ty: &Type, name: &str) -> bool {
    match ungroup(ty) {
        Type::Path(p) => p.qself.is_none() && p.path.is_ident(name),
        _ => false,
    }
}

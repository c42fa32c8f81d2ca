//! Fragments every generated method repeats for a field: its format's items, its widths in the
//! key, its `begin` arguments, the span a salt hashes, and the call that reads it.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::Field;
use crate::encodings::{Arg, Fmt, Key, Written};
use crate::tokens::respan;

/// The runtime item at `path` under `__private`: `__p::bigtable::EMPTY`.
pub fn runtime_path(path: &[&str]) -> TokenStream {
    let segments = path
        .iter()
        .map(|s| syn::Ident::new(s, proc_macro2::Span::call_site()));
    quote!(__p #(:: #segments)*)
}

/// The tokens of a runtime format type: `__p::Reverse<__p::Decimal<11>>`.
pub fn format_type(fmt: &Fmt) -> TokenStream {
    let path = runtime_path(fmt.path);
    if fmt.args.is_empty() {
        return path;
    }
    let args = fmt.args.iter().map(|a| match a {
        Arg::Fmt(f) => format_type(f),
        Arg::Lit(l) => quote!(#l),
        Arg::Bool(b) => quote!(#b),
    });
    quote!(#path<#(#args),*>)
}

/// The format type of field `f`: the alias [`format_aliases`] declares once in the generated
/// `const _` block (`__F0`), spanned on the field's type. Written once, not at each of the
/// eight or so places a field's format is named: fewer tokens for the compiler to take.
pub fn field_format(_key: &Key, f: &Field) -> TokenStream {
    let alias = format_ident!("__F{}", f.index, span = f.ty.span());
    quote!(#alias)
}

/// `type __F0 = <format>;` for each field (see [`field_format`]), its format spanned on its
/// type, so that an unmet bound points at the field.
pub fn format_aliases(key: &Key) -> TokenStream {
    key.fields()
        .iter()
        .map(|f| {
            let alias = field_format(key, f);
            let fmt = respan(format_type(key.format(f)), f.ty.span());
            quote!(type #alias = #fmt;)
        })
        .collect()
}

/// For a field the encoding drops when it and every field after it are empty: the expression,
/// over the value `v` (a reference), true when it is written.
pub fn written(key: &Key, f: &Field, v: TokenStream) -> Option<TokenStream> {
    Some(match key.part(f).written.as_ref()? {
        Written::IsSome => quote!(__p::Option::is_some(#v)),
        Written::Not {
            format,
            trait_,
            method,
        } => {
            let format = format_type(format);
            let trait_ = runtime_path(trait_);
            let method = syn::Ident::new(method, proc_macro2::Span::call_site());
            let ty = f.ty;
            quote!(!<#format as #trait_<#ty>>::#method(#v))
        }
    })
}

/// `<Format as Format<Ty>>::item`, all spanned on the field's type so that an unmet bound
/// (an unsupported type, an attribute that does not apply) points at the field.
pub fn format_of(key: &Key, field: &Field, item: &str) -> TokenStream {
    let ty = field.ty;
    let fmt = field_format(key, field);
    let item = syn::Ident::new(item, ty.span());
    quote_spanned!(ty.span()=> <#fmt as __Fmt<#ty>>::#item)
}

/// A field's `WIDTH` or `MAX_WIDTH` in its key. A format's widths count what follows the part
/// (a text key's delimiter, a Bigtable separator); the last part may not write it.
pub fn part_width(key: &Key, field: &Field, item: &str) -> TokenStream {
    let w = format_of(key, field, item);
    match key.part(field).last_trim {
        0 => w,
        n => {
            let n = Literal::usize_unsuffixed(n);
            quote!(__p::key::less(#w, #n))
        }
    }
}

/// The byte the writer and reader XOR the field's bytes with, as `begin`'s argument.
pub fn flip(key: &Key, field: &Field) -> Literal {
    Literal::u8_suffixed(key.part(field).flip)
}

/// `(start, end)` locals of field `i` when it feeds the salt.
pub fn span_locals(i: usize) -> (syn::Ident, syn::Ident) {
    (format_ident!("__s{}", i), format_ident!("__e{}", i))
}

/// `body` (which writes or reads `field`), recording where its value starts and ends when the
/// salt hashes it (`of`); `position` is the cursor's position before and after.
pub fn salt_span(
    key: &Key,
    field: &Field,
    of: &[usize],
    body: TokenStream,
    position: TokenStream,
) -> TokenStream {
    if !of.contains(&field.index) {
        return body;
    }
    let (s, e) = span_locals(field.index);
    let end = match key.part(field).value_trim {
        0 => position.clone(),
        n => quote!(#position - #n),
    };
    quote! {
        let #s = #position;
        #body
        let #e = #end;
    }
}

/// The call that reads field `f` from `reader` (a `&mut Reader`): its format's `read`, or, for a
/// raw `#[java]` string that fixed-width fields follow, that read over a window ending where
/// they start.
pub fn read_call(key: &Key, f: &Field, reader: TokenStream) -> TokenStream {
    let read = format_of(key, f, "read");
    let open = key.part(f).open_end;
    if reads_alone(key, f) {
        return quote!(#read(#reader, #open));
    }
    if f.index >= key.first_droppable() {
        // A dropped trailing NULL: the key ends before the field.
        return quote! {{
            let __r: &mut __rowkey::Reader<'_> = #reader;
            if __r.remaining() == 0 {
                __p::Ok(::core::default::Default::default())
            } else {
                #read(__r, #open)
            }
        }};
    }
    let tail = tail_width(key, f);
    quote! {
        __p::key::read_before(
            #reader,
            #tail,
            |__sub| #read(__sub, true),
        )
    }
}

/// Whether field `f` is read by its format's `read` alone: not a trailing NULL the key may
/// drop, nor a raw string read over a window.
pub fn reads_alone(key: &Key, f: &Field) -> bool {
    f.index < key.first_droppable() && (!key.part(f).tail_window || f.last)
}

/// The width of the fields after `f`, when they all have one: where a raw string ends.
pub fn tail_width(key: &Key, f: &Field) -> TokenStream {
    let tail: Vec<TokenStream> = key.fields()[f.index + 1..]
        .iter()
        .map(|g| format_of(key, g, "WIDTH"))
        .collect();
    quote!(__p::key::sum(&[#(#tail),*]))
}

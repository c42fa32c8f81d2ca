//! Codegen for `explain`.

use proc_macro2::TokenStream;
use quote::quote;

use super::field::{flip, format_of, read_call, reads_alone};
use super::run::{self, Step};
use crate::ast::Class;
use crate::encodings::{EmptyKey, Key};
use crate::tokens::krate;

/// The expression that renders the decoded value `v` (a reference) of a field of class
/// `class`: bytes as `toStringBinary` strings, everything else with `Debug`.
pub fn render(class: &Class, v: &TokenStream) -> TokenStream {
    let p = quote!(__p);
    match class {
        Class::Bytes | Class::ByteArray(_) => quote!(#p::explain::render_bytes(&(#v)[..])),
        Class::Option(inner) => {
            let x = quote!(__some);
            let inner = render(inner, &x);
            quote! {
                match #v {
                    #p::None => ::std::string::ToString::to_string("None"),
                    #p::Some(#x) => ::std::format!("Some({})", #inner),
                }
            }
        }
        _ => quote!((&#p::explain::DebugProbe(#v)).rowkey_render()),
    }
}

/// An expression of a function that renders a `&ty` value of class `class` (see [`render`]):
/// named, not a closure, where the class allows.
/// [`renderer`] when it is a constant (a function or a closure that captures nothing, which
/// a `const` of a function pointer can hold): not for a type of the user's, whose renderer
/// is picked by a method call.
pub fn const_renderer(class: &Class, ty: &syn::Type) -> Option<TokenStream> {
    match class {
        Class::Bytes
        | Class::ByteArray(_)
        | Class::Unsigned(_)
        | Class::Signed(_)
        | Class::Bool
        | Class::Char
        | Class::Float(_)
        | Class::String
        | Class::Option(_) => Some(renderer(class, ty)),
        _ => None,
    }
}

pub fn renderer(class: &Class, ty: &syn::Type) -> TokenStream {
    let p = quote!(__p);
    match class {
        Class::Bytes | Class::ByteArray(_) => quote!(#p::explain::render_bytes_of::<#ty>),
        // Types with `Debug`: no autoref probe to resolve (3% of a crate of keys' build,
        // counted in instructions with `scripts/derive_cost.sh`).
        Class::Unsigned(_)
        | Class::Signed(_)
        | Class::Bool
        | Class::Char
        | Class::Float(_)
        | Class::String => quote!(#p::explain::render_debug::<#ty>),
        Class::Option(_) => {
            let render = render(class, &quote!(__v));
            quote!(|__v: &#ty| #render)
        }
        _ => quote!((&#p::explain::Render::<#ty>::NEW).renderer()),
    }
}

pub fn method(key: &Key) -> TokenStream {
    let krate = krate();
    // Runs of fields each read by its format alone: one runtime call a run (the runtime
    // reads and renders each field, unless a part before failed); a field read otherwise
    // (dropped trailing NULL, windowed raw string) spells it out.
    let parts = run::steps(key, |f| reads_alone(key, f))
        .into_iter()
        .map(|step| match step {
            Step::Run(fields) => {
                let explain = run::function("explain", fields);
                let generics = run::generics(key, fields);
                let args = run::args(key, fields, |_| None, |f| Some(renderer(&f.class, f.ty)));
                quote!(__p::run::#explain::<#generics>(&mut __x, #args);)
            }
            Step::One(f) => {
                let render = renderer(&f.class, f.ty);
                let name = &f.name;
                let flip = flip(key, f);
                if reads_alone(key, f) {
                    // A type of the user's: its format's own `explain_part`.
                    let part = format_of(key, f, "explain_part");
                    let open = key.part(f).open_end;
                    return quote!(#part(&mut __x, (#name, #flip, #open), #render););
                }
                let read = read_call(key, f, quote!(__r));
                quote! {
                    __x.read_part((#name, #flip), |__r: &mut __rowkey::Reader<'_>| #read, #render);
                }
            }
        });
    let d = key.delimiter().unwrap_or(0);
    let text = key.delimiter().is_some();
    let (salt_part, salt_check) = if key.salt().is_some() {
        (
            quote! {
                match __p::key::explain_salt(
                    __x.begin("salt", 0u8),
                    <Self as #krate::RowKey>::SALT,
                    <Self as #krate::RowKey>::SALT_TEXT,
                    #d,
                ) {
                    __p::Ok(__v) => __x.value(__v),
                    __p::Err(__e) => return __x.fail(&__e),
                }
            },
            // The fields decoded: what decode can still reject is the salt or trailing bytes.
            quote! {
                if !__x.failed() {
                    if let __p::Err(__e) = <Self as #krate::RowKey>::decode(__key) {
                        return __x.fail_after(&__e);
                    }
                }
            },
        )
    } else {
        (TokenStream::new(), TokenStream::new())
    };
    // The empty key: where the encoding gives it a meaning of its own (Bigtable's `00 00`) or
    // refuses it, decode says whether it is a key.
    let empty = matches!(
        key.empty_key(),
        Some(EmptyKey::Bytes(_) | EmptyKey::Refused(_))
    )
    .then(|| {
        quote! {
            if __key.is_empty() {
                if let __p::Err(__e) = <Self as #krate::RowKey>::decode(__key) {
                    return __x.fail(&__e);
                }
            }
        }
    });
    // `#[inline]` on the methods a program may never call (explain, layout, scan, full_scan):
    // compiled in the crates that call them, not in every crate that declares a key (serde's
    // derives, generic over the serializer, get that for free). What it saves: the performance
    // guide's section on the derive's compile time.
    quote! {
        #[inline]
        fn explain(__key: &[::core::primitive::u8]) -> __p::String {
            let mut __x = __p::explain::Explainer::new(__key, #text);
            if let __p::Err(__e) = __p::key::check_key_len(__key) {
                return __x.fail(&__e);
            }
            #empty
            #salt_part
            #(#parts)*
            #salt_check
            __x.finish()
        }
    }
}

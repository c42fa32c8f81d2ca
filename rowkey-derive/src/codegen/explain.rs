//! Codegen for `explain`.

use proc_macro2::TokenStream;
use quote::quote;

use super::field::{flip, read_call};
use crate::ast::Class;
use crate::encodings::{EmptyKey, Key};
use crate::tokens::krate;

/// The expression that renders the decoded value `v` (a reference) of a field of class
/// `class`: bytes as `toStringBinary` strings, everything else with `Debug`.
pub fn render(class: &Class, v: &TokenStream, krate: &TokenStream) -> TokenStream {
    let p = quote!(#krate::__private);
    match class {
        Class::Bytes | Class::ByteArray(_) => quote!(#p::render_bytes(&(#v)[..])),
        Class::Option(inner) => {
            let x = quote!(__some);
            let inner = render(inner, &x, krate);
            quote! {
                match #v {
                    #p::None => ::std::string::ToString::to_string("None"),
                    #p::Some(#x) => ::std::format!("Some({})", #inner),
                }
            }
        }
        _ => quote!((&#p::DebugProbe(#v)).rowkey_render()),
    }
}

pub fn method(key: &Key) -> TokenStream {
    let krate = krate();
    let parts = key.fields().iter().map(|f| {
        let render = render(&f.class, &quote!(&__v), &krate);
        let name = &f.name;
        let flip = flip(key, f);
        let read = read_call(key, f, quote!(__x.begin(#name, #flip)));
        quote! {
            match #read {
                #krate::__private::Ok(__v) => {
                    __x.value(#render)
                }
                #krate::__private::Err(__e) => return __x.fail(&__e),
            }
        }
    });
    let d = key.delimiter().unwrap_or(0);
    let text = key.delimiter().is_some();
    let (salt_part, salt_check) = if key.salt().is_some() {
        (
            quote! {
                match #krate::__private::explain_salt(
                    __x.begin("salt", 0u8),
                    <Self as #krate::RowKey>::SALT,
                    <Self as #krate::RowKey>::SALT_TEXT,
                    #d,
                ) {
                    #krate::__private::Ok(__v) => __x.value(__v),
                    #krate::__private::Err(__e) => return __x.fail(&__e),
                }
            },
            // The fields decoded: what decode can still reject is the salt or trailing bytes.
            quote! {
                if let #krate::__private::Err(__e) = <Self as #krate::RowKey>::decode(__key) {
                    return __x.fail_after(&__e);
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
                if let #krate::__private::Err(__e) = <Self as #krate::RowKey>::decode(__key) {
                    return __x.fail(&__e);
                }
            }
        }
    });
    quote! {
        fn explain(__key: &[::core::primitive::u8]) -> #krate::__private::String {
            #[allow(unused_imports)]
            use #krate::__private::{ViaDebug as _, ViaFallback as _};
            let mut __x = #krate::__private::Explainer::new(__key, #text);
            if let #krate::__private::Err(__e) = #krate::__private::check_key_len(__key) {
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

//! Codegen for `decode_checked`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::field::{flip, read_call, runtime_path, salt_span, span_locals};
use crate::encodings::{EmptyKey, Key};
use crate::tokens::krate;

pub fn method(key: &Key) -> TokenStream {
    let krate = krate();
    let locals: Vec<_> = key
        .fields()
        .iter()
        .map(|f| format_ident!("__f{}", f.index))
        .collect();
    let salt = key.salt();
    let of = salt.as_ref().map(|s| s.of.clone()).unwrap_or_default();
    let reads = key.fields().iter().zip(&locals).map(|(f, local)| {
        let name = &f.name;
        let flip = flip(key, f);
        let read = read_call(key, f, quote!(&mut __r));
        // A `match`, not `?`: the same code, but rustc checks a `?` through `Try` and `From`
        // (about 0.17 million instructions each, a field's read and write in each key).
        let read = quote! {
            __r.begin(#name, #flip);
            let #local = match #read {
                __p::Ok(__v) => __v,
                __p::Err(__e) => return __p::Err(__e),
            };
        };
        salt_span(key, f, &of, read, quote!(__r.offset()))
    });
    let (salt_read, salt_check) = match &salt {
        Some(salt) => {
            let n = key.salt_len();
            let d = key.delimiter().unwrap_or(0);
            let parts = salt.of.iter().map(|&i| {
                let (s, e) = span_locals(i);
                quote!(__key.get(#s..#e).unwrap_or_default())
            });
            (
                quote! {
                    let (__salt, __salt_len) = match __p::key::read_salt(
                        &mut __r,
                        <Self as #krate::RowKey>::SALT,
                        <Self as #krate::RowKey>::SALT_TEXT,
                        #d,
                    ) {
                        __p::Ok(__v) => __v,
                        __p::Err(__e) => return __p::Err(__e),
                    };
                },
                quote! {
                    if __verify {
                        if let __p::Err(__e) = __p::key::check_salt(
                            <Self as #krate::RowKey>::SALT,
                            &__salt[..__salt_len],
                            &[#(#parts),*],
                            __key.get(#n..).unwrap_or_default(),
                        ) {
                            return __p::Err(__e);
                        }
                    }
                },
            )
        }
        None => (TokenStream::new(), TokenStream::new()),
    };
    let idents = key.fields().iter().map(|f| f.ident);
    // Where every field may be dropped, the empty key: not a key where the encoding writes
    // other bytes for it (Bigtable's `00 00`) or refuses it (the empty row key).
    let first = key
        .fields()
        .first()
        .map_or(String::new(), |f| f.name.clone());
    let (empty, refused) = match key.empty_key() {
        Some(EmptyKey::Bytes(bytes)) => {
            let bytes = runtime_path(bytes);
            (
                quote! {
                    if __key.is_empty() {
                        let mut __r = __rowkey::Reader::new(__key);
                        __r.begin(#first, 0u8);
                        return __p::Err(__r.truncated(#bytes.len()));
                    }
                },
                TokenStream::new(),
            )
        }
        Some(EmptyKey::Refused(_)) => (
            TokenStream::new(),
            quote! {
                if __key.is_empty() {
                    return __p::Err(__rowkey::DecodeError::Invalid {
                        field: #first,
                        offset: 0,
                        expected: "a key with a field that is not NULL (encode refuses the empty row key)",
                    });
                }
            },
        ),
        Some(EmptyKey::Written) | None => (TokenStream::new(), TokenStream::new()),
    };
    let decode = quote! {
        #empty
        #refused
        let mut __r = __rowkey::Reader::new(__key);
        #salt_read
        #(#reads)*
        if let __p::Err(__e) = __r.finish() {
            return __p::Err(__e);
        }
        #salt_check
        __p::Ok(Self { #(#idents: #locals),* })
    };
    // (An unsalted key of a fixed-width layout is read from a slice of its length by the
    // runtime's `decode`, which calls this twice: see `decode_sized`.)
    quote! {
        #[inline(always)]
        fn decode_checked(
            __key: &[::core::primitive::u8],
            __verify: ::core::primitive::bool,
        ) -> __p::Result<Self, __rowkey::DecodeError> {
            let _ = __verify;
            if let __p::Err(__e) = __p::key::check_key_len(__key) {
                return __p::Err(__e);
            }
            #decode
        }
    }
}

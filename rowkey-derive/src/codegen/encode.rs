//! Codegen for `encoded_len` and `encode_parts`; `encode` and `encode_into` are the
//! runtime's, written once for every key (`RowKey`'s provided methods).

use proc_macro2::TokenStream;
use quote::quote;

use super::field::{flip, format_of, runtime_path, salt_span, span_locals, written};
use crate::ast::Field;
use crate::encodings::{EmptyKey, Key};
use crate::tokens::krate;

/// For encodings that drop trailing NULL fields (Phoenix): `let __upto = ...;`, the number of
/// fields written (up to the last non-NULL one). Empty when no field is dropped.
fn upto(key: &Key) -> TokenStream {
    let n = key.fields().len();
    let k = key.first_droppable();
    if k == n {
        return TokenStream::new();
    }
    let mut chain = quote!(#k);
    for f in &key.fields()[k..] {
        let ident = f.ident;
        let count = f.index + 1;
        let test = written(key, f, quote!(&self.#ident)).unwrap_or_else(|| quote!(true));
        chain = quote! {
            if #test { #count } else { #chain }
        };
    }
    quote!(let __upto: ::core::primitive::usize = #chain;)
}

/// The `last` argument of field `f`'s format: whether it ends the key. A constant, except
/// where trailing NULL fields are dropped: then whether it is the last one written.
fn last_arg(key: &Key, f: &Field) -> TokenStream {
    if key.first_droppable() == key.fields().len() || f.index + 1 < key.first_droppable() {
        let open = key.part(f).open_end;
        quote!(#open)
    } else {
        let written = f.index + 1;
        quote!(__upto == #written)
    }
}

/// Wraps a field's `tokens` (of value `zero` when the field is not written) for a field that
/// may be dropped.
fn when_written(key: &Key, f: &Field, tokens: TokenStream, zero: TokenStream) -> TokenStream {
    if f.index < key.first_droppable() {
        tokens
    } else {
        let i = f.index;
        quote!(if __upto > #i { #tokens } else { #zero })
    }
}

pub fn methods(key: &Key) -> TokenStream {
    let krate = krate();
    let upto = upto(key);
    let lens = key.fields().iter().map(|f| {
        let len = format_of(key, f, "len");
        let ident = f.ident;
        let last = last_arg(key, f);
        when_written(key, f, quote!(#len(&self.#ident, #last)), quote!(0))
    });
    let salt = key.salt();
    let of = salt.as_ref().map(|s| s.of.clone()).unwrap_or_default();
    let writes = key.fields().iter().map(|f| {
        let write = format_of(key, f, "write");
        let ident = f.ident;
        let last = last_arg(key, f);
        let name = &f.name;
        let flip = flip(key, f);
        let write = when_written(
            key,
            f,
            // `if let`, not `?`: see `decode.rs`.
            quote! {
                __w.begin(#name, #flip);
                if let __p::Err(__e) = #write(&self.#ident, __w, #last) {
                    return __p::Err(__e);
                }
            },
            TokenStream::new(),
        );
        salt_span(key, f, &of, write, quote!(__w.position()))
    });
    let (salt_begin, salt_end) = match &salt {
        Some(salt) => {
            let n = salt.width();
            let delimiter = key.delimiter().map(|d| quote!(__w.put_byte(#d);));
            let spans = salt.of.iter().map(|&i| {
                let (s, e) = span_locals(i);
                quote!((#s, #e))
            });
            (
                quote! {
                    __w.begin("salt", 0u8);
                    __w.fill(0u8, #n);
                    #delimiter
                },
                quote! {
                    __p::key::write_salt(
                        __w,
                        <Self as #krate::RowKey>::SALT,
                        <Self as #krate::RowKey>::SALT_TEXT,
                        #n,
                        &[#(#spans),*],
                    );
                },
            )
        }
        None => (TokenStream::new(), TokenStream::new()),
    };
    let salt_len = key.salt_len();
    // Every field dropped: the encoding's empty key, or an error where that would be the empty
    // row key.
    let (refuse_empty, empty_len, empty_write) = match key.empty_key() {
        Some(EmptyKey::Refused(encoding)) => (
            quote! {
                if __upto == 0 {
                    return __p::Err(__rowkey::EncodeError::EmptyKey {
                        encoding: #encoding,
                    });
                }
            },
            TokenStream::new(),
            TokenStream::new(),
        ),
        Some(EmptyKey::Bytes(bytes)) => {
            let bytes = runtime_path(bytes);
            (
                TokenStream::new(),
                quote!(+ if __upto == 0 { #bytes.len() } else { 0 }),
                quote! {
                    if __upto == 0 {
                        __w.begin("", 0u8);
                        __w.put(&#bytes);
                    }
                },
            )
        }
        Some(EmptyKey::Written) | None => {
            (TokenStream::new(), TokenStream::new(), TokenStream::new())
        }
    };
    quote! {
        #[inline]
        fn encoded_len(&self) -> ::core::primitive::usize {
            #upto
            #salt_len #(+ #lens)* #empty_len
        }

        #[inline(always)]
        fn encode_parts(
            &self,
            __w: &mut __rowkey::Writer<'_>,
        ) -> __p::Result<(), __rowkey::EncodeError> {
            #upto
            #refuse_empty
            #salt_begin
            #(#writes)*
            #empty_write
            #salt_end
            __p::Ok(())
        }
    }
}

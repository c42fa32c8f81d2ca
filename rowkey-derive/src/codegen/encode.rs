//! Codegen for `encoded_len` and `encode_parts`; `encode` and `encode_into` are the
//! runtime's, written once for every key (`RowKey`'s provided methods).

use proc_macro2::TokenStream;
use quote::quote;

use super::field::{flip, format_of, runtime_path, salt_span, span_locals, written};
use super::run::{self, Step};
use crate::ast::Field;
use crate::encodings::{EmptyKey, Key, Kind};
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
    if depends_on_upto(key, f) {
        let written = f.index + 1;
        quote!(__upto == #written)
    } else {
        let open = key.part(f).open_end;
        quote!(#open)
    }
}

/// Whether field `f`'s `last` is whether it is the last one written (trailing NULL fields
/// dropped), not a constant.
fn depends_on_upto(key: &Key, f: &Field) -> bool {
    key.first_droppable() < key.fields().len() && f.index + 1 >= key.first_droppable()
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
    // A field's `last` is a constant and it is always written: measured and written in runs
    // (the runtime's `__private::run`), the others one at a time. Not a FoundationDB tuple's:
    // its elements' `write` and `len` are large, inlined by rustc's MIR inliner when the key's
    // method calls them but not through a run's generic call (LLVM then left them calls: a
    // string tuple encoded at 1.2x of its floor instead of 0.8x).
    let fdb = matches!(key.traits.kind, Kind::FdbTuple);
    let plain = |f: &Field| !fdb && f.index < key.first_droppable() && !depends_on_upto(key, f);
    let lens = run::steps(key, plain).into_iter().map(|step| match step {
        Step::Run(fields) => {
            let len = run::function("len", fields);
            let generics = run::generics(key, fields);
            let args = fields.iter().map(|f| {
                let ident = f.ident;
                let last = key.part(f).open_end;
                quote!(&self.#ident, #last)
            });
            quote!(__p::run::#len::<#generics>(#(#args),*))
        }
        Step::One(f) => {
            let len = format_of(key, f, "len");
            let ident = f.ident;
            let last = last_arg(key, f);
            when_written(key, f, quote!(#len(&self.#ident, #last)), quote!(0))
        }
    });
    let salt = key.salt();
    let of = salt.as_ref().map(|s| s.of.clone()).unwrap_or_default();
    let writes = run::steps(key, |f| plain(f) && !of.contains(&f.index))
        .into_iter()
        .map(|step| match step {
            Step::Run(fields) => {
                let write = run::function("write", fields);
                let generics = run::generics(key, fields);
                let args = run::args(
                    key,
                    fields,
                    |f| {
                        let ident = f.ident;
                        Some(quote!(&self.#ident))
                    },
                    |_| None,
                );
                // `if let`, not `?`: see `decode.rs`.
                quote! {
                    if let __p::Err(__e) =
                        __p::run::#write::<#generics>(__w, #args)
                    {
                        return __p::Err(__e);
                    }
                }
            }
            Step::One(f) => {
                let write = format_of(key, f, "write");
                let ident = f.ident;
                let last = last_arg(key, f);
                let name = &f.name;
                let flip = flip(key, f);
                let write = when_written(
                    key,
                    f,
                    quote! {
                        __w.begin(#name, #flip);
                        if let __p::Err(__e) = #write(&self.#ident, __w, #last) {
                            return __p::Err(__e);
                        }
                    },
                    TokenStream::new(),
                );
                salt_span(key, f, &of, write, quote!(__w.position()))
            }
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

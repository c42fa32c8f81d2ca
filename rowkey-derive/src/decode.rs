//! Codegen for `decode`.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::ast::{Field, Input};
use crate::encode::{span_locals, trim};
use crate::expand::{format_of, krate};

/// The call that reads field `f` from `reader` (a `&mut Reader`): its format's `read`, or, for a
/// raw `#[java]` string that fixed-width fields follow, that read over a window ending where
/// they start.
pub fn read_call(input: &Input, f: &Field, reader: TokenStream) -> TokenStream {
    let krate = krate();
    let read = format_of(f, "read");
    let open = f.open_end();
    if f.index >= input.first_droppable() {
        // A dropped trailing NULL: the key ends before the field.
        return quote! {{
            let __r: &mut #krate::__private::Reader<'_> = #reader;
            if __r.remaining() == 0 {
                #krate::__private::Ok(::core::default::Default::default())
            } else {
                #read(__r, #open)
            }
        }};
    }
    if !f.is_raw() || f.last {
        return quote!(#read(#reader, #open));
    }
    let tail: Vec<TokenStream> = input.fields[f.index + 1..]
        .iter()
        .map(|g| format_of(g, "WIDTH"))
        .collect();
    quote! {
        #krate::__private::read_before(
            #reader,
            #krate::__private::sum(&[#(#tail),*]),
            |__sub| #read(__sub, true),
        )
    }
}

pub fn method(input: &Input) -> TokenStream {
    let krate = krate();
    let locals: Vec<_> = input
        .fields
        .iter()
        .map(|f| format_ident!("__f{}", f.index))
        .collect();
    let salt = input.salt();
    let of = salt.as_ref().map(|s| s.of.clone()).unwrap_or_default();
    let reads = input.fields.iter().zip(&locals).map(|(f, local)| {
        let name = &f.name;
        let flip = Literal::u8_suffixed(f.flip());
        let read = read_call(input, f, quote!(&mut __r));
        let read = quote! {
            __r.begin(#name, #flip);
            let #local = #read?;
        };
        if of.contains(&f.index) {
            let (s, e) = span_locals(f.index);
            let end = match trim(f) {
                0 => quote!(__r.offset()),
                n => quote!(__r.offset() - #n),
            };
            quote! {
                let #s = __r.offset();
                #read
                let #e = #end;
            }
        } else {
            read
        }
    });
    let (salt_read, salt_check) = match &salt {
        Some(salt) => {
            let n = input.salt_len();
            let d = input.delimiter().unwrap_or(0);
            let parts = salt.of.iter().map(|&i| {
                let (s, e) = span_locals(i);
                quote!(__key.get(#s..#e).unwrap_or_default())
            });
            (
                quote! {
                    let (__salt, __salt_len) = #krate::__private::read_salt(
                        &mut __r,
                        <Self as #krate::RowKey>::SALT,
                        <Self as #krate::RowKey>::SALT_TEXT,
                        #d,
                    )?;
                },
                quote! {
                    if __verify {
                        #krate::__private::check_salt(
                            <Self as #krate::RowKey>::SALT,
                            &__salt[..__salt_len],
                            &[#(#parts),*],
                            __key.get(#n..).unwrap_or_default(),
                        )?;
                    }
                },
            )
        }
        None => (TokenStream::new(), TokenStream::new()),
    };
    let idents = input.fields.iter().map(|f| f.ident);
    // Where a key with every field dropped is not empty (Bigtable's `00 00`), an empty key is
    // not one that encode writes.
    let empty = input.empty_key().map(|bytes| {
        let first = input
            .fields
            .first()
            .map_or(String::new(), |f| f.name.clone());
        quote! {
            if __key.is_empty() {
                let mut __r = #krate::__private::Reader::new(__key);
                __r.begin(#first, 0u8);
                return #krate::__private::Err(__r.truncated(#bytes.len()));
            }
        }
    });
    // Where encode refuses the key whose every field is dropped (it would be empty), the
    // empty key decodes to nothing.
    let refused = input.refuses_empty_key().map(|_| {
        let first = input
            .fields
            .first()
            .map_or(String::new(), |f| f.name.clone());
        quote! {
            if __key.is_empty() {
                return #krate::__private::Err(#krate::__private::DecodeError::Invalid {
                    field: #first,
                    offset: 0,
                    expected: "a key with a field that is not NULL (encode refuses the empty row key)",
                });
            }
        }
    });
    let decode = quote! {
        #empty
        #refused
        let mut __r = #krate::__private::Reader::new(__key);
        #salt_read
        #(#reads)*
        __r.finish()?;
        #salt_check
        #krate::__private::Ok(Self { #(#idents: #locals),* })
    };
    // An unsalted key of a fixed-width layout with the right length is decoded from a slice
    // whose length the compiler knows, so the fields' bounds checks fold away. (Salted keys keep
    // one copy of the body: two would no longer be inlined.)
    let body = if salt.is_none() {
        quote! {
            let __decode = |__key: &[::core::primitive::u8]| { #decode };
            match <Self as #krate::RowKey>::FIXED_LEN {
                #krate::__private::Some(__n) if __n <= 64 && __key.len() == __n => __decode(&__key[..__n]),
                _ => __decode(__key),
            }
        }
    } else {
        decode
    };
    quote! {
        #[inline(always)]
        fn decode_checked(
            __key: &[::core::primitive::u8],
            __verify: ::core::primitive::bool,
        ) -> #krate::__private::Result<Self, #krate::__private::DecodeError> {
            let _ = __verify;
            #krate::__private::check_key_len(__key)?;
            #body
        }
    }
}

//! Codegen for `decode`.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::ast::Input;
use crate::encode::{span_locals, trim};
use crate::expand::{format_of, krate};

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
        let read = format_of(f, "read");
        let open = f.open_end();
        let name = &f.name;
        let flip = Literal::u8_suffixed(f.flip());
        let read = quote! {
            __r.begin(#name, #flip);
            let #local = #read(&mut __r, #open)?;
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
                    #krate::__private::check_salt(
                        <Self as #krate::RowKey>::SALT,
                        &__salt[..__salt_len],
                        &[#(#parts),*],
                        __key.get(#n..).unwrap_or_default(),
                    )?;
                },
            )
        }
        None => (TokenStream::new(), TokenStream::new()),
    };
    let idents = input.fields.iter().map(|f| f.ident);
    quote! {
        fn decode(
            __key: &[::core::primitive::u8],
        ) -> #krate::__private::Result<Self, #krate::__private::DecodeError> {
            #krate::__private::check_key_len(__key)?;
            let mut __r = #krate::__private::Reader::new(__key);
            #salt_read
            #(#reads)*
            __r.finish()?;
            #salt_check
            #krate::__private::Ok(Self { #(#idents: #locals),* })
        }
    }
}

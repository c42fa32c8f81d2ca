//! Codegen for `decode`.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::ast::Input;
use crate::expand::{format_of, krate};

pub fn method(input: &Input) -> TokenStream {
    let krate = krate();
    let locals: Vec<_> = input
        .fields
        .iter()
        .map(|f| format_ident!("__f{}", f.index))
        .collect();
    let reads = input.fields.iter().zip(&locals).map(|(f, local)| {
        let read = format_of(f, "read");
        let open = input.is_open_end(f);
        let name = &f.name;
        let flip = Literal::u8_suffixed(f.flip());
        quote! {
            __r.begin(#name, #flip);
            let #local = #read(&mut __r, #open)?;
        }
    });
    let idents = input.fields.iter().map(|f| f.ident);
    quote! {
        fn decode(
            __key: &[::core::primitive::u8],
        ) -> #krate::__private::Result<Self, #krate::__private::DecodeError> {
            let mut __r = #krate::__private::Reader::new(__key);
            #(#reads)*
            __r.finish()?;
            #krate::__private::Ok(Self { #(#idents: #locals),* })
        }
    }
}

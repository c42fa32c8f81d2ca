//! Codegen for the length constants, `encoded_len` and `encode_parts`.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::ast::Input;
use crate::expand::{format_of, krate};

pub fn consts(input: &Input) -> TokenStream {
    let krate = krate();
    let widths = input.fields.iter().map(|f| format_of(f, "WIDTH"));
    let maxes = input.fields.iter().map(|f| format_of(f, "MAX_WIDTH"));
    quote! {
        const FIXED_LEN: #krate::__private::Option<::core::primitive::usize> =
            #krate::__private::sum(&[#(#widths),*]);
        const MAX_LEN: #krate::__private::Option<::core::primitive::usize> =
            #krate::__private::sum(&[#(#maxes),*]);
    }
}

pub fn methods(input: &Input) -> TokenStream {
    let krate = krate();
    let lens = input.fields.iter().map(|f| {
        let len = format_of(f, "len");
        let ident = f.ident;
        let open = input.is_open_end(f);
        quote!(#len(&self.#ident, #open))
    });
    let writes = input.fields.iter().map(|f| {
        let write = format_of(f, "write");
        let ident = f.ident;
        let open = input.is_open_end(f);
        let name = &f.name;
        let flip = Literal::u8_suffixed(f.flip());
        quote! {
            __w.begin(#name, #flip);
            #write(&self.#ident, __w, #open)?;
        }
    });
    quote! {
        #[inline]
        fn encoded_len(&self) -> ::core::primitive::usize {
            0 #(+ #lens)*
        }

        #[inline]
        fn encode_parts(
            &self,
            __w: &mut #krate::__private::Writer<'_>,
        ) -> #krate::__private::Result<(), #krate::__private::EncodeError> {
            #(#writes)*
            #krate::__private::Ok(())
        }
    }
}

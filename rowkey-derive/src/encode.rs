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
    let stack = stack_methods(input);
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

        #stack
    }
}

/// For non-generic keys: `encode` and `encode_into` that build keys of bounded length in a
/// stack buffer of `MAX_LEN` bytes and copy them once. Whether the key qualifies is decided by
/// the compiler from the trait constants (user field types included), so both paths are
/// emitted and one is folded away.
fn stack_methods(input: &Input) -> TokenStream {
    if !input.generics.params.is_empty() {
        return TokenStream::new();
    }
    let krate = krate();
    let ident = input.ident;
    let p = quote!(#krate::__private);
    let max = quote! {
        const __MAX: ::core::primitive::usize = #p::stack_len(<#ident as #krate::RowKey>::MAX_LEN);
    };
    quote! {
        #[inline]
        fn encode_into(
            &self,
            __out: &mut ::std::vec::Vec<::core::primitive::u8>,
        ) -> #p::Result<(), #p::EncodeError> {
            #max
            if __MAX == 0 {
                return #p::encode_into_in_place(self, __out);
            }
            let mut __buf = [0u8; __MAX];
            let __n = #p::encode_stack(self, &mut __buf)?;
            __out.extend_from_slice(&__buf[..__n]);
            #p::Ok(())
        }

        #[inline]
        fn encode(&self) -> #p::Result<::std::vec::Vec<::core::primitive::u8>, #p::EncodeError> {
            #max
            if __MAX == 0 {
                return #p::encode_in_place(self);
            }
            let mut __buf = [0u8; __MAX];
            let __n = #p::encode_stack(self, &mut __buf)?;
            #p::Ok(__buf[..__n].to_vec())
        }
    }
}

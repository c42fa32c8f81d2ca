//! On error: the compile errors plus a stub impl, so that code using the key does not drown
//! the real error in follow-on "RowKey is not implemented" errors.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use crate::attr;
use crate::ctxt::Ctxt;
use crate::expand::{crate_path, krate};

pub fn expand(input: &DeriveInput, err: syn::Error) -> TokenStream {
    let errors = err.into_compile_error();
    // Best effort: the crate path may itself be what failed to parse.
    let scratch = Ctxt::new();
    let path = crate_path(attr::container(&scratch, &input.attrs).crate_path.as_ref());
    let _ = scratch.check();
    let krate = krate();
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        #errors
        #[allow(unused_qualifications, clippy::all)]
        const _: () = {
            #[allow(unused_imports)]
            use #path as #krate;

            impl #impl_generics #krate::RowKey for #ident #ty_generics #where_clause {
                const FIXED_LEN: #krate::__private::Option<::core::primitive::usize> =
                    #krate::__private::None;
                const MAX_LEN: #krate::__private::Option<::core::primitive::usize> =
                    #krate::__private::None;
                fn encoded_len(&self) -> ::core::primitive::usize {
                    ::core::unreachable!()
                }
                fn encode_parts(
                    &self,
                    _: &mut #krate::__private::Writer<'_>,
                ) -> #krate::__private::Result<(), #krate::__private::EncodeError> {
                    ::core::unreachable!()
                }
                fn decode(
                    _: &[::core::primitive::u8],
                ) -> #krate::__private::Result<Self, #krate::__private::DecodeError> {
                    ::core::unreachable!()
                }
                fn explain(_: &[::core::primitive::u8]) -> #krate::__private::String {
                    ::core::unreachable!()
                }
            }
        };
    }
}

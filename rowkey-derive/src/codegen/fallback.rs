//! On error: the compile errors plus a stub impl, so that code using the key does not drown
//! the real error in follow-on "RowKey is not implemented" errors.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use crate::attr;
use crate::ctxt::Ctxt;
use crate::tokens::{crate_path, krate};

pub fn expand(input: &DeriveInput, err: syn::Error) -> TokenStream {
    let errors = err.into_compile_error();
    // Best effort: the crate path may itself be what failed to parse.
    let scratch = Ctxt::new();
    let path = crate_path(attr::container(&scratch, &input.attrs).crate_path.as_ref());
    let _ = scratch.check();
    let krate = krate();
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    // Uses of the builder say it is missing (once each) rather than resolving to
    // `Iterator::scan`; generic keys have no builder anyway.
    let builder = input.generics.params.is_empty().then(|| {
        let missing = quote!(<&'__a Self as __p::scan::BuilderNotGenerated>::Builder);
        let bound = quote!(&'__a Self: __p::scan::BuilderNotGenerated);
        quote! {
            #[allow(dead_code)]
            impl #ident {
                #[doc(hidden)]
                pub fn scan<'__a>() -> #missing where #bound {
                    ::core::unreachable!()
                }
                #[doc(hidden)]
                pub fn full_scan<'__a>() -> #missing where #bound {
                    ::core::unreachable!()
                }
            }
        }
    });
    quote! {
        #errors
        #[allow(unused_qualifications, clippy::all)]
        const _: () = {
            #[allow(unused_imports)]
            use #path as #krate;
            #[allow(unused_imports)]
            use #krate::__private as __p;

            impl #impl_generics #krate::RowKey for #ident #ty_generics #where_clause {
                const FIXED_LEN: __p::Option<::core::primitive::usize> =
                    __p::None;
                const MAX_LEN: __p::Option<::core::primitive::usize> =
                    __p::None;
                fn encoded_len(&self) -> ::core::primitive::usize {
                    ::core::unreachable!()
                }
                fn encode_parts(
                    &self,
                    _: &mut __rowkey::Writer<'_>,
                ) -> __p::Result<(), __rowkey::EncodeError> {
                    ::core::unreachable!()
                }
                fn decode_checked(
                    _: &[::core::primitive::u8],
                    _: ::core::primitive::bool,
                ) -> __p::Result<Self, __rowkey::DecodeError> {
                    ::core::unreachable!()
                }
                fn explain(_: &[::core::primitive::u8]) -> __p::String {
                    ::core::unreachable!()
                }
                const LAYOUT_FINGERPRINT: ::core::primitive::u64 = 0;
                fn layout() -> __rowkey::Layout {
                    ::core::unreachable!()
                }
            }

            #builder
        };
    }
}

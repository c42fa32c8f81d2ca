//! `K::split_points(regions)`: the split points that pre-split a table of the key, computed by
//! `rowkey-splits` from the layout's constants. The runtime cannot call a crate above it, so
//! the method is bounded on the gate `__private::splits`: open where the facade's `splits`
//! feature is on, closed (a compile error naming the feature at the call) where it is off. The
//! same gate guards the `SplitPoints` impl that `Subspace::split_points` takes.

use proc_macro2::TokenStream;
use quote::quote;

use crate::encodings::Key;

pub fn items(key: &Key, generics: &syn::Generics) -> TokenStream {
    let ident = key.input.ident;
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let gate = quote!(for<'__gate> __p::splits::Gate<'__gate>: __p::splits::Open);
    let bounds = match where_clause {
        Some(w) => {
            let predicates = &w.predicates;
            quote!(where #predicates, #gate)
        }
        None => quote!(where #gate),
    };
    let result = quote! {
        ::core::result::Result<
            ::std::vec::Vec<::std::vec::Vec<::core::primitive::u8>>,
            __p::splits::SplitError,
        >
    };
    quote! {
        #[allow(dead_code)]
        impl #impl_generics #ident #ty_generics {
            /// Split points that pre-split a table of these keys into `regions` regions, chosen
            /// from the layout (`rowkey::splits::split_points`; the `splits` feature).
            pub fn split_points(regions: ::core::primitive::usize) -> #result #bounds {
                __p::splits::split_points::<Self>(regions)
            }
        }

        #[automatically_derived]
        impl #impl_generics __p::splits::SplitPoints for #ident #ty_generics #bounds {
            type Error = __p::splits::SplitError;

            fn split_points(regions: ::core::primitive::usize) -> #result {
                __p::splits::split_points::<Self>(regions)
            }
        }
    }
}

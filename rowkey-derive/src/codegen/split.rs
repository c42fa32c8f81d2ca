//! `K::split_points(regions)`: the split points that pre-split a table of the key, computed by
//! `rowkey-regions` from the layout's constants. The runtime cannot call a crate above it, so
//! the method is bounded on the regions gate (`__regions`): open where the facade's `regions`
//! feature is on, closed (a compile error naming the feature at the call) where it is off. The
//! same gate guards the `SplitPoints` impl that `Subspace::split_points` takes.

use proc_macro2::TokenStream;
use quote::quote;

use crate::encodings::Key;

pub fn items(key: &Key, krate: &TokenStream, generics: &syn::Generics) -> TokenStream {
    let ident = key.input.ident;
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let gate = quote!(for<'__gate> #krate::__regions::Gate<'__gate>: #krate::__regions::Regions);
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
            #krate::__regions::SplitError,
        >
    };
    quote! {
        #[allow(dead_code)]
        impl #impl_generics #ident #ty_generics {
            /// Split points that pre-split a table of these keys into `regions` regions, chosen
            /// from the layout (`rowkey::splits::split_points`; the `regions` feature).
            pub fn split_points(regions: ::core::primitive::usize) -> #result #bounds {
                #krate::__regions::split_points::<Self>(regions)
            }
        }

        #[automatically_derived]
        impl #impl_generics __p::SplitPoints for #ident #ty_generics #bounds {
            type Error = #krate::__regions::SplitError;

            fn split_points(regions: ::core::primitive::usize) -> #result {
                #krate::__regions::split_points::<Self>(regions)
            }
        }
    }
}

//! `K::split_points(regions)`: the split points that pre-split a table of the key, computed by
//! `rowkey-splits` from the layout's constants. The runtime cannot call a crate above it, so
//! the items come from the gate `__private::splits`: open where the facade's `splits` feature
//! is on (the method and the `SplitPoints` impl that `Subspace::split_points` takes), closed (a
//! method whose call is a compile error naming the feature, and no impl) where it is off.

use proc_macro2::TokenStream;
use quote::quote;

use crate::encodings::Key;

/// `__p::splits::items!`: the gate's template (the facade's, with the `splits` feature; the
/// runtime's closed one without), given the key's generics, type and where predicates.
pub fn items(key: &Key, generics: &syn::Generics) -> TokenStream {
    let ident = key.input.ident;
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let predicates = where_clause.iter().flat_map(|w| w.predicates.iter());
    quote! {
        __p::splits::items! {
            impl [#impl_generics] [#ident #ty_generics] where [#(#predicates,)*]
        }
    }
}

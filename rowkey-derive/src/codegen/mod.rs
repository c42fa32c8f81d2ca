//! Code generation from the validated key: one module per generated piece, assembled here into
//! the `impl RowKey`, the scan builder and the checks left to the compiler. It reads the IR and
//! asks the encoding's hooks; it checks nothing itself.

mod asserts;
mod consts;
mod decode;
mod describe;
mod encode;
mod explain;
mod extra;
pub mod fallback;
mod field;
mod generics;
mod run;
mod scan;
mod split;

use proc_macro2::TokenStream;
use quote::quote;

use crate::encodings::Key;
use crate::tokens::{crate_path, krate};

pub fn impl_row_key(key: &Key) -> TokenStream {
    let krate = krate();
    let input = &key.input;
    let path = crate_path(input.attrs.crate_path.as_ref());
    let ident = input.ident;
    let generics = generics::with_bounds(key);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let consts = consts::items(key);
    let encode = encode::methods(key);
    let decode = decode::method(key);
    let explain = explain::method(key);
    let describe = describe::items(key);
    let asserts = asserts::items(key);
    let items = extra::items(key);
    let (builder_types, builder) = scan::builder(key);
    let split = split::items(key, &generics);
    let formats = field::format_aliases(key);
    quote! {
        #builder_types

        #[allow(non_upper_case_globals, unused_qualifications, dead_code, clippy::all)]
        const _: () = {
            #[allow(unused_imports)]
            use #path as #krate;
            #[allow(unused_imports)]
            use #krate::__private as __p;
            // Short local names for what every key names often (fewer tokens to pass the
            // compiler), out of the caller's reach: `__` names inside this block.
            #[allow(unused_imports)]
            use __p::{scan as __s, Format as __Fmt};
            #[allow(unused_imports)]
            use __p::explain::{RenderDebug as _, RenderFallback as _, ViaDebug as _, ViaFallback as _};
            #formats

            #[automatically_derived]
            impl #impl_generics #krate::RowKey for #ident #ty_generics #where_clause {
                #consts
                #encode
                #decode
                #explain
                #describe
            }

            #asserts
            #items
            #builder
            #split
        };
    }
}

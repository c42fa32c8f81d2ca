//! Codegen for `LAYOUT_FINGERPRINT` and `layout()`: the layout as a value.

use proc_macro2::TokenStream;
use quote::quote;

use super::field::part_width;
use crate::encodings::{Key, Kind};
use crate::tokens::krate;

pub fn items(key: &Key) -> TokenStream {
    let krate = krate();
    let p = quote!(__p);
    let description =
        syn::LitByteStr::new(key.description().as_bytes(), proc_macro2::Span::call_site());
    let name = key.input.ident.to_string();
    let encoding = match key.traits.kind {
        Kind::Binary => quote!(__rowkey::Encoding::Binary),
        Kind::Text { delimiter } => quote!(__rowkey::Encoding::Text { delimiter: #delimiter }),
        Kind::Phoenix { optimizable } => {
            quote!(__rowkey::Encoding::Phoenix { row_key_order_optimizable: #optimizable })
        }
        Kind::Bigtable => quote!(__rowkey::Encoding::Bigtable),
        Kind::FdbTuple => quote!(__rowkey::Encoding::FdbTuple),
        Kind::HbaseOrdered => quote!(__rowkey::Encoding::HbaseOrdered),
    };
    let salt_of = key.salt().map(|s| s.of).unwrap_or_default();
    let salt_width = key.salt_len();
    let fields = key.fields().iter().map(|f| {
        let name = &f.name;
        let ty = f.type_text();
        let attrs = key.attrs_text(f);
        let width = part_width(key, f, "WIDTH");
        let max = part_width(key, f, "MAX_WIDTH");
        quote!((#name, #ty, #attrs, #width, #max))
    });
    quote! {
        const LAYOUT_FINGERPRINT: ::core::primitive::u64 = #p::key::fingerprint(#description);

        #[inline] // compiled where it is called; see `explain`
        fn layout() -> __rowkey::Layout {
            #p::key::layout_of(
                #name,
                #encoding,
                (<Self as #krate::RowKey>::SALT, &[#(#salt_of),*], #salt_width),
                &[#(#fields),*],
                <Self as #krate::RowKey>::LAYOUT_FINGERPRINT,
            )
        }
    }
}

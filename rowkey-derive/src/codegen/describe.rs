//! Codegen for `LAYOUT_FINGERPRINT` and `layout()`: the layout as a value.

use proc_macro2::TokenStream;
use quote::quote;

use super::field::part_width;
use crate::encodings::Key;
use crate::tokens::krate;

pub fn items(key: &Key) -> TokenStream {
    let krate = krate();
    let p = quote!(__p);
    let description =
        syn::LitByteStr::new(key.description().as_bytes(), proc_macro2::Span::call_site());
    let name = key.input.ident.to_string();
    let encoding = key.encoding.layout(&p);
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
        const LAYOUT_FINGERPRINT: ::core::primitive::u64 = #p::fingerprint(#description);

        #[inline] // compiled where it is called; see `explain`
        fn layout() -> #p::Layout {
            #p::layout_of(
                #name,
                #encoding,
                (<Self as #krate::RowKey>::SALT, &[#(#salt_of),*], #salt_width),
                &[#(#fields),*],
                <Self as #krate::RowKey>::LAYOUT_FINGERPRINT,
            )
        }
    }
}

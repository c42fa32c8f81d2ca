//! Codegen for `LAYOUT_FINGERPRINT` and `layout()`: the layout as a value.

use proc_macro2::TokenStream;
use quote::quote;

use super::field::part_width;
use crate::encodings::Key;
use crate::tokens::krate;

pub fn items(key: &Key) -> TokenStream {
    let krate = krate();
    let p = quote!(#krate::__private);
    let description =
        syn::LitByteStr::new(key.description().as_bytes(), proc_macro2::Span::call_site());
    let name = key.input.ident.to_string();
    let encoding = key.encoding.layout(&p);
    let salt_of = key.salt().map(|s| s.of).unwrap_or_default();
    let salt_width = key.salt_len();
    let widths: Vec<TokenStream> = key
        .fields()
        .iter()
        .map(|f| part_width(key, f, "WIDTH"))
        .collect();
    let fields = key.fields().iter().enumerate().map(|(i, f)| {
        let name = &f.name;
        let ty = f.type_text();
        let attrs = key.attrs_text(f);
        let width = &widths[i];
        let max = part_width(key, f, "MAX_WIDTH");
        let at = i + 1;
        quote! {
            #p::FieldLayout {
                name: #name,
                ty: #ty,
                attrs: #attrs,
                width: #width,
                max_width: #max,
                offset: __offsets[#at],
            }
        }
    });
    quote! {
        const LAYOUT_FINGERPRINT: ::core::primitive::u64 = #p::fingerprint(#description);

        fn layout() -> #p::Layout {
            let __offsets = #p::offsets(&[#p::Some(#salt_width), #(#widths),*]);
            #p::Layout {
                name: #name,
                encoding: #encoding,
                salt: <Self as #krate::RowKey>::SALT,
                salt_of: &[#(#salt_of),*],
                salt_width: #salt_width,
                fields: ::std::vec![#(#fields),*],
                fingerprint: <Self as #krate::RowKey>::LAYOUT_FINGERPRINT,
            }
        }
    }
}

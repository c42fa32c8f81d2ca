//! Codegen for `LAYOUT_FINGERPRINT` and `layout()`: the layout as a value.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Input;
use crate::encoding::Encoding;
use crate::expand::{krate, part_width};

pub fn items(input: &Input) -> TokenStream {
    let krate = krate();
    let p = quote!(#krate::__private);
    let description = syn::LitByteStr::new(
        input.description().as_bytes(),
        proc_macro2::Span::call_site(),
    );
    let name = input.ident.to_string();
    let encoding = match (input.delimiter(), input.fields.first().map(|f| f.encoding)) {
        (_, Some(Encoding::Phoenix { optimizable })) => {
            quote!(#p::Encoding::Phoenix { row_key_order_optimizable: #optimizable })
        }
        (_, Some(Encoding::Bigtable)) => quote!(#p::Encoding::Bigtable),
        (_, Some(Encoding::HbaseOrdered)) => quote!(#p::Encoding::HbaseOrdered),
        (Some(d), _) => quote!(#p::Encoding::Text { delimiter: #d }),
        (None, _) => quote!(#p::Encoding::Binary),
    };
    let salt_of = input.salt().map(|s| s.of).unwrap_or_default();
    let salt_width = input.salt_len();
    let widths: Vec<TokenStream> = input
        .fields
        .iter()
        .map(|f| part_width(f, "WIDTH"))
        .collect();
    let fields = input.fields.iter().enumerate().map(|(i, f)| {
        let name = &f.name;
        let ty = f.type_text();
        let attrs = f.attrs_text();
        let width = &widths[i];
        let max = part_width(f, "MAX_WIDTH");
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

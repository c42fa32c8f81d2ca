//! Codegen for `LAYOUT_FINGERPRINT` and `layout()`: the layout as a value.

use proc_macro2::TokenStream;
use quote::quote;

use super::field::{format_of, runtime_path};
use crate::encodings::{EmptyKey, Key, Kind, Written};
use crate::props::RangeKind;
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
        let ty_text = f.type_text();
        let attrs = key.attrs_text(f);
        let describe = format_of(key, f, "describe");
        let part = key.part(f);
        let last_trim = part.last_trim;
        let flip = part.flip;
        let open = part.open_end;
        let dropped: u8 = match part.written {
            None => 0,
            Some(Written::IsSome) => 1,
            Some(Written::Not { .. }) => 2,
        };
        let window = part.tail_window;
        let trim = part.value_trim;
        let order: u8 = match part.range {
            Ok(RangeKind::Monotone { descending: false }) => 1,
            Ok(RangeKind::Monotone { descending: true }) => 2,
            Ok(RangeKind::OptionNewestFirst) => 3,
            Err(_) => 0,
        };
        let was = f.attrs.was.iter().map(syn::LitStr::value);
        quote!((#name, #ty_text, #attrs, #describe, (#flip, #open, #dropped, #window, #trim, #last_trim, #order, &[#(#was),*])))
    });
    let empty_key = match &key.traits.empty_key {
        EmptyKey::Written => quote!(__rowkey::layout::EmptyKey::Written),
        EmptyKey::Bytes(path) => {
            let bytes = runtime_path(path);
            quote!(__rowkey::layout::EmptyKey::Bytes(&#bytes))
        }
        EmptyKey::Refused(by) => quote!(__rowkey::layout::EmptyKey::Refused(#by)),
    };
    let max_len = match &key.input.attrs.max_len {
        Some(n) => {
            let n = n.value;
            quote!(__p::Some(#n))
        }
        None => quote!(__p::None),
    };
    quote! {
        const LAYOUT_FINGERPRINT: ::core::primitive::u64 = #p::key::fingerprint(#description);

        #[inline] // compiled where it is called; see `explain`
        fn layout() -> __rowkey::Layout {
            #p::key::layout_of(
                #name,
                #encoding,
                (
                    <Self as #krate::RowKey>::SALT,
                    &[#(#salt_of),*],
                    #salt_width,
                    <Self as #krate::RowKey>::SALT_TEXT,
                ),
                &[#(#fields),*],
                <Self as #krate::RowKey>::LAYOUT_FINGERPRINT,
                (#empty_key, #max_len),
            )
        }
    }
}

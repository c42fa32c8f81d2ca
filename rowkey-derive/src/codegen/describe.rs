//! Codegen for `LAYOUT_FINGERPRINT` and `layout()`: the layout as a value.

use proc_macro2::TokenStream;
use quote::quote;

use super::field::{format_of, runtime_path};
use crate::encodings::{EmptyKey, Key, Kind, Written};
use crate::props::RangeKind;
use crate::tokens::krate;

pub fn items(key: &Key) -> TokenStream {
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
    let krate = krate();
    let salt_of = key.salt().map(|s| s.of).unwrap_or_default();
    let salt_width = key.salt_len();
    // Three flat tables (see the runtime's `layout_of`): each field's texts, its format's
    // `describe`, its flags packed in a `u64`.
    let mut text = Vec::new();
    let mut describe = Vec::new();
    let mut flags = Vec::new();
    for f in key.fields() {
        let part = key.part(f);
        let was: Vec<String> = f.attrs.was.iter().map(syn::LitStr::value).collect();
        text.extend([f.name.clone(), f.type_text(), key.attrs_text(f)]);
        text.extend(was.iter().cloned());
        describe.push(format_of(key, f, "describe"));
        let dropped: u64 = match part.written {
            None => 0,
            Some(Written::IsSome) => 1,
            Some(Written::Not { .. }) => 2,
        };
        let order: u64 = match part.range {
            Ok(RangeKind::Monotone { descending: false }) => 1,
            Ok(RangeKind::Monotone { descending: true }) => 2,
            Ok(RangeKind::OptionNewestFirst) => 3,
            Err(_) => 0,
        };
        // The trims are the encodings' own constants (a delimiter, a terminator: a byte or
        // two), never the user's.
        let byte = |n: usize| u64::from(u8::try_from(n).expect("a trim of at most 255 bytes"));
        let packed = u64::from(part.flip)
            | u64::from(part.open_end) << 8
            | dropped << 9
            | u64::from(part.tail_window) << 11
            | order << 12
            | byte(part.value_trim) << 16
            | byte(part.last_trim) << 24
            | (was.len() as u64) << 32;
        flags.push(proc_macro2::Literal::u64_suffixed(packed));
    }
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
                (#name, #encoding),
                (
                    <Self as #krate::RowKey>::SALT,
                    &[#(#salt_of),*],
                    #salt_width,
                    <Self as #krate::RowKey>::SALT_TEXT,
                ),
                (&[#(#text),*], &[#(#describe),*], &[#(#flags),*]),
                <Self as #krate::RowKey>::LAYOUT_FINGERPRINT,
                (#empty_key, #max_len),
            )
        }
    }
}

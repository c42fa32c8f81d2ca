//! Codegen for the trait's constants: `FIXED_LEN`, `MAX_LEN`, the salt, the delimiter and the
//! leading digits split points follow.

use proc_macro2::TokenStream;
use quote::quote;

use super::field::part_width;
use crate::encodings::Key;

pub fn items(key: &Key) -> TokenStream {
    let widths: Vec<TokenStream> = key
        .fields()
        .iter()
        .map(|f| part_width(key, f, "WIDTH"))
        .collect();
    let maxes: Vec<TokenStream> = key
        .fields()
        .iter()
        .map(|f| part_width(key, f, "MAX_WIDTH"))
        .collect();
    let (salt_width, salt_const) = match key.salt() {
        Some(salt) => {
            let n = key.salt_len();
            let value = salt.tokens();
            let text = salt.text_tokens();
            (
                quote!(__p::Some(#n),),
                quote! {
                    const SALT: __rowkey::salt::Salt = #value;
                    const SALT_TEXT: __p::Option<__rowkey::salt::SaltText> = #text;
                },
            )
        }
        None => (TokenStream::new(), TokenStream::new()),
    };
    let leading = match key
        .fields()
        .first()
        .and_then(|f| key.part(f).leading_digits)
    {
        Some((radix, width, max)) => quote! {
            const LEADING_DIGITS: __p::Option<(::core::primitive::u32, ::core::primitive::usize, ::core::primitive::u128)> =
                __p::Some((#radix, #width, #max));
        },
        None => TokenStream::new(),
    };
    let delimiter = match key.delimiter() {
        Some(d) => quote! {
            const DELIMITER: __p::Option<::core::primitive::u8> = __p::Some(#d);
        },
        None => TokenStream::new(),
    };
    quote! {
        const FIXED_LEN: __p::Option<::core::primitive::usize> =
            __p::key::sum(&[#salt_width #(#widths),*]);
        const MAX_LEN: __p::Option<::core::primitive::usize> =
            __p::key::sum(&[#salt_width #(#maxes),*]);
        #salt_const
        #delimiter
        #leading
    }
}

//! Codegen for the trait's constants: `FIXED_LEN`, `MAX_LEN`, the salt, the delimiter and the
//! leading digits split points follow.

use proc_macro2::TokenStream;
use quote::quote;

use super::field::part_width;
use crate::encodings::Key;
use crate::tokens::krate;

pub fn items(key: &Key) -> TokenStream {
    let krate = krate();
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
            let value = salt.tokens(&krate);
            let text = salt.text_tokens(&krate);
            (
                quote!(#krate::__private::Some(#n),),
                quote! {
                    const SALT: #krate::__private::Salt = #value;
                    const SALT_TEXT: #krate::__private::Option<#krate::__private::SaltText> = #text;
                },
            )
        }
        None => (TokenStream::new(), TokenStream::new()),
    };
    let leading = match key
        .fields()
        .first()
        .and_then(|f| key.encoding.leading_digits(f))
    {
        Some((radix, width, max)) => quote! {
            const LEADING_DIGITS: #krate::__private::Option<(::core::primitive::u32, ::core::primitive::usize, ::core::primitive::u128)> =
                #krate::__private::Some((#radix, #width, #max));
        },
        None => TokenStream::new(),
    };
    let delimiter = match key.delimiter() {
        Some(d) => quote! {
            const DELIMITER: #krate::__private::Option<::core::primitive::u8> = #krate::__private::Some(#d);
        },
        None => TokenStream::new(),
    };
    quote! {
        const FIXED_LEN: #krate::__private::Option<::core::primitive::usize> =
            #krate::__private::sum(&[#salt_width #(#widths),*]);
        const MAX_LEN: #krate::__private::Option<::core::primitive::usize> =
            #krate::__private::sum(&[#salt_width #(#maxes),*]);
        #salt_const
        #delimiter
        #leading
    }
}

//! Codegen for the length constants, `encoded_len` and `encode_parts`.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::ast::{Class, Input};
use crate::expand::{format_of, krate, part_width};

pub fn consts(input: &Input) -> TokenStream {
    let krate = krate();
    let widths: Vec<TokenStream> = input
        .fields
        .iter()
        .map(|f| part_width(f, "WIDTH"))
        .collect();
    let maxes: Vec<TokenStream> = input
        .fields
        .iter()
        .map(|f| part_width(f, "MAX_WIDTH"))
        .collect();
    let (salt_width, salt_const) = match input.salt() {
        Some(salt) => {
            let n = input.salt_len();
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
    // The first field's digits tell split points how the key space is laid out: only when the
    // key starts with them (no Option tag), in ascending order, and up to the type's maximum.
    let leading = input.fields.first().and_then(|f| {
        let a = &f.attrs;
        if a.desc.is_some() || a.reverse.is_some() || matches!(f.class, Class::Option(_)) {
            return None;
        }
        // The type's maximum, when the macro can see the type.
        let Class::Unsigned(bytes) = f.class else {
            return None;
        };
        let max = u128::MAX >> (128 - 8 * bytes);
        match (&a.hex, &a.decimal) {
            (Some(n), _) => Some((16u32, n.value, max)),
            (_, Some(n)) => Some((10u32, n.value, max)),
            _ => None,
        }
    });
    let leading = match leading {
        Some((radix, width, max)) => quote! {
            const LEADING_DIGITS: #krate::__private::Option<(::core::primitive::u32, ::core::primitive::usize, ::core::primitive::u128)> =
                #krate::__private::Some((#radix, #width, #max));
        },
        None => TokenStream::new(),
    };
    let delimiter = match input.delimiter() {
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

/// How many bytes at the end of a field's span are its delimiter (not hashed by a salt).
pub fn trim(f: &crate::ast::Field) -> usize {
    usize::from(f.is_text() && !f.last)
}

/// `(start, end)` locals of field `i` when it feeds the salt.
pub fn span_locals(i: usize) -> (syn::Ident, syn::Ident) {
    (format_ident!("__s{}", i), format_ident!("__e{}", i))
}

/// For encodings that drop trailing NULL fields (Phoenix): `let __upto = ...;`, the number of
/// fields written (up to the last non-NULL one). Empty when no field is dropped.
pub fn upto(input: &Input) -> TokenStream {
    let krate = krate();
    let n = input.fields.len();
    let k = input.first_droppable();
    if k == n {
        return TokenStream::new();
    }
    let _ = &krate;
    let mut chain = quote!(#k);
    for f in &input.fields[k..] {
        let ident = f.ident;
        let written = f.index + 1;
        let test = f.written(quote!(&self.#ident));
        chain = quote! {
            if #test { #written } else { #chain }
        };
    }
    quote!(let __upto: ::core::primitive::usize = #chain;)
}

/// The `last` argument of field `f`'s format: whether it ends the key. A constant, except
/// where trailing NULL fields are dropped: then whether it is the last one written.
pub fn last_arg(input: &Input, f: &crate::ast::Field) -> TokenStream {
    if input.first_droppable() == input.fields.len() || f.index + 1 < input.first_droppable() {
        let open = f.open_end();
        quote!(#open)
    } else {
        let written = f.index + 1;
        quote!(__upto == #written)
    }
}

/// Wraps a field's `tokens` (of value `zero` when the field is not written) for a field that
/// may be dropped.
fn when_written(
    input: &Input,
    f: &crate::ast::Field,
    tokens: TokenStream,
    zero: TokenStream,
) -> TokenStream {
    if f.index < input.first_droppable() {
        tokens
    } else {
        let i = f.index;
        quote!(if __upto > #i { #tokens } else { #zero })
    }
}

pub fn methods(input: &Input) -> TokenStream {
    let krate = krate();
    let stack = stack_methods(input);
    let upto = upto(input);
    let lens = input.fields.iter().map(|f| {
        let len = format_of(f, "len");
        let ident = f.ident;
        let last = last_arg(input, f);
        when_written(input, f, quote!(#len(&self.#ident, #last)), quote!(0))
    });
    let salt = input.salt();
    let of = salt.as_ref().map(|s| s.of.clone()).unwrap_or_default();
    let writes = input.fields.iter().map(|f| {
        let write = format_of(f, "write");
        let ident = f.ident;
        let last = last_arg(input, f);
        let name = &f.name;
        let flip = Literal::u8_suffixed(f.flip());
        let write = when_written(
            input,
            f,
            quote! {
                __w.begin(#name, #flip);
                #write(&self.#ident, __w, #last)?;
            },
            TokenStream::new(),
        );
        if of.contains(&f.index) {
            let (s, e) = span_locals(f.index);
            let end = match trim(f) {
                0 => quote!(__w.position()),
                n => quote!(__w.position() - #n),
            };
            quote! {
                let #s = __w.position();
                #write
                let #e = #end;
            }
        } else {
            write
        }
    });
    let (salt_begin, salt_end) = match &salt {
        Some(salt) => {
            let n = salt.width();
            let delimiter = input.delimiter().map(|d| quote!(__w.put_byte(#d);));
            let spans = salt.of.iter().map(|&i| {
                let (s, e) = span_locals(i);
                quote!((#s, #e))
            });
            (
                quote! {
                    __w.begin("salt", 0u8);
                    __w.fill(0u8, #n);
                    #delimiter
                },
                quote! {
                    #krate::__private::write_salt(
                        __w,
                        <Self as #krate::RowKey>::SALT,
                        <Self as #krate::RowKey>::SALT_TEXT,
                        #n,
                        &[#(#spans),*],
                    );
                },
            )
        }
        None => (TokenStream::new(), TokenStream::new()),
    };
    let salt_len = input.salt_len();
    // Every field dropped where that leaves the empty row key: refused.
    let refuse_empty = input.refuses_empty_key().map(|encoding| {
        quote! {
            if __upto == 0 {
                return #krate::__private::Err(#krate::__private::EncodeError::EmptyKey {
                    encoding: #encoding,
                });
            }
        }
    });
    // Every field dropped: the encoding's empty key.
    let (empty_len, empty_write) = match input.empty_key() {
        Some(bytes) => (
            quote!(+ if __upto == 0 { #bytes.len() } else { 0 }),
            quote! {
                if __upto == 0 {
                    __w.begin("", 0u8);
                    __w.put(&#bytes);
                }
            },
        ),
        None => (TokenStream::new(), TokenStream::new()),
    };
    quote! {
        #[inline]
        fn encoded_len(&self) -> ::core::primitive::usize {
            #upto
            #salt_len #(+ #lens)* #empty_len
        }

        #[inline(always)]
        fn encode_parts(
            &self,
            __w: &mut #krate::__private::Writer<'_>,
        ) -> #krate::__private::Result<(), #krate::__private::EncodeError> {
            #upto
            #refuse_empty
            #salt_begin
            #(#writes)*
            #empty_write
            #salt_end
            #krate::__private::Ok(())
        }

        #stack
    }
}

/// For non-generic keys: `encode` and `encode_into` that build keys of bounded length in a
/// stack buffer of `MAX_LEN` bytes and copy them once. Whether the key qualifies is decided by
/// the compiler from the trait constants (user field types included), so both paths are
/// emitted and one is folded away.
fn stack_methods(input: &Input) -> TokenStream {
    if !input.generics.params.is_empty() {
        return TokenStream::new();
    }
    let krate = krate();
    let ident = input.ident;
    let p = quote!(#krate::__private);
    let max = quote! {
        const __MAX: ::core::primitive::usize = #p::stack_len(<#ident as #krate::RowKey>::MAX_LEN);
    };
    // The salt is written last, over its placeholder: copy it out apart from the fields, so
    // that no wide load spans that late narrow store (a store-forwarding stall).
    let salt = input.salt_len();
    quote! {
        #[inline]
        fn encode_into(
            &self,
            __out: &mut ::std::vec::Vec<::core::primitive::u8>,
        ) -> #p::Result<(), #p::EncodeError> {
            #max
            if __MAX == 0 {
                return #p::encode_into_in_place(self, __out);
            }
            let mut __buf = [0u8; __MAX];
            let __n = #p::encode_stack(self, &mut __buf)?;
            __out.extend_from_slice(&__buf[..#salt]);
            __out.extend_from_slice(&__buf[#salt..__n]);
            #p::Ok(())
        }

        #[inline]
        fn encode(&self) -> #p::Result<::std::vec::Vec<::core::primitive::u8>, #p::EncodeError> {
            #max
            if __MAX == 0 {
                return #p::encode_in_place(self);
            }
            let mut __buf = [0u8; __MAX];
            let __n = #p::encode_stack(self, &mut __buf)?;
            let mut __key = ::std::vec::Vec::with_capacity(__n);
            __key.extend_from_slice(&__buf[..#salt]);
            __key.extend_from_slice(&__buf[#salt..__n]);
            #p::Ok(__key)
        }
    }
}

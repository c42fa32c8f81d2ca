//! Codegen for the typed partial-key builder: `K::scan()` returns `KScan<0>`; state `KScan<i>`
//! has a method per field `i` only (`.date(v)` to `KScan<i+1>`, `.date_range(r)` to
//! `KScanRange<i>`), so fields can only be given in key order. `.plan()` exists on the states
//! that implement `CanPlan`: all of them, except with a hash salt without buckets, those that
//! do not fix every `of` field.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::{Class, Input};
use crate::expand::{krate, respan};
use crate::layout::RangeKind;

pub fn builder(input: &Input) -> TokenStream {
    // Builders are generated for non-generic keys; a generic key's states would need its
    // parameters threaded through every state type.
    if !input.generics.params.is_empty() {
        return TokenStream::new();
    }
    let krate = krate();
    let p = quote!(#krate::__private);
    let ident = input.ident;
    let scan = format_ident!("{}Scan", ident);
    let scan_range = format_ident!("{}ScanRange", ident);
    let n = input.fields.len();
    let d = input.delimiter().unwrap_or(0);
    let salt = input.salt();
    let of: Vec<usize> = salt.as_ref().map(|s| s.of.clone()).unwrap_or_default();
    // States that can be planned: everything, unless an md5 prefix needs its `of` fields.
    let first_plannable = match &salt {
        Some(s) if s.needs_of_fixed() => s.of.iter().max().map_or(0, |&m| m + 1),
        _ => 0,
    };

    let steps = input.fields.iter().map(|f| {
        let i = f.index;
        let next = i + 1;
        let ty = f.ty;
        let fmt = respan(f.format(&krate), ty.span());
        let name = &f.name;
        let method = f.ident;
        let open = f.open_end();
        let flip = Literal::u8_suffixed(f.flip());
        let trim = crate::encode::trim(f);
        let fix_doc = format!(" Fixes `{name}`.");
        // The same fully qualified calls as the RowKey impl, so an unsupported field type is
        // reported once, at the field.
        let f_len = quote_spanned!(ty.span()=> <#fmt as #p::Format<#ty>>::len);
        let f_write = quote_spanned!(ty.span()=> <#fmt as #p::Format<#ty>>::write);
        let encode = quote! {
            |__v: &#ty| #p::encode_with(#f_len(__v, #open), #name, #flip, |__w| #f_write(__v, __w, #open))
        };
        // Strings and byte vectors take anything that converts (`.user("ann")`); other types
        // take the value itself, so integer literals infer the field's type.
        let fix = if matches!(f.class, Class::String | Class::Bytes) {
            quote! {
                #[doc = #fix_doc]
                pub fn #method(self, value: impl #p::Into<#ty>) -> #scan<#next> {
                    let __encode = #encode;
                    #scan(self.0.fix_encoded(__encode(&value.into()), #trim))
                }
            }
        } else {
            quote! {
                #[doc = #fix_doc]
                pub fn #method(self, value: #ty) -> #scan<#next> {
                    let __encode = #encode;
                    #scan(self.0.fix_encoded(__encode(&value), #trim))
                }
            }
        };
        // Byte order follows value order except for #[reverse], #[java] (negatives last) and
        // variable-width text, so those fields have no range method.
        let range = f.range_kind().map(|kind| {
            let range_method = format_ident!("{}_range", name);
            let range_doc = format!(" Bounds `{name}` and ends the partial key.");
            let bounded = match kind {
                RangeKind::Monotone { descending } => quote! {
                    self.0.range_encoded(
                        #p::map_bound(range.start_bound(), &__encode),
                        #p::map_bound(range.end_bound(), &__encode),
                        #open,
                        #descending,
                    )
                },
                // `None` sorts first, `Some` values newest first: two segments.
                RangeKind::OptionNewestFirst => {
                    let some_tag = Literal::u8_suffixed(1 ^ f.flip());
                    quote! {
                        self.0.range_option_encoded(
                            range.start_bound(),
                            range.end_bound(),
                            &__encode,
                            #some_tag,
                            #open,
                        )
                    }
                }
            };
            quote! {
                #[doc = #range_doc]
                pub fn #range_method(self, range: impl #p::RangeBounds<#ty>) -> #scan_range<#i> {
                    let __encode = #encode;
                    #scan_range(#bounded)
                }
            }
        });
        quote! {
            #[allow(dead_code)]
            impl #scan<#i> {
                #fix
                #range
            }
        }
    });
    let can_plan = (first_plannable..=n).map(|i| quote!(impl #p::CanPlan for #scan<#i> {}));
    let can_plan_range =
        (first_plannable..n).map(|i| quote!(impl #p::CanPlan for #scan_range<#i> {}));
    let scan_doc = format!(
        " A scan over the keys of `{ident}` that fixes fields in key order; see `{ident}::scan`."
    );
    let range_doc = format!(" A scan over the keys of `{ident}` with a range on its last field.");
    let plan = quote! {
        /// The ranges that hold exactly the rows of this partial key.
        pub fn plan(self) -> #p::Result<#p::ScanPlan, #p::EncodeError>
        where
            Self: #p::CanPlan,
        {
            self.0.plan(&[#(#of),*], #n)
        }
    };
    quote! {
        #[doc = #scan_doc]
        #[derive(Debug, Clone)]
        #[allow(non_camel_case_types)]
        pub struct #scan<const N: ::core::primitive::usize>(#p::PartialKey);

        #[doc = #range_doc]
        #[derive(Debug, Clone)]
        #[allow(non_camel_case_types)]
        pub struct #scan_range<const N: ::core::primitive::usize>(#p::PartialKey);

        #[allow(dead_code)]
        impl #ident {
            /// A partial key: fix fields in key order, optionally bound the next one, then
            /// `.plan()` for the scan ranges.
            pub fn scan() -> #scan<0> {
                #scan(#p::PartialKey::new(
                    <Self as #krate::RowKey>::SALT,
                    <Self as #krate::RowKey>::SALT_TEXT,
                    #d,
                ))
            }

            /// The plan that scans every key of this layout (one range per salt bucket).
            pub fn full_scan() -> #p::ScanPlan {
                #p::PartialKey::full(
                    <Self as #krate::RowKey>::SALT,
                    <Self as #krate::RowKey>::SALT_TEXT,
                    #d,
                    &[#(#of),*],
                    #n,
                )
            }
        }

        #(#steps)*

        #[allow(dead_code)]
        impl<const N: ::core::primitive::usize> #scan<N> {
            #plan
        }

        #[allow(dead_code)]
        impl<const N: ::core::primitive::usize> #scan_range<N> {
            #plan
        }

        #(#can_plan)*
        #(#can_plan_range)*
    }
}

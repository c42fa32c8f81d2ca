//! Codegen for the typed partial-key builder: `K::scan()` returns `KScan<0>`; state `KScan<i>`
//! has a method per field `i` only (`.date(v)` to `KScan<i+1>`, `.date_range(r)` to
//! `KScanRange<i>`), so fields can only be given in key order. `.plan()` exists on the states
//! that implement `CanPlan`: all of them, except with a hash salt without buckets, those that
//! do not fix every `of` field.
//!
//! Calls the builder refuses still resolve, to hidden methods whose bound cannot hold, so the
//! compiler prints a message that teaches the rule (key order, a range ends the chain, why a
//! field has no range) instead of "no method named `time`".
//!
//! The builder types are declared next to the key (so they show in the user's `cargo doc`);
//! everything else sits in the derive's `const _` block.

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::field::{flip, tail_width};
use crate::ast::{Class, Field};
use crate::encodings::{EmptyKey, Key};
use crate::props::RangeKind;
use crate::tokens::{crate_path, krate, respan};

/// The builder: `(items declared beside the key, items inside the const block)`.
pub fn builder(key: &Key) -> (TokenStream, TokenStream) {
    let input = &key.input;
    if !input.generics.params.is_empty() {
        return (TokenStream::new(), generic_stubs(key));
    }
    let krate = krate();
    let p = quote!(#krate::__private);
    let outside_p = {
        let path = crate_path(input.attrs.crate_path.as_ref());
        quote!(#path::__private)
    };
    let ident = input.ident;
    let vis = input.vis;
    let scan = format_ident!("{}Scan", ident);
    let scan_range = format_ident!("{}ScanRange", ident);
    let plan_method = input.plan_method();
    let n = input.fields.len();
    let d = key.delimiter().unwrap_or(0);
    let salt = key.salt();
    let of: Vec<usize> = salt.as_ref().map(|s| s.of.clone()).unwrap_or_default();
    // States that can be planned: everything, unless an md5 prefix needs its `of` fields.
    let first_plannable = match &salt {
        Some(s) if s.needs_of_fixed() => s.of.iter().max().map_or(0, |&m| m + 1),
        _ => 0,
    };
    let order = input
        .fields
        .iter()
        .map(|f| f.name.as_str())
        .collect::<Vec<_>>()
        .join(", ");

    // Marker types named as the fields (and the finishing method), for the refusals' messages.
    let marker = |f: &Field| {
        let m = f.ident;
        quote!(field::#m)
    };
    let markers = input.fields.iter().map(|f| {
        let m = f.ident;
        quote!(pub struct #m;)
    });
    let order_markers: Vec<TokenStream> = input.fields.iter().map(marker).collect();
    let order_tuple = quote!((#(#order_markers,)*));
    let plan_marker = quote!(field::#plan_method);
    let mut impls = TokenStream::new();
    for i in 0..=n {
        // The state after fixing `i` fields.
        let next = input.fields.get(i);
        let mut methods = TokenStream::new();
        let refusal = match next {
            Some(f) => {
                let next = marker(f);
                quote!(#p::InKeyOrder<#ident, #order_tuple, #next>)
            }
            None => quote!(#p::AllFixed<#ident, #plan_marker>),
        };
        if let Some(f) = next {
            methods.extend(fix_method(key, f, &scan, &p));
            match key.encoding.range(f) {
                Ok(kind) => methods.extend(range_method(key, f, kind, &scan_range, &p)),
                Err(why) => {
                    let why = why.marker(&p);
                    let field = marker(f);
                    methods.extend(refused(
                        &format_ident!("{}_range", f.name),
                        &quote!(#why<#field>),
                    ));
                }
            }
        }
        for other in input
            .fields
            .iter()
            .filter(|o| Some(o.index) != next.map(|f| f.index))
        {
            methods.extend(refused(other.ident, &refusal));
            methods.extend(refused(&format_ident!("{}_range", other.name), &refusal));
        }
        let doc = match next {
            Some(f) if i == 0 => format!(" The start of a partial key: fix `{}` with `.{0}(v)` or bound it with `.{0}_range(r)`.", f.name),
            Some(f) => format!(
                " {i} field(s) fixed ({}): next `.{1}(v)` or `.{1}_range(r)`, or `.{plan_method}()`.",
                input.fields[..i].iter().map(|f| format!("`{}`", f.name)).collect::<Vec<_>>().join(", "),
                f.name
            ),
            None => format!(" Every field fixed: `.{plan_method}()` gives the row (a Get)."),
        };
        impls.extend(quote! {
            #[doc = #doc]
            #[allow(dead_code)]
            impl #scan<#i> {
                #methods
            }
        });
    }
    // After a range, nothing but `.plan()`.
    for f in input
        .fields
        .iter()
        .filter(|f| key.encoding.range(f).is_ok())
    {
        let i = f.index;
        let field = marker(f);
        let ended = quote!(#p::RangeEnded<#ident, #field, #plan_marker>);
        let methods: TokenStream = input
            .fields
            .iter()
            .flat_map(|o| {
                [
                    refused(o.ident, &ended),
                    refused(&format_ident!("{}_range", o.name), &ended),
                ]
            })
            .collect();
        let doc = format!(" `{}` bounded: `.{plan_method}()` gives the plan.", f.name);
        impls.extend(quote! {
            #[doc = #doc]
            #[allow(dead_code)]
            impl #scan_range<#i> {
                #methods
            }
        });
    }
    let traits = quote! {
        #[allow(non_camel_case_types, dead_code)]
        mod field {
            #(#markers)*
            pub struct #plan_method;
        }

    };
    let can_plan = (first_plannable..=n).map(|i| quote!(impl #p::CanPlan for #scan<#i> {}));
    let can_plan_range = input
        .fields
        .iter()
        .filter(|f| f.index >= first_plannable && key.encoding.range(f).is_ok())
        .map(|f| {
            let i = f.index;
            quote!(impl #p::CanPlan for #scan_range<#i> {})
        });
    let plan_doc =
        " The ranges that hold exactly the rows of this partial key (one per salt bucket where \
         the salt is not known), or the first value that could not be encoded.";
    let plan = quote! {
        #[doc = #plan_doc]
        pub fn #plan_method(self) -> #p::Result<#p::ScanPlan, #p::EncodeError>
        where
            Self: #p::CanPlan,
        {
            self.0.plan(&[#(#of),*], #n)
        }
    };
    let scan_doc = format!(
        " The scan builder of [`{ident}`], after fixing `N` fields; see [`{ident}::scan`]. Fields \
         come in key order: {order}."
    );
    let range_doc = format!(
        " The scan builder of [`{ident}`] after a range on field `N` (0-based); only \
         `.{plan_method}()` remains."
    );
    let first = input
        .fields
        .first()
        .map_or(String::new(), |f| f.name.clone());
    let start_doc = format!(
        " A partial key of `{ident}`, to scan the rows that share a prefix: fix fields in key \
         order ({order}) with `.{first}(v)`, `.<field>(v)`...; optionally bound the next field \
         with `.<field>_range(r)` (any `RangeBounds`: `a..b`, `a..=b`, `..b`), which ends the \
         chain; then `.{plan_method}()` returns `Result<ScanPlan, EncodeError>`: the ranges that \
         hold exactly the matching rows, one per salt bucket when the salt cannot be computed \
         from the fixed fields. Merge their rows with `ScanPlan::merge`. Calling a field out of \
         order does not compile."
    );
    let outside = quote! {
        #[doc = #scan_doc]
        #[derive(Debug, Clone)]
        #[allow(non_camel_case_types)]
        #vis struct #scan<const N: ::core::primitive::usize>(#outside_p::PartialKey);

        #[doc = #range_doc]
        #[derive(Debug, Clone)]
        #[allow(non_camel_case_types)]
        #vis struct #scan_range<const N: ::core::primitive::usize>(#outside_p::PartialKey);
    };
    let empty_key = match key.empty_key() {
        Some(EmptyKey::Bytes(bytes)) => quote!(.with_empty_key(&#bytes)),
        Some(EmptyKey::Refused(encoding)) => quote!(.refusing_empty_key(#encoding)),
        Some(EmptyKey::Written) | None => TokenStream::new(),
    };
    let prefix_end = key
        .encoding
        .ends_below_ff()
        .then(|| quote!(.ending_below_ff()));
    let inside = quote! {
        #traits

        #[allow(dead_code)]
        impl #ident {
            #[doc = #start_doc]
            pub fn scan() -> #scan<0> {
                #scan(#p::PartialKey::new(
                    <Self as #krate::RowKey>::SALT,
                    <Self as #krate::RowKey>::SALT_TEXT,
                    #d,
                )#empty_key #prefix_end)
            }

            /// The plan that scans every key of this layout (one range per salt bucket; for an
            /// md5 prefix one range over every salt, whose rows come in hash order).
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

        #impls

        #[allow(dead_code)]
        impl<const N: ::core::primitive::usize> #scan<N> {
            #plan
        }

        #[allow(dead_code)]
        impl<const N: ::core::primitive::usize> #scan_range<N> {
            #plan
        }

        // `ScanPlan`'s methods, found through `Deref` on a chain that forgot `.plan()`: each
        // is refused with a message that says to call it first.
        #[doc(hidden)]
        impl<const N: ::core::primitive::usize> ::core::ops::Deref for #scan<N> {
            type Target = #p::PlanFirst<#ident, field::#plan_method>;
            fn deref(&self) -> &Self::Target {
                &#p::PlanFirst::NEW
            }
        }

        #[doc(hidden)]
        impl<const N: ::core::primitive::usize> ::core::ops::Deref for #scan_range<N> {
            type Target = #p::PlanFirst<#ident, field::#plan_method>;
            fn deref(&self) -> &Self::Target {
                &#p::PlanFirst::NEW
            }
        }

        #(#can_plan)*
        #(#can_plan_range)*
    };
    (outside, inside)
}

/// A hidden method that exists only to be refused: its bound `refusal` is a runtime trait no
/// type implements, whose message teaches the rule.
fn refused(name: &Ident, refusal: &TokenStream) -> TokenStream {
    quote! {
        #[doc(hidden)]
        pub fn #name<__V>(self, _: __V) -> Self
        where
            __V: #refusal,
        {
            ::core::unreachable!()
        }
    }
}

/// `field_encode`: the closure that encodes one value of `f` as it appears in its key.
fn field_encode(key: &Key, f: &Field, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let fmt = respan(key.format(f), ty.span());
    let name = &f.name;
    let open = key.encoding.open_end(f);
    let flip = flip(key, f);
    // The same fully qualified calls as the RowKey impl, so an unsupported field type is
    // reported once, at the field.
    let f_len = quote_spanned!(ty.span()=> <#fmt as #p::Format<#ty>>::len);
    let f_write = quote_spanned!(ty.span()=> <#fmt as #p::Format<#ty>>::write);
    if key.encoding.short_forms() {
        // Written as when fields follow, with the length of its form when written last (see
        // `Enc`): where trailing NULLs are dropped, a key may end after any non-NULL value.
        let short = if f.index + 1 < key.first_droppable() {
            quote!(#p::Some(#f_len(__v, false)))
        } else if let Some(written) = key.encoding.written(f, quote!(__v)) {
            quote!(if #written { #p::Some(#f_len(__v, true)) } else { #p::None })
        } else {
            quote!(#p::Some(#f_len(__v, true)))
        };
        return quote! {
            |__v: &#ty| #p::encode_short(
                #p::encode_with(#f_len(__v, false), #name, #flip, |__w| #f_write(__v, __w, false)),
                #short,
            )
        };
    }
    quote! {
        |__v: &#ty| #p::encode_with(#f_len(__v, #open), #name, #flip, |__w| #f_write(__v, __w, #open))
    }
}

fn fix_method(key: &Key, f: &Field, scan: &Ident, p: &TokenStream) -> TokenStream {
    let input = &key.input;
    let next = f.index + 1;
    let ty = f.ty;
    let method = f.ident;
    let trim = key.encoding.value_trim(f);
    let encode = field_encode(key, f, p);
    let doc = format!(
        " Fixes `{}`; next: {}.",
        f.name,
        match input.fields.get(next) {
            Some(n) => format!(
                "`.{0}(v)`, `.{0}_range(r)` or `.{1}()`",
                n.name,
                input.plan_method()
            ),
            None => format!("`.{}()`", input.plan_method()),
        }
    );
    // A raw `#[java]` string that other fields follow: its matches are the keys of one length.
    let fix = if key.encoding.short_forms() {
        quote!(fix_short(__encoded))
    } else if key.encoding.tail_window(f) && !f.last {
        let tail = tail_width(key, f);
        quote!(fix_raw(__encoded, #tail))
    } else {
        quote!(fix_encoded(__encoded, #trim))
    };
    // Strings and byte vectors take anything that converts (`.user("ann")`); other types
    // take the value itself, so integer literals infer the field's type.
    if matches!(f.class, Class::String | Class::Bytes) {
        quote! {
            #[doc = #doc]
            pub fn #method(self, value: impl #p::Into<#ty>) -> #scan<#next> {
                let __encode = #encode;
                let __encoded = __encode(&value.into());
                #scan(self.0.#fix)
            }
        }
    } else {
        quote! {
            #[doc = #doc]
            pub fn #method(self, value: #ty) -> #scan<#next> {
                let __encode = #encode;
                let __encoded = __encode(&value);
                #scan(self.0.#fix)
            }
        }
    }
}

fn range_method(
    key: &Key,
    f: &Field,
    kind: RangeKind,
    scan_range: &Ident,
    p: &TokenStream,
) -> TokenStream {
    let i = f.index;
    let ty = f.ty;
    let open = key.encoding.range_open(f);
    let encode = field_encode(key, f, p);
    let range_method = format_ident!("{}_range", f.name);
    let doc = format!(
        " Bounds `{}` by a range of its values (`a..b`, `a..=b`, `..b`, ...) and ends the partial \
         key; next: `.{}()`.",
        f.name,
        key.input.plan_method()
    );
    // The bounds as text, for the error of a range that runs backwards.
    let name = &f.name;
    let value = quote!(__v);
    let render = super::explain::render(&f.class, &value, &krate());
    let show = quote! {
        &|| {
            use #p::{ViaDebug as _, ViaFallback as _};
            let (__lo, __hi) = #p::show_range(
                range.start_bound(),
                range.end_bound(),
                |#value: &#ty| #render,
            );
            (#name, __lo, __hi)
        }
    };
    let bounded = match kind {
        RangeKind::Monotone { descending } => quote! {
            self.0.range_encoded(
                #p::map_bound(range.start_bound(), &__encode),
                #p::map_bound(range.end_bound(), &__encode),
                #open,
                #descending,
                #show,
            )
        },
        // `None` sorts first, `Some` values newest first: two segments.
        RangeKind::OptionNewestFirst => {
            let some_tag = Literal::u8_suffixed(1 ^ key.encoding.flip(f));
            quote! {
                self.0.range_option_encoded(
                    range.start_bound(),
                    range.end_bound(),
                    &__encode,
                    #some_tag,
                    #open,
                    #show,
                )
            }
        }
    };
    // A String or Vec<u8> field takes what its fix method takes: `"a".."b"`, `b"a"..b"b"`.
    let borrowed = matches!(f.class, Class::String | Class::Bytes)
        && matches!(kind, RangeKind::Monotone { .. });
    match borrowed {
        true => quote! {
            #[doc = #doc]
            pub fn #range_method(self, range: impl #p::FieldRange<#ty>) -> #scan_range<#i> {
                let range = #p::FieldRange::bounds(range);
                let __encode = #encode;
                #scan_range(#bounded)
            }
        },
        false => quote! {
            #[doc = #doc]
            pub fn #range_method(self, range: impl #p::RangeBounds<#ty>) -> #scan_range<#i> {
                let __encode = #encode;
                #scan_range(#bounded)
            }
        },
    }
}

/// Generic keys get no builder (its states would need the key's parameters); `scan()` and
/// `full_scan()` say so instead of resolving to `Iterator::scan`.
fn generic_stubs(key: &Key) -> TokenStream {
    let krate = krate();
    let p = quote!(#krate::__private);
    let ident = key.input.ident;
    let (impl_generics, ty_generics, where_clause) = key.input.generics.split_for_impl();
    quote! {
        #[allow(dead_code)]
        impl #impl_generics #ident #ty_generics #where_clause {
            #[doc(hidden)]
            pub fn scan()
            where
                Self: #p::NonGenericKey,
            {
            }

            #[doc(hidden)]
            pub fn full_scan()
            where
                Self: #p::NonGenericKey,
            {
            }
        }
    }
}

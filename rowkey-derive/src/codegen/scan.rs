//! Codegen for the typed partial-key builder: `K::scan()` returns `KScan<S>`, its state `S` the
//! marker of the next field to fix (`field::date`), `Full` once every field is fixed, or
//! `Ranged<field::time>` after a range. Each field has one method, taking a value, a range or a
//! set of values (the runtime's `FieldArg`, whose associated `Then` is the next state), generic
//! over the state and bounded by `S: InKeyOrder<K, Order, field::f, Plan>`, which holds only
//! when `f` is next: the markers implement it for themselves, and the runtime's `Full` and
//! `Ranged` implement it under bounds no type meets, so the compiler's message teaches the rule
//! (key order, every field fixed, a range ends the chain). A field that takes no range names a
//! refusal's marker as its `Takes`, under which a range's bound says why. Encoding a field is
//! generic runtime code (`Format::encode_alone`), so the shell is small: O(fields) items, not
//! O(fields²).
//!
//! The items are the runtime's template (`__private::scan::builder!`, `builder.rs` there): this
//! file computes what differs from key to key (the states, each field's type, what it takes,
//! its `PlainField` constants or its own `FieldOps`, the docs) and invokes it, so that the
//! compiler writes the items instead of each token crossing the proc-macro bridge. The builder
//! type is declared next to the key (so it shows in the user's `cargo doc`); everything else
//! sits in the derive's `const _` block.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::field::{field_format, flip, runtime_path, tail_width, written};
use crate::ast::Field;
use crate::encodings::{EmptyKey, Key};
use crate::props::RangeKind;
use crate::tokens::crate_path;

/// The builder: `(items declared beside the key, items inside the const block)`.
pub fn builder(key: &Key) -> (TokenStream, TokenStream) {
    let input = &key.input;
    if !input.builds_scan() {
        return (TokenStream::new(), turned_off(key));
    }
    if !input.generics.params.is_empty() {
        return (TokenStream::new(), generic_stubs(key));
    }
    let p = quote!(__p);
    let outside_p = {
        let path = crate_path(input.attrs.crate_path.as_ref());
        quote!(#path::__private)
    };
    let ident = input.ident;
    let vis = input.vis;
    let scan = format_ident!("{}Scan", ident);
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

    // Marker types named as the fields (and the finishing method): the builder's states, and
    // the names the refusals' messages print.
    let marker = |f: &Field| {
        let m = f.ident;
        quote!(field::#m)
    };
    // The state after fixing field `i`.
    let state_after = |i: usize| match input.fields.get(i + 1) {
        Some(f) => marker(f),
        None => quote!(__s::Full),
    };
    let start = input.fields.first().map_or(quote!(__s::Full), &marker);
    // Per field, what the template needs: its name and type (spans kept), its doc, what it
    // takes, the state after it, and its ops: `plain(..)` (its marker's `PlainField`) or `own`
    // (its marker implements `FieldOps`, declared here).
    let mut fields = TokenStream::new();
    let mut helpers = TokenStream::new();
    for f in &input.fields {
        let m = f.ident;
        let ty = f.ty;
        let doc = field_doc(key, f);
        let next = state_after(f.index);
        if let Some(plain) = plain_field(key, f) {
            fields.extend(quote!(#m: #ty, #doc, [__s::Ranges], [#next], #plain;));
            continue;
        }
        let fix = fix_helper(key, f, &p);
        let (takes, range) = match &key.part(f).range {
            Ok(kind) => (quote!(__s::Ranges), range_helper(key, f, *kind, &p)),
            Err(why) => (
                why.marker(&p),
                quote! {
                    #[inline]
                    fn range(
                        __k: __s::PartialKey,
                        _: #p::Bound<&#ty>,
                        _: #p::Bound<&#ty>,
                    ) -> __s::PartialKey {
                        __k
                    }
                },
            ),
        };
        helpers.extend(quote! {
            impl __s::FieldOps<#ty> for field::#m {
                #fix
                #range
            }
        });
        fields.extend(quote!(#m: #ty, #doc, [#takes], [#next], own;));
    }
    // The states `.plan()` takes: all (no bound, no impl), or those after every field an md5
    // prefix hashes.
    let (can_plan, plan_bound) = if first_plannable == 0 {
        (Vec::new(), TokenStream::new())
    } else {
        let states = (first_plannable..n)
            .map(|i| marker(&input.fields[i]))
            .chain([quote!(__s::Full)])
            .chain(
                input
                    .fields
                    .iter()
                    .filter(|f| f.index >= first_plannable && key.part(f).range.is_ok())
                    .map(|f| {
                        let m = marker(f);
                        quote!(__s::Ranged<#m>)
                    }),
            );
        (states.collect(), quote!(where Self: __s::CanPlan,))
    };
    let order = input
        .fields
        .iter()
        .map(|f| f.name.as_str())
        .collect::<Vec<_>>()
        .join(", ");
    let scan_doc = format!(
        " The scan builder of [`{ident}`]; see [`{ident}::scan`]. Fields come in key order \
         ({order}); its state `S` is the next field to fix (a range ends the chain), and \
         `.{plan_method}()` gives the plan."
    );
    let first = input
        .fields
        .first()
        .map_or(String::new(), |f| f.name.clone());
    let start_doc = format!(
        " A partial key of `{ident}`, to scan the rows that share a prefix: fix fields in key \
         order ({order}) with `.{first}(v)`, `.<field>(v)`... (a value, or a set of values: \
         `[a, b]`, a slice, `Vec`, `BTreeSet`); optionally bound the next field with a range \
         (`.<field>(a..b)`, `a..=b`, `..b`), which ends the chain; then `.{plan_method}()` returns `Result<ScanPlan, EncodeError>`: the ranges that \
         hold exactly the matching rows, one per salt bucket when the salt cannot be computed \
         from the fixed fields, times the values of each set. Merge their rows with `ScanPlan::merge`. Calling a field out of \
         order does not compile."
    );
    let outside = quote! {
        #outside_p::scan::builder! { @struct #vis #scan, #scan_doc }
    };
    let empty_key = match key.empty_key() {
        Some(EmptyKey::Bytes(bytes)) => {
            let bytes = runtime_path(bytes);
            quote!(.with_empty_key(&#bytes))
        }
        Some(EmptyKey::Refused(encoding)) => quote!(.refusing_empty_key(#encoding)),
        Some(EmptyKey::Written) | None => TokenStream::new(),
    };
    let prefix_end = key.traits.ends_below_ff.then(|| quote!(.ending_below_ff()));
    let inside = quote! {
        __s::builder! {
            key: #ident,
            scan: #scan,
            plan: #plan_method,
            doc: #start_doc,
            start: [#start],
            delimiter: #d,
            then: [#empty_key #prefix_end],
            of: [#(#of),*],
            n: #n,
            plan_bound: [#plan_bound],
            can_plan: [#(#can_plan),*],
            fields: [#fields]
        }
        #helpers
    };
    (outside, inside)
}

/// The expression that encodes the value `v` (a reference) of `f` alone, as it appears in its
/// key: `Result<Vec<u8>, _>`, or `Result<Enc, _>` where trailing NULLs are dropped.
fn encode_value(key: &Key, f: &Field, v: TokenStream, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let fmt = field_format(key, f);
    let name = &f.name;
    let open = key.part(f).open_end;
    let flip = flip(key, f);
    // Spanned on the field's type, as the RowKey impl's calls are, so an unsupported field
    // type is reported once, at the field.
    let encode = quote_spanned!(ty.span()=> <#fmt as #p::Format<#ty>>::encode_alone);
    if key.traits.short_forms {
        let f_len = quote_spanned!(ty.span()=> <#fmt as #p::Format<#ty>>::len);
        // Written as when fields follow, with the length of its form when written last (see
        // `Enc`): where trailing NULLs are dropped, a key may end after any non-NULL value.
        let short = if f.index + 1 < key.first_droppable() {
            quote!(#p::Some(#f_len(__v, false)))
        } else if let Some(written) = written(key, f, quote!(__v)) {
            quote!(if #written { #p::Some(#f_len(__v, true)) } else { #p::None })
        } else {
            quote!(#p::Some(#f_len(__v, true)))
        };
        return quote! {{
            let __v: &#ty = #v;
            __s::encode_short(#encode(__v, #name, #flip, false), #short)
        }};
    }
    quote!(#encode(#v, #name, #flip, #open))
}

/// The doc of `f`'s method: what it takes, and what comes next.
fn field_doc(key: &Key, f: &Field) -> String {
    let input = &key.input;
    let takes_range = key.part(f).range.is_ok();
    format!(
        " `{name}`: a value fixes it, a set of values (`[a, b]`, a slice, `Vec`, `BTreeSet`) \
         fixes it to each in turn{range}; next: {next}.",
        name = f.name,
        range = if takes_range {
            ", a range (`a..b`, `a..=b`, `..b`, `(Bound, Bound)`) bounds it and ends the \
             partial key"
        } else {
            " (its bytes do not follow its values, so it takes no range)"
        },
        next = match input.fields.get(f.index + 1) {
            Some(n) => format!("`.{}(..)` or `.{}()`", n.name, input.plan_method()),
            None => format!("`.{}()`", input.plan_method()),
        }
    )
}

/// A field's `(name, flip, open end)`: what the planner's encoders are told of it, the same
/// for a `PlainField` and for the helpers of the fields that are not plain.
fn field_args(key: &Key, f: &Field) -> TokenStream {
    let name = &f.name;
    let flip = flip(key, f);
    let last = key.part(f).open_end;
    quote!((#name, #flip, #last))
}

/// `plain(format, constants, renderer)` of `f`, for the template's `PlainOps`, when its value
/// is appended by its format's `encode_alone_into` and its range bounded by `encode_alone` in
/// the field's order (not a raw `#[java]` string others follow, not a key of short forms, not
/// an `Option` newest first).
fn plain_field(key: &Key, f: &Field) -> Option<TokenStream> {
    let descending = match key.part(f).range {
        Ok(RangeKind::Monotone { descending }) => descending,
        _ => return None,
    };
    if key.traits.short_forms || (key.part(f).tail_window && !f.last) {
        return None;
    }
    let fmt = field_format(key, f);
    let args = field_args(key, f);
    let trim = Literal::usize_unsuffixed(key.part(f).value_trim);
    let open = key.part(f).range_open;
    let renderer = super::explain::const_renderer(&f.class, f.ty)?;
    Some(quote!(plain(#fmt, (#args, #trim, #open, #descending), #renderer)))
}

/// `FieldOps::fix` of `f`'s marker, outside the generic impl: a body without the state's
/// bound compiles against an empty parameter environment, where rustc's global trait cache
/// applies; the generic methods stay small.
fn fix_helper(key: &Key, f: &Field, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let encoded = encode_value(key, f, quote!(__v), p);
    // A raw `#[java]` string that other fields follow: its matches are the keys of one length.
    let fix = if key.traits.short_forms {
        quote!(fix_short(#encoded))
    } else if key.part(f).tail_window && !f.last {
        let tail = tail_width(key, f);
        let name = &f.name;
        quote!(fix_raw(#encoded, #tail, #name))
    } else {
        // Appended straight to the fixed bytes: no vector of its own.
        let trim = Literal::usize_unsuffixed(key.part(f).value_trim);
        let fmt = field_format(key, f);
        let encode = quote_spanned!(ty.span()=> <#fmt as #p::Format<#ty>>::encode_alone_into);
        let args = field_args(key, f);
        quote!(fix_with(#encode, __v, #args, #trim))
    };
    quote! {
        #[inline]
        fn fix(__k: __s::PartialKey, __v: &#ty) -> __s::PartialKey {
            __k.#fix
        }
    }
}

/// `FieldOps::range` of `f`'s marker: bounds `f` by a range of its values (see [`fix_helper`]).
fn range_helper(key: &Key, f: &Field, kind: RangeKind, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let open = key.part(f).range_open;
    // The bounds as text, for the error of a range that runs backwards.
    let name = &f.name;
    let renderer = super::explain::renderer(&f.class, ty);
    let bounded = match kind {
        RangeKind::Monotone { descending } if !key.traits.short_forms => {
            let fmt = field_format(key, f);
            let encode = quote_spanned!(ty.span()=> <#fmt as #p::Format<#ty>>::encode_alone);
            let args = field_args(key, f);
            quote! {
                __k.range_of(
                    &(__lo, __hi),
                    #encode,
                    #args,
                    #open,
                    #descending,
                    #renderer,
                )
            }
        }
        RangeKind::Monotone { descending } => {
            let encode = encode_value(key, f, quote!(__v), p);
            quote! {
                __k.range_with(
                    &(__lo, __hi),
                    |__v: &#ty| #encode,
                    #open,
                    #descending,
                    #name,
                    #renderer,
                )
            }
        }
        // `None` sorts first, `Some` values newest first: two segments.
        RangeKind::OptionNewestFirst => {
            let encode = encode_value(key, f, quote!(__v), p);
            let some_tag = Literal::u8_suffixed(1 ^ key.part(f).flip);
            quote! {
                __k.range_option_encoded(
                    __lo,
                    __hi,
                    |__v: &#ty| #encode,
                    #some_tag,
                    #open,
                    &|| __s::show_field(#name, &(__lo, __hi), #renderer),
                )
            }
        }
    };
    quote! {
        #[inline]
        fn range(
            __k: __s::PartialKey,
            __lo: #p::Bound<&#ty>,
            __hi: #p::Bound<&#ty>,
        ) -> __s::PartialKey {
            #bounded
        }
    }
}

/// `full_scan()`, on a key without generic parameters.
fn full_scan(key: &Key) -> TokenStream {
    let d = key.delimiter().unwrap_or(0);
    let of: Vec<usize> = key.salt().map(|s| s.of).unwrap_or_default();
    let n = key.input.fields.len();
    quote!(__s::builder!(@full_scan #d, [#(#of),*], #n);)
}

/// `#[rowkey(scan = false)]`: no builder, so none of its items (about half of what a key costs
/// to compile, `scripts/derive_cost.sh`); `scan()` says why it is missing, and `full_scan()`
/// stays (it is one function, not one per field).
fn turned_off(key: &Key) -> TokenStream {
    let ident = key.input.ident;
    let (impl_generics, ty_generics, where_clause) = key.input.generics.split_for_impl();
    let full_scan = match key.input.generics.params.is_empty() {
        true => full_scan(key),
        false => generic_refusal("full_scan"),
    };
    quote! {
        #[allow(dead_code)]
        impl #impl_generics #ident #ty_generics #where_clause {
            // Bounded through a lifetime so that only a call is checked (a bound without a
            // parameter would fail here, where the key is declared); the unresolved return
            // type keeps the rest of the chain from adding errors of its own.
            #[doc(hidden)]
            pub fn scan<'__a>() -> <&'__a () as __s::ScanTurnedOn<Self>>::Builder
            where
                &'__a (): __s::ScanTurnedOn<Self>,
            {
                ::core::unreachable!()
            }

            #full_scan
        }
    }
}

/// Generic keys get no builder (its states would need the key's parameters); `scan()` and
/// `full_scan()` say so instead of resolving to `Iterator::scan`.
fn generic_stubs(key: &Key) -> TokenStream {
    let ident = key.input.ident;
    let (impl_generics, ty_generics, where_clause) = key.input.generics.split_for_impl();
    let scan = generic_refusal("scan");
    let full_scan = generic_refusal("full_scan");
    quote! {
        #[allow(dead_code)]
        impl #impl_generics #ident #ty_generics #where_clause {
            #scan
            #full_scan
        }
    }
}

/// The method `name` of a generic key: refused where it is called.
fn generic_refusal(name: &str) -> TokenStream {
    let name = format_ident!("{name}");
    quote! {
        #[doc(hidden)]
        pub fn #name()
        where
            Self: __p::scan::NonGenericKey,
        {
        }
    }
}

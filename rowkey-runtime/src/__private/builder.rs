//! The template the derive invokes for the scan builder's shell, written once (a key's
//! `encode` and `encode_into` need none: they are `RowKey`'s provided methods).
//! `#[derive(RowKey)]` computes what differs from key to key (the fields, their types and
//! formats, the states, the docs) and invokes the template with it, so that the compiler
//! writes out the items instead of the derive passing each token through
//! the proc-macro bridge (the builder was 41% of the derive's run: 0.154 of 0.376 G
//! instructions for 40 keys). The tokens the derive passes keep their spans (a field's name
//! and type point at the field in an error); everything else is spelled through `$crate`.
//!
//! The builder is invoked inside the derive's `const _` block, which declares the field
//! formats (`__F0`, ..) and the aliases `__p` (`__private`) and `__s` (`__private::scan`) that
//! the passed tokens may name. It declares, beside the key: the field markers (`mod field`,
//! the builder's states, named as the fields so that messages print them), the key order
//! (`__Order`), each marker's `InKeyOrder`, the plain fields' `PlainField`, `K::scan()` and
//! `K::full_scan()`, one method per field, the plan method, `Clone`, `Debug`, the `Deref` to
//! `PlanFirst`, and the states `CanPlan` lists.

/// See the module. Per field: `name: Type, "doc", [Takes], [next state], ops`, where `ops` is
/// `plain(format, field constants, renderer)` (the marker's `PlainField`, from which the
/// runtime's one `FieldOps` impl works) or `own` (the marker implements `FieldOps` itself,
/// declared by the derive).
#[doc(hidden)]
#[macro_export]
macro_rules! __rowkey_scan_builder {
    (
        key: $key:ident,
        scan: $scan:ident,
        plan: $plan:ident,
        doc: $doc:literal,
        start: [$($start:tt)+],
        delimiter: $d:expr,
        then: [$($new:tt)*],
        of: [$($of:expr),*],
        n: $n:expr,
        plan_bound: [$($plan_bound:tt)*],
        can_plan: [$($can:ty),*],
        fields: [$($f:ident: $ty:ty, $fdoc:literal, [$($takes:tt)+], [$($next:tt)+], $ops:ident $(($fmt:ty, $field:expr, $render:expr))?;)*]
    ) => {
        #[allow(non_camel_case_types, dead_code)]
        mod field {
            $(pub struct $f;)*
            pub struct $plan;
        }
        type __Order = ($(field::$f,)*);
        $(impl $crate::__private::scan::InKeyOrder<$key, __Order, field::$f, field::$plan> for field::$f {})*
        $($(
            impl $crate::__private::scan::PlainField<$ty> for field::$f {
                type Format = $fmt;
                const FIELD: $crate::__private::scan::Plain = $field;
                const RENDER: fn(&$ty) -> $crate::__private::String = $render;
            }
        )?)*

        #[allow(dead_code)]
        impl $key {
            #[doc = $doc]
            #[inline] // compiled where it is called
            pub fn scan() -> $scan<$($start)+> {
                $scan(
                    $crate::__private::scan::PartialKey::new(
                        <Self as $crate::RowKey>::SALT,
                        <Self as $crate::RowKey>::SALT_TEXT,
                        $d,
                    )
                    .of_key(<Self as $crate::RowKey>::LAYOUT_FINGERPRINT)
                    $($new)*,
                    ::core::marker::PhantomData,
                )
            }

            $crate::__rowkey_scan_builder!(@full_scan $d, [$($of),*], $n);
        }

        #[allow(dead_code)]
        impl<__S> $scan<__S> {
            $(
                #[doc = $fdoc]
                #[inline]
                pub fn $f<__A: $crate::__private::scan::FieldArg<$ty, field::$f, $($takes)+>>(
                    self,
                    value: __A,
                ) -> $scan<__A::Then<$($next)+>>
                where
                    __S: $crate::__private::scan::InKeyOrder<$key, __Order, field::$f, field::$plan>,
                {
                    $scan(__A::apply::<field::$f>(value, self.0), ::core::marker::PhantomData)
                }
            )*

            /// The ranges that hold exactly the rows of this partial key (one per salt bucket
            /// where the salt is not known), or the first value that could not be encoded.
            pub fn $plan(self) -> ::core::result::Result<$crate::ScanPlan, $crate::EncodeError>
            $($plan_bound)*
            {
                self.0.plan(&[$($of),*], $n)
            }
        }

        impl<__S> ::core::clone::Clone for $scan<__S> {
            fn clone(&self) -> Self {
                $scan(self.0.clone(), ::core::marker::PhantomData)
            }
        }

        impl<__S> ::core::fmt::Debug for $scan<__S> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Debug::fmt(&self.0, f)
            }
        }

        // `ScanPlan`'s methods, found through `Deref` on a chain that forgot the plan method:
        // each is refused with a message that says to call it first.
        #[doc(hidden)]
        impl<__S> ::core::ops::Deref for $scan<__S> {
            type Target = $crate::__private::scan::PlanFirst<$key, field::$plan>;
            fn deref(&self) -> &Self::Target {
                &$crate::__private::scan::PlanFirst::NEW
            }
        }

        $(impl $crate::__private::scan::CanPlan for $scan<$can> {})*
    };
    // The builder's type, declared beside the key (so that it shows in the user's docs).
    (@struct $vis:vis $scan:ident, $doc:literal) => {
        #[doc = $doc]
        #[allow(non_camel_case_types)]
        $vis struct $scan<S>(
            $crate::__private::scan::PartialKey,
            ::core::marker::PhantomData<fn() -> S>,
        );
    };
    // `K::full_scan()`, in an `impl K` block (also of a key without a builder).
    (@full_scan $d:expr, [$($of:expr),*], $n:expr) => {
        /// The plan that scans every key of this layout (one range per salt bucket; for an
        /// md5 prefix one range over every salt, whose rows come in hash order).
        #[inline] // compiled where it is called
        pub fn full_scan() -> $crate::ScanPlan {
            $crate::__private::scan::PartialKey::full(
                <Self as $crate::RowKey>::SALT,
                <Self as $crate::RowKey>::SALT_TEXT,
                $d,
                &[$($of),*],
                $n,
                <Self as $crate::RowKey>::LAYOUT_FINGERPRINT,
            )
        }
    };
}

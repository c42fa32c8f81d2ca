//! A run of a generated key's plain fields (each written and read by its format alone, none
//! the salt hashes, none a trailing NULL the key may drop) measured, written or explained by
//! one call instead of a few statements a field: what the derive's `encoded_len`,
//! `encode_parts` and `explain` call. The same work as the statements they replace, inlined
//! into the key's methods (`rustc --emit asm` of the benchmarked keys' encode loops: the same
//! code); what it saves is the declaring crate's type-checking (the derive's compile time,
//! in the performance guide). `lenN`, `writeN` and `explainN` take a run of `N` fields (1 to
//! 8: the derive's `codegen/run.rs` splits longer runs), each a format `F` and value type `T`,
//! and each field's arguments one by one (its value, its name, the byte its bytes are XORed
//! with, whether it ends the key): scalars, not an array or a tuple, which kept the optimizer
//! from the same code (a frame 256 bytes larger).
//!
//! `#[inline(always)]` where debug assertions are off (release builds: the same code as the
//! statements'), `#[inline]` where they are on: a debug build does not optimize what it
//! inlines, and copying each run into each key's method cost a crate of 40 keys that encode
//! and decode 4% more of rustc's instructions (3.88 against 3.72 billion).
//!
//! `decode_checked` spells its fields out, and a FoundationDB tuple's encode too: rustc's MIR
//! inliner inlines a helper of one field into the key's method, and the format's `read` or
//! `write` into it, but not a helper of two or more (tried on this compiler: a `read2` stays
//! for LLVM, which then leaves a large format's `read` a call). FoundationDB's integer tuple
//! decoded at 1.34x of its floor instead of 0.85x through a `read3`, its string tuple encoded
//! at 1.2x instead of 0.8x through a `write3`; the other formats' `write` and `len` are small
//! enough for LLVM.

use crate::cursor::Writer;
use crate::encoding::Format;
use crate::error::EncodeError;
use crate::explain::Explainer;

// Each field's arguments one by one: scalars (see the module), so many arguments.
macro_rules! runs {
    ($($len:ident $write:ident $explain:ident: $(($F:ident $T:ident $v:ident $n:ident $x:ident $l:ident))+;)*) => {$(
        #[doc = "The encoded length of a run of fields, each a value and its `last`."]
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[allow(clippy::too_many_arguments)]
        pub fn $len<$($F: Format<$T>, $T),+>($($v: &$T, $l: bool),+) -> usize {
            0 $(+ $F::len($v, $l))+
        }

        #[doc = "Writes a run of fields, each a value, its name, its flip byte and its `last`; the first error ends it."]
        #[cfg_attr(debug_assertions, inline)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[allow(clippy::question_mark, clippy::too_many_arguments)] // the derive's statements, as they were
        pub fn $write<$($F: Format<$T>, $T),+>(
            w: &mut Writer<'_>,
            $($v: &$T, $n: &'static str, $x: u8, $l: bool),+
        ) -> Result<(), EncodeError> {
            $(
                w.begin($n, $x);
                if let Err(e) = $F::write($v, w, $l) {
                    return Err(e);
                }
            )+
            Ok(())
        }

        #[doc = "Explains a run of fields, each by its name, flip byte, `last` and the function that renders its value."]
        #[inline]
        #[allow(clippy::too_many_arguments)]
        pub fn $explain<$($F: Format<$T>, $T),+>(
            explainer: &mut Explainer<'_>,
            $($n: &'static str, $x: u8, $l: bool, $v: fn(&$T) -> String),+
        ) {
            $($F::explain_part(explainer, ($n, $x, $l), $v);)+
        }
    )*};
}

runs! {
    len1 write1 explain1: (F0 T0 v0 n0 x0 l0);
    len2 write2 explain2: (F0 T0 v0 n0 x0 l0) (F1 T1 v1 n1 x1 l1);
    len3 write3 explain3: (F0 T0 v0 n0 x0 l0) (F1 T1 v1 n1 x1 l1) (F2 T2 v2 n2 x2 l2);
    len4 write4 explain4: (F0 T0 v0 n0 x0 l0) (F1 T1 v1 n1 x1 l1) (F2 T2 v2 n2 x2 l2) (F3 T3 v3 n3 x3 l3);
    len5 write5 explain5: (F0 T0 v0 n0 x0 l0) (F1 T1 v1 n1 x1 l1) (F2 T2 v2 n2 x2 l2) (F3 T3 v3 n3 x3 l3) (F4 T4 v4 n4 x4 l4);
    len6 write6 explain6: (F0 T0 v0 n0 x0 l0) (F1 T1 v1 n1 x1 l1) (F2 T2 v2 n2 x2 l2) (F3 T3 v3 n3 x3 l3) (F4 T4 v4 n4 x4 l4) (F5 T5 v5 n5 x5 l5);
    len7 write7 explain7: (F0 T0 v0 n0 x0 l0) (F1 T1 v1 n1 x1 l1) (F2 T2 v2 n2 x2 l2) (F3 T3 v3 n3 x3 l3) (F4 T4 v4 n4 x4 l4) (F5 T5 v5 n5 x5 l5) (F6 T6 v6 n6 x6 l6);
    len8 write8 explain8: (F0 T0 v0 n0 x0 l0) (F1 T1 v1 n1 x1 l1) (F2 T2 v2 n2 x2 l2) (F3 T3 v3 n3 x3 l3) (F4 T4 v4 n4 x4 l4) (F5 T5 v5 n5 x5 l5) (F6 T6 v6 n6 x6 l6) (F7 T7 v7 n7 x7 l7);
}

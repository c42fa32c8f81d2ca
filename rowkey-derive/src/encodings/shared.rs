//! What several encodings share: the rules refusing attributes another system has, and the
//! queries over fields they all ask.

use crate::ast::{Field, Input};
use crate::ctxt::Ctxt;

/// The index of the first of the trailing fields that `droppable` holds for; the field count
/// when the last field is not droppable.
pub fn first_droppable(fields: &[Field], droppable: impl Fn(&Field) -> bool) -> usize {
    fields.len() - fields.iter().rev().take_while(|f| droppable(f)).count()
}

/// Reports the flag attributes (`#[reverse]`, `#[reverse_ts]`, `#[java]`, `#[blob]`,
/// `#[ordered_code]`) that
/// `system`'s encoding does not have (all but `allowed`); it takes `takes` instead.
pub fn refuse_flags(cx: &Ctxt, f: &Field, system: &str, takes: &str, allowed: &[&str]) {
    let a = &f.attrs;
    for (flag, name) in [
        (a.reverse.as_ref(), "reverse"),
        (a.reverse_ts.as_ref(), "reverse_ts"),
        (a.java.as_ref(), "java"),
        (a.blob.as_ref(), "blob"),
        (a.ordered_code.as_ref(), "ordered_code"),
    ] {
        if let Some(path) = flag.filter(|_| !allowed.contains(&name)) {
            cx.error_spanned_by(
                path,
                format!(
                    "`#[{name}]` has no {system} equivalent; a {system}-encoded key takes {takes}"
                ),
            );
        }
    }
}

/// Phoenix's field attributes (`#[precision(p, s)]`, `#[phoenix(TYPE)]`) on a key of another
/// encoding.
pub fn phoenix_attrs(cx: &Ctxt, f: &Field) {
    const ADD: &str = "add `#[rowkey(encoding = \"phoenix\")]` to the struct";
    if let Some((p, _)) = &f.attrs.precision {
        cx.error_spanned_by(
            &p.lit,
            format!("`#[precision(p, s)]` declares a Phoenix DECIMAL(p, s); {ADD}"),
        );
    }
    for ty in [&f.attrs.phoenix_type, &f.attrs.row_timestamp]
        .into_iter()
        .flatten()
    {
        cx.error_spanned_by(
            ty,
            format!("`#[phoenix({ty})]` declares a Phoenix column; {ADD}"),
        );
    }
}

/// `row_key_order_optimizable`, a Phoenix table flag, on a key of another encoding: `then`
/// says what to do (add the encoding, or remove the flag).
pub fn phoenix_flag(cx: &Ctxt, input: &Input, then: &str) {
    if let Some(flag) = &input.attrs.row_key_order_optimizable {
        cx.error_spanned_by(
            flag,
            format!("`row_key_order_optimizable` is a Phoenix table flag; {then}"),
        );
    }
}

/// `0xFF` for a `#[desc]` field (its bytes inverted), else `0x00`.
pub fn desc_flip(f: &Field) -> u8 {
    if f.attrs.desc.is_some() {
        0xFF
    } else {
        0x00
    }
}

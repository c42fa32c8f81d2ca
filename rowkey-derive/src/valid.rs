//! Rules that hold whatever the key's encoding: the salt, the length budget, the scan
//! builder's names. Each rule is one function, with the reason it exists; the encoding's own
//! rules are its `check` hook, run here in order.

use crate::ast::{Class, Field, Input};
use crate::attr::SaltKind;
use crate::ctxt::Ctxt;
use crate::encodings::Key;
use crate::props::Width;

/// HBase rejects row keys longer than `Short.MAX_VALUE`.
const MAX_ROW_LENGTH: usize = 32767;

pub fn check(cx: &Ctxt, key: &Key) {
    for field in key.fields() {
        platform_int(cx, field);
        cap(cx, field);
    }
    key.check(cx);
    max_len(cx, key);
    key_limit(cx, key);
    salt(cx, &key.input);
    builder_names(cx, &key.input);
    earlier_names(cx, &key.input);
}

/// `#[rowkey(was = "old")]` names a field's earlier name, which the compatibility judge matches
/// a locked layout's field by: a name another field has now would match two fields.
fn earlier_names(cx: &Ctxt, input: &Input) {
    for f in &input.fields {
        for was in &f.attrs.was {
            let old = was.value();
            if let Some(other) = input.fields.iter().find(|g| g.name == old) {
                let why = if other.index == f.index {
                    format!("field `{old}` is already named `{old}`; remove `was`")
                } else {
                    format!(
                        "`was = {old:?}` on `{}` names another field of this key; a rename \
                         names the field's earlier name, which no field has now",
                        f.name
                    )
                };
                cx.error_spanned_by(was, why);
            } else if let Some(other) = input
                .fields
                .iter()
                .find(|g| g.index != f.index && g.attrs.was.iter().any(|w| w.value() == old))
            {
                cx.error_spanned_by(
                    was,
                    format!(
                        "`{}` and `{}` both say they were `{old}`; one field had that name",
                        other.name, f.name
                    ),
                );
            }
        }
    }
}

/// `usize`/`isize` change width between 32- and 64-bit machines, so two programs could write
/// different keys for the same value.
fn platform_int(cx: &Ctxt, field: &Field) {
    if *field.class.value() == Class::PlatformInt {
        cx.error_spanned_by(
            field.ty,
            "usize and isize have a platform-dependent width, so keys would differ between \
             machines; use u32/u64 or i32/i64",
        );
    }
}

/// `#[max(N)]` caps what has no width of its own: a `String` or `Vec<u8>`, which the derive
/// must see to count the cap's bytes in its encoding.
fn cap(cx: &Ctxt, field: &Field) {
    let Some(n) = &field.attrs.max else {
        return;
    };
    if let Some(width) = field.width_attr() {
        let name = if field.attrs.fixed.is_some() {
            "fixed"
        } else if field.attrs.decimal.is_some() {
            "decimal"
        } else {
            "hex"
        };
        cx.error_spanned_by(
            &n.lit,
            format!(
                "`#[{name}({})]` already gives field `{}` its width; remove `#[max({})]`",
                width.value, field.name, n.value
            ),
        );
    } else if !crate::encodings::capped_class(field) {
        let what = match field.class.value() {
            Class::Other | Class::ByteArray(None) => String::from(
                "the derive cannot see this type's length (write the field's type as `String` \
                 or `Vec<u8>`)",
            ),
            class => format!("{} has a fixed width", class.describe()),
        };
        cx.error_spanned_by(
            &n.lit,
            format!("`#[max(N)]` caps a `String` or `Vec<u8>` (or an `Option` of one); {what}"),
        );
    }
}

/// Short keys are the advice of the HBase book; `max_len` turns a budget into a compile error.
fn max_len(cx: &Ctxt, key: &Key) {
    let Some(budget) = &key.input.attrs.max_len else {
        return;
    };
    match key.width() {
        Width::Fixed(n) | Width::Max(n) if n > budget.value => {
            let salt = key.salt_len();
            let parts: Vec<String> = (salt > 0)
                .then(|| format!("salt {salt}"))
                .into_iter()
                .chain(
                    key.fields()
                        .iter()
                        .map(|f| format!("{} {}", f.name, key.field_width(f).max().unwrap_or(0))),
                )
                .collect();
            cx.error_spanned_by(
                &budget.lit,
                format!(
                    "this key can be {n} bytes long, over `max_len = {}` ({}); shorten or \
                     narrow a field, or raise `max_len`",
                    budget.value,
                    parts.join(" + ")
                ),
            );
        }
        Width::Unbounded => {
            for field in key
                .fields()
                .iter()
                .filter(|f| key.field_width(f) == Width::Unbounded)
            {
                cx.error_spanned_by(
                    field.ty,
                    format!(
                        "`max_len = {}` cannot be checked: field `{}` has no maximum length; \
                         cap it with `#[max(N)]` or give it `#[fixed(N)]`",
                        budget.value, field.name
                    ),
                );
            }
        }
        _ => {}
    }
}

/// A key that is always over HBase's limit could never be written.
fn key_limit(cx: &Ctxt, key: &Key) {
    if let Width::Fixed(n) = key.width()
        && n > MAX_ROW_LENGTH
    {
        cx.error_spanned_by(
                key.input.ident,
                format!("every key of this layout is {n} bytes, over HBase's row key limit of {MAX_ROW_LENGTH}"),
            );
    }
}

/// A salt is only useful when its input is well defined: md5 hashes named fields, phoenix
/// hashes the whole key, random has no input; bucket salts are one byte.
fn salt(cx: &Ctxt, input: &Input) {
    let Some(salt) = input.attrs.salt.as_ref().filter(|s| !s.failed) else {
        return;
    };
    let Some((kind, kind_path)) = &salt.kind else {
        cx.syn_error(syn::Error::new(
            salt.span,
            format!("`#[salt(...)]` needs a kind: {}", crate::attr::salt_kinds()),
        ));
        return;
    };
    let rules = kind.rules();
    let name = rules.name;
    if rules.hashes_of && salt.of_key.is_none() {
        cx.error_spanned_by(
            kind_path,
            format!("`#[salt({name})]` needs `of = \"field\"` (or a list): the fields it hashes"),
        );
    }
    if let (false, Some(of)) = (rules.hashes_of, &salt.of_key) {
        cx.error_spanned_by(
            of,
            format!("`#[salt({name})]` {}; remove `of`", rules.no_of),
        );
    }
    if rules.needs_buckets && salt.buckets.is_none() {
        cx.error_spanned_by(
            kind_path,
            format!("`#[salt({name})]` needs `buckets = N` with N in 1..=256"),
        );
    }
    if let Some(len) = &salt.len {
        if *kind != SaltKind::Md5 || salt.buckets.is_some() {
            cx.error_spanned_by(
                &len.lit,
                "`len` keeps the first bytes of an md5 prefix; it does not apply to a bucket salt",
            );
        } else if !(1..=16).contains(&len.value) {
            cx.error_spanned_by(
                &len.lit,
                "`len` must be in 1..=16: an MD5 digest has 16 bytes",
            );
        }
    }
    if let Some(buckets) = &salt.buckets
        && !(1..=rules.max_buckets).contains(&(buckets.value as u64))
    {
        let why = if rules.max_buckets == 256 {
            "the bucket is one byte (Phoenix allows 256 at most)".to_string()
        } else {
            "a Java int".to_string()
        };
        cx.error_spanned_by(
            &buckets.lit,
            format!("`buckets` must be in 1..={}: {why}", rules.max_buckets),
        );
    }
    if let Some(width) = &salt.width {
        if !rules.width {
            cx.error_spanned_by(
                &width.lit,
                format!(
                    "`width` sets the salt bytes of {}; `#[salt({name})]` has a fixed width",
                    crate::attr::salt_kinds_where(|r| r.width)
                ),
            );
        } else if !(1..=8).contains(&width.value) {
            cx.error_spanned_by(&width.lit, "`width` must be in 1..=8 salt bytes");
        }
    }
    let names: Vec<&str> = input.fields.iter().map(|f| f.name.as_str()).collect();
    let mut seen = Vec::new();
    for lit in &salt.of {
        let value = lit.value();
        if !names.contains(&value.as_str()) {
            cx.error_spanned_by(
                lit,
                format!(
                    "unknown field `{value}` in `of`; the fields are {}",
                    names
                        .iter()
                        .map(|n| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        } else if seen.contains(&value) {
            cx.error_spanned_by(lit, format!("`{value}` is listed twice in `of`"));
        }
        seen.push(value);
    }
    if salt.of.len() > 8 {
        cx.error_spanned_by(&salt.of[8], "`of` takes at most 8 fields");
    }
    if salt.of_key.is_some()
        && salt.of.is_empty()
        && let Some(of) = &salt.of_key
    {
        cx.error_spanned_by(of, "`of` needs at least one field");
    }
}

/// The scan builder has a method per field and `plan` (or the name given with
/// `#[rowkey(plan = "...")]`): no field may be named as the latter.
/// Without a builder (`scan = false`) there are no names to clash, and `plan = "..."`, which
/// names a builder's method, is a contradiction.
fn builder_names(cx: &Ctxt, input: &Input) {
    if !input.builds_scan() {
        if let Some(plan) = &input.attrs.plan {
            cx.error_spanned_by(
                plan,
                "`plan` names the scan builder's finishing method, and `scan = false` leaves the \
                 builder out; remove one of them",
            );
        }
        return;
    }
    let plan = input.plan_method().to_string();
    for field in &input.fields {
        if field.name == plan {
            cx.error_spanned_by(
                field.ident,
                format!(
                    "a field named `{plan}` would clash with the scan builder's `.{plan}()`; rename the \
                     field, or give the builder's method another name with `#[rowkey(plan = \"build\")]`"
                ),
            );
        }
    }
}

//! Rules that involve more than one attribute or the field's type. Each rule is one function,
//! with the reason it exists.

use crate::ast::{Class, Field, Input};
use crate::attr::{kw, SaltKind};
use crate::ctxt::Ctxt;
use crate::layout::Width;

/// HBase rejects row keys longer than `Short.MAX_VALUE`.
const MAX_ROW_LENGTH: usize = 32767;

pub fn check(cx: &Ctxt, input: &Input) {
    for field in &input.fields {
        platform_int(cx, field);
    }
    if let Some(f) = input.fields.first().filter(|f| f.is_foreign()) {
        // Another system's encoding has its own rules for types and attributes.
        match f.encoding {
            crate::encoding::Encoding::Bigtable => crate::bigtable::check(cx, input),
            crate::encoding::Encoding::HbaseOrdered => crate::ordered::check(cx, input),
            _ => crate::phoenix::check(cx, input),
        }
    } else {
        for field in &input.fields {
            attrs_fit_type(cx, field);
            one_format(cx, field);
            reverse_needs_fixed_width(cx, field);
        }
        raw_string_alone(cx, input);
        text_layout(cx, input);
    }
    optimizable_needs_phoenix(cx, input);
    max_len(cx, input);
    key_limit(cx, input);
    salt(cx, input);
    builder_names(cx, input);
}

/// `row_key_order_optimizable` is a Phoenix table flag.
fn optimizable_needs_phoenix(cx: &Ctxt, input: &Input) {
    if let (Some(flag), None) = (
        &input.attrs.row_key_order_optimizable,
        &input.attrs.encoding,
    ) {
        cx.error_spanned_by(
            flag,
            "`row_key_order_optimizable` is a Phoenix table flag; add `encoding = \"phoenix\"`",
        );
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

/// Each attribute applies to some types only. Types the macro cannot see (user types,
/// aliases) are left to the trait bounds, which point at the field.
fn attrs_fit_type(cx: &Ctxt, field: &Field) {
    let class = field.class.value();
    let known = *class != Class::Other;
    let a = &field.attrs;
    if let Some((p, _)) = &a.precision {
        cx.error_spanned_by(
            &p.lit,
            "`#[precision(p, s)]` declares a Phoenix DECIMAL(p, s); add \
             `#[rowkey(encoding = \"phoenix\")]` to the struct",
        );
    }
    if let Some(path) = &a.blob {
        cx.error_spanned_by(
            path,
            "`#[blob]` declares an HBase OrderedBlob; add \
             `#[rowkey(encoding = \"hbase_ordered\")]` to the struct",
        );
    }
    if let Some(n) = &a.fixed {
        match class {
            Class::String | Class::Bytes | Class::Other => {}
            Class::Unsigned(_) | Class::Signed(_) if n.value > 16 => cx.error_spanned_by(
                &n.lit,
                "`#[fixed(N)]` on an integer takes N in 1..=16 bytes",
            ),
            Class::Unsigned(_) | Class::Signed(_) => {}
            _ => cx.error_spanned_by(
                &n.lit,
                format!(
                    "`#[fixed(N)]` applies to String, Vec<u8> and integers, not {}, which \
                     already has a fixed width",
                    class.describe()
                ),
            ),
        }
    }
    if let Some(pad) = &a.pad {
        if !matches!(class, Class::String | Class::Bytes | Class::Other) {
            cx.error_spanned_by(
                pad,
                format!(
                    "`pad` pads strings and byte vectors; {} is not padded: write `#[fixed(N)]` alone \
                     to narrow an integer to N bytes",
                    class.describe()
                ),
            );
        }
    }
    for (num, name, max) in [(&a.decimal, kw::DECIMAL, 39), (&a.hex, kw::HEX, 32)] {
        let Some(n) = num else { continue };
        match class {
            Class::Unsigned(_) | Class::Other => {}
            Class::Signed(_) => cx.error_spanned_by(
                &n.lit,
                format!(
                    "`#[{name}(N)]` needs an unsigned integer: digits cannot sort negative \
                     numbers first; use the binary encoding or store an offset u64"
                ),
            ),
            _ => cx.error_spanned_by(
                &n.lit,
                format!(
                    "`#[{name}(N)]` needs an unsigned integer, not {}",
                    class.describe()
                ),
            ),
        }
        if n.value > max {
            cx.error_spanned_by(
                &n.lit,
                format!("`#[{name}(N)]` takes N in 1..={max}: a u128 has at most {max} digits"),
            );
        }
    }
    if let Some(path) = &a.reverse_ts {
        let fits = matches!(
            class,
            Class::Signed(8 | 4) | Class::Unsigned(8 | 4) | Class::Other
        );
        if !fits {
            cx.error_spanned_by(
                path,
                format!(
                    "`#[reverse_ts]` needs i64 or u64 (Long.MAX_VALUE - ts) or i32/u32 \
                     (Integer.MAX_VALUE - ts), not {}",
                    class.describe()
                ),
            );
        }
    }
    if let Some(path) = &a.java {
        if let Some(nul) = &a.nul_terminated {
            if !matches!(class, Class::String | Class::Bytes | Class::Other) {
                cx.error_spanned_by(
                    nul,
                    format!(
                        "`#[java(nul_terminated)]` writes a String or Vec<u8> then a 00 byte, not {}",
                        class.describe()
                    ),
                );
            }
        } else if a.reverse_ts.is_some() {
            if !matches!(class, Class::Signed(8 | 4) | Class::Other) {
                cx.error_spanned_by(
                    path,
                    format!(
                        "`#[java] #[reverse_ts]` (Java's wrapping `Long.MAX_VALUE - ts`) applies to i64 \
                         or i32, not {}",
                        class.describe()
                    ),
                );
            }
        } else if known && !matches!(class, Class::Signed(_) | Class::String | Class::Bytes) {
            cx.error_spanned_by(
                path,
                format!(
                    "`#[java]` (bytes exactly as Java's Bytes.toBytes writes them) applies to signed \
                     integers, String and Vec<u8>, not {}; unsigned integers are already written as \
                     Java writes them",
                    class.describe()
                ),
            );
        }
    }
}

/// A field has one byte format: two format attributes would contradict each other.
fn one_format(cx: &Ctxt, field: &Field) {
    let a = &field.attrs;
    let formats = [
        a.fixed
            .as_ref()
            .map(|n| (kw::FIXED, &n.lit as &dyn quote::ToTokens)),
        a.decimal
            .as_ref()
            .map(|n| (kw::DECIMAL, &n.lit as &dyn quote::ToTokens)),
        a.hex
            .as_ref()
            .map(|n| (kw::HEX, &n.lit as &dyn quote::ToTokens)),
        a.reverse_ts
            .as_ref()
            .map(|p| (kw::REVERSE_TS, p as &dyn quote::ToTokens)),
    ];
    let mut present = formats.iter().flatten();
    if let Some((first, _)) = present.next() {
        for (other, at) in present {
            cx.error_spanned_by(
                at,
                format!(
                    "`#[{other}]` cannot be combined with `#[{first}]`; a field has one format"
                ),
            );
        }
    }
    if let Some(java) = &a.java {
        if a.decimal.is_some() || a.hex.is_some() {
            cx.error_spanned_by(
                java,
                "`#[java]` applies to the binary integer encoding; remove it, the other format \
                 attribute already fixes the bytes",
            );
        }
        if a.fixed.is_some() && matches!(field.class.value(), Class::String | Class::Bytes) {
            cx.error_spanned_by(
                java,
                "`#[fixed(N)]` strings are already raw bytes (padded); remove `#[java]`",
            );
        }
    }
    if let (Some(_), Some(desc)) = (&a.reverse_ts, &a.desc) {
        cx.error_spanned_by(
            desc,
            "`#[reverse_ts]` already sorts newest first; `#[desc]` would undo it (remove one)",
        );
    }
}

/// Reversing bytes only keeps a key decodable when the field's length never changes.
fn reverse_needs_fixed_width(cx: &Ctxt, field: &Field) {
    let Some(path) = &field.attrs.reverse else {
        return;
    };
    let message = match (&field.class, field.width()) {
        (Class::Option(_), _) => Some(String::from(
            "`#[reverse]` needs a fixed-width field; an Option is variable-length",
        )),
        (_, Width::Unbounded | Width::Max(_)) => Some(format!(
            "`#[reverse]` needs a fixed-width field; {} is variable-length here (give it `#[fixed(N)]`{})",
            field.class.describe(),
            if field.is_text() { " or `#[decimal(N)]`" } else { "" }
        )),
        _ => None,
    };
    if let Some(message) = message {
        cx.error_spanned_by(path, message);
    }
}

/// A raw `#[java]` string has no terminator: decode finds its end where the fixed-width fields
/// after it start, so every field after it must have a fixed width (the fields before it end
/// themselves); and it cannot be inverted (`#[desc]` would need a terminator to keep prefixes
/// apart).
fn raw_string_alone(cx: &Ctxt, input: &Input) {
    for raw in input.fields.iter().filter(|f| f.is_raw()) {
        let java = raw
            .attrs
            .java
            .as_ref()
            .expect("a raw field carries #[java]");
        if let Some(desc) = &raw.attrs.desc {
            cx.error_spanned_by(
                desc,
                "`#[desc]` on a raw `#[java]` string cannot keep it apart from longer strings (it has \
                 no terminator to invert); remove `#[desc]`, or use `#[java(nul_terminated)]`",
            );
        }
        if raw.is_text() {
            continue; // text_field reports `#[java]` in a text key
        }
        for after in &input.fields[raw.index + 1..] {
            if matches!(after.width(), Width::Unbounded | Width::Max(_)) {
                cx.error_spanned_by(
                    java,
                    format!(
                        "a raw `#[java]` string needs fixed-width fields after it, but `{}` is \
                         variable-length: decode finds where `{}` ends from the fields after it; give \
                         `{}` a fixed width, move it before `{}`, or use `#[java(nul_terminated)]`",
                        after.name, raw.name, after.name, raw.name
                    ),
                );
            }
        }
    }
}

/// Short keys are the advice of the HBase book; `max_len` turns a budget into a compile error.
fn max_len(cx: &Ctxt, input: &Input) {
    let Some(budget) = &input.attrs.max_len else {
        return;
    };
    match input.width() {
        Width::Fixed(n) | Width::Max(n) if n > budget.value => {
            let salt = input.salt_len();
            let parts: Vec<String> = (salt > 0)
                .then(|| format!("salt {salt}"))
                .into_iter()
                .chain(
                    input
                        .fields
                        .iter()
                        .map(|f| format!("{} {}", f.name, f.width().max().unwrap_or(0))),
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
            for field in input
                .fields
                .iter()
                .filter(|f| f.width() == Width::Unbounded)
            {
                cx.error_spanned_by(
                    field.ty,
                    format!(
                        "`max_len = {}` cannot be checked: field `{}` has no maximum length; \
                         give it `#[fixed(N)]`",
                        budget.value, field.name
                    ),
                );
            }
        }
        _ => {}
    }
}

/// A key that is always over HBase's limit could never be written.
fn key_limit(cx: &Ctxt, input: &Input) {
    if let Width::Fixed(n) = input.width() {
        if n > MAX_ROW_LENGTH {
            cx.error_spanned_by(
                input.ident,
                format!("every key of this layout is {n} bytes, over HBase's row key limit of {MAX_ROW_LENGTH}"),
            );
        }
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
    if let Some(buckets) = &salt.buckets {
        if !(1..=rules.max_buckets).contains(&(buckets.value as u64)) {
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
    if salt.of_key.is_some() && salt.of.is_empty() {
        if let Some(of) = &salt.of_key {
            cx.error_spanned_by(of, "`of` needs at least one field");
        }
    }
}

/// The scan builder has a method per field, `<field>_range`, and `plan` (or the name given with
/// `#[rowkey(plan = "...")]`): field names must not collide with them.
fn builder_names(cx: &Ctxt, input: &Input) {
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
        let range = format!("{}_range", field.name);
        if let Some(other) = input.fields.iter().find(|f| f.name == range) {
            cx.error_spanned_by(
                other.ident,
                format!("a field named `{range}` would clash with the scan builder's range method for `{}`; rename it", field.name),
            );
        }
    }
}

/// Text layouts join readable parts with a delimiter: every part needs a text form, every
/// part but the last a known end, and nothing may contain the delimiter.
fn text_layout(cx: &Ctxt, input: &Input) {
    let Some(lit) = &input.attrs.delimiter else {
        if let Some(alphabet) = input.attrs.salt.as_ref().and_then(|s| s.alphabet.as_ref()) {
            cx.error_spanned_by(
                alphabet,
                "`alphabet` writes the bucket as a character of a text key; add `#[rowkey(delimiter = \":\")]`",
            );
        }
        return;
    };
    let value = lit.value();
    let Some(d) = input.delimiter() else {
        cx.error_spanned_by(
            lit,
            "the delimiter must be exactly one ASCII character, such as \":\" or \"-\"",
        );
        return;
    };
    if value.as_bytes()[0].is_ascii_alphanumeric() {
        cx.error_spanned_by(
            lit,
            "a letter or digit as the delimiter would be confused with key text; use punctuation such as \":\" or \"-\"",
        );
    }
    for field in &input.fields {
        text_field(cx, field);
        pad_is_not_delimiter(cx, field, d);
    }
    if let Some(salt) = input.attrs.salt.as_ref().filter(|s| !s.failed) {
        if let Some((kind, path)) = &salt.kind {
            if !kind.rules().text {
                cx.error_spanned_by(
                    path,
                    format!(
                        "`#[salt({})]` is a binary salt byte; a text key uses {}",
                        kind.rules().name,
                        crate::attr::salt_kinds_where(|r| r.text)
                    ),
                );
            }
        }
        if let Some(alphabet) = &salt.alphabet {
            let chars = alphabet.value();
            let bytes = chars.as_bytes();
            match salt.buckets.as_ref().map(|n| n.value) {
                None => cx.error_spanned_by(alphabet, "`alphabet` names the buckets; it needs `buckets = N`"),
                Some(n) if n != bytes.len() || !chars.is_ascii() => cx.error_spanned_by(
                    alphabet,
                    format!(
                        "`alphabet` needs one ASCII character per bucket: {} characters for `buckets = {n}`, found {}",
                        n,
                        chars.chars().count()
                    ),
                ),
                Some(_) => {}
            }
            let mut seen = Vec::new();
            for &b in bytes {
                if b == d {
                    cx.error_spanned_by(
                        alphabet,
                        "`alphabet` contains the delimiter; a reader could not split the key",
                    );
                    break;
                }
                if seen.contains(&b) {
                    cx.error_spanned_by(
                        alphabet,
                        format!(
                            "`alphabet` repeats {:?}; each bucket needs its own character",
                            char::from(b)
                        ),
                    );
                    break;
                }
                seen.push(b);
            }
        }
    }
}

/// A pad equal to the delimiter would make a reader splitting on the delimiter cut the part.
fn pad_is_not_delimiter(cx: &Ctxt, field: &Field, d: u8) {
    let Some(fixed) = &field.attrs.fixed else {
        return;
    };
    let pad = field.attrs.pad.as_ref().map_or(b' ', |c| c.value() as u8);
    if pad == d {
        let msg = format!(
            "the pad {:?} of `{}` is the key's delimiter, so a reader splitting the key would cut the part; choose another pad",
            char::from(pad),
            field.name
        );
        match &field.attrs.pad {
            Some(c) => cx.error_spanned_by(c, msg),
            None => cx.error_spanned_by(&fixed.lit, msg),
        }
    }
}

fn text_field(cx: &Ctxt, field: &Field) {
    let a = &field.attrs;
    let class = &field.class;
    let no_text = match class {
        Class::Option(_) => Some("an Option has no text form for None"),
        Class::Bool | Class::Char | Class::Float(_) => {
            Some("it has no readable fixed-width text form")
        }
        Class::ByteArray(_) | Class::Bytes => Some("raw bytes are not text"),
        Class::Other => Some("the macro cannot see its text form"),
        _ => None,
    };
    if let Some(why) = no_text {
        cx.error_spanned_by(
            field.ty,
            format!(
                "field `{}` cannot be part of a text key: {why}; text keys hold String and integers (with `#[decimal(N)]`/`#[hex(N)]`)",
                field.name
            ),
        );
        return;
    }
    if let Some(java) = &a.java {
        cx.error_spanned_by(
            java,
            "`#[java]` is a binary encoding; in a text key use `#[decimal(N)]`",
        );
    }
    let int = matches!(class, Class::Unsigned(_) | Class::Signed(_));
    if let (true, Some(n)) = (int, &a.fixed) {
        cx.error_spanned_by(
            &n.lit,
            "`#[fixed(N)]` narrows binary integers; in a text key use `#[decimal(N)]` or `#[hex(N)]`",
        );
    }
    let has_width = field.width_attr().is_some() || a.reverse_ts.is_some();
    if int && !has_width && !field.last {
        cx.error_spanned_by(
            field.ty,
            format!(
                "integer `{}` needs a width in a text key, such as `#[decimal(10)]`: only the last part may be an unpadded number",
                field.name
            ),
        );
    }
    if int && !has_width && field.last && matches!(class, Class::Unsigned(16) | Class::Signed(16)) {
        cx.error_spanned_by(
            field.ty,
            "an unpadded text number supports up to 64 bits; give it `#[decimal(N)]`",
        );
    }
    if let Some(desc) = &a.desc {
        if a.decimal.is_none() && a.hex.is_none() {
            cx.error_spanned_by(
                desc,
                "`#[desc]` in a text key writes the digit complement of `#[decimal(N)]`/`#[hex(N)]` fields; it does not apply here",
            );
        }
    }
}

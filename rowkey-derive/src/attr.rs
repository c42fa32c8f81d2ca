//! Parses `#[rowkey(...)]` on the struct and the field attributes into typed structs.
//! Duplicates and unknown keys are errors; parsing goes on after an error.

use syn::parse::ParseStream;
use syn::{Attribute, LitInt, LitStr, Path};

use crate::ctxt::Ctxt;

/// Attribute names, in one place.
pub mod kw {
    pub const ROWKEY: &str = "rowkey";
    pub const SALT: &str = "salt";
    pub const MD5: &str = "md5";
    pub const PHOENIX: &str = "phoenix";
    pub const RANDOM: &str = "random";
    pub const XXH3: &str = "xxh3";
    pub const JAVA_HASH: &str = "java_hash";
    pub const OPENTSDB: &str = "opentsdb";
    pub const WIDTH: &str = "width";
    pub const OF: &str = "of";
    pub const LEN: &str = "len";
    pub const BUCKETS: &str = "buckets";
    pub const ALPHABET: &str = "alphabet";
    pub const DELIMITER: &str = "delimiter";
    pub const PAD: &str = "pad";
    pub const CRATE: &str = "crate";
    pub const MAX_LEN: &str = "max_len";
    pub const PLAN: &str = "plan";
    pub const SCAN: &str = "scan";
    pub const ENCODING: &str = "encoding";
    pub const ROW_KEY_ORDER_OPTIMIZABLE: &str = "row_key_order_optimizable";
    pub const FIXED: &str = "fixed";
    pub const DECIMAL: &str = "decimal";
    pub const HEX: &str = "hex";
    pub const REVERSE: &str = "reverse";
    pub const REVERSE_TS: &str = "reverse_ts";
    pub const DESC: &str = "desc";
    pub const JAVA: &str = "java";
    pub const NUL_TERMINATED: &str = "nul_terminated";
    pub const TERMINATED: &str = "terminated";
    pub const PRECISION: &str = "precision";
    pub const BLOB: &str = "blob";
    pub const ORDERED_CODE: &str = "ordered_code";
    /// `#[rowkey(was = "old")]` on a field: the name it had in a locked layout.
    pub const WAS: &str = "was";
    /// `#[max(N)]`: a cap on a variable-length string or byte vector, in bytes.
    pub const MAX: &str = "max";
    /// `#[phoenix(UNSIGNED_DATE)]`: the Phoenix column type, where a Rust type maps to several.
    pub const PHOENIX_TYPE: &str = "phoenix";
    /// Every field attribute, for "goes on a field" errors.
    pub const FIELD_ATTRS: &[&str] = &[
        FIXED,
        MAX,
        DECIMAL,
        HEX,
        REVERSE,
        REVERSE_TS,
        DESC,
        JAVA,
        PRECISION,
        BLOB,
        ORDERED_CODE,
        PHOENIX_TYPE,
    ];
}

/// `#[phoenix(ROW_TIMESTAMP)]`.
pub const ROW_TIMESTAMP: &str = "ROW_TIMESTAMP";

/// The Phoenix column types `#[phoenix(..)]` names: the ones a Rust type does not pick alone.
pub const PHOENIX_TYPES: &[&str] = &[
    "DATE",
    "TIME",
    "TIMESTAMP",
    "UNSIGNED_DATE",
    "UNSIGNED_TIME",
    "UNSIGNED_TIMESTAMP",
    "UNSIGNED_FLOAT",
    "UNSIGNED_DOUBLE",
];

/// A number given in an attribute, with the literal for spans.
#[derive(Clone)]
pub struct Num {
    pub value: usize,
    pub lit: LitInt,
}

/// An attribute that is present, remembered by its path for spans.
pub type Flag = Option<Path>;

#[derive(Default)]
pub struct Container {
    pub crate_path: Option<Path>,
    pub max_len: Option<Num>,
    pub salt: Option<SaltAttr>,
    pub delimiter: Option<LitStr>,
    /// `plan = "build"`: the scan builder's finishing method, when a field is named `plan`.
    pub plan: Option<syn::Ident>,
    /// `encoding = "phoenix"`: another system's whole-key encoding.
    pub encoding: Option<LitStr>,
    /// `row_key_order_optimizable = false`: a Phoenix table created before Phoenix 4.12
    /// (or with the flag off).
    pub row_key_order_optimizable: Option<syn::LitBool>,
    /// `scan = false`: no scan builder (`scan()` and its methods), for a key read only whole.
    pub scan: Option<syn::LitBool>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SaltKind {
    Md5,
    Xxh3,
    Phoenix,
    Random,
    JavaHash,
    OpenTsdb,
}

/// What each salt kind takes: the one table a new salt joins.
pub struct SaltRules {
    pub kind: SaltKind,
    pub name: &'static str,
    /// Hashes the fields named by `of` (which it then requires).
    pub hashes_of: bool,
    /// Why `of` does not apply, when it does not.
    pub no_of: &'static str,
    /// `buckets = N` is required (else optional: md5 without buckets is a prefix).
    pub needs_buckets: bool,
    /// May be written in a text key.
    pub text: bool,
    /// The most buckets: 256 for a one-byte salt, more when `width` is wider.
    pub max_buckets: u64,
    /// Takes `width = W` (salt bytes, 1..=8; default 1).
    pub width: bool,
}

pub const SALTS: &[SaltRules] = &[
    SaltRules {
        kind: SaltKind::Md5,
        name: kw::MD5,
        hashes_of: true,
        no_of: "",
        needs_buckets: false,
        text: true,
        max_buckets: 256,
        width: false,
    },
    SaltRules {
        kind: SaltKind::Xxh3,
        name: kw::XXH3,
        hashes_of: true,
        no_of: "",
        needs_buckets: true,
        text: true,
        max_buckets: 256,
        width: false,
    },
    SaltRules {
        kind: SaltKind::Phoenix,
        name: kw::PHOENIX,
        hashes_of: false,
        no_of: "hashes every byte of the key after the salt",
        needs_buckets: true,
        text: false,
        max_buckets: 256,
        width: false,
    },
    SaltRules {
        kind: SaltKind::Random,
        name: kw::RANDOM,
        hashes_of: false,
        no_of: "is random",
        needs_buckets: true,
        text: true,
        max_buckets: 256,
        width: false,
    },
    SaltRules {
        kind: SaltKind::JavaHash,
        name: kw::JAVA_HASH,
        hashes_of: true,
        no_of: "",
        needs_buckets: true,
        text: false,
        max_buckets: i32::MAX as u64,
        width: true,
    },
    SaltRules {
        kind: SaltKind::OpenTsdb,
        name: kw::OPENTSDB,
        hashes_of: true,
        no_of: "",
        needs_buckets: true,
        text: false,
        max_buckets: i32::MAX as u64,
        width: true,
    },
];

impl SaltKind {
    pub fn rules(self) -> &'static SaltRules {
        SALTS
            .iter()
            .find(|r| r.kind == self)
            .expect("every salt kind has rules")
    }
}

/// `md5`, `xxh3`, `phoenix` or `random`: the salt kinds that pass `keep`.
pub fn salt_kinds_where(keep: impl Fn(&SaltRules) -> bool) -> String {
    let names: Vec<String> = SALTS
        .iter()
        .filter(|r| keep(r))
        .map(|r| format!("`{}`", r.name))
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// Every salt kind, for messages.
pub fn salt_kinds() -> String {
    salt_kinds_where(|_| true)
}

/// `#[salt(kind, of = ..., len = ..., buckets = ...)]` as written, with the attribute for spans.
pub struct SaltAttr {
    pub kind: Option<(SaltKind, Path)>,
    pub of: Vec<LitStr>,
    /// The `of` key, for errors about the list as a whole.
    pub of_key: Option<Path>,
    pub len: Option<Num>,
    pub buckets: Option<Num>,
    pub width: Option<Num>,
    pub alphabet: Option<LitStr>,
    pub span: proc_macro2::Span,
    /// The attribute did not parse; its error is already reported.
    pub failed: bool,
}

#[derive(Default)]
pub struct FieldAttrs {
    pub fixed: Option<Num>,
    /// `pad = 'c'` of `#[fixed(N, pad = 'c')]`.
    pub pad: Option<syn::LitChar>,
    pub decimal: Option<Num>,
    pub hex: Option<Num>,
    /// `#[max(N)]`: at most N bytes (a `String`'s UTF-8 bytes).
    pub max: Option<Num>,
    pub reverse: Flag,
    pub reverse_ts: Flag,
    pub desc: Flag,
    pub java: Flag,
    /// `#[java(nul_terminated)]` or `#[java(terminated = b"..")]`: the raw string then a
    /// terminator.
    pub nul_terminated: Option<syn::Ident>,
    /// `#[java(terminated = b"..")]`: the terminator, when it is not one `00`.
    pub terminator: Option<syn::LitByteStr>,
    /// `#[precision(p, s)]`: a Phoenix DECIMAL(p, s).
    pub precision: Option<(Num, Num)>,
    /// `#[blob]`: an HBase `OrderedBlob` (the bytes copied to the end of the key).
    pub blob: Flag,
    /// `#[ordered_code]`: a Bigtable `Int64`, `Int32` or `Timestamp` with `OrderedCodeBytes`.
    pub ordered_code: Flag,
    /// `#[phoenix(TYPE)]`: a Phoenix column type from [`PHOENIX_TYPES`], checked when parsed.
    pub phoenix_type: Option<syn::Ident>,
    /// `#[phoenix(ROW_TIMESTAMP)]` (also `#[phoenix(DATE, ROW_TIMESTAMP)]`): the column whose
    /// value is the cells' timestamp.
    pub row_timestamp: Option<syn::Ident>,
    /// `#[rowkey(was = "old")]`: the names the field had before (a rename the compatibility
    /// judge matches by); no byte depends on them.
    pub was: Vec<LitStr>,
}

/// Stores `value` in `slot`, or reports a duplicate spanned on `at`.
fn set_once<T>(cx: &Ctxt, slot: &mut Option<T>, value: T, at: &Path, name: &str) {
    if slot.is_some() {
        cx.error_spanned_by(at, format!("duplicate `#[{name}]` attribute; remove one"));
    } else {
        *slot = Some(value);
    }
}

pub fn container(cx: &Ctxt, attrs: &[Attribute]) -> Container {
    let mut out = Container::default();
    for attr in attrs {
        let path = attr.path();
        if path.is_ident(kw::ROWKEY) {
            let result = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident(kw::CRATE) {
                    let lit: LitStr = meta.value()?.parse()?;
                    let parsed: Path = lit.parse().map_err(|_| {
                        syn::Error::new(lit.span(), "`crate` must be a path such as \"::rowkey\"")
                    })?;
                    set_once(cx, &mut out.crate_path, parsed, &meta.path, "rowkey(crate)");
                    Ok(())
                } else if meta.path.is_ident(kw::MAX_LEN) {
                    let lit: LitInt = meta.value()?.parse()?;
                    let value = lit.base10_parse::<usize>()?;
                    if value == 0 {
                        cx.error_spanned_by(&lit, "`max_len` must be at least 1");
                    }
                    set_once(
                        cx,
                        &mut out.max_len,
                        Num { value, lit },
                        &meta.path,
                        "rowkey(max_len)",
                    );
                    Ok(())
                } else if meta.path.is_ident(kw::PLAN) {
                    let lit: LitStr = meta.value()?.parse()?;
                    let ident: syn::Ident = lit.parse().map_err(|_| {
                        syn::Error::new(lit.span(), "`plan` names the scan builder's method: an identifier such as \"build\"")
                    })?;
                    set_once(cx, &mut out.plan, ident, &meta.path, "rowkey(plan)");
                    Ok(())
                } else if meta.path.is_ident(kw::ENCODING) {
                    let lit: LitStr = meta.value()?.parse()?;
                    set_once(cx, &mut out.encoding, lit, &meta.path, "rowkey(encoding)");
                    Ok(())
                } else if meta.path.is_ident(kw::ROW_KEY_ORDER_OPTIMIZABLE) {
                    let lit: syn::LitBool = meta.value()?.parse()?;
                    set_once(
                        cx,
                        &mut out.row_key_order_optimizable,
                        lit,
                        &meta.path,
                        "rowkey(row_key_order_optimizable)",
                    );
                    Ok(())
                } else if meta.path.is_ident(kw::SCAN) {
                    let lit: syn::LitBool = meta.value()?.parse()?;
                    set_once(cx, &mut out.scan, lit, &meta.path, "rowkey(scan)");
                    Ok(())
                } else if meta.path.is_ident(kw::DELIMITER) {
                    let lit: LitStr = meta.value()?.parse()?;
                    set_once(cx, &mut out.delimiter, lit, &meta.path, "rowkey(delimiter)");
                    Ok(())
                } else {
                    let name = path_name(&meta.path);
                    Err(meta.error(format!(
                        "unknown key `{name}` in `#[rowkey(...)]`; expected `crate`, `max_len`, `delimiter`, `encoding`, `row_key_order_optimizable`, `plan` or `scan`"
                    )))
                }
            });
            if let Err(err) = result {
                cx.syn_error(err);
            }
        } else if path.is_ident(kw::SALT) {
            if out.salt.is_some() {
                cx.error_spanned_by(
                    attr,
                    "a key has one salt; remove one of the `#[salt(...)]` attributes",
                );
            } else {
                out.salt = Some(salt(cx, attr));
            }
        } else if let Some(name) = field_attr_name(path) {
            cx.error_spanned_by(
                attr,
                format!("`#[{name}]` goes on a field, not on the struct"),
            );
        } else if let Some(other) = path.get_ident().map(|i| i.to_string())
            && let Some(known) = near_miss(&other, &[kw::ROWKEY, kw::SALT])
        {
            cx.error_spanned_by(
                path,
                format!("unknown attribute `#[{other}]`; did you mean `#[{known}(...)]`?"),
            );
        }
    }
    out
}

fn salt(cx: &Ctxt, attr: &Attribute) -> SaltAttr {
    let mut out = SaltAttr {
        kind: None,
        of: Vec::new(),
        of_key: None,
        len: None,
        buckets: None,
        width: None,
        alphabet: None,
        span: syn::spanned::Spanned::span(attr),
        failed: false,
    };
    let result = attr.parse_nested_meta(|meta| {
        let kind = SALTS.iter().find(|r| meta.path.is_ident(r.name));
        if let Some(rules) = kind {
            if out.kind.is_some() {
                cx.error_spanned_by(&meta.path, format!("a salt has one kind: {}", salt_kinds()));
            } else {
                out.kind = Some((rules.kind, meta.path.clone()));
            }
            Ok(())
        } else if meta.path.is_ident(kw::OF) {
            let value = meta.value()?;
            let names = if value.peek(syn::token::Bracket) {
                let content;
                syn::bracketed!(content in value);
                content
                    .parse_terminated(|p: ParseStream| p.parse::<LitStr>(), syn::Token![,])?
                    .into_iter()
                    .collect()
            } else {
                vec![value.parse::<LitStr>()?]
            };
            if out.of_key.is_some() {
                cx.error_spanned_by(&meta.path, "duplicate `of`; list every field once: `of = [\"a\", \"b\"]`");
            }
            out.of = names;
            out.of_key = Some(meta.path.clone());
            Ok(())
        } else if meta.path.is_ident(kw::ALPHABET) {
            let lit: LitStr = meta.value()?.parse()?;
            set_once(cx, &mut out.alphabet, lit, &meta.path, "salt(alphabet)");
            Ok(())
        } else if meta.path.is_ident(kw::LEN)
            || meta.path.is_ident(kw::BUCKETS)
            || meta.path.is_ident(kw::WIDTH)
        {
            let lit: LitInt = meta.value()?.parse()?;
            let value = lit.base10_parse::<usize>()?;
            let (slot, name) = if meta.path.is_ident(kw::LEN) {
                (&mut out.len, kw::LEN)
            } else if meta.path.is_ident(kw::WIDTH) {
                (&mut out.width, kw::WIDTH)
            } else {
                (&mut out.buckets, kw::BUCKETS)
            };
            set_once(cx, slot, Num { value, lit }, &meta.path, &format!("salt({name})"));
            Ok(())
        } else {
            let name = path_name(&meta.path);
            Err(meta.error(format!(
                "unknown key `{name}` in `#[salt(...)]`; expected a kind ({}), `of`, `len`, `buckets`, `width` or `alphabet`",
                salt_kinds()
            )))
        }
    });
    if let Err(err) = result {
        cx.syn_error(err);
        out.failed = true;
    }
    out
}

pub fn field(cx: &Ctxt, attrs: &[Attribute]) -> FieldAttrs {
    let mut out = FieldAttrs::default();
    for attr in attrs {
        let path = attr.path();
        let Some(ident) = path.get_ident() else {
            continue;
        };
        let name = ident.to_string();
        match name.as_str() {
            kw::FIXED => {
                if let Some((n, pad)) = width(cx, attr, kw::FIXED) {
                    if out.fixed.is_none() {
                        out.pad = pad;
                    }
                    set_once(cx, &mut out.fixed, n, path, kw::FIXED);
                }
            }
            kw::MAX => {
                if let Some((n, _)) = width(cx, attr, kw::MAX) {
                    set_once(cx, &mut out.max, n, path, kw::MAX);
                }
            }
            kw::DECIMAL => {
                if let Some((n, _)) = width(cx, attr, kw::DECIMAL) {
                    set_once(cx, &mut out.decimal, n, path, kw::DECIMAL);
                }
            }
            kw::HEX => {
                if let Some((n, _)) = width(cx, attr, kw::HEX) {
                    set_once(cx, &mut out.hex, n, path, kw::HEX);
                }
            }
            kw::REVERSE => flag(cx, attr, &mut out.reverse, kw::REVERSE),
            kw::REVERSE_TS => flag(cx, attr, &mut out.reverse_ts, kw::REVERSE_TS),
            kw::DESC => flag(cx, attr, &mut out.desc, kw::DESC),
            kw::BLOB => flag(cx, attr, &mut out.blob, kw::BLOB),
            kw::ORDERED_CODE => flag(cx, attr, &mut out.ordered_code, kw::ORDERED_CODE),
            kw::JAVA => java(cx, attr, &mut out),
            kw::PRECISION => {
                let parsed = attr.parse_args_with(|input: ParseStream| {
                    let p: LitInt = input.parse()?;
                    input.parse::<syn::Token![,]>()?;
                    let s: LitInt = input.parse()?;
                    Ok((
                        Num { value: p.base10_parse()?, lit: p },
                        Num { value: s.base10_parse()?, lit: s },
                    ))
                });
                match parsed {
                    Ok(ps) => set_once(cx, &mut out.precision, ps, path, kw::PRECISION),
                    Err(err) => cx.syn_error(syn::Error::new(
                        err.span(),
                        "`#[precision(p, s)]` takes a DECIMAL's precision and scale: `#[precision(12, 3)]`",
                    )),
                }
            }
            kw::PHOENIX_TYPE => phoenix_attr(cx, attr, &mut out),
            kw::ROWKEY => field_rowkey(cx, attr, &mut out),
            kw::SALT => cx.error_spanned_by(
                attr,
                format!("`#[{name}(...)]` goes on the struct; field attributes are written alone, such as `#[desc]`"),
            ),
            other => {
                if let Some(known) = near_miss(other, kw::FIELD_ATTRS) {
                    cx.error_spanned_by(
                        path,
                        format!(
                            "unknown attribute `#[{other}]`; did you mean `#[{known}]`? (rowkey's \
                             field attributes: {})",
                            kw::FIELD_ATTRS.join(", ")
                        ),
                    );
                }
            }
        }
    }
    out
}

/// `#[rowkey(was = "old")]` on a field: its earlier names. Every other key of `#[rowkey(..)]`
/// belongs to the struct.
fn field_rowkey(cx: &Ctxt, attr: &Attribute, out: &mut FieldAttrs) {
    let result = attr.parse_nested_meta(|meta| {
        if meta.path.is_ident(kw::WAS) {
            let lit: LitStr = meta.value()?.parse()?;
            if lit.value().is_empty() {
                cx.error_spanned_by(
                    &lit,
                    "`was` names the field's earlier name; it cannot be empty",
                );
            } else if out.was.iter().any(|w| w.value() == lit.value()) {
                cx.error_spanned_by(
                    &lit,
                    format!("duplicate `was = {:?}`; remove one", lit.value()),
                );
            } else {
                out.was.push(lit);
            }
            Ok(())
        } else {
            let key = meta
                .path
                .get_ident()
                .map_or_else(String::new, ToString::to_string);
            // Skip the key's value, if any, to report every key in one pass.
            if meta.input.peek(syn::Token![=]) {
                let _: syn::Expr = meta.value()?.parse()?;
            }
            cx.error_spanned_by(
                &meta.path,
                format!(
                    "`#[rowkey({key} ...)]` goes on the struct; on a field `#[rowkey(...)]` takes \
                     only `was = \"old_name\"` (the name the field had in a locked layout), and \
                     field attributes are written alone, such as `#[desc]`"
                ),
            );
            Ok(())
        }
    });
    if let Err(err) = result {
        cx.syn_error(err);
    }
}

/// The attribute of `known` that `name` most likely misspells: the one sharing the longest
/// start with it, when that start is at least 4 letters or the whole known name (`descending`
/// for `desc`, `reverse_timestamp` for `reverse_ts`). Other crates' attributes (`serde`,
/// `doc`) share no such start and are left alone.
fn near_miss(name: &str, known: &[&'static str]) -> Option<&'static str> {
    let shared = |k: &str| {
        name.bytes()
            .zip(k.bytes())
            .take_while(|(a, b)| a == b)
            .count()
    };
    known
        .iter()
        .copied()
        .filter(|k| *k != name)
        .map(|k| (shared(k), k))
        .filter(|&(n, k)| n >= 4.min(k.len()) && n >= 3)
        .max_by_key(|&(n, k)| (n, core::cmp::Reverse(k.len().abs_diff(name.len()))))
        .map(|(_, k)| k)
}

/// `#[phoenix(TYPE)]`, `#[phoenix(ROW_TIMESTAMP)]` or `#[phoenix(TYPE, ROW_TIMESTAMP)]`.
fn phoenix_attr(cx: &Ctxt, attr: &Attribute, out: &mut FieldAttrs) {
    let types = PHOENIX_TYPES.join(", ");
    let parsed = attr.parse_args_with(
        syn::punctuated::Punctuated::<syn::Ident, syn::Token![,]>::parse_separated_nonempty,
    );
    let idents = match parsed {
        Ok(idents) => idents,
        Err(err) => {
            return cx.syn_error(syn::Error::new(
                err.span(),
                format!(
                    "`#[phoenix(..)]` takes a Phoenix column type ({types}), `ROW_TIMESTAMP`, or \
                     both: `#[phoenix(DATE, ROW_TIMESTAMP)]`"
                ),
            ))
        }
    };
    for ident in idents {
        let name = ident.to_string();
        if name == ROW_TIMESTAMP {
            set_once(
                cx,
                &mut out.row_timestamp,
                ident,
                attr.path(),
                "phoenix(ROW_TIMESTAMP)",
            );
        } else if PHOENIX_TYPES.contains(&name.as_str()) {
            set_once(
                cx,
                &mut out.phoenix_type,
                ident,
                attr.path(),
                kw::PHOENIX_TYPE,
            );
        } else {
            cx.error_spanned_by(
                &ident,
                format!(
                    "unknown Phoenix type `{ident}` in `#[phoenix(..)]`; it names one of {types} \
                     (other types follow from the Rust type), or `ROW_TIMESTAMP`"
                ),
            );
        }
    }
}

fn field_attr_name(path: &Path) -> Option<&'static str> {
    kw::FIELD_ATTRS
        .iter()
        .copied()
        .find(|name| path.is_ident(name))
}

fn path_name(path: &Path) -> String {
    path.segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect::<Vec<_>>()
        .join("::")
}

/// `#[java]`, or `#[java(nul_terminated)]`.
fn java(cx: &Ctxt, attr: &Attribute, out: &mut FieldAttrs) {
    let syn::Meta::List(_) = &attr.meta else {
        return flag(cx, attr, &mut out.java, kw::JAVA);
    };
    let parsed = attr.parse_args_with(|input: ParseStream| {
        let key: syn::Ident = input.parse()?;
        if key == kw::NUL_TERMINATED && input.is_empty() {
            return Ok((key, None));
        }
        if key == kw::TERMINATED && input.peek(syn::Token![=]) {
            input.parse::<syn::Token![=]>()?;
            let term: syn::LitByteStr = input.parse().map_err(|e| {
                syn::Error::new(
                    e.span(),
                    "`terminated` takes a byte string, such as `terminated = b\"\\0\\0\"`",
                )
            })?;
            if !input.is_empty() {
                return Err(input.error("`terminated = b\"..\"` takes one byte string"));
            }
            if !(1..=16).contains(&term.value().len()) {
                return Err(syn::Error::new(
                    term.span(),
                    "a terminator has 1 to 16 bytes, such as `terminated = b\"\\0\\0\"`",
                ));
            }
            // One 00 is `nul_terminated`.
            let term = (term.value() != [0]).then_some(term);
            return Ok((key, term));
        }
        Err(syn::Error::new(
            key.span(),
            "`#[java(...)]` takes `nul_terminated` (the raw string, then a 00 byte), \
             `terminated = b\"..\"` (then those bytes), or nothing: `#[java]`",
        ))
    });
    match parsed {
        Ok((key, term)) => {
            out.terminator = term;
            set_once(
                cx,
                &mut out.java,
                attr.path().clone(),
                attr.path(),
                kw::JAVA,
            );
            out.nul_terminated = Some(key);
        }
        Err(err) => cx.syn_error(err),
    }
}

/// A flag attribute such as `#[desc]`, which takes no arguments.
fn flag(cx: &Ctxt, attr: &Attribute, slot: &mut Flag, name: &str) {
    if let syn::Meta::Path(path) = &attr.meta {
        set_once(cx, slot, path.clone(), path, name);
    } else {
        cx.error_spanned_by(
            attr,
            format!("`#[{name}]` takes no arguments; write `#[{name}]`"),
        );
    }
}

/// A width attribute such as `#[fixed(8)]` (or the cap `#[max(64)]`): one integer of at least
/// 1; `#[fixed]` also takes `pad = 'c'`.
fn width(cx: &Ctxt, attr: &Attribute, name: &str) -> Option<(Num, Option<syn::LitChar>)> {
    let (noun, example) = if name == kw::MAX {
        ("the most bytes", "64")
    } else {
        ("a width", "8")
    };
    let syn::Meta::List(_) = &attr.meta else {
        cx.error_spanned_by(
            attr,
            format!("`#[{name}]` needs {noun}, such as `#[{name}({example})]`"),
        );
        return None;
    };
    let parsed = attr.parse_args_with(|input: ParseStream| {
        let lit: LitInt = input.parse().map_err(|e| {
            syn::Error::new(
                e.span(),
                format!("expected {noun}, such as `#[{name}({example})]`"),
            )
        })?;
        let mut pad = None;
        if name == kw::FIXED && input.peek(syn::Token![,]) {
            input.parse::<syn::Token![,]>()?;
            let key: syn::Ident = input.parse()?;
            if key != kw::PAD {
                return Err(syn::Error::new(
                    key.span(),
                    format!("unknown key `{key}` in `#[fixed(...)]`; expected `pad = 'c'`"),
                ));
            }
            input.parse::<syn::Token![=]>()?;
            let c: syn::LitChar = input.parse()?;
            if !c.value().is_ascii() {
                return Err(syn::Error::new(
                    c.span(),
                    "`pad` must be an ASCII character",
                ));
            }
            pad = Some(c);
        }
        if !input.is_empty() {
            return Err(input.error(format!(
                "unexpected tokens after the number of `#[{name}(...)]`; it takes one number"
            )));
        }
        Ok((lit, pad))
    });
    let (lit, pad) = match parsed {
        Ok(parsed) => parsed,
        Err(err) => {
            cx.syn_error(err);
            return None;
        }
    };
    match lit.base10_parse::<usize>() {
        Ok(0) => {
            cx.error_spanned_by(
                &lit,
                format!(
                    "`#[{name}(0)]` leaves no room for a value; {} must be at least 1",
                    if name == kw::MAX {
                        "the cap"
                    } else {
                        "the width"
                    }
                ),
            );
            None
        }
        Ok(value) => Some((Num { value, lit }, pad)),
        Err(err) => {
            cx.syn_error(err);
            None
        }
    }
}

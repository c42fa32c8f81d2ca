//! THE table of field kinds: every field type and attribute the README allows, with the
//! README's rules for it written as code the generated layouts run. A new attribute or
//! encoding joins the fuzzer here: one entry (or one modifier), nothing else.
//!
//! Expressions: `draw` builds a value from `g: &mut rowkey_fuzz::Rng`; `accepts` decides from
//! `v: &T` whether `encode` must accept it; `key` orders `a, b: &T` as the key sorts (the
//! documented order); `value` orders them as values (ranges and equality in scans). `{D}` is
//! a text key's delimiter byte and `{LAST}` whether the field is last.

/// Which layouts a kind goes in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Encoding {
    Binary,
    Text,
    /// `#[rowkey(encoding = "phoenix")]`.
    Phoenix,
    /// `#[rowkey(encoding = "bigtable")]`.
    Bigtable,
    /// `#[rowkey(encoding = "hbase_ordered")]`.
    HbaseOrdered,
    /// `#[rowkey(encoding = "fdb_tuple")]`.
    FdbTuple,
}

#[derive(Clone, Debug)]
pub struct Kind {
    pub name: String,
    pub ty: String,
    pub attrs: Vec<String>,
    pub draw: String,
    pub accepts: String,
    pub key: String,
    pub value: String,
    /// The field takes a range in the scan builder.
    pub range: bool,
    /// Always the same width (may take `#[reverse]`).
    pub fixed: bool,
    pub encoding: Encoding,
    /// Only as the last field (an unpadded text number).
    pub last_only: bool,
    /// May take `#[desc]`.
    pub desc: bool,
    /// May be wrapped in `Option`.
    pub option: bool,
    /// Stored newest first (`#[reverse_ts]`).
    pub newest_first: bool,
    /// `#[fixed(N, pad = c)]` text: the pad, which must differ from the delimiter.
    pub pad: Option<u8>,
    /// Options around the value.
    pub depth: usize,
    /// A raw `#[java]` string: no terminator, so only fixed-width fields may follow it, and the
    /// key's documented order ends before it.
    pub raw: bool,
    /// The README promises no byte order for this field (a Phoenix DESC VARBINARY, or DESC
    /// VARCHAR of a table that is not optimizable): the documented order ends before it.
    pub unordered: bool,
    /// A Phoenix VARCHAR or VARBINARY: `#[desc]` depends on the table's optimizable flag.
    pub variable_phoenix: bool,
    /// The bytes every value takes, in any place of the key, when they are all one width
    /// (from the encoding's documentation; unknown for kinds that do not say).
    pub same: Option<usize>,
    /// The most bytes a value takes in any place of the key, and a value that takes them.
    pub most: Option<(usize, String)>,
}

const NATURAL: &str = "a.cmp(b)";
const TOTAL: &str = "a.total_cmp(b)";

fn kind(name: &str, ty: &str, attrs: &[&str], draw: &str) -> Kind {
    Kind {
        name: name.to_string(),
        ty: ty.to_string(),
        attrs: attrs.iter().map(|a| a.to_string()).collect(),
        draw: draw.to_string(),
        accepts: "true".into(),
        key: NATURAL.into(),
        value: NATURAL.into(),
        range: true,
        fixed: true,
        encoding: Encoding::Binary,
        last_only: false,
        desc: true,
        option: true,
        newest_first: false,
        pad: None,
        depth: 0,
        raw: false,
        unordered: false,
        variable_phoenix: false,
        same: None,
        most: None,
    }
}

impl Kind {
    fn accepts(mut self, e: impl Into<String>) -> Self {
        self.accepts = e.into();
        self
    }
    fn key(mut self, e: impl Into<String>) -> Self {
        self.key = e.into();
        self
    }
    fn value(mut self, e: impl Into<String>) -> Self {
        self.value = e.into();
        self
    }
    fn no_range(mut self) -> Self {
        self.range = false;
        self
    }
    fn variable(mut self) -> Self {
        self.fixed = false;
        self
    }
    fn text(mut self) -> Self {
        self.encoding = Encoding::Text;
        self.option = false;
        self.desc = false;
        self
    }
    fn no_desc(mut self) -> Self {
        self.desc = false;
        self
    }
    fn no_option(mut self) -> Self {
        self.option = false;
        self
    }
    fn newest_first(mut self) -> Self {
        self.newest_first = true;
        self.desc = false;
        self.key = "b.cmp(a)".into();
        self
    }
    fn raw(mut self) -> Self {
        self.raw = true;
        self.range = false;
        self.desc = false;
        self.fixed = false;
        self
    }
    fn padded(mut self, pad: u8) -> Self {
        self.pad = Some(pad);
        self
    }
    /// Every value takes `n` bytes (and so at most `n`: `longest` is any value).
    fn same(mut self, n: usize) -> Self {
        self.same = Some(n);
        self.most = Some((n, self.draw.clone()));
        self
    }
    /// At most `n` bytes, which `longest` takes.
    fn most(mut self, n: usize, longest: &str) -> Self {
        self.most = Some((n, longest.to_string()));
        self
    }

    /// `#[desc]`: the reverse of the field's order.
    pub fn desc(&self) -> Kind {
        let mut k = self.clone();
        k.name = format!("desc {}", self.name);
        k.attrs.push("#[desc]".into());
        k.key = format!("({}).reverse()", self.key);
        k.desc = false;
        (k.same, k.most) = (None, None);
        k
    }

    /// `Option<T>`: `None` first; the attributes apply to the value inside.
    pub fn option(&self) -> Kind {
        let mut k = self.clone();
        k.name = format!("Option<{}>", self.name);
        k.ty = format!("Option<{}>", self.ty);
        k.draw = format!(
            "if g.chance(1, 4) {{ None }} else {{ Some({}) }}",
            self.draw
        );
        k.accepts = format!("v.as_ref().map_or(true, |v| {})", self.accepts);
        k.key = format!("rowkey_fuzz::order::option(a, b, |a, b| {})", self.key);
        k.value = format!("rowkey_fuzz::order::option(a, b, |a, b| {})", self.value);
        k.fixed = false;
        k.depth += 1;
        // A tuple's null is one byte `00`: one width only with one-byte values (a bool).
        // Elsewhere an Option's tag is counted by no kind here.
        let (same, most) = (k.same.take(), k.most.take());
        if self.encoding == Encoding::FdbTuple {
            k.same = same.filter(|&n| n == 1);
            k.most = most.map(|(n, v)| (n.max(1), format!("Some({v})")));
        }
        // A newest-first value under two Options takes no range (documented).
        k.range = self.range && !(self.newest_first && k.depth > 1);
        k
    }
}

/// `kinds`, then each of its variable-length `String` and `Vec<u8>` kinds again under
/// `#[max(N)]`: values over the cap (the generators write up to 5 bytes) are refused both
/// ways, the rest keep the kind's rules.
pub fn with_caps(kinds: Vec<Kind>) -> Vec<Kind> {
    let capped: Vec<Kind> = kinds
        .iter()
        .filter(|k| {
            matches!(k.ty.as_str(), "String" | "Vec<u8>")
                && !k.fixed
                && !k.attrs.iter().any(|a| {
                    ["#[fixed", "#[decimal", "#[hex"]
                        .iter()
                        .any(|w| a.starts_with(w))
                })
        })
        .map(|k| {
            let n = if k.ty == "String" { 4 } else { 3 };
            let mut c = k.clone();
            c.name = format!("#[max({n})] {}", k.name);
            c.attrs.insert(0, format!("#[max({n})]"));
            c.accepts = format!("v.len() <= {n} && ({})", k.accepts);
            // A tuple element escapes each `00`: the longest value is all `00`s.
            if k.encoding == Encoding::FdbTuple {
                let zeros = if k.ty == "String" {
                    format!("\"{}\".to_string()", "\\0".repeat(n))
                } else {
                    format!("vec![0u8; {n}]")
                };
                c.most = Some((2 * n + 2, zeros));
            }
            c
        })
        .collect();
    kinds.into_iter().chain(capped).collect()
}

fn int_name(signed: bool, bits: u32) -> String {
    format!("{}{bits}", if signed { "i" } else { "u" })
}

/// `10^n` or `16^n` as a guard expression on `*v as u128` (true when it does not fit u128).
fn below_pow(radix: u32, n: u32) -> String {
    format!("{radix}u128.checked_pow({n}).map_or(true, |l| (*v as u128) < l)")
}

fn pad_attr(n: usize, pad: Option<char>) -> String {
    match pad {
        Some(c) => format!("#[fixed({n}, pad = {c:?})]"),
        None => format!("#[fixed({n})]"),
    }
}

/// Every kind of field of a binary key.
pub fn binary() -> Vec<Kind> {
    let mut out = Vec::new();
    for bits in [8u32, 16, 32, 64, 128] {
        let (u, i) = (int_name(false, bits), int_name(true, bits));
        out.push(kind(&u, &u, &[], &format!("g.uint({bits}) as {u}")));
        out.push(kind(&i, &i, &[], &format!("g.int({bits}) as {i}")));
    }
    out.push(kind("bool", "bool", &[], "g.below(2) == 1"));
    out.push(kind("char", "char", &[], "g.char()"));
    out.push(kind("f32", "f32", &[], "g.f32()").key(TOTAL).value(TOTAL));
    out.push(kind("f64", "f64", &[], "g.f64()").key(TOTAL).value(TOTAL));
    out.push(kind(
        "Uuid",
        "uuid::Uuid",
        &[],
        "uuid::Uuid::from_bytes(g.array::<16>())",
    ));
    for n in [0usize, 1, 3] {
        out.push(kind(
            &format!("[u8; {n}]"),
            &format!("[u8; {n}]"),
            &[],
            &format!("g.array::<{n}>()"),
        ));
    }
    out.push(
        kind(
            "String",
            "String",
            &[],
            "g.string(rowkey_fuzz::rng::BINARY_CHARS, 5)",
        )
        .variable(),
    );
    out.push(kind("Vec<u8>", "Vec<u8>", &[], "g.bytes(5)").variable());
    // #[fixed(N)] strings and bytes, with the pad rule.
    for (n, pad) in [(4usize, None), (3, Some(' ')), (5, Some('_'))] {
        let attr = pad_attr(n, pad);
        let p = pad.map_or(0, |c| c as u8);
        out.push(
            kind(
                &format!("{attr} String"),
                "String",
                &[&attr],
                &format!("g.string(rowkey_fuzz::rng::BINARY_CHARS, {})", n + 1),
            )
            .accepts(format!(
                "rowkey_fuzz::order::fits_pad(v.as_bytes(), {n}, {p})"
            )),
        );
    }
    for (n, pad) in [(3usize, None), (4, Some(' '))] {
        let attr = pad_attr(n, pad);
        let p = pad.map_or(0, |c| c as u8);
        out.push(
            kind(
                &format!("{attr} Vec<u8>"),
                "Vec<u8>",
                &[&attr],
                &format!("g.bytes({})", n + 1),
            )
            .accepts(format!("rowkey_fuzz::order::fits_pad(v, {n}, {p})")),
        );
    }
    // #[fixed(N)] integers: narrowed or widened.
    out.push(
        kind(
            "#[fixed(3)] u32",
            "u32",
            &["#[fixed(3)]"],
            "g.under(1 << 24, 32) as u32",
        )
        .accepts("*v < (1 << 24)"),
    );
    out.push(kind(
        "#[fixed(1)] u8",
        "u8",
        &["#[fixed(1)]"],
        "g.uint(8) as u8",
    ));
    out.push(kind(
        "#[fixed(10)] u64",
        "u64",
        &["#[fixed(10)]"],
        "g.uint(64) as u64",
    ));
    out.push(
        kind(
            "#[fixed(5)] u128",
            "u128",
            &["#[fixed(5)]"],
            "g.under(1 << 40, 128)",
        )
        .accepts("*v < (1 << 40)"),
    );
    out.push(
        kind(
            "#[fixed(3)] i32",
            "i32",
            &["#[fixed(3)]"],
            "g.int(25) as i32",
        )
        .accepts("(-(1 << 23)..(1 << 23)).contains(v)"),
    );
    out.push(kind(
        "#[fixed(12)] i64",
        "i64",
        &["#[fixed(12)]"],
        "g.int(64) as i64",
    ));
    out.push(
        kind(
            "#[fixed(1)] i16",
            "i16",
            &["#[fixed(1)]"],
            "g.int(9) as i16",
        )
        .accepts("(-128..128).contains(v)"),
    );
    // Digits.
    for (radix, name, t, bits, n) in [
        (10, "decimal", "u8", 8, 1),
        (10, "decimal", "u8", 8, 3),
        (10, "decimal", "u16", 16, 5),
        (10, "decimal", "u32", 32, 6),
        (10, "decimal", "u64", 64, 11),
        (10, "decimal", "u64", 64, 20),
        (10, "decimal", "u128", 128, 39),
        (16, "hex", "u8", 8, 2),
        (16, "hex", "u32", 32, 5),
        (16, "hex", "u64", 64, 16),
        (16, "hex", "u128", 128, 32),
    ] {
        let attr = format!("#[{name}({n})]");
        out.push(
            kind(
                &format!("{attr} {t}"),
                t,
                &[&attr],
                &format!(
                    "g.under({radix}u128.checked_pow({n}).unwrap_or(u128::MAX), {bits}) as {t}"
                ),
            )
            .accepts(below_pow(radix, n)),
        );
    }
    // #[reverse_ts]: newest first; negative (or, unsigned, too large) timestamps refused.
    for (t, bits, signed) in [
        ("i64", 64u32, true),
        ("u64", 64, false),
        ("i32", 32, true),
        ("u32", 32, false),
    ] {
        let (draw, accepts) = if signed {
            (format!("g.timestamp({bits}) as {t}"), "*v >= 0".to_string())
        } else {
            (
                format!("if g.chance(1, 8) {{ g.uint({bits}) as {t} }} else {{ g.timestamp({bits}).max(0) as {t} }}"),
                format!("*v <= i{bits}::MAX as {t}"),
            )
        };
        out.push(
            kind(&format!("#[reverse_ts] {t}"), t, &["#[reverse_ts]"], &draw)
                .accepts(accepts)
                .newest_first(),
        );
    }
    // #[java]: two's complement, negatives after positives; no range.
    for bits in [8u32, 16, 32, 64, 128] {
        let i = int_name(true, bits);
        let u = int_name(false, bits);
        out.push(
            kind(
                &format!("#[java] {i}"),
                &i,
                &["#[java]"],
                &format!("g.int({bits}) as {i}"),
            )
            .key(format!("(*a as {u}).cmp(&(*b as {u}))"))
            .no_range(),
        );
    }
    out.push(
        kind(
            "#[java] #[fixed(3)] i32",
            "i32",
            &["#[java]", "#[fixed(3)]"],
            "g.int(25) as i32",
        )
        .accepts("(-(1 << 23)..(1 << 23)).contains(v)")
        .key("((*a as u32) & 0xFF_FFFF).cmp(&((*b as u32) & 0xFF_FFFF))")
        .no_range(),
    );
    out.push(
        kind(
            "#[java] #[fixed(1)] i16",
            "i16",
            &["#[java]", "#[fixed(1)]"],
            "g.int(9) as i16",
        )
        .accepts("(-128..128).contains(v)")
        .key("((*a as u16) & 0xFF).cmp(&((*b as u16) & 0xFF))")
        .no_range(),
    );
    // #[reverse]: ordered by the reversed bytes or digits; no range, no Option.
    let reversed = [
        kind(
            "#[reverse] u32",
            "u32",
            &["#[reverse]"],
            "g.uint(32) as u32",
        )
        .key("a.to_le_bytes().cmp(&b.to_le_bytes())"),
        kind("#[reverse] i16", "i16", &["#[reverse]"], "g.int(16) as i16").key(
            "((*a ^ i16::MIN) as u16).to_le_bytes().cmp(&((*b ^ i16::MIN) as u16).to_le_bytes())",
        ),
        kind(
            "#[reverse] #[decimal(11)] u64",
            "u64",
            &["#[reverse]", "#[decimal(11)]"],
            "g.under(100_000_000_000, 64) as u64",
        )
        .accepts(below_pow(10, 11))
        .key("rowkey_fuzz::order::reversed_digits(*a as u128, *b as u128, 10, 11)"),
        kind(
            "#[reverse] #[hex(6)] u32",
            "u32",
            &["#[reverse]", "#[hex(6)]"],
            "g.under(1 << 24, 32) as u32",
        )
        .accepts(below_pow(16, 6))
        .key("rowkey_fuzz::order::reversed_digits(*a as u128, *b as u128, 16, 6)"),
        kind(
            "#[reverse] #[fixed(4)] String",
            "String",
            &["#[reverse]", "#[fixed(4)]"],
            "g.string(rowkey_fuzz::rng::BINARY_CHARS, 5)",
        )
        .accepts("rowkey_fuzz::order::fits_pad(v.as_bytes(), 4, 0)")
        .key("rowkey_fuzz::order::reversed_padded(a.as_bytes(), b.as_bytes(), 4, 0)"),
        kind(
            "#[reverse] [u8; 3]",
            "[u8; 3]",
            &["#[reverse]"],
            "g.array::<3>()",
        )
        .key("{ let (mut x, mut y) = (*a, *b); x.reverse(); y.reverse(); x.cmp(&y) }"),
        kind(
            "#[reverse] #[reverse_ts] i64",
            "i64",
            &["#[reverse]", "#[reverse_ts]"],
            "g.timestamp(64) as i64",
        )
        .accepts("*v >= 0")
        .key("(i64::MAX - *a).to_le_bytes().cmp(&(i64::MAX - *b).to_le_bytes())")
        .no_desc(),
    ];
    out.extend(reversed.into_iter().map(|k| k.no_range().no_option()));
    // Keys Java code wrote: raw strings, nul-terminated strings, Java's wrapping reverse_ts.
    out.push(
        kind(
            "#[java] String",
            "String",
            &["#[java]"],
            "g.string(rowkey_fuzz::rng::BINARY_CHARS, 5)",
        )
        .raw(),
    );
    out.push(kind("#[java] Vec<u8>", "Vec<u8>", &["#[java]"], "g.bytes(5)").raw());
    out.push(
        kind(
            "#[java(nul_terminated)] String",
            "String",
            &["#[java(nul_terminated)]"],
            "g.string(rowkey_fuzz::rng::BINARY_CHARS, 5)",
        )
        .accepts("!v.contains('\\0')")
        .variable(),
    );
    out.push(
        kind(
            "#[java(nul_terminated)] Vec<u8>",
            "Vec<u8>",
            &["#[java(nul_terminated)]"],
            "g.bytes(5)",
        )
        .accepts("!v.contains(&0)")
        .variable(),
    );
    out.extend(terminated_kinds(""));
    for (t, bits) in [("i64", 64u32), ("i32", 32)] {
        out.push(
            kind(&format!("#[java] #[reverse_ts] {t}"), t, &["#[java]", "#[reverse_ts]"], &format!("g.int({bits}) as {t}"))
                .key(format!("({t}::MAX.wrapping_sub(*a) as u{bits}).cmp(&({t}::MAX.wrapping_sub(*b) as u{bits}))"))
                .no_range()
                .no_desc(),
        );
    }
    // OpenTSDB's tag pairs, a user type (KeyCodec) of the runtime.
    out.push(
        kind(
            "Tags",
            "rowkey::opentsdb::Tags",
            &[],
            "rowkey_fuzz::values::tags(g)",
        )
        .variable(),
    );
    out
}

/// Every kind of part of a text key.
pub fn text() -> Vec<Kind> {
    let mut out = Vec::new();
    out.push(
        kind(
            "text String",
            "String",
            &[],
            "g.string(rowkey_fuzz::rng::TEXT_CHARS, 4)",
        )
        .accepts("!v.as_bytes().contains(&{D})")
        .key("rowkey_fuzz::order::text_part(a.as_bytes(), b.as_bytes(), {D}, {LAST})")
        .no_range()
        .variable()
        .text(),
    );
    for (n, pad) in [
        (4usize, None),
        (3, Some('_')),
        (5, Some('.')),
        (2, Some('!')),
    ] {
        let attr = pad_attr(n, pad);
        let p = pad.unwrap_or(' ') as u8;
        out.push(
            kind(&format!("text {attr} String"), "String", &[&attr], &format!("g.string(rowkey_fuzz::rng::TEXT_CHARS, {})", n + 1))
                .accepts(format!("rowkey_fuzz::order::fits_pad(v.as_bytes(), {n}, {p}) && !v.as_bytes().contains(&{{D}})"))
                .text()
                .padded(p),
        );
    }
    for (radix, name, t, bits, n) in [
        (10, "decimal", "u8", 8, 3),
        (10, "decimal", "u16", 16, 5),
        (10, "decimal", "u32", 32, 6),
        (10, "decimal", "u32", 32, 10),
        (10, "decimal", "u64", 64, 11),
        (16, "hex", "u8", 8, 2),
        (16, "hex", "u16", 16, 3),
        (16, "hex", "u32", 32, 8),
        (16, "hex", "u64", 64, 16),
    ] {
        let attr = format!("#[{name}({n})]");
        let digits = kind(
            &format!("text {attr} {t}"),
            t,
            &[&attr],
            &format!("g.under({radix}u128.pow({n}), {bits}) as {t}"),
        )
        .accepts(below_pow(radix, n))
        .text();
        // `#[desc]` on digits: the digit complement, descending.
        out.push(digits.desc());
        out.push(digits);
    }
    for (t, bits, signed) in [
        ("i64", 64u32, true),
        ("u64", 64, false),
        ("i32", 32, true),
        ("u32", 32, false),
    ] {
        let (draw, accepts) = if signed {
            (format!("g.timestamp({bits}) as {t}"), "*v >= 0".to_string())
        } else {
            (
                format!("g.timestamp({bits}).max(0) as {t}"),
                format!("*v <= i{bits}::MAX as {t}"),
            )
        };
        out.push(
            kind(
                &format!("text #[reverse_ts] {t}"),
                t,
                &["#[reverse_ts]"],
                &draw,
            )
            .accepts(accepts)
            .text()
            .newest_first(),
        );
    }
    // #[reverse] on fixed-width parts: ordered by the reversed characters.
    out.push(
        kind(
            "text #[reverse] #[decimal(7)] u32",
            "u32",
            &["#[reverse]", "#[decimal(7)]"],
            "g.under(10_000_000, 32) as u32",
        )
        .accepts(below_pow(10, 7))
        .key("rowkey_fuzz::order::reversed_digits(*a as u128, *b as u128, 10, 7)")
        .no_range()
        .text(),
    );
    out.push(
        kind(
            "text #[reverse] #[desc] #[decimal(5)] u32",
            "u32",
            &["#[reverse]", "#[desc]", "#[decimal(5)]"],
            "g.under(100_000, 32) as u32",
        )
        .accepts(below_pow(10, 5))
        .key("rowkey_fuzz::order::reversed_digits(99_999 - *a as u128, 99_999 - *b as u128, 10, 5)")
        .no_range()
        .text(),
    );
    out.push(
        kind(
            "text #[reverse] #[fixed(4)] String",
            "String",
            &["#[reverse]", "#[fixed(4)]"],
            "g.string(rowkey_fuzz::rng::TEXT_CHARS, 5)",
        )
        .accepts(
            "rowkey_fuzz::order::fits_pad(v.as_bytes(), 4, b' ') && !v.as_bytes().contains(&{D})",
        )
        .key("rowkey_fuzz::order::reversed_padded(a.as_bytes(), b.as_bytes(), 4, b' ')")
        .no_range()
        .text()
        .padded(b' '),
    );
    out.push(
        kind("text #[reverse] #[reverse_ts] i64", "i64", &["#[reverse]", "#[reverse_ts]"], "g.timestamp(64) as i64")
            .accepts("*v >= 0")
            .key("rowkey_fuzz::order::reversed_digits((i64::MAX - *a) as u128, (i64::MAX - *b) as u128, 10, 19)")
            .no_range()
            .text(),
    );
    // Unpadded numbers: the last part only, ordered as text.
    for (signed, bits) in [
        (false, 8u32),
        (false, 16),
        (false, 32),
        (false, 64),
        (true, 8),
        (true, 16),
        (true, 32),
        (true, 64),
    ] {
        let t = int_name(signed, bits);
        let draw = if signed {
            format!("g.int({bits}) as {t}")
        } else {
            format!("g.uint({bits}) as {t}")
        };
        let mut k = kind(&format!("text last {t}"), &t, &[], &draw)
            .key("rowkey_fuzz::order::decimal_text(*a as i128, *b as i128)")
            .no_range()
            .variable()
            .text();
        k.last_only = true;
        out.push(k);
    }
    out
}

/// Every kind of field of a Phoenix-encoded key (`#[desc]` and `Option` are applied by the
/// layout, which knows the table's optimizable flag).
pub fn phoenix() -> Vec<Kind> {
    let px = |k: Kind| {
        let mut k = k;
        k.encoding = Encoding::Phoenix;
        k.option = false;
        k
    };
    let var = |k: Kind| {
        let mut k = px(k).variable();
        k.option = true;
        k.variable_phoenix = true;
        k
    };
    let mut out = Vec::new();
    for bits in [8u32, 16, 32, 64] {
        let i = int_name(true, bits);
        out.push(px(kind(
            &format!("phoenix {i}"),
            &i,
            &[],
            &format!("g.int({bits}) as {i}"),
        )));
    }
    for (bits, max) in [(32u32, "i32"), (64, "i64")] {
        let u = int_name(false, bits);
        out.push(px(kind(
            &format!("phoenix {u}"),
            &u,
            &[],
            &format!("g.uint({bits}) as {u}"),
        )
        .accepts(format!("*v <= {max}::MAX as {u}"))));
    }
    out.push(px(kind("phoenix f64", "f64", &[], "g.f64()")
        .key("rowkey_fuzz::order::phoenix_double(*a, *b)")
        .value("rowkey_fuzz::order::phoenix_double(*a, *b)")));
    for (bits, max) in [(8u32, "i8"), (16, "i16")] {
        let u = int_name(false, bits);
        out.push(px(kind(
            &format!("phoenix {u}"),
            &u,
            &[],
            &format!("g.uint({bits}) as {u}"),
        )
        .accepts(format!("*v <= {max}::MAX as {u}"))));
    }
    out.push(px(kind("phoenix bool", "bool", &[], "g.below(2) == 1")));
    out.push(px(kind("phoenix f32", "f32", &[], "g.f32()")
        .key("rowkey_fuzz::order::phoenix_float(*a, *b)")
        .value("rowkey_fuzz::order::phoenix_float(*a, *b)")));
    out.push(px(kind(
        "phoenix UNSIGNED_FLOAT",
        "f32",
        &["#[phoenix(UNSIGNED_FLOAT)]"],
        "g.f32()",
    )
    .accepts("!v.is_sign_negative()")
    .key(TOTAL)
    .value(TOTAL)));
    out.push(px(kind(
        "phoenix UNSIGNED_DOUBLE",
        "f64",
        &["#[phoenix(UNSIGNED_DOUBLE)]"],
        "g.f64()",
    )
    .accepts("!v.is_sign_negative()")
    .key("rowkey_fuzz::order::phoenix_double(*a, *b)")
    .value("rowkey_fuzz::order::phoenix_double(*a, *b)")));
    for (sql, unsigned) in [("TIMESTAMP", false), ("UNSIGNED_TIMESTAMP", true)] {
        out.push(px(kind(
            &format!("phoenix {sql}"),
            "std::time::SystemTime",
            &[&format!("#[phoenix({sql})]")],
            "g.instant(false)",
        )
        .accepts(format!(
            "rowkey_fuzz::order::phoenix_timestamp(v, {unsigned})"
        ))));
    }
    for (sql, unsigned) in [
        ("DATE", false),
        ("TIME", false),
        ("UNSIGNED_DATE", true),
        ("UNSIGNED_TIME", true),
    ] {
        out.push(px(kind(
            &format!("phoenix {sql}"),
            "std::time::SystemTime",
            &[&format!("#[phoenix({sql})]")],
            "g.instant(true)",
        )
        .accepts(format!("rowkey_fuzz::order::phoenix_date(v, {unsigned})"))));
    }
    // chrono's DateTime<Utc> (feature `chrono`): the same columns.
    for (name, attrs, whole, unsigned) in [
        ("phoenix chrono TIMESTAMP", vec![], false, false),
        ("phoenix chrono DATE", vec!["#[phoenix(DATE)]"], true, false),
        (
            "phoenix chrono UNSIGNED_TIMESTAMP",
            vec!["#[phoenix(UNSIGNED_TIMESTAMP)]"],
            false,
            true,
        ),
    ] {
        out.push(px(kind(
            name,
            "chrono::DateTime<chrono::Utc>",
            &attrs,
            &format!("rowkey_fuzz::values::utc(g, {whole})"),
        )
        .accepts(format!(
            "rowkey_fuzz::order::phoenix_utc(v, {whole}, {unsigned})"
        ))));
    }
    // ROW_TIMESTAMP columns (at most one per layout; the layout keeps the first): the same
    // bytes, at or after 1970.
    out.push(px(kind(
        "phoenix TIMESTAMP ROW_TIMESTAMP",
        "std::time::SystemTime",
        &["#[phoenix(TIMESTAMP, ROW_TIMESTAMP)]"],
        "g.instant(false)",
    )
    .accepts("rowkey_fuzz::order::phoenix_timestamp(v, true)")));
    out.push(px(kind(
        "phoenix DATE ROW_TIMESTAMP",
        "std::time::SystemTime",
        &["#[phoenix(DATE, ROW_TIMESTAMP)]"],
        "g.instant(true)",
    )
    .accepts("rowkey_fuzz::order::phoenix_date(v, true)")));
    out.push(px(kind(
        "phoenix i64 ROW_TIMESTAMP",
        "i64",
        &["#[phoenix(ROW_TIMESTAMP)]"],
        "g.int(64) as i64",
    )
    .accepts("*v >= 0")));
    for n in [1usize, 3] {
        out.push(px(kind(
            &format!("phoenix [u8; {n}]"),
            &format!("[u8; {n}]"),
            &[],
            &format!("g.array::<{n}>()"),
        )));
    }
    out.push(px(kind(
        "phoenix #[fixed(3)] String",
        "String",
        &["#[fixed(3)]"],
        "g.string(rowkey_fuzz::rng::TEXT_CHARS, 4)",
    )
    .accepts("rowkey_fuzz::order::phoenix_char(v, 3)")));
    out.push(var(kind(
        "phoenix String",
        "String",
        &[],
        "g.string(rowkey_fuzz::rng::BINARY_CHARS, 5)",
    )
    .accepts("!v.is_empty() && !v.contains('\\0')")));
    let mut varbinary =
        var(kind("phoenix Vec<u8>", "Vec<u8>", &[], "g.bytes(5)").accepts("!v.is_empty()"));
    varbinary.last_only = true;
    out.push(varbinary);
    out
}

/// Every kind of field of a Bigtable-encoded key (`#[desc]` is applied by the layout).
pub fn bigtable() -> Vec<Kind> {
    let bt = |k: Kind| {
        let mut k = k.variable();
        k.encoding = Encoding::Bigtable;
        k.option = false;
        k
    };
    vec![
        bt(kind(
            "bigtable String",
            "String",
            &[],
            "g.string(rowkey_fuzz::rng::BINARY_CHARS, 5)",
        )),
        bt(kind("bigtable Vec<u8>", "Vec<u8>", &[], "g.bytes(5)")),
        // Int64 BigEndianBytes sorts non-negative values only ("Sorted mode: non-negative
        // values are supported"): negatives are refused both ways, the rest sort by value, so
        // ranges. A quarter of the values keep their sign, the rest are made non-negative.
        bt(kind(
            "bigtable i64",
            "i64",
            &[],
            "{ let v = g.int(64) as i64; if g.chance(1, 4) { v } else { v & i64::MAX } }",
        )
        .accepts("*v >= 0")),
        bt(kind(
            "bigtable i32",
            "i32",
            &[],
            "{ let v = g.int(32) as i32; if g.chance(1, 4) { v } else { v & i32::MAX } }",
        )
        .accepts("*v >= 0")),
        bt(kind(
            "bigtable SystemTime",
            "std::time::SystemTime",
            &[],
            TIME_MOSTLY_AFTER,
        )
        .accepts("*v >= std::time::UNIX_EPOCH")),
        // OrderedCodeBytes: every value sorts, so ranges.
        bt(kind(
            "bigtable ordered_code i64",
            "i64",
            &["#[ordered_code]"],
            "g.int(64) as i64",
        )),
        bt(kind(
            "bigtable ordered_code i32",
            "i32",
            &["#[ordered_code]"],
            "g.int(32) as i32",
        )),
        bt(kind(
            "bigtable ordered_code SystemTime",
            "std::time::SystemTime",
            &["#[ordered_code]"],
            TIME,
        )),
    ]
}

/// A `SystemTime` of whole microseconds, before or after 1970 (up to about 4,400 years).
const TIME: &str = "{ let us = g.int(48) as i64; let d = std::time::Duration::from_micros(us.unsigned_abs()); if us < 0 { std::time::UNIX_EPOCH - d } else { std::time::UNIX_EPOCH + d } }";

/// [`TIME`], after 1970 three times in four (a BigEndianBytes Timestamp refuses the others).
const TIME_MOSTLY_AFTER: &str = "{ let us = g.int(48) as i64; let us = if g.chance(1, 4) { us } else { us & i64::MAX }; let d = std::time::Duration::from_micros(us.unsigned_abs()); if us < 0 { std::time::UNIX_EPOCH - d } else { std::time::UNIX_EPOCH + d } }";

/// Every kind of field of a FoundationDB tuple key (`Option` is applied by the layout): each
/// element type, in FoundationDB's order (numbers by value, floats by `total_cmp`, strings and
/// bytes by their bytes, nested tuples element by element, a null first); no `#[desc]`, no
/// refusals.
pub fn fdb_tuple() -> Vec<Kind> {
    let fdb = |k: Kind| {
        let mut k = k.variable().no_desc();
        k.encoding = Encoding::FdbTuple;
        k
    };
    let mut out = Vec::new();
    // Widths from the tuple layer: a type code, then the magnitude's shortest bytes (from
    // 2^64 - 1 up a length byte too): the longest are `MAX` and `MIN`.
    for (bits, most_u, most_i) in [
        (8u32, 2, 2),
        (16, 3, 3),
        (32, 5, 5),
        (64, 10, 9),
        (128, 18, 18),
    ] {
        let (u, i) = (int_name(false, bits), int_name(true, bits));
        out.push(fdb(kind(
            &format!("fdb {u}"),
            &u,
            &[],
            &format!("g.uint({bits}) as {u}"),
        )
        .most(most_u, &format!("{u}::MAX"))));
        out.push(fdb(kind(
            &format!("fdb {i}"),
            &i,
            &[],
            &format!("g.int({bits}) as {i}"),
        )
        .most(most_i, &format!("{i}::MIN"))));
    }
    out.push(fdb(kind("fdb bool", "bool", &[], "g.below(2) == 1")).same(1));
    out.push(
        fdb(kind("fdb f32", "f32", &[], "g.f32()")
            .key(TOTAL)
            .value(TOTAL))
        .same(5),
    );
    out.push(
        fdb(kind("fdb f64", "f64", &[], "g.f64()")
            .key(TOTAL)
            .value(TOTAL))
        .same(9),
    );
    out.push(fdb(kind(
        "fdb String",
        "String",
        &[],
        "g.string(rowkey_fuzz::rng::BINARY_CHARS, 5)",
    )));
    out.push(fdb(kind("fdb Vec<u8>", "Vec<u8>", &[], "g.bytes(5)")));
    // Byte strings escape each `00`: three `00`s are the longest, `[u8; 0]` is always `01 00`.
    out.push(fdb(kind("fdb [u8; 3]", "[u8; 3]", &[], "g.array::<3>()")).most(8, "[0u8; 3]"));
    out.push(fdb(kind("fdb [u8; 0]", "[u8; 0]", &[], "[]")).same(2));
    out.push(
        fdb(kind(
            "fdb Uuid",
            "uuid::Uuid",
            &[],
            "uuid::Uuid::from_bytes(g.array::<16>())",
        ))
        .same(17),
    );
    // Nested tuples (`05`, the elements with nulls `00 FF`, `00`): the empty one, one-element
    // and fixed-width ones, a Rust tuple holding a null-able string, and other tuple keys.
    out.push(fdb(kind("fdb ()", "()", &[], "()")).same(2));
    out.push(fdb(kind("fdb (bool,)", "(bool,)", &[], "(g.below(2) == 1,)")).same(3));
    out.push(
        fdb(kind(
            "fdb (Option<()>, bool)",
            "(Option<()>, bool)",
            &[],
            "((!g.chance(1, 2)).then_some(()), g.below(2) == 1)",
        )
        .key("rowkey_fuzz::order::option(&a.0, &b.0, |_, _| core::cmp::Ordering::Equal).then(a.1.cmp(&b.1))")
        .value("rowkey_fuzz::order::option(&a.0, &b.0, |_, _| core::cmp::Ordering::Equal).then(a.1.cmp(&b.1))"))
        .same(5),
    );
    out.push(fdb(kind(
        "fdb (i64, Option<String>)",
        "(i64, Option<String>)",
        &[],
        "(g.int(64) as i64, if g.chance(1, 3) { None } else { Some(g.string(rowkey_fuzz::rng::BINARY_CHARS, 4)) })",
    )));
    let nested = |name: &str, draw: &str| {
        let order = format!("rowkey_fuzz::nested::{name}::order(a, b)");
        fdb(kind(
            &format!("fdb nested {name}"),
            &format!("rowkey_fuzz::nested::{name}"),
            &[],
            draw,
        )
        .key(order.clone())
        .value(order))
    };
    out.push(nested("At", "rowkey_fuzz::nested::At::draw(g)").same(11));
    out.push(
        nested("Profile", "rowkey_fuzz::nested::Profile::draw(g)")
            .accepts("v.accepts()")
            .most(21, "rowkey_fuzz::nested::Profile::longest()"),
    );
    out.push(nested("Path", "rowkey_fuzz::nested::Path::draw(g)"));
    out
}

/// Every kind of field of an HBase Struct key (`#[desc]` and `Option` are applied by the layout).
pub fn hbase_ordered() -> Vec<Kind> {
    let hb = |k: Kind, option: bool| {
        let mut k = k;
        k.encoding = Encoding::HbaseOrdered;
        k.option = option;
        k
    };
    let mut out = Vec::new();
    for bits in [8u32, 16, 32, 64] {
        let i = int_name(true, bits);
        out.push(hb(
            kind(
                &format!("hbase {i}"),
                &i,
                &[],
                &format!("g.int({bits}) as {i}"),
            ),
            false,
        ));
    }
    out.push(hb(
        kind("hbase f32", "f32", &[], "g.f32()")
            .key("rowkey_fuzz::order::java_float(*a, *b)")
            .value("rowkey_fuzz::order::java_float(*a, *b)"),
        false,
    ));
    out.push(hb(
        kind("hbase f64", "f64", &[], "g.f64()")
            .key("rowkey_fuzz::order::phoenix_double(*a, *b)")
            .value("rowkey_fuzz::order::phoenix_double(*a, *b)"),
        false,
    ));
    out.push(hb(
        kind(
            "hbase String",
            "String",
            &[],
            "g.string(rowkey_fuzz::rng::BINARY_CHARS, 5)",
        )
        .variable()
        .accepts("!v.contains('\\0')"),
        true,
    ));
    // OrderedBlobVar sorts a shorter blob first whatever its bytes: no order, no range.
    let mut blob = hb(
        kind("hbase Vec<u8>", "Vec<u8>", &[], "g.bytes(5)").variable(),
        true,
    );
    blob.unordered = true;
    blob.range = false;
    out.push(blob);
    out.extend(hbase_raw().into_iter().map(|k| hb(k, false)));
    // OrderedBlob: the bytes to the end of the key (last only); DESC refuses 00 and ends FF.
    let copy = |desc: bool| {
        let attrs: &[&str] = if desc {
            &["#[blob]", "#[desc]"]
        } else {
            &["#[blob]"]
        };
        let mut k = kind(
            &format!("hbase {}#[blob] Vec<u8>", if desc { "desc " } else { "" }),
            "Vec<u8>",
            attrs,
            "g.bytes(5)",
        )
        .variable()
        .no_desc();
        if desc {
            k = k.accepts("!v.contains(&0)").key("b.cmp(a)");
        }
        k.last_only = true;
        hb(k, true)
    };
    out.extend([copy(false), copy(true)]);
    out
}

/// `#[java(terminated = b"..")]`: a two-byte `00 00` terminator on bytes (ordered: a value
/// cannot hold it, nor end in `00`), and `|` on a string (no order against its extensions, no
/// range). `prefix` names the table.
fn terminated_kinds(prefix: &str) -> Vec<Kind> {
    let zeros = kind(
        &format!("{prefix}#[java(terminated = b\"\\0\\0\")] Vec<u8>"),
        "Vec<u8>",
        &["#[java(terminated = b\"\\0\\0\")]"],
        "g.bytes(5)",
    )
    .accepts("rowkey_fuzz::order::terminated(v, &[0, 0])")
    .variable();
    let bar = kind(
        &format!("{prefix}#[java(terminated = b\"|\")] String"),
        "String",
        &["#[java(terminated = b\"|\")]"],
        "g.string(&['a', '|', '\\0', 'b'], 4)",
    )
    .accepts("rowkey_fuzz::order::terminated(v.as_bytes(), b\"|\")")
    .key("rowkey_fuzz::order::with_term(a.as_bytes(), b.as_bytes(), b\"|\")")
    .variable()
    .no_range();
    vec![zeros, bar]
}

/// HBase's Raw* members of a Struct: `#[java]` (Bytes.toBytes; last only for strings),
/// `#[java(nul_terminated)]`, `#[fixed(N)]` (padded with 00, ASC only) and `[u8; N]`. None is
/// nullable.
fn hbase_raw() -> Vec<Kind> {
    let mut out = Vec::new();
    for bits in [8u32, 16, 32, 64] {
        let i = int_name(true, bits);
        let u = int_name(false, bits);
        out.push(
            kind(
                &format!("hbase #[java] {i}"),
                &i,
                &["#[java]"],
                &format!("g.int({bits}) as {i}"),
            )
            .key(format!("(*a as {u}).cmp(&(*b as {u}))"))
            .no_range()
            .no_desc(),
        );
    }
    out.push(
        kind("hbase #[java] f32", "f32", &["#[java]"], "g.f32()")
            .key("rowkey_fuzz::order::raw_float_bits(*a, *b)")
            .value("rowkey_fuzz::order::java_float(*a, *b)")
            .no_range()
            .no_desc(),
    );
    out.push(
        kind("hbase #[java] f64", "f64", &["#[java]"], "g.f64()")
            .key("rowkey_fuzz::order::raw_double_bits(*a, *b)")
            .value("rowkey_fuzz::order::phoenix_double(*a, *b)")
            .no_range()
            .no_desc(),
    );
    let string = "g.string(rowkey_fuzz::rng::BINARY_CHARS, 5)";
    for (ty, draw, bytes) in [
        ("String", string, "v.as_bytes()"),
        ("Vec<u8>", "g.bytes(5)", "v"),
    ] {
        // RawString / RawBytes: to the end of the key; DESC inverted, "a" before "ab" still.
        for desc in [false, true] {
            let mut attrs = vec!["#[java]"];
            if desc {
                attrs.push("#[desc]");
            }
            let mut k = kind(&format!("hbase {} {ty}", attrs.join(" ")), ty, &attrs, draw)
                .variable()
                .no_desc();
            k.last_only = true;
            if desc {
                k.unordered = true;
                k.range = false;
            }
            out.push(k);
        }
        out.push(
            kind(
                &format!("hbase #[java(nul_terminated)] {ty}"),
                ty,
                &["#[java(nul_terminated)]"],
                draw,
            )
            .accepts(format!("!{bytes}.contains(&0)"))
            .variable(),
        );
        out.push(
            kind(
                &format!("hbase #[fixed(4)] {ty}"),
                ty,
                &["#[fixed(4)]"],
                draw,
            )
            .accepts(format!("rowkey_fuzz::order::fits_pad({bytes}, 4, 0)"))
            .no_desc(),
        );
    }
    out.push(kind("hbase [u8; 3]", "[u8; 3]", &[], "g.array::<3>()"));
    out.extend(terminated_kinds("hbase "));
    out
}

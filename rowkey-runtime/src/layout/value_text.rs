//! The text forms of [`ValueType`] (`Option<u32>`, `[u8;4]`, `(u32,String)`) and [`Value`]
//! (`Some(7)`, `"a\u{0}"`, `b"\x00\xff"`, `1970-01-01T00:00:00.000000000Z`): what a layout's
//! text form and a lock file write, read back exactly (floats by their bits, every byte of a
//! string).

use core::fmt::{self, Write as _};

use super::value::{Value, ValueType};
use super::Layout;

impl fmt::Display for ValueType {
    /// Rust's spelling without spaces: `Option<u32>`, `[u8;4]`, `(u32,String)`, `Tags<3,3>`;
    /// a nested key is `key:Name`, a type of your own `opaque:"path::Type"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValueType::Bool => f.write_str("bool"),
            ValueType::Char => f.write_str("char"),
            ValueType::U8 => f.write_str("u8"),
            ValueType::U16 => f.write_str("u16"),
            ValueType::U32 => f.write_str("u32"),
            ValueType::U64 => f.write_str("u64"),
            ValueType::U128 => f.write_str("u128"),
            ValueType::I8 => f.write_str("i8"),
            ValueType::I16 => f.write_str("i16"),
            ValueType::I32 => f.write_str("i32"),
            ValueType::I64 => f.write_str("i64"),
            ValueType::I128 => f.write_str("i128"),
            ValueType::F32 => f.write_str("f32"),
            ValueType::F64 => f.write_str("f64"),
            ValueType::String => f.write_str("String"),
            ValueType::Bytes => f.write_str("Vec<u8>"),
            ValueType::Array(n) => write!(f, "[u8;{n}]"),
            ValueType::Uuid => f.write_str("Uuid"),
            ValueType::SystemTime => f.write_str("SystemTime"),
            ValueType::DateTime => f.write_str("DateTime<Utc>"),
            ValueType::Decimal => f.write_str("Decimal"),
            ValueType::Option(t) => write!(f, "Option<{t}>"),
            ValueType::Tuple(ts) => {
                f.write_char('(')?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    write!(f, "{t}")?;
                }
                if ts.len() == 1 {
                    f.write_char(',')?;
                }
                f.write_char(')')
            }
            ValueType::Key(layout) => write!(f, "key:{}", layout.name),
            ValueType::Tags { key, value } => write!(f, "Tags<{key},{value}>"),
            ValueType::Opaque(name) => write!(f, "opaque:{}", quote(name)),
        }
    }
}

/// `s` as a Rust string literal (`Debug`).
pub(crate) fn quote(s: &str) -> String {
    format!("{s:?}")
}

/// A text being read: the input and a position in it.
pub(crate) struct Cursor<'a> {
    pub text: &'a str,
    pub at: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(text: &'a str) -> Self {
        Cursor { text, at: 0 }
    }

    pub fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    pub fn skip_spaces(&mut self) {
        let rest = self.rest();
        self.at += rest.len() - rest.trim_start().len();
    }

    /// Consumes `token` (after spaces) if it comes next.
    pub fn eat(&mut self, token: &str) -> bool {
        self.skip_spaces();
        if self.rest().starts_with(token) {
            self.at += token.len();
            true
        } else {
            false
        }
    }

    pub fn expect(&mut self, token: &str) -> Result<(), String> {
        if self.eat(token) {
            Ok(())
        } else {
            Err(format!("expected `{token}` at {:?}", self.excerpt()))
        }
    }

    /// The next run of characters that are not a delimiter (`,()<>[];{}` or a space).
    pub fn word(&mut self) -> &'a str {
        self.skip_spaces();
        let rest = self.rest();
        let n = rest
            .find(|c: char| c.is_whitespace() || ",()<>[];{}\"".contains(c))
            .unwrap_or(rest.len());
        self.at += n;
        &rest[..n]
    }

    pub fn excerpt(&self) -> String {
        let rest = self.rest();
        if rest.is_empty() {
            return String::from("the end");
        }
        rest.chars().take(24).collect()
    }

    pub fn at_end(&mut self) -> bool {
        self.skip_spaces();
        self.rest().is_empty()
    }

    /// A number: decimal, or hex after `0x`.
    pub fn number<T: TryFrom<u128>>(&mut self) -> Result<T, String> {
        let w = self.word();
        let parsed = match w.strip_prefix("0x") {
            Some(hex) => u128::from_str_radix(hex, 16),
            None => w.parse::<u128>(),
        };
        parsed
            .ok()
            .and_then(|x| T::try_from(x).ok())
            .ok_or_else(|| format!("expected a number, found {w:?}"))
    }

    /// A quoted string with Rust's escapes.
    pub fn string(&mut self) -> Result<String, String> {
        self.skip_spaces();
        let rest = self.rest();
        let mut chars = rest.char_indices();
        if chars.next().map(|(_, c)| c) != Some('"') {
            return Err(format!("expected a quoted string at {:?}", self.excerpt()));
        }
        let mut out = String::new();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.at += i + 1;
                    return Ok(out);
                }
                '\\' => out.push(unescape(&mut chars)?),
                c => out.push(c),
            }
        }
        Err(String::from("a string without its closing quote"))
    }

    /// A byte string `b"..."` with Rust's escapes (`\xNN` for any byte).
    pub fn byte_string(&mut self) -> Result<Vec<u8>, String> {
        self.skip_spaces();
        if !self.rest().starts_with("b\"") {
            return Err(format!(
                "expected a byte string b\"...\" at {:?}",
                self.excerpt()
            ));
        }
        self.at += 1;
        let rest = self.rest();
        let mut chars = rest.char_indices().skip(1);
        let mut out = Vec::new();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.at += i + 1;
                    return Ok(out);
                }
                '\\' => match chars.next() {
                    Some((_, 'x')) => {
                        let hi = chars.next().and_then(|(_, c)| c.to_digit(16));
                        let lo = chars.next().and_then(|(_, c)| c.to_digit(16));
                        match (hi, lo) {
                            (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
                            _ => return Err(String::from("a \\x escape needs two hex digits")),
                        }
                    }
                    Some((_, 'n')) => out.push(b'\n'),
                    Some((_, 'r')) => out.push(b'\r'),
                    Some((_, 't')) => out.push(b'\t'),
                    Some((_, '0')) => out.push(0),
                    Some((_, c @ ('\\' | '"' | '\''))) => out.push(c as u8),
                    _ => return Err(String::from("an unknown escape in a byte string")),
                },
                c if c.is_ascii() => out.push(c as u8),
                c => return Err(format!("a byte string holds ASCII only, found {c:?}")),
            }
        }
        Err(String::from("a byte string without its closing quote"))
    }
}

fn unescape(chars: &mut core::str::CharIndices<'_>) -> Result<char, String> {
    Ok(match chars.next().map(|(_, c)| c) {
        Some('n') => '\n',
        Some('r') => '\r',
        Some('t') => '\t',
        Some('0') => '\0',
        Some('\\') => '\\',
        Some('"') => '"',
        Some('\'') => '\'',
        Some('u') => {
            if chars.next().map(|(_, c)| c) != Some('{') {
                return Err(String::from("expected `{` after \\u"));
            }
            let mut x = 0u32;
            loop {
                match chars.next().map(|(_, c)| c) {
                    Some('}') => break,
                    Some(c) => {
                        let d = c.to_digit(16).ok_or("a \\u{..} escape holds hex digits")?;
                        x = x.checked_mul(16).ok_or("a \\u{..} escape too long")? + d;
                    }
                    None => return Err(String::from("a \\u{..} escape without `}`")),
                }
            }
            char::from_u32(x).ok_or("a \\u{..} escape that is not a character")?
        }
        _ => return Err(String::from("an unknown escape in a string")),
    })
}

/// `b"..."`: printable ASCII as itself, every other byte as `\xNN`.
pub(crate) fn byte_string(bytes: &[u8]) -> String {
    let mut out = String::from("b\"");
    for &b in bytes {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
    }
    out.push('"');
    out
}

/// Parses a [`ValueType`]; `key` resolves a nested key's name to its layout.
pub(crate) fn parse_type(
    c: &mut Cursor<'_>,
    key: &dyn Fn(&str) -> Option<Layout>,
) -> Result<ValueType, String> {
    c.skip_spaces();
    if c.eat("(") {
        let mut ts = Vec::new();
        while !c.eat(")") {
            ts.push(parse_type(c, key)?);
            if !c.eat(",") {
                c.expect(")")?;
                break;
            }
        }
        return Ok(ValueType::Tuple(ts));
    }
    if c.eat("[") {
        c.expect("u8")?;
        c.expect(";")?;
        let n = c.number()?;
        c.expect("]")?;
        return Ok(ValueType::Array(n));
    }
    let word = c.word();
    Ok(match word {
        "bool" => ValueType::Bool,
        "char" => ValueType::Char,
        "u8" => ValueType::U8,
        "u16" => ValueType::U16,
        "u32" => ValueType::U32,
        "u64" => ValueType::U64,
        "u128" => ValueType::U128,
        "i8" => ValueType::I8,
        "i16" => ValueType::I16,
        "i32" => ValueType::I32,
        "i64" => ValueType::I64,
        "i128" => ValueType::I128,
        "f32" => ValueType::F32,
        "f64" => ValueType::F64,
        "String" => ValueType::String,
        "Uuid" => ValueType::Uuid,
        "SystemTime" => ValueType::SystemTime,
        "Decimal" => ValueType::Decimal,
        "Vec" => {
            c.expect("<")?;
            c.expect("u8")?;
            c.expect(">")?;
            ValueType::Bytes
        }
        "DateTime" => {
            c.expect("<")?;
            c.expect("Utc")?;
            c.expect(">")?;
            ValueType::DateTime
        }
        "Option" => {
            c.expect("<")?;
            let t = parse_type(c, key)?;
            c.expect(">")?;
            ValueType::Option(Box::new(t))
        }
        "Tags" => {
            c.expect("<")?;
            let k = c.number()?;
            c.expect(",")?;
            let v = c.number()?;
            c.expect(">")?;
            ValueType::Tags { key: k, value: v }
        }
        w if w.starts_with("key:") => {
            let name = &w[4..];
            ValueType::Key(Box::new(
                key(name).ok_or_else(|| format!("no nested layout named {name:?}"))?,
            ))
        }
        "opaque:" => ValueType::Opaque(super::intern::str(&c.string()?)),
        w => return Err(format!("unknown type {w:?}")),
    })
}

impl Value {
    /// The value's text form, as a lock file writes it: Rust's literals (`7`, `-0.0`, `'a'`,
    /// `"a\u{0}"`, `b"\x00\xff"`, `Some(7)`, `None`, `(1,"a")`), a float's NaN with its bits
    /// (`NaN(0x7fc00000)`), an instant in RFC 3339 with nine digits of fraction, a decimal with
    /// its scale's digits (`1.50`), a UUID hyphenated.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write_text(&mut out);
        out
    }

    fn write_text(&self, out: &mut String) {
        let _ = match self {
            Value::Bool(x) => write!(out, "{x}"),
            Value::Char(x) => write!(out, "{x:?}"),
            Value::U8(x) => write!(out, "{x}"),
            Value::U16(x) => write!(out, "{x}"),
            Value::U32(x) => write!(out, "{x}"),
            Value::U64(x) => write!(out, "{x}"),
            Value::U128(x) => write!(out, "{x}"),
            Value::I8(x) => write!(out, "{x}"),
            Value::I16(x) => write!(out, "{x}"),
            Value::I32(x) => write!(out, "{x}"),
            Value::I64(x) => write!(out, "{x}"),
            Value::I128(x) => write!(out, "{x}"),
            Value::F32(x) if x.is_nan() => write!(out, "NaN(0x{:08x})", x.to_bits()),
            Value::F64(x) if x.is_nan() => write!(out, "NaN(0x{:016x})", x.to_bits()),
            Value::F32(x) => write!(out, "{x:?}"),
            Value::F64(x) => write!(out, "{x:?}"),
            Value::String(x) => write!(out, "{x:?}"),
            Value::Bytes(b) | Value::Opaque(b) => {
                out.push_str(&byte_string(b));
                Ok(())
            }
            Value::Uuid(b) => {
                for (i, x) in b.iter().enumerate() {
                    if matches!(i, 4 | 6 | 8 | 10) {
                        out.push('-');
                    }
                    let _ = write!(out, "{x:02x}");
                }
                Ok(())
            }
            Value::Time { secs, nanos } => {
                out.push_str(&rfc3339(*secs, *nanos));
                Ok(())
            }
            Value::Decimal { mantissa, scale } => {
                out.push_str(&decimal(*mantissa, *scale));
                Ok(())
            }
            Value::Option(None) => {
                out.push_str("None");
                Ok(())
            }
            Value::Option(Some(v)) => {
                out.push_str("Some(");
                v.write_text(out);
                out.push(')');
                Ok(())
            }
            Value::Tuple(vs) => {
                out.push('(');
                for (i, v) in vs.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write_text(out);
                }
                out.push(')');
                Ok(())
            }
        };
    }

    /// Reads a value of type `ty` from its [text form](Self::to_text).
    ///
    /// ```
    /// use rowkey::layout::{Value, ValueType};
    ///
    /// let ty = ValueType::Option(Box::new(ValueType::String));
    /// let v = Value::parse(r#"Some("a\u{0}b")"#, &ty).unwrap();
    /// assert_eq!(v, Value::some(Value::String("a\0b".into())));
    /// assert_eq!(Value::parse(&v.to_text(), &ty).unwrap(), v);
    /// assert!(Value::parse("Some(7)", &ty).is_err());
    /// ```
    pub fn parse(text: &str, ty: &ValueType) -> Result<Value, String> {
        let mut c = Cursor::new(text);
        let v = parse_value(&mut c, ty)?;
        if !c.at_end() {
            return Err(format!("unexpected {:?} after the value", c.excerpt()));
        }
        Ok(v)
    }
}

pub(crate) fn parse_value(c: &mut Cursor<'_>, ty: &ValueType) -> Result<Value, String> {
    c.skip_spaces();
    let int = |c: &mut Cursor<'_>| -> Result<i128, String> {
        let neg = c.eat("-");
        let w = c.word();
        let mag: u128 = w
            .parse()
            .map_err(|_| format!("expected an integer, found {w:?}"))?;
        if neg {
            0i128
                .checked_sub_unsigned(mag)
                .ok_or_else(|| format!("-{w} is out of range"))
        } else {
            i128::try_from(mag).map_err(|_| format!("{w} is out of range"))
        }
    };
    let out_of = |what: &str| format!("out of range for {what}");
    Ok(match ty {
        ValueType::Bool => match c.word() {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            w => return Err(format!("expected true or false, found {w:?}")),
        },
        ValueType::Char => {
            c.skip_spaces();
            let rest = c.rest();
            let mut chars = rest.char_indices();
            if chars.next().map(|(_, c)| c) != Some('\'') {
                return Err(String::from("expected a char literal 'x'"));
            }
            let ch = match chars.next() {
                Some((_, '\\')) => unescape(&mut chars)?,
                Some((_, ch)) => ch,
                None => return Err(String::from("a char literal without its closing quote")),
            };
            match chars.next() {
                Some((i, '\'')) => c.at += i + 1,
                _ => return Err(String::from("a char literal without its closing quote")),
            }
            Value::Char(ch)
        }
        ValueType::U128 => {
            let w = c.word();
            Value::U128(
                w.parse()
                    .map_err(|_| format!("expected a u128, found {w:?}"))?,
            )
        }
        ValueType::U8 => Value::U8(u8::try_from(int(c)?).map_err(|_| out_of("u8"))?),
        ValueType::U16 => Value::U16(u16::try_from(int(c)?).map_err(|_| out_of("u16"))?),
        ValueType::U32 => Value::U32(u32::try_from(int(c)?).map_err(|_| out_of("u32"))?),
        ValueType::U64 => Value::U64(u64::try_from(int(c)?).map_err(|_| out_of("u64"))?),
        ValueType::I8 => Value::I8(i8::try_from(int(c)?).map_err(|_| out_of("i8"))?),
        ValueType::I16 => Value::I16(i16::try_from(int(c)?).map_err(|_| out_of("i16"))?),
        ValueType::I32 => Value::I32(i32::try_from(int(c)?).map_err(|_| out_of("i32"))?),
        ValueType::I64 => Value::I64(i64::try_from(int(c)?).map_err(|_| out_of("i64"))?),
        ValueType::I128 => Value::I128(int(c)?),
        ValueType::F32 => Value::F32(float(c, |b| f32::from_bits(b as u32), |s| s.parse().ok())?),
        ValueType::F64 => Value::F64(float(c, f64::from_bits, |s| s.parse().ok())?),
        ValueType::String => Value::String(c.string()?),
        ValueType::Bytes | ValueType::Array(_) | ValueType::Tags { .. } | ValueType::Opaque(_) => {
            let b = c.byte_string()?;
            let v = if matches!(ty, ValueType::Opaque(_)) {
                Value::Opaque(b)
            } else {
                Value::Bytes(b)
            };
            if !v.is_a(ty) {
                return Err(format!("{} is not a {ty}", v.to_text()));
            }
            v
        }
        ValueType::Uuid => {
            let w = c.word();
            let hex: String = w.chars().filter(|&ch| ch != '-').collect();
            let mut b = [0u8; 16];
            if hex.len() != 32 || !hex.is_ascii() {
                return Err(format!("expected a hyphenated UUID, found {w:?}"));
            }
            for (i, x) in b.iter_mut().enumerate() {
                *x = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16)
                    .map_err(|_| format!("expected a hyphenated UUID, found {w:?}"))?;
            }
            Value::Uuid(b)
        }
        ValueType::SystemTime | ValueType::DateTime => {
            let w = c.word();
            let (secs, nanos) = parse_rfc3339(w).ok_or_else(|| {
                format!("expected an instant as 1970-01-01T00:00:00.000000000Z, found {w:?}")
            })?;
            let v = Value::Time { secs, nanos };
            if !v.is_a(ty) {
                return Err(format!("{w} is not a {ty}"));
            }
            v
        }
        ValueType::Decimal => {
            let neg = c.eat("-");
            let w = c.word();
            let (int_part, frac) = w.split_once('.').unwrap_or((w, ""));
            let digits = format!("{int_part}{frac}");
            let m: i128 = digits
                .parse()
                .ok()
                .filter(|_| digits.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| format!("expected a decimal, found {w:?}"))?;
            Value::Decimal {
                mantissa: if neg { -m } else { m },
                scale: frac.len() as u32,
            }
        }
        ValueType::Option(t) => {
            if c.eat("None") {
                Value::Option(None)
            } else if c.eat("Some(") {
                let v = parse_value(c, t)?;
                c.expect(")")?;
                Value::some(v)
            } else {
                return Err(format!("expected None or Some(..) at {:?}", c.excerpt()));
            }
        }
        ValueType::Tuple(ts) => Value::Tuple(parse_items(c, ts.iter())?),
        ValueType::Key(layout) => {
            Value::Tuple(parse_items(c, layout.fields.iter().map(|f| &f.value))?)
        }
    })
}

fn parse_items<'t>(
    c: &mut Cursor<'_>,
    types: impl ExactSizeIterator<Item = &'t ValueType>,
) -> Result<Vec<Value>, String> {
    c.expect("(")?;
    let n = types.len();
    let mut out = Vec::with_capacity(n);
    for (i, t) in types.enumerate() {
        if i > 0 {
            c.expect(",")?;
        }
        out.push(parse_value(c, t)?);
    }
    c.eat(",");
    c.expect(")")?;
    Ok(out)
}

fn float<F>(
    c: &mut Cursor<'_>,
    from_bits: impl Fn(u64) -> F,
    parse: impl Fn(&str) -> Option<F>,
) -> Result<F, String> {
    c.skip_spaces();
    if c.eat("NaN(") {
        let bits: u64 = c.number()?;
        c.expect(")")?;
        return Ok(from_bits(bits));
    }
    let neg = c.eat("-");
    let w = c.word();
    let text = if neg { format!("-{w}") } else { w.to_string() };
    if w.eq_ignore_ascii_case("nan") {
        return Err(String::from(
            "a NaN is written with its bits: NaN(0x7fc00000)",
        ));
    }
    parse(&text).ok_or_else(|| format!("expected a float, found {text:?}"))
}

/// `mantissa / 10^scale` with `scale` digits after the point: `decimal(150, 2)` is `1.50`.
pub(crate) fn decimal(mantissa: i128, scale: u32) -> String {
    let digits = mantissa.unsigned_abs().to_string();
    let scale = scale as usize;
    let sign = if mantissa < 0 { "-" } else { "" };
    if scale == 0 {
        return format!("{sign}{digits}");
    }
    let padded = format!("{digits:0>width$}", width = scale + 1);
    let (int_part, frac) = padded.split_at(padded.len() - scale);
    format!("{sign}{int_part}.{frac}")
}

/// Days since 1970-01-01 of a civil date (Howard Hinnant's `days_from_civil`).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day since 1970-01-01 (`civil_from_days`).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// `secs` and `nanos` since 1970 as RFC 3339 in UTC with nine digits of fraction; a leap
/// second (nanos of a billion or more) as second 60.
pub(crate) fn rfc3339(secs: i64, nanos: u32) -> String {
    let (leap, nanos) = if nanos >= 1_000_000_000 {
        (1, nanos - 1_000_000_000)
    } else {
        (0, nanos)
    };
    let days = secs.div_euclid(86_400);
    let sod = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{nanos:09}Z",
        sod / 3600,
        sod / 60 % 60,
        sod % 60 + leap
    )
}

/// Reads [`rfc3339`]'s form back.
fn parse_rfc3339(w: &str) -> Option<(i64, u32)> {
    let (date, time) = w.strip_suffix('Z')?.split_once('T')?;
    let neg = date.starts_with('-');
    let mut parts = date.trim_start_matches('-').splitn(3, '-');
    let y: i64 = parts.next()?.parse().ok()?;
    let y = if neg { -y } else { y };
    let m: i64 = parts.next()?.parse().ok()?;
    let d: i64 = parts.next()?.parse().ok()?;
    let (hms, frac) = time.split_once('.')?;
    let mut hms = hms.splitn(3, ':');
    let h: i64 = hms.next()?.parse().ok()?;
    let mi: i64 = hms.next()?.parse().ok()?;
    let s: i64 = hms.next()?.parse().ok()?;
    if frac.len() != 9
        || !(1..=12).contains(&m)
        || !(1..=31).contains(&d)
        || h > 23
        || mi > 59
        || s > 60
    {
        return None;
    }
    let mut nanos: u32 = frac.parse().ok()?;
    let s = if s == 60 {
        nanos += 1_000_000_000;
        59
    } else {
        s
    };
    let secs = days_from_civil(y, m, d)
        .checked_mul(86_400)?
        .checked_add(h * 3600 + mi * 60 + s)?;
    (rfc3339(secs, nanos) == w).then_some((secs, nanos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_read_back() {
        for (secs, nanos) in [
            (0i64, 0u32),
            (-1, 999_999_999),
            (1_700_000_000, 123_456_789),
            (-62_135_596_800, 0),
            (253_402_300_799, 1_500_000_000),
        ] {
            let t = rfc3339(secs, nanos);
            assert_eq!(parse_rfc3339(&t), Some((secs, nanos)), "{t}");
        }
        assert_eq!(rfc3339(0, 1), "1970-01-01T00:00:00.000000001Z");
        assert_eq!(rfc3339(951_782_400, 0), "2000-02-29T00:00:00.000000000Z");
    }

    #[test]
    fn decimals_keep_their_scale() {
        assert_eq!(decimal(150, 2), "1.50");
        assert_eq!(decimal(-5, 3), "-0.005");
        assert_eq!(decimal(7, 0), "7");
    }

    #[test]
    fn every_value_reads_back_from_its_text() {
        let cases = [
            (Value::F32(-0.0), ValueType::F32),
            (
                Value::F64(f64::from_bits(0x7ff8_0000_0000_0001)),
                ValueType::F64,
            ),
            (Value::F64(f64::NEG_INFINITY), ValueType::F64),
            (Value::Char('\u{0}'), ValueType::Char),
            (Value::Char('\''), ValueType::Char),
            (Value::String("\"\\\u{7f}é".into()), ValueType::String),
            (
                Value::Bytes(vec![0, 0xff, b'"', b'\\', b'a']),
                ValueType::Bytes,
            ),
            (Value::I128(i128::MIN), ValueType::I128),
            (Value::U128(u128::MAX), ValueType::U128),
            (
                Value::some(Value::some(Value::U8(0))),
                ValueType::Option(Box::new(ValueType::Option(Box::new(ValueType::U8)))),
            ),
            (
                Value::Tuple(vec![Value::U8(1), Value::String("a,b)".into())]),
                ValueType::Tuple(vec![ValueType::U8, ValueType::String]),
            ),
            (
                Value::Decimal {
                    mantissa: -1,
                    scale: 28,
                },
                ValueType::Decimal,
            ),
            (Value::Time { secs: -5, nanos: 7 }, ValueType::SystemTime),
            (Value::Uuid([0xab; 16]), ValueType::Uuid),
        ];
        for (v, ty) in cases {
            let text = v.to_text();
            assert_eq!(Value::parse(&text, &ty), Ok(v.clone()), "{text}");
            let ty_text = ty.to_string();
            let back = parse_type(&mut Cursor::new(&ty_text), &|_| None).unwrap();
            assert_eq!(back, ty, "{ty_text}");
        }
    }
}

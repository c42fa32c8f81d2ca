//! A [`Layout`]'s text form: one line per item, stable across versions of rowkey (its first
//! line names its version), read back exactly. What a lock file holds for each key.
//!
//! ```text
//! layout "MessageKey"
//! encoding binary
//! salt md5_buckets(16) of(2) width(1)
//! field "date" u32 natural width(4) max(4) type("u32") attrs("")
//! field "time" u32 natural width(4) max(4) type("u32") attrs("#[desc]") inverted
//! field "message_id" u64 natural width(8) max(8) type("u64") attrs("") open
//! empty_key written
//! fingerprint 0x452d63aa0ab05a63
//! end
//! ```

use core::fmt::{self, Write as _};

use super::value_text::{byte_string, parse_type, quote, Cursor};
use super::{intern, Dropped, EmptyKey, FieldFormat, FieldLayout, FieldOrder, Layout, ValueType};
use crate::salt::{Salt, SaltText};
use crate::Encoding;

/// A layout's text form could not be read: the line (1-based, counted in the text given)
/// and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayoutError {
    /// The line, from 1.
    pub line: usize,
    /// What was expected.
    pub message: String,
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for LayoutError {}

impl Layout {
    /// The layout's text form (see the module's docs): the layouts of the keys it nests
    /// first, each a block of its own.
    ///
    /// ```
    /// use rowkey::{Layout, RowKey};
    ///
    /// #[derive(RowKey)]
    /// #[salt(md5, buckets = 16, of = "message_id")]
    /// struct MessageKey { date: u32, #[desc] time: u32, message_id: u64 }
    ///
    /// let text = MessageKey::layout().to_text();
    /// assert!(text.starts_with("layout \"MessageKey\"\nencoding binary\n"));
    /// assert_eq!(Layout::parse(&text).unwrap(), MessageKey::layout());
    /// ```
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut written = Vec::new();
        self.write_nested(&mut out, &mut written);
        self.write_block(&mut out);
        out
    }

    fn write_nested(&self, out: &mut String, written: &mut Vec<&'static str>) {
        for f in &self.fields {
            let mut stack = vec![&f.value];
            while let Some(t) = stack.pop() {
                match t {
                    ValueType::Key(inner) if !written.contains(&inner.name) => {
                        inner.write_nested(out, written);
                        inner.write_block(out);
                        written.push(inner.name);
                    }
                    ValueType::Option(t) => stack.push(t),
                    ValueType::Tuple(ts) => stack.extend(ts),
                    _ => {}
                }
            }
        }
    }

    fn write_block(&self, out: &mut String) {
        let _ = writeln!(out, "layout {}", quote(self.name));
        let _ = writeln!(out, "encoding {}", encoding_text(self.encoding));
        if self.salt != Salt::None {
            let of: Vec<String> = self.salt_of.iter().map(usize::to_string).collect();
            let _ = write!(
                out,
                "salt {} of({}) width({})",
                salt_text(self.salt),
                of.join(","),
                self.salt_width
            );
            if let Some(t) = self.salt_text {
                let _ = write!(out, " text({})", salt_text_text(t));
            }
            out.push('\n');
        }
        for f in &self.fields {
            let _ = write!(out, "field {} {} {}", quote(f.name), f.value, f.format);
            if let Some(w) = f.width {
                let _ = write!(out, " width({w})");
            }
            if let Some(m) = f.max_width {
                let _ = write!(out, " max({m})");
            }
            let _ = write!(out, " type({}) attrs({})", quote(f.ty), quote(f.attrs));
            if f.inverted {
                out.push_str(" inverted");
            }
            if f.open_end {
                out.push_str(" open");
            }
            match f.dropped {
                Some(Dropped::Null) => out.push_str(" dropped(null)"),
                Some(Dropped::Empty) => out.push_str(" dropped(empty)"),
                None => {}
            }
            if f.window {
                out.push_str(" window");
            }
            if f.value_trim != 0 {
                let _ = write!(out, " trim({})", f.value_trim);
            }
            out.push_str(match f.order {
                FieldOrder::Ascending => " order(asc)",
                FieldOrder::Descending => " order(desc)",
                FieldOrder::Other => " order(own)",
                FieldOrder::Unordered => " order(none)",
            });
            for was in f.was {
                let _ = write!(out, " was({})", quote(was));
            }
            out.push('\n');
        }
        match self.empty_key {
            EmptyKey::Written => out.push_str("empty_key written\n"),
            EmptyKey::Bytes(b) => {
                let _ = writeln!(out, "empty_key bytes({})", byte_string(b));
            }
            EmptyKey::Refused(by) => {
                let _ = writeln!(out, "empty_key refused({})", quote(by));
            }
        }
        if let Some(m) = self.max_len {
            let _ = writeln!(out, "max_len {m}");
        }
        let _ = writeln!(out, "fingerprint 0x{:016x}", self.fingerprint);
        out.push_str("end\n");
    }

    /// Reads a layout from its [text form](Self::to_text). The names it holds are interned:
    /// each distinct name is allocated once for the life of the process.
    pub fn parse(text: &str) -> Result<Layout, LayoutError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        let mut done: Vec<Layout> = Vec::new();
        loop {
            let layout = parse_block(&mut lines, &done)?;
            let more = lines.clone().any(|(_, l)| !l.trim().is_empty());
            if !more {
                return layout.ok_or(LayoutError {
                    line: text.lines().count().max(1),
                    message: String::from("expected `layout \"Name\"`"),
                });
            }
            done.extend(layout);
        }
    }
}

fn err(line: usize, message: impl Into<String>) -> LayoutError {
    LayoutError {
        line,
        message: message.into(),
    }
}

/// One `layout ... end` block; `None` at the end of the text.
fn parse_block<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    nested: &[Layout],
) -> Result<Option<Layout>, LayoutError> {
    let mut name = None;
    let mut encoding = None;
    let mut salt = (Salt::None, Vec::new(), 0usize, None);
    let mut fields: Vec<FieldLayout> = Vec::new();
    let mut empty_key = EmptyKey::Written;
    let mut max_len = None;
    let mut fingerprint = None;
    let mut last_line = 0;
    for (n, line) in lines.by_ref() {
        last_line = n;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let mut c = Cursor::new(line);
        let keyword = c.word();
        let at = |m: String| err(n, m);
        if name.is_none() && keyword != "layout" {
            return Err(err(
                n,
                format!("expected `layout \"Name\"`, found {keyword:?}"),
            ));
        }
        match keyword {
            "layout" if name.is_none() => name = Some(intern::str(&c.string().map_err(at)?)),
            "encoding" => encoding = Some(parse_encoding(&mut c).map_err(at)?),
            "salt" => salt = parse_salt(&mut c).map_err(at)?,
            "field" => {
                let resolve = |key: &str| nested.iter().find(|l| l.name == key).cloned();
                fields.push(parse_field(&mut c, &resolve).map_err(at)?);
            }
            "empty_key" => {
                empty_key = match c.word() {
                    "written" => EmptyKey::Written,
                    "bytes" => {
                        c.expect("(").map_err(at)?;
                        let b = c.byte_string().map_err(at)?;
                        c.expect(")").map_err(at)?;
                        EmptyKey::Bytes(intern::bytes(&b))
                    }
                    "refused" => {
                        c.expect("(").map_err(at)?;
                        let by = c.string().map_err(at)?;
                        c.expect(")").map_err(at)?;
                        EmptyKey::Refused(intern::str(&by))
                    }
                    w => return Err(err(n, format!("unknown empty_key {w:?}"))),
                }
            }
            "max_len" => max_len = Some(c.number().map_err(at)?),
            "fingerprint" => fingerprint = Some(c.number::<u64>().map_err(at)?),
            "end" => {
                let name = name.ok_or_else(|| err(n, "`end` before `layout`"))?;
                let encoding = encoding.ok_or_else(|| err(n, "a layout without `encoding`"))?;
                let fingerprint =
                    fingerprint.ok_or_else(|| err(n, "a layout without `fingerprint`"))?;
                let widths: Vec<Option<usize>> = core::iter::once(Some(salt.2))
                    .chain(fields.iter().map(|f| f.width))
                    .collect();
                for (f, at) in fields.iter_mut().zip(&super::offsets(&widths)[1..]) {
                    f.offset = *at;
                }
                if salt.1.iter().any(|&i| i >= fields.len()) {
                    return Err(err(n, "the salt hashes a field the layout does not have"));
                }
                return Ok(Some(Layout {
                    name,
                    encoding,
                    salt: salt.0,
                    salt_of: intern::indices(&salt.1),
                    salt_width: salt.2,
                    salt_text: salt.3,
                    fields,
                    empty_key,
                    max_len,
                    fingerprint,
                }));
            }
            w => return Err(err(n, format!("unknown line {w:?}"))),
        }
        if !c.at_end() {
            return Err(err(n, format!("unexpected {:?}", c.excerpt())));
        }
    }
    match name {
        None => Ok(None),
        Some(_) => Err(err(last_line, "a layout without its `end`")),
    }
}

fn encoding_text(e: Encoding) -> String {
    match e {
        Encoding::Binary => String::from("binary"),
        Encoding::Text { delimiter } => format!("text(0x{delimiter:02x})"),
        Encoding::Phoenix {
            row_key_order_optimizable: true,
        } => String::from("phoenix"),
        Encoding::Phoenix {
            row_key_order_optimizable: false,
        } => String::from("phoenix(not_optimizable)"),
        Encoding::Bigtable => String::from("bigtable"),
        Encoding::FdbTuple => String::from("fdb_tuple"),
        Encoding::HbaseOrdered => String::from("hbase_ordered"),
    }
}

fn parse_encoding(c: &mut Cursor<'_>) -> Result<Encoding, String> {
    Ok(match c.word() {
        "binary" => Encoding::Binary,
        "text" => {
            c.expect("(")?;
            let d = c.number()?;
            c.expect(")")?;
            Encoding::Text { delimiter: d }
        }
        "phoenix" => {
            let optimizable = if c.eat("(") {
                c.expect("not_optimizable")?;
                c.expect(")")?;
                false
            } else {
                true
            };
            Encoding::Phoenix {
                row_key_order_optimizable: optimizable,
            }
        }
        "bigtable" => Encoding::Bigtable,
        "fdb_tuple" => Encoding::FdbTuple,
        "hbase_ordered" => Encoding::HbaseOrdered,
        w => return Err(format!("unknown encoding {w:?}")),
    })
}

fn salt_text(s: Salt) -> String {
    match s {
        Salt::None => String::from("none"),
        Salt::Md5 { len } => format!("md5({len})"),
        Salt::Md5Buckets { buckets } => format!("md5_buckets({buckets})"),
        Salt::Xxh3Buckets { buckets } => format!("xxh3_buckets({buckets})"),
        Salt::Phoenix { buckets } => format!("phoenix({buckets})"),
        Salt::Random { buckets } => format!("random({buckets})"),
        Salt::JavaHash { buckets, width } => format!("java_hash({buckets},{width})"),
        Salt::OpenTsdb { buckets, width } => format!("opentsdb({buckets},{width})"),
    }
}

fn salt_text_text(t: SaltText) -> String {
    match t {
        SaltText::Hex => String::from("hex"),
        SaltText::Decimal { width } => format!("decimal({width})"),
        SaltText::Alphabet(a) => format!("alphabet({})", byte_string(a)),
    }
}

type SaltParts = (Salt, Vec<usize>, usize, Option<SaltText>);

fn parse_salt(c: &mut Cursor<'_>) -> Result<SaltParts, String> {
    let kind = c.word();
    let args = |c: &mut Cursor<'_>, n: usize| -> Result<Vec<u32>, String> {
        c.expect("(")?;
        let mut out = Vec::new();
        for i in 0..n {
            if i > 0 {
                c.expect(",")?;
            }
            out.push(c.number()?);
        }
        c.expect(")")?;
        Ok(out)
    };
    let small = |x: u32| u16::try_from(x).map_err(|_| format!("{x} buckets is too many"));
    let byte = |x: u32| u8::try_from(x).map_err(|_| format!("{x} is too wide"));
    let salt = match kind {
        "md5" => Salt::Md5 {
            len: byte(args(c, 1)?[0])?,
        },
        "md5_buckets" => Salt::Md5Buckets {
            buckets: small(args(c, 1)?[0])?,
        },
        "xxh3_buckets" => Salt::Xxh3Buckets {
            buckets: small(args(c, 1)?[0])?,
        },
        "phoenix" => Salt::Phoenix {
            buckets: small(args(c, 1)?[0])?,
        },
        "random" => Salt::Random {
            buckets: small(args(c, 1)?[0])?,
        },
        "java_hash" => {
            let a = args(c, 2)?;
            Salt::JavaHash {
                buckets: a[0],
                width: byte(a[1])?,
            }
        }
        "opentsdb" => {
            let a = args(c, 2)?;
            Salt::OpenTsdb {
                buckets: a[0],
                width: byte(a[1])?,
            }
        }
        w => return Err(format!("unknown salt {w:?}")),
    };
    c.expect("of")?;
    c.expect("(")?;
    let mut of = Vec::new();
    while !c.eat(")") {
        of.push(c.number()?);
        if !c.eat(",") {
            c.expect(")")?;
            break;
        }
    }
    c.expect("width")?;
    c.expect("(")?;
    let width = c.number()?;
    c.expect(")")?;
    let text = if c.eat("text") {
        c.expect("(")?;
        let t = match c.word() {
            "hex" => SaltText::Hex,
            "decimal" => {
                c.expect("(")?;
                let w = c.number()?;
                c.expect(")")?;
                SaltText::Decimal { width: w }
            }
            "alphabet" => {
                c.expect("(")?;
                let a = c.byte_string()?;
                c.expect(")")?;
                SaltText::Alphabet(intern::bytes(&a))
            }
            w => return Err(format!("unknown salt text {w:?}")),
        };
        c.expect(")")?;
        Some(t)
    } else {
        None
    };
    Ok((salt, of, width, text))
}

fn parse_field(
    c: &mut Cursor<'_>,
    resolve: &dyn Fn(&str) -> Option<Layout>,
) -> Result<FieldLayout, String> {
    let name = intern::str(&c.string()?);
    let value = parse_type(c, resolve)?;
    let format = {
        let node = crate::encoding::node::Node::parse(c)?;
        FieldFormat::from_node(&node)?
    };
    let mut f = FieldLayout {
        name,
        ty: "",
        attrs: "",
        width: None,
        max_width: None,
        offset: None,
        value,
        format,
        inverted: false,
        open_end: false,
        dropped: None,
        window: false,
        value_trim: 0,
        // A field whose text says nothing of its order is judged unordered.
        order: FieldOrder::Unordered,
        was: &[],
    };
    let mut was: Vec<&'static str> = Vec::new();
    let paren_number = |c: &mut Cursor<'_>| -> Result<usize, String> {
        c.expect("(")?;
        let n = c.number()?;
        c.expect(")")?;
        Ok(n)
    };
    let paren_string = |c: &mut Cursor<'_>| -> Result<String, String> {
        c.expect("(")?;
        let s = c.string()?;
        c.expect(")")?;
        Ok(s)
    };
    while !c.at_end() {
        match c.word() {
            "width" => f.width = Some(paren_number(c)?),
            "max" => f.max_width = Some(paren_number(c)?),
            "type" => f.ty = intern::str(&paren_string(c)?),
            "attrs" => f.attrs = intern::str(&paren_string(c)?),
            "inverted" => f.inverted = true,
            "open" => f.open_end = true,
            "window" => f.window = true,
            "trim" => f.value_trim = paren_number(c)?,
            "was" => was.push(intern::str(&paren_string(c)?)),
            "order" => {
                c.expect("(")?;
                f.order = match c.word() {
                    "asc" => FieldOrder::Ascending,
                    "desc" => FieldOrder::Descending,
                    "own" => FieldOrder::Other,
                    "none" => FieldOrder::Unordered,
                    w => return Err(format!("unknown order({w})")),
                };
                c.expect(")")?;
            }
            "dropped" => {
                c.expect("(")?;
                f.dropped = Some(match c.word() {
                    "null" => Dropped::Null,
                    "empty" => Dropped::Empty,
                    w => return Err(format!("unknown dropped({w})")),
                });
                c.expect(")")?;
            }
            w => return Err(format!("unknown field attribute {w:?}")),
        }
    }
    f.was = intern::names(&was);
    Ok(f)
}

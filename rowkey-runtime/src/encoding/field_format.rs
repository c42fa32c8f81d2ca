//! Formats as data: [`FieldFormat`], what a field's format is (the attribute-made format the
//! derive chose, with its parameters), as `K::layout()` and a lock file record it, and its text
//! form. Every [`Format`](super::Format) names its own; `describe::part` runs one. The text
//! and HBase formats live here too: each holds an inner `FieldFormat`, and one recursive type
//! is one file.

use core::fmt;

use super::node::Node;

pub use super::bigtable::format::BigtableFormat;
pub use super::java::format::JavaFormat;
pub use super::phoenix::format::PhoenixFormat;

/// The format a field is written with, as data: the attribute-made format the derive chose
/// (`#[decimal(11)] #[reverse]` is `Reverse(Decimal { digits: 11 })`), with its parameters.
/// Together with the field's [`ValueType`](crate::layout::ValueType) it says how every value
/// becomes bytes.
///
/// Its text form (`reverse(decimal(11))`, `opt(fixed(8,0x00))`, `phoenix.varchar(true)`) is
/// what a layout's text and a lock file write.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FieldFormat {
    /// The type's own [`KeyCodec`](crate::KeyCodec) (no attribute).
    Natural,
    /// `#[fixed(N)]` (with `pad` for strings and byte vectors).
    Fixed {
        /// Bytes.
        width: usize,
        /// The byte a shorter string or byte vector is padded with.
        pad: u8,
    },
    /// `#[decimal(N)]`: zero-padded decimal digits.
    Decimal {
        /// Digits.
        digits: usize,
    },
    /// `#[hex(N)]`: zero-padded uppercase hex digits.
    Hex {
        /// Digits.
        digits: usize,
    },
    /// `#[reverse]`: the inner format's bytes back to front.
    Reverse(Box<FieldFormat>),
    /// An `Option` over the inner format: `00` for `None`, `01` and the value for `Some`.
    Opt(Box<FieldFormat>),
    /// `#[max(N)]`: the inner format, for values of at most `max` bytes.
    Capped {
        /// The most bytes a value may have.
        max: usize,
        /// The most bytes the field then takes in its place in the key.
        max_width: usize,
        /// The format that writes it.
        inner: Box<FieldFormat>,
    },
    /// Java's layouts (`#[java]`, `#[reverse_ts]`, terminated strings).
    Java(JavaFormat),
    /// rowkey's text layout (`#[rowkey(delimiter = ":")]`).
    Text(TextFormat),
    /// Apache Phoenix's column encodings.
    Phoenix(PhoenixFormat),
    /// HBase's `OrderedBytes` members.
    HbaseOrdered(HbaseOrderedFormat),
    /// Bigtable's `OrderedCodeBytes` struct fields.
    Bigtable(BigtableFormat),
    /// A FoundationDB tuple element.
    FdbElement,
}

impl fmt::Display for FieldFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_node())
    }
}

impl FieldFormat {
    /// Reads a format from its text form.
    ///
    /// ```
    /// use rowkey::layout::FieldFormat;
    ///
    /// let f = FieldFormat::parse("reverse(decimal(11))").unwrap();
    /// assert_eq!(f, FieldFormat::Reverse(Box::new(FieldFormat::Decimal { digits: 11 })));
    /// assert_eq!(f.to_string(), "reverse(decimal(11))");
    /// ```
    pub fn parse(text: &str) -> Result<FieldFormat, String> {
        let mut c = crate::layout::value_text::Cursor::new(text);
        let node = Node::parse(&mut c)?;
        if !c.at_end() {
            return Err(format!("unexpected {:?} after the format", c.excerpt()));
        }
        FieldFormat::from_node(&node)
    }

    pub(crate) fn to_node(&self) -> Node {
        match self {
            FieldFormat::Natural => Node::name("natural"),
            FieldFormat::Fixed { width, pad } => {
                Node::call("fixed", vec![Node::Num(*width as u128), Node::Byte(*pad)])
            }
            FieldFormat::Decimal { digits } => {
                Node::call("decimal", vec![Node::Num(*digits as u128)])
            }
            FieldFormat::Hex { digits } => Node::call("hex", vec![Node::Num(*digits as u128)]),
            FieldFormat::Reverse(inner) => Node::call("reverse", vec![inner.to_node()]),
            FieldFormat::Opt(inner) => Node::call("opt", vec![inner.to_node()]),
            FieldFormat::Capped {
                max,
                max_width,
                inner,
            } => Node::call(
                "capped",
                vec![
                    Node::Num(*max as u128),
                    Node::Num(*max_width as u128),
                    inner.to_node(),
                ],
            ),
            FieldFormat::Java(j) => j.to_node(),
            FieldFormat::Text(t) => t.to_node(),
            FieldFormat::Phoenix(p) => p.to_node(),
            FieldFormat::HbaseOrdered(h) => h.to_node(),
            FieldFormat::Bigtable(b) => b.to_node(),
            FieldFormat::FdbElement => Node::name("fdb_tuple.element"),
        }
    }

    pub(crate) fn from_node(node: &Node) -> Result<FieldFormat, String> {
        let (name, args) = node.as_call()?;
        if let Some((family, _)) = name.split_once('.') {
            return match family {
                "java" => JavaFormat::from_node(node).map(FieldFormat::Java),
                "text" => TextFormat::from_node(node).map(FieldFormat::Text),
                "phoenix" => PhoenixFormat::from_node(node).map(FieldFormat::Phoenix),
                "hbase_ordered" => {
                    HbaseOrderedFormat::from_node(node).map(FieldFormat::HbaseOrdered)
                }
                "bigtable" => BigtableFormat::from_node(node).map(FieldFormat::Bigtable),
                "fdb_tuple" if name == "fdb_tuple.element" && args.is_empty() => {
                    Ok(FieldFormat::FdbElement)
                }
                _ => Err(format!("unknown format {name:?}")),
            };
        }
        Ok(match (name, args) {
            ("natural", []) => FieldFormat::Natural,
            ("fixed", [w, pad]) => FieldFormat::Fixed {
                width: w.num()?,
                pad: pad.num()?,
            },
            ("decimal", [n]) => FieldFormat::Decimal { digits: n.num()? },
            ("hex", [n]) => FieldFormat::Hex { digits: n.num()? },
            ("reverse", [inner]) => FieldFormat::Reverse(Box::new(FieldFormat::from_node(inner)?)),
            ("opt", [inner]) => FieldFormat::Opt(Box::new(FieldFormat::from_node(inner)?)),
            ("capped", [max, max_width, inner]) => FieldFormat::Capped {
                max: max.num()?,
                max_width: max_width.num()?,
                inner: Box::new(FieldFormat::from_node(inner)?),
            },
            _ => return Err(format!("unknown format {node}")),
        })
    }

    /// The format with every wrapper that does not change the bytes of the values it accepts
    /// removed (`#[max(N)]`'s cap).
    pub fn uncapped(&self) -> &FieldFormat {
        match self {
            FieldFormat::Capped { inner, .. } => inner.uncapped(),
            f => f,
        }
    }

    /// Whether the format writes its values in descending order itself (a `#[desc]` it
    /// carries: Bigtable's and HBase's desc flags, Phoenix's DESC BOOLEAN, a text key's
    /// complemented digits). A field the key inverts whole says so in
    /// [`FieldLayout::inverted`](crate::layout::FieldLayout::inverted) instead.
    pub fn descending(&self) -> bool {
        use self::{BigtableFormat as B, HbaseOrderedFormat as H, PhoenixFormat as P};
        match self {
            FieldFormat::Natural
            | FieldFormat::Fixed { .. }
            | FieldFormat::Decimal { .. }
            | FieldFormat::Hex { .. }
            | FieldFormat::Java(_)
            | FieldFormat::FdbElement => false,
            FieldFormat::Reverse(inner)
            | FieldFormat::Opt(inner)
            | FieldFormat::Capped { inner, .. } => inner.descending(),
            FieldFormat::Text(t) => match t {
                TextFormat::Complement { .. } => true,
                TextFormat::Delimited { inner, .. } => inner.descending(),
                TextFormat::Str { .. }
                | TextFormat::Fixed { .. }
                | TextFormat::Int
                | TextFormat::ReverseTs => false,
            },
            FieldFormat::Phoenix(p) => matches!(p, P::Boolean { desc: true }),
            FieldFormat::HbaseOrdered(h) => match h {
                H::Blob { desc } => *desc,
                H::Nullable { inner, .. } => inner.descending(),
                _ => false,
            },
            FieldFormat::Bigtable(b) => match b {
                B::Bytes { desc } | B::BigEndian { desc } | B::OrderedCode { desc } => *desc,
            },
        }
    }

    /// Whether the format writes a reversed value: `#[reverse]`'s bytes back to front, or
    /// `#[reverse_ts]`'s `MAX - ts`.
    pub fn reversed(&self) -> bool {
        match self {
            FieldFormat::Reverse(_)
            | FieldFormat::Java(JavaFormat::ReverseTs | JavaFormat::WrappingReverseTs)
            | FieldFormat::Text(TextFormat::ReverseTs) => true,
            FieldFormat::Opt(inner) | FieldFormat::Capped { inner, .. } => inner.reversed(),
            FieldFormat::Text(
                TextFormat::Delimited { inner, .. } | TextFormat::Complement { inner, .. },
            ) => inner.reversed(),
            FieldFormat::HbaseOrdered(HbaseOrderedFormat::Nullable { inner, .. }) => {
                inner.reversed()
            }
            _ => false,
        }
    }
}

/// A text key's field formats (`#[rowkey(delimiter = ":")]`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TextFormat {
    /// The inner format, then the delimiter unless the part is last.
    Delimited {
        /// The delimiter byte.
        delimiter: u8,
        /// The part's own format.
        inner: Box<FieldFormat>,
    },
    /// A string as its UTF-8, refusing the delimiter.
    Str {
        /// The delimiter byte it must not hold.
        delimiter: u8,
    },
    /// `#[fixed(N)]` on a string: padded, refusing the delimiter.
    Fixed {
        /// Bytes.
        width: usize,
        /// The pad byte.
        pad: u8,
        /// The delimiter byte it must not hold.
        delimiter: u8,
    },
    /// An integer as unpadded decimal text (the last part only).
    Int,
    /// `#[reverse_ts]`: `MAX - ts` as 19 (or 10) decimal digits.
    ReverseTs,
    /// `#[desc]` on digits: `MAX_N - v` in the inner digits.
    Complement {
        /// 10 or 16.
        base: u32,
        /// Digits.
        digits: usize,
        /// The digits' format, over `u128`.
        inner: Box<FieldFormat>,
    },
}

impl TextFormat {
    pub(crate) fn to_node(&self) -> Node {
        match self {
            TextFormat::Delimited { delimiter, inner } => Node::call(
                "text.delimited",
                vec![Node::Byte(*delimiter), inner.to_node()],
            ),
            TextFormat::Str { delimiter } => Node::call("text.str", vec![Node::Byte(*delimiter)]),
            TextFormat::Fixed {
                width,
                pad,
                delimiter,
            } => Node::call(
                "text.fixed",
                vec![
                    Node::Num(*width as u128),
                    Node::Byte(*pad),
                    Node::Byte(*delimiter),
                ],
            ),
            TextFormat::Int => Node::name("text.int"),
            TextFormat::ReverseTs => Node::name("text.reverse_ts"),
            TextFormat::Complement {
                base,
                digits,
                inner,
            } => Node::call(
                "text.complement",
                vec![
                    Node::Num(u128::from(*base)),
                    Node::Num(*digits as u128),
                    inner.to_node(),
                ],
            ),
        }
    }

    pub(crate) fn from_node(node: &Node) -> Result<TextFormat, String> {
        let (name, args) = node.as_call()?;
        Ok(match (name, args) {
            ("text.delimited", [d, inner]) => TextFormat::Delimited {
                delimiter: d.num()?,
                inner: Box::new(FieldFormat::from_node(inner)?),
            },
            ("text.str", [d]) => TextFormat::Str {
                delimiter: d.num()?,
            },
            ("text.fixed", [n, pad, d]) => TextFormat::Fixed {
                width: n.num()?,
                pad: pad.num()?,
                delimiter: d.num()?,
            },
            ("text.int", []) => TextFormat::Int,
            ("text.reverse_ts", []) => TextFormat::ReverseTs,
            ("text.complement", [base, n, inner]) => TextFormat::Complement {
                base: base.num()?,
                digits: n.num()?,
                inner: Box::new(FieldFormat::from_node(inner)?),
            },
            _ => return Err(format!("unknown format {node}")),
        })
    }
}

/// HBase's typed API members (`#[rowkey(encoding = "hbase_ordered")]`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HbaseOrderedFormat {
    /// `OrderedInt8`.
    Int8,
    /// `OrderedInt16`.
    Int16,
    /// `OrderedInt32`.
    Int32,
    /// `OrderedInt64`.
    Int64,
    /// `OrderedFloat32`.
    Float32,
    /// `OrderedFloat64`.
    Float64,
    /// `OrderedString`.
    Text,
    /// `OrderedBlobVar`.
    BlobVar,
    /// `OrderedBlob`; `desc` ends it with a terminator.
    Blob {
        /// The member is DESCENDING.
        desc: bool,
    },
    /// A nullable member: NULL is `0x05`.
    Nullable {
        /// Only nullable members follow: a NULL never ends the key.
        tail: bool,
        /// The member's format.
        inner: Box<FieldFormat>,
    },
    /// `OrderedNumeric`.
    Numeric,
}

const NAMES: &[(&str, HbaseOrderedFormat)] = &[
    ("hbase_ordered.int8", HbaseOrderedFormat::Int8),
    ("hbase_ordered.int16", HbaseOrderedFormat::Int16),
    ("hbase_ordered.int32", HbaseOrderedFormat::Int32),
    ("hbase_ordered.int64", HbaseOrderedFormat::Int64),
    ("hbase_ordered.float32", HbaseOrderedFormat::Float32),
    ("hbase_ordered.float64", HbaseOrderedFormat::Float64),
    ("hbase_ordered.text", HbaseOrderedFormat::Text),
    ("hbase_ordered.blob_var", HbaseOrderedFormat::BlobVar),
    ("hbase_ordered.numeric", HbaseOrderedFormat::Numeric),
];

impl HbaseOrderedFormat {
    pub(crate) fn to_node(&self) -> Node {
        match self {
            HbaseOrderedFormat::Blob { desc } => {
                Node::call("hbase_ordered.blob", vec![Node::Bool(*desc)])
            }
            HbaseOrderedFormat::Nullable { tail, inner } => Node::call(
                "hbase_ordered.nullable",
                vec![Node::Bool(*tail), inner.to_node()],
            ),
            other => Node::name(
                NAMES
                    .iter()
                    .find(|(_, f)| f == other)
                    .map_or("hbase_ordered.?", |(n, _)| n),
            ),
        }
    }

    pub(crate) fn from_node(node: &Node) -> Result<HbaseOrderedFormat, String> {
        let (name, args) = node.as_call()?;
        Ok(match (name, args) {
            ("hbase_ordered.blob", [d]) => HbaseOrderedFormat::Blob { desc: d.flag()? },
            ("hbase_ordered.nullable", [t, inner]) => HbaseOrderedFormat::Nullable {
                tail: t.flag()?,
                inner: Box::new(FieldFormat::from_node(inner)?),
            },
            (name, []) => NAMES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, f)| f.clone())
                .ok_or_else(|| format!("unknown format {node}"))?,
            _ => return Err(format!("unknown format {node}")),
        })
    }
}

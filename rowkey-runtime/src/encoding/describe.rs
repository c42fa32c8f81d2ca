//! Formats as data. Every [`Format`](super::Format) describes itself as a [`FieldFormat`]
//! (what `K::layout()` records), and every description can be run: [`part`] gives the format
//! as a value ([`Part`](super::part::Part)) over [`Value`](crate::layout::value::Value)s, calling the
//! same code the zero-sized format types call (the shared bodies take the format's parameters
//! as arguments, and a wrapper's body is generic over its inner part, `encoding::part`). The
//! shared adapters' descriptions live here; each encoding's, with its text names and its parts,
//! in its folder's `describe.rs`; their text form is a [`Node`] tree.

use core::fmt;

use super::node::Node;
use super::part::DynPart;
use crate::layout::value::ValueType;

pub use super::bigtable::describe::BigtableFormat;
pub use super::hbase_ordered::describe::HbaseOrderedFormat;
pub use super::java::describe::JavaFormat;
pub use super::phoenix::describe::PhoenixFormat;
pub use super::text::describe::TextFormat;

/// The format a field is written with, as data: the attribute-made format the derive chose
/// (`#[decimal(11)] #[reverse]` is `Reverse(Decimal { digits: 11 })`), with its parameters.
/// Together with the field's [`ValueType`] it says how every value becomes bytes.
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
        use super::describe::{BigtableFormat as B, HbaseOrderedFormat as H, PhoenixFormat as P};
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

/// Why a description cannot be run.
pub(crate) fn unsupported(format: &FieldFormat, ty: &ValueType) -> String {
    format!("no format {format} writes a {ty}")
}

/// Runs `format` for values of `ty`: the same code as the format type the derive names.
pub(crate) fn part(format: &FieldFormat, ty: &ValueType) -> Result<DynPart, String> {
    use super::{capped, digits, fixed, native, option, reverse};
    match format {
        FieldFormat::Natural => native::describe::part(ty),
        FieldFormat::Fixed { width, pad } => fixed::part(*width, *pad, ty),
        FieldFormat::Decimal { digits: n } => digits::part(*n, 10, ty),
        FieldFormat::Hex { digits: n } => digits::part(*n, 16, ty),
        FieldFormat::Reverse(inner) => Ok(reverse::part(part(inner, ty)?)),
        FieldFormat::Opt(inner) => match ty {
            ValueType::Option(t) => Ok(option::part(part(inner, t)?)),
            _ => Err(unsupported(format, ty)),
        },
        FieldFormat::Capped {
            max,
            max_width,
            inner,
        } => Ok(capped::part(*max, *max_width, part(inner, ty)?)),
        FieldFormat::Java(j) => j.part(ty),
        FieldFormat::Text(t) => t.part(ty),
        FieldFormat::Phoenix(p) => p.part(ty),
        FieldFormat::HbaseOrdered(h) => h.part(ty),
        FieldFormat::Bigtable(b) => b.part(ty),
        FieldFormat::FdbElement => super::fdb_tuple::describe::part(ty),
    }
    .map_err(|e| {
        if e.is_empty() {
            unsupported(format, ty)
        } else {
            e
        }
    })
}

//! Phoenix's column formats as data ([`PhoenixFormat`]) and their text names
//! (`phoenix.varchar(false)`); their parts are in `describe.rs`.

use crate::encoding::node::Node;

/// Apache Phoenix's primary-key column encodings (`#[rowkey(encoding = "phoenix")]`).
/// `ff_separator`: the column is DESC in a row-key-order optimizable table, so a value's
/// separator is `FF` (and one follows the last column too).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PhoenixFormat {
    /// BOOLEAN; `desc` writes the other byte.
    Boolean {
        /// The column is DESC.
        desc: bool,
    },
    /// FLOAT.
    Float,
    /// DOUBLE.
    Double,
    /// UNSIGNED_FLOAT.
    UnsignedFloat,
    /// UNSIGNED_DOUBLE.
    UnsignedDouble,
    /// UNSIGNED_TINYINT.
    UnsignedTinyint,
    /// UNSIGNED_SMALLINT.
    UnsignedSmallint,
    /// UNSIGNED_INT.
    UnsignedInt,
    /// UNSIGNED_LONG.
    UnsignedLong,
    /// VARCHAR.
    Varchar {
        /// See the type's docs.
        ff_separator: bool,
    },
    /// VARBINARY (the last column only).
    Varbinary {
        /// See the type's docs.
        ff_separator: bool,
    },
    /// CHAR(N).
    Char {
        /// N.
        width: usize,
    },
    /// DECIMAL.
    Decimal {
        /// See the type's docs.
        ff_separator: bool,
    },
    /// DECIMAL(P, S).
    FixedDecimal {
        /// P.
        precision: u32,
        /// S.
        scale: u32,
        /// See the type's docs.
        ff_separator: bool,
    },
    /// DATE or TIME (or UNSIGNED_), 8 bytes of milliseconds.
    Millis {
        /// UNSIGNED_DATE / UNSIGNED_TIME.
        unsigned: bool,
        /// The table's ROW_TIMESTAMP column.
        row_timestamp: bool,
    },
    /// TIMESTAMP (or UNSIGNED_TIMESTAMP), 12 bytes.
    Timestamp {
        /// UNSIGNED_TIMESTAMP.
        unsigned: bool,
        /// The table's ROW_TIMESTAMP column.
        row_timestamp: bool,
    },
    /// BIGINT as the table's ROW_TIMESTAMP column.
    RowTimestampBigint,
}

const NAMES: &[(&str, PhoenixFormat)] = &[
    ("phoenix.float", PhoenixFormat::Float),
    ("phoenix.double", PhoenixFormat::Double),
    ("phoenix.unsigned_float", PhoenixFormat::UnsignedFloat),
    ("phoenix.unsigned_double", PhoenixFormat::UnsignedDouble),
    ("phoenix.unsigned_tinyint", PhoenixFormat::UnsignedTinyint),
    ("phoenix.unsigned_smallint", PhoenixFormat::UnsignedSmallint),
    ("phoenix.unsigned_int", PhoenixFormat::UnsignedInt),
    ("phoenix.unsigned_long", PhoenixFormat::UnsignedLong),
    (
        "phoenix.row_timestamp_bigint",
        PhoenixFormat::RowTimestampBigint,
    ),
];

impl PhoenixFormat {
    pub(crate) fn to_node(&self) -> Node {
        let flag = |name: &str, b: bool| Node::call(name, vec![Node::Bool(b)]);
        match self {
            PhoenixFormat::Boolean { desc } => flag("phoenix.boolean", *desc),
            PhoenixFormat::Varchar { ff_separator } => flag("phoenix.varchar", *ff_separator),
            PhoenixFormat::Varbinary { ff_separator } => flag("phoenix.varbinary", *ff_separator),
            PhoenixFormat::Decimal { ff_separator } => flag("phoenix.decimal", *ff_separator),
            PhoenixFormat::Char { width } => {
                Node::call("phoenix.char", vec![Node::Num(*width as u128)])
            }
            PhoenixFormat::FixedDecimal {
                precision,
                scale,
                ff_separator,
            } => Node::call(
                "phoenix.fixed_decimal",
                vec![
                    Node::Num(u128::from(*precision)),
                    Node::Num(u128::from(*scale)),
                    Node::Bool(*ff_separator),
                ],
            ),
            PhoenixFormat::Millis {
                unsigned,
                row_timestamp,
            } => Node::call(
                "phoenix.millis",
                vec![Node::Bool(*unsigned), Node::Bool(*row_timestamp)],
            ),
            PhoenixFormat::Timestamp {
                unsigned,
                row_timestamp,
            } => Node::call(
                "phoenix.timestamp",
                vec![Node::Bool(*unsigned), Node::Bool(*row_timestamp)],
            ),
            other => {
                let name = NAMES
                    .iter()
                    .find(|(_, f)| f == other)
                    .map_or("phoenix.?", |(n, _)| n);
                Node::name(name)
            }
        }
    }

    pub(crate) fn from_node(node: &Node) -> Result<PhoenixFormat, String> {
        let (name, args) = node.as_call()?;
        Ok(match (name, args) {
            ("phoenix.boolean", [b]) => PhoenixFormat::Boolean { desc: b.flag()? },
            ("phoenix.varchar", [b]) => PhoenixFormat::Varchar {
                ff_separator: b.flag()?,
            },
            ("phoenix.varbinary", [b]) => PhoenixFormat::Varbinary {
                ff_separator: b.flag()?,
            },
            ("phoenix.decimal", [b]) => PhoenixFormat::Decimal {
                ff_separator: b.flag()?,
            },
            ("phoenix.char", [n]) => PhoenixFormat::Char { width: n.num()? },
            ("phoenix.fixed_decimal", [p, s, b]) => PhoenixFormat::FixedDecimal {
                precision: p.num()?,
                scale: s.num()?,
                ff_separator: b.flag()?,
            },
            ("phoenix.millis", [u, r]) => PhoenixFormat::Millis {
                unsigned: u.flag()?,
                row_timestamp: r.flag()?,
            },
            ("phoenix.timestamp", [u, r]) => PhoenixFormat::Timestamp {
                unsigned: u.flag()?,
                row_timestamp: r.flag()?,
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

//! Java's formats as data ([`JavaFormat`]) and their text names (`java.fixed(4)`); their
//! parts are in `describe.rs`.

use crate::encoding::node::Node;

/// Java's layouts: HBase's `Bytes.toBytes` and the formats of `#[java]` and `#[reverse_ts]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum JavaFormat {
    /// `#[java]` on a signed integer: big-endian two's complement.
    Int,
    /// `#[java] #[fixed(N)]`: two's complement in `width` bytes.
    Fixed {
        /// Bytes.
        width: usize,
    },
    /// `#[reverse_ts]`: `MAX - ts`, refusing a negative timestamp.
    ReverseTs,
    /// `#[java]` on a string or byte vector: its raw bytes, to where the fixed-width fields
    /// after it start.
    Str,
    /// `#[java]` on a float: `floatToIntBits` / `doubleToLongBits`.
    Float,
    /// `#[java] #[reverse_ts]`: `MAX - ts` with Java's wrap-around.
    WrappingReverseTs,
    /// `#[java(nul_terminated)]`: the raw bytes, then `00`.
    NulTerminated,
    /// `#[java(terminated = b"..")]`: the raw bytes, then the terminator.
    Terminated {
        /// The terminator's bytes.
        terminator: Vec<u8>,
    },
}

impl JavaFormat {
    pub(crate) fn to_node(&self) -> Node {
        match self {
            JavaFormat::Int => Node::name("java.int"),
            JavaFormat::Fixed { width } => {
                Node::call("java.fixed", vec![Node::Num(*width as u128)])
            }
            JavaFormat::ReverseTs => Node::name("java.reverse_ts"),
            JavaFormat::Str => Node::name("java.str"),
            JavaFormat::Float => Node::name("java.float"),
            JavaFormat::WrappingReverseTs => Node::name("java.wrapping_reverse_ts"),
            JavaFormat::NulTerminated => Node::name("java.nul_terminated"),
            JavaFormat::Terminated { terminator } => Node::call(
                "java.terminated",
                terminator.iter().map(|&b| Node::Byte(b)).collect(),
            ),
        }
    }

    pub(crate) fn from_node(node: &Node) -> Result<JavaFormat, String> {
        let (name, args) = node.as_call()?;
        Ok(match (name, args) {
            ("java.int", []) => JavaFormat::Int,
            ("java.fixed", [n]) => JavaFormat::Fixed { width: n.num()? },
            ("java.reverse_ts", []) => JavaFormat::ReverseTs,
            ("java.str", []) => JavaFormat::Str,
            ("java.float", []) => JavaFormat::Float,
            ("java.wrapping_reverse_ts", []) => JavaFormat::WrappingReverseTs,
            ("java.nul_terminated", []) => JavaFormat::NulTerminated,
            ("java.terminated", bytes) if (1..=16).contains(&bytes.len()) => {
                JavaFormat::Terminated {
                    terminator: bytes.iter().map(Node::num).collect::<Result<_, _>>()?,
                }
            }
            _ => return Err(format!("unknown format {node}")),
        })
    }
}

//! Formats as data. Every [`Format`] describes itself as a [`FieldFormat`] (what
//! `K::layout()` records), and every description can be run: [`part`] gives the format as a
//! value ([`Part`]) over [`Value`]s, calling the same code the zero-sized format types call
//! (the shared bodies take the format's parameters as arguments, and a wrapper's body is
//! generic over its inner [`Part`]). The shared adapters' descriptions live here; each
//! encoding's, with its text names and its parts, in its folder's `describe.rs`.

use core::fmt;
use core::marker::PhantomData;

use super::Format;
use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError};
use crate::layout::value::Typed;
use crate::layout::{Value, ValueType};

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

/// A format's text form as a tree: `name`, `name(arg, ...)`, numbers and bytes (`0x3a`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Node {
    Call(String, Vec<Node>),
    Num(u128),
    Byte(u8),
    Bool(bool),
}

impl Node {
    pub fn name(name: &str) -> Node {
        Node::Call(name.to_string(), Vec::new())
    }

    pub fn call(name: &str, args: Vec<Node>) -> Node {
        Node::Call(name.to_string(), args)
    }

    pub fn as_call(&self) -> Result<(&str, &[Node]), String> {
        match self {
            Node::Call(name, args) => Ok((name, args)),
            other => Err(format!("expected a format, found {other}")),
        }
    }

    /// A number or byte argument, converted.
    pub fn num<T: TryFrom<u128>>(&self) -> Result<T, String> {
        let x = match self {
            Node::Num(x) => *x,
            Node::Byte(b) => u128::from(*b),
            other => return Err(format!("expected a number, found {other}")),
        };
        T::try_from(x).map_err(|_| format!("{x} is out of range here"))
    }

    pub fn flag(&self) -> Result<bool, String> {
        match self {
            Node::Bool(b) => Ok(*b),
            other => Err(format!("expected true or false, found {other}")),
        }
    }

    pub fn parse(c: &mut crate::layout::value_text::Cursor<'_>) -> Result<Node, String> {
        let word = c.word();
        if word.is_empty() {
            return Err(format!("expected a format at {:?}", c.excerpt()));
        }
        if let Some(hex) = word.strip_prefix("0x") {
            return u8::from_str_radix(hex, 16)
                .map(Node::Byte)
                .map_err(|_| format!("expected a byte 0x00..0xff, found {word:?}"));
        }
        if word.bytes().all(|b| b.is_ascii_digit()) {
            return word
                .parse()
                .map(Node::Num)
                .map_err(|_| format!("{word} is too large"));
        }
        match word {
            "true" => return Ok(Node::Bool(true)),
            "false" => return Ok(Node::Bool(false)),
            _ => {}
        }
        let mut args = Vec::new();
        if c.rest().starts_with('(') {
            c.expect("(")?;
            loop {
                args.push(Node::parse(c)?);
                if c.eat(")") {
                    break;
                }
                c.expect(",")?;
            }
        }
        Ok(Node::Call(word.to_string(), args))
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Node::Call(name, args) => {
                f.write_str(name)?;
                if !args.is_empty() {
                    f.write_str("(")?;
                    for (i, a) in args.iter().enumerate() {
                        if i > 0 {
                            f.write_str(",")?;
                        }
                        write!(f, "{a}")?;
                    }
                    f.write_str(")")?;
                }
                Ok(())
            }
            Node::Num(x) => write!(f, "{x}"),
            Node::Byte(b) => write!(f, "0x{b:02x}"),
            Node::Bool(b) => write!(f, "{b}"),
        }
    }
}

/// A format as a value over `T`: what a wrapper format (`Opt`, `Reverse`, `Capped`, a text
/// key's `Delimited`, ...) writes its inner format through, so that one body serves both the
/// generated code (the inner format a type: [`Of`]) and a layout run from its description (a
/// [`DynPart`]).
pub(crate) trait Part<T> {
    /// `Format::WIDTH`.
    fn width(&self) -> Option<usize>;
    /// `Format::MAX_WIDTH`.
    fn max_width(&self) -> Option<usize>;
    /// `Format::len`.
    fn len(&self, v: &T, last: bool) -> usize;
    /// `Format::write`.
    fn write(&self, v: &T, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError>;
    /// `Format::read`.
    fn read(&self, r: &mut Reader<'_>, last: bool) -> Result<T, DecodeError>;
}

/// The format type `F` as a [`Part`]: zero-sized, its calls the type's.
pub(crate) struct Of<F>(PhantomData<fn() -> F>);

impl<F> Of<F> {
    pub(crate) const NEW: Of<F> = Of(PhantomData);
}

impl<T, F: Format<T>> Part<T> for Of<F> {
    #[inline(always)]
    fn width(&self) -> Option<usize> {
        F::WIDTH
    }
    #[inline(always)]
    fn max_width(&self) -> Option<usize> {
        F::MAX_WIDTH
    }
    #[inline(always)]
    fn len(&self, v: &T, last: bool) -> usize {
        F::len(v, last)
    }
    #[inline(always)]
    fn write(&self, v: &T, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        F::write(v, w, last)
    }
    #[inline(always)]
    fn read(&self, r: &mut Reader<'_>, last: bool) -> Result<T, DecodeError> {
        F::read(r, last)
    }
}

/// A format run from its description, over [`Value`]s.
pub(crate) type DynPart = Box<dyn Part<Value> + Send + Sync>;

/// The error of a value of the wrong type reaching a part (a [`DynamicKey`] checks every
/// value's type first, so only a defect reaches it).
///
/// [`DynamicKey`]: crate::layout::DynamicKey
pub(crate) fn wrong_type(field: &'static str) -> EncodeError {
    EncodeError::Codec {
        field,
        message: String::from("a value of another type than the field's"),
    }
}

/// The format type `F` over the values of `T`, converted at the boundary.
pub(crate) struct Leaf<F, T>(PhantomData<fn() -> (F, T)>);

impl<F, T> Leaf<F, T>
where
    F: Format<T> + 'static,
    T: Typed + 'static,
{
    pub(crate) fn boxed() -> DynPart {
        Box::new(Leaf::<F, T>(PhantomData))
    }
}

impl<F: Format<T>, T: Typed> Part<Value> for Leaf<F, T> {
    fn width(&self) -> Option<usize> {
        F::WIDTH
    }
    fn max_width(&self) -> Option<usize> {
        F::MAX_WIDTH
    }
    fn len(&self, v: &Value, last: bool) -> usize {
        T::from_value(v).map_or(0, |t| F::len(&t, last))
    }
    fn write(&self, v: &Value, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        match T::from_value(v) {
            Some(t) => F::write(&t, w, last),
            None => Err(wrong_type(w.field())),
        }
    }
    fn read(&self, r: &mut Reader<'_>, last: bool) -> Result<Value, DecodeError> {
        F::read(r, last).map(|t| t.to_value())
    }
}

/// A part made of closures over [`Value`]s: what a format whose parameters are numbers (a
/// width, a delimiter) runs as, calling the body the format type calls with its constants.
pub(crate) struct Closures<L, W, R> {
    pub width: Option<usize>,
    pub max_width: Option<usize>,
    pub len: L,
    pub write: W,
    pub read: R,
}

impl<L, W, R> Part<Value> for Closures<L, W, R>
where
    L: Fn(&Value, bool) -> usize,
    W: Fn(&Value, &mut Writer<'_>, bool) -> Result<(), EncodeError>,
    R: Fn(&mut Reader<'_>, bool) -> Result<Value, DecodeError>,
{
    fn width(&self) -> Option<usize> {
        self.width
    }
    fn max_width(&self) -> Option<usize> {
        self.max_width
    }
    fn len(&self, v: &Value, last: bool) -> usize {
        (self.len)(v, last)
    }
    fn write(&self, v: &Value, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        (self.write)(v, w, last)
    }
    fn read(&self, r: &mut Reader<'_>, last: bool) -> Result<Value, DecodeError> {
        (self.read)(r, last)
    }
}

/// [`Closures`], boxed.
pub(crate) fn closures<L, W, R>(
    width: Option<usize>,
    max_width: Option<usize>,
    len: L,
    write: W,
    read: R,
) -> DynPart
where
    L: Fn(&Value, bool) -> usize + Send + Sync + 'static,
    W: Fn(&Value, &mut Writer<'_>, bool) -> Result<(), EncodeError> + Send + Sync + 'static,
    R: Fn(&mut Reader<'_>, bool) -> Result<Value, DecodeError> + Send + Sync + 'static,
{
    Box::new(Closures {
        width,
        max_width,
        len,
        write,
        read,
    })
}

/// A [`DynPart`] seen as a part over `T`, converting at the boundary: the inner part of a
/// wrapper whose body wants a `T` (a text key's digit complement, over `u128`).
pub(crate) struct As<'a, T>(
    pub &'a (dyn Part<Value> + Send + Sync),
    PhantomData<fn() -> T>,
);

impl<'a, T> As<'a, T> {
    pub(crate) fn new(part: &'a (dyn Part<Value> + Send + Sync)) -> Self {
        As(part, PhantomData)
    }
}

impl<T: Typed> Part<T> for As<'_, T> {
    fn width(&self) -> Option<usize> {
        self.0.width()
    }
    fn max_width(&self) -> Option<usize> {
        self.0.max_width()
    }
    fn len(&self, v: &T, last: bool) -> usize {
        self.0.len(&v.to_value(), last)
    }
    fn write(&self, v: &T, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        self.0.write(&v.to_value(), w, last)
    }
    fn read(&self, r: &mut Reader<'_>, last: bool) -> Result<T, DecodeError> {
        let v = self.0.read(r, last)?;
        T::from_value(&v).ok_or_else(|| r.invalid(r.offset(), "a value of the field's type"))
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

/// Picks, by `$ty`, `$make::<T>(args)` for the listed `ValueType` variants and their Rust
/// types; `Err("")` (then "no format ... writes a ...") for the others.
macro_rules! by_type {
    ($ty:expr, $make:ident $args:tt, [$($variant:ident => $t:ty),* $(,)?]) => {
        match $ty {
            $(crate::layout::ValueType::$variant => $make::<$t> $args,)*
            _ => Err(String::new()),
        }
    };
}
pub(crate) use by_type;

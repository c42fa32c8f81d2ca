//! HBase's typed API (`#[rowkey(encoding = "hbase_ordered")]`): a `Struct` of `Ordered*` and
//! `Raw*` members. The field's type picks the `Ordered*` member; `#[java]`, `#[fixed(N)]` and
//! `#[blob]` pick the others (the table in [`Member`]); `#[desc]` is `Order.DESCENDING`.

use proc_macro2::Literal;

use super::data::{EmptyKey, Fmt, Kind, Part, Traits, Written};
use super::refusal::Refusal;
use super::shared::{desc_flip, first_droppable, phoenix_attrs, phoenix_flag, refuse_flags};
use super::Encoding;
use crate::ast::{is_decimal, Class, Field, Input};
use crate::ctxt::Ctxt;
use crate::props::{RangeKind, Width};

pub fn build(input: &Input) -> Box<dyn Encoding> {
    Box::new(Ordered {
        first_droppable: first_droppable(&input.fields, nullable),
    })
}

/// `Struct.encode` drops trailing NULLs of nullable members.
fn nullable(f: &Field) -> bool {
    matches!(f.class, Class::Option(_))
}

struct Ordered {
    /// The first of the trailing nullable members, which `Struct.encode` drops when NULL.
    first_droppable: usize,
}

impl Ordered {
    /// Among the trailing members `Struct.encode` drops when they are NULL.
    fn in_dropped_tail(&self, f: &Field) -> bool {
        f.index >= self.first_droppable
    }
}

impl Encoding for Ordered {
    /// `Struct.encode` of NULLs alone writes no byte.
    fn traits(&self, _input: &Input) -> Traits {
        Traits {
            kind: Kind::HbaseOrdered,
            description: String::from("hbase ordered struct"),
            delimiter: None,
            empty_key: EmptyKey::Refused("HBase's Struct"),
            short_forms: true,
            ends_below_ff: false,
            extra: None,
        }
    }

    fn part(&self, f: &Field) -> Part {
        Part {
            format: self.format(f),
            width: width(f),
            last_trim: 0,
            value_trim: 0,
            // `Order.DESCENDING` inverts every byte, the header included.
            flip: desc_flip(f),
            open_end: f.last,
            written: nullable(f).then_some(Written::IsSome),
            range: self.range(f),
            // An ascending `OrderedBlob`, `RawString` or `RawBytes` runs to the end of the key.
            // Every other member is self-delimiting.
            range_open: f.attrs.desc.is_none() && member(f).is_some_and(Member::last_only),
            // A `RawString` or `RawBytes` goes last only.
            tail_window: false,
            leading_digits: None,
            type_name: Some(member(f).map_or_else(|| "?".into(), Member::name)),
        }
    }

    /// `OrderedString`: header, bytes, `00`; `OrderedBlobVar`: header then 7 bits a byte
    /// (`00` for the empty value); `OrderedBlob`: header, bytes (and `FF` when DESC); `Raw` the
    /// bytes; terminated: the bytes and terminator. A NULL is one byte.
    fn capped_width(&self, f: &Field, max: usize) -> usize {
        let value = match member(f) {
            Some(Member::BlobVar) => 1 + (8 * max).div_ceil(7).max(1),
            Some(Member::Blob) => 1 + max + usize::from(f.attrs.desc.is_some()),
            Some(Member::Raw { .. }) => max,
            Some(Member::Terminated { .. }) => {
                max + f.attrs.terminator.as_ref().map_or(1, |t| t.value().len())
            }
            _ => max + 2,
        };
        match f.class {
            Class::Option(_) => value.max(1),
            _ => value,
        }
    }

    fn check(&self, cx: &Ctxt, input: &Input) {
        check(cx, input);
    }
}

impl Ordered {
    fn format(&self, f: &Field) -> Fmt {
        let value = match member(f) {
            Some(Member::Int(1)) => Fmt::new(&["hbase_ordered", "Int8"]),
            Some(Member::Int(2)) => Fmt::new(&["hbase_ordered", "Int16"]),
            Some(Member::Int(4)) => Fmt::new(&["hbase_ordered", "Int32"]),
            Some(Member::Int(_)) => Fmt::new(&["hbase_ordered", "Int64"]),
            Some(Member::Float(4)) => Fmt::new(&["hbase_ordered", "Float32"]),
            Some(Member::Float(_)) => Fmt::new(&["hbase_ordered", "Float64"]),
            Some(Member::BlobVar) => Fmt::new(&["hbase_ordered", "BlobVar"]),
            Some(Member::Numeric) => Fmt::new(&["hbase_ordered", "Numeric"]),
            Some(Member::Blob) => Fmt::new(&["hbase_ordered", "Blob"]).with(f.attrs.desc.is_some()),
            Some(Member::RawInt(_)) => Fmt::new(&["java", "Java"]),
            Some(Member::RawFloat(_)) => Fmt::new(&["java", "JavaFloat"]),
            Some(Member::Raw { .. }) => Fmt::new(&["java", "JavaStr"]),
            Some(Member::Terminated { .. }) => super::java::terminated_format(f),
            Some(Member::FixedLength {
                len, padded: true, ..
            }) => Fmt::new(&["Fixed"]).with(Literal::usize_suffixed(len)),
            Some(Member::FixedLength { .. }) => Fmt::new(&["Natural"]),
            Some(Member::Text) | None => Fmt::new(&["hbase_ordered", "Text"]),
        };
        match f.class {
            Class::Option(_) => Fmt::new(&["hbase_ordered", "Nullable"])
                .with(value)
                .with(self.in_dropped_tail(f)),
            _ => value,
        }
    }

    fn range(&self, f: &Field) -> Result<RangeKind, Refusal> {
        let desc = f.attrs.desc.is_some();
        match member(f) {
            Some(Member::BlobVar) => return Err(Refusal::OrderedBlobVar),
            Some(Member::RawInt(_) | Member::RawFloat(_)) => return Err(Refusal::Java),
            // Inverted bytes that run to the end of the key: "a" sorts before "ab" in both orders.
            Some(Member::Raw { .. }) if desc => return Err(Refusal::Raw),
            Some(Member::Terminated { .. }) if !f.terminator_keeps_order() => {
                return Err(Refusal::Terminator)
            }
            _ => {}
        }
        // A DESC NULL is stored 0xFA (after every value), but dropped at the end of the key, where
        // it sorts first: no one range of bytes.
        if desc && self.in_dropped_tail(f) {
            return Err(Refusal::OrderedDescNull);
        }
        Ok(RangeKind::Monotone { descending: desc })
    }
}

/// A header byte before each `Ordered` number, the `Raw` numbers and fixed lengths bare; a NULL
/// is one byte (or none, when dropped).
fn width(f: &Field) -> Width {
    let value = match member(f) {
        Some(Member::Int(n) | Member::Float(n)) => Width::Fixed(1 + n),
        Some(Member::RawInt(n) | Member::RawFloat(n)) => Width::Fixed(n),
        Some(Member::FixedLength { len, .. }) => Width::Fixed(len),
        Some(
            Member::Text
            | Member::BlobVar
            | Member::Blob
            | Member::Raw { .. }
            | Member::Terminated { .. },
        ) => Width::Unbounded,
        Some(Member::Numeric) | None => Width::Unknown,
    };
    match (&f.class, value) {
        (Class::Option(_), Width::Fixed(n)) => Width::Max(n),
        (_, value) => value,
    }
}

/// The HBase `DataType` a field is, from its type and attributes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Member {
    /// `i8`..`i64`: `OrderedInt8`..`OrderedInt64` (width in bytes).
    Int(usize),
    /// `f32`/`f64`: `OrderedFloat32`/`64`.
    Float(usize),
    /// `String`: `OrderedString`.
    Text,
    /// `Vec<u8>`: `OrderedBlobVar`.
    BlobVar,
    /// `rust_decimal::Decimal`: `OrderedNumeric`.
    Numeric,
    /// `#[blob] Vec<u8>`: `OrderedBlob` (last member only).
    Blob,
    /// `#[java] i8..i64`: `RawByte`..`RawLong` (`Bytes.toBytes`).
    RawInt(usize),
    /// `#[java] f32/f64`: `RawFloat`/`RawDouble` (`Bytes.putFloat`/`putDouble`).
    RawFloat(usize),
    /// `#[java] String` / `#[java] Vec<u8>`: `RawString` / `RawBytes` (last member only).
    Raw { text: bool },
    /// `#[java(nul_terminated)]` or `#[java(terminated = b"..")]`: `RawStringTerminated` /
    /// `RawBytesTerminated` with `0x00` or those bytes.
    Terminated { text: bool },
    /// `#[fixed(N)] String` / `#[fixed(N)] Vec<u8>` (`padded`: with `0x00`) / `[u8; N]`:
    /// `RawStringFixedLength(N)` / `RawBytesFixedLength(N)`.
    FixedLength {
        text: bool,
        len: usize,
        padded: bool,
    },
}

impl Member {
    /// HBase's name of the type.
    fn name(self) -> String {
        let kind = |text: bool| if text { "String" } else { "Bytes" };
        match self {
            Member::Int(n) => format!("OrderedInt{}", 8 * n),
            Member::Float(n) => format!("OrderedFloat{}", 8 * n),
            Member::Text => "OrderedString".into(),
            Member::BlobVar => "OrderedBlobVar".into(),
            Member::Numeric => "OrderedNumeric".into(),
            Member::Blob => "OrderedBlob".into(),
            Member::RawInt(1) => "RawByte".into(),
            Member::RawInt(2) => "RawShort".into(),
            Member::RawInt(4) => "RawInteger".into(),
            Member::RawInt(_) => "RawLong".into(),
            Member::RawFloat(4) => "RawFloat".into(),
            Member::RawFloat(_) => "RawDouble".into(),
            Member::Raw { text } => format!("Raw{}", kind(text)),
            Member::Terminated { text } => format!("Raw{}Terminated", kind(text)),
            Member::FixedLength { text, len, .. } => {
                format!("Raw{}FixedLength({len})", kind(text))
            }
        }
    }

    /// Not skippable: HBase's `Struct` takes it as its last member only.
    fn last_only(self) -> bool {
        matches!(self, Member::Blob | Member::Raw { .. })
    }

    /// `Order.DESCENDING` is not available (the Raw numbers have no order; a padded value is
    /// padded with `0x00` after it is inverted, which no order survives).
    fn no_desc(self) -> bool {
        matches!(
            self,
            Member::RawInt(_) | Member::RawFloat(_) | Member::FixedLength { padded: true, .. }
        )
    }

    /// Nullable (`Option<T>`) in HBase.
    fn nullable(self) -> bool {
        matches!(
            self,
            Member::Text | Member::BlobVar | Member::Numeric | Member::Blob
        )
    }
}

/// The member `f` declares, or `None` for a type HBase has no member for.
fn member(f: &Field) -> Option<Member> {
    let a = &f.attrs;
    let java = a.java.is_some();
    let terminated = a.nul_terminated.is_some();
    let value = f.class.value();
    if is_decimal(f.ty) {
        return Some(Member::Numeric);
    }
    // Numbers take `#[java]` alone (no width, no terminator).
    let number = a.fixed.is_none() && !terminated;
    Some(match value {
        Class::Signed(n @ (1 | 2 | 4 | 8)) if number && java => Member::RawInt(*n),
        Class::Signed(n @ (1 | 2 | 4 | 8)) if number => Member::Int(*n),
        Class::Float(n) if number && java => Member::RawFloat(*n),
        Class::Float(n) if number => Member::Float(*n),
        Class::String | Class::Bytes => {
            let text = *value == Class::String;
            match (&a.fixed, java, terminated) {
                (Some(n), false, _) => Member::FixedLength {
                    text,
                    len: n.value,
                    padded: true,
                },
                (None, true, true) => Member::Terminated { text },
                (None, true, false) => Member::Raw { text },
                (None, false, _) if a.blob.is_some() && !text => Member::Blob,
                (None, false, _) if text => Member::Text,
                (None, false, _) => Member::BlobVar,
                _ => return None,
            }
        }
        Class::ByteArray(Some(n)) if !java && a.fixed.is_none() => Member::FixedLength {
            text: false,
            len: *n,
            padded: false,
        },
        _ => return None,
    })
}

/// HBase's rules for the key, reported all at once.
fn check(cx: &Ctxt, input: &Input) {
    phoenix_flag(cx, input, "an HBase Struct key has none: remove it");
    if let Some(d) = &input.attrs.delimiter {
        cx.error_spanned_by(
            d,
            "an HBase Struct key has no delimiter; remove `delimiter`",
        );
    }
    if let Some((_, path)) = input.attrs.salt.as_ref().and_then(|s| s.kind.as_ref()) {
        cx.error_spanned_by(
            path,
            "an HBase Struct key has no salt (the typed API writes none); remove `#[salt(...)]`",
        );
    }
    for f in &input.fields {
        field(cx, f);
    }
}

const TAKES: &str = "`#[desc]`, `#[java]` (Raw*), `#[java(nul_terminated)]` (Raw*Terminated), \
                     `#[fixed(N)]` (Raw*FixedLength) and `#[blob]` (OrderedBlob)";

fn field(cx: &Ctxt, f: &Field) {
    let a = &f.attrs;
    refuse_flags(cx, f, "HBase Struct", TAKES, &["java", "blob"]);
    for num in [&a.decimal, &a.hex].into_iter().flatten() {
        cx.error_spanned_by(
            &num.lit,
            format!("an HBase Struct key takes {TAKES}: each HBase type has its own width"),
        );
    }
    if let Some(pad) = &a.pad {
        cx.error_spanned_by(pad, "HBase's Raw*FixedLength pads with 0x00; remove `pad`");
    }
    phoenix_attrs(cx, f);
    let Some(member) = member(f) else {
        return cx.error_spanned_by(
            f.ty,
            "this type and these attributes make no HBase type; an HBase Struct key maps \
             i8..i64 (OrderedInt8..64; `#[java]`: RawByte..RawLong), f32/f64 (OrderedFloat32/64; \
             `#[java]`: RawFloat/RawDouble), String (OrderedString; `#[java]`: RawString; \
             `#[java(nul_terminated)]`: RawStringTerminated; `#[fixed(N)]`: \
             RawStringFixedLength), Vec<u8> (OrderedBlobVar; `#[blob]`: OrderedBlob; the same \
             Raw forms), [u8; N] (RawBytesFixedLength), rust_decimal::Decimal (OrderedNumeric, \
             feature `decimal`), and Option of String, Vec<u8> and Decimal for nullable members",
        );
    };
    if let (Some(path), false) = (&a.blob, member == Member::Blob) {
        cx.error_spanned_by(
            path,
            "`#[blob]` makes a plain Vec<u8> an HBase OrderedBlob; it means nothing here, remove it",
        );
    }
    if matches!(f.class, Class::Option(_)) && !member.nullable() {
        cx.error_spanned_by(
            f.ty,
            format!(
                "HBase's {} is not nullable; remove the Option (nullable members are the \
                 Ordered strings, blobs and numerics)",
                member.name()
            ),
        );
    }
    if let (Some(path), true) = (&a.desc, member.no_desc()) {
        cx.error_spanned_by(
            path,
            format!(
                "HBase's {} has no DESCENDING order; remove `#[desc]`",
                member.name()
            ),
        );
    }
    if member.last_only() && !f.last {
        cx.error_spanned_by(
            f.ty,
            format!(
                "HBase's {} runs to the end of the key (it is not skippable), so Struct takes \
                 it as the last member only; move it last, or use a terminated type",
                member.name()
            ),
        );
    }
}

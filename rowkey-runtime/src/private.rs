//! Items that only `#[derive(RowKey)]`'s generated code uses. Not public API.

pub use crate::budget::{over, within_max_len, KeyOverMaxLen};
pub use crate::encoding::capped::{CapLen, Capped};
pub use crate::encoding::digits::{Decimal, Hex, Unsigned};
pub use crate::encoding::fixed::{Fixed, FixedWidth, JavaFixed};
pub use crate::encoding::hbase_ordered as ordered;
pub use crate::encoding::java::{
    Java, JavaFloat, JavaInt, JavaReverseTs, JavaStr, NulTerminated, ReverseTs, Terminated,
    Timestamp,
};
pub use crate::encoding::option::Opt;
pub use crate::encoding::reverse::Reverse;
pub use crate::encoding::text::{
    Complement, Delimited, TextFixed, TextInt, TextReverseTs, TextStr,
};
pub use crate::encoding::Encoding;
pub use crate::encoding::{bigtable, fdb_tuple, phoenix};
pub use crate::encoding::{Format, Natural};
pub use crate::explain::{
    render_bytes, render_bytes_of, render_debug, DebugProbe, Explainer, Render, RenderDebug,
    RenderFallback, ViaDebug, ViaFallback,
};
pub use crate::key::{
    check_key_len, check_salt, encode_in_place, encode_into_in_place, encode_into_room,
    encode_into_try, encode_stack, explain_salt, read_salt, stack_len, write_salt,
};
pub use crate::layout::{fingerprint, offsets, FieldLayout, Layout};
pub use crate::salt::{Salt, SaltText};
pub use crate::scan::partial::{
    encode_short, map_bound, show_field, show_range, AppendEncoder, Enc, Encoder, PartialKey,
    PrefixEnd, Shown,
};
pub use crate::scan::refusals::{
    AllFixed, BuilderNotGenerated, CanPlan, Full, InKeyOrder, NoRangeJava, NoRangeNested,
    NoRangeOrderedBlobVar, NoRangeOrderedDescNull, NoRangePhoenixBinary, NoRangePhoenixDesc,
    NoRangePhoenixDescDecimal, NoRangePhoenixNullsFirst, NoRangeRaw, NoRangeReversed,
    NoRangeTerminator, NoRangeText, NonGenericKey, PlanFirst, PlanFirstFor, RangeEnded, Ranged,
    ScanTurnedOn,
};
pub use crate::scan::{FieldRange, ScanPlan};
pub use crate::{DecodeError, EncodeError, Reader, RowKey, Writer};
pub use core::convert::Into;
pub use core::marker::PhantomData;
pub use core::ops::{Bound, RangeBounds};
pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{self, Err, Ok};
pub use std::string::String;

/// A generated key's [`Layout`]: its fields as `(name, type, attributes, width, max width)`,
/// their offsets counted from `salt_width`. Not generic, so that it is compiled once.
pub fn layout_of(
    name: &'static str,
    encoding: Encoding,
    (salt, salt_of, salt_width): (Salt, &'static [usize], usize),
    fields: &[FieldParts],
    fingerprint: u64,
) -> Layout {
    let widths: Vec<Option<usize>> = core::iter::once(Some(salt_width))
        .chain(fields.iter().map(|f| f.3))
        .collect();
    let at = offsets(&widths);
    Layout {
        name,
        encoding,
        salt,
        salt_of,
        salt_width,
        fields: fields
            .iter()
            .zip(&at[1..])
            .map(
                |(&(name, ty, attrs, width, max_width), &offset)| FieldLayout {
                    name,
                    ty,
                    attrs,
                    width,
                    max_width,
                    offset,
                },
            )
            .collect(),
        fingerprint,
    }
}

/// One field of [`layout_of`]: `(name, type, attributes, width, max width)`.
pub type FieldParts = (
    &'static str,
    &'static str,
    &'static str,
    Option<usize>,
    Option<usize>,
);

/// Sums part widths in a const context: `None` if any part is `None`.
pub const fn sum(parts: &[Option<usize>]) -> Option<usize> {
    crate::encoding::sum(parts)
}

/// A part width minus `n` bytes (the delimiter a text layout's last part does not have).
pub const fn less(width: Option<usize>, n: usize) -> Option<usize> {
    match width {
        Some(w) => Some(w.saturating_sub(n)),
        None => None,
    }
}

/// Reads a field from a window of the reader that ends `tail` bytes before the key does: a raw
/// `#[java]` string followed by fixed-width fields takes what they leave.
#[inline]
pub fn read_before<'a, T>(
    r: &mut Reader<'a>,
    tail: Option<usize>,
    read: impl FnOnce(&mut Reader<'a>) -> Result<T, DecodeError>,
) -> Result<T, DecodeError> {
    let rest = r.rest();
    let window = rest.len().saturating_sub(tail.unwrap_or(0));
    let mut sub = Reader::with_base(&rest[..window], r.offset());
    sub.begin(r.field(), r.flip());
    let value = read(&mut sub)?;
    sub.finish()?;
    r.advance(sub.position());
    Ok(value)
}

/// Split points of a key type, for [`Subspace::split_points`](crate::Subspace::split_points):
/// the derive implements it behind the gate of `K::split_points` (`__regions`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no split points here: they need the `regions` feature of `rowkey`",
    note = "turn it on in Cargo.toml: rowkey = {{ version = \"0.1\", features = [\"regions\"] }}"
)]
pub trait SplitPoints {
    /// Why split points could not be computed (`rowkey::SplitError`).
    type Error;

    /// `Self::split_points(regions)`.
    fn split_points(regions: usize) -> Result<Vec<Vec<u8>>, Self::Error>;
}

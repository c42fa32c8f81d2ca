//! What a generated scan builder names: its states, the planner it drives (the runtime's
//! `scan::partial`), and the traits of its refusals. Each refusal is implemented by no type;
//! a builder method whose bound needs one (a range given to a field that takes none, through
//! the field's `why` marker) turns a call the builder does not take into an error whose message
//! teaches the rule. The derive names them through a typed table
//! (`rowkey-derive`'s `encodings/refusal.rs`), which a unit test there holds against this file.

/// The builder's shell: the template in `builder.rs`.
pub use crate::__rowkey_scan_builder as builder;
pub use crate::scan::arg::{FieldOps, Plain, PlainField, TakesRange};
pub use crate::scan::partial::{encode_short, show_field, Enc, PartialKey};
pub use crate::scan::FieldArg;

/// Implemented by the states of a generated scan builder that can be planned, for keys whose
/// hash salt without buckets hashes fields (their `.plan()` is bounded by it); missing for the
/// states where the partial key does not fix them. Other keys' `.plan()` has no bound.
#[diagnostic::on_unimplemented(
    message = "this partial key does not fix every field that the key's md5 salt hashes, so no scan can find its rows",
    label = "fix the fields of `#[salt(md5, of = ...)]` before calling `.plan()`",
    note = "a hash salt without buckets cannot fan out; `#[salt(md5, buckets = N, of = ...)]` can scan any prefix"
)]
pub trait CanPlan {}

// The builder's states and refusals. A generated builder's state is the marker of the next
// field (a type named as the field, in a module `field`: a name that std also has prints as
// `field::time`), `Full`, or `Ranged<field>`; a field's methods are bounded by `InKeyOrder`,
// which each marker implements for itself only. `Full` and `Ranged` implement it under bounds
// that no type meets, so the compiler reports those, with messages that teach the rule. A
// derive cannot attach messages of its own, hence these traits.

/// The state of a generated scan builder once every field is fixed.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Full;

/// The state of a generated scan builder after a range on `Field`: only `.plan()` remains.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Ranged<Field>(core::marker::PhantomData<fn() -> Field>);

/// Holds when the builder's state (`Self`, the next field) is `Field`: fields in key order.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Key}::scan()` takes the fields in key order {Order}, and the next one is `{Self}`",
    label = "`{Self}` comes before this field: fix it (or bound it) first"
)]
pub trait InKeyOrder<Key, Order, Field, Plan> {}

impl<Key, Order, Field, Plan> InKeyOrder<Key, Order, Field, Plan> for Full where
    Field: AllFixed<Key, Plan>
{
}

impl<Key, Order, Field, Plan, Bounded> InKeyOrder<Key, Order, Field, Plan> for Ranged<Bounded> where
    Field: RangeEnded<Key, Bounded, Plan>
{
}

/// A field given after every field was fixed.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "every field of `{Key}` is fixed: call `.{Plan}()` for the row (a Get)",
    label = "no field is left to fix"
)]
pub trait AllFixed<Key, Plan> {}

/// A field given after a range.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the range on `{Field}` ended the partial key of `{Key}`: a range bounds the last field a scan can constrain",
    label = "call `.{Plan}()` after the range"
)]
pub trait RangeEnded<Key, Field, Plan> {}

/// A range on a `#[reverse]` field.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` takes no range: `#[reverse]` stores its bytes back to front, so its byte order does not follow its values",
    label = "give `{Field}` a value or a set of values, or bound a field before it"
)]
pub trait NoRangeReversed<Field> {}

/// A range on a `#[java]` field.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` takes no range: `#[java]` stores negatives after positives (as Java's Bytes.toBytes does), so its byte order does not follow its values",
    label = "give `{Field}` a value or a set of values, or bound a field before it"
)]
pub trait NoRangeJava<Field> {}

/// A range on a Phoenix DESC VARCHAR of a table that is not row-key-order optimizable.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` takes no range: without `row_key_order_optimizable`, Phoenix ends a DESC VARCHAR with 00, so \"ab\" sorts after \"a\" in both orders",
    label = "give `{Field}` a value or a set of values, or declare the table `row_key_order_optimizable = true` (Phoenix's default since 4.12)"
)]
pub trait NoRangePhoenixDesc<Field> {}

/// A range on a Phoenix DESC VARBINARY.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` takes no range: Phoenix writes a DESC VARBINARY as its inverted bytes then FF, and an inverted 00 is FF, so byte order does not follow its values",
    label = "give `{Field}` a value or a set of values, or bound a field before it"
)]
pub trait NoRangePhoenixBinary<Field> {}

/// A range on a nullable Phoenix DESC column.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` takes no range: Phoenix stores NULL first even in a DESC column, so None and the Some values do not form one range of bytes",
    label = "give `{Field}` a value or a set of values (None included), or bound a field before it"
)]
pub trait NoRangePhoenixNullsFirst<Field> {}

/// A range on an HBase `OrderedBlobVar`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` takes no range: HBase's OrderedBlobVar writes 7 bits per byte and marks every byte but the last, so a shorter blob sorts first ([01] before [00 00]), not in byte-string order",
    label = "give `{Field}` a value or a set of values, or bound a field before it"
)]
pub trait NoRangeOrderedBlobVar<Field> {}

/// A range on a nullable DESC member of an HBase `Struct` that may be dropped from the key.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` takes no range: a DESC NULL is stored 0xFA, after every value, but Struct.encode drops NULLs at the end of the key, where they sort first",
    label = "give `{Field}` a value or a set of values, or bound a field before it"
)]
pub trait NoRangeOrderedDescNull<Field> {}

/// A range on a Phoenix DESC DECIMAL(p, s).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` takes no range: Phoenix writes a DESC DECIMAL(p, s) with its bytes not inverted, before a DESC separator, so its bytes sort neither up nor down",
    label = "give `{Field}` a value or a set of values, or bound a field before it"
)]
pub trait NoRangePhoenixDescDecimal<Field> {}

/// A range on a raw `#[java]` string.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` takes no range: a raw `#[java]` string has no terminator, so a longer string's keys sort among its own (\"ab\" + ts after \"a\" + any ts)",
    label = "give `{Field}` a value or a set of values, or drop `#[java]` for an escaped, terminated string"
)]
pub trait NoRangeRaw<Field> {}

/// A range on a `#[java(terminated = b"..")]` field whose terminator has a byte other than `00`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` takes no range: its terminator has a byte other than 00, so a value sorts after its own extensions (\"a\" + \"|\" after \"ab\" + \"|\")",
    label = "give `{Field}` a value or a set of values, or use an all-00 terminator to range over it"
)]
pub trait NoRangeTerminator<Field> {}

/// A range on a variable-width text part.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` takes no range: a variable-width text part sorts as its text followed by the delimiter (\"9\" after \"10\")",
    label = "give `{Field}` a value or a set of values, or give it a width (`#[decimal(N)]`, `#[fixed(N)]`) to range over it"
)]
pub trait NoRangeText<Field> {}

/// A range on a `#[reverse_ts]` value under two `Option`s.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Field}` takes no range: a `#[reverse_ts]` value under two `Option`s has no single byte order",
    label = "give `{Field}` a value or a set of values, or bound a field before it"
)]
pub trait NoRangeNested<Field> {}

/// The `Takes` marker of a field that takes ranges.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Ranges;

impl<Field> TakesRange<Field> for Ranges {}

/// The `Takes` markers of fields that take no range, one per reason: each takes a range only
/// under its reason's trait, which no type implements, so a range is refused with its message.
#[doc(hidden)]
pub mod why {
    /// A field refused by [`NoRangeReversed`](super::NoRangeReversed).
    #[derive(Debug, Clone, Copy)]
    pub struct NoRangeReversed;

    impl<Field> super::TakesRange<Field> for NoRangeReversed where
        NoRangeReversed: super::NoRangeReversed<Field>
    {
    }

    /// A field refused by [`NoRangeJava`](super::NoRangeJava).
    #[derive(Debug, Clone, Copy)]
    pub struct NoRangeJava;

    impl<Field> super::TakesRange<Field> for NoRangeJava where NoRangeJava: super::NoRangeJava<Field> {}

    /// A field refused by [`NoRangePhoenixDesc`](super::NoRangePhoenixDesc).
    #[derive(Debug, Clone, Copy)]
    pub struct NoRangePhoenixDesc;

    impl<Field> super::TakesRange<Field> for NoRangePhoenixDesc where
        NoRangePhoenixDesc: super::NoRangePhoenixDesc<Field>
    {
    }

    /// A field refused by [`NoRangePhoenixBinary`](super::NoRangePhoenixBinary).
    #[derive(Debug, Clone, Copy)]
    pub struct NoRangePhoenixBinary;

    impl<Field> super::TakesRange<Field> for NoRangePhoenixBinary where
        NoRangePhoenixBinary: super::NoRangePhoenixBinary<Field>
    {
    }

    /// A field refused by [`NoRangePhoenixNullsFirst`](super::NoRangePhoenixNullsFirst).
    #[derive(Debug, Clone, Copy)]
    pub struct NoRangePhoenixNullsFirst;

    impl<Field> super::TakesRange<Field> for NoRangePhoenixNullsFirst where
        NoRangePhoenixNullsFirst: super::NoRangePhoenixNullsFirst<Field>
    {
    }

    /// A field refused by [`NoRangeOrderedBlobVar`](super::NoRangeOrderedBlobVar).
    #[derive(Debug, Clone, Copy)]
    pub struct NoRangeOrderedBlobVar;

    impl<Field> super::TakesRange<Field> for NoRangeOrderedBlobVar where
        NoRangeOrderedBlobVar: super::NoRangeOrderedBlobVar<Field>
    {
    }

    /// A field refused by [`NoRangeOrderedDescNull`](super::NoRangeOrderedDescNull).
    #[derive(Debug, Clone, Copy)]
    pub struct NoRangeOrderedDescNull;

    impl<Field> super::TakesRange<Field> for NoRangeOrderedDescNull where
        NoRangeOrderedDescNull: super::NoRangeOrderedDescNull<Field>
    {
    }

    /// A field refused by [`NoRangePhoenixDescDecimal`](super::NoRangePhoenixDescDecimal).
    #[derive(Debug, Clone, Copy)]
    pub struct NoRangePhoenixDescDecimal;

    impl<Field> super::TakesRange<Field> for NoRangePhoenixDescDecimal where
        NoRangePhoenixDescDecimal: super::NoRangePhoenixDescDecimal<Field>
    {
    }

    /// A field refused by [`NoRangeRaw`](super::NoRangeRaw).
    #[derive(Debug, Clone, Copy)]
    pub struct NoRangeRaw;

    impl<Field> super::TakesRange<Field> for NoRangeRaw where NoRangeRaw: super::NoRangeRaw<Field> {}

    /// A field refused by [`NoRangeTerminator`](super::NoRangeTerminator).
    #[derive(Debug, Clone, Copy)]
    pub struct NoRangeTerminator;

    impl<Field> super::TakesRange<Field> for NoRangeTerminator where
        NoRangeTerminator: super::NoRangeTerminator<Field>
    {
    }

    /// A field refused by [`NoRangeText`](super::NoRangeText).
    #[derive(Debug, Clone, Copy)]
    pub struct NoRangeText;

    impl<Field> super::TakesRange<Field> for NoRangeText where NoRangeText: super::NoRangeText<Field> {}

    /// A field refused by [`NoRangeNested`](super::NoRangeNested).
    #[derive(Debug, Clone, Copy)]
    pub struct NoRangeNested;

    impl<Field> super::TakesRange<Field> for NoRangeNested where
        NoRangeNested: super::NoRangeNested<Field>
    {
    }
}

/// Implemented by no type: `scan()` on a generic key is refused with this message.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "scan builders are generated for key structs without generic parameters, and `{Self}` has some",
    label = "no `scan()` for a generic key",
    note = "declare a non-generic key (a type alias is not enough), or build ranges with `ScanRange::prefix` and the key's `encode`"
)]
pub trait NonGenericKey {}

/// Implemented by no type: `scan()` on a key declared with `#[rowkey(scan = false)]`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Key}` is declared with `#[rowkey(scan = false)]`, which leaves out its scan builder",
    label = "no `scan()` for a key with `scan = false`",
    note = "remove `scan = false` from `#[rowkey(...)]` for the typed builder; `full_scan()` still plans a read of every key"
)]
pub trait ScanTurnedOn<Key> {
    /// Never named.
    type Builder;
}

/// Implemented by no type: when the derive reports an error, `scan()` resolves to a projection
/// of this trait (bounded by a lifetime, so only uses are checked), so each use says the
/// builder is missing instead of resolving to `Iterator::scan`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the scan builder was not generated: fix the `#[derive(RowKey)]` error above",
    label = "no scan builder while the derive has an error"
)]
pub trait BuilderNotGenerated {
    /// Never named.
    type Builder;
}

/// A method of [`ScanPlan`](crate::ScanPlan) called on a scan builder: `.plan()` forgotten.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Key}::scan()` builds a partial key, not a plan: call `.{Plan}()` first",
    label = "a method of the `ScanPlan` that `.{Plan}()?` returns",
    note = "`.{Plan}()` returns `Result<ScanPlan, EncodeError>`, since a fixed value or a bound can fail to encode"
)]
pub trait PlanFirstFor<Key, Plan> {}

/// What a generated scan builder dereferences to: [`ScanPlan`](crate::ScanPlan)'s methods,
/// each refused by [`PlanFirstFor`], so that a chain that forgot `.plan()` is told to call it
/// (instead of "no method named `ranges`"). The builder's own methods come first.
#[doc(hidden)]
pub struct PlanFirst<Key, Plan>(core::marker::PhantomData<fn() -> (Key, Plan)>);

impl<Key, Plan> PlanFirst<Key, Plan> {
    /// The value the builders' `Deref` borrows.
    pub const NEW: Self = PlanFirst(core::marker::PhantomData);
}

// `ScanPlan`'s methods, with their arguments, each refused.
#[allow(clippy::extra_unused_type_parameters)]
impl<Key, Plan> PlanFirst<Key, Plan> {
    #[doc(hidden)]
    pub fn ranges(&self) -> !
    where
        Self: PlanFirstFor<Key, Plan>,
    {
        unreachable!("PlanFirstFor is implemented by no type")
    }

    #[doc(hidden)]
    pub fn rows(&self) -> !
    where
        Self: PlanFirstFor<Key, Plan>,
    {
        unreachable!("PlanFirstFor is implemented by no type")
    }

    #[doc(hidden)]
    pub fn row(&self) -> !
    where
        Self: PlanFirstFor<Key, Plan>,
    {
        unreachable!("PlanFirstFor is implemented by no type")
    }

    #[doc(hidden)]
    pub fn is_point(&self) -> !
    where
        Self: PlanFirstFor<Key, Plan>,
    {
        unreachable!("PlanFirstFor is implemented by no type")
    }

    #[doc(hidden)]
    pub fn is_exact(&self) -> !
    where
        Self: PlanFirstFor<Key, Plan>,
    {
        unreachable!("PlanFirstFor is implemented by no type")
    }

    #[doc(hidden)]
    pub fn span(&self) -> !
    where
        Self: PlanFirstFor<Key, Plan>,
    {
        unreachable!("PlanFirstFor is implemented by no type")
    }

    #[doc(hidden)]
    pub fn salt_len(&self) -> !
    where
        Self: PlanFirstFor<Key, Plan>,
    {
        unreachable!("PlanFirstFor is implemented by no type")
    }

    #[doc(hidden)]
    pub fn key_len(&self) -> !
    where
        Self: PlanFirstFor<Key, Plan>,
    {
        unreachable!("PlanFirstFor is implemented by no type")
    }

    #[doc(hidden)]
    pub fn contains<A>(&self, _: A) -> !
    where
        Self: PlanFirstFor<Key, Plan>,
    {
        unreachable!("PlanFirstFor is implemented by no type")
    }

    #[doc(hidden)]
    pub fn matches<A>(&self, _: A) -> !
    where
        Self: PlanFirstFor<Key, Plan>,
    {
        unreachable!("PlanFirstFor is implemented by no type")
    }

    #[doc(hidden)]
    pub fn merge<A>(&self, _: A) -> !
    where
        Self: PlanFirstFor<Key, Plan>,
    {
        unreachable!("PlanFirstFor is implemented by no type")
    }

    #[doc(hidden)]
    pub fn merge_stream<A>(&self, _: A) -> !
    where
        Self: PlanFirstFor<Key, Plan>,
    {
        unreachable!("PlanFirstFor is implemented by no type")
    }

    #[doc(hidden)]
    pub fn fan_out<A, B>(&self, _: A, _: B) -> !
    where
        Self: PlanFirstFor<Key, Plan>,
    {
        unreachable!("PlanFirstFor is implemented by no type")
    }

    #[doc(hidden)]
    pub fn to_multi_row_range_filter(&self) -> !
    where
        Self: PlanFirstFor<Key, Plan>,
    {
        unreachable!("PlanFirstFor is implemented by no type")
    }
}

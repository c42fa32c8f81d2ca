//! Formats as values: [`Part`], a format over `T` as an object, so that one body serves the
//! generated code (the format a type: [`Of`]) and a layout run from its description (a
//! [`DynPart`] over [`Value`]s, built by `describe::part`), with the adapters between them.

use core::marker::PhantomData;

use super::field_format::FieldFormat;
use super::Format;
use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError};
use crate::layout::value::Typed;
use crate::layout::value::{Value, ValueType};

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

/// What runs a description (`describe::part`), handed to the parts of formats that hold an
/// inner format, so that they need not import it.
pub(crate) type Run = fn(&FieldFormat, &ValueType) -> Result<DynPart, String>;

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

/// Picks, by `$ty`, `$make::<T>(args)` for the listed `ValueType` variants and their Rust
/// types; `Err("")` (then "no format ... writes a ...") for the others.
macro_rules! by_type {
    ($ty:expr, $make:ident $args:tt, [$($variant:ident => $t:ty),* $(,)?]) => {
        match $ty {
            $(crate::layout::value::ValueType::$variant => $make::<$t> $args,)*
            _ => Err(String::new()),
        }
    };
}
pub(crate) use by_type;

//! Formats run from their description: [`part`] gives a [`FieldFormat`] as a value
//! ([`Part`](super::part::Part)) over values of its type, calling the same code the zero-sized
//! format types call (the shared bodies take the format's parameters as arguments, and a
//! wrapper's body is generic over its inner part). The shared adapters' parts live beside
//! them; each encoding's in its folder's `describe.rs`.

use super::field_format::FieldFormat;
use super::part::DynPart;
use crate::layout::value::ValueType;

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
        FieldFormat::Text(t) => t.part(ty, part),
        FieldFormat::Phoenix(p) => p.part(ty),
        FieldFormat::HbaseOrdered(h) => h.part(ty, part),
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

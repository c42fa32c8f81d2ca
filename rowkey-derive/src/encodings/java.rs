//! Formats of the `#[java]` attributes that more than one encoding writes: HBase's `Raw*`
//! members are the binary layout's Java-compatible fields.

use proc_macro2::Literal;

use super::data::Fmt;
use crate::ast::Field;

/// The format of a `#[java(nul_terminated)]` or `#[java(terminated = b"..")]` field: the
/// terminator as a length and a big-endian `u128`.
pub fn terminated_format(f: &Field) -> Fmt {
    match &f.attrs.terminator {
        Some(t) => {
            let bytes = t.value();
            let term = bytes
                .iter()
                .fold(0u128, |acc, &b| (acc << 8) | u128::from(b));
            Fmt::new(&["java", "Terminated"])
                .with(Literal::usize_suffixed(bytes.len()))
                .with(Literal::u128_suffixed(term))
        }
        None => Fmt::new(&["java", "NulTerminated"]),
    }
}

//! Runs of plain fields: consecutive fields that a method handles alike (each written or read
//! by its format alone, none the salt hashes, ...) go to the runtime's `__private::run` functions,
//! one call for up to [`LONGEST`] fields, instead of a few statements each. The same work once
//! inlined; less for the declaring crate to type-check.

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use super::field::{field_format, flip};
use crate::ast::{Class, Field};
use crate::encodings::Key;

/// The most fields one runtime call takes: `len8`, `write8` and `explain8` are the
/// longest that `rowkey-runtime/src/__private/run.rs` declares (a unit test holds the two
/// together).
pub const LONGEST: usize = 8;

/// A step of a method over its fields: a run of plain fields, or one field written out.
pub enum Step<'k, 'a> {
    Run(&'k [Field<'a>]),
    One(&'k Field<'a>),
}

/// A method's fields in order: runs of those `alike` accepts (at most [`LONGEST`] long) whose
/// type is one rowkey knows, and the others one at a time. A type of the user's (or an alias:
/// the derive sees only its name) may not have the format its attributes ask for; its
/// `<Format as Format<T>>::item` paths then report that once, where a run's bound would
/// report it again, with a note of its own, for each method.
pub fn steps<'k, 'a>(key: &'k Key<'a>, alike: impl Fn(&Field<'a>) -> bool) -> Vec<Step<'k, 'a>> {
    let fields = key.fields();
    let alike = |f: &Field<'a>| known(&f.class) && alike(f);
    let mut steps = Vec::new();
    let mut start = 0;
    while start < fields.len() {
        if !alike(&fields[start]) {
            steps.push(Step::One(&fields[start]));
            start += 1;
            continue;
        }
        let mut end = start + 1;
        while end < fields.len() && end - start < LONGEST && alike(&fields[end]) {
            end += 1;
        }
        steps.push(Step::Run(&fields[start..end]));
        start = end;
    }
    steps
}

/// Whether `class` is a type rowkey knows (an integer, `String`, ...; an `Option` of one).
fn known(class: &Class) -> bool {
    match class {
        Class::Option(inner) => known(inner),
        Class::Other | Class::PlatformInt => false,
        _ => true,
    }
}

/// `read3` for `kind` "read" and a run of 3.
pub fn function(kind: &str, run: &[Field]) -> Ident {
    Ident::new(&format!("{kind}{}", run.len()), Span::call_site())
}

/// The run's generic arguments: each field's format and type (`__F0, u32, __F1, String`),
/// spanned on the field's type so that an unmet bound points at the field.
pub fn generics(key: &Key, run: &[Field]) -> TokenStream {
    let args = run.iter().map(|f| {
        let fmt = field_format(key, f);
        let ty = f.ty;
        quote!(#fmt, #ty)
    });
    quote!(#(#args),*)
}

/// Each field's arguments of a run's call, in order: `before` (its value, for a write), its
/// name, flip byte and `last`, and `after` (its renderer, for explain): all as one list.
pub fn args(
    key: &Key,
    run: &[Field],
    before: impl Fn(&Field) -> Option<TokenStream>,
    after: impl Fn(&Field) -> Option<TokenStream>,
) -> TokenStream {
    let args = run.iter().map(|f| {
        let name = &f.name;
        let flip = flip(key, f);
        let open = key.part(f).open_end;
        let before = before(f).map(|t| quote!(#t,));
        let after = after(f).map(|t| quote!(, #t));
        quote!(#before #name, #flip, #open #after)
    });
    quote!(#(#args),*)
}

#[cfg(test)]
mod tests {
    use super::LONGEST;

    /// The runtime declares a function of each kind for every run length the derive emits,
    /// and none longer (a run split too late would call a function that does not exist).
    #[test]
    fn the_runtime_declares_every_run_length() {
        let source = include_str!("../../../rowkey-runtime/src/__private/run.rs");
        for n in 1..=LONGEST + 1 {
            let line = format!("len{n} write{n} explain{n}:");
            assert_eq!(source.contains(&line), n <= LONGEST, "{line}");
        }
    }
}

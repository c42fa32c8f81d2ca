//! The phases: the IR from the syntax, its encoding, validation, then codegen from the
//! validated key only; on any error, the errors and a stub impl.

use proc_macro2::TokenStream;
use syn::DeriveInput;

use crate::ast::Input;
use crate::codegen;
use crate::ctxt::Ctxt;
use crate::encodings::Key;
use crate::valid;

pub fn derive(input: &DeriveInput) -> TokenStream {
    match try_expand(input) {
        Ok(tokens) => tokens,
        Err(err) => codegen::fallback::expand(input, err),
    }
}

fn try_expand(node: &DeriveInput) -> syn::Result<TokenStream> {
    let cx = Ctxt::new();
    let key = key(&cx, node);
    cx.check()?;
    let key = key.expect("`key` reports an error whenever it returns None");
    Ok(codegen::impl_row_key(&key))
}

/// The validated key, or `None` where the input is not a struct with named fields; every
/// error is reported to `cx`.
pub fn key<'a>(cx: &Ctxt, node: &'a DeriveInput) -> Option<Key<'a>> {
    let input = Input::from_syn(cx, node)?;
    let key = Key::new(cx, input);
    valid::check(cx, &key);
    Some(key)
}

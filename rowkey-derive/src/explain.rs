//! Codegen for `explain`.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::ast::Input;
use crate::expand::{format_of, krate};

pub fn method(input: &Input) -> TokenStream {
    let krate = krate();
    let parts = input.fields.iter().map(|f| {
        let read = format_of(f, "read");
        let open = input.is_open_end(f);
        let name = &f.name;
        let flip = Literal::u8_suffixed(f.flip());
        quote! {
            match #read(__x.begin(#name, #flip), #open) {
                #krate::__private::Ok(__v) => {
                    __x.value((&#krate::__private::DebugProbe(&__v)).rowkey_render())
                }
                #krate::__private::Err(__e) => return __x.fail(&__e),
            }
        }
    });
    quote! {
        fn explain(__key: &[::core::primitive::u8]) -> #krate::__private::String {
            #[allow(unused_imports)]
            use #krate::__private::{ViaDebug as _, ViaFallback as _};
            let mut __x = #krate::__private::Explainer::new(__key);
            #(#parts)*
            __x.finish()
        }
    }
}

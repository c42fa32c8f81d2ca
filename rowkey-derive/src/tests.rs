//! Expansion snapshots: the pretty-printed code generated for representative structs, so a
//! change to the generated code shows up as a reviewable diff. `INSTA_UPDATE=always` rewrites.

use quote::quote;

fn expand(tokens: proc_macro2::TokenStream) -> String {
    let input: syn::DeriveInput = syn::parse2(tokens).expect("valid input");
    let output = crate::expand::derive(&input);
    let file: syn::File = syn::parse2(output).expect("generated code parses");
    prettyplease::unparse(&file)
}

#[test]
fn message_key() {
    insta::assert_snapshot!(expand(quote! {
        #[rowkey(max_len = 16)]
        struct MessageKey {
            date: u32,
            time: u32,
            message_id: u64,
        }
    }));
}

#[test]
fn attributes_and_generics() {
    insta::assert_snapshot!(expand(quote! {
        #[rowkey(crate = "::rowkey_runtime")]
        struct Event<T> {
            #[fixed(8)]
            host: String,
            #[reverse]
            #[decimal(11)]
            phone: u64,
            #[reverse_ts]
            ts: i64,
            #[desc]
            r#type: Option<String>,
            payload: T,
        }
    }));
}

#[test]
fn errors_become_compile_errors_and_a_stub() {
    insta::assert_snapshot!(expand(quote! {
        struct Bad {
            #[fixed(0)]
            name: String,
        }
    }));
}

#[test]
fn salted_key() {
    insta::assert_snapshot!(expand(quote! {
        #[salt(md5, buckets = 16, of = "message_id")]
        pub struct MessageKey {
            date: u32,
            #[desc]
            time: u32,
            message_id: u64,
        }
    }));
}

#[test]
fn text_layout() {
    insta::assert_snapshot!(expand(quote! {
        #[rowkey(delimiter = ":")]
        #[salt(md5, of = "message_id")]
        struct MessageText {
            #[decimal(6)]
            date: u32,
            #[desc]
            #[decimal(6)]
            time: u32,
            message_id: u64,
        }
    }));
}

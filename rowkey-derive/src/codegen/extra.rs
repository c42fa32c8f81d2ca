//! Codegen for the impls an encoding adds beside the `impl RowKey` (its `Traits::extra`):
//! Bigtable's `BigtableKey` (the table's `row_key_schema`) and the tuple layer's `Nestable`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::field::format_of;
use crate::encodings::{Extra, Key};

pub fn items(key: &Key) -> TokenStream {
    let input = &key.input;
    let ident = input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    match &key.traits.extra {
        None => TokenStream::new(),
        Some(Extra::BigtableSchema(schema)) => {
            let p = quote!(__p::bigtable);
            let fields = schema.iter().map(|f| {
                let name = &f.name;
                let variant = format_ident!("{}", f.ty);
                let ty = match f.int_encoding {
                    Some(encoding) => {
                        let encoding = format_ident!("{}", encoding);
                        quote!(#p::FieldType::#variant(#p::IntEncoding::#encoding))
                    }
                    None => quote!(#p::FieldType::#variant),
                };
                let descending = f.descending;
                quote!(#p::SchemaField { name: #name, ty: #ty, descending: #descending })
            });
            quote! {
                impl #impl_generics #p::BigtableKey for #ident #ty_generics #where_clause {
                    const ROW_KEY_SCHEMA: #p::RowKeySchema = #p::RowKeySchema::new(&[#(#fields),*]);
                }
            }
        }
        Some(Extra::Nestable) => {
            // Each field's widths inside a nested tuple (its nulls `00 FF`), through the
            // field's format as the key's own widths are (a type that is no element is
            // reported once).
            let field = |item: &str| -> Vec<TokenStream> {
                key.fields()
                    .iter()
                    .map(|f| format_of(key, f, item))
                    .collect()
            };
            let (widths, maxes) = (field("NESTED_WIDTH"), field("MAX_NESTED"));
            quote! {
                impl #impl_generics __p::fdb_tuple::Nestable for #ident #ty_generics #where_clause {
                    const ELEMENTS_WIDTH: __p::Option<::core::primitive::usize> =
                        __p::key::sum(&[#(#widths),*]);
                    const MAX_ELEMENTS: __p::Option<::core::primitive::usize> =
                        __p::key::sum(&[#(#maxes),*]);
                }
            }
        }
    }
}

//! The runtime's refusal markers, as a typed table: a field that takes no range names one of
//! these as its method's `Takes` marker, which takes a range only under a trait no type
//! implements and whose message says why. Each variant names its trait in one place; a unit
//! test checks the table against the traits the runtime declares.

use proc_macro2::TokenStream;
use quote::quote;

/// Why a field takes no range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// `#[reverse]`: bytes back to front.
    Reversed,
    /// A raw `#[java]` string: no terminator.
    Raw,
    /// `#[java]` numbers: two's complement, negatives last.
    Java,
    /// A terminator with a byte other than `00`.
    Terminator,
    /// A variable-width text part.
    Text,
    /// `#[reverse_ts]` under two `Option`s.
    Nested,
    /// A Phoenix DESC VARCHAR of a table that is not row-key-order optimizable.
    PhoenixDesc,
    /// A Phoenix DESC VARBINARY.
    PhoenixBinary,
    /// A nullable Phoenix DESC column.
    PhoenixNullsFirst,
    /// A Phoenix DESC DECIMAL(p, s).
    PhoenixDescDecimal,
    /// An HBase `OrderedBlobVar`.
    OrderedBlobVar,
    /// A nullable DESC HBase member that may be dropped.
    OrderedDescNull,
}

impl Refusal {
    /// Every refusal, for the test that holds the table against the runtime.
    #[cfg(test)]
    pub const ALL: [Refusal; 12] = [
        Refusal::Reversed,
        Refusal::Raw,
        Refusal::Java,
        Refusal::Terminator,
        Refusal::Text,
        Refusal::Nested,
        Refusal::PhoenixDesc,
        Refusal::PhoenixBinary,
        Refusal::PhoenixNullsFirst,
        Refusal::PhoenixDescDecimal,
        Refusal::OrderedBlobVar,
        Refusal::OrderedDescNull,
    ];

    /// The runtime marker type (named as its trait), under `p` (the hidden runtime module).
    pub fn marker(self, p: &TokenStream) -> TokenStream {
        match self {
            Refusal::Reversed => quote!(#p::scan::why::NoRangeReversed),
            Refusal::Raw => quote!(#p::scan::why::NoRangeRaw),
            Refusal::Java => quote!(#p::scan::why::NoRangeJava),
            Refusal::Terminator => quote!(#p::scan::why::NoRangeTerminator),
            Refusal::Text => quote!(#p::scan::why::NoRangeText),
            Refusal::Nested => quote!(#p::scan::why::NoRangeNested),
            Refusal::PhoenixDesc => quote!(#p::scan::why::NoRangePhoenixDesc),
            Refusal::PhoenixBinary => quote!(#p::scan::why::NoRangePhoenixBinary),
            Refusal::PhoenixNullsFirst => quote!(#p::scan::why::NoRangePhoenixNullsFirst),
            Refusal::PhoenixDescDecimal => quote!(#p::scan::why::NoRangePhoenixDescDecimal),
            Refusal::OrderedBlobVar => quote!(#p::scan::why::NoRangeOrderedBlobVar),
            Refusal::OrderedDescNull => quote!(#p::scan::why::NoRangeOrderedDescNull),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Refusal;

    /// The runtime's marker traits, read from its source: every `NoRange*` trait it declares.
    fn runtime_markers() -> Vec<String> {
        let source = include_str!("../../../rowkey-runtime/src/__private/scan.rs");
        let file: syn::File = syn::parse_str(source).expect("the runtime's refusals parse");
        file.items
            .iter()
            .filter_map(|item| match item {
                syn::Item::Trait(t) if t.ident.to_string().starts_with("NoRange") => {
                    Some(t.ident.to_string())
                }
                _ => None,
            })
            .collect()
    }

    /// A typo in the table, a marker the runtime drops or one the table forgets fails here,
    /// not in a UI test.
    #[test]
    fn the_table_names_every_runtime_marker_once() {
        let p = quote::quote!(p);
        let mut named: Vec<String> = Refusal::ALL
            .iter()
            .map(|r| {
                let path = r.marker(&p).to_string();
                path.rsplit(' ').next().unwrap_or_default().to_string()
            })
            .collect();
        let mut declared = runtime_markers();
        named.sort();
        declared.sort();
        assert_eq!(named, declared);
        named.dedup();
        assert_eq!(named.len(), Refusal::ALL.len());
    }
}

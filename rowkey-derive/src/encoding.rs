//! Whole-key encodings. rowkey's binary layout is the default and a `delimiter` makes a text
//! key; `#[rowkey(encoding = "...")]` picks another system's format. Each such encoding is one
//! entry of [`ENCODINGS`] and one module with its rules (type mapping, attributes, ranges):
//! the codegen asks the field for its format and range rule and the key for where trailing
//! NULL fields may be dropped, and never names an encoding itself.

use crate::ast::{Field, Input};

/// The encoding of a key, as every field sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// rowkey's binary layout, or its text layout when the field has a delimiter.
    Native,
    /// Apache Phoenix's primary key; `optimizable`: the effective rowKeyOrderOptimizable.
    Phoenix { optimizable: bool },
}

/// One named encoding of `#[rowkey(encoding = "...")]`.
pub struct EncodingRules {
    pub name: &'static str,
    /// Builds the encoding from the key's fields (for a flag the fields decide).
    pub build: fn(&Input) -> Encoding,
}

pub const ENCODINGS: &[EncodingRules] = &[EncodingRules {
    name: "phoenix",
    build: crate::phoenix::encoding,
}];

/// `"phoenix"`: the names, for messages.
pub fn names() -> String {
    let names: Vec<String> = ENCODINGS
        .iter()
        .map(|e| format!("\"{}\"", e.name))
        .collect();
    names.join(", ")
}

impl Field<'_> {
    /// True for another system's encoding.
    pub fn is_foreign(&self) -> bool {
        self.encoding != Encoding::Native
    }
}

impl Input<'_> {
    /// The encoding's rules, when the key names one.
    pub fn encoding_rules(&self) -> Option<&'static EncodingRules> {
        let lit = self.attrs.encoding.as_ref()?;
        ENCODINGS.iter().find(|e| e.name == lit.value())
    }

    /// The index of the first field that is dropped from the key when it and every field after
    /// it are NULL (Phoenix drops trailing NULLs); the field count when none is.
    pub fn first_droppable(&self) -> usize {
        let n = self.fields.len();
        match self.fields.first().map(|f| f.encoding) {
            Some(Encoding::Phoenix { .. }) => {
                n - self
                    .fields
                    .iter()
                    .rev()
                    .take_while(|f| matches!(f.class, crate::ast::Class::Option(_)))
                    .count()
            }
            _ => n,
        }
    }
}

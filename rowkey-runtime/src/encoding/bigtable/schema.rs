//! The table's side of a Bigtable key: the `row_key_schema` that tells Bigtable's SQL how to
//! decode the bytes `#[rowkey(encoding = "bigtable")]` writes, generated from the same struct so
//! that the table and the Rust key cannot drift apart.
//!
//! `#[derive(RowKey)]` implements [`BigtableKey`] for every Bigtable-encoded key. The schema is a
//! `Type.Struct` with the `OrderedCodeBytes` encoding whose fields are the key's fields in order,
//! named as in Rust. [`RowKeySchema::to_json`] gives it in the REST form that
//! `gcloud bigtable instances tables create --row-key-schema-definition-file` and Terraform's
//! `google_bigtable_table.row_key_schema` take; `rowkey-clients` converts it to the admin API's
//! `Type.Struct` for `CreateTable` / `UpdateTable`.
//!
//! Bigtable's API has no sort order for a field (`Type.Struct.Field` is a name and a type), so a
//! `#[desc]` field cannot be declared: [`RowKeySchema::check`] refuses it, naming the field,
//! rather than declare a table whose SQL would read the inverted bytes as other values.

use std::fmt;

/// A key whose table can declare its `row_key_schema`: implemented by `#[derive(RowKey)]` for
/// every `#[rowkey(encoding = "bigtable")]` key.
///
/// ```
/// use rowkey::encodings::bigtable::BigtableKey;
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[rowkey(encoding = "bigtable")]
/// struct Event {
///     user: String,
///     #[ordered_code]
///     at: i64,
/// }
///
/// let json = Event::bigtable_row_key_schema().to_json().unwrap();
/// assert!(json.contains(r#"{"fieldName": "at", "type": {"int64Type": {"encoding": {"orderedCodeBytes": {}}}}}"#));
/// ```
pub trait BigtableKey {
    /// The schema, as a constant.
    const ROW_KEY_SCHEMA: RowKeySchema;

    /// The table's `row_key_schema` for this key.
    fn bigtable_row_key_schema() -> RowKeySchema {
        Self::ROW_KEY_SCHEMA
    }
}

/// A Bigtable `row_key_schema`: a `Type.Struct` with `OrderedCodeBytes`, the fields in key order.
///
/// ```
/// use rowkey::encodings::bigtable::{FieldType, IntEncoding, RowKeySchema, SchemaField};
///
/// const SCHEMA: RowKeySchema = RowKeySchema::new(&[
///     SchemaField { name: "user", ty: FieldType::StringUtf8, descending: false },
///     SchemaField { name: "n", ty: FieldType::Int32(IntEncoding::BigEndianBytes), descending: false },
/// ]);
/// assert_eq!(SCHEMA.fields().len(), 2);
/// assert!(SCHEMA.check().is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowKeySchema {
    fields: &'static [SchemaField],
}

/// One field of a [`RowKeySchema`].
///
/// ```
/// use rowkey::encodings::bigtable::{FieldType, SchemaField};
///
/// let f = SchemaField { name: "user", ty: FieldType::StringUtf8, descending: false };
/// assert_eq!(f.ty.to_string(), "String (Utf8Bytes)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SchemaField {
    /// The field's name (the Rust field's, without `r#`).
    pub name: &'static str,
    /// Its Bigtable type and encoding.
    pub ty: FieldType,
    /// `#[desc]`: its bytes are negated, which the API cannot declare.
    pub descending: bool,
}

/// A Bigtable field type with its encoding, as a key field writes it.
///
/// ```
/// use rowkey::encodings::bigtable::{FieldType, IntEncoding};
///
/// assert_eq!(
///     FieldType::TimestampMicros(IntEncoding::OrderedCodeBytes).to_string(),
///     "Timestamp (unix_micros_int64: Int64 OrderedCodeBytes)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldType {
    /// `String` with `Utf8Bytes`: a Rust `String`. (Not named `String`: a public item of that
    /// name would make rustc spell `std::string::String` out in every user's error message.)
    StringUtf8,
    /// `Bytes` with `Raw`: a `Vec<u8>`.
    Bytes,
    /// `Int64`: an `i64`.
    Int64(IntEncoding),
    /// `Int32`: an `i32`.
    Int32(IntEncoding),
    /// `Timestamp` as `unix_micros_int64`: a `SystemTime`.
    TimestampMicros(IntEncoding),
}

/// How an integer (or a timestamp's microseconds) is written.
///
/// ```
/// use rowkey::encodings::bigtable::IntEncoding;
///
/// assert_eq!(IntEncoding::OrderedCodeBytes.json_name(), "orderedCodeBytes");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntEncoding {
    /// Two's complement, big-endian: sorted for non-negative values only, so rowkey refuses
    /// negative ones.
    BigEndianBytes,
    /// google/orderedcode's signed format (`#[ordered_code]`): every value sorts.
    OrderedCodeBytes,
}

impl IntEncoding {
    /// The encoding's name in the REST (JSON) form of the admin API.
    pub const fn json_name(self) -> &'static str {
        match self {
            IntEncoding::BigEndianBytes => "bigEndianBytes",
            IntEncoding::OrderedCodeBytes => "orderedCodeBytes",
        }
    }

    fn label(self) -> &'static str {
        match self {
            IntEncoding::BigEndianBytes => "BigEndianBytes",
            IntEncoding::OrderedCodeBytes => "OrderedCodeBytes",
        }
    }
}

impl fmt::Display for FieldType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldType::StringUtf8 => f.write_str("String (Utf8Bytes)"),
            FieldType::Bytes => f.write_str("Bytes (Raw)"),
            FieldType::Int64(e) => write!(f, "Int64 ({})", e.label()),
            FieldType::Int32(e) => write!(f, "Int32 ({})", e.label()),
            FieldType::TimestampMicros(e) => {
                write!(f, "Timestamp (unix_micros_int64: Int64 {})", e.label())
            }
        }
    }
}

impl FieldType {
    /// The type in the REST (JSON) form, such as
    /// `{"int64Type": {"encoding": {"orderedCodeBytes": {}}}}`.
    ///
    /// ```
    /// use rowkey::encodings::bigtable::FieldType;
    ///
    /// assert_eq!(FieldType::Bytes.to_json(), r#"{"bytesType": {"encoding": {"raw": {}}}}"#);
    /// ```
    pub fn to_json(self) -> String {
        match self {
            FieldType::StringUtf8 => r#"{"stringType": {"encoding": {"utf8Bytes": {}}}}"#.into(),
            FieldType::Bytes => r#"{"bytesType": {"encoding": {"raw": {}}}}"#.into(),
            FieldType::Int64(e) => format!(
                r#"{{"int64Type": {{"encoding": {{"{}": {{}}}}}}}}"#,
                e.json_name()
            ),
            FieldType::Int32(e) => format!(
                r#"{{"int32Type": {{"encoding": {{"{}": {{}}}}}}}}"#,
                e.json_name()
            ),
            FieldType::TimestampMicros(e) => format!(
                r#"{{"timestampType": {{"encoding": {{"unixMicrosInt64": {{"{}": {{}}}}}}}}}}"#,
                e.json_name()
            ),
        }
    }
}

/// Why a key's schema cannot be declared on a table.
///
/// ```
/// use rowkey::encodings::bigtable::{FieldType, RowKeySchema, SchemaError, SchemaField};
///
/// const S: RowKeySchema = RowKeySchema::new(&[
///     SchemaField { name: "user", ty: FieldType::StringUtf8, descending: true },
/// ]);
/// assert_eq!(S.check(), Err(SchemaError::Descending { field: "user" }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SchemaError {
    /// A `#[desc]` field: Bigtable's `Type.Struct.Field` has no sort order.
    Descending {
        /// The field.
        field: &'static str,
    },
    /// A field named `_key` or `_timestamp`, the SQL interface's own columns.
    ReservedName {
        /// The field.
        field: &'static str,
    },
    /// A key with no fields: Bigtable reads an empty schema as no schema.
    NoFields,
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SchemaError::Descending { field } => write!(
                f,
                "field `{field}` is #[desc], and a Bigtable row-key schema cannot declare a \
                 field's order (Type.Struct.Field has only a name and a type): a table \
                 declaring it would read the negated bytes as other values; remove #[desc] \
                 or leave the table without a schema"
            ),
            SchemaError::ReservedName { field } => write!(
                f,
                "field `{field}` is named like a column of Bigtable's SQL interface (`_key`, \
                 `_timestamp`); rename the field"
            ),
            SchemaError::NoFields => f.write_str(
                "a key with no fields has no row-key schema: Bigtable reads an empty schema as \
                 none",
            ),
        }
    }
}

impl std::error::Error for SchemaError {}

impl RowKeySchema {
    /// A schema of these fields, in key order.
    pub const fn new(fields: &'static [SchemaField]) -> Self {
        RowKeySchema { fields }
    }

    /// The fields, in key order.
    pub const fn fields(&self) -> &'static [SchemaField] {
        self.fields
    }

    /// Whether a table can declare this schema: no `#[desc]` field, no reserved name, at
    /// least one field. The first problem, in field order.
    pub fn check(&self) -> Result<(), SchemaError> {
        if self.fields.is_empty() {
            return Err(SchemaError::NoFields);
        }
        for f in self.fields {
            if f.descending {
                return Err(SchemaError::Descending { field: f.name });
            }
            if matches!(f.name, "_key" | "_timestamp") {
                return Err(SchemaError::ReservedName { field: f.name });
            }
        }
        Ok(())
    }

    /// The schema in the admin API's REST form (a `GoogleBigtableAdminV2TypeStruct`), the file
    /// that `gcloud bigtable instances tables create --row-key-schema-definition-file` reads
    /// and the JSON string of Terraform's `row_key_schema`. One field per line.
    ///
    /// ```
    /// use rowkey::encodings::bigtable::{FieldType, IntEncoding, RowKeySchema, SchemaField};
    ///
    /// const S: RowKeySchema = RowKeySchema::new(&[
    ///     SchemaField { name: "id", ty: FieldType::Int64(IntEncoding::OrderedCodeBytes), descending: false },
    /// ]);
    /// assert_eq!(S.to_json().unwrap(), r#"{
    ///   "fields": [
    ///     {"fieldName": "id", "type": {"int64Type": {"encoding": {"orderedCodeBytes": {}}}}}
    ///   ],
    ///   "encoding": {"orderedCodeBytes": {}}
    /// }
    /// "#);
    /// ```
    pub fn to_json(&self) -> Result<String, SchemaError> {
        self.check()?;
        let mut out = String::from("{\n  \"fields\": [\n");
        for (i, f) in self.fields.iter().enumerate() {
            let comma = if i + 1 < self.fields.len() { "," } else { "" };
            out.push_str(&format!(
                "    {{\"fieldName\": {}, \"type\": {}}}{comma}\n",
                json_string(f.name),
                f.ty.to_json()
            ));
        }
        out.push_str("  ],\n  \"encoding\": {\"orderedCodeBytes\": {}}\n}\n");
        Ok(out)
    }
}

/// `s` as a JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_name_is_escaped_as_json() {
        assert_eq!(json_string("a\"b\\c\u{1}é"), "\"a\\\"b\\\\c\\u0001é\"");
    }

    #[test]
    fn reserved_names_and_empty_schemas_are_refused() {
        const K: RowKeySchema = RowKeySchema::new(&[SchemaField {
            name: "_key",
            ty: FieldType::Bytes,
            descending: false,
        }]);
        assert_eq!(K.check(), Err(SchemaError::ReservedName { field: "_key" }));
        assert_eq!(RowKeySchema::new(&[]).to_json(), Err(SchemaError::NoFields));
    }
}

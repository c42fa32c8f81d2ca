//! The Bigtable `row_key_schema` a key declares (`BigtableKey`): the JSON of the Bigtable guide's keys
//! pinned (the form `gcloud ... --row-key-schema-definition-file` and Terraform take), checked
//! as JSON, and the keys that cannot be declared refused with the field named.
//!
//! That the declared types are the ones whose bytes the key writes is checked against Google's
//! test vectors in tests/bigtable_orderedcode.rs; that the admin API accepts the schema, against
//! the Bigtable emulator in rowkey-clients/tests/bigtable_emulator.rs.

use rowkey::encodings::bigtable::BigtableKey;
use rowkey::encodings::bigtable::{FieldType, IntEncoding, SchemaError, SchemaField};
use rowkey::RowKey;
use serde_json::{json, Value};

use rowkey_testkit::keys::{Event, Row};

#[test]
fn the_readme_keys_schemas() {
    let row = Row::bigtable_row_key_schema().to_json().unwrap();
    let event = Event::bigtable_row_key_schema().to_json().unwrap();
    insta::assert_snapshot!("row", row);
    insta::assert_snapshot!("event", event);
}

/// The JSON read back as JSON: one field per struct field, in order, with the admin API's
/// REST names for each type (written here from the API's reference, not from our output).
#[test]
fn the_json_is_the_admin_apis_rest_form() {
    let v: Value = serde_json::from_str(&Event::bigtable_row_key_schema().to_json().unwrap())
        .expect("valid JSON");
    let int = |enc: &str| json!({ "encoding": { enc: {} } });
    assert_eq!(
        v,
        json!({
            "fields": [
                { "fieldName": "tenant", "type": { "stringType": { "encoding": { "utf8Bytes": {} } } } },
                { "fieldName": "at", "type": { "timestampType": { "encoding": { "unixMicrosInt64": { "orderedCodeBytes": {} } } } } },
                { "fieldName": "seq", "type": { "int64Type": int("orderedCodeBytes") } },
                { "fieldName": "shard", "type": { "int64Type": int("bigEndianBytes") } },
                { "fieldName": "payload", "type": { "bytesType": { "encoding": { "raw": {} } } } },
            ],
            "encoding": { "orderedCodeBytes": {} },
        })
    );
}

#[test]
fn the_schema_is_the_fields_in_key_order() {
    let s = Event::ROW_KEY_SCHEMA;
    let want = [
        ("tenant", FieldType::StringUtf8),
        (
            "at",
            FieldType::TimestampMicros(IntEncoding::OrderedCodeBytes),
        ),
        ("seq", FieldType::Int64(IntEncoding::OrderedCodeBytes)),
        ("shard", FieldType::Int64(IntEncoding::BigEndianBytes)),
        ("payload", FieldType::Bytes),
    ];
    let got: Vec<_> = s.fields().iter().map(|f| (f.name, f.ty)).collect();
    assert_eq!(got, want);
    assert!(s.fields().iter().all(|f| !f.descending));
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(encoding = "bigtable")]
struct Latest {
    user: String,
    #[desc]
    #[ordered_code]
    at: i64,
}

#[test]
fn a_desc_field_cannot_be_declared() {
    let s = Latest::bigtable_row_key_schema();
    assert_eq!(
        s.fields()[1],
        SchemaField {
            name: "at",
            ty: FieldType::Int64(IntEncoding::OrderedCodeBytes),
            descending: true
        }
    );
    let err = s.to_json().unwrap_err();
    assert_eq!(err, SchemaError::Descending { field: "at" });
    assert_eq!(
        err.to_string(),
        "field `at` is #[desc], and a Bigtable row-key schema cannot declare a field's order \
         (Type.Struct.Field has only a name and a type): a table declaring it would read the \
         negated bytes as other values; remove #[desc] or leave the table without a schema"
    );
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(encoding = "bigtable")]
struct Reserved {
    _key: String,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(encoding = "bigtable")]
struct Raw {
    r#type: String,
}

#[test]
fn names_are_the_rust_names() {
    assert_eq!(
        Reserved::bigtable_row_key_schema().to_json(),
        Err(SchemaError::ReservedName { field: "_key" })
    );
    assert_eq!(Raw::ROW_KEY_SCHEMA.fields()[0].name, "type");
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(encoding = "bigtable")]
struct Counter {
    #[ordered_code]
    n: i32,
    m: i32,
}

#[test]
fn int32_fields_are_int32_types() {
    let v: Value =
        serde_json::from_str(&Counter::bigtable_row_key_schema().to_json().unwrap()).unwrap();
    assert_eq!(
        v["fields"],
        json!([
            { "fieldName": "n", "type": { "int32Type": { "encoding": { "orderedCodeBytes": {} } } } },
            { "fieldName": "m", "type": { "int32Type": { "encoding": { "bigEndianBytes": {} } } } },
        ])
    );
}

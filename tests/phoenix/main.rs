//! Apache Phoenix primary keys (`#[rowkey(encoding = "phoenix")]`) against the bytes Phoenix's
//! own `PTableImpl.newKey` wrote (rowkey-testkit/data/phoenix_rowkey.jsonl, phoenix_types.jsonl; see
//! rowkey-testkit/data/README.md). Every line is checked: the row key and salt byte byte for byte, and
//! the decode back to the line's values.

use rowkey::{EncodeError, RowKey};
use serde_json::Value;

use rowkey_testkit::props as support;
use support::{hex, unhex_str as unhex};

mod shapes;

/// One line of phoenix_rowkey.jsonl.
pub struct Line {
    pub id: String,
    pub values: Vec<Value>,
    json: Value,
}

impl Line {
    fn parse(text: &str) -> Line {
        let json: Value = serde_json::from_str(text).expect("a JSON line");
        Line {
            id: json["id"].as_str().expect("id").to_owned(),
            values: json["values"].as_array().expect("values").clone(),
            json,
        }
    }

    /// The table's shape, as tests/phoenix/gen_shapes.py writes it.
    pub fn signature(&self) -> String {
        let salt = match self.json["salt_buckets"].as_u64() {
            Some(n) => n.to_string(),
            None => "None".into(),
        };
        let opt = self.json["row_key_order_optimizable"]
            .as_bool()
            .expect("flag");
        let cols: Vec<String> = self.json["columns"]
            .as_array()
            .expect("columns")
            .iter()
            .map(|c| {
                format!(
                    "{} {} {}",
                    c["sql_type"].as_str().expect("sql_type"),
                    c["sort_order"].as_str().expect("sort_order"),
                    if c["nullable"].as_bool() == Some(true) {
                        "null"
                    } else {
                        "notnull"
                    }
                )
            })
            .collect();
        format!("salt={salt}|opt={opt}|{}", cols.join(","))
    }
}

/// Values of a line's columns, as the Rust field types hold them.
pub mod v {
    use serde_json::Value;

    fn text(v: &Value) -> &str {
        v["v"].as_str().expect("a value")
    }

    pub fn int<T: std::str::FromStr>(v: &Value) -> T {
        text(v).parse().ok().expect("an integer in range")
    }

    pub fn double(v: &Value) -> f64 {
        text(v).parse().expect("a double")
    }

    pub fn string(v: &Value) -> String {
        text(v).to_owned()
    }

    /// SQL NULL, or '' (which Phoenix stores as NULL), is `None`.
    pub fn opt_string(v: &Value) -> Option<String> {
        if v.is_null() || text(v).is_empty() {
            None
        } else {
            Some(string(v))
        }
    }

    pub fn bytes(v: &Value) -> Vec<u8> {
        super::unhex(text(v))
    }

    pub fn opt_bytes(v: &Value) -> Option<Vec<u8>> {
        if v.is_null() || text(v).is_empty() {
            None
        } else {
            Some(bytes(v))
        }
    }

    pub fn decimal(v: &Value) -> rust_decimal::Decimal {
        super::parse_decimal(text(v))
    }

    pub fn opt_decimal(v: &Value) -> Option<rust_decimal::Decimal> {
        (!v.is_null()).then(|| decimal(v))
    }

    /// BINARY(N): Phoenix pads a shorter value with 00 bytes.
    pub fn binary<const N: usize>(v: &Value) -> [u8; N] {
        let mut out = [0u8; N];
        let b = bytes(v);
        out[..b.len()].copy_from_slice(&b);
        out
    }
}

/// Encodes `key`, compares with the line's row key (and salt byte), decodes the row key back.
pub fn check_one<K: RowKey + std::fmt::Debug + PartialEq>(l: &Line, key: K) -> Result<(), String> {
    let want = l.json["row_key"].as_str().expect("row_key");
    let got = key.encode().map_err(|e| format!("encode failed: {e}"))?;
    if hex(&got) != want {
        return Err(format!(
            "row key {} != Phoenix {want} for {key:?}",
            hex(&got)
        ));
    }
    if let Some(salt) = l.json["salt_byte"].as_str()
        && hex(&got[..1]) != salt
    {
        return Err(format!("salt byte {:02x} != Phoenix {salt}", got[0]));
    }
    let back = K::decode(&unhex(want)).map_err(|e| format!("decode failed: {e}"))?;
    if back != key {
        return Err(format!("decoded {back:?}, wrote {key:?}"));
    }
    let explained = K::explain(&got);
    if explained.contains("error") {
        return Err(format!("explain reports an error:\n{explained}"));
    }
    Ok(())
}

#[test]
fn every_phoenix_rowkey_line() {
    let text = rowkey_testkit::golden::text("phoenix_rowkey.jsonl");
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in text.lines().map(Line::parse) {
        if line.id == "px-223" {
            nul_inside_varchar_is_refused(&line);
            checked += 1;
            continue;
        }
        match shapes::check(&line) {
            Some(Ok(())) => checked += 1,
            Some(Err(e)) => failures.push(format!("{}: {e}", line.id)),
            None => failures.push(format!("{}: no struct for {}", line.id, line.signature())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(checked, 185);
}

/// `'a\0b', 'x'`: Phoenix writes `61 00 62 00 78`, which is also `'a', 'b\0x'`'s key; rowkey
/// refuses a NUL inside a VARCHAR instead of writing a key that reads back differently.
fn nul_inside_varchar_is_refused(line: &Line) {
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "phoenix")]
    struct Key {
        a: String,
        b: Option<String>,
        c: Option<String>,
    }
    let key = Key {
        a: v::string(&line.values[0]),
        b: v::opt_string(&line.values[1]),
        c: None,
    };
    assert_eq!(line.json["row_key"], "6100620078");
    assert_eq!(
        key.encode(),
        Err(EncodeError::ContainsDelimiter {
            field: "a",
            delimiter: 0,
            index: 1
        })
    );
    // The bytes Phoenix wrote read back as the other row.
    let back = Key::decode(&unhex("6100620078")).unwrap();
    assert_eq!(back.a, "a");
    assert_eq!(back.b.as_deref(), Some("b"));
    assert_eq!(back.c.as_deref(), Some("x"));
}

/// One-field keys, ascending and `#[desc]`, for phoenix_types.jsonl.
mod one {
    use rowkey::RowKey;

    macro_rules! one {
        ($($asc:ident $desc:ident: $($attr:meta)* => $ty:ty;)*) => {$(
            #[derive(RowKey, Debug, PartialEq)]
            #[rowkey(encoding = "phoenix")]
            pub struct $asc {
                $(#[$attr])*
                pub v: $ty,
            }

            #[derive(RowKey, Debug, PartialEq)]
            #[rowkey(encoding = "phoenix")]
            pub struct $desc {
                $(#[$attr])*
                #[desc]
                pub v: $ty,
            }
        )*};
    }

    one! {
        I8 I8Desc: => i8;
        I16 I16Desc: => i16;
        I32 I32Desc: => i32;
        I64 I64Desc: => i64;
        U32 U32Desc: => u32;
        U64 U64Desc: => u64;
        F64 F64Desc: => f64;
        Varchar VarcharDesc: => String;
        Dec DecDesc: => rust_decimal::Decimal;
        Char1 Char1Desc: fixed(1) => String;
        Char3 Char3Desc: fixed(3) => String;
        Char5 Char5Desc: fixed(5) => String;
        Char10 Char10Desc: fixed(10) => String;
    }

    /// A DESC DECIMAL of a table that is not row-key-order optimizable: no trailing FF.
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "phoenix", row_key_order_optimizable = false)]
    pub struct DecDescOld {
        #[desc]
        pub v: rust_decimal::Decimal,
    }

    /// A DESC VARCHAR of a table that is not row-key-order optimizable: no trailing FF.
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "phoenix", row_key_order_optimizable = false)]
    pub struct VarcharDescOld {
        #[desc]
        pub v: String,
    }
}

/// Java's `BigDecimal.toString`: plain, or scientific (`1E+10`).
pub fn parse_decimal(s: &str) -> rust_decimal::Decimal {
    if s.contains('E') {
        rust_decimal::Decimal::from_scientific(s).expect("a decimal")
    } else {
        s.parse().expect("a decimal")
    }
}

/// Encodes `asc` and `desc`, compares them with `to_bytes` / `to_bytes_desc` (plus `tail` after
/// the DESC bytes), and decodes both back.
fn one_field<A, D>(line: &Value, asc: A, desc: D, tail: &str) -> Result<(), String>
where
    A: RowKey + std::fmt::Debug + PartialEq,
    D: RowKey + std::fmt::Debug + PartialEq,
{
    let key = |field: &str| line[field].as_str().expect("bytes").to_owned();
    let a = asc.encode().map_err(|e| e.to_string())?;
    let d = desc.encode().map_err(|e| e.to_string())?;
    let (want_a, want_d) = (key("to_bytes"), key("to_bytes_desc") + tail);
    if hex(&a) != want_a || hex(&d) != want_d {
        return Err(format!(
            "{} / {} != Phoenix {want_a} / {want_d}",
            hex(&a),
            hex(&d)
        ));
    }
    if A::decode(&a).as_ref() != Ok(&asc) || D::decode(&d).as_ref() != Ok(&desc) {
        return Err("does not decode back".into());
    }
    Ok(())
}

#[test]
fn every_phoenix_types_line() {
    use one::*;
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    let text = rowkey_testkit::golden::text("phoenix_types.jsonl");
    for (n, text) in text.lines().enumerate() {
        let line: Value = serde_json::from_str(text).expect("a JSON line");
        let sql = line["sql_type"].as_str().expect("sql_type");
        let value = line["value"].as_str().expect("value").to_owned();
        let error = line.get("error").is_some();
        let int = |_: ()| -> i128 { value.parse().expect("an integer") };
        let outcome: Result<(), String> = match sql {
            "DECIMAL" => {
                let v = parse_decimal(&value);
                let old = DecDescOld { v };
                let d = old.encode().expect("a DECIMAL encodes");
                assert_eq!(
                    hex(&d),
                    line["to_bytes_desc"],
                    "without the optimizable flag"
                );
                assert_eq!(DecDescOld::decode(&d).as_ref(), Ok(&old));
                one_field(&line, Dec { v }, DecDesc { v }, "ff")
            }
            "TINYINT" => one_field(
                &line,
                I8 { v: int(()) as i8 },
                I8Desc { v: int(()) as i8 },
                "",
            ),
            "SMALLINT" => one_field(
                &line,
                I16 { v: int(()) as i16 },
                I16Desc { v: int(()) as i16 },
                "",
            ),
            "INTEGER" => one_field(
                &line,
                I32 { v: int(()) as i32 },
                I32Desc { v: int(()) as i32 },
                "",
            ),
            "BIGINT" => one_field(
                &line,
                I64 { v: int(()) as i64 },
                I64Desc { v: int(()) as i64 },
                "",
            ),
            // Phoenix's errors here are negative values, which u32/u64 cannot hold.
            "UNSIGNED_INT" if error => {
                assert!(value.parse::<u32>().is_err(), "{value}");
                Ok(())
            }
            "UNSIGNED_LONG" if error => {
                assert!(value.parse::<u64>().is_err(), "{value}");
                Ok(())
            }
            "UNSIGNED_INT" => {
                let v = value.parse().expect("u32");
                one_field(&line, U32 { v }, U32Desc { v }, "")
            }
            "UNSIGNED_LONG" => {
                let v = value.parse().expect("u64");
                one_field(&line, U64 { v }, U64Desc { v }, "")
            }
            "DOUBLE" => {
                let v: f64 = value.parse().expect("f64");
                if v.is_nan() {
                    // NaN != NaN: compare the bytes, and the decoded value's bits.
                    let a = F64 { v }.encode().expect("NaN encodes");
                    assert_eq!(hex(&a), line["to_bytes"]);
                    assert!(F64::decode(&a).expect("decodes").v.is_nan());
                    let d = F64Desc { v }.encode().expect("NaN encodes");
                    assert_eq!(hex(&d), line["to_bytes_desc"]);
                    Ok(())
                } else {
                    one_field(&line, F64 { v }, F64Desc { v }, "")
                }
            }
            "VARCHAR" if value.is_empty() => {
                // Phoenix stores '' as NULL: no key has an empty NOT NULL VARCHAR.
                let err = Varchar { v: value.clone() }.encode().unwrap_err();
                assert!(matches!(
                    err,
                    EncodeError::Unrepresentable { field: "v", .. }
                ));
                Ok(())
            }
            "VARCHAR" => {
                let v = || value.clone();
                let old = VarcharDescOld { v: v() };
                let d = old.encode().expect("a non-empty VARCHAR encodes");
                assert_eq!(
                    hex(&d),
                    line["to_bytes_desc"],
                    "without the optimizable flag"
                );
                assert_eq!(VarcharDescOld::decode(&d).as_ref(), Ok(&old));
                one_field(&line, Varchar { v: v() }, VarcharDesc { v: v() }, "ff")
            }
            char_n if char_n.starts_with("CHAR(") => char_line(&line, &value),
            other => panic!("line {n}: unexpected type {other}"),
        };
        if let Err(e) = outcome {
            panic!("line {n} ({sql} {value:?}): {e}");
        }
        *counts
            .entry(if error { "error" } else { "value" })
            .or_default() += 1;
    }
    assert_eq!(counts.values().sum::<usize>(), 186);
}

/// A CHAR(N) line: the padded bytes, or the `EncodeError` for what Phoenix refuses (too long,
/// non-ASCII) and for '' (NULL in a NOT NULL key column).
fn char_line(line: &Value, value: &str) -> Result<(), String> {
    use one::*;
    let n = line["max_length"].as_u64().expect("max_length");
    let v = || value.to_owned();
    let (asc, desc) = match n {
        1 => (Char1 { v: v() }.encode(), Char1Desc { v: v() }.encode()),
        3 => (Char3 { v: v() }.encode(), Char3Desc { v: v() }.encode()),
        5 => (Char5 { v: v() }.encode(), Char5Desc { v: v() }.encode()),
        10 => (Char10 { v: v() }.encode(), Char10Desc { v: v() }.encode()),
        _ => return Err(format!("no struct for CHAR({n})")),
    };
    if line.get("error").is_some() {
        // Non-ASCII.
        match asc {
            Err(EncodeError::Unrepresentable { .. }) => return Ok(()),
            other => return Err(format!("expected Unrepresentable, got {other:?}")),
        }
    }
    if line.get("pad_object_error").is_some() {
        return match asc {
            Err(EncodeError::TooLong { len, max, .. }) if len == value.len() && max as u64 == n => {
                Ok(())
            }
            other => Err(format!("expected TooLong, got {other:?}")),
        };
    }
    if value.is_empty() {
        return match asc {
            Err(EncodeError::Unrepresentable { .. }) => Ok(()),
            other => Err(format!("expected '' to be refused, got {other:?}")),
        };
    }
    let (asc, desc) = (
        asc.map_err(|e| e.to_string())?,
        desc.map_err(|e| e.to_string())?,
    );
    if hex(&asc) != line["padded"] || hex(&desc) != line["padded_desc"] {
        return Err(format!(
            "{} / {} != Phoenix {} / {}",
            hex(&asc),
            hex(&desc),
            line["padded"],
            line["padded_desc"]
        ));
    }
    // Phoenix reads the padded bytes back without the padding.
    let back = match n {
        1 => Char1::decode(&asc).map(|k| k.v),
        3 => Char3::decode(&asc).map(|k| k.v),
        5 => Char5::decode(&asc).map(|k| k.v),
        _ => Char10::decode(&asc).map(|k| k.v),
    };
    if back.as_deref() != Ok(line["to_object_of_padded"].as_str().unwrap_or_default()) {
        return Err(format!("decoded {back:?}"));
    }
    Ok(())
}

/// DECIMAL(p, s): a value with more integer digits or decimal places than the column holds is
/// an `EncodeError` (Phoenix's UPSERT fails on the first and rounds the second down).
#[test]
fn decimal_precision_and_scale_are_checked() {
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "phoenix")]
    struct Price {
        #[precision(5, 2)]
        amount: rust_decimal::Decimal,
    }
    let ok = |s: &str| {
        Price {
            amount: parse_decimal(s),
        }
        .encode()
        .is_ok()
    };
    assert!(ok("999.99"));
    assert!(ok("-999.99"));
    assert!(ok("0.01"));
    assert!(ok("1.50"), "trailing zeros do not count");
    assert!(ok("1E+2"));
    for bad in ["1000", "-1000.5", "0.001", "1.005", "1E+3"] {
        let err = Price {
            amount: parse_decimal(bad),
        }
        .encode()
        .unwrap_err();
        assert!(
            matches!(
                err,
                EncodeError::Unrepresentable {
                    field: "amount",
                    ..
                }
            ),
            "{bad}: {err:?}"
        );
    }
    // A key Phoenix could not have written for the column does not decode.
    let wide = unhex("c20b"); // 1000
    assert!(Price::decode(&wide).is_err());
}

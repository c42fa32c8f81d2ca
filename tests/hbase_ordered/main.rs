//! HBase's typed API (`#[rowkey(encoding = "hbase_ordered")]`) against the bytes HBase's own
//! `org.apache.hadoop.hbase.types` and `OrderedBytes` wrote (rowkey-testkit/data/hbase_struct.jsonl and
//! ordered_bytes.jsonl; see rowkey-testkit/data/README.md). Every line whose types rowkey supports is
//! checked byte for byte and decoded back; the others are counted, so that the count of
//! unsupported lines is pinned (OrderedNumeric values that a `rust_decimal::Decimal` cannot
//! hold).

use rowkey::{EncodeError, RowKey};
use serde_json::Value;

use rowkey_testkit::props as support;
use support::{hex, unhex_str as unhex};

mod shapes;

/// One line of hbase_struct.jsonl.
pub struct Line {
    pub values: Vec<Value>,
    json: Value,
}

impl Line {
    /// The value of member `i`; NULL where the line gives fewer values than members.
    pub fn value(&self, i: usize) -> Value {
        self.values.get(i).cloned().unwrap_or(Value::Null)
    }

    /// The member list, as tests/hbase/gen_shapes.py writes it.
    pub fn signature(&self) -> String {
        let members: Vec<String> = self.json["members"]
            .as_array()
            .expect("members")
            .iter()
            .map(|m| {
                let ty = m["type"].as_str().unwrap_or_default();
                let ty = match m["params"].as_str() {
                    Some(params) => format!("{ty} {params}"),
                    None => ty.to_owned(),
                };
                format!(
                    "{} {} {}",
                    ty,
                    m["order"].as_str().unwrap_or_default(),
                    if m["nullable"].as_bool() == Some(true) {
                        "null"
                    } else {
                        "notnull"
                    }
                )
            })
            .collect();
        members.join(",")
    }
}

/// Values of a line's members, as the Rust field types hold them.
pub mod v {
    use serde_json::Value;

    fn text(v: &Value) -> &str {
        v["v"].as_str().expect("a value")
    }

    fn null(v: &Value) -> bool {
        v.is_null() || v["kind"] == "null"
    }

    pub fn int<T: std::str::FromStr>(v: &Value) -> T {
        text(v).parse().ok().expect("an integer in range")
    }

    /// From the value's exact bits.
    pub fn float32(v: &Value) -> f32 {
        f32::from_bits(u32::from_str_radix(v["bits"].as_str().expect("bits"), 16).expect("hex"))
    }

    pub fn float64(v: &Value) -> f64 {
        f64::from_bits(u64::from_str_radix(v["bits"].as_str().expect("bits"), 16).expect("hex"))
    }

    pub fn string(v: &Value) -> String {
        text(v).to_owned()
    }

    pub fn opt_string(v: &Value) -> Option<String> {
        (!null(v)).then(|| string(v))
    }

    pub fn bytes(v: &Value) -> Vec<u8> {
        super::unhex(text(v))
    }

    pub fn opt_bytes(v: &Value) -> Option<Vec<u8>> {
        (!null(v)).then(|| bytes(v))
    }

    /// An `OrderedNumeric` value: Java's `BigDecimal`/`Long`/`Double.toString` text.
    pub fn numeric(v: &Value) -> rust_decimal::Decimal {
        super::decimal(text(v)).expect("checked by representable()")
    }

    pub fn opt_numeric(v: &Value) -> Option<rust_decimal::Decimal> {
        (!null(v)).then(|| numeric(v))
    }
}

/// Java's decimal text (`1.5`, `1E+10`, `1.0E-10`) as a `Decimal`, when one holds it.
pub fn decimal(s: &str) -> Option<rust_decimal::Decimal> {
    if s.contains('E') {
        rust_decimal::Decimal::from_scientific(s).ok()
    } else {
        s.parse().ok()
    }
}

/// False when an `OrderedNumeric` value of the line is one a `Decimal` cannot hold (NaN, an
/// infinity, `1E+100`, a double of 300 digits): no key of a Rust struct can carry it.
fn representable(l: &Line) -> bool {
    let members = l.json["members"].as_array().expect("members");
    members.iter().enumerate().all(|(i, m)| {
        let v = l.value(i);
        m["type"] != "OrderedNumeric"
            || v.is_null()
            || v["kind"] == "null"
            || decimal(v["v"].as_str().unwrap_or_default()).is_some()
    })
}

/// Encodes `key` and compares with the line's bytes (or its error), then decodes them back.
pub fn check_one<K: RowKey + std::fmt::Debug + PartialEq>(l: &Line, key: K) -> Result<(), String> {
    if let Some(error) = l.json["error"].as_str() {
        // HBase refuses a U+0000 inside an OrderedString; so does encode.
        return match key.encode() {
            Err(EncodeError::ContainsDelimiter { delimiter: 0, .. }) => Ok(()),
            other => Err(format!("HBase: {error}; rowkey: {other:?}")),
        };
    }
    let want = l.json["bytes"].as_str().expect("bytes");
    let got = key.encode().map_err(|e| format!("encode failed: {e}"))?;
    if hex(&got) != want {
        return Err(format!("{} != HBase {want} for {key:?}", hex(&got)));
    }
    let back = K::decode(&got).map_err(|e| format!("decode failed: {e}"))?;
    // The same value (NaN by its text; `1.0` and `1` are one Decimal), and the same bytes again
    // (which tells -0.0 from 0.0).
    let same = back == key || format!("{back:?}") == format!("{key:?}");
    if !same || back.encode().ok().as_deref() != Some(&got[..]) {
        return Err(format!("decoded {back:?}, wrote {key:?}"));
    }
    Ok(())
}

/// A single nullable member holding NULL: `OrderedBytes` writes `0x05` (`0xFA` DESC); a key
/// struct drops a NULL at its end, so the bytes are checked in front of another member.
fn single_null(l: &Line) -> Result<(), String> {
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "hbase_ordered")]
    struct Asc {
        v: Option<String>,
        after: i8,
    }
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "hbase_ordered")]
    struct Desc {
        #[desc]
        v: Option<String>,
        after: i8,
    }
    let want = l.json["bytes"].as_str().expect("bytes");
    let desc = l.json["members"][0]["order"] == "DESCENDING";
    let got = if desc {
        Desc { v: None, after: 0 }.encode()
    } else {
        Asc { v: None, after: 0 }.encode()
    }
    .map_err(|e| e.to_string())?;
    if hex(&got[..1]) != want {
        return Err(format!("NULL {} != HBase {want}", hex(&got[..1])));
    }
    Ok(())
}

/// `Struct.encode` of fewer values than members: the key's prefix, which is where the scan
/// builder's plan for those values starts.
fn prefix_line(l: &Line) -> Result<(), String> {
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "hbase_ordered")]
    struct Asc {
        user: Option<String>,
        ts: i64,
    }
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(encoding = "hbase_ordered")]
    struct Desc {
        user: Option<String>,
        #[desc]
        ts: i64,
    }
    if l.signature() != "OrderedString ASCENDING null,OrderedInt64 ASCENDING notnull"
        && l.signature() != "OrderedString ASCENDING null,OrderedInt64 DESCENDING notnull"
    {
        return Err(format!("no struct for the prefix of {}", l.signature()));
    }
    let user = v::opt_string(&l.value(0));
    let plan = if l.signature().contains("DESCENDING") {
        Desc::scan().user(user).plan()
    } else {
        Asc::scan().user(user).plan()
    }
    .map_err(|e| e.to_string())?;
    let want = l.json["bytes"].as_str().expect("bytes");
    match plan.ranges() {
        [only] if hex(&only.start) == want => Ok(()),
        ranges => Err(format!("plan {ranges:?} does not start at HBase's {want}")),
    }
}

#[test]
fn every_supported_hbase_struct_line() {
    let mut checked = 0;
    let mut unsupported = 0;
    let mut failures = Vec::new();
    for text in rowkey_testkit::golden::text("hbase_struct.jsonl").lines() {
        let json: Value = serde_json::from_str(text).expect("a JSON line");
        let id = json["id"].as_str().unwrap_or_default().to_owned();
        let line = Line {
            values: json["values"].as_array().expect("values").clone(),
            json,
        };
        let single_null_line = line.json["kind"] == "single"
            && line
                .values
                .iter()
                .all(|v| v.is_null() || v["kind"] == "null");
        // Fewer values than members, a NOT NULL one among the missing: a prefix, not a key.
        let prefix = line.json["members"]
            .as_array()
            .expect("members")
            .iter()
            .skip(line.values.len())
            .any(|m| m["nullable"] == false);
        let outcome = if !representable(&line) {
            None
        } else if single_null_line && shapes::check(&line).is_some() {
            Some(single_null(&line))
        } else if prefix && shapes::check_shape(&line) {
            Some(prefix_line(&line))
        } else {
            shapes::check(&line)
        };
        match outcome {
            Some(Ok(())) => checked += 1,
            Some(Err(e)) => failures.push(format!("{id}: {e}")),
            None => unsupported += 1,
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // 7 lines left, with an OrderedNumeric value a Decimal cannot hold (NaN, infinities,
    // 1E+100).
    assert_eq!((checked, unsupported), (290, 7));
}

/// ordered_bytes.jsonl: each `OrderedBytes.encode*` line of a supported type through a
/// one-field key, ASC and DESC.
#[test]
fn every_supported_ordered_bytes_line() {
    macro_rules! one {
        ($($name:ident: $ty:ty;)*) => {$(
            #[allow(non_snake_case)]
            mod $name {
                #[derive(rowkey::RowKey, Debug, PartialEq)]
                #[rowkey(encoding = "hbase_ordered")]
                pub struct Asc { pub v: $ty }
                #[derive(rowkey::RowKey, Debug, PartialEq)]
                #[rowkey(encoding = "hbase_ordered")]
                pub struct Desc { #[desc] pub v: $ty }
            }
        )*};
    }
    one! {
        I8: i8; I16: i16; I32: i32; I64: i64; F32: f32; F64: f64; Str: String; Blob: Vec<u8>;
        Num: rust_decimal::Decimal;
    }
    mod blob_copy {
        #[derive(rowkey::RowKey, Debug, PartialEq)]
        #[rowkey(encoding = "hbase_ordered")]
        pub struct Asc {
            #[blob]
            pub v: Vec<u8>,
        }
        #[derive(rowkey::RowKey, Debug, PartialEq)]
        #[rowkey(encoding = "hbase_ordered")]
        pub struct Desc {
            #[blob]
            #[desc]
            pub v: Vec<u8>,
        }
    }
    fn run<A: RowKey + std::fmt::Debug, D: RowKey + std::fmt::Debug>(
        desc: bool,
        asc: A,
        dsc: D,
    ) -> Result<Vec<u8>, EncodeError> {
        if desc {
            let b = dsc.encode()?;
            assert_eq!(D::decode(&b).unwrap().encode().unwrap(), b, "{dsc:?}");
            Ok(b)
        } else {
            let b = asc.encode()?;
            assert_eq!(A::decode(&b).unwrap().encode().unwrap(), b, "{asc:?}");
            Ok(b)
        }
    }
    let mut checked = 0;
    let mut unsupported = 0;
    for text in rowkey_testkit::golden::text("ordered_bytes.jsonl").lines() {
        let l: Value = serde_json::from_str(text).expect("a JSON line");
        let desc = l["order"] == "DESCENDING";
        let value = l["value"].as_str().unwrap_or_default();
        let int = || -> i64 { value.parse().expect("an integer") };
        let bits = || u64::from_str_radix(l["value_bits"].as_str().expect("bits"), 16).unwrap();
        let nullable = matches!(l["type"].as_str(), Some("String" | "BlobVar" | "Null"));
        if l["value"].is_null() && nullable {
            // NULL of a nullable type: 05, or FA DESC (a key struct drops a trailing NULL; the
            // bytes in front of another member are checked with hbase_struct's NULL lines).
            assert_eq!(l["encoded"], if desc { "fa" } else { "05" }, "{l}");
            checked += 1;
            continue;
        }
        if l["value"].is_null() && l["type"] == "BlobCopy" {
            // encodeBlobCopy(null, DESCENDING) writes FA FF; an OrderedBlob is a Struct's last
            // member, whose NULL Struct.encode always drops: no key holds these bytes.
            unsupported += 1;
            continue;
        }
        let got = match l["type"].as_str().unwrap_or_default() {
            "Int8" => run(
                desc,
                I8::Asc { v: int() as i8 },
                I8::Desc { v: int() as i8 },
            ),
            "Int16" => run(
                desc,
                I16::Asc { v: int() as i16 },
                I16::Desc { v: int() as i16 },
            ),
            "Int32" => run(
                desc,
                I32::Asc { v: int() as i32 },
                I32::Desc { v: int() as i32 },
            ),
            "Int64" => run(desc, I64::Asc { v: int() }, I64::Desc { v: int() }),
            "Float32" => {
                let v = f32::from_bits(bits() as u32);
                run(desc, F32::Asc { v }, F32::Desc { v })
            }
            "Float64" => {
                let v = f64::from_bits(bits());
                run(desc, F64::Asc { v }, F64::Desc { v })
            }
            "String" => run(
                desc,
                Str::Asc { v: value.into() },
                Str::Desc { v: value.into() },
            ),
            "BlobVar" => run(
                desc,
                Blob::Asc { v: unhex(value) },
                Blob::Desc { v: unhex(value) },
            ),
            "BlobCopy" => run(
                desc,
                blob_copy::Asc { v: unhex(value) },
                blob_copy::Desc { v: unhex(value) },
            ),
            "Numeric(long)" | "Numeric(BigDecimal)" | "Numeric(double)" => match decimal(value) {
                Some(v) => run(desc, Num::Asc { v }, Num::Desc { v }),
                None => {
                    unsupported += 1;
                    continue;
                }
            },
            _ => {
                unsupported += 1;
                continue;
            }
        };
        match (l["encoded"].as_str(), got) {
            (Some(want), Ok(bytes)) => assert_eq!(hex(&bytes), want, "{l}"),
            (None, Err(EncodeError::ContainsDelimiter { delimiter: 0, .. })) => {}
            (want, got) => panic!("{l}: HBase {want:?}, rowkey {got:?}"),
        }
        checked += 1;
    }
    // 22 lines left: 21 Numeric values a Decimal cannot hold (NaN, infinities, 1E+100, doubles
    // such as 1.0E300) and a NULL BlobCopy.
    assert_eq!((checked, unsupported), (318, 22));
}

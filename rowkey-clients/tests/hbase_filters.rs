//! HBase's `MultiRowRangeFilter` and `FuzzyRowFilter` from key layouts: the filter's rows are
//! the query's rows by brute force (every accepted key matches, no other does), over generated
//! keys with the nasty values; and the filter's protobuf bytes, decoded by `prost` from
//! messages declared as HBase's `Filter.proto` declares them, carry the same ranges and masks;
//! the filter-language string of the ranges, read by a model of HBase's `ParseFilter`
//! (`rowkey_testkit::parse_filter`), passes the same rows.

use proptest::prelude::*;
use prost::Message;
use rowkey::RowKey;
use rowkey_clients::hbase_filters::{
    FuzzyError, FuzzyRowFilter, ScanPlanExt, FUZZY_ROW_FILTER, MULTI_ROW_RANGE_FILTER,
};
// The model is shared with the fuzzer, which reads every generated plan's string with it too.
use rowkey_testkit::parse_filter;

/// `hbase.pb` messages, as in HBase's `Filter.proto` and `HBase.proto` (proto2).
mod pb {
    #[derive(Clone, PartialEq, prost::Message)]
    pub struct Filter {
        #[prost(string, required, tag = "1")]
        pub name: String,
        #[prost(bytes = "vec", optional, tag = "2")]
        pub serialized_filter: Option<Vec<u8>>,
    }
    #[derive(Clone, PartialEq, prost::Message)]
    pub struct RowRange {
        #[prost(bytes = "vec", optional, tag = "1")]
        pub start_row: Option<Vec<u8>>,
        #[prost(bool, optional, tag = "2")]
        pub start_row_inclusive: Option<bool>,
        #[prost(bytes = "vec", optional, tag = "3")]
        pub stop_row: Option<Vec<u8>>,
        #[prost(bool, optional, tag = "4")]
        pub stop_row_inclusive: Option<bool>,
    }
    #[derive(Clone, PartialEq, prost::Message)]
    pub struct MultiRowRangeFilter {
        #[prost(message, repeated, tag = "1")]
        pub row_range_list: Vec<RowRange>,
    }
    #[derive(Clone, PartialEq, prost::Message)]
    pub struct BytesBytesPair {
        #[prost(bytes = "vec", required, tag = "1")]
        pub first: Vec<u8>,
        #[prost(bytes = "vec", required, tag = "2")]
        pub second: Vec<u8>,
    }
    #[derive(Clone, PartialEq, prost::Message)]
    pub struct FuzzyRowFilter {
        #[prost(message, repeated, tag = "1")]
        pub fuzzy_keys_data: Vec<BytesBytesPair>,
    }
}

/// Time first, salted by the device: a time range fans out over 8 buckets.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 8, of = "device")]
struct Reading {
    ts: u32,
    device: u32,
    metric: u16,
}

/// Phoenix's salt over a VARCHAR and a DESC BIGINT.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "phoenix")]
#[salt(phoenix, buckets = 4)]
struct Order {
    tenant: String,
    #[desc]
    at: i64,
}

/// A fixed part, then a string of varying width.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Tagged {
    day: u32,
    id: u32,
    tag: String,
}

fn nasty_u32() -> impl Strategy<Value = u32> {
    prop_oneof![
        Just(0u32),
        Just(1),
        Just(0xFF),
        Just(u32::MAX),
        0..20u32,
        any::<u32>()
    ]
}

fn nasty_string() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("\0".to_string()),
        "[a\\x00\\xff]{0,3}"
    ]
}

/// Strings with the filter language's own characters: quotes, parentheses, commas, spaces,
/// `OR`, `AND` and `:`.
fn language_string() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("'".to_string()),
        Just("''".to_string()),
        Just(") OR (".to_string()),
        "[a'(), :ORAND\\x00\\xff]{0,4}"
    ]
}

/// The plan's filter string, read as HBase reads it, passes exactly the rows the plan's
/// filter (and so the query) takes.
fn check_filter_string(
    plan: &rowkey::ScanPlan,
    keys: impl IntoIterator<Item = Vec<u8>>,
) -> Result<(), TestCaseError> {
    let filter = plan.to_multi_row_range_filter();
    let text = filter.to_filter_string();
    let parsed = parse_filter::parse(&text)
        .map_err(|e| TestCaseError::fail(format!("{e}: {}", String::from_utf8_lossy(&text))))?;
    for key in keys {
        prop_assert_eq!(
            parsed.passes(&key),
            filter.matches(&key),
            "{:02x?} under {}",
            key,
            String::from_utf8_lossy(&text)
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A time range over every bucket: the filter takes exactly the rows in the range.
    #[test]
    fn multi_row_range_filter_takes_the_query_rows(
        rows in proptest::collection::vec((nasty_u32(), nasty_u32(), any::<u16>()), 1..200),
        lo in nasty_u32(),
        span in 0..40u32,
    ) {
        let hi = lo.saturating_add(span);
        let plan = Reading::scan().ts(lo..hi).plan().unwrap();
        let filter = plan.to_multi_row_range_filter();
        prop_assert_eq!(filter.ranges.len(), plan.ranges().len());
        for (ts, device, metric) in rows {
            let key = Reading { ts, device, metric }.encode().unwrap();
            prop_assert_eq!(filter.matches(&key), (lo..hi).contains(&ts), "ts {}", ts);
        }
    }

    /// Phoenix-salted, a tenant and a time range on a DESC column.
    #[test]
    fn multi_row_range_filter_on_phoenix_keys(
        rows in proptest::collection::vec(("[ab]{1,2}", any::<i64>()), 1..100),
        tenant in "[ab]{1,2}",
        lo in any::<i64>(),
        span in 0..1000i64,
    ) {
        let hi = lo.saturating_add(span);
        let plan = Order::scan().tenant(tenant.clone()).at(lo..=hi).plan().unwrap();
        let filter = plan.to_multi_row_range_filter();
        for (t, at) in rows {
            let key = Order { tenant: t.clone(), at }.encode().unwrap();
            prop_assert_eq!(filter.matches(&key), t == tenant && (lo..=hi).contains(&at));
        }
    }

    /// The filter-language string of a fanned-out time range, read by the `ParseFilter` model.
    #[test]
    fn filter_string_takes_the_query_rows(
        rows in proptest::collection::vec((nasty_u32(), nasty_u32(), any::<u16>()), 1..200),
        lo in nasty_u32(),
        span in 0..40u32,
    ) {
        let plan = Reading::scan().ts(lo..lo.saturating_add(span)).plan().unwrap();
        let keys = rows.into_iter().map(|(ts, device, metric)| {
            Reading { ts, device, metric }.encode().unwrap()
        });
        check_filter_string(&plan, keys)?;
    }

    /// Range bounds made of the language's own bytes (`'`, `)`, ` OR `), and Phoenix keys.
    #[test]
    fn filter_string_quotes_every_byte(
        rows in proptest::collection::vec((nasty_u32(), nasty_u32(), language_string()), 1..100),
        day in nasty_u32(),
        id in nasty_u32(),
        lo in language_string(),
        hi in language_string(),
        tenant in "[a')]{1,2}",
        at in any::<i64>(),
    ) {
        // The right way round (a backward range is refused: tests/regressions.rs).
        let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
        let plans = [
            Tagged::scan().day(day).id(id).tag(lo.clone()..hi.clone()).plan().unwrap(),
            Tagged::scan().day(day).id(id..).plan().unwrap(),
            Tagged::full_scan(),
        ];
        for plan in &plans {
            let keys = rows
                .iter()
                .cloned()
                .chain([(day, id, lo.clone()), (day, id, hi.clone())])
                .map(|(day, id, tag)| Tagged { day, id, tag }.encode().unwrap());
            check_filter_string(plan, keys)?;
        }
        let plan = Order::scan().tenant(tenant.clone()).at(at..).plan().unwrap();
        // Phoenix refuses an empty VARCHAR and one holding 00: those rows are not keys.
        let keys = rows
            .iter()
            .filter_map(|(_, n, t)| Order { tenant: t.clone(), at: i64::from(*n) }.encode().ok());
        check_filter_string(&plan, keys)?;
    }

    /// "Any bucket, any time, this metric" and "any time, this device and metric": the fuzzy
    /// filter takes exactly the rows whose fixed fields equal the template's.
    #[test]
    fn fuzzy_row_filter_takes_the_rows_of_its_fields(
        rows in proptest::collection::vec((nasty_u32(), nasty_u32(), any::<u16>()), 1..200),
        device in nasty_u32(),
        metric in any::<u16>(),
    ) {
        let template = Reading { ts: 0, device, metric };
        let by_metric = FuzzyRowFilter::matching(&template, &["metric"]).unwrap();
        let by_both = FuzzyRowFilter::matching(&template, &["device", "metric"]).unwrap();
        for (ts, d, m) in rows.iter().copied().chain([(5, device, metric)]) {
            let key = Reading { ts, device: d, metric: m }.encode().unwrap();
            prop_assert_eq!(by_metric.matches(&key), m == metric);
            prop_assert_eq!(by_both.matches(&key), m == metric && d == device);
        }
    }

    /// A key whose last field varies in width: the pattern stops after the fixed fields, so
    /// every row is compared on them whatever its length.
    #[test]
    fn fuzzy_row_filter_before_a_varying_field(
        rows in proptest::collection::vec((nasty_u32(), nasty_u32(), nasty_string()), 1..100),
        id in nasty_u32(),
        tag in nasty_string(),
    ) {
        let filter = FuzzyRowFilter::matching(&Tagged { day: 0, id, tag }, &["id"]).unwrap();
        prop_assert_eq!(filter.mask.len(), 8);
        for (day, i, t) in rows {
            let key = Tagged { day, id: i, tag: t }.encode().unwrap();
            prop_assert_eq!(filter.matches(&key), i == id);
        }
    }
}

#[test]
fn fields_without_a_fixed_place_are_refused() {
    let t = Tagged {
        day: 1,
        id: 2,
        tag: "x".into(),
    };
    assert_eq!(
        FuzzyRowFilter::matching(&t, &["tag"]),
        Err(FuzzyError::NotAtFixedOffset("tag"))
    );
    assert_eq!(
        FuzzyRowFilter::matching(&t, &["nope"]),
        Err(FuzzyError::UnknownField("nope".into()))
    );
    assert_eq!(FuzzyRowFilter::matching(&t, &[]), Err(FuzzyError::NoField));
    let o = Order {
        tenant: "a".into(),
        at: 1,
    };
    let err = FuzzyRowFilter::matching(&o, &["at"]).unwrap_err();
    assert!(err.to_string().contains("no fixed offset"), "{err}");
}

/// The bytes HBase reads: `hbase.pb.Filter` naming the class, around the filter's own message,
/// with every range and the mask as made.
#[test]
fn protobuf_bytes_decode_as_hbase_declares_them() {
    let plan = Reading::scan().ts(10..20).plan().unwrap();
    let filter = plan.to_multi_row_range_filter();
    let outer = pb::Filter::decode(filter.to_filter_bytes().as_slice()).unwrap();
    assert_eq!(outer.name, MULTI_ROW_RANGE_FILTER);
    let inner =
        pb::MultiRowRangeFilter::decode(outer.serialized_filter.unwrap().as_slice()).unwrap();
    assert_eq!(inner.row_range_list.len(), 8);
    for (got, want) in inner.row_range_list.iter().zip(plan.ranges()) {
        assert_eq!(got.start_row.as_deref(), Some(want.start.as_slice()));
        assert_eq!(got.start_row_inclusive, Some(true));
        assert_eq!(got.stop_row.as_deref(), Some(want.stop.as_slice()));
        assert_eq!(got.stop_row_inclusive, Some(false));
    }
    // A range to the end of the table has no stop row (HBase's empty stop).
    let all = Tagged::scan().day(7..).plan().unwrap();
    let open =
        pb::MultiRowRangeFilter::decode(all.to_multi_row_range_filter().serialized().as_slice())
            .unwrap();
    assert_eq!(open.row_range_list[0].stop_row, None);

    let fuzzy = FuzzyRowFilter::matching(
        &Reading {
            ts: 0,
            device: 9,
            metric: 3,
        },
        &["metric"],
    )
    .unwrap();
    let outer = pb::Filter::decode(fuzzy.to_filter_bytes().as_slice()).unwrap();
    assert_eq!(outer.name, FUZZY_ROW_FILTER);
    let inner = pb::FuzzyRowFilter::decode(outer.serialized_filter.unwrap().as_slice()).unwrap();
    assert_eq!(inner.fuzzy_keys_data.len(), 1);
    // Salt 1 byte, ts 4, device 4 free; metric's 2 bytes fixed: 3, big-endian.
    assert_eq!(
        inner.fuzzy_keys_data[0].first,
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3]
    );
    assert_eq!(
        inner.fuzzy_keys_data[0].second,
        [1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]
    );
}

/// The shell expressions: the Java constructors with each row as a Ruby byte string.
#[test]
fn shell_expressions_build_the_filters() {
    let plan = Tagged::scan().day(1).plan().unwrap();
    assert_eq!(
        plan.to_multi_row_range_filter().to_hbase_shell(),
        "org.apache.hadoop.hbase.filter.MultiRowRangeFilter.new([org.apache.hadoop.hbase.filter.\
         MultiRowRangeFilter::RowRange.new(\"\\x00\\x00\\x00\\x01\".to_java_bytes, true, \
         \"\\x00\\x00\\x00\\x02\".to_java_bytes, false)])"
    );
    let fuzzy = FuzzyRowFilter::matching(
        &Tagged {
            day: 0,
            id: 0x41,
            tag: String::new(),
        },
        &["id"],
    )
    .unwrap();
    assert_eq!(
        fuzzy.to_hbase_shell(),
        "org.apache.hadoop.hbase.filter.FuzzyRowFilter.new([org.apache.hadoop.hbase.util.Pair.new(\
         \"\\x00\\x00\\x00\\x00\\x00\\x00\\x00A\".to_java_bytes, \
         \"\\x01\\x01\\x01\\x01\\x00\\x00\\x00\\x00\".to_java_bytes)])"
    );
}

//! HBase Thrift 2 `TScan`s: the bytes the thrift crate's binary protocol writes, checked field
//! by field against the Thrift binary protocol (a field is its type byte, its id as a
//! big-endian i16 and its value; binary is an i32 length then the bytes; a struct ends with a
//! 00) and the field ids and types of HBase's `thrift2/hbase.thrift`; and the rows one scan
//! with the plan's filter reads, by HBase's semantics, against the plan.

use proptest::prelude::*;
use rowkey::{RowKey, ScanRange};
use rowkey_clients::hbase_filters::ScanPlanExt;
use rowkey_clients::hbase_thrift2::{one_scan, reversed_scan, scan, Admit, TScan};

use crate::support;
use thrift::protocol::{TBinaryInputProtocol, TBinaryOutputProtocol, TSerializable};

fn to_bytes(s: &TScan) -> Vec<u8> {
    let mut buf = Vec::new();
    let mut o = TBinaryOutputProtocol::new(&mut buf, true);
    s.write_to_out_protocol(&mut o).unwrap();
    buf
}

#[test]
fn binary_protocol_bytes_follow_hbase_thrift2() {
    let mut s = scan(&ScanRange::prefix(b"ab"));
    s.reversed = Some(false);
    s.limit = Some(7);
    s.filter_bytes = Some(vec![0xF0]);
    let want: Vec<u8> = [
        &[11u8, 0, 1][..], // startRow: binary (11), id 1
        &[0, 0, 0, 2, b'a', b'b'],
        &[11, 0, 2], // stopRow: binary, id 2
        &[0, 0, 0, 2, b'a', b'c'],
        &[2, 0, 11, 0],                 // reversed: bool (2), id 11, false
        &[8, 0, 15, 0, 0, 0, 7],        // limit: i32 (8), id 15
        &[11, 0, 18, 0, 0, 0, 1, 0xF0], // filterBytes: binary, id 18
        &[0],                           // stop
    ]
    .concat();
    assert_eq!(to_bytes(&s), want);
    let back =
        TScan::read_from_in_protocol(&mut TBinaryInputProtocol::new(&want[..], true)).unwrap();
    assert_eq!(back, s);
}

/// Fields of a TScan this module does not set (as another client may send) are skipped when
/// read.
#[test]
fn unknown_fields_are_skipped() {
    let bytes = [
        &[8u8, 0, 5, 0, 0, 0, 1][..], // maxVersions (i32, id 5)
        &[11, 0, 1, 0, 0, 0, 1, b'x'],
        &[0],
    ]
    .concat();
    let s = TScan::read_from_in_protocol(&mut TBinaryInputProtocol::new(&bytes[..], true)).unwrap();
    assert_eq!(s.start_row.as_deref(), Some(&b"x"[..]));
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 8, of = "id")]
struct Event {
    day: u32,
    id: u32,
}

proptest! {
    /// One scan from the first range's start to the last range's stop, filtered by the plan's
    /// MultiRowRangeFilter, reads exactly the plan's rows.
    #[test]
    fn one_scan_reads_the_plans_rows(
        rows in proptest::collection::vec((0..40u32, any::<u32>()), 1..200),
        day in 0..40u32,
    ) {
        let plan = Event::scan().day(day).plan().unwrap();
        let s = one_scan(&plan).unwrap();
        let filter = plan.to_multi_row_range_filter();
        let (start, stop) = (s.start_row.clone().unwrap(), s.stop_row.clone().unwrap_or_default());
        for (d, id) in rows {
            let key = Event { day: d, id }.encode().unwrap();
            let in_scan = key >= start && (stop.is_empty() || key < stop);
            prop_assert_eq!(in_scan && filter.matches(&key), d == day);
        }
    }
}

/// The rows HBase's gateway returns for `scan` from the sorted `table`, in order.
fn hbase_reads(scan: &TScan, table: &[Vec<u8>]) -> Vec<Vec<u8>> {
    support::gateway_reads(
        scan.start_row.as_deref(),
        scan.stop_row.as_deref(),
        scan.reversed == Some(true),
        table,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Forward scans read exactly the range; reversed ones, trimmed by `admit`, read exactly
    /// its rows highest first.
    #[test]
    fn scans_read_exactly_the_range(range in support::range(), keys in proptest::collection::vec(support::key(), 0..20)) {
        let table: Vec<Vec<u8>> = support::table(&range, keys).into_iter().filter(|k| !k.is_empty()).collect();
        let expected: Vec<Vec<u8>> = table.iter().filter(|k| range.contains(k)).cloned().collect();
        prop_assert_eq!(hbase_reads(&scan(&range), &table), expected.clone());
        let reversed = reversed_scan(&range);
        let mut kept = Vec::new();
        for row in hbase_reads(&reversed.scan, &table) {
            match reversed.admit(&row) {
                Admit::Take => kept.push(row),
                Admit::Skip => prop_assert!(kept.is_empty() && !reversed.is_exact()),
                Admit::End => {
                    prop_assert!(!reversed.is_exact());
                    break;
                }
            }
        }
        let mut descending = expected;
        descending.reverse();
        prop_assert_eq!(kept, descending);
    }
}

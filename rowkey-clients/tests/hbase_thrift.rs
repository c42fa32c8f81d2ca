//! HBase Thrift 1 conversions, read the way HBase's gateway runs a `TScan`: `setStartRow`
//! (inclusive) and `setStopRow` (exclusive), and for `reversed` a scan from the start row
//! (inclusive) down to the stop row (exclusive), an unset or empty row meaning the table's end.
//! Rows are never empty in HBase.

use crate::support;

use hbase_thrift::hbase::TScan;
use proptest::prelude::*;
use rowkey::{RowKey, ScanRange};
use rowkey_clients::hbase_filters::ScanPlanExt;
use rowkey_clients::hbase_thrift::{one_scan, reversed_scan, scan, Admit};

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
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn scans_read_exactly_the_range(range in support::range(), keys in proptest::collection::vec(support::key(), 0..20)) {
        let table: Vec<Vec<u8>> = support::table(&range, keys).into_iter().filter(|k| !k.is_empty()).collect();
        let expected: Vec<Vec<u8>> = table.iter().filter(|k| range.contains(k)).cloned().collect();

        let forward = scan(&range);
        prop_assert_ne!(forward.reversed, Some(true));
        prop_assert_eq!(hbase_reads(&forward, &table), expected.clone());

        let reversed = reversed_scan(&range);
        prop_assert_eq!(reversed.range(), &range);
        let read = hbase_reads(&reversed.scan, &table);
        let mut kept = Vec::new();
        let mut closed = false;
        for row in &read {
            match reversed.admit(row) {
                Admit::Take => kept.push(row.clone()),
                Admit::Skip => {
                    prop_assert!(!reversed.is_exact());
                    prop_assert!(kept.is_empty(), "only rows above the range are skipped");
                }
                Admit::End => {
                    prop_assert!(!reversed.is_exact());
                    closed = true;
                    break;
                }
            }
        }
        let _ = closed;
        let mut descending = expected;
        descending.reverse();
        prop_assert_eq!(kept, descending);
    }
}

#[test]
fn bounds_ending_in_00_read_exactly_and_others_are_trimmed() {
    // One row: the top is exact (the row itself, inclusive); below it the scanner is closed at
    // the first row under the range.
    let r = reversed_scan(&ScanRange::row(b"k1"));
    assert!(!r.is_exact());
    assert_eq!(r.scan.start_row.as_deref(), Some(&b"k1"[..]));
    assert_eq!(r.scan.stop_row, None);
    assert_eq!(r.admit(b"k1"), Admit::Take);
    assert_eq!(r.admit(b"k0\xff"), Admit::End);

    let r = reversed_scan(&ScanRange {
        start: b"a\x00".to_vec(),
        stop: b"b\x00".to_vec(),
    });
    assert!(r.is_exact());
    assert_eq!(r.scan.start_row.as_deref(), Some(&b"b"[..]));
    assert_eq!(r.scan.stop_row.as_deref(), Some(&b"a"[..]));

    // A prefix's stop has no predecessor: the scan starts at the stop row itself.
    let r = reversed_scan(&ScanRange::prefix(b"ab"));
    assert!(!r.is_exact());
    assert_eq!(r.scan.start_row.as_deref(), Some(&b"ac"[..]));
    assert_eq!(r.scan.stop_row, None);
    assert_eq!(r.admit(b"ac"), Admit::Skip);
    assert_eq!(r.admit(b"ab"), Admit::Take);
    assert_eq!(r.admit(b"aa\xff"), Admit::End);

    // The whole table, reversed: no bounds at all.
    let r = reversed_scan(&ScanRange::all());
    assert!(r.is_exact());
    assert_eq!(
        (r.scan.start_row.clone(), r.scan.stop_row.clone()),
        (None, None)
    );
}

#[derive(RowKey)]
#[salt(md5, buckets = 8, of = "id")]
struct Event {
    day: u32,
    id: u32,
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// One scan over a day's 8 buckets: what the gateway reads between its start and stop rows
    /// and lets through the filter string is exactly the day's rows. (The string passes what
    /// `MultiRowRangeFilter::matches` passes: the root package's `hbase_filters` tests read it
    /// with a model of HBase's `ParseFilter`.)
    #[test]
    fn one_scan_reads_the_plans_rows(
        rows in proptest::collection::vec((0..40u32, any::<u32>()), 1..200),
        day in 0..40u32,
    ) {
        let plan = Event::scan().day(day).plan().unwrap();
        let s = one_scan(&plan).unwrap();
        let filter = plan.to_multi_row_range_filter();
        prop_assert_eq!(s.filter_string.clone(), Some(filter.to_filter_string()));
        let mut table: Vec<Vec<u8>> =
            rows.iter().map(|&(d, id)| Event { day: d, id }.encode().unwrap()).collect();
        table.sort();
        table.dedup();
        let read: Vec<Vec<u8>> =
            hbase_reads(&s, &table).into_iter().filter(|k| filter.matches(k)).collect();
        let mut want: Vec<Vec<u8>> = rows
            .iter()
            .filter(|&&(d, _)| d == day)
            .map(|&(d, id)| Event { day: d, id }.encode().unwrap())
            .collect();
        want.sort();
        want.dedup();
        prop_assert_eq!(read, want);
    }
}

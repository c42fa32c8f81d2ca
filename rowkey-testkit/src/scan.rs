//! Plans read from a sorted map, the brute force every store's answer is held against.

use std::collections::BTreeMap;

use rowkey::{ScanPlan, ScanRange};

/// The rows of `table` in `range`, in key order.
pub fn read_range<V: Clone>(table: &BTreeMap<Vec<u8>, V>, range: &ScanRange) -> Vec<(Vec<u8>, V)> {
    table
        .range::<[u8], _>(range.to_bounds())
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// The keys of `table` in each range of `plan`, range by range, each in key order.
pub fn read_ranges<V>(table: &BTreeMap<Vec<u8>, V>, plan: &ScanPlan) -> Vec<Vec<Vec<u8>>> {
    plan.ranges()
        .iter()
        .map(|r| {
            table
                .range::<[u8], _>(r.to_bounds())
                .map(|(k, _)| k.clone())
                .collect()
        })
        .collect()
}

/// The keys of `table` that `plan` reads: each range read in key order, the ranges merged back
/// into the key's order by the plan (salt set aside).
pub fn read_plan<V>(table: &BTreeMap<Vec<u8>, V>, plan: &ScanPlan) -> Vec<Vec<u8>> {
    let streams = read_ranges(table, plan);
    plan.merge(streams.into_iter().map(Vec::into_iter))
        .collect()
}

//! The maps as JSON, in the shape of TiDB's Key Visualizer data (`{timeAxis, keyAxis: [{key,
//! labels}], values}`), one document per design:
//!
//! ```text
//! {
//!   "design": "md5 buckets (16)",
//!   "cut": "rows" | "range",                       // how the key axis is cut
//!   "timeAxis": [{"window": 0, "firstWrite": 0, "lastWrite": 9999, "time": [t0, t1] | null}, ...],
//!                                                  // (writes: null for a window of time with none;
//!                                                  // time: the window's span for windows of time,
//!                                                  // else its writes' first and last time)
//!   "keyAxis": [{"key": "<toStringBinary of the bucket's first key>", "labels": ["bucket 3 of 16", "ts=..."]}, ...],
//!   "values": {"writes": [[...per bucket...] per window], "reads": [[...]]},
//!   "regions": ["<toStringBinary of each region's start>", ...],
//!   "regionWrites": [...per region...],
//!   "reads": [{"name": ..., "point": bool, "ranges": n, "regions": n, "rowsRead": n, "rowsWanted": n}],
//!   "summary": {"regions": n, "regionsThen": x, "regionsWritten": x, "hottestRegionShare": x,
//!               "maxOverMean": x, "servers": n, "serversWritten": x, "hottestServerShare": x,
//!               "verdict": "..."},
//!   "diagnostics": [{"kind": "HotRegion", "text": "...", "figures": {"hottestRegionShare": x, ...}}]
//! }
//! ```
//!
//! `values.<metric>[w][b]` is the value of window `w` (`timeAxis[w]`) and key bucket `b`
//! (`keyAxis[b]`): writes, or rows of them the read mix reads (so `values.reads` adds up to the
//! reads' `rowsRead`, and `values.writes` to `regionWrites`). `summary` is the design's line of
//! the tables ([`summary::Row`](crate::report::summary::Row)), and each diagnostic's `figures` are the summary's
//! figures it quotes. Written by hand (a few shapes, no dependency).

use std::fmt::Write as _;

use super::diagnose::diagnose_row;
use super::escape;
use crate::outcome::Outcome;
use crate::report::summary::Row;

/// The JSON document of `outcome`'s maps.
///
/// ```
/// use rowkey::RowKey;
/// use rowkey_studio::report::json;
/// use rowkey_studio::Study;
///
/// #[derive(RowKey)]
/// struct Id { id: u32 }
///
/// let outcome = &Study::new(100, |i| i as u32).window(50).buckets(4).design_of("id", |&id| Id { id }).run().unwrap()[0];
/// let doc = json::document(outcome);
/// assert!(doc.starts_with(r#"{"design":"id","cut":"rows","timeAxis":[{"window":0,"firstWrite":0,"lastWrite":49,"time":null}"#));
/// assert!(doc.contains(r#""keyAxis":[{"key":"\\x00\\x00\\x00\\x00","labels":["id=0"]}"#));
/// ```
pub fn document(outcome: &Outcome) -> String {
    let run = &outcome.run;
    let heat = &run.heat;
    let mut s = String::new();
    let _ = write!(
        s,
        r#"{{"design":{},"cut":"{}","timeAxis":["#,
        escape::json(&outcome.name),
        if heat.axis.is_by_rows() {
            "rows"
        } else {
            "range"
        }
    );
    for w in 0..heat.counts.len() {
        let (first, last) = match heat.writes.get(w).copied().flatten() {
            Some((a, b)) => (a.to_string(), b.to_string()),
            None => ("null".into(), "null".into()),
        };
        let time = match (heat.window_time, heat.times.get(w).copied().flatten()) {
            (Some((start, span)), _) => {
                let t = start + w as i64 * span;
                format!("[{t},{}]", t + span - 1)
            }
            (None, Some((a, b))) => format!("[{a},{b}]"),
            (None, None) => "null".into(),
        };
        let _ = write!(
            s,
            r#"{}{{"window":{w},"firstWrite":{first},"lastWrite":{last},"time":{time}}}"#,
            comma(w)
        );
    }
    s.push_str(r#"],"keyAxis":["#);
    for b in 0..heat.axis.buckets() {
        let labels: Vec<String> = heat.labels[b].iter().map(|l| escape::json(l)).collect();
        let _ = write!(
            s,
            r#"{}{{"key":{},"labels":[{}]}}"#,
            comma(b),
            escape::json(&rowkey::hbase::to_string_binary(&heat.axis.start(b))),
            labels.join(",")
        );
    }
    let _ = write!(
        s,
        r#"],"values":{{"writes":{},"reads":{}}},"regions":["#,
        matrix(&heat.counts),
        matrix(&heat.reads)
    );
    for (i, start) in run.regions.starts.iter().enumerate() {
        let _ = write!(
            s,
            "{}{}",
            comma(i),
            escape::json(&rowkey::hbase::to_string_binary(start))
        );
    }
    let _ = write!(
        s,
        r#"],"regionWrites":{},"reads":["#,
        row(&run.report.per_region)
    );
    for (i, r) in run.reads.iter().enumerate() {
        let _ = write!(
            s,
            r#"{}{{"name":{},"point":{},"ranges":{},"regions":{},"rowsRead":{},"rowsWanted":{}}}"#,
            comma(i),
            escape::json(&r.name),
            r.point,
            r.ranges,
            r.regions,
            r.rows_read,
            r.rows_wanted
        );
    }
    let summary = Row::new(outcome);
    s.push_str(r#"],"summary":{"#);
    for (name, value) in summary.figures() {
        let _ = write!(s, r#""{name}":{},"#, number(value));
    }
    let _ = write!(
        s,
        r#""verdict":{}}},"diagnostics":["#,
        escape::json(&summary.verdict())
    );
    for (i, f) in diagnose_row(outcome, &summary).iter().enumerate() {
        let figures: Vec<String> = f
            .figures
            .iter()
            .map(|(name, value)| format!(r#""{name}":{}"#, number(*value)))
            .collect();
        let _ = write!(
            s,
            r#"{}{{"kind":"{:?}","text":{},"figures":{{{}}}}}"#,
            comma(i),
            f.kind,
            escape::json(&f.text),
            figures.join(",")
        );
    }
    s.push_str("]}\n");
    s
}

/// A JSON number: finite values as Rust prints them (shortest round trip), others `null`.
fn number(x: f64) -> String {
    if x.is_finite() {
        format!("{x:?}")
    } else {
        "null".into()
    }
}

fn comma(i: usize) -> &'static str {
    if i == 0 {
        ""
    } else {
        ","
    }
}

fn row(values: &[u64]) -> String {
    let cells: Vec<String> = values.iter().map(u64::to_string).collect();
    format!("[{}]", cells.join(","))
}

fn matrix(values: &[Vec<u64>]) -> String {
    let rows: Vec<String> = values.iter().map(|r| row(r)).collect();
    format!("[{}]", rows.join(","))
}

//! A live cluster's heat in your key's terms: each range of a [`LiveHeat`] labelled by decoding
//! its boundaries with your `RowKey` type (salt buckets, then the leading fields), the hottest
//! listed in words, and the heat as Key Visualizer JSON.

use std::fmt::Write as _;

use rowkey::RowKey;

use super::{escape, labels};
use crate::input::live::LiveHeat;

/// A range of a [`LiveHeat`] in your key's terms.
#[derive(Debug, Clone, PartialEq)]
pub struct HotRange {
    /// The first key of the range.
    pub start: Vec<u8>,
    /// The key after it (empty: the table's end).
    pub end: Vec<u8>,
    /// Its load.
    pub load: f64,
    /// Its share of the load of all ranges (0 to 1).
    pub share: f64,
    /// The range in the key's fields: the decoded parts both boundaries share, then the first
    /// that differs as `name=from … to` (`bucket 7 of 16 · metric=3 · ts=100 … 200`).
    pub label: String,
}

impl LiveHeat {
    /// Every range in `K`'s terms, the hottest first (ties in key order).
    pub fn decode<K: RowKey>(&self) -> Vec<HotRange> {
        self.decode_with(labels::decoded_prefix::<K>)
    }

    /// Every range labelled by its boundaries' toStringBinary (keys of unknown type).
    pub fn decode_bytes(&self) -> Vec<HotRange> {
        self.decode_with(|k| {
            if k.is_empty() {
                Vec::new()
            } else {
                vec![rowkey::hbase::to_string_binary(k)]
            }
        })
    }

    /// Every range labelled by `labels` of its boundaries (a key's leading parts, as
    /// [`labels::decoded_prefix`] gives them), the hottest first.
    pub fn decode_with(&self, labels: impl Fn(&[u8]) -> Vec<String>) -> Vec<HotRange> {
        let total = self.total();
        let mut out: Vec<HotRange> = self
            .ranges
            .iter()
            .map(|r| HotRange {
                start: r.start.clone(),
                end: r.end.clone(),
                load: r.load,
                share: if total > 0.0 { r.load / total } else { 0.0 },
                label: label(&labels(&r.start), &r.end, &labels),
            })
            .collect();
        out.sort_by(|a, b| b.load.total_cmp(&a.load));
        out
    }

    /// The `top` hottest ranges in words, one a line:
    /// `bucket 7 of 16 · metric=3 · ts=100 … 200: 31.0% of write requests`.
    pub fn listing<K: RowKey>(&self, top: usize) -> String {
        listing(&self.decode::<K>(), &self.metric, top)
    }

    /// [`listing`](Self::listing) with the labels of [`decode_with`](Self::decode_with).
    pub fn listing_with(&self, top: usize, labels: impl Fn(&[u8]) -> Vec<String>) -> String {
        listing(&self.decode_with(labels), &self.metric, top)
    }

    /// The heat as TiDB's Key Visualizer JSON (`{timeAxis, keyAxis, values}`, the shape of the
    /// studio's own maps in [`json`](super::json)): one time column, one key-axis entry per range
    /// (its start's toStringBinary, and its end, which Bigtable's hot tablets leave gapped),
    /// `values.<metric>[0][range]`.
    pub fn key_visualizer_json(&self) -> String {
        let mut s = String::from(r#"{"timeAxis":[{"window":0}],"keyAxis":["#);
        for (i, r) in self.ranges.iter().enumerate() {
            let _ = write!(
                s,
                r#"{}{{"key":{},"end":{},"labels":[]}}"#,
                if i == 0 { "" } else { "," },
                escape::json(&rowkey::hbase::to_string_binary(&r.start)),
                escape::json(&rowkey::hbase::to_string_binary(&r.end))
            );
        }
        let loads: Vec<String> = self
            .ranges
            .iter()
            .map(|r| format!("{:?}", r.load))
            .collect();
        let _ = write!(
            s,
            r#"],"values":{{{}:[[{}]]}}}}"#,
            escape::json(&self.metric),
            loads.join(",")
        );
        s
    }
}

/// The words of a range from its start's labels and its end key.
fn label(start: &[String], end: &[u8], labels: &impl Fn(&[u8]) -> Vec<String>) -> String {
    if end.is_empty() {
        return match start {
            [] => "the whole table".into(),
            _ => format!("{} … the table's end", start.join(" · ")),
        };
    }
    let end = labels(end);
    let same = start.iter().zip(&end).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = start[..same].to_vec();
    let (rest_start, rest_end) = (&start[same..], &end[same..]);
    match (rest_start, rest_end) {
        ([a], [b]) => {
            // `name=from … to` when both name the same field; else both in full.
            match (a.split_once('='), b.split_once('=')) {
                (Some((n, x)), Some((m, y))) if n == m => parts.push(format!("{n}={x} … {y}")),
                _ => parts.push(format!("{a} … {b}")),
            }
        }
        ([], []) => {}
        // Nothing of its own before the end's: the start of the table, or of what the shared
        // labels name (a range from a bucket's first byte starts the bucket, not the table).
        ([], b) => {
            let from = match parts.last() {
                None => "the table's start",
                Some(l) if l.starts_with("bucket ") => "the bucket's start",
                Some(_) => "its start",
            };
            parts.push(format!("{from} … {}", b.join(" · ")));
        }
        (a, []) => parts.push(format!("{} …", a.join(" · "))),
        (a, b) => match (a[0].split_once('='), b[0].split_once('=')) {
            // The first field that differs, from … to, when it is the same field.
            (Some((n, x)), Some((m, y))) if n == m && a.len() == b.len() => {
                parts.push(format!("{n}={x} … {y}"));
            }
            _ => parts.push(format!("{} … {}", a.join(" · "), b.join(" · "))),
        },
    }
    if parts.is_empty() {
        parts.push("the table's start".into());
    }
    parts.join(" · ")
}

/// The `top` first of `hot` in words, one a line (ranges with no load left out).
pub fn listing(hot: &[HotRange], metric: &str, top: usize) -> String {
    let mut s = String::new();
    for r in hot.iter().filter(|r| r.load > 0.0).take(top) {
        let _ = writeln!(s, "{}: {:.1}% of {metric}", r.label, 100.0 * r.share);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::label;

    /// Labels of a key written as `;`-separated labels.
    fn labels(key: &[u8]) -> Vec<String> {
        String::from_utf8_lossy(key)
            .split(';')
            .map(String::from)
            .collect()
    }

    #[test]
    fn a_range_from_a_buckets_first_byte_starts_the_bucket_not_the_table() {
        let start = vec!["bucket 6 of 8".to_string()];
        let end = b"bucket 6 of 8;user=42;day=20261101";
        assert_eq!(
            label(&start, end, &labels),
            "bucket 6 of 8 · the bucket's start … user=42 · day=20261101"
        );
        assert_eq!(
            label(&[], b"bucket 1 of 8", &labels),
            "the table's start … bucket 1 of 8"
        );
        let start = vec!["user=42".to_string()];
        assert_eq!(
            label(&start, b"user=42;day=3", &labels),
            "user=42 · its start … day=3"
        );
    }
}

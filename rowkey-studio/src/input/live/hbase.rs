//! HBase: each region's read or write request count from the region servers' `/jmx` JSON
//! (bean `Hadoop:service=HBase,name=RegionServer,sub=Regions`, attributes
//! `Namespace_<ns>_table_<table>_region_<encoded name>_metric_writeRequestCount`, as HBase's
//! `MetricsRegionSourceImpl` names them), joined on the encoded region name with the regions'
//! start and end keys from the shell's `list_regions '<table>'` (HBase 2.x: a `|`-separated
//! table whose `REGION_NAME` is `<table>,<start>,<id>.<encoded name>.` and whose `START_KEY` and
//! `END_KEY` are toStringBinary).
//!
//! The counts are totals since each region opened (a region that split or moved starts again
//! from 0): the load of a live table, not of a window of time; take two readings and subtract
//! for a window. Every region of the listing must be in one of the `/jmx` files (give every
//! region server's), and every region of the table in the `/jmx` files must be in the listing.

use std::collections::HashMap;

use serde::Deserialize;

use super::{LiveHeat, LiveRange};
use crate::input::json::{line_of, parse};
use crate::input::InputError;

/// The bean holding the per-region metrics.
pub const REGIONS_BEAN: &str = "Hadoop:service=HBase,name=RegionServer,sub=Regions";

/// Which requests count as load.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Requests {
    /// `readRequestCount`.
    Read,
    /// `writeRequestCount`.
    Write,
}

impl Requests {
    fn metric(self) -> &'static str {
        match self {
            Requests::Read => "readRequestCount",
            Requests::Write => "writeRequestCount",
        }
    }

    fn words(self) -> &'static str {
        match self {
            Requests::Read => "read requests",
            Requests::Write => "write requests",
        }
    }
}

/// A region of a `list_regions` listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedRegion {
    /// The table (`ns:table` outside the default namespace).
    pub table: String,
    /// The encoded region name (the 32 hex digits at the end of the region name).
    pub encoded: String,
    /// Its start key (empty: the table's start).
    pub start: Vec<u8>,
    /// Its end key (empty: the table's end).
    pub end: Vec<u8>,
    /// Its line in the listing.
    pub line: usize,
}

/// The regions of a `list_regions` listing (`text`, the contents of `file`).
pub fn list_regions(file: &str, text: &str) -> Result<Vec<ListedRegion>, InputError> {
    let mut header: Option<(usize, usize, usize, usize)> = None;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some((columns, name, start, end)) = header else {
            if cells.contains(&"REGION_NAME") && cells.contains(&"START_KEY") {
                let at = |c: &str| cells.iter().position(|x| *x == c);
                match (at("REGION_NAME"), at("START_KEY"), at("END_KEY")) {
                    (Some(a), Some(b), Some(c)) => header = Some((cells.len(), a, b, c)),
                    _ => return Err(InputError::at(file, n, "a header without END_KEY")),
                }
            }
            continue;
        };
        if !line.contains('|') {
            // "N rows", "Took 0.1 seconds": the listing is over.
            if out.is_empty() && !line.trim().is_empty() && !line.contains("row") {
                return Err(InputError::at(file, n, "not a row of list_regions"));
            }
            continue;
        }
        if cells
            .iter()
            .all(|c| c.chars().all(|ch| ch == '-' || ch == ' '))
        {
            continue;
        }
        if cells.len() != columns {
            return Err(InputError::at(
                file,
                n,
                format!(
                    "{} columns where the header has {columns} (a key holding `|` cannot be read from list_regions: give the keys as hex or toStringBinary another way)",
                    cells.len()
                ),
            ));
        }
        let region = cells[name];
        let Some((table, rest)) = region.split_once(',') else {
            return Err(InputError::at(
                file,
                n,
                format!("{region:?} is not a region name"),
            ));
        };
        let encoded = rest
            .strip_suffix('.')
            .and_then(|r| r.rsplit_once('.'))
            .map(|(_, e)| e)
            .filter(|e| e.len() == 32 && e.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| {
                InputError::at(
                    file,
                    n,
                    format!("{region:?} does not end with `.<32 hex digits>.`, the encoded name"),
                )
            })?;
        let key = |text: &str, what: &str| {
            rowkey::hbase::parse_string_binary(text)
                .map_err(|e| InputError::at(file, n, format!("{what} {text:?}: {e}")))
        };
        out.push(ListedRegion {
            table: table.to_string(),
            encoded: encoded.to_string(),
            start: key(cells[start], "START_KEY")?,
            end: key(cells[end], "END_KEY")?,
            line: n,
        });
    }
    if header.is_none() {
        return Err(InputError::at(
            file,
            0,
            "no `REGION_NAME | START_KEY | END_KEY` header: is this the output of list_regions?",
        ));
    }
    if out.is_empty() {
        return Err(InputError::at(file, 0, "no regions"));
    }
    if let Some(r) = out.iter().find(|r| r.table != out[0].table) {
        return Err(InputError::at(
            file,
            r.line,
            format!(
                "a region of {}, not of {}: list one table",
                r.table, out[0].table
            ),
        ));
    }
    Ok(out)
}

#[derive(Deserialize)]
struct Jmx {
    beans: Vec<serde_json::Map<String, serde_json::Value>>,
}

/// The table's per-region `requests` from `/jmx` files (`(name, contents)`), over the regions
/// of a `list_regions` listing (`(name, contents)`).
pub fn heat(
    jmx: &[(&str, &str)],
    listing: (&str, &str),
    requests: Requests,
) -> Result<LiveHeat, InputError> {
    let regions = list_regions(listing.0, listing.1)?;
    let table = &regions[0].table;
    // `ns:table`, or `table` in the default namespace.
    let (ns, name) = table.split_once(':').unwrap_or(("default", table));
    let prefix = format!("Namespace_{ns}_table_{name}_region_");
    let suffix = format!("_metric_{}", requests.metric());
    let mut counts: HashMap<String, (f64, &str)> = HashMap::new();
    for (file, text) in jmx {
        let doc: Jmx = parse(file, text)?;
        let mut found = false;
        for bean in &doc.beans {
            if bean.get("name").and_then(|n| n.as_str()) != Some(REGIONS_BEAN) {
                continue;
            }
            found = true;
            for (key, value) in bean {
                let Some(encoded) = key
                    .strip_prefix(&prefix)
                    .and_then(|k| k.strip_suffix(&suffix))
                else {
                    continue;
                };
                let n = value.as_f64().filter(|v| *v >= 0.0).ok_or_else(|| {
                    InputError::at(
                        file,
                        line_of(text, key),
                        format!("{key} is {value}, not a count"),
                    )
                })?;
                if counts.insert(encoded.to_string(), (n, file)).is_some() {
                    return Err(InputError::at(
                        file,
                        line_of(text, key),
                        format!("region {encoded} is in two /jmx files"),
                    ));
                }
            }
        }
        if !found {
            return Err(InputError::at(
                file,
                0,
                format!("no bean {REGIONS_BEAN:?}: is this a region server's /jmx?"),
            ));
        }
    }
    let mut ranges = Vec::new();
    for r in &regions {
        let Some((load, _)) = counts.remove(&r.encoded) else {
            return Err(InputError::at(
                listing.0,
                r.line,
                format!(
                    "region {} has no {} in the /jmx files: give every region server's",
                    r.encoded,
                    requests.metric()
                ),
            ));
        };
        ranges.push(LiveRange {
            start: r.start.clone(),
            end: r.end.clone(),
            load,
        });
    }
    if let Some((encoded, (_, file))) = counts.iter().min_by(|a, b| a.0.cmp(b.0)) {
        let text = jmx.iter().find(|(f, _)| f == file).map_or("", |(_, t)| *t);
        return Err(InputError::at(
            file,
            line_of(text, encoded),
            format!(
                "region {encoded} of {table} is not in {}: list the regions again",
                listing.0
            ),
        ));
    }
    let source = format!(
        "{} and {}",
        jmx.iter().map(|(f, _)| *f).collect::<Vec<_>>().join(", "),
        listing.0
    );
    LiveHeat::new(&source, requests.words(), ranges).map_err(|e| InputError::at(listing.0, 0, e))
}

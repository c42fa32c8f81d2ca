//! Bigtable: hot tablets, as `gcloud bigtable hot-tablets list CLUSTER --instance=INSTANCE
//! --format=json` prints them (the Admin API's `HotTablet`: `tableName`, `startKey`, `endKey`,
//! `startTime`, `endTime`, `nodeCpuUsagePercent`). The load of a tablet is its CPU use, summed
//! over the windows it is listed in; only hot tablets are listed, so shares are of the listed
//! load.
//!
//! The API's keys are strings: they are read as their UTF-8 bytes, which is exact for keys of
//! printable text; a key with other bytes is as the API wrote it (not claimed byte-exact).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{LiveHeat, LiveRange};
use crate::input::json::{line_of, parse};
use crate::input::InputError;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct HotTablet {
    table_name: String,
    #[serde(default)]
    start_key: String,
    #[serde(default)]
    end_key: String,
    node_cpu_usage_percent: f64,
}

/// The hot tablets of `table` (its id, the last part of `tableName`; `None`: the only table
/// listed) in `text`, the contents of `file`.
pub fn heat(file: &str, text: &str, table: Option<&str>) -> Result<LiveHeat, InputError> {
    let tablets: Vec<HotTablet> = parse(file, text)?;
    if tablets.is_empty() {
        return Err(InputError::at(file, 0, "no hot tablets"));
    }
    let id = |t: &HotTablet| t.table_name.rsplit('/').next().unwrap_or("").to_string();
    let want = match table {
        Some(t) => t.to_string(),
        None => {
            let first = id(&tablets[0]);
            if let Some(other) = tablets.iter().find(|t| id(t) != first) {
                return Err(InputError::at(
                    file,
                    line_of(text, &other.table_name),
                    format!(
                        "tablets of tables {first} and {}: say which (--table)",
                        id(other)
                    ),
                ));
            }
            first
        }
    };
    let mut load: BTreeMap<(Vec<u8>, Vec<u8>), f64> = BTreeMap::new();
    for t in tablets.iter().filter(|t| id(t) == want) {
        if !(t.node_cpu_usage_percent.is_finite() && t.node_cpu_usage_percent >= 0.0) {
            return Err(InputError::at(
                file,
                line_of(text, &t.start_key),
                format!("nodeCpuUsagePercent {}", t.node_cpu_usage_percent),
            ));
        }
        *load
            .entry((
                t.start_key.as_bytes().to_vec(),
                t.end_key.as_bytes().to_vec(),
            ))
            .or_default() += t.node_cpu_usage_percent;
    }
    if load.is_empty() {
        return Err(InputError::at(
            file,
            0,
            format!("no hot tablet of table {want}"),
        ));
    }
    let ranges = load
        .into_iter()
        .map(|((start, end), load)| LiveRange { start, end, load })
        .collect();
    LiveHeat::new(file, "the hot tablets' CPU", ranges).map_err(|e| {
        InputError::at(
            file,
            0,
            format!("{e} (the table split between the windows listed: list one window with --start-time/--end-time)"),
        )
    })
}

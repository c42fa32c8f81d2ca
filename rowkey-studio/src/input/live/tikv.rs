//! TiKV: PD's regions (`pd-ctl region`, or PD's `/pd/api/v1/regions`: `{"count", "regions": [{"id",
//! "start_key", "end_key", "written_keys", "read_keys", ...}]}`, keys in upper-case hex) with,
//! optionally, PD's hot write peers (`pd-ctl hot write`: `{"as_leader": {"<store>":
//! {"statistics": [{"region_id", "key_rate", ...}]}}, ...}`). Without the hot peers a region's
//! load is its `written_keys` of the last heartbeat; with them, the leaders' `key_rate`.
//!
//! PD's keys are TiKV's: under the transactional API they are memcomparable-encoded (groups of
//! 8 bytes, each followed by `0xFF` minus its padding), decoded here ([`Keys::Txn`]); raw-KV
//! keys are as written ([`Keys::Raw`]).

use std::collections::HashMap;

use serde::Deserialize;

use super::{LiveHeat, LiveRange};
use crate::input::json::{line_of, parse};
use crate::input::InputError;

/// How PD's keys relate to the row keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keys {
    /// Raw KV: PD's keys are the row keys.
    Raw,
    /// Transactional KV (and TiDB): PD's keys are the row keys memcomparable-encoded.
    Txn,
}

#[derive(Deserialize)]
struct Regions {
    regions: Vec<Region>,
}

#[derive(Deserialize)]
struct Region {
    id: u64,
    #[serde(default)]
    start_key: String,
    #[serde(default)]
    end_key: String,
    #[serde(default)]
    written_keys: u64,
}

#[derive(Deserialize)]
struct Hot {
    as_leader: Option<HashMap<String, HotStore>>,
}

#[derive(Deserialize)]
struct HotStore {
    #[serde(default)]
    statistics: Vec<HotPeer>,
}

#[derive(Deserialize)]
struct HotPeer {
    region_id: u64,
    key_rate: f64,
}

/// The regions of `regions` (`(file, contents)`), with loads from `hot` if given.
pub fn heat(
    regions: (&str, &str),
    hot: Option<(&str, &str)>,
    keys: Keys,
) -> Result<LiveHeat, InputError> {
    let (file, text) = regions;
    let doc: Regions = parse(file, text)?;
    if doc.regions.is_empty() {
        return Err(InputError::at(file, 0, "no regions"));
    }
    let rates: Option<HashMap<u64, f64>> = match hot {
        None => None,
        Some((hfile, htext)) => {
            let hot: Hot = parse(hfile, htext)?;
            let Some(leaders) = hot.as_leader else {
                return Err(InputError::at(
                    hfile,
                    0,
                    "no \"as_leader\": is this the output of `pd-ctl hot write`?",
                ));
            };
            let mut rates = HashMap::new();
            for store in leaders.values() {
                for p in &store.statistics {
                    if !(p.key_rate.is_finite() && p.key_rate >= 0.0) {
                        return Err(InputError::at(
                            hfile,
                            line_of(htext, &format!("\"region_id\": {}", p.region_id)),
                            format!("key_rate {}", p.key_rate),
                        ));
                    }
                    *rates.entry(p.region_id).or_default() += p.key_rate;
                }
            }
            let ids: std::collections::HashSet<u64> = doc.regions.iter().map(|r| r.id).collect();
            if let Some(id) = rates.keys().filter(|id| !ids.contains(id)).min() {
                return Err(InputError::at(
                    hfile,
                    line_of(htext, &format!("{id}")),
                    format!("hot region {id} is not in {file}: list the regions again"),
                ));
            }
            Some(rates)
        }
    };
    let mut ranges = Vec::new();
    for r in &doc.regions {
        let line = line_of(text, &format!("\"id\": {}", r.id));
        let key = |hex: &str| -> Result<Vec<u8>, InputError> {
            let raw = from_hex(hex)
                .ok_or_else(|| InputError::at(file, line, format!("{hex:?} is not hex")))?;
            match keys {
                Keys::Raw => Ok(raw),
                Keys::Txn if raw.is_empty() => Ok(raw),
                Keys::Txn => decode_bytes(&raw).ok_or_else(|| {
                    InputError::at(
                        file,
                        line,
                        format!(
                            "{hex} is not a memcomparable-encoded key (raw KV? --tikv-keys raw)"
                        ),
                    )
                }),
            }
        };
        ranges.push(LiveRange {
            start: key(&r.start_key)?,
            end: key(&r.end_key)?,
            load: match &rates {
                Some(rates) => rates.get(&r.id).copied().unwrap_or(0.0),
                None => r.written_keys as f64,
            },
        });
    }
    let (source, metric) = match hot {
        Some((hfile, _)) => (
            format!("{file} and {hfile}"),
            "the hot leaders' written keys per second",
        ),
        None => (file.to_string(), "written keys (PD's last heartbeat)"),
    };
    LiveHeat::new(&source, metric, ranges).map_err(|e| InputError::at(file, 0, e))
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    rowkey::hex::decode(text).ok()
}

/// TiKV's memcomparable bytes (`codec::bytes::encode_bytes`) decoded: groups of 8 bytes each
/// followed by `0xFF - padding`; the last group padded with zeros. `None` if not canonical.
pub fn decode_bytes(encoded: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for group in encoded.chunks(9) {
        let (bytes, marker) = group.split_at(8.min(group.len()));
        let marker = *marker.first()?;
        let pad = 0xFF - marker as usize;
        if pad == 0 {
            out.extend_from_slice(bytes);
            continue;
        }
        if pad > 8 || bytes[8 - pad..].iter().any(|&b| b != 0) {
            return None;
        }
        out.extend_from_slice(&bytes[..8 - pad]);
        // The last group: nothing may follow.
        return (group.as_ptr_range().end == encoded.as_ptr_range().end).then_some(out);
    }
    None
}

#[cfg(test)]
mod tests {
    /// TiKV's `encode_bytes` test vectors (components/codec/src/byte.rs): each input with its
    /// encoding.
    #[test]
    fn decodes_tikvs_encode_bytes_vectors() {
        let cases: [(&[u8], &[u8]); 4] = [
            (b"", &[0, 0, 0, 0, 0, 0, 0, 0, 0xF7]),
            (&[1, 2, 3], &[1, 2, 3, 0, 0, 0, 0, 0, 0xFA]),
            (&[1, 2, 3, 0], &[1, 2, 3, 0, 0, 0, 0, 0, 0xFB]),
            (
                &[1, 2, 3, 4, 5, 6, 7, 8],
                &[1, 2, 3, 4, 5, 6, 7, 8, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0xF7],
            ),
        ];
        for (raw, encoded) in cases {
            assert_eq!(super::decode_bytes(encoded).as_deref(), Some(raw));
        }
        assert_eq!(super::decode_bytes(&[1, 2, 3, 0, 0, 0, 0, 1, 0xFA]), None);
        assert_eq!(super::decode_bytes(&[1, 2, 3, 4, 5, 6, 7, 8, 0xFF]), None);
        assert_eq!(super::decode_bytes(&[1, 2, 3]), None);
    }
}

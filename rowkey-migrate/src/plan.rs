//! A migration's plan: the old table's key space cut into units, and the two layouts it was
//! made for.

use rowkey_runtime::RowKey;
use rowkey_runtime::ScanRange;

use super::error::MigrateError;
use super::fingerprints::Fingerprints;

/// One independent unit of the copy: a range of the old table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// Its number in the plan (0-based).
    pub index: usize,
    /// The old table's rows it copies.
    pub range: ScanRange,
}

/// A migration's plan: its units, and the layouts it was made for.
///
/// ```
/// use rowkey::migrate::Plan;
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 16, of = "id")]
/// struct Old { ts: u64, id: u64 }
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 64, of = "id")]
/// struct New { ts: u64, id: u64 }
///
/// // One unit per old salt bucket.
/// let plan = Plan::for_layout::<Old, New>(16).unwrap();
/// assert_eq!(plan.units.len(), 16);
/// assert_eq!(plan.units[3].range.start, [3]);
/// assert_eq!(plan.units[3].range.stop, [4]);
/// assert!(plan.check::<Old, New>().is_ok());
/// // Written down beside the checkpoints, read back.
/// assert_eq!(Plan::parse(&plan.to_text()).unwrap(), plan);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The layouts it was made for.
    pub fingerprints: Fingerprints,
    /// The units, in key order, covering the whole old table.
    pub units: Vec<Unit>,
}

impl Plan {
    /// A plan whose units lie between `points` (sorted, deduplicated here; the first unit starts
    /// at the empty key, the last runs to the end of the table).
    pub fn from_points<Old: RowKey, New: RowKey>(points: &[Vec<u8>]) -> Self {
        let mut starts: Vec<Vec<u8>> = points.iter().filter(|p| !p.is_empty()).cloned().collect();
        starts.sort();
        starts.dedup();
        let mut bounds = vec![Vec::new()];
        bounds.extend(starts);
        let units = bounds
            .iter()
            .enumerate()
            .map(|(index, start)| Unit {
                index,
                range: ScanRange {
                    start: start.clone(),
                    stop: bounds.get(index + 1).cloned().unwrap_or_default(),
                },
            })
            .collect();
        Plan {
            fingerprints: Fingerprints::of::<Old, New>(),
            units,
        }
    }

    /// A plan of `units` units from the old layout's own split points
    /// ([`rowkey_splits::split_points`]: whole salt buckets, even ranges of a hash prefix, leading
    /// digits). Other layouts need [`from_sample`](Self::from_sample).
    pub fn for_layout<Old: RowKey, New: RowKey>(units: usize) -> Result<Self, MigrateError> {
        let points = rowkey_splits::split_points::<Old>(units).map_err(MigrateError::Split)?;
        Ok(Plan::from_points::<Old, New>(&points))
    }

    /// A plan of `units` units cut at the quantiles of `keys`, a sample of the old table's keys
    /// (Bigtable's `SampleRowKeys`, HBase's region boundaries, or rows read at random).
    pub fn from_sample<Old: RowKey, New: RowKey, K: AsRef<[u8]>>(
        keys: &[K],
        units: usize,
    ) -> Result<Self, MigrateError> {
        let points = rowkey_splits::from_sample(keys, units).map_err(MigrateError::Split)?;
        Ok(Plan::from_points::<Old, New>(&points))
    }

    /// Checks that `Old` and `New` still have the layouts the plan was made for, before the
    /// copy starts or resumes.
    ///
    /// ```
    /// use rowkey::migrate::{Fingerprints, MigrateError, Plan};
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// struct Old { id: u64 }
    /// #[derive(RowKey)]
    /// #[salt(md5, buckets = 8, of = "id")]
    /// struct New { id: u64 }
    /// #[derive(RowKey)]
    /// #[salt(md5, buckets = 16, of = "id")]
    /// struct Changed { id: u64 }
    ///
    /// let plan = Plan::from_points::<Old, New>(&[vec![0x80]]);
    /// let err = plan.check::<Old, Changed>().unwrap_err();
    /// assert_eq!(
    ///     err,
    ///     MigrateError::LayoutChanged { planned: plan.fingerprints, now: Fingerprints::of::<Old, Changed>() }
    /// );
    /// assert!(err.to_string().contains(&format!("{:016x}", New::LAYOUT_FINGERPRINT)));
    /// assert!(err.to_string().contains(&format!("{:016x}", Changed::LAYOUT_FINGERPRINT)));
    /// ```
    pub fn check<Old: RowKey, New: RowKey>(&self) -> Result<(), MigrateError> {
        let now = Fingerprints::of::<Old, New>();
        if now == self.fingerprints {
            Ok(())
        } else {
            Err(MigrateError::LayoutChanged {
                planned: self.fingerprints,
                now,
            })
        }
    }

    /// The plan's identity: 16 hex digits of a hash of its text, naming its checkpoints
    /// ([`CheckpointDir`](super::CheckpointDir), rowkey-clients' checkpoint tables), so that two
    /// plans never share them.
    pub fn id(&self) -> String {
        format!(
            "{:016x}",
            xxhash_rust::xxh3::xxh3_64(self.to_text().as_bytes())
        )
    }

    /// The plan as text: a header line, the fingerprints, one line per unit with its range in
    /// hex (`-` for an empty bound).
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "rowkey migration plan v1\nold {:016x}\nnew {:016x}\n",
            self.fingerprints.old, self.fingerprints.new
        );
        for u in &self.units {
            s.push_str(&format!(
                "unit {} {} {}\n",
                u.index,
                hex_or_dash(&u.range.start),
                hex_or_dash(&u.range.stop)
            ));
        }
        s
    }

    /// Reads a plan written by [`to_text`](Self::to_text).
    pub fn parse(text: &str) -> Result<Self, MigrateError> {
        let bad = |line: usize, what: &str| MigrateError::BadPlan {
            line,
            what: what.to_string(),
        };
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        match lines.next() {
            Some((_, "rowkey migration plan v1")) => {}
            _ => return Err(bad(1, "not a rowkey migration plan (v1)")),
        }
        let mut fingerprint = |name: &str| -> Result<u64, MigrateError> {
            let (n, line) = lines
                .next()
                .ok_or_else(|| bad(text.lines().count() + 1, "the plan ends early"))?;
            line.strip_prefix(name)
                .and_then(|h| u64::from_str_radix(h.trim(), 16).ok())
                .ok_or_else(|| bad(n, &format!("expected `{name}<16 hex digits>`")))
        };
        let fingerprints = Fingerprints {
            old: fingerprint("old ")?,
            new: fingerprint("new ")?,
        };
        let mut units = Vec::new();
        for (n, line) in lines {
            let parts: Vec<&str> = line.split(' ').collect();
            let [kind, index, start, stop] = parts[..] else {
                return Err(bad(n, "expected `unit <n> <start> <stop>`"));
            };
            let index: usize = index.parse().map_err(|_| bad(n, "a unit number"))?;
            if kind != "unit" || index != units.len() {
                return Err(bad(n, &format!("expected unit {}", units.len())));
            }
            let key = |h: &str| from_hex_or_dash(h).ok_or_else(|| bad(n, "a key in hex or `-`"));
            units.push(Unit {
                index,
                range: ScanRange {
                    start: key(start)?,
                    stop: key(stop)?,
                },
            });
        }
        Ok(Plan {
            fingerprints,
            units,
        })
    }
}

pub(super) fn hex_or_dash(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        "-".into()
    } else {
        rowkey_runtime::hex::encode(bytes)
    }
}

pub(super) fn from_hex_or_dash(text: &str) -> Option<Vec<u8>> {
    if text == "-" {
        return Some(Vec::new());
    }
    rowkey_runtime::hex::decode(text)
        .ok()
        .filter(|bytes| !bytes.is_empty())
}

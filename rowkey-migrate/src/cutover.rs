//! The new table, created pre-split: its split points and the commands that create it.

use core::fmt;

use super::migration::Migration;
use super::store::{scan_all, MoveStore, Side};
use rowkey_runtime::RowKey;
use rowkey_runtime::ScanRange;
use rowkey_splits::SplitError;

/// The new table's split points and the commands that create it pre-split at them: see
/// [`create_commands`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreateCommands {
    /// `New::split_points(regions)`.
    pub split_points: Vec<Vec<u8>>,
    /// The HBase shell's `create 'TABLE', 'FAMILY', SPLITS => [...]`.
    pub hbase_shell: String,
    /// `cbt createtable TABLE families=FAMILY splits=...` for bash (binary keys in `$'\xHH'`
    /// quoting; cbt takes its project and instance from `-project`/`-instance` or `~/.cbtrc`),
    /// or why cbt cannot take these splits.
    pub cbt: Result<String, CbtError>,
}

/// A split point `cbt` cannot be given: it splits `splits=` at commas, and no shell argument
/// holds a NUL byte. Create the table through the admin API's `initial_splits` instead (exact
/// bytes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CbtError {
    /// The split point's index.
    pub index: usize,
    /// The byte cbt cannot take (`,` or NUL).
    pub byte: u8,
}

impl fmt::Display for CbtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "split point {} holds byte {:#04x}, which cbt cannot take (it splits `splits=` at commas, \
             and a shell argument cannot hold NUL): create the table through the admin API's \
             initial_splits",
            self.index, self.byte
        )
    }
}

impl std::error::Error for CbtError {}

/// The split points of `New` for `regions` regions and the commands that create `table`, with
/// column family `family`, pre-split at them.
///
/// ```
/// use rowkey::migrate::create_commands;
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 4, of = "id")]
/// struct New { id: u32 }
///
/// let c = create_commands::<New>("metrics_v2", "d", 4).unwrap();
/// assert_eq!(c.split_points, [[1], [2], [3]]);
/// assert_eq!(c.hbase_shell, r#"create 'metrics_v2', 'd', SPLITS => ["\x01", "\x02", "\x03"]"#);
/// assert_eq!(c.cbt.unwrap(), r"cbt createtable metrics_v2 families=d $'splits=\x01,\x02,\x03'");
/// ```
pub fn create_commands<New: RowKey>(
    table: &str,
    family: &str,
    regions: usize,
) -> Result<CreateCommands, SplitError> {
    let split_points = rowkey_splits::split_points::<New>(regions)?;
    let hbase_shell = rowkey_runtime::hbase::create_table(table, &[family], &split_points);
    let cbt = cbt_command(table, family, &split_points);
    Ok(CreateCommands {
        split_points,
        hbase_shell,
        cbt,
    })
}

fn cbt_command(table: &str, family: &str, splits: &[Vec<u8>]) -> Result<String, CbtError> {
    let mut arg = String::from("splits=");
    for (index, split) in splits.iter().enumerate() {
        if let Some(&byte) = split.iter().find(|&&b| b == b',' || b == 0) {
            return Err(CbtError { index, byte });
        }
        if index > 0 {
            arg.push(',');
        }
        for &b in split {
            match b {
                b'\'' | b'\\' => arg.push_str(&format!("\\x{b:02x}")),
                b' '..=b'~' => arg.push(char::from(b)),
                _ => arg.push_str(&format!("\\x{b:02x}")),
            }
        }
    }
    let mut cmd = format!("cbt createtable {table} families={family}");
    if !splits.is_empty() {
        cmd.push_str(&format!(" $'{arg}'"));
    }
    Ok(cmd)
}

impl<Old: RowKey, New: RowKey> Migration<Old, New> {
    /// The retired phase's clean-up: deletes every tombstone of the new table that still is
    /// one. Returns how many.
    pub fn purge_tombstones<S: MoveStore>(&self, store: &S) -> Result<usize, S::Error> {
        let mut dead = Vec::new();
        scan_all(store, Side::New, &ScanRange::all(), |k, val| {
            if val.is_none() {
                dead.push(k);
            }
        })?;
        let mut purged = 0;
        for key in dead {
            purged += usize::from(store.purge(&key)?);
        }
        Ok(purged)
    }
}

//! The command line: subcommands and their arguments (clap).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Design HBase-style row keys: see where writes land, pre-split tables, read keys pasted from
/// the HBase shell.
#[derive(Debug, Parser)]
#[command(name = "rowkey", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Simulate writes into an auto-splitting table for each key design; print the summary and
    /// write a heatmap per design and an HTML page.
    Hotspot(HotspotArgs),
    /// Split points by HBase's RegionSplitter algorithms, as toStringBinary lines or a shell
    /// `create` command.
    Splits(SplitsArgs),
    /// Find the regions no key of a key space can reach (the HBase book's hex-key lesson).
    CheckSplits(CheckSplitsArgs),
    /// Plan and simulate changing a table's key (re-salting) while writers and readers keep
    /// going: the plan, the new table's create commands, and what readers saw in each phase.
    Migrate(MigrateArgs),
    /// Print the manifest of a copy job for a migration plan (one task per process, each
    /// resuming its units from the checkpoints): a Kubernetes Indexed Job, or a Cloud Run job.
    MigrateJob(MigrateJobArgs),
    /// A live table's load per key range (HBase /jmx + list_regions, Bigtable hot tablets, TiKV
    /// PD regions), the hottest ranges decoded into a design's key fields.
    Heat(HeatArgs),
    /// Judge the edit between two locked layouts of a key (rowkey.lock files): which of
    /// bytes, point, order and unique hold, each break with a witness. Exit 0 when `--level`
    /// holds, 1 when it does not, 2 for bad input.
    Compat(CompatArgs),
    /// Decode keys of a locked layout (a rowkey.lock file) from a key log, without the type:
    /// each key's fields, or why it does not decode.
    Decode(DecodeArgs),
    /// A lock file's keys in words: each layout, its parts, and a golden key drawn as
    /// `explain` draws it.
    Lock(LockArgs),
    /// Hex bytes to HBase's `Bytes.toStringBinary` form.
    Tsb(TsbArgs),
    /// `Bytes.toStringBinary` strings (as the shell prints keys) back to hex bytes.
    Untsb(UntsbArgs),
}

/// The most writes `rowkey hotspot --writes` takes: ten billion (hours per design here).
pub const MAX_WRITES: u64 = 10_000_000_000;

/// `rowkey hotspot`.
#[derive(Debug, Args)]
pub struct HotspotArgs {
    /// Messages written per design (at most ten billion; Ctrl-C stops a long run and reports
    /// the writes done so far).
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=MAX_WRITES))]
    pub writes: u64,
    /// Writes per window (a heatmap column).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub window: u64,
    /// Windows of this many seconds of the writes' times instead: for the built-in designs
    /// (messages 7 ms apart) and key logs whose cells have timestamps (`cbt`, `hbase-shell`).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..))]
    pub window_seconds: Option<u64>,
    /// A region splits at its middle key when it has taken more writes than this (HBase splits
    /// by size, which every write adds to).
    #[arg(long, default_value_t = 25_000, value_parser = clap::value_parser!(u64).range(2..))]
    pub split_writes: u64,
    /// Region servers hosting the regions (round-robin over the regions in key order,
    /// reassigned after every split).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub servers: u64,
    /// Seed of the random salt (the same seed prints the same report).
    #[arg(long, default_value_t = 2026)]
    pub seed: u64,
    /// Heatmap rows: buckets of the key axis.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub buckets: u64,
    /// How the heatmaps' key axis is cut: buckets of roughly equal row count (`rows`, as
    /// Bigtable's Key Visualizer cuts it: each salt bucket gets its own band) or of equal key
    /// range (`range`).
    #[arg(long, value_enum, default_value = "rows")]
    pub cut: crate::formats::AxisCut,
    /// Designs to simulate, comma-separated (default: all).
    #[arg(long, value_delimiter = ',', value_parser = crate::designs::slugs())]
    pub designs: Vec<String>,
    /// A table's key log to replay instead of the designs, in write order (its length is the
    /// number of writes).
    #[arg(long, value_name = "FILE", conflicts_with = "designs")]
    pub keys: Option<PathBuf>,
    /// How the key log is written.
    #[arg(long, value_enum, default_value = "binary", requires = "keys")]
    pub keys_format: crate::formats::LogFormat,
    /// A lock file (rowkey.lock) whose key the log's keys are: the heatmap's axis shows their
    /// fields.
    #[arg(long, value_name = "FILE", requires = "keys")]
    pub lock: Option<PathBuf>,
    /// The key's name in the lock file (its only key when absent).
    #[arg(long, requires = "lock")]
    pub key: Option<String>,
    /// Where the heatmaps and the HTML page go.
    #[arg(long, default_value = "target/rowkey-hotspot")]
    pub out: PathBuf,
    /// A file of region boundaries, one split point a line (a real table's, or `rowkey
    /// splits`'s): the table starts split there and does not auto-split.
    #[arg(long, value_name = "FILE")]
    pub splits: Option<PathBuf>,
    /// How the split points are written.
    #[arg(long, value_enum, default_value = "binary", requires = "splits")]
    pub splits_format: crate::formats::SplitFormat,
}

/// RegionSplitter's algorithms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Algorithm {
    /// HexStringSplit: 8 lowercase hex digits, 00000000 to ffffffff by default.
    Hex,
    /// DecimalStringSplit: 8 decimal digits, 00000000 to 99999999 by default.
    Decimal,
    /// UniformSplit: raw bytes, evenly over 8 bytes by default.
    Uniform,
}

/// `rowkey splits`.
#[derive(Debug, Args)]
pub struct SplitsArgs {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Number of regions (split points: one fewer).
    pub regions: usize,
    /// First row (RegionSplitter's -D split.algorithm.firstrow): digits for hex and decimal,
    /// toStringBinary for uniform.
    #[arg(long)]
    pub first: Option<String>,
    /// Last row (-D split.algorithm.lastrow).
    #[arg(long)]
    pub last: Option<String>,
    /// Print the shell's `create 'TABLE', ..., SPLITS => [...]` instead of one key per line.
    #[arg(long, value_name = "TABLE")]
    pub create: Option<String>,
    /// Column families for `--create`.
    #[arg(long = "family", default_value = "d")]
    pub families: Vec<String>,
}

/// A built-in design a migration can move between: they order messages alike (by time, then
/// id) once the salt is set aside, as a mid-move read needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MoveDesign {
    /// `ts, id`, unsalted: every write lands on the last region.
    TimestampFirst,
    /// One of 16 buckets by the MD5 of the id, then `ts, id`.
    Md5Buckets,
    /// One of 16 buckets at random, then `ts, id`: refused, with the reason (a writer cannot
    /// find a row's bucket to update or delete it).
    RandomBuckets,
}

/// `rowkey migrate`.
#[derive(Debug, Args)]
pub struct MigrateArgs {
    /// The table's key now.
    #[arg(long, value_enum, default_value = "timestamp-first")]
    pub from: MoveDesign,
    /// The key to move to.
    #[arg(long, value_enum, default_value = "md5-buckets")]
    pub to: MoveDesign,
    /// Messages in the table before the move.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(100..=100_000_000))]
    pub rows: u64,
    /// Copy workers (threads).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub workers: u64,
    /// Units of the copy plan (and regions of the new table).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub units: u64,
    /// Writes (inserts, updates, deletes) between two moments the readers look.
    #[arg(long, default_value_t = 500)]
    pub writes: u64,
    /// Seed of the writers' choices.
    #[arg(long, default_value_t = 2026)]
    pub seed: u64,
}

/// Where a copy job runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum JobPlatform {
    /// A Kubernetes Indexed Job and a ConfigMap holding the plan (`kubectl apply -f`).
    Kubernetes,
    /// A Cloud Run job (`gcloud run jobs replace`).
    CloudRun,
}

/// `rowkey migrate-job`.
#[derive(Debug, Args)]
pub struct MigrateJobArgs {
    /// The plan's text, as `Plan::to_text` writes it.
    #[arg(long, value_name = "FILE")]
    pub plan: PathBuf,
    /// The job's name.
    #[arg(long)]
    pub name: String,
    /// The worker's container image.
    #[arg(long)]
    pub image: String,
    /// Tasks (processes); each runs every N-th unit (default: one per unit).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub tasks: Option<u64>,
    /// Tasks running at once (default: all).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub parallelism: Option<u64>,
    /// Runs of one task after it failed (each resumes from its units' checkpoints).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(0..=100))]
    pub retries: u32,
    /// More environment for the worker, `NAME=VALUE` (repeatable).
    #[arg(long = "env", value_name = "NAME=VALUE")]
    pub env: Vec<String>,
    /// Where the job runs.
    #[arg(long, value_enum, default_value = "kubernetes")]
    pub platform: JobPlatform,
    /// The worker's command and arguments (after `--`).
    #[arg(last = true, required = true)]
    pub command: Vec<String>,
}

/// `rowkey check-splits`.
#[derive(Debug, Args)]
pub struct CheckSplitsArgs {
    /// Split points in toStringBinary form, in order; `-` reads them from standard input, one
    /// per line (the output of `rowkey splits`).
    #[arg(required = true)]
    pub splits: Vec<String>,
    /// Keys are this many lowercase hex digits.
    #[arg(long, value_name = "LEN", group = "space")]
    pub hex: Option<usize>,
    /// Keys are this many decimal digits.
    #[arg(long, value_name = "LEN", group = "space")]
    pub decimal: Option<usize>,
    /// Keys are this many arbitrary bytes.
    #[arg(long, value_name = "LEN", group = "space")]
    pub bytes: Option<usize>,
    /// Keys are `--len` characters from this set (printable ASCII).
    #[arg(long, value_name = "CHARS", group = "space", requires = "len")]
    pub alphabet: Option<String>,
    /// Key length for `--alphabet`.
    #[arg(long, value_name = "LEN")]
    pub len: Option<usize>,
}

/// Which requests count as an HBase region's load.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum HeatRequests {
    /// `readRequestCount`.
    Read,
    /// `writeRequestCount`.
    Write,
}

/// How TiKV's PD prints keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TikvKeys {
    /// Raw KV: the row keys as written.
    Raw,
    /// Transactional KV and TiDB: memcomparable-encoded.
    Txn,
}

/// `rowkey heat`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["hbase_regions", "bigtable_hot_tablets", "pd_regions"])))]
pub struct HeatArgs {
    /// An HBase region server's `/jmx` JSON (repeat for every region server).
    #[arg(long, value_name = "FILE", requires = "hbase_regions")]
    pub hbase_jmx: Vec<PathBuf>,
    /// The HBase shell's `list_regions 'TABLE'` output: each region's name, start and end key.
    #[arg(long, value_name = "FILE", requires = "hbase_jmx")]
    pub hbase_regions: Option<PathBuf>,
    /// HBase: which requests are the load.
    #[arg(long, value_enum, default_value = "write")]
    pub requests: HeatRequests,
    /// `gcloud bigtable hot-tablets list CLUSTER --instance=I --format=json` output.
    #[arg(long, value_name = "FILE")]
    pub bigtable_hot_tablets: Option<PathBuf>,
    /// Bigtable: the table's id, when the hot tablets are of several tables.
    #[arg(long, requires = "bigtable_hot_tablets")]
    pub table: Option<String>,
    /// TiKV: `pd-ctl region` JSON (each region's keys and written keys).
    #[arg(long, value_name = "FILE")]
    pub pd_regions: Option<PathBuf>,
    /// TiKV: `pd-ctl hot write` JSON: the hot leaders' key rates are the load.
    #[arg(long, value_name = "FILE", requires = "pd_regions")]
    pub pd_hot: Option<PathBuf>,
    /// TiKV: how PD's keys relate to the row keys.
    #[arg(long, value_enum, default_value = "txn")]
    pub tikv_keys: TikvKeys,
    /// The built-in design whose key decodes the ranges (default: toStringBinary).
    #[arg(long, value_parser = crate::designs::slugs(), conflicts_with = "lock")]
    pub design: Option<String>,
    /// A lock file (rowkey.lock) whose key decodes the ranges: your own key's fields.
    #[arg(long, value_name = "FILE")]
    pub lock: Option<PathBuf>,
    /// The key's name in the lock file (its only key when absent).
    #[arg(long, requires = "lock")]
    pub key: Option<String>,
    /// How many of the hottest ranges to list.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub top: u64,
    /// Also write the heat as TiDB Key Visualizer JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
}

/// `rowkey compat`.
#[derive(Debug, Args)]
pub struct CompatArgs {
    /// The lock file before the edit (the committed one). Alone, each key's `previous 1`
    /// layout in NEW is judged against its current one.
    #[arg(value_name = "OLD")]
    pub old: PathBuf,
    /// The lock file after the edit; OLD's own previous layouts when absent.
    #[arg(value_name = "NEW")]
    pub new: Option<PathBuf>,
    /// The key to judge (its name in the files); every key both files lock when absent.
    #[arg(long)]
    pub key: Option<String>,
    /// The guarantee the edit must keep: bytes, point, order or unique.
    #[arg(long, default_value = "bytes", value_parser = ["bytes", "point", "order", "unique"])]
    pub level: String,
    /// How to print the verdict.
    #[arg(long, value_enum, default_value = "text")]
    pub format: CompatFormat,
}

/// How `rowkey compat` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CompatFormat {
    /// The edits, each guarantee with its witness, the fixes.
    Text,
    /// One JSON object per key, a line each.
    Json,
    /// GitHub Actions annotations (`::error`, `::warning`).
    Github,
}

/// `rowkey lock`.
#[derive(Debug, Args)]
pub struct LockArgs {
    /// The lock file.
    #[arg(value_name = "FILE")]
    pub lock: PathBuf,
    /// Only this key (its name in the file).
    #[arg(long)]
    pub key: Option<String>,
}

/// `rowkey decode`.
#[derive(Debug, Args)]
pub struct DecodeArgs {
    /// The lock file that holds the key's layout.
    #[arg(long, value_name = "FILE")]
    pub lock: PathBuf,
    /// The key's name in the lock file; the only one when absent.
    #[arg(long)]
    pub key: Option<String>,
    /// Decode with this earlier layout (`previous N` in the file).
    #[arg(long, value_name = "N")]
    pub previous: Option<u32>,
    /// The key log to read.
    #[arg(value_name = "FILE")]
    pub keys: PathBuf,
    /// How the key log is written.
    #[arg(long, value_enum, default_value = "hex")]
    pub keys_format: crate::formats::LogFormat,
}

/// `rowkey tsb`.
#[derive(Debug, Args)]
pub struct TsbArgs {
    /// Keys as hex digits (`0x` and spaces allowed).
    #[arg(required = true)]
    pub hex: Vec<String>,
}

/// `rowkey untsb`.
#[derive(Debug, Args)]
pub struct UntsbArgs {
    /// Keys in toStringBinary form, such as `\x00\x01row1` (quote them for the shell).
    #[arg(required = true)]
    pub keys: Vec<String>,
}

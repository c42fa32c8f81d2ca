//! The command line's names for how the files it reads are written (key logs and
//! `--splits-format`'s split point files, which `rowkey_studio::input` reads), and for the
//! choices of `hotspot`'s maps: each the studio's own, as a clap value.

/// How a key log is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One key a line as HBase's `Bytes.toStringBinary` prints it (`\xHH` escapes).
    Binary,
    /// One key a line in hex.
    Hex,
    /// The output of `cbt read` (one write per cell, ordered by the cells' timestamps).
    Cbt,
    /// The output of the HBase shell's `scan` (one write per cell, ordered by timestamp).
    HbaseShell,
}

/// How a file of split points is written: one boundary a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SplitFormat {
    /// `Bytes.toStringBinary`, as `get_splits` and `create ... SPLITS` show them.
    Binary,
    /// Hex.
    Hex,
    /// Bigtable's `SampleRowKeys` answers in the API's JSON mapping (`grpcurl`'s output):
    /// `{"rowKey": "<base64>", "offsetBytes": "<n>"}` messages; the empty last key is skipped.
    SampleRowKeys,
}

impl From<LogFormat> for rowkey_studio::input::LogFormat {
    fn from(f: LogFormat) -> Self {
        match f {
            LogFormat::Binary => Self::Binary,
            LogFormat::Hex => Self::Hex,
            LogFormat::Cbt => Self::Cbt,
            LogFormat::HbaseShell => Self::HbaseShell,
        }
    }
}

impl From<SplitFormat> for rowkey_studio::input::SplitFormat {
    fn from(f: SplitFormat) -> Self {
        match f {
            SplitFormat::Binary => Self::Binary,
            SplitFormat::Hex => Self::Hex,
            SplitFormat::SampleRowKeys => Self::SampleRowKeys,
        }
    }
}

/// How the heatmaps' key axis is cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AxisCut {
    /// Buckets of roughly equal row count (the default).
    Rows,
    /// Buckets of equal key range.
    Range,
}

impl From<AxisCut> for rowkey_studio::Cut {
    fn from(cut: AxisCut) -> Self {
        match cut {
            AxisCut::Rows => rowkey_studio::Cut::Rows,
            AxisCut::Range => rowkey_studio::Cut::Range,
        }
    }
}

//! How the files the command line reads are written (key logs and `--splits-format`'s split
//! point files, read by [`crate::input`]), and the choices of `hotspot`'s maps.

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

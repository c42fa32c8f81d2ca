//! How the files the command line reads are written: key logs and `--splits-format`'s split
//! point files (read by [`crate::input`]).

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

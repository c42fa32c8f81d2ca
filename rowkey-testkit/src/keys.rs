//! The Bigtable guide's keys (`rowkey::encodings::bigtable`), shared by the facade's
//! `tests/bigtable_schema.rs` (their schema JSON pinned) and rowkey-clients'
//! `tests/bigtable_emulator.rs` (the emulator's CreateTable takes their schemas).

use std::time::SystemTime;

use rowkey::RowKey;

/// The guide's first Bigtable key.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "bigtable")]
pub struct Row {
    pub user: String,
    pub ts: i64,
    pub tag: String,
}

/// The guide's schema example.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "bigtable")]
pub struct Event {
    pub tenant: String,
    #[ordered_code]
    pub at: SystemTime,
    #[ordered_code]
    pub seq: i64,
    pub shard: i64,
    pub payload: Vec<u8>,
}

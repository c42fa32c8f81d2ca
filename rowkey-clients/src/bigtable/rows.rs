//! Rows out of `ReadRows` chunks: Bigtable sends a row as `CellChunk`s, a cell's value possibly
//! split over several (`value_size`), a row possibly abandoned (`reset_row`) before its
//! `commit_row`. [`Chunks`] is the state machine Google's clients run (the rules of
//! `ReadRowsResponse.CellChunk` in `bigtable.proto`), checked against the conformance tests of
//! googleapis/conformance-tests (`rowkey-testkit/data/bigtable_readrows.json`): it yields only committed
//! rows, in order, and refuses whatever the protocol never sends.

use std::fmt;

use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::read_rows_response::cell_chunk::RowStatus;
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::read_rows_response::CellChunk;
use rowkey_runtime::RowItem;

/// A row of a Bigtable table: its key and its cells, in the order the server sent them (by
/// family, then qualifier, then newest first).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Row {
    /// The row key.
    pub key: Vec<u8>,
    /// The row's cells.
    pub cells: Vec<Cell>,
}

/// One cell of a [`Row`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Cell {
    /// The column family.
    pub family: String,
    /// The column qualifier.
    pub qualifier: Vec<u8>,
    /// The cell's timestamp, in microseconds.
    pub timestamp_micros: i64,
    /// Labels a filter's `apply_label_transformer` attached.
    pub labels: Vec<String>,
    /// The value.
    pub value: Vec<u8>,
}

impl Cell {
    /// A cell of column `family:qualifier` holding `value`, at time 0: every write at time 0
    /// replaces the column's one version. Set `timestamp_micros` for another time.
    ///
    /// ```
    /// use rowkey_clients::bigtable::Cell;
    ///
    /// let cell = Cell::new("f", "v", "42");
    /// assert_eq!((cell.family.as_str(), &cell.qualifier[..], cell.timestamp_micros), ("f", &b"v"[..], 0));
    /// ```
    pub fn new(
        family: impl Into<String>,
        qualifier: impl Into<Vec<u8>>,
        value: impl Into<Vec<u8>>,
    ) -> Cell {
        Cell {
            family: family.into(),
            qualifier: qualifier.into(),
            timestamp_micros: 0,
            labels: Vec::new(),
            value: value.into(),
        }
    }
}

impl Row {
    /// The value of the newest cell of column `family:qualifier`, if the row has one.
    ///
    /// ```
    /// use rowkey_clients::bigtable::{Cell, Row};
    ///
    /// let cell = |q: &[u8], ts, v: &[u8]| Cell {
    ///     family: "f".into(),
    ///     qualifier: q.to_vec(),
    ///     timestamp_micros: ts,
    ///     labels: Vec::new(),
    ///     value: v.to_vec(),
    /// };
    /// let row = Row { key: b"k".to_vec(), cells: vec![cell(b"a", 2, b"new"), cell(b"a", 1, b"old")] };
    /// assert_eq!(row.value("f", b"a"), Some(&b"new"[..]));
    /// assert_eq!(row.value("f", b"b"), None);
    /// ```
    pub fn value(&self, family: &str, qualifier: &[u8]) -> Option<&[u8]> {
        self.cells
            .iter()
            .filter(|c| c.family == family && c.qualifier == qualifier)
            .max_by_key(|c| c.timestamp_micros)
            .map(|c| c.value.as_slice())
    }
}

impl RowItem for Row {
    fn row_key(&self) -> Option<&[u8]> {
        Some(&self.key)
    }
}

/// Chunks that break the protocol: the server (or what stands between) sent what Bigtable
/// never sends. Not retried: a read that meets one ends with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChunkError(pub &'static str);

impl fmt::Display for ChunkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid ReadRows chunk: {}", self.0)
    }
}

impl std::error::Error for ChunkError {}

/// Where the state machine stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Between rows: the next chunk starts one.
    NewRow,
    /// In a row, between cells.
    InRow,
    /// In a cell whose value continues in the next chunk.
    InCell,
}

/// The `ReadRows` state machine of one request: chunks in, committed rows out.
#[derive(Debug)]
pub(crate) struct Chunks {
    state: State,
    row: Row,
    cell: Cell,
    /// The last committed row's key: the next must sort after it (before it, reversed).
    last: Option<Vec<u8>>,
    reversed: bool,
}

impl Chunks {
    /// A machine for a read in ascending key order, or descending when `reversed`; rows must
    /// come after `last` in that order (a resumed read's last row).
    pub(crate) fn new(reversed: bool, last: Option<Vec<u8>>) -> Self {
        Chunks {
            state: State::NewRow,
            row: Row::default(),
            cell: Cell::default(),
            last,
            reversed,
        }
    }

    /// Takes one chunk; returns the row it commits, if any.
    pub(crate) fn push(&mut self, chunk: CellChunk) -> Result<Option<Row>, ChunkError> {
        if matches!(chunk.row_status, Some(RowStatus::ResetRow(true))) {
            return self.reset(&chunk).map(|()| None);
        }
        match self.state {
            State::NewRow => self.start_row(chunk),
            State::InRow => self.next_cell(chunk),
            State::InCell => self.continue_cell(chunk),
        }
    }

    /// True between rows: a stream may end (or be retried) here without losing a row.
    pub(crate) fn between_rows(&self) -> bool {
        self.state == State::NewRow
    }

    /// The last committed row's key (or the key the server said it scanned last).
    pub(crate) fn last(&self) -> Option<&[u8]> {
        self.last.as_deref()
    }

    /// Forgets a row in progress (its request failed; a retry reads it again).
    pub(crate) fn drop_partial(&mut self) {
        self.state = State::NewRow;
        self.row = Row::default();
        self.cell = Cell::default();
    }

    fn reset(&mut self, chunk: &CellChunk) -> Result<(), ChunkError> {
        if self.state == State::NewRow {
            return Err(ChunkError("a reset outside a row"));
        }
        let bare = chunk.row_key.is_empty()
            && chunk.family_name.is_none()
            && chunk.qualifier.is_none()
            && chunk.timestamp_micros == 0
            && chunk.labels.is_empty()
            && chunk.value.is_empty()
            && chunk.value_size == 0;
        if !bare {
            return Err(ChunkError("a reset that carries data"));
        }
        self.drop_partial();
        Ok(())
    }

    fn start_row(&mut self, chunk: CellChunk) -> Result<Option<Row>, ChunkError> {
        if chunk.row_key.is_empty() {
            return Err(ChunkError("a new row without a row key"));
        }
        if chunk.family_name.is_none() || chunk.qualifier.is_none() {
            return Err(ChunkError("a new row without a family and qualifier"));
        }
        if let Some(last) = &self.last {
            let in_order = if self.reversed {
                chunk.row_key < *last
            } else {
                chunk.row_key > *last
            };
            if !in_order {
                return Err(ChunkError("a row key out of order (or repeated)"));
            }
        }
        self.row.key = chunk.row_key.clone();
        self.row.cells.clear();
        self.cell_from(chunk)
    }

    fn next_cell(&mut self, chunk: CellChunk) -> Result<Option<Row>, ChunkError> {
        if !chunk.row_key.is_empty() && chunk.row_key != self.row.key {
            return Err(ChunkError("a new row key before the row was committed"));
        }
        if chunk.family_name.is_some() && chunk.qualifier.is_none() {
            return Err(ChunkError("a new family without a qualifier"));
        }
        self.cell_from(chunk)
    }

    /// Starts a cell from `chunk` (family and qualifier carried over unless given).
    fn cell_from(&mut self, chunk: CellChunk) -> Result<Option<Row>, ChunkError> {
        // A cell without a family or qualifier has the row's previous cell's (a row's first
        // chunk has both): copied only then, not kept aside for every cell.
        let previous = self.row.cells.last();
        self.cell.family = match chunk.family_name {
            Some(family) => family,
            None => previous.map(|c| c.family.clone()).unwrap_or_default(),
        };
        self.cell.qualifier = match chunk.qualifier {
            Some(qualifier) => qualifier,
            None => previous.map(|c| c.qualifier.clone()).unwrap_or_default(),
        };
        self.cell.timestamp_micros = chunk.timestamp_micros;
        self.cell.labels = chunk.labels;
        self.cell.value = chunk.value;
        if chunk.value_size > 0 {
            self.cell.value.reserve(chunk.value_size as usize);
        }
        self.state = State::InRow;
        self.end_chunk(chunk.value_size, chunk.row_status)
    }

    fn continue_cell(&mut self, chunk: CellChunk) -> Result<Option<Row>, ChunkError> {
        let clean = chunk.row_key.is_empty()
            && chunk.family_name.is_none()
            && chunk.qualifier.is_none()
            && chunk.timestamp_micros == 0
            && chunk.labels.is_empty();
        if !clean {
            return Err(ChunkError(
                "a split cell's next chunk names a row, column or time",
            ));
        }
        self.cell.value.extend_from_slice(&chunk.value);
        self.end_chunk(chunk.value_size, chunk.row_status)
    }

    /// After a chunk's value: the cell continues (`value_size > 0`), or ends, maybe with the row.
    fn end_chunk(
        &mut self,
        value_size: i32,
        status: Option<RowStatus>,
    ) -> Result<Option<Row>, ChunkError> {
        let commit = matches!(status, Some(RowStatus::CommitRow(true)));
        if value_size > 0 {
            if commit {
                return Err(ChunkError("a commit in the middle of a split cell"));
            }
            self.state = State::InCell;
            return Ok(None);
        }
        // The cell is whole.
        self.row.cells.push(std::mem::take(&mut self.cell));
        self.state = State::InRow;
        if !commit {
            return Ok(None);
        }
        let row = std::mem::take(&mut self.row);
        self.last = Some(row.key.clone());
        self.state = State::NewRow;
        Ok(Some(row))
    }
}

#[cfg(test)]
mod tests {
    //! Every test of googleapis/conformance-tests' `bigtable/v2/readrows.json`: chunks in,
    //! cells (or an error) out, as every Google client must read them.

    use base64::Engine;
    use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::read_rows_response::cell_chunk::RowStatus;
    use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::read_rows_response::CellChunk;
    use serde_json::Value;

    use super::Chunks;

    fn b64(v: &Value) -> Vec<u8> {
        base64::engine::general_purpose::STANDARD
            .decode(v.as_str().unwrap_or(""))
            .expect("base64")
    }

    fn chunk(c: &Value) -> CellChunk {
        let status = if c["resetRow"].as_bool() == Some(true) {
            Some(RowStatus::ResetRow(true))
        } else if c["commitRow"].as_bool() == Some(true) {
            Some(RowStatus::CommitRow(true))
        } else {
            None
        };
        CellChunk {
            row_key: b64(&c["rowKey"]),
            family_name: c["familyName"].as_str().map(String::from),
            qualifier: c.get("qualifier").map(b64),
            timestamp_micros: c["timestampMicros"]
                .as_str()
                .map_or(0, |t| t.parse().expect("a timestamp")),
            labels: c["labels"]
                .as_array()
                .map(|l| l.iter().map(|s| s.as_str().unwrap().to_string()).collect())
                .unwrap_or_default(),
            value: b64(&c["value"]),
            value_size: c["valueSize"].as_i64().unwrap_or(0) as i32,
            row_status: status,
        }
    }

    /// The cells the chunks give, as the file writes results (then `error` if they fail).
    fn run(chunks: &[Value]) -> Vec<Value> {
        let mut machine = Chunks::new(false, None);
        let mut out = Vec::new();
        for c in chunks {
            match machine.push(chunk(c)) {
                Ok(Some(row)) => {
                    for cell in row.cells {
                        let mut r = serde_json::Map::new();
                        r.insert(
                            "rowKey".into(),
                            String::from_utf8(row.key.clone()).unwrap().into(),
                        );
                        r.insert("familyName".into(), cell.family.into());
                        r.insert(
                            "qualifier".into(),
                            String::from_utf8(cell.qualifier).unwrap().into(),
                        );
                        if cell.timestamp_micros != 0 {
                            r.insert(
                                "timestampMicros".into(),
                                cell.timestamp_micros.to_string().into(),
                            );
                        }
                        if !cell.value.is_empty() {
                            r.insert(
                                "value".into(),
                                String::from_utf8(cell.value).unwrap().into(),
                            );
                        }
                        if let Some(label) = cell.labels.first() {
                            r.insert("label".into(), label.clone().into());
                        }
                        out.push(Value::Object(r));
                    }
                }
                Ok(None) => {}
                Err(_) => {
                    out.push(serde_json::json!({ "error": true }));
                    return out;
                }
            }
        }
        if !machine.between_rows() {
            out.push(serde_json::json!({ "error": true }));
        }
        out
    }

    #[test]
    fn every_conformance_test() {
        let text = include_str!("../../tests/data/bigtable_readrows.json");
        let file: Value = serde_json::from_str(text).unwrap();
        let tests = file["readRowsTests"].as_array().unwrap();
        assert_eq!(tests.len(), 48);
        let mut failures = Vec::new();
        for t in tests {
            let want: Vec<Value> = t["results"].as_array().cloned().unwrap_or_default();
            let got = run(t["chunks"].as_array().unwrap());
            if got != want {
                failures.push(format!("{}: got {got:?}, want {want:?}", t["description"]));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn rows_out_of_order_are_refused_both_ways() {
        let row = |key: &[u8]| CellChunk {
            row_key: key.to_vec(),
            family_name: Some("f".into()),
            qualifier: Some(b"q".to_vec()),
            row_status: Some(RowStatus::CommitRow(true)),
            ..CellChunk::default()
        };
        let mut up = Chunks::new(false, Some(b"b".to_vec()));
        assert!(up.push(row(b"a")).is_err());
        let mut up = Chunks::new(false, Some(b"b".to_vec()));
        assert!(up.push(row(b"b")).is_err(), "a repeated row");
        let mut up = Chunks::new(false, Some(b"b".to_vec()));
        assert_eq!(up.push(row(b"c")).unwrap().unwrap().key, b"c");
        let mut down = Chunks::new(true, Some(b"b".to_vec()));
        assert!(down.push(row(b"c")).is_err());
        let mut down = Chunks::new(true, Some(b"b".to_vec()));
        assert_eq!(down.push(row(b"a")).unwrap().unwrap().key, b"a");
    }
}

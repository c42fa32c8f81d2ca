//! [`TableCheckpoints`]: a re-key's checkpoints in a table of a sorted store.

use rowkey_migrate::{Checkpoint, CheckpointError, Checkpoints, Plan, Progress};
use rowkey_runtime::ScanRange;

use super::SortedTable;

/// The copy's checkpoints in a table every worker reaches (the store's own: a keyspace, a
/// column family, a key prefix): the job's plan at `rowkey-migration/job/plan`, stored by the
/// first worker with [`SortedTable::put_absent`]; each plan's text at
/// `rowkey-migration/<plan id>/plan` and one key per unit,
/// `rowkey-migration/<plan id>/unit/<n>`, holding its checkpoint line. Use a table of its own
/// per job (its name is the job).
#[derive(Debug, Clone)]
pub struct TableCheckpoints<T> {
    table: T,
}

impl<T: SortedTable> TableCheckpoints<T> {
    /// Checkpoints in `table`.
    pub fn new(table: T) -> Self {
        TableCheckpoints { table }
    }

    fn prefix(plan: &Plan) -> Vec<u8> {
        format!("rowkey-migration/{}/", plan.id()).into_bytes()
    }

    fn error(what: &str, e: T::Error) -> CheckpointError {
        CheckpointError(format!("{what} the checkpoints' table: {e}"))
    }
}

impl<T: SortedTable> Checkpoints for TableCheckpoints<T> {
    fn job_plan(&self, plan: &Plan) -> Result<Plan, CheckpointError> {
        let key = b"rowkey-migration/job/plan".to_vec();
        self.table
            .put_absent(vec![(key.clone(), plan.to_text().into_bytes())])
            .map_err(|e| Self::error("storing the job's plan in", e))?;
        let text = self
            .table
            .get(&key)
            .map_err(|e| Self::error("reading the job's plan from", e))?
            .ok_or_else(|| CheckpointError("the job's plan: not stored".to_string()))?;
        Plan::parse(&String::from_utf8_lossy(&text))
            .map_err(|e| CheckpointError(format!("the job's plan: {e}")))
    }

    fn load(&self, plan: &Plan) -> Result<Progress, CheckpointError> {
        let units = ScanRange::prefix(&[&Self::prefix(plan)[..], b"unit/"].concat());
        let mut text = String::new();
        for row in self.table.rows(&units, false) {
            let (_, line) = row.map_err(|e| Self::error("reading", e))?;
            text.push_str(&String::from_utf8_lossy(line.as_ref()));
            text.push('\n');
        }
        Progress::parse(&text, plan).map_err(|e| CheckpointError(format!("checkpoints: {e}")))
    }

    fn save(&self, plan: &Plan, checkpoint: &Checkpoint) -> Result<(), CheckpointError> {
        let prefix = Self::prefix(plan);
        let mut writes = Vec::with_capacity(2);
        if checkpoint.last.is_none() || checkpoint.done {
            // Written with the first and the last save of a unit: cheap enough.
            writes.push((
                [&prefix[..], b"plan"].concat(),
                Some(plan.to_text().into_bytes()),
            ));
        }
        let unit = format!("unit/{:08}", checkpoint.unit);
        writes.push((
            [&prefix[..], unit.as_bytes()].concat(),
            Some(checkpoint.to_line().into_bytes()),
        ));
        self.table
            .write(writes)
            .map_err(|e| Self::error("saving to", e))
    }
}

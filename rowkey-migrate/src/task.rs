//! [`Task`]: one process of a copy spread over many: its index among the job's tasks, from the
//! environment Kubernetes Indexed Jobs and Cloud Run jobs give each task, and the units it runs.

use super::error::{MigrateError, TaskError};
use super::plan::Plan;

/// One task of a copy job: task `index` of `count` runs units `index`, `index + count`,
/// `index + 2 × count`... of the plan. Read from the environment of a Kubernetes Indexed Job
/// (`JOB_COMPLETION_INDEX`, with `ROWKEY_TASKS` set to the job's completions, as
/// [`JobSpec`](super::JobSpec)'s manifest sets it) or of a Cloud Run job
/// (`CLOUD_RUN_TASK_INDEX` and `CLOUD_RUN_TASK_COUNT`). A task that dies is run again with the
/// same index (`backoffLimitPerIndex`, Cloud Run's retries) and resumes its units from their
/// checkpoints.
///
/// ```
/// use rowkey::migrate::{Plan, Task};
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 16, of = "id")]
/// struct Old { id: u32 }
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 64, of = "id")]
/// struct New { id: u32 }
///
/// let plan = Plan::for_layout::<Old, New>(16).unwrap();
/// let task = Task::from_vars(|v| match v {
///     "JOB_COMPLETION_INDEX" => Some("3".into()),
///     "ROWKEY_TASKS" => Some("8".into()),
///     _ => None,
/// })
/// .unwrap();
/// assert_eq!(task, Task { index: 3, count: 8 });
/// assert_eq!(task.units(&plan), [3, 11]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Task {
    /// This task's index, from 0.
    pub index: usize,
    /// The job's tasks.
    pub count: usize,
}

impl Task {
    /// The task of this process, from its environment (see [`Task`]).
    pub fn from_env() -> Result<Task, TaskError> {
        Task::from_vars(|name| std::env::var(name).ok())
    }

    /// The task described by the variables `var` gives (the environment, in
    /// [`from_env`](Self::from_env)).
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<Task, TaskError> {
        let number = |name: &str| -> Result<Option<usize>, TaskError> {
            var(name)
                .map(|v| {
                    v.trim()
                        .parse::<usize>()
                        .map_err(|_| TaskError(format!("{name} is {v:?}, not a task number")))
                })
                .transpose()
        };
        let (index, count) = match (
            number("JOB_COMPLETION_INDEX")?,
            number("CLOUD_RUN_TASK_INDEX")?,
        ) {
            (Some(i), _) => (
                i,
                number("ROWKEY_TASKS")?.ok_or_else(|| {
                    TaskError(
                        "JOB_COMPLETION_INDEX is set but ROWKEY_TASKS is not: set it to the job's \
                     completions (the manifest of `rowkey migrate-job` does)"
                            .into(),
                    )
                })?,
            ),
            (None, Some(i)) => (
                i,
                number("CLOUD_RUN_TASK_COUNT")?.ok_or_else(|| {
                    TaskError("CLOUD_RUN_TASK_INDEX is set but CLOUD_RUN_TASK_COUNT is not".into())
                })?,
            ),
            (None, None) => {
                return Err(TaskError(
                    "neither JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) nor \
                     CLOUD_RUN_TASK_INDEX (a Cloud Run job) is set"
                        .into(),
                ))
            }
        };
        if count == 0 || index >= count {
            return Err(TaskError(format!(
                "task {index} of {count}: the index must be below the count"
            )));
        }
        Ok(Task { index, count })
    }

    /// The units of `plan` this task runs.
    pub fn units(&self, plan: &Plan) -> Vec<usize> {
        (self.index..plan.units.len()).step_by(self.count).collect()
    }
}

impl Plan {
    /// The plan a task was given: the file at `ROWKEY_PLAN`, or the text of
    /// `ROWKEY_PLAN_TEXT` (as [`JobSpec`](super::JobSpec)'s manifests give it).
    pub fn from_env() -> Result<Plan, MigrateError> {
        let bad = |what: String| MigrateError::BadPlan { line: 0, what };
        let text = match (
            std::env::var("ROWKEY_PLAN").ok(),
            std::env::var("ROWKEY_PLAN_TEXT").ok(),
        ) {
            (Some(path), _) => std::fs::read_to_string(&path)
                .map_err(|e| bad(format!("ROWKEY_PLAN={path}: {e}")))?,
            (None, Some(text)) => text,
            (None, None) => {
                return Err(bad(
                    "neither ROWKEY_PLAN (a plan file) nor ROWKEY_PLAN_TEXT is set".into(),
                ))
            }
        };
        Plan::parse(&text)
    }
}

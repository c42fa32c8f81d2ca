//! [`CheckpointDir`]: checkpoints as files in a directory every worker of a job mounts.

use std::path::{Path, PathBuf};

use super::Checkpoints;
use crate::checkpoint::{Checkpoint, Progress};
use crate::error::CheckpointError;
use crate::plan::Plan;

/// Checkpoints as files in a directory every worker mounts (one directory per job):
/// `<dir>/plan.txt`, the job's plan (see [`Checkpoints::job_plan`]), `<dir>/<plan id>/plan.txt`,
/// and one file per unit, `unit-<n>`, holding its checkpoint line. A save writes a temporary file
/// and renames it over the unit's, so a reader (or a process killed mid-save) never sees half a
/// line.
///
/// ```
/// use rowkey::migrate::{CheckpointDir, Checkpoints, Plan};
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 4, of = "id")]
/// struct Old { id: u32 }
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 16, of = "id")]
/// struct New { id: u32 }
///
/// let dir = std::env::temp_dir().join(format!("rowkey-doc-{}", std::process::id()));
/// let plan = Plan::for_layout::<Old, New>(4).unwrap();
/// let shared = CheckpointDir::new(&dir);
/// let mut progress = shared.load(&plan).unwrap();
/// progress.units[2].copied(&[2, 0, 0, 0, 9]);
/// shared.save(&plan, &progress.units[2]).unwrap();
/// // Another process, the same directory:
/// assert_eq!(CheckpointDir::new(&dir).load(&plan).unwrap(), progress);
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug, Clone)]
pub struct CheckpointDir {
    dir: PathBuf,
}

impl CheckpointDir {
    /// Checkpoints under `dir` (created on the first save).
    pub fn new(dir: impl AsRef<Path>) -> Self {
        CheckpointDir {
            dir: dir.as_ref().to_path_buf(),
        }
    }

    fn plan_dir(&self, plan: &Plan) -> PathBuf {
        self.dir.join(plan.id())
    }
}

fn io(what: &str, path: &Path, e: std::io::Error) -> CheckpointError {
    CheckpointError(format!("{what} {}: {e}", path.display()))
}

impl Checkpoints for CheckpointDir {
    fn load(&self, plan: &Plan) -> Result<Progress, CheckpointError> {
        let dir = self.plan_dir(plan);
        let mut text = String::new();
        for unit in &plan.units {
            let path = dir.join(format!("unit-{}", unit.index));
            match std::fs::read_to_string(&path) {
                Ok(line) => {
                    text.push_str(line.trim_end());
                    text.push('\n');
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(io("reading", &path, e)),
            }
        }
        Progress::parse(&text, plan).map_err(|e| CheckpointError(format!("{}: {e}", dir.display())))
    }

    /// The job's plan in `<dir>/plan.txt`, stored by the first caller (a file linked into
    /// place, which fails when one is there).
    fn job_plan(&self, plan: &Plan) -> Result<Plan, CheckpointError> {
        let path = self.dir.join("plan.txt");
        if !path.exists() {
            std::fs::create_dir_all(&self.dir).map_err(|e| io("creating", &self.dir, e))?;
            let tmp = unique_tmp(&path);
            std::fs::write(&tmp, plan.to_text()).map_err(|e| io("writing", &tmp, e))?;
            // A hard link fails when the name exists: of two workers, one plan stays.
            let linked = std::fs::hard_link(&tmp, &path);
            let _ = std::fs::remove_file(&tmp);
            match linked {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(io("storing the plan as", &path, e)),
            }
        }
        let text = std::fs::read_to_string(&path).map_err(|e| io("reading", &path, e))?;
        Plan::parse(&text).map_err(|e| CheckpointError(format!("{}: {e}", path.display())))
    }

    fn save(&self, plan: &Plan, checkpoint: &Checkpoint) -> Result<(), CheckpointError> {
        let dir = self.plan_dir(plan);
        std::fs::create_dir_all(&dir).map_err(|e| io("creating", &dir, e))?;
        let plan_file = dir.join("plan.txt");
        if !plan_file.exists() {
            write_atomically(&plan_file, &plan.to_text())?;
        }
        let path = dir.join(format!("unit-{}", checkpoint.unit));
        write_atomically(&path, &(checkpoint.to_line() + "\n"))
    }
}

/// A temporary file's name beside `path`, of this process and this call alone (threads of
/// one process save at once).
fn unique_tmp(path: &Path) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static SAVES: AtomicU64 = AtomicU64::new(0);
    path.with_extension(format!(
        "tmp-{}-{}",
        std::process::id(),
        SAVES.fetch_add(1, Ordering::Relaxed)
    ))
}

/// Writes `text` to a temporary file beside `path`, then renames it over `path`.
fn write_atomically(path: &Path, text: &str) -> Result<(), CheckpointError> {
    let tmp = unique_tmp(path);
    std::fs::write(&tmp, text).map_err(|e| io("writing", &tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| io("renaming", &tmp, e))
}

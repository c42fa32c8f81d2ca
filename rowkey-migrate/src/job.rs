//! [`JobSpec`]: the manifest of a copy run by many processes, one [`Task`](super::Task) each: a
//! Kubernetes Indexed Job with the plan in a ConfigMap, or a Cloud Run job with the plan in its
//! environment.

use std::fmt::Write as _;

use super::plan::Plan;

/// A copy job: the container that runs one task (your worker program, which reads its
/// [`Task`](super::Task) and the [`Plan`] from the environment and runs
/// [`CopyRun::resume`](super::CopyRun::resume) on its units), how many tasks, how many at once,
/// and how often a task that dies is run again (it resumes from its units' checkpoints).
///
/// ```
/// use rowkey::migrate::{JobSpec, Plan};
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
/// let job = JobSpec::new("resalt", "gcr.io/acme/resalt:1", &["resalt", "copy"], 8);
/// let yaml = job.kubernetes(&plan);
/// assert!(yaml.contains("completionMode: Indexed"));
/// assert!(yaml.contains("completions: 8"));
/// assert!(job.cloud_run(&plan).contains("taskCount: 8"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobSpec {
    /// The job's name (and its ConfigMap's, with `-plan`).
    pub name: String,
    /// The worker's container image.
    pub image: String,
    /// The worker's command and arguments.
    pub command: Vec<String>,
    /// Tasks: each runs every `tasks`-th unit.
    pub tasks: usize,
    /// Tasks running at once.
    pub parallelism: usize,
    /// Runs of one task after it failed.
    pub retries: u32,
    /// More environment for the worker (`BIGTABLE_EMULATOR_HOST`, table names...).
    pub env: Vec<(String, String)>,
}

impl JobSpec {
    /// A job of `tasks` tasks, all at once, each run again up to 3 times.
    pub fn new(name: &str, image: &str, command: &[&str], tasks: usize) -> Self {
        JobSpec {
            name: name.to_string(),
            image: image.to_string(),
            command: command.iter().map(|c| c.to_string()).collect(),
            tasks: tasks.max(1),
            parallelism: tasks.max(1),
            retries: 3,
            env: Vec::new(),
        }
    }

    /// A Kubernetes ConfigMap holding the plan (`plan.txt`) and an Indexed Job of
    /// [`tasks`](Self::tasks) completions whose pods mount it at `/etc/rowkey` and find it
    /// through `ROWKEY_PLAN`; `ROWKEY_TASKS` gives each pod the count beside its
    /// `JOB_COMPLETION_INDEX`. A failed index is run again up to [`retries`](Self::retries)
    /// times (`backoffLimitPerIndex`, Kubernetes 1.29 and later). `kubectl apply -f` it.
    pub fn kubernetes(&self, plan: &Plan) -> String {
        let mut y = String::new();
        let q = quote;
        let _ = writeln!(
            y,
            "# rowkey copy job: plan {}, {} units in {} tasks",
            plan.id(),
            plan.units.len(),
            self.tasks
        );
        let _ = writeln!(
            y,
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {}",
            q(&format!("{}-plan", self.name))
        );
        let _ = writeln!(y, "data:\n  plan.txt: {}", q(&plan.to_text()));
        let _ = writeln!(
            y,
            "---\napiVersion: batch/v1\nkind: Job\nmetadata:\n  name: {}",
            q(&self.name)
        );
        let _ = writeln!(y, "spec:\n  completionMode: Indexed\n  completions: {}\n  parallelism: {}\n  backoffLimitPerIndex: {}", self.tasks, self.parallelism, self.retries);
        let _ = writeln!(y, "  template:\n    spec:\n      restartPolicy: Never\n      containers:\n        - name: \"copy\"\n          image: {}", q(&self.image));
        self.command_yaml(&mut y, "          ");
        let mut env = vec![
            ("ROWKEY_TASKS".to_string(), self.tasks.to_string()),
            (
                "ROWKEY_PLAN".to_string(),
                "/etc/rowkey/plan.txt".to_string(),
            ),
        ];
        env.extend(self.env.iter().cloned());
        env_yaml(&mut y, "          ", &env);
        let _ = writeln!(y, "          volumeMounts:\n            - name: \"plan\"\n              mountPath: \"/etc/rowkey\"\n              readOnly: true");
        let _ = writeln!(
            y,
            "      volumes:\n        - name: \"plan\"\n          configMap:\n            name: {}",
            q(&format!("{}-plan", self.name))
        );
        y
    }

    /// A Cloud Run job of [`tasks`](Self::tasks) tasks (`CLOUD_RUN_TASK_INDEX` and
    /// `CLOUD_RUN_TASK_COUNT` tell each task which it is), the plan in `ROWKEY_PLAN_TEXT`, each
    /// task run again up to [`retries`](Self::retries) times. `gcloud run jobs replace` it.
    pub fn cloud_run(&self, plan: &Plan) -> String {
        let mut y = String::new();
        let q = quote;
        let _ = writeln!(
            y,
            "# rowkey copy job: plan {}, {} units in {} tasks",
            plan.id(),
            plan.units.len(),
            self.tasks
        );
        let _ = writeln!(
            y,
            "apiVersion: run.googleapis.com/v1\nkind: Job\nmetadata:\n  name: {}",
            q(&self.name)
        );
        let _ = writeln!(
            y,
            "spec:\n  template:\n    spec:\n      taskCount: {}\n      parallelism: {}",
            self.tasks, self.parallelism
        );
        let _ = writeln!(y, "      template:\n        spec:\n          maxRetries: {}\n          timeoutSeconds: 86400\n          containers:\n            - image: {}", self.retries, q(&self.image));
        self.command_yaml(&mut y, "              ");
        let mut env = vec![("ROWKEY_PLAN_TEXT".to_string(), plan.to_text())];
        env.extend(self.env.iter().cloned());
        env_yaml(&mut y, "              ", &env);
        y
    }

    fn command_yaml(&self, y: &mut String, indent: &str) {
        let command: Vec<String> = self.command.iter().map(|c| quote(c)).collect();
        let _ = writeln!(y, "{indent}command: [{}]", command.join(", "));
    }
}

fn env_yaml(y: &mut String, indent: &str, env: &[(String, String)]) {
    let _ = writeln!(y, "{indent}env:");
    for (name, value) in env {
        let _ = writeln!(
            y,
            "{indent}  - name: {}\n{indent}    value: {}",
            quote(name),
            quote(value)
        );
    }
}

/// `s` as a YAML double-quoted scalar: `"` and `\` escaped, control characters as `\n`, `\t`
/// or `\xNN`, so any text reads back as itself.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c as u32 == 0x7F => {
                let _ = write!(out, "\\x{:02X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

//! `rowkey migrate-job`: the manifest of a copy job for a migration plan, read from its file
//! (`Plan::to_text`), checked before anything is printed.

use std::io::Write;
use std::process::ExitCode;

use rowkey::migrate::{JobSpec, MigrateError, Plan};

use crate::cli::{JobPlatform, MigrateJobArgs};
use crate::error::CliError;

/// The job the arguments describe, for the plan in `text` (read from `file`).
pub fn spec(args: &MigrateJobArgs, file: &str, text: &str) -> Result<(JobSpec, Plan), CliError> {
    let plan = Plan::parse(text).map_err(|e| match e {
        MigrateError::BadPlan { line, what } => CliError(format!("{file}:{line}: {what}")),
        other => CliError(format!("{file}: {other}")),
    })?;
    let tasks = args.tasks.map_or(plan.units.len(), |t| t as usize);
    if tasks > plan.units.len() {
        return Err(CliError(format!(
            "--tasks {tasks}: the plan in {file} has {} units, so {} tasks would have none",
            plan.units.len(),
            tasks - plan.units.len()
        )));
    }
    let command: Vec<&str> = args.command.iter().map(String::as_str).collect();
    let mut job = JobSpec::new(&args.name, &args.image, &command, tasks);
    job.parallelism = args.parallelism.map_or(tasks, |p| (p as usize).min(tasks));
    job.retries = args.retries;
    for pair in &args.env {
        let (name, value) = pair
            .split_once('=')
            .filter(|(n, _)| !n.is_empty())
            .ok_or_else(|| CliError(format!("--env {pair:?}: expected NAME=VALUE")))?;
        job.env.push((name.to_string(), value.to_string()));
    }
    Ok((job, plan))
}

/// Prints the manifest.
pub fn run(args: &MigrateJobArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let file = args.plan.display().to_string();
    let text = std::fs::read_to_string(&args.plan).map_err(|e| CliError(format!("{file}: {e}")))?;
    let (job, plan) = spec(args, &file, &text)?;
    let manifest = match args.platform {
        JobPlatform::Kubernetes => job.kubernetes(&plan),
        JobPlatform::CloudRun => job.cloud_run(&plan),
    };
    out.write_all(manifest.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

//! `rowkey migrate-job`: the manifest of a copy job for a migration plan, read from its file
//! (`Plan::to_text`), checked before anything is printed.

use std::io::Write;
use std::process::ExitCode;

use rowkey::migrate::{JobSpec, MigrateError, Plan};

use crate::cli::{JobPlatform, MigrateJobArgs};
use crate::error::CliError;

/// The job the arguments describe, for the plan in `text` (read from `file`).
pub fn spec(args: &MigrateJobArgs, file: &str, text: &str) -> Result<(JobSpec, Plan), CliError> {
    check_name(&args.name, args.platform)?;
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

/// Refuses a job name the platform would refuse at `kubectl apply` or `gcloud run jobs
/// replace` (a schema check of the manifest does not look at names): Kubernetes labels its
/// pods with the Job's name, an RFC 1123 label (lowercase letters, digits and `-`, a letter or
/// digit at each end, at most 63 characters); Cloud Run also wants a letter first.
fn check_name(name: &str, platform: JobPlatform) -> Result<(), CliError> {
    let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
    let alnum = |c: Option<char>| c.is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    let (first_ok, rule) = match platform {
        JobPlatform::Kubernetes => (
            alnum(name.chars().next()),
            "a Kubernetes Job's name is an RFC 1123 label: lowercase letters, digits and '-', \
             starting and ending with a letter or digit, at most 63 characters",
        ),
        JobPlatform::CloudRun => (
            name.starts_with(|c: char| c.is_ascii_lowercase()),
            "a Cloud Run job's name is lowercase letters, digits and '-', starting with a \
             letter, not ending with '-', at most 63 characters",
        ),
    };
    let ok = !name.is_empty()
        && name.len() <= 63
        && name.chars().all(allowed)
        && first_ok
        && alnum(name.chars().last());
    if ok {
        Ok(())
    } else {
        Err(CliError(format!("--name {name:?}: {rule}")))
    }
}

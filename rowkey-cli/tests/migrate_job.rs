//! `rowkey migrate-job`: the manifest of a copy job for a real plan (16 units of an md5-bucket
//! key moving to 64 buckets), pinned by snapshots and read back by an independent YAML parser
//! (yaml-rust2): the plan comes out byte for byte, the tasks and their environment are what a
//! worker's `Task::from_env` and `Plan::from_env` need. Bad input: `error: FILE:LINE: ...`,
//! exit code 2.

use std::process::{Command, Output};

use rowkey::migrate::{Plan, Task};
use rowkey::RowKey;
use yaml_rust2::{Yaml, YamlLoader};

#[derive(RowKey)]
#[salt(md5, buckets = 16, of = "host")]
struct Old {
    metric: String,
    ts: u64,
    host: u32,
}

#[derive(RowKey)]
#[salt(md5, buckets = 64, of = "host")]
struct New {
    metric: String,
    ts: u64,
    host: u32,
}

fn rowkey(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rowkey"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The plan, written to a file of its own; its text.
fn plan_file(name: &str) -> (std::path::PathBuf, String) {
    let text = Plan::for_layout::<Old, New>(16).unwrap().to_text();
    let path = std::env::temp_dir().join(format!("rowkey-{name}-{}.txt", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    (path, text)
}

/// A value that needs quoting: quotes, a colon, a `#`, a newline, a backslash.
const TRICKY: &str = "a \"b\": c # d\ne\\f";

fn env_of(container: &Yaml) -> Vec<(String, String)> {
    container["env"]
        .as_vec()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["name"].as_str().unwrap().to_string(),
                e["value"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn kubernetes_manifest_reads_back_as_the_plan_and_its_tasks() {
    let (path, text) = plan_file("k8s");
    let o = rowkey(&[
        "migrate-job",
        "--plan",
        path.to_str().unwrap(),
        "--name",
        "resalt",
        "--image",
        "gcr.io/acme/resalt:1",
        "--tasks",
        "8",
        "--env",
        &format!("NOTE={TRICKY}"),
        "--",
        "resalt",
        "copy",
        "--batch",
        "500",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let yaml = String::from_utf8(o.stdout).unwrap();
    insta::assert_snapshot!("kubernetes", yaml);
    let docs = YamlLoader::load_from_str(&yaml).expect("valid YAML");
    assert_eq!(docs.len(), 2);
    let (config, job) = (&docs[0], &docs[1]);
    assert_eq!(config["kind"].as_str(), Some("ConfigMap"));
    assert_eq!(config["metadata"]["name"].as_str(), Some("resalt-plan"));
    // The plan, byte for byte, and it parses.
    let plan_text = config["data"]["plan.txt"].as_str().unwrap();
    assert_eq!(plan_text, text);
    let plan = Plan::parse(plan_text).unwrap();
    assert_eq!(plan.units.len(), 16);
    assert_eq!(job["kind"].as_str(), Some("Job"));
    let spec = &job["spec"];
    assert_eq!(spec["completionMode"].as_str(), Some("Indexed"));
    assert_eq!(spec["completions"].as_i64(), Some(8));
    assert_eq!(spec["parallelism"].as_i64(), Some(8));
    assert_eq!(spec["backoffLimitPerIndex"].as_i64(), Some(3));
    let pod = &spec["template"]["spec"];
    assert_eq!(pod["restartPolicy"].as_str(), Some("Never"));
    let container = &pod["containers"][0];
    assert_eq!(container["image"].as_str(), Some("gcr.io/acme/resalt:1"));
    let command: Vec<&str> = container["command"]
        .as_vec()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(command, ["resalt", "copy", "--batch", "500"]);
    let env = env_of(container);
    assert!(env.contains(&("ROWKEY_TASKS".into(), "8".into())));
    assert!(env.contains(&("ROWKEY_PLAN".into(), "/etc/rowkey/plan.txt".into())));
    assert!(env.contains(&("NOTE".into(), TRICKY.into())), "{env:?}");
    // The ConfigMap is what the pod mounts, where ROWKEY_PLAN points.
    assert_eq!(
        pod["volumes"][0]["configMap"]["name"].as_str(),
        Some("resalt-plan")
    );
    assert_eq!(
        container["volumeMounts"][0]["mountPath"].as_str(),
        Some("/etc/rowkey")
    );
    // Each index's task, as a worker reads it: every unit run by exactly one task.
    let mut covered = Vec::new();
    for index in 0..8 {
        let task = Task::from_vars(|v| match v {
            "JOB_COMPLETION_INDEX" => Some(index.to_string()),
            other => env.iter().find(|(n, _)| n == other).map(|(_, v)| v.clone()),
        })
        .unwrap();
        covered.extend(task.units(&plan));
    }
    covered.sort();
    assert_eq!(covered, (0..16).collect::<Vec<_>>());
    std::fs::remove_file(path).unwrap();
}

#[test]
fn cloud_run_manifest_carries_the_plan_in_the_environment() {
    let (path, text) = plan_file("run");
    let o = rowkey(&[
        "migrate-job",
        "--plan",
        path.to_str().unwrap(),
        "--name",
        "resalt",
        "--image",
        "gcr.io/acme/resalt:1",
        "--tasks",
        "4",
        "--parallelism",
        "2",
        "--platform",
        "cloud-run",
        "--",
        "resalt",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let yaml = String::from_utf8(o.stdout).unwrap();
    insta::assert_snapshot!("cloud_run", yaml);
    let docs = YamlLoader::load_from_str(&yaml).expect("valid YAML");
    let job = &docs[0];
    assert_eq!(job["apiVersion"].as_str(), Some("run.googleapis.com/v1"));
    let spec = &job["spec"]["template"]["spec"];
    assert_eq!(spec["taskCount"].as_i64(), Some(4));
    assert_eq!(spec["parallelism"].as_i64(), Some(2));
    assert_eq!(spec["template"]["spec"]["maxRetries"].as_i64(), Some(3));
    let env = env_of(&spec["template"]["spec"]["containers"][0]);
    assert_eq!(env[0], ("ROWKEY_PLAN_TEXT".to_string(), text));
    std::fs::remove_file(path).unwrap();
}

#[test]
fn a_bad_plan_or_argument_is_refused_before_anything_is_printed() {
    let path = std::env::temp_dir().join(format!("rowkey-bad-plan-{}.txt", std::process::id()));
    std::fs::write(
        &path,
        "rowkey migration plan v1\nold 0000000000000001\nnew 0000000000000002\nunit 0 - 08\nunit 2 08 -\n",
    )
    .unwrap();
    let p = path.to_str().unwrap();
    let o = rowkey(&[
        "migrate-job",
        "--plan",
        p,
        "--name",
        "n",
        "--image",
        "i",
        "--",
        "w",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err, format!("error: {p}:5: expected unit 1\n"));
    assert!(o.stdout.is_empty());
    // More tasks than units; an --env without `=`.
    let (good, _) = plan_file("bad-args");
    let g = good.to_str().unwrap();
    let o = rowkey(&[
        "migrate-job",
        "--plan",
        g,
        "--name",
        "n",
        "--image",
        "i",
        "--tasks",
        "17",
        "--",
        "w",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("has 16 units"));
    let o = rowkey(&[
        "migrate-job",
        "--plan",
        g,
        "--name",
        "n",
        "--image",
        "i",
        "--env",
        "X",
        "--",
        "w",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("NAME=VALUE"));
    let o = rowkey(&[
        "migrate-job",
        "--plan",
        "/nonexistent/plan.txt",
        "--name",
        "n",
        "--image",
        "i",
        "--",
        "w",
    ]);
    assert_eq!(o.status.code(), Some(2));
    std::fs::remove_file(path).unwrap();
    std::fs::remove_file(good).unwrap();
}

/// The platforms refuse names a schema check lets through (`kubectl apply`, `gcloud run jobs
/// replace`): refused here first, exit 2, with the rule, and nothing printed.
#[test]
fn a_name_the_platform_refuses_is_refused_up_front() {
    let (path, _) = plan_file("job-names");
    let path = path.to_str().unwrap();
    let run = |name: &str, platform: &str| {
        let name = format!("--name={name}");
        rowkey(&[
            "migrate-job",
            "--plan",
            path,
            &name,
            "--image",
            "img",
            "--platform",
            platform,
            "--",
            "worker",
        ])
    };
    let long = "a".repeat(64);
    for (name, platform) in [
        ("Bad_Name", "kubernetes"),
        ("-copy", "kubernetes"),
        ("copy-", "kubernetes"),
        ("", "kubernetes"),
        (long.as_str(), "kubernetes"),
        ("1copy", "cloud-run"),
        ("copy.old", "cloud-run"),
    ] {
        let o = run(name, platform);
        assert_eq!(o.status.code(), Some(2), "{name:?} on {platform}");
        assert!(o.stdout.is_empty(), "{name:?}: printed a manifest");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.starts_with(&format!("error: --name {name:?}: a ")),
            "{err}"
        );
        assert!(err.contains("at most 63 characters"), "{err}");
    }
    // A digit first is a label (Kubernetes), not a Cloud Run name.
    assert!(run("1copy", "kubernetes").status.success());
    assert!(run(&"a".repeat(63), "cloud-run").status.success());
}

//! Bad and huge input: each case is `error: …` naming the file and line where there is one,
//! exit code 2, before any work, and nothing written; a long run stops on Ctrl-C with a report
//! of what it did.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn rowkey(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rowkey"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    if let Some(text) = stdin {
        input.write_all(text.as_bytes()).unwrap();
    }
    drop(input);
    child.wait_with_output().unwrap()
}

/// Exit code 2, one `error: ` line starting with `says`, nothing on stdout, no panic.
fn refused(o: &Output, says: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains(says), "wanted {says:?} in {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        o.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}

#[test]
fn hotspot_refuses_bad_files_before_any_work_and_writes_nothing() {
    let d = dir("bad-hotspot");
    let p = |n: &str| d.join(n).to_str().unwrap().to_string();
    let out = p("out");
    let long_key = "ab".repeat(40_000);
    std::fs::write(p("empty.splits"), "").unwrap();
    std::fs::write(p("long.hex"), format!("00\n01\n{long_key}\n02\n")).unwrap();
    std::fs::write(p("ok.hex"), "00\n01\n02\n").unwrap();
    std::fs::write(
        p("long.cbt"),
        format!(
            "----------------------------------------\n{}\n  d:c                                      @ 2024/01/02-03:04:05.000000\n    \"v\"\n",
            "k".repeat(40_000)
        ),
    )
    .unwrap();
    let cases: Vec<(Vec<String>, String)> = vec![
        (
            vec!["--splits".into(), p("empty.splits")],
            format!("error: {}: no split points", p("empty.splits")),
        ),
        (
            vec!["--keys".into(), p("long.hex"), "--keys-format".into(), "hex".into()],
            format!(
                "error: {}:3: a key of 40000 bytes: row keys are at most 32767 bytes",
                p("long.hex")
            ),
        ),
        (
            vec!["--keys".into(), p("long.cbt"), "--keys-format".into(), "cbt".into()],
            format!(
                "error: {}:2: a key of 40000 bytes: row keys are at most 32767 bytes",
                p("long.cbt")
            ),
        ),
        (
            vec!["--writes".into(), "18446744073709551615".into()],
            "error: invalid value '18446744073709551615' for '--writes <WRITES>': 18446744073709551615 is not in 1..=10000000000".into(),
        ),
    ];
    for (args, says) in &cases {
        let mut all = vec!["hotspot".to_string(), "--out".into(), out.clone()];
        all.extend(args.iter().cloned());
        let all: Vec<&str> = all.iter().map(String::as_str).collect();
        let o = rowkey(&all, None);
        refused(&o, says);
        assert!(!Path::new(&out).exists(), "{args:?} wrote {out}");
    }

    // A split file whose second point is over HBase's limit: that line.
    std::fs::write(p("long2.splits"), format!("10\n{long_key}\n")).unwrap();
    let o = rowkey(
        &[
            "hotspot",
            "--out",
            &out,
            "--splits",
            &p("long2.splits"),
            "--splits-format",
            "hex",
        ],
        None,
    );
    refused(
        &o,
        &format!("error: {}:2: a key of 40000 bytes", p("long2.splits")),
    );

    // An output folder that cannot be written: refused before the simulation. A file stands
    // where the folder would go.
    std::fs::write(p("a-file"), "").unwrap();
    let blocked = format!("{}/out", p("a-file"));
    let o = rowkey(
        &["hotspot", "--writes", "10000000000", "--out", &blocked],
        None,
    );
    refused(
        &o,
        &format!("error: cannot write the output folder {blocked}: "),
    );

    // A good log into a good folder still runs.
    let o = rowkey(
        &[
            "hotspot",
            "--keys",
            &p("ok.hex"),
            "--keys-format",
            "hex",
            "--out",
            &out,
        ],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn check_splits_names_the_stdin_line_or_argument() {
    let o = rowkey(
        &["check-splits", "--hex", "4", "-"],
        Some("1000\n\n2000\n\\xZZ\n"),
    );
    refused(&o, "error: <stdin>:4: split point \"\\\\xZZ\"");
    let o = rowkey(&["check-splits", "--hex", "4", "-"], Some("2000\n1000\n"));
    refused(
        &o,
        "error: <stdin>:2: split points must increase: 1000 is not after 2000 (<stdin>:1)",
    );
    let o = rowkey(&["check-splits", "--hex", "4", "4000", "3000"], None);
    refused(
        &o,
        "error: argument 2: split points must increase: 3000 is not after 4000 (argument 1)",
    );
    let long = "a".repeat(40_000);
    let o = rowkey(
        &["check-splits", "--hex", "4", "-"],
        Some(&format!("10\n{long}\n")),
    );
    refused(&o, "error: <stdin>:2: a key of 40000 bytes");
}

/// Ctrl-C during a run of ten billion writes: the run stops, reports the writes it read, and
/// writes its page. The deadlines only detect a hang.
#[test]
fn ctrl_c_stops_a_long_run_with_a_report_of_what_was_done() {
    let d = dir("ctrl-c");
    let out = d.join("out");
    let child = Command::new(env!("CARGO_BIN_EXE_rowkey"))
        .args([
            "hotspot",
            "--writes",
            "10000000000",
            "--designs",
            "timestamp-first",
            "--out",
        ])
        .arg(&out)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The folder appears once the handler is set and the input checked.
    let started = Instant::now();
    while !out.exists() {
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "no output folder"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(500));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(child.wait_with_output()));
    let o = rx
        .recv_timeout(Duration::from_secs(600))
        .expect("the run ends after Ctrl-C")
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("stopping: the report covers the writes read so far"),
        "{err}"
    );
    let line = text
        .lines()
        .find(|l| l.starts_with("stopped by Ctrl-C after "))
        .unwrap_or_else(|| panic!("{text}"));
    let n: u64 = line["stopped by Ctrl-C after ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(n > 0 && n < 10_000_000_000, "{line}");
    assert!(
        text.contains(&format!("timestamp first: {n} writes")),
        "{text}"
    );
    assert!(out.join("index.html").exists());
}

fn live(name: &str) -> String {
    let path = rowkey_testkit::golden::path("live").join(name);
    path.to_string_lossy().into_owned()
}

/// `rowkey heat` on each store's output: the hottest range listed; bad files refused with
/// their line, exit 2, and no `--json` written.
#[test]
fn heat_lists_each_stores_hot_ranges_and_refuses_bad_files() {
    let hbase = |regions: &str, json: &str| {
        rowkey(
            &[
                "heat",
                "--hbase-jmx",
                &live("hbase_jmx_rs1.json"),
                "--hbase-jmx",
                &live("hbase_jmx_rs2.json"),
                "--hbase-regions",
                regions,
                "--top",
                "2",
                "--json",
                json,
            ],
            None,
        )
    };
    let d = dir("heat");
    let json = d.join("heat.json").to_str().unwrap().to_string();
    let o = hbase(&live("hbase_list_regions.txt"), &json);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.contains("; load: write requests (total 20000)"),
        "{text}"
    );
    assert!(
        text.contains(
            "  \\x07cpu.load\\x00\\x01\\x00\\x00\\x00\\x0A\\x00\\x00\\x00\\x12 … \\x07cpu.load\\x00\\x01\\x00\\x00\\x00\\x0B\\x00\\x00\\x00\\x12: 46.5% of write requests"
        ),
        "{text}"
    );
    let kv: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(kv["keyAxis"].as_array().unwrap().len(), 6);

    let o = rowkey(
        &[
            "heat",
            "--bigtable-hot-tablets",
            &live("bigtable_hot_tablets.json"),
        ],
        None,
    );
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.contains("  07#cpu.load#0000000010#12 … 07#cpu.load#0000000011#12: 75.3% of the hot tablets' CPU"),
        "{text}"
    );
    let o = rowkey(
        &[
            "heat",
            "--pd-regions",
            &live("pd_regions.json"),
            "--pd-hot",
            &live("pd_hot_write.json"),
        ],
        None,
    );
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.contains(": 93.0% of the hot leaders' written keys per second"),
        "{text}"
    );

    // Bad files: the line, exit 2, no JSON written.
    let bad = d.join("regions.txt");
    let listing = std::fs::read_to_string(live("hbase_list_regions.txt")).unwrap();
    std::fs::write(&bad, listing.replacen("| \\x08 ", "| \\xZZ ", 1)).unwrap();
    let bad_json = d.join("bad.json").to_str().unwrap().to_string();
    let o = hbase(bad.to_str().unwrap(), &bad_json);
    refused(
        &o,
        &format!("error: {}:7: END_KEY \"\\\\xZZ\": ", bad.display()),
    );
    assert!(!Path::new(&bad_json).exists());
    let broken = d.join("hot.json");
    std::fs::write(&broken, "[\n  {\n    \"tableName\": 5\n  }\n]\n").unwrap();
    let o = rowkey(
        &["heat", "--bigtable-hot-tablets", broken.to_str().unwrap()],
        None,
    );
    refused(
        &o,
        &format!(
            "error: {}:3: invalid type: integer `5`, expected a string",
            broken.display()
        ),
    );
    let o = rowkey(
        &[
            "heat",
            "--pd-regions",
            &live("pd_regions.json"),
            "--tikv-keys",
            "raw",
            "--pd-hot",
            &live("hbase_jmx_rs1.json"),
        ],
        None,
    );
    refused(
        &o,
        &format!(
            "error: {}: no \"as_leader\": is this the output of `pd-ctl hot write`?",
            live("hbase_jmx_rs1.json")
        ),
    );
    let o = rowkey(&["heat"], None);
    assert_eq!(o.status.code(), Some(2));
}

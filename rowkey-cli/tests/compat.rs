//! `rowkey compat` and `rowkey decode` on lock files written by `rowkey::lock`, read back with
//! the derived keys: exit codes, the JSON's witnesses, decoded fields.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rowkey::lock::Lock;
use rowkey::RowKey;

mod v1 {
    #[derive(rowkey::RowKey, Debug, PartialEq)]
    #[salt(md5, buckets = 8, of = "user")]
    pub struct Visit {
        pub user: u32,
        pub day: u32,
    }
}
mod v2 {
    #[derive(rowkey::RowKey, Debug, PartialEq)]
    #[salt(md5, buckets = 8, of = "user")]
    pub struct Visit {
        pub day: u32,
        pub user: u32,
    }
}

fn dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("compat")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn rowkey(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rowkey"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Two lock files, before and after a reorder.
fn locks(d: &Path) -> (String, String) {
    let (old, new) = (d.join("old.lock"), d.join("new.lock"));
    Lock::at(&old).verify::<v1::Visit>("Visit", true).unwrap();
    Lock::at(&new).verify::<v2::Visit>("Visit", true).unwrap();
    (old.display().to_string(), new.display().to_string())
}

#[test]
fn compat_judges_two_lock_files() {
    let d = dir("two");
    let (old, new) = locks(&d);
    let o = rowkey(&["compat", &old, &new]);
    let text = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(
        text.contains("[reorder]") && text.contains("order   breaks"),
        "{text}"
    );
    // Unique holds: the level a re-key needs.
    assert_eq!(
        rowkey(&["compat", &old, &new, "--level", "unique"])
            .status
            .code(),
        Some(0)
    );

    // The JSON's order witness: two old keys, which the old type reads, and whose new keys,
    // written by the new type, sort the other way.
    let o = rowkey(&["compat", &old, &new, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["findings"][0]["rule"], "reorder");
    let order = &v["guarantees"]["order"];
    assert_eq!(order["status"], "breaks");
    let keys: Vec<(Vec<u8>, Vec<u8>)> = order["witness"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| {
            let old =
                v1::Visit::decode(&rowkey::hex::decode(k["old_key"].as_str().unwrap()).unwrap())
                    .unwrap();
            let new = v2::Visit {
                day: old.day,
                user: old.user,
            }
            .encode()
            .unwrap();
            assert_eq!(rowkey::hex::encode(&new), k["new_key"].as_str().unwrap());
            (old.encode().unwrap(), new)
        })
        .collect();
    assert!(keys[0].0 < keys[1].0 && keys[0].1 > keys[1].1, "{keys:?}");
    assert_eq!(v["guarantees"]["unique"]["status"], "holds");

    let o = rowkey(&["compat", &old, &new, "--format", "github"]);
    assert!(stdout(&o)
        .lines()
        .all(|l| l.starts_with("::error") || l.starts_with("::warning")));
    assert!(stdout(&o).contains("order breaks"));
}

#[test]
fn compat_reads_a_files_previous_layout() {
    let d = dir("previous");
    let path = d.join("rowkey.lock");
    Lock::at(&path).verify::<v1::Visit>("Visit", true).unwrap();
    Lock::at(&path).verify::<v2::Visit>("Visit", true).unwrap();
    let p = path.display().to_string();
    let o = rowkey(&["compat", &p]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("[reorder]"));
    // A bad line: its file and number, exit 2.
    let text = std::fs::read_to_string(&path).unwrap();
    let line = text
        .lines()
        .position(|l| l.starts_with("fingerprint"))
        .unwrap()
        + 1;
    std::fs::write(
        &path,
        text.replacen("fingerprint 0x", "fingerprint 0xzz", 1),
    )
    .unwrap();
    let o = rowkey(&["compat", &p]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2));
    assert!(err.starts_with(&format!("error: {p}:{line}: ")), "{err}");
}

mod v3 {
    #[derive(rowkey::RowKey, Debug, PartialEq)]
    #[salt(md5, buckets = 8, of = "user")]
    pub struct Visit {
        #[rowkey(was = "day")]
        pub date: u32,
        pub user: u32,
    }
}

/// Transitive: the current layout against every one the file keeps, each judged alone. A
/// rename of v2 keeps v2's bytes but not v1's.
#[test]
fn compat_judges_against_every_layout_kept() {
    let d = dir("transitive");
    let path = d.join("rowkey.lock");
    let old = d.join("old.lock");
    Lock::at(&path).verify::<v1::Visit>("Visit", true).unwrap();
    Lock::at(&path).verify::<v2::Visit>("Visit", true).unwrap();
    std::fs::copy(&path, &old).unwrap();
    // Against the old file: its current layout (v2: a rename, bytes hold) and its
    // `previous 1` (v1: a reorder).
    let (p, o) = (path.display().to_string(), old.display().to_string());
    Lock::at(&path).verify::<v3::Visit>("Visit", true).unwrap();
    let out = rowkey(&["compat", &o, &p]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("key `Visit`: 1 edit(s)\n  [rename]"),
        "{text}"
    );
    assert!(text.contains("key `Visit (against previous 1)`"), "{text}");
    assert!(text.contains("[reorder]"), "{text}");
    // At level `unique`, every layout kept holds it: exit 0.
    let out = rowkey(&["compat", &o, &p, "--level", "unique"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

#[test]
fn decode_reads_keys_of_a_locked_layout() {
    let d = dir("decode");
    let (old, _) = locks(&d);
    let keys: Vec<v1::Visit> = (0..500u32)
        .map(|i| v1::Visit {
            user: i * 7919,
            day: 20260000 + i % 31,
        })
        .collect();
    let mut log: String = keys
        .iter()
        .map(|k| rowkey::hex::encode(&k.encode().unwrap()) + "\n")
        .collect();
    log.push_str("00\n");
    let file = d.join("keys.hex");
    std::fs::write(&file, log).unwrap();
    let o = rowkey(&[
        "decode",
        "--lock",
        &old,
        "--keys-format",
        "hex",
        &file.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(1), "the last key does not decode");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 501);
    for (k, line) in keys.iter().zip(&lines) {
        assert_eq!(
            *line,
            format!(
                "{} user={} day={}",
                rowkey::hex::encode(&k.encode().unwrap()),
                k.user,
                k.day
            )
        );
    }
    assert!(lines[500].starts_with("00 error: "), "{}", lines[500]);
    // A bad line of the log: its number, before any output.
    std::fs::write(&file, "00\nzz\n").unwrap();
    let o = rowkey(&[
        "decode",
        "--lock",
        &old,
        "--keys-format",
        "hex",
        &file.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(String::from_utf8_lossy(&o.stderr).contains("keys.hex:2"));
}

/// The HBase fixtures' key (as `rowkey-studio/tests/live.rs` declares it).
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 16, of = "host")]
struct Point {
    metric: String,
    hour: u32,
    host: u32,
}

fn live(name: &str) -> String {
    rowkey_testkit::golden::path("live")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// `heat --lock` labels a live table's ranges with a locked key's fields, word for word as
/// the key's own type labels them through the studio.
#[test]
fn heat_labels_ranges_with_a_locked_key() {
    let d = dir("heat");
    let lock = d.join("rowkey.lock");
    Lock::at(&lock).verify::<Point>("Point", true).unwrap();
    let read = |n: &str| std::fs::read_to_string(live(n)).unwrap();
    let (j1, j2, l) = (
        read("hbase_jmx_rs1.json"),
        read("hbase_jmx_rs2.json"),
        read("hbase_list_regions.txt"),
    );
    let heat = rowkey_studio::input::live::hbase::heat(
        &[("rs1", &j1), ("rs2", &j2)],
        ("regions", &l),
        rowkey_studio::input::live::hbase::Requests::Write,
    )
    .unwrap();
    let typed = heat.listing::<Point>(3);
    let o = rowkey(&[
        "heat",
        "--hbase-jmx",
        &live("hbase_jmx_rs1.json"),
        "--hbase-jmx",
        &live("hbase_jmx_rs2.json"),
        "--hbase-regions",
        &live("hbase_list_regions.txt"),
        "--top",
        "3",
        "--lock",
        &lock.display().to_string(),
    ]);
    let text = stdout(&o);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        text.contains("in the fields of the Point key (locked)"),
        "{text}"
    );
    for line in typed.lines() {
        assert!(
            text.contains(&format!("  {line}\n")),
            "wanted {line:?} in\n{text}"
        );
    }
    assert!(typed.contains("bucket 7 of 16 · metric=\"cpu.load\" · hour=10 … 11"));
}

/// `hotspot --keys --lock`: the heatmap's key axis in the locked key's fields.
#[test]
fn hotspot_labels_a_key_log_with_a_locked_key() {
    let d = dir("hotspot");
    let lock = d.join("rowkey.lock");
    Lock::at(&lock).verify::<v1::Visit>("Visit", true).unwrap();
    let log: String = (0..20_000u32)
        .map(|i| {
            rowkey::hex::encode(
                &v1::Visit {
                    user: i % 977,
                    day: 20260000 + i / 977,
                }
                .encode()
                .unwrap(),
            ) + "\n"
        })
        .collect();
    let keys = d.join("keys.hex");
    std::fs::write(&keys, log).unwrap();
    let out = d.join("out");
    let o = rowkey(&[
        "hotspot",
        "--keys",
        &keys.display().to_string(),
        "--keys-format",
        "hex",
        "--window",
        "2000",
        "--out",
        &out.display().to_string(),
        "--lock",
        &lock.display().to_string(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let svg = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.extension().is_some_and(|x| x == "svg") && !p.to_string_lossy().contains("reads")
        })
        .unwrap();
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(
        svg.contains("bucket ") && svg.contains("user="),
        "the axis in the key's fields"
    );
}

/// `compat`'s text and JSON, and `lock`'s words, pinned.
#[test]
fn compat_and_lock_output_is_pinned() {
    let d = dir("pinned");
    let (old, new) = locks(&d);
    let strip = |s: String| s.replace(&d.display().to_string(), "DIR");
    insta::assert_snapshot!(
        "compat_text",
        strip(stdout(&rowkey(&["compat", &old, &new])))
    );
    insta::assert_snapshot!(
        "compat_json",
        strip(stdout(&rowkey(&["compat", &old, &new, "--format", "json"])))
    );
    insta::assert_snapshot!("lock_words", strip(stdout(&rowkey(&["lock", &old]))));
    // Bad input: exit 2 and the file.
    let o = rowkey(&["lock", &d.join("missing.lock").display().to_string()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("error: "));
}

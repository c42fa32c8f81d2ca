//! Each subcommand run as a user runs it: the `rowkey` binary on real input, and on bad input
//! (exit code 2, an `error:` line, no panic).

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn rowkey(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rowkey"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn rowkey_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rowkey"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Bad input: exit code 2, a message naming the problem, no panic, nothing on stdout.
fn assert_refused(o: &Output, says: &str) {
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(o));
    assert!(
        stderr(o).contains(says),
        "{:?} should say {says:?}",
        stderr(o)
    );
    assert!(!stderr(o).contains("panicked"), "{}", stderr(o));
    assert!(o.stdout.is_empty(), "{}", stdout(o));
}

#[test]
fn tsb_and_untsb_convert_both_ways() {
    let o = rowkey(&["tsb", "00ff41", "0x5c 7e", ""]);
    assert!(o.status.success(), "{}", stderr(&o));
    // toStringBinary escapes bytes outside printable ASCII and the backslash, as \xHH (upper case).
    assert_eq!(stdout(&o), "\\x00\\xFFA\n\\x5C~\n\n");
    let o = rowkey(&["untsb", r"\x00\xffA", r"row\x5C1", ""]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "00ff41\n726f775c31\n\n");
}

#[test]
fn tsb_and_untsb_refuse_malformed_input() {
    assert_refused(&rowkey(&["tsb", "0g"]), "is not a hex digit");
    assert_refused(&rowkey(&["tsb", "abc"]), "odd number of hex digits");
    assert_refused(&rowkey(&["untsb", r"\x0"]), "two hex digits");
    assert_refused(&rowkey(&["untsb", r"a\nb"]), "backslash must start");
    assert_refused(&rowkey(&["untsb", "é"]), "printable ASCII");
    // A good key before a bad one prints nothing: all or nothing.
    assert_refused(&rowkey(&["untsb", "ok", r"\xZZ"]), "two hex digits");
    assert_refused(&rowkey(&["tsb"]), "required");
}

/// Every RegionSplitter line of the golden file the `splits` command can express.
#[test]
fn splits_match_hbase_region_splitter() {
    let text = rowkey_testkit::golden::text("splits.jsonl");
    let mut checked = 0;
    for line in text.lines() {
        let line: Value = serde_json::from_str(line).unwrap();
        let algorithm = match line["source"].as_str().unwrap() {
            "RegionSplitter.HexStringSplit" => "hex",
            "RegionSplitter.DecimalStringSplit" => "decimal",
            "RegionSplitter.UniformSplit" => "uniform",
            _ => continue,
        };
        let n = line["n"].as_u64().map(|n| n.to_string());
        let mut args = vec!["splits", algorithm];
        match line["call"].as_str().unwrap() {
            "split(n)" => args.push(n.as_deref().unwrap()),
            "setFirstRow(String); setLastRow(String); split(n)" => {
                args.push(n.as_deref().unwrap());
                args.extend(["--first", line["first_row_input"].as_str().unwrap()]);
                args.extend(["--last", line["last_row_input"].as_str().unwrap()]);
            }
            _ => continue,
        }
        let o = rowkey(&args);
        if let Some(err) = line.get("error") {
            let message = err.as_str().unwrap().split_once(": ").unwrap().1;
            assert_refused(&o, message);
        } else {
            assert!(o.status.success(), "{args:?}: {}", stderr(&o));
            let expected: Vec<&str> = line["splits_str"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap())
                .collect();
            let got = stdout(&o);
            assert_eq!(got.lines().collect::<Vec<_>>(), expected, "{args:?}");
        }
        checked += 1;
    }
    assert!(checked >= 90, "{checked}");
}

#[test]
fn splits_print_the_shells_create_command() {
    let o = rowkey(&[
        "splits", "hex", "4", "--create", "events", "--family", "d", "--family", "m",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "create 'events', 'd', 'm', SPLITS => [\"40000000\", \"80000000\", \"c0000000\"]\n"
    );
}

#[test]
fn splits_refuse_bad_input() {
    assert_refused(&rowkey(&["splits", "hex", "four"]), "invalid value 'four'");
    assert_refused(&rowkey(&["splits", "hex", "-3"]), "error");
    assert_refused(&rowkey(&["splits", "octal", "4"]), "invalid value 'octal'");
    assert_refused(
        &rowkey(&["splits", "hex", "4", "--first", "xyz"]),
        "--first",
    );
    assert_refused(
        &rowkey(&["splits", "uniform", "4", "--first", r"\x1"]),
        "two hex digits",
    );
}

/// Region `i` is reachable when some key of the space falls in it: found by enumerating the
/// whole space, independently of the command's search.
fn reachable(splits: &[Vec<u8>], keys: &[Vec<u8>]) -> Vec<bool> {
    let mut hit = vec![false; splits.len() + 1];
    for k in keys {
        hit[splits.partition_point(|s| s <= k)] = true;
    }
    hit
}

#[test]
fn check_splits_finds_the_books_unreachable_regions() {
    // Bytes.split between two-digit hex keys, as Admin.createTable(desc, "00", "ff", 10) does: the
    // byte arithmetic puts split points between the digits '9' and 'a', where no hex key goes.
    let splits = rowkey::splits::admin_split_keys(b"00", b"ff", 10).unwrap();
    let text: Vec<String> = splits
        .iter()
        .map(|s| rowkey::hbase::to_string_binary(s))
        .collect();
    let hex = b"0123456789abcdef";
    let keys: Vec<Vec<u8>> = hex
        .iter()
        .flat_map(|&a| hex.iter().map(move |&b| vec![a, b]))
        .collect();
    let expected: Vec<usize> = reachable(&splits, &keys)
        .iter()
        .enumerate()
        .filter(|(_, r)| !**r)
        .map(|(i, _)| i)
        .collect();
    assert!(
        !expected.is_empty(),
        "the book's lesson: some regions are unreachable"
    );

    let mut args = vec!["check-splits", "--hex", "2"];
    args.extend(text.iter().map(String::as_str));
    let o = rowkey(&args);
    assert_eq!(
        o.status.code(),
        Some(1),
        "a finding is exit code 1: {}",
        stderr(&o)
    );
    let out = stdout(&o);
    assert!(
        out.starts_with(&format!(
            "{} of {} regions can never receive a key:",
            expected.len(),
            splits.len() + 1
        )),
        "{out}"
    );
    let listed: Vec<usize> = out
        .lines()
        .skip(1)
        .map(|l| {
            l.trim()
                .strip_prefix("region ")
                .unwrap()
                .split(':')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    assert_eq!(listed, expected);

    // The same points from standard input, as `rowkey splits` prints them.
    let o = rowkey_stdin(
        &["check-splits", "--hex", "2", "-"],
        &(text.join("\n") + "\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), out);

    // HexStringSplit's points reach every region.
    let good = rowkey(&["splits", "hex", "10"]);
    let o = rowkey_stdin(&["check-splits", "--hex", "8", "-"], &stdout(&good));
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(stdout(&o), "all 10 regions can receive keys\n");
}

#[test]
fn check_splits_refuses_bad_input() {
    assert_refused(
        &rowkey(&["check-splits", "--hex", "two", "a"]),
        "invalid value 'two'",
    );
    assert_refused(
        &rowkey(&["check-splits", "a", "b"]),
        "say what the keys look like",
    );
    assert_refused(
        &rowkey(&["check-splits", "--hex", "2", "b", "a"]),
        "split points must increase",
    );
    assert_refused(
        &rowkey(&["check-splits", "--hex", "2", r"\xG0"]),
        "two hex digits",
    );
    assert_refused(
        &rowkey(&["check-splits", "--hex", "2", "--decimal", "2", "a"]),
        "cannot be used with",
    );
    assert_refused(&rowkey(&["check-splits", "--alphabet", "ab", "a"]), "--len");
}

/// `hotspot --splits FILE`: a table's region boundaries (one split point a line, toStringBinary
/// or hex) instead of auto-splitting; a bad file is refused naming the file and the line,
/// before anything is written.
#[test]
fn hotspot_takes_region_boundaries_from_a_file() {
    let dir = std::env::temp_dir().join(format!("rowkey-hotspot-splits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    // md5 buckets (16): a key starts with its bucket byte, so splits at 01..0F give each bucket
    // its own region, and every window writes to all 16.
    std::fs::write(
        path("s.txt"),
        (1..16).map(|b| format!("\\x{b:02X}\n")).collect::<String>(),
    )
    .unwrap();
    std::fs::write(
        path("s.hex"),
        (1..16).map(|b| format!("{b:02x}\n")).collect::<String>(),
    )
    .unwrap();
    for (file, format) in [("s.txt", "binary"), ("s.hex", "hex")] {
        let o = rowkey(&[
            "hotspot",
            "--writes",
            "20000",
            "--window",
            "1000",
            "--designs",
            "md5-buckets",
            "--splits",
            &path(file),
            "--splits-format",
            format,
            "--out",
            &path("out"),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = stdout(&o);
        assert!(text.contains("16 regions after 0 splits"), "{text}");
        assert!(
            text.contains("16 regions from --splits, no auto-split"),
            "{text}"
        );
        let row = text
            .lines()
            .find(|l| l.trim_start().starts_with("md5 buckets (16)  "))
            .unwrap();
        let cols: Vec<&str> = row.split_whitespace().collect();
        assert_eq!((cols[3], cols[4]), ("16", "16.0"), "{row}");
    }
    for (name, text, says) in [
        (
            "down.txt",
            "b\na\n",
            ":2: split points must ascend: a is not after line 1's b",
        ),
        (
            "escape.txt",
            "\\x01\n\\x0g\n",
            ":2: \"\\\\x0g\" is not toStringBinary",
        ),
        ("blank.txt", "\\x01\n\n\\x02\n", ":2: an empty line"),
    ] {
        std::fs::write(path(name), text).unwrap();
        let out = path(&format!("out-{name}"));
        let o = rowkey(&["hotspot", "--splits", &path(name), "--out", &out]);
        assert_refused(&o, &format!("error: {}{says}", path(name)));
        assert!(
            !std::path::Path::new(&out).exists(),
            "{name}: nothing is written"
        );
    }
}

/// `hotspot --keys FILE`: a table's key log replayed in write order. Increasing keys (a
/// timestamp first) put every late window on one region; the same keys with their bits
/// reversed spread; `cbt read` and HBase shell output replay one write per cell; a bad log is
/// refused naming the file and line, before anything is written.
#[test]
fn hotspot_replays_a_key_log() {
    let dir = std::env::temp_dir().join(format!("rowkey-hotspot-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let data = |name: &str| {
        let path = rowkey_testkit::golden::path("logs").join(name);
        path.to_string_lossy().into_owned()
    };
    std::fs::write(
        path("inc.hex"),
        (0u32..4000)
            .map(|i| format!("{i:08x}\n"))
            .collect::<String>(),
    )
    .unwrap();
    std::fs::write(
        path("rev.hex"),
        (0u32..4000)
            .map(|i| format!("{:08x}\n", i.reverse_bits()))
            .collect::<String>(),
    )
    .unwrap();
    let replay = |file: &str, format: &str| {
        let o = rowkey(&[
            "hotspot",
            "--keys",
            file,
            "--keys-format",
            format,
            "--window",
            "100",
            "--split-writes",
            "1000",
            "--out",
            &path("out"),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let row = |text: &str| -> Vec<String> {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with("key log "))
            .unwrap();
        line.split_whitespace().map(String::from).collect()
    };
    let inc = replay(&path("inc.hex"), "hex");
    assert!(inc.contains("[1/1] key log inc.hex: 4000 writes"), "{inc}");
    let cols = row(&inc);
    // key, log, inc.hex, regions, regions then, regions/window, hottest region, hottest server,
    // max/mean, the verdict; no reads table (the key's type is unknown).
    assert_eq!(cols[6], "100.0%", "{inc}");
    assert!(
        inc.contains("reads: need the key's type, which a key log does not give")
            && !inc.contains("rows wanted"),
        "{inc}"
    );
    assert!(
        inc.contains("HOTSPOT: one region takes the writes"),
        "{inc}"
    );
    let rev = replay(&path("rev.hex"), "hex");
    assert!(row(&rev).last().unwrap() == "spread", "{rev}");
    let cbt = replay(&data("cbt_read_plain.txt"), "cbt");
    assert!(
        cbt.contains("key log cbt_read_plain.txt: 4 writes"),
        "{cbt}"
    );
    let shell = replay(&data("hbase_shell_scan.txt"), "hbase-shell");
    assert!(
        shell.contains("key log hbase_shell_scan.txt: 4 writes"),
        "{shell}"
    );

    std::fs::write(path("bad.hex"), "00\n01\n0g\n").unwrap();
    let out = path("out-bad");
    let o = rowkey(&[
        "hotspot",
        "--keys",
        &path("bad.hex"),
        "--keys-format",
        "hex",
        "--out",
        &out,
    ]);
    assert_refused(
        &o,
        &format!("error: {}:3: \"0g\" is not hex", path("bad.hex")),
    );
    assert!(!std::path::Path::new(&out).exists(), "nothing is written");
    let o = rowkey(&[
        "hotspot",
        "--keys",
        &path("inc.hex"),
        "--designs",
        "md5-buckets",
    ]);
    assert_eq!(o.status.code(), Some(2), "--keys replaces the designs");
}

/// `--window-seconds`: a key log's cells are windowed by their timestamps. The fixture's four
/// cells (`cbt read` of the emulator) were written at 01:36:03.053, 04.114, 05.131 and 06.063:
/// one a second, so windows of one second from the first hold one each.
#[test]
fn hotspot_windows_a_key_log_by_its_cell_timestamps() {
    let dir = std::env::temp_dir().join(format!("rowkey-hotspot-time-{}", std::process::id()));
    let out = dir.join("out");
    let data = rowkey_testkit::golden::path("logs/cbt_read_plain.txt")
        .to_string_lossy()
        .into_owned();
    let o = rowkey(&[
        "hotspot",
        "--keys",
        &data,
        "--keys-format",
        "cbt",
        "--window-seconds",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("keys.json")).unwrap()).unwrap();
    // 2026-11-24T01:36:03.053Z in microseconds, and the cells' offsets from it.
    const T0: i64 = 1_795_484_163_053_000;
    let cells = [0, 1_061_000, 2_078_000, 3_010_000];
    let time = doc["timeAxis"].as_array().unwrap();
    assert_eq!(time.len(), 4);
    for (w, window) in time.iter().enumerate() {
        let start = T0 + w as i64 * 1_000_000;
        assert_eq!(window["time"], serde_json::json!([start, start + 999_999]));
        let holds: Vec<usize> = (0..4)
            .filter(|&c| (T0 + cells[c] - start) / 1_000_000 == 0 && T0 + cells[c] >= start)
            .collect();
        assert_eq!(holds, [w], "window {w} holds cell {w}");
        assert_eq!(window["firstWrite"], w);
        assert_eq!(window["lastWrite"], w);
        let column: u64 = doc["values"]["writes"][w]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .sum();
        assert_eq!(column, 1);
    }
    let svg = std::fs::read_to_string(out.join("keys.svg")).unwrap();
    assert!(
        svg.contains("time from 2026-11-24 01:36:03 UTC (windows of 1 s)"),
        "the map's time axis"
    );

    // A log without times cannot be windowed by time.
    std::fs::create_dir_all(&dir).unwrap();
    let hex = dir.join("k.hex");
    std::fs::write(&hex, "00\n01\n").unwrap();
    let o = rowkey(&[
        "hotspot",
        "--keys",
        hex.to_str().unwrap(),
        "--keys-format",
        "hex",
        "--window-seconds",
        "1",
        "--out",
        dir.join("out-hex").to_str().unwrap(),
    ]);
    assert_refused(
        &o,
        "error: --window-seconds needs writes with times, and a hex key log has none",
    );
}

/// `rowkey migrate`: every phase's read is exact at every moment; the old table alone is exact
/// until the cut-over and not after; the new table alone misses rows until the copy ends; the
/// copy was killed and resumed; verification agrees. Moves involving a random salt, or no move,
/// are refused.
#[test]
fn migrate_tells_the_whole_move() {
    let o = rowkey(&["migrate", "--rows", "20000", "--writes", "300"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let table: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("phase "))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    assert_eq!(table.len(), 10, "{text}");
    let column =
        |line: &str, from: usize, to: usize| line.get(from..to).unwrap_or("").trim().to_string();
    for (i, line) in table.iter().enumerate() {
        assert!(
            line.trim_end().ends_with("exact"),
            "the phase's read: {line}"
        );
        let old = column(line, 35, 76);
        let new = column(line, 76, 97);
        if i < 8 {
            assert!(
                old.ends_with("exact"),
                "old table alone before the cut-over: {line}"
            );
        } else {
            assert!(
                old.contains("missed"),
                "old table alone after the cut-over: {line}"
            );
        }
        if (1..6).contains(&i) {
            assert!(
                new.contains("missed"),
                "new table alone during the copy: {line}"
            );
        }
        if i >= 6 {
            assert!(
                new.ends_with("exact"),
                "new table alone after the copy: {line}"
            );
        }
    }
    assert!(table[3].contains("(killed)"), "{}", table[3]);
    assert!(table[7].starts_with("verify: 16/16 agree"), "{}", table[7]);
    assert!(
        text.contains("hbase> create 'messages_v2', 'm', SPLITS => [\"\\x01\""),
        "{text}"
    );
    for args in [
        &["migrate", "--to", "random-buckets"][..],
        &["migrate", "--from", "random-buckets", "--to", "md5-buckets"],
        &["migrate", "--from", "md5-buckets", "--to", "md5-buckets"],
    ] {
        let o = rowkey(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).starts_with("error: "), "{}", stderr(&o));
    }
}

/// A key length of 0 leaves one key, the empty one: every region after the first split point
/// is unreachable.
#[test]
fn check_splits_of_length_zero_keys() {
    for space in [
        &["--hex", "0"][..],
        &["--decimal", "0"],
        &["--bytes", "0"],
        &["--alphabet", "ab", "--len", "0"],
    ] {
        let mut args = vec!["check-splits"];
        args.extend_from_slice(space);
        let points = rowkey(&["splits", "hex", "4"]);
        let points = stdout(&points);
        args.extend(points.lines());
        let o = rowkey(&args);
        assert_eq!(o.status.code(), Some(1), "{space:?}: {}", stdout(&o));
        assert!(
            stdout(&o).starts_with("3 of 4 regions can never receive a key:"),
            "{space:?}: {}",
            stdout(&o)
        );
    }
}

/// `splits` refuses absurd region counts instead of printing millions of lines, and says
/// "less than or equal" when the first and last rows are equal.
#[test]
fn splits_refuses_huge_counts_and_equal_rows_say_so() {
    let o = rowkey(&["splits", "hex", "100000000"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(
        stderr(&o).starts_with("error: 100000000 regions: at most 100000"),
        "{}",
        stderr(&o)
    );
    assert_eq!(rowkey(&["splits", "hex", "100000"]).status.code(), Some(0));
    let o = rowkey(&["splits", "uniform", "4", "--first", "X", "--last", "X"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("is configured less than or equal to first row"),
        "{}",
        stderr(&o)
    );
}

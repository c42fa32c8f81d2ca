//! The readers on real tool output (rowkey-testkit/data/logs: `cbt read` of Google's Bigtable emulator, and
//! HBase shell `scan` output written from the shell's source, `hbase-shell/.../table.rb`) and on
//! every kind of bad line.

use std::path::{Path, PathBuf};

use super::*;

fn data(name: &str) -> PathBuf {
    rowkey_testkit::golden::path("logs").join(name)
}

/// A file with these bytes, unique to the test.
fn file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rowkey-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// 2026-11-24T01:36:03.053Z in microseconds (Python's `datetime(..., tzinfo=timezone.utc)`).
const T0: i64 = 1_795_484_163_053_000;

#[test]
fn cbt_read_of_the_emulator_with_binary_keys() {
    // `cbt read messages count=3` against the emulator, after the bigtable_scan example wrote
    // its salted MessageKey rows: 17-byte keys holding 00 bytes, one cell each.
    let w = read_log(&data("cbt_read_messages.txt"), LogFormat::Cbt).unwrap();
    assert_eq!(w.len(), 3);
    assert_eq!(
        w.iter()
            .find(|w| w.key[..9] == [0, 0, 3, 0x84, 0xd3, 0, 0, 3, 0xc2])
            .unwrap()
            .key,
        [0, 0, 3, 0x84, 0xd3, 0, 0, 3, 0xc2, 0, 0, 1, 0x1a, 0x25, 0xcd, 0x6e, 0xd9]
    );
    assert!(w.iter().all(|w| w.key.len() == 17 && w.micros.is_some()));
    assert!(w.windows(2).all(|p| p[0].micros <= p[1].micros));
}

#[test]
fn cbt_read_cells_are_writes_in_time_order() {
    // Written with `cbt set` one cell at a time: user#1 cf:a, user#1 cf:b, k\x01\xff, has space.
    let w = read_log(&data("cbt_read_plain.txt"), LogFormat::Cbt).unwrap();
    let keys: Vec<&[u8]> = w.iter().map(|w| w.key.as_slice()).collect();
    assert_eq!(
        keys,
        [&b"user#1"[..], b"user#1", b"k\x01\xff", b"has space"]
    );
    assert_eq!(w[0].micros, Some(T0));
    assert_eq!(w[1].micros.unwrap() - w[0].micros.unwrap(), 1_061_000);
}

#[test]
fn hbase_shell_scan_cells_are_writes_in_time_order() {
    let w = read_log(&data("hbase_shell_scan.txt"), LogFormat::HbaseShell).unwrap();
    let keys: Vec<&[u8]> = w.iter().map(|w| w.key.as_slice()).collect();
    // Epoch millis 1616766497000 is 2021-03-26T13:48:17Z; the delete marker is no write.
    assert_eq!(
        keys,
        [&b"k\x01\xff"[..], b"user#1", b"has space", b"user#1"]
    );
    let t: Vec<i64> = w.iter().map(|w| w.micros.unwrap()).collect();
    assert_eq!(t[0], 1_616_766_497_000_000);
    assert_eq!(t[1] - t[0], 1_455_000);
    assert_eq!(t[2] - t[0], 2_500_000);
    assert_eq!(t[3] - t[0], 3_000_000);
}

/// A cell whose value reads like the footer is still a write; the old shell's footer
/// (`N row(s) in S seconds`) ends the scan as the new one does.
#[test]
fn hbase_shell_values_that_look_like_a_footer_are_writes() {
    let p = file(
        "footer.txt",
        b"ROW  COLUMN+CELL\n r1  column=f:q, timestamp=1, value=2 row(s)\n r2  column=f:q, timestamp=2, value=Took 1 seconds\n2 row(s) in 0.0100 seconds\n",
    );
    let w = read_log(&p, LogFormat::HbaseShell).unwrap();
    let keys: Vec<&[u8]> = w.iter().map(|w| w.key.as_slice()).collect();
    assert_eq!(keys, [&b"r1"[..], b"r2"]);
}

#[test]
fn one_key_a_line() {
    let p = file("keys.txt", b"a\\x00b\r\n\\xFF\nz\n");
    let w = read_log(&p, LogFormat::Binary).unwrap();
    let keys: Vec<&[u8]> = w.iter().map(|w| w.key.as_slice()).collect();
    assert_eq!(keys, [&b"a\x00b"[..], b"\xff", b"z"]);
    let p = file("keys.hex", b"00ff\n0x7f80\n");
    let w = read_log(&p, LogFormat::Hex).unwrap();
    assert_eq!(w[0].key, [0, 0xff]);
    assert_eq!(w[1].key, [0x7f, 0x80]);
    assert_eq!(w[0].micros, None);
}

/// Every bad line is an error naming the file and the line.
#[test]
fn bad_lines_name_the_file_and_line() {
    let cases: &[(&str, &[u8], LogFormat, &str)] = &[
        (
            "b1",
            b"a\nb\\x4\n",
            LogFormat::Binary,
            ":2: \"b\\\\x4\" is not toStringBinary",
        ),
        ("b2", b"a\n\nb\n", LogFormat::Binary, ":2: an empty line"),
        ("b3", b"a\n\xff\n", LogFormat::Binary, ":2: not UTF-8"),
        (
            "h1",
            b"00\n0g\n",
            LogFormat::Hex,
            ":2: \"0g\" is not hex at character 1",
        ),
        (
            "h2",
            b"abc\n",
            LogFormat::Hex,
            ":1: \"abc\" has an odd number",
        ),
        (
            "c1",
            b"row\n",
            LogFormat::Cbt,
            ":1: expected cbt read's row separator",
        ),
        (
            "c2",
            b"----------------------------------------\nk\n  f:q  @ 2026/13/01-00:00:00.000000\n",
            LogFormat::Cbt,
            ":3: not a valid date and time",
        ),
        (
            "c3",
            b"----------------------------------------\nk\n",
            LogFormat::Cbt,
            ":2: a row with no cell line",
        ),
        (
            "s1",
            b"hello\n",
            LogFormat::HbaseShell,
            ":1: expected the scan header",
        ),
        (
            "s2",
            b"ROW  COLUMN+CELL\n r1  column=f:q, timestamp=soon, value=v\n",
            LogFormat::HbaseShell,
            ":2: timestamp=soon is neither",
        ),
        (
            "s3",
            b"ROW  COLUMN+CELL\n r\\x1  column=f:q, timestamp=1, value=v\n",
            LogFormat::HbaseShell,
            ":2: row \"r\\\\x1\" is not toStringBinary",
        ),
        (
            "s4",
            b"ROW  COLUMN+CELL\nr1 column=f:q\n",
            LogFormat::HbaseShell,
            ":2: a cell line starts with one space",
        ),
        ("e", b"", LogFormat::Hex, ": no keys"),
    ];
    for (name, bytes, format, says) in cases {
        let p = file(name, bytes);
        let err = read_log(&p, *format).unwrap_err().to_string();
        let want = format!("{}{says}", p.display());
        assert!(
            err.starts_with(&want),
            "{name}: {err:?} does not start with {want:?}"
        );
    }
}

#[test]
fn split_files_ascend() {
    let p = file("splits.txt", b"\\x10\n\\x20\nm\n");
    assert_eq!(
        read_splits(&p, SplitFormat::Binary).unwrap(),
        [vec![0x10], vec![0x20], b"m".to_vec()]
    );
    let p = file("splits.hex", b"10\n20\n");
    assert_eq!(
        read_splits(&p, SplitFormat::Hex).unwrap(),
        [vec![0x10], vec![0x20]]
    );
    let p = file("down.txt", b"b\na\n");
    let err = read_splits(&p, SplitFormat::Binary)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        format!(
            "{}:2: split points must ascend: a is not after line 1's b",
            p.display()
        )
    );
    let p = file("empty-split.txt", b"a\n\n");
    let err = read_splits(&p, SplitFormat::Binary)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with(&format!("{}:2: an empty line", p.display())),
        "{err}"
    );
}

#[test]
fn sample_row_keys_answers_are_split_points() {
    // The v2 API's JSON mapping of SampleRowKeysResponse, as grpcurl prints a stream of them;
    // the last sample (the end of the table) has an empty key, which JSON leaves out.
    let p = data("sample_row_keys.json");
    assert_eq!(
        read_splits(&p, SplitFormat::SampleRowKeys).unwrap(),
        [vec![0, 0, 3, 0x84, 0xd3], vec![0, 0, 7, 8, 0]]
    );
    let p = file("array.json", br#"[{"rowKey":"AQ==","offsetBytes":"1"},{"rowKey":"Ag==","offsetBytes":"2"},{"rowKey":"","offsetBytes":"3"}]"#);
    assert_eq!(
        read_splits(&p, SplitFormat::SampleRowKeys).unwrap(),
        [vec![1], vec![2]]
    );
    let p = file(
        "bad64.json",
        b"{\"rowKey\": \"AQ==\"}\n{\"rowKey\": \"A*==\"}\n",
    );
    let err = read_splits(&p, SplitFormat::SampleRowKeys)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with(&format!("{}:2: rowKey \"A*==\" is not base64", p.display())),
        "{err}"
    );
    let p = file(
        "down.json",
        b"{\"rowKey\": \"Ag==\"}\n{\"rowKey\": \"AQ==\"}\n",
    );
    let err = read_splits(&p, SplitFormat::SampleRowKeys)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with(&format!("{}:2: split points must ascend", p.display())),
        "{err}"
    );
    let p = file("none.json", b"{}\n");
    assert!(read_splits(&p, SplitFormat::SampleRowKeys).is_err());
}

/// The streamed log yields what `read_log` reads, line for line, and fails where it fails with
/// the same message.
#[test]
fn a_streamed_log_reads_as_the_whole_file_does() {
    use crate::Writes;
    let cases: [(&str, &[u8], LogFormat); 8] = [
        ("s-hex", b"00ff\n0x01 02\r\nAB\n", LogFormat::Hex),
        ("s-bin", b"k\\x00\\xFF\nrow1\nrow10", LogFormat::Binary),
        ("s-empty", b"", LogFormat::Hex),
        ("s-blank", b"00\n\n01\n", LogFormat::Hex),
        ("s-badhex", b"00\n01\n0g\n", LogFormat::Hex),
        ("s-odd", b"00\n012\n", LogFormat::Hex),
        ("s-utf8", b"ok\n\xff\xfe\n", LogFormat::Binary),
        ("s-esc", b"a\\xZZ\n", LogFormat::Binary),
    ];
    for (name, bytes, format) in cases {
        let path = file(name, bytes);
        let whole = read_log(&path, format)
            .map(|w| w.into_iter().map(|w| w.key).collect::<Vec<_>>())
            .map_err(|e| e.to_string());
        let mut keys = Vec::new();
        let streamed = LineLog::new(&path, format)
            .unwrap()
            .replay(&mut |t, k| {
                assert_eq!(t, None);
                keys.push(k.to_vec());
                std::ops::ControlFlow::Continue(())
            })
            .map(|()| keys)
            .map_err(|e| e.to_string());
        assert_eq!(streamed, whole, "{name}");
    }
    assert!(LineLog::new(Path::new("x"), LogFormat::Cbt).is_none());
}

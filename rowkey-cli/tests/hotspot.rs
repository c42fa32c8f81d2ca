//! `rowkey hotspot`: the heatmaps hold one cell per (window, bucket) with the writes an
//! independent recount finds, sequential designs draw one bright line, salted ones even bands,
//! the same seed writes the same files, and the demo's claims hold on its own designs.

use std::path::{Path, PathBuf};
use std::process::Command;

use rowkey_cli::designs::{by_slug, study_of, DESIGNS};

const WRITES: u64 = 200_000;
/// 40 windows over 32 buckets: a sequential design's window spans less than one bucket's range,
/// so its writes fall in at most two adjacent buckets.
const WINDOW: u64 = 5_000;
const BUCKETS: usize = 32;
const SEED: u64 = 7;

fn run(out: &Path, seed: u64, designs: &str) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_rowkey"))
        .args([
            "hotspot",
            "--writes",
            &WRITES.to_string(),
            "--window",
            &WINDOW.to_string(),
        ])
        .args([
            "--buckets",
            &BUCKETS.to_string(),
            "--seed",
            &seed.to_string(),
        ])
        .args(["--cut", "range", "--designs", designs, "--out"])
        .arg(out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

fn dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// `counts[window][bucket]` as the SVG's cells state them (a cell not drawn is 0), and the
/// number of region lines.
fn read_svg(path: &Path) -> (Vec<Vec<u64>>, usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the heatmap is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let mut counts: Vec<Vec<Option<u64>>> = Vec::new();
    let mut lines = 0;
    for node in doc.descendants() {
        if let Some(w) = node.attribute("data-window") {
            let w: usize = w.parse().unwrap();
            assert_eq!(w, counts.len(), "one group per window, in order");
            counts.push(vec![None; BUCKETS]);
            for cell in node.children().filter(|c| c.has_tag_name("rect")) {
                let b: usize = cell.attribute("data-bucket").unwrap().parse().unwrap();
                let n: u64 = cell.attribute("data-value").unwrap().parse().unwrap();
                assert!(n > 0, "cells of zero are the background");
                assert_eq!(
                    counts[w][b].replace(n),
                    None,
                    "one cell per (window, bucket)"
                );
            }
        }
        if node.has_tag_name("line") && node.attribute("class") == Some("region") {
            lines += 1;
        }
    }
    let counts = counts
        .into_iter()
        .map(|c| c.into_iter().map(|n| n.unwrap_or(0)).collect())
        .collect();
    (counts, lines)
}

/// The writes per (window, bucket) recounted from the design's keys: buckets of equal range
/// between the lowest and highest key, over the 8 bytes after their common prefix.
fn recount(slug: &str, seed: u64) -> Vec<Vec<u64>> {
    let study = study_of(WRITES, &[by_slug(slug).unwrap()]).seed(seed);
    let mut keys: Vec<Vec<u8>> = Vec::new();
    study.keys(0, &mut |_, k| keys.push(k.to_vec())).unwrap();
    let lo = keys.iter().min().unwrap();
    let hi = keys.iter().max().unwrap();
    let p = lo.iter().zip(hi.iter()).take_while(|(a, b)| a == b).count();
    let value = |k: &[u8]| -> u128 {
        (0..8).fold(0u128, |v, i| {
            v * 256 + u128::from(*k.get(p + i).unwrap_or(&0))
        })
    };
    let (l, h) = (value(lo), value(hi));
    let mut counts = vec![vec![0u64; BUCKETS]; (WRITES / WINDOW) as usize];
    for (i, k) in keys.iter().enumerate() {
        let b = ((value(k) - l) * BUCKETS as u128 / (h - l + 1)) as usize;
        counts[i / WINDOW as usize][b] += 1;
    }
    counts
}

#[test]
fn heatmaps_count_every_write_in_its_window_and_bucket() {
    let out = dir("heat");
    let stdout = run(
        &out,
        SEED,
        "timestamp-first,id-first,md5-buckets,random-buckets",
    );
    for slug in [
        "timestamp-first",
        "id-first",
        "md5-buckets",
        "random-buckets",
    ] {
        let (counts, lines) = read_svg(&out.join(format!("{slug}.svg")));
        assert_eq!(
            counts.len() as u64,
            WRITES / WINDOW,
            "{slug}: one column per window"
        );
        assert_eq!(counts, recount(slug, SEED), "{slug}");
        assert_eq!(counts.iter().flatten().sum::<u64>(), WRITES);

        // The region lines are the table's regions at the end, as the report prints them.
        let design = by_slug(slug).unwrap();
        let report_line = stdout
            .lines()
            .find(|l| l.contains(&format!("] {}:", design.name)))
            .unwrap();
        let regions: usize = report_line
            .split(" regions after")
            .next()
            .unwrap()
            .rsplit(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(lines, regions - 1, "{slug}");

        let late = &counts[counts.len() / 2..];
        for (w, column) in late.iter().enumerate() {
            let total: u64 = column.iter().sum();
            if design.sequential {
                // One bright line: two adjacent buckets hold at least 99% of the window.
                let band = column.windows(2).map(|p| p[0] + p[1]).max().unwrap();
                assert!(band * 100 >= total * 99, "{slug} window {w}: {column:?}");
            } else {
                // Even bands: the writes touch at least one bucket per salt, none takes 15%.
                let touched = column.iter().filter(|&&n| n > 0).count();
                assert!(touched >= 16, "{slug} window {w}: {column:?}");
                assert!(
                    column.iter().all(|&n| n * 100 <= total * 15),
                    "{slug} window {w}: {column:?}"
                );
            }
        }
    }
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    for slug in ["timestamp-first", "md5-buckets"] {
        assert!(page.contains(&format!(r#"data="{slug}.svg""#)), "{page}");
    }
    assert!(page.contains(r#"<td class="name">timestamp first</td>"#) && page.contains("HOTSPOT"));
    assert!(stdout.contains("writes (200000 writes"));
}

#[test]
fn the_same_seed_writes_the_same_files() {
    let (a, b, c) = (dir("seed-a"), dir("seed-b"), dir("seed-c"));
    run(&a, SEED, "random-buckets");
    run(&b, SEED, "random-buckets");
    run(&c, SEED + 1, "random-buckets");
    let read = |d: &Path| std::fs::read(d.join("random-buckets.svg")).unwrap();
    assert_eq!(read(&a), read(&b));
    assert_ne!(read(&a), read(&c));
    assert_eq!(
        std::fs::read(a.join("index.html")).unwrap(),
        std::fs::read(b.join("index.html")).unwrap()
    );
}

#[test]
fn hotspot_refuses_bad_options() {
    for (args, says) in [
        (vec!["--writes", "many"], "invalid value 'many'"),
        (vec!["--writes", "0"], "--writes"),
        (vec!["--designs", "hashed"], "invalid value 'hashed'"),
        (vec!["--buckets", "5000"], "--buckets"),
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_rowkey"))
            .arg("hotspot")
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(
            err.contains(says) && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}

/// The demo's claims, on its own designs and simulation (fewer writes than the demo).
#[test]
fn hotspot_demo_claims() {
    for design in &DESIGNS {
        let outcome = &study_of(300_000, &[design]).run().unwrap()[0];
        let report = &outcome.run.report;
        assert!(
            report.regions > 5,
            "{}: the table auto-split ({} regions)",
            design.name,
            report.regions
        );
        let share = report.late(0.5, |w| w.hottest_share);
        let worst_spread = report.late_max(0.5, |w| w.max_over_mean);
        match design.slug {
            // One region takes each window's writes, but for the windows in which it split (at
            // a key chosen from a sample, so a few of the window's writes fall below it).
            _ if design.sequential => {
                assert!(share >= 0.97, "{}: {share}", design.name);
                assert!(
                    report.late_min(0.5, |w| w.hottest_share) >= 0.8,
                    "{}",
                    design.name
                );
            }
            "md5-buckets" | "random-buckets" => assert!(
                worst_spread <= 2.0,
                "{}: hottest region {worst_spread}x the mean",
                design.name
            ),
            _ => assert!(share < 0.2, "{}", design.name),
        }
    }
}

/// The read columns against the book: what each design costs to read one message, the last
/// tenth of the time, and the newest message, counted from the design's keys by brute force
/// (which of the table's keys have a time in the last tenth, which are newest).
#[test]
fn read_costs_are_the_books() {
    const N: u64 = 100_000;
    for design in &DESIGNS {
        let study = study_of(N, &[design]).window(5_000).split_writes(5_000);
        let outcome = &study.run().unwrap()[0];
        let [get, recent, newest] = &outcome.run.reads[..] else {
            panic!("three reads")
        };
        let name = design.name;
        // One message by its key: a Get, or one per bucket of a random salt (the book's cost).
        let gets = if design.slug == "random-buckets" {
            16
        } else {
            1
        };
        assert!(get.point && get.ranges == gets, "{name}: {get:?}");
        assert_eq!((get.rows_read, get.rows_wanted), (1, 1), "{name}");
        assert_eq!(
            get.regions, gets,
            "{name}: each Get to the region of its row"
        );

        // The last tenth of the time: exactly the last 10,000 messages are wanted; a time-first
        // key reads only them, in a range per bucket; the others scan the whole table.
        let time_first = matches!(
            design.slug,
            "timestamp-first" | "reverse-timestamp" | "md5-buckets" | "random-buckets"
        );
        assert_eq!(recent.rows_wanted, N / 10, "{name}");
        let ranges = if design.slug.contains("buckets") {
            16
        } else {
            1
        };
        assert_eq!(recent.ranges, ranges, "{name}");
        if time_first {
            assert_eq!(recent.rows_read, N / 10, "{name}");
            // Only the regions holding the last tenth: fewer than half but for buckets, each
            // of which holds recent messages.
            let total = outcome.run.report.regions;
            if ranges == 1 {
                assert!(recent.regions < total / 2, "{name}: {recent:?}");
            } else {
                assert!(
                    recent.regions >= 16 && recent.regions <= total,
                    "{name}: {recent:?}"
                );
            }
        } else {
            assert_eq!(recent.rows_read, N, "{name}");
            assert_eq!(recent.regions, outcome.run.report.regions, "{name}");
        }

        // The newest message: one row of one range when the newest comes first, every row
        // otherwise.
        assert_eq!(newest.rows_wanted, 1, "{name}");
        if design.newest_first {
            assert_eq!((newest.rows_read, newest.regions), (1, 1), "{name}");
        } else {
            assert_eq!(newest.rows_read, N, "{name}");
        }
    }
}

/// Region servers: the busiest server's share is at least the busiest region's, at most 1, and
/// a hotspot's single region means a single server.
#[test]
fn server_shares_bound_region_shares() {
    for design in &DESIGNS {
        // Windows shorter than the 2,500 writes between a sequential region's splits: no window
        // holds two splits of the hot region (after which its writes would span three regions
        // as they stand at the window's end).
        let study = study_of(100_000, &[design])
            .window(2_000)
            .split_writes(5_000)
            .servers(4);
        let report = &study.run().unwrap()[0].run.report;
        assert_eq!(report.servers, 4);
        for w in &report.windows {
            assert!(
                w.hottest_server_share >= w.hottest_share - 1e-12,
                "{}",
                design.name
            );
            assert!(w.hottest_server_share <= 1.0 && w.servers_written <= 4);
            assert!(w.servers_written <= w.regions_written);
        }
        if design.sequential {
            let share = report.late_min(0.5, |w| w.hottest_server_share);
            assert!(share >= 0.99, "{}: {share}", design.name);
        } else {
            let servers = report.late(0.5, |w| w.servers_written as f64);
            let share = report.late(0.5, |w| w.hottest_server_share);
            assert!(
                servers > 1.5 && share < 0.5,
                "{}: {servers} servers, hottest {share}",
                design.name
            );
        }
    }
}

/// Text of the page with the entities of its `escape` undone.
fn unescape(html: &str) -> String {
    html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The cells of each `<tr>` of the page's table of class `class`, tags stripped, entities of
/// `escape` undone.
fn html_table(page: &str, class: &str) -> Vec<Vec<String>> {
    let start = page
        .find(&format!("<table class=\"{class}\">"))
        .expect("the table");
    let table = &page[start..start + page[start..].find("</table>").unwrap()];
    table
        .split("<tr")
        .skip(1)
        .filter(|r| r.contains("<td"))
        .map(|r| {
            r.split("<td")
                .skip(1)
                .map(|c| {
                    let c = &c[c.find('>').unwrap() + 1..c.find("</td>").unwrap()];
                    unescape(c)
                })
                .collect()
        })
        .collect()
}

/// The demo's page tells one truth: for every design, the writes table of the page and of the
/// terminal, the JSON's summary, the diagnostics (page and JSON), the maps and the reads table
/// agree, each checked against the JSON document beside the page.
#[test]
fn the_demos_page_its_json_and_its_text_agree() {
    let out = dir("hotspot-one-truth");
    let o = Command::new(env!("CARGO_BIN_EXE_rowkey"))
        .args(["hotspot", "--writes", "150000", "--window", "2000"])
        .args(["--split-writes", "10000", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    let page_text = unescape(&page);
    let writes_table = html_table(&page, "writes");
    let reads_table = html_table(&page, "reads");
    assert_eq!(writes_table.len(), DESIGNS.len());
    let mut verdicts = Vec::new();
    for (design, cells) in DESIGNS.iter().zip(&writes_table) {
        let doc: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(out.join(format!("{}.json", design.slug))).unwrap(),
        )
        .unwrap();
        let s = &doc["summary"];
        let f = |name: &str| s[name].as_f64().unwrap();
        let pct = |x: f64| format!("{:.1}%", 100.0 * x);
        let expected = [
            design.name.to_string(),
            format!("{}", f("regions")),
            format!("{:.1}", f("regionsThen")),
            format!("{:.1}", f("regionsWritten")),
            pct(f("hottestRegionShare")),
            pct(f("hottestServerShare")),
            format!("{:.1}", f("maxOverMean")),
            s["verdict"].as_str().unwrap().to_string(),
        ];
        assert_eq!(
            cells, &expected,
            "{}: the page's row against its JSON",
            design.name
        );
        // The terminal's table has the same cells.
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{} ", design.name)))
            .unwrap();
        for c in &expected[1..7] {
            assert!(line.contains(c.as_str()), "{}: {c} in {line}", design.name);
        }
        assert!(line.ends_with(expected[7].as_str()), "{line}");
        verdicts.push(expected[7].clone());

        // The maps: every write once; the rows-read map adds up to the reads table.
        let sum = |m: &serde_json::Value| -> u64 {
            m.as_array()
                .unwrap()
                .iter()
                .flat_map(|r| r.as_array().unwrap())
                .map(|c| c.as_u64().unwrap())
                .sum()
        };
        assert_eq!(sum(&doc["values"]["writes"]), 150_000);
        let reads = doc["reads"].as_array().unwrap();
        let rows_read: u64 = reads.iter().map(|r| r["rowsRead"].as_u64().unwrap()).sum();
        assert_eq!(sum(&doc["values"]["reads"]), rows_read, "{}", design.name);
        let page_reads: Vec<&Vec<String>> =
            reads_table.iter().filter(|r| r[0] == design.name).collect();
        assert_eq!(page_reads.len(), reads.len());
        for (r, cells) in reads.iter().zip(page_reads) {
            assert_eq!(cells[1], r["name"].as_str().unwrap());
            assert_eq!(cells[4], r["rowsRead"].to_string(), "{}", design.name);
            assert_eq!(cells[5], r["rowsWanted"].to_string(), "{}", design.name);
        }

        // The diagnostics: the page lists the JSON's, and each quotes the summary's figures.
        for d in doc["diagnostics"].as_array().unwrap() {
            let sentence = format!(
                "<b>{}</b>: {}.</li>",
                design.name,
                d["text"].as_str().unwrap()
            );
            assert!(page_text.contains(&sentence), "{sentence}");
            for (name, value) in d["figures"].as_object().unwrap() {
                assert_eq!(value, &s[name], "{}: {name}", design.name);
            }
            let kind = d["kind"].as_str().unwrap();
            if kind == "HotRegion" || kind == "HotServer" {
                assert_ne!(expected[7], "spread", "{}: {kind}", design.name);
            }
        }
    }
    // What the demo is built to show: the sequential designs are the hotspots.
    for (design, verdict) in DESIGNS.iter().zip(&verdicts) {
        assert_eq!(
            design.sequential,
            verdict.starts_with("HOTSPOT"),
            "{}: {verdict}",
            design.name
        );
    }
}

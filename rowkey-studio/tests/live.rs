//! Live heat: each store's documented output (fixtures in `rowkey-testkit/data/live`, see its README)
//! read into key ranges and loads, checked against a recount of the files done here by plain
//! line reading; the hottest ranges decoded into the key's fields; the same load fed through
//! the simulator and through each importer gives the same picture; bad input names its line.

use std::fmt::Write as _;

use rowkey::RowKey;
use rowkey_studio::input::live::{bigtable, hbase, tikv, LiveHeat};
use rowkey_studio::{Design, Study};

/// The HBase and TiKV fixtures' key.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 16, of = "host")]
struct Point {
    metric: String,
    hour: u32,
    host: u32,
}

/// The Bigtable fixture's key: text, as the hot-tablet API's string keys hold exactly.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = "#")]
#[salt(md5, buckets = 16, of = "host")]
struct Reading {
    metric: String,
    #[decimal(10)]
    hour: u32,
    host: u64,
}

fn data(name: &str) -> (String, String) {
    (
        name.to_string(),
        rowkey_testkit::golden::text(&format!("live/{name}")),
    )
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// The HBase fixture recounted by reading lines: each region's encoded name and keys from the
/// listing's `|` cells, its writes from the `/jmx` lines ending `_metric_writeRequestCount" : N,`.
fn hbase_recount() -> Vec<(Vec<u8>, Vec<u8>, f64)> {
    let mut writes = std::collections::HashMap::new();
    for f in ["hbase_jmx_rs1.json", "hbase_jmx_rs2.json"] {
        for line in data(f).1.lines() {
            let Some((name, n)) = line.trim().split_once("\" : ") else {
                continue;
            };
            if let Some(rest) = name.strip_prefix("\"Namespace_default_table_metrics_region_")
                && let Some(enc) = rest.strip_suffix("_metric_writeRequestCount")
            {
                writes.insert(
                    enc.to_string(),
                    n.trim_end_matches(',').parse::<f64>().unwrap(),
                );
            }
        }
    }
    data("hbase_list_regions.txt")
        .1
        .lines()
        .filter(|l| l.contains("metrics,"))
        .map(|l| {
            let c: Vec<&str> = l.split('|').map(str::trim).collect();
            let enc = &c[1][c[1].len() - 33..c[1].len() - 1];
            let key = |t: &str| rowkey::hbase::parse_string_binary(t).unwrap();
            (key(c[2]), key(c[3]), writes[enc])
        })
        .collect()
}

#[test]
fn hbase_jmx_and_list_regions_decode_into_the_key() {
    let (j1, t1) = data("hbase_jmx_rs1.json");
    let (j2, t2) = data("hbase_jmx_rs2.json");
    let (l, tl) = data("hbase_list_regions.txt");
    let heat = hbase::heat(&[(&j1, &t1), (&j2, &t2)], (&l, &tl), hbase::Requests::Write).unwrap();
    let recount = hbase_recount();
    assert_eq!(recount.len(), 6);
    let total: f64 = recount.iter().map(|r| r.2).sum();
    assert_eq!(heat.ranges.len(), recount.len());
    for (r, (start, end, load)) in heat.ranges.iter().zip(&recount) {
        assert_eq!((&r.start, &r.end, r.load), (start, end, *load));
    }
    let hot = heat.decode::<Point>();
    // The hottest: bucket 7's cpu.load from hour 10 to 11, as the boundaries decode.
    let from = Point::decode(&hot[0].start).unwrap();
    let to = Point::decode(&hot[0].end).unwrap();
    assert_eq!(
        (from.hour, to.hour, from.metric.as_str()),
        (10, 11, "cpu.load")
    );
    assert_eq!(
        hot[0].label,
        "bucket 7 of 16 · metric=\"cpu.load\" · hour=10 … 11"
    );
    assert!(close(hot[0].share, 9_300.0 / total), "{}", hot[0].share);
    for h in &hot {
        let (_, _, load) = recount.iter().find(|r| r.0 == h.start).unwrap();
        assert!(close(h.share, load / total));
    }
    // Partial boundaries (a salt bucket's first byte) decode as far as they go.
    let b4 = hot.iter().find(|h| h.start == [4]).unwrap();
    assert_eq!(
        b4.label,
        "bucket 4 of 16 … bucket 7 of 16 · metric=\"cpu.load\" · hour=10"
    );
    let listing = heat.listing::<Point>(2);
    assert_eq!(
        listing,
        "bucket 7 of 16 · metric=\"cpu.load\" · hour=10 … 11: 46.5% of write requests\n\
         bucket 7 of 16 · metric=\"cpu.load\" · hour=11 … bucket 8 of 16: 15.5% of write requests\n"
    );
    // Read requests: every region took 500.
    let reads = hbase::heat(&[(&j1, &t1), (&j2, &t2)], (&l, &tl), hbase::Requests::Read).unwrap();
    assert!(reads.ranges.iter().all(|r| r.load == 500.0));
}

#[test]
fn bigtable_hot_tablets_decode_into_the_key() {
    let (f, t) = data("bigtable_hot_tablets.json");
    let heat = bigtable::heat(&f, &t, None).unwrap();
    // Recount: the CPU of each (startKey, endKey), summed over the windows.
    let mut cpu: Vec<(String, String, f64)> = Vec::new();
    let doc: serde_json::Value = serde_json::from_str(&t).unwrap();
    for tablet in doc.as_array().unwrap() {
        let k = |n: &str| tablet[n].as_str().unwrap().to_string();
        let c = tablet["nodeCpuUsagePercent"].as_f64().unwrap();
        match cpu
            .iter_mut()
            .find(|e| e.0 == k("startKey") && e.1 == k("endKey"))
        {
            Some(e) => e.2 += c,
            None => cpu.push((k("startKey"), k("endKey"), c)),
        }
    }
    cpu.sort_by(|a, b| a.0.cmp(&b.0));
    let total: f64 = cpu.iter().map(|c| c.2).sum();
    assert_eq!(heat.ranges.len(), 3);
    for (r, (s, e, c)) in heat.ranges.iter().zip(&cpu) {
        assert_eq!(
            (r.start.as_slice(), r.end.as_slice()),
            (s.as_bytes(), e.as_bytes())
        );
        assert!(close(r.load, *c));
    }
    let hot = heat.decode::<Reading>();
    assert_eq!(
        hot[0].label,
        "bucket 7 of 16 · metric=\"cpu.load\" · hour=10 … 11"
    );
    assert!(close(hot[0].share, (62.5 + 58.0) / total));
    assert_eq!(
        heat.listing::<Reading>(1),
        "bucket 7 of 16 · metric=\"cpu.load\" · hour=10 … 11: 75.3% of the hot tablets' CPU\n"
    );
    // Another table's tablets are refused without --table, and chosen with it.
    let two = t.replacen("tables/readings", "tables/other", 1);
    let e = bigtable::heat(&f, &two, None).unwrap_err();
    // The first tablet of the second table named.
    assert_eq!(e.line, 18, "{e}");
    assert!(
        e.to_string()
            .contains("tablets of tables other and readings: say which"),
        "{e}"
    );
    assert_eq!(
        bigtable::heat(&f, &two, Some("other"))
            .unwrap()
            .ranges
            .len(),
        1
    );
}

#[test]
fn tikv_pd_regions_and_hot_peers_decode_into_the_key() {
    let (rf, rt) = data("pd_regions.json");
    let (hf, ht) = data("pd_hot_write.json");
    let heat = tikv::heat((&rf, &rt), None, tikv::Keys::Txn).unwrap();
    assert_eq!(heat.ranges.len(), 6);
    assert_eq!(heat.total(), 20_000.0);
    let hot = heat.decode::<Point>();
    assert_eq!(
        hot[0].label,
        "bucket 7 of 16 · metric=\"cpu.load\" · hour=10 … 11"
    );
    assert!(close(hot[0].share, 9_300.0 / 20_000.0));
    // The same regions as the HBase fixture's listing, once PD's keys are decoded.
    let hb: Vec<(Vec<u8>, Vec<u8>)> = hbase_recount().into_iter().map(|r| (r.0, r.1)).collect();
    let pd: Vec<(Vec<u8>, Vec<u8>)> = heat
        .ranges
        .iter()
        .map(|r| (r.start.clone(), r.end.clone()))
        .collect();
    assert_eq!(pd, hb);
    // With the hot leaders: their key rates (region 20: 15,550; region 30: 1,162).
    let heat = tikv::heat((&rf, &rt), Some((&hf, &ht)), tikv::Keys::Txn).unwrap();
    let hot = heat.decode::<Point>();
    assert!(close(hot[0].share, 15_550.0 / 16_712.0));
    assert!(close(hot[1].share, 1_162.0 / 16_712.0));
    assert_eq!(hot[2].load, 0.0);
    // Raw keys are taken as they are: PD's encoded bytes.
    let raw = tikv::heat((&rf, &rt), None, tikv::Keys::Raw).unwrap();
    assert_eq!(raw.ranges[1].start, [4, 0, 0, 0, 0, 0, 0, 0, 0xF8]);
}

#[test]
fn bad_input_names_the_file_and_line() {
    let (j1, t1) = data("hbase_jmx_rs1.json");
    let (j2, t2) = data("hbase_jmx_rs2.json");
    let (l, tl) = data("hbase_list_regions.txt");
    let w = hbase::Requests::Write;
    // One region server's /jmx only: the first region of the other is named with its line.
    let e = hbase::heat(&[(&j1, &t1)], (&l, &tl), w).unwrap_err();
    assert_eq!(e.to_string(), format!("{l}:5: region 5d41402abc4b2a76b9719d911017c592 has no writeRequestCount in the /jmx files: give every region server's"));
    // Broken JSON: serde's line.
    let broken = t1.replacen(
        "\"modelerType\" : \"RegionServer,sub=Regions\",",
        "\"modelerType\" : ,",
        1,
    );
    let e = hbase::heat(&[(&j1, &broken), (&j2, &t2)], (&l, &tl), w).unwrap_err();
    assert_eq!((e.file.as_str(), e.line), (j1.as_str(), 8), "{e}");
    // A count that is not a number.
    let text = t1.replacen(": 9300", ": \"many\"", 1);
    let e = hbase::heat(&[(&j1, &text), (&j2, &t2)], (&l, &tl), w).unwrap_err();
    assert_eq!(e.line, 21, "{e}");
    // A listing row with a bad key, and one with a `|` in a key.
    let bad = tl.replacen("| \\x08 ", "| \\xZZ ", 1);
    let e = hbase::heat(&[(&j1, &t1), (&j2, &t2)], (&l, &bad), w).unwrap_err();
    assert_eq!(e.line, 7, "{e}");
    let bad = tl.replacen("| \\x08 ", "| a|b ", 1);
    let e = hbase::heat(&[(&j1, &t1), (&j2, &t2)], (&l, &bad), w).unwrap_err();
    assert_eq!(e.line, 7, "{e}");
    assert!(e.message.contains("columns where the header has"), "{e}");
    // Not a listing at all.
    let e = hbase::heat(&[(&j1, &t1)], (&l, "hello\n"), w).unwrap_err();
    assert_eq!(e.line, 0);

    let (rf, rt) = data("pd_regions.json");
    let (hf, ht) = data("pd_hot_write.json");
    let bad = rt.replacen(
        "0800000000000000F8\",\n      \"end_key\"",
        "08000000000000F8\",\n      \"end_key\"",
        1,
    );
    let e = tikv::heat((&rf, &bad), None, tikv::Keys::Txn).unwrap_err();
    assert_eq!(e.line, 157, "{e}"); // region 40's `"id": 40`
    assert!(e.message.contains("not a memcomparable-encoded key"), "{e}");
    let bad = ht.replace("\"region_id\": 30", "\"region_id\": 31");
    let e = tikv::heat((&rf, &rt), Some((&hf, &bad)), tikv::Keys::Txn).unwrap_err();
    assert!(e.to_string().starts_with(&format!("{hf}:")), "{e}");
    let e = tikv::heat(
        (&rf, "{\"count\": 1, \"regions\": [{\"id\": \"x\"}]}"),
        None,
        tikv::Keys::Txn,
    )
    .unwrap_err();
    assert_eq!(e.line, 1, "{e}");

    let (bf, bt) = data("bigtable_hot_tablets.json");
    let bad = bt.replacen(
        "\"nodeCpuUsagePercent\": 21.0,",
        "\"nodeCpuUsagePercent\": \"high\",",
        1,
    );
    let e = bigtable::heat(&bf, &bad, None).unwrap_err();
    assert_eq!(e.line, 15, "{e}");
}

/// The simulator's regions and writes, written out as each store documents them (by simple
/// formatting here), read back by the importers: the same ranges, loads and listing.
#[test]
fn the_simulator_and_the_importers_give_the_same_picture() {
    let outcome = &Study::new(60_000, |i| i)
        .window(2_000)
        .split_writes(3_000)
        .design(Design::new("points", |&i: &u64| Point {
            metric: ["cpu.load", "mem.used", "disk.io"][(i % 3) as usize].to_string(),
            hour: (i / 5_000) as u32,
            // Hosts below 0x7C keep `|` out of the shell's listing of keys.
            host: (i.wrapping_mul(0x9E37_79B9) % 120) as u32,
        }))
        .run()
        .unwrap()[0];
    let starts = &outcome.run.regions.starts;
    let writes = &outcome.run.report.per_region;
    assert!(starts.len() > 10, "{}", starts.len());
    let simulated = LiveHeat::from_regions("simulation", "write requests", starts, writes).unwrap();
    let end = |i: usize| starts.get(i + 1).cloned().unwrap_or_default();

    // HBase: list_regions rows and one /jmx bean.
    let tsb = |k: &[u8]| rowkey::hbase::to_string_binary(k);
    let mut listing = String::from(" SERVER_NAME | REGION_NAME | START_KEY | END_KEY | SIZE | REQ | LOCALITY |\n --- | --- | --- | --- | --- | --- | --- |\n");
    let mut jmx = String::from(
        "{\"beans\": [{\"name\": \"Hadoop:service=HBase,name=RegionServer,sub=Regions\"",
    );
    for (i, s) in starts.iter().enumerate() {
        let enc = format!("{i:032x}");
        let _ = writeln!(
            listing,
            " rs{},16020,1 | metrics,{},1.{enc}. | {} | {} | 1 | 1 | 1.0 |",
            i % 3,
            tsb(s),
            tsb(s),
            tsb(&end(i))
        );
        let _ = write!(
            jmx,
            ", \"Namespace_default_table_metrics_region_{enc}_metric_writeRequestCount\": {}",
            writes[i]
        );
    }
    let _ = writeln!(listing, " {} rows", starts.len());
    jmx.push_str("}]}");
    let from_hbase = hbase::heat(
        &[("jmx", &jmx)],
        ("listing", &listing),
        hbase::Requests::Write,
    )
    .unwrap();

    // TiKV: PD's regions, keys memcomparable-encoded (an encoder written here).
    let encode = |k: &[u8]| -> String {
        if k.is_empty() {
            return String::new();
        }
        let mut out = Vec::new();
        for group in k.chunks(8) {
            let mut g = group.to_vec();
            g.resize(8, 0);
            out.extend(g);
            out.push(0xFF - (8 - group.len()) as u8);
        }
        if k.len().is_multiple_of(8) {
            out.extend([0; 8]);
            out.push(0xF7);
        }
        out.iter().map(|b| format!("{b:02X}")).collect()
    };
    let regions: Vec<String> = (0..starts.len())
        .map(|i| {
            format!(
                "{{\"id\": {}, \"start_key\": \"{}\", \"end_key\": \"{}\", \"written_keys\": {}}}",
                100 + i,
                encode(&starts[i]),
                encode(&end(i)),
                writes[i]
            )
        })
        .collect();
    let pd = format!(
        "{{\"count\": {}, \"regions\": [{}]}}",
        starts.len(),
        regions.join(", ")
    );
    let from_pd = tikv::heat(("pd", &pd), None, tikv::Keys::Txn).unwrap();

    for (name, heat) in [("hbase", &from_hbase), ("pd", &from_pd)] {
        assert_eq!(heat.ranges, simulated.ranges, "{name}");
        assert_eq!(
            heat.decode::<Point>(),
            simulated.decode::<Point>(),
            "{name}"
        );
    }
    // The hottest range is the busiest region, its share of the writes as recounted here.
    let top = &simulated.decode::<Point>()[0];
    let busiest = *writes.iter().max().unwrap() as f64;
    assert_eq!(top.share, busiest / writes.iter().sum::<u64>() as f64);
    // TiDB's Key Visualizer JSON of it parses, one value per range.
    let kv: serde_json::Value = serde_json::from_str(&from_pd.key_visualizer_json()).unwrap();
    assert_eq!(kv["keyAxis"].as_array().unwrap().len(), starts.len());
    let total: f64 = kv["values"]["written keys (PD's last heartbeat)"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .sum();
    assert_eq!(total, writes.iter().sum::<u64>() as f64);
}

/// The same for Bigtable: a text key (the hot-tablet API's keys are strings), every region
/// listed as a hot tablet with its writes as CPU.
#[test]
fn the_simulator_and_the_bigtable_importer_give_the_same_picture() {
    let outcome = &Study::new(40_000, |i| i)
        .window(2_000)
        .split_writes(3_000)
        .design(Design::new("readings", |&i: &u64| Reading {
            metric: ["cpu.load", "mem.used"][(i % 2) as usize].to_string(),
            hour: (i / 4_000) as u32,
            host: i.wrapping_mul(0x9E37_79B9) % 500,
        }))
        .run()
        .unwrap()[0];
    let starts = &outcome.run.regions.starts;
    let writes = &outcome.run.report.per_region;
    assert!(starts.len() > 5, "{}", starts.len());
    let simulated = LiveHeat::from_regions("simulation", "cpu", starts, writes).unwrap();
    let text = |k: &[u8]| String::from_utf8(k.to_vec()).unwrap();
    let tablets: Vec<String> = (0..starts.len())
        .map(|i| {
            let end = starts.get(i + 1).map_or(String::new(), |e| text(e));
            format!(
                "{{\"tableName\": \"projects/p/instances/i/tables/readings\", \"startKey\": \"{}\", \"endKey\": \"{end}\", \"nodeCpuUsagePercent\": {}}}",
                text(&starts[i]),
                writes[i]
            )
        })
        .collect();
    let json = format!("[{}]", tablets.join(",\n"));
    let from_bigtable = bigtable::heat("hot.json", &json, None).unwrap();
    assert_eq!(from_bigtable.ranges, simulated.ranges);
    assert_eq!(
        from_bigtable.decode::<Reading>(),
        simulated.decode::<Reading>()
    );
}

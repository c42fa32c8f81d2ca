//! Generates the fuzzer's layouts into `$OUT_DIR/layouts.rs` from `ROWKEY_FUZZ_SEED` and
//! `ROWKEY_FUZZ_LAYOUTS`. The first layouts put every kind of the table and every salt in at
//! least once; the rest are random.

mod emit;
mod kinds;
mod layout;

use rowkey_testkit::rng;

use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The seed CI uses.
const DEFAULT_SEED: u64 = 20_261_122;
/// Layouts per run in CI.
const DEFAULT_LAYOUTS: usize = 300;

fn env(name: &str) -> Option<u64> {
    println!("cargo:rerun-if-env-changed={name}");
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

fn main() {
    println!("cargo:rerun-if-changed=build");
    let seed = env("ROWKEY_FUZZ_SEED").unwrap_or(DEFAULT_SEED);
    let count = env("ROWKEY_FUZZ_LAYOUTS").map_or(DEFAULT_LAYOUTS, |n| n as usize);
    let binary = kinds::with_caps(kinds::binary());
    let text = kinds::with_caps(kinds::text());
    let phoenix = kinds::with_caps(kinds::phoenix());
    let bigtable = kinds::with_caps(kinds::bigtable());
    let hbase = kinds::with_caps(kinds::hbase_ordered());
    let fdb = kinds::with_caps(kinds::fdb_tuple());
    let all: Vec<&kinds::Kind> = binary
        .iter()
        .chain(&text)
        .chain(&phoenix)
        .chain(&bigtable)
        .chain(&hbase)
        .chain(&fdb)
        .collect();
    // Coverage: every kind anywhere; then every kind that can be wrapped in an Option as the
    // first field (split points, leading tags); then every kind that can take #[desc] last.
    let mut forced: Vec<layout::Must> = all.iter().map(|k| ((*k).clone(), None)).collect();
    forced.extend(
        binary
            .iter()
            .filter(|k| k.option)
            .map(|k| (k.option(), Some(0))),
    );
    forced.extend(
        binary
            .iter()
            .filter(|k| k.desc)
            .map(|k| (k.desc(), Some(usize::MAX))),
    );
    // Phoenix: every column type DESC (last, where the trailing FF goes), every nullable one
    // ASC and DESC in the middle.
    forced.extend(phoenix.iter().map(|k| (k.desc(), Some(usize::MAX))));
    forced.extend(
        phoenix
            .iter()
            .filter(|k| k.option)
            .flat_map(|k| [(k.option(), Some(0)), (k.desc().option(), Some(1))]),
    );
    // Bigtable: every field type DESC, first and last (a DESC field always has its separator).
    forced.extend(
        bigtable
            .iter()
            .flat_map(|k| [(k.desc(), Some(0)), (k.desc(), Some(usize::MAX))]),
    );
    // HBase: every ordered type DESC last; every nullable one ASC and DESC first (last for a
    // member that only goes last).
    forced.extend(
        hbase
            .iter()
            .filter(|k| k.desc)
            .map(|k| (k.desc(), Some(usize::MAX))),
    );
    forced.extend(hbase.iter().filter(|k| k.option).flat_map(|k| {
        let o = k.option();
        let od = if k.desc { o.desc() } else { o.clone() };
        [(o, Some(0)), (od, Some(0))]
    }));
    // A DESC VARCHAR/VARBINARY is ordered or not by the table's flag, drawn per layout: four
    // more of each, at the start, the middle and the end.
    forced.extend(
        phoenix
            .iter()
            .filter(|k| k.variable_phoenix)
            .flat_map(|k| [Some(0), None, Some(1), Some(usize::MAX)].map(|at| (k.desc(), at))),
    );
    // FoundationDB: every element type, and each as the null-able first and last field.
    forced.extend(
        fdb.iter()
            .filter(|k| k.option)
            .flat_map(|k| [(k.option(), Some(0)), (k.option(), Some(usize::MAX))]),
    );
    // Room for random layouts after the forced ones (salt x encoding coverage).
    let count = count.max(forced.len() + 60);
    let tables = layout::Tables {
        binary: binary.clone(),
        text: text.clone(),
        phoenix: phoenix.clone(),
        bigtable: bigtable.clone(),
        hbase: hbase.clone(),
        fdb: fdb.clone(),
    };
    let mut rng = rng::Rng::new(seed);
    let mut out = String::new();
    let mut coverage: BTreeMap<String, usize> = BTreeMap::new();
    let mut names = Vec::new();
    // Pairs for the mid-move read: a twin for every fourth layout that can have one, with a
    // random source of its own (the layouts stay those of the seed).
    let mut twin_rng = rng::Rng::new(seed ^ 0x7717);
    let mut pairs = Vec::new();
    // The salt each binary or text twin tries first, in turn (md5 buckets, none, random,
    // xxh3 buckets, phoenix, an alphabet, java_hash, opentsdb: `layout::SALT_KINDS`), so that
    // every kind a pair can move to is drawn whatever the seed; then random.
    const TWIN_SALTS: [usize; 8] = [2, 0, 4, 6, 3, 5, 7, 8];
    let mut twin_turn = 0;
    let mut random_salted: Vec<String> = Vec::new();
    for i in 0..count {
        let must = forced.get(i);
        // Every salt kind in turn over the forced layouts, so that each encoding's run of
        // forced kinds meets every salt whatever the seed.
        let salt = (i < forced.len().max(8 * layout::SALT_KINDS)).then_some(i % layout::SALT_KINDS);
        let mut l = layout::layout(&mut rng, i, &tables, must, salt);
        // One layout in eight without its scan builder (never one of the pairs, i % 4 == 1):
        // every other property holds as with it.
        if i % 8 == 6 {
            l.scan = false;
            *coverage.entry("scan = false".into()).or_default() += 1;
        }
        for f in &l.fields {
            *coverage.entry(f.kind.name.clone()).or_default() += 1;
        }
        let salt_name = l.salt.as_ref().map_or("no salt", |s| s.name());
        let encoding = match l.encoding {
            kinds::Encoding::Binary => "binary",
            kinds::Encoding::Text => "text",
            kinds::Encoding::Phoenix => "phoenix",
            kinds::Encoding::Bigtable => "bigtable",
            kinds::Encoding::HbaseOrdered => "hbase_ordered",
            kinds::Encoding::FdbTuple => "fdb_tuple",
        };
        *coverage
            .entry(format!("salt: {salt_name}, {encoding}"))
            .or_default() += 1;
        out.push_str(&emit::emit(&l));
        if salt_name.starts_with("random") {
            random_salted.push(l.name.clone());
        }
        let prefer = (i % 4 == 1
            && matches!(l.encoding, kinds::Encoding::Binary | kinds::Encoding::Text))
        .then(|| {
            twin_turn += 1;
            TWIN_SALTS[(twin_turn - 1) % TWIN_SALTS.len()]
        });
        if i % 4 == 1
            && let Some(t) = layout::twin(&mut twin_rng, &l, prefer)
        {
            let salt = |l: &layout::Layout| l.salt.as_ref().map_or("no salt", |s| s.name());
            *coverage
                .entry(format!("pair: {} -> {}", salt(&l), salt(&t)))
                .or_default() += 1;
            out.push_str(&emit::emit_pair(&l, &t));
            pairs.push(l.name.clone());
        }
        names.push(l.name);
    }
    let mut head = String::new();
    let _ = writeln!(
        head,
        "/// The seed the layouts were generated from.\npub const SEED: u64 = {seed};"
    );
    let _ = writeln!(
        head,
        "/// Kinds of the table (binary, text, Phoenix, Bigtable, HBase Struct, then FoundationDB tuple)."
    );
    let kinds: Vec<String> = all.iter().map(|k| format!("{:?}", k.name)).collect();
    let _ = writeln!(head, "pub const KINDS: &[&str] = &[{}];", kinds.join(", "));
    let _ = writeln!(
        head,
        "/// How often each kind and salt appears in the layouts."
    );
    let cov: Vec<String> = coverage
        .iter()
        .map(|(k, n)| format!("({k:?}, {n})"))
        .collect();
    let _ = writeln!(
        head,
        "pub const COVERAGE: &[(&str, usize)] = &[{}];",
        cov.join(", ")
    );
    let _ = writeln!(head, "/// Every layout's checker, with its name.");
    let runs: Vec<String> = names
        .iter()
        .map(|n| format!("({n:?}, rowkey_fuzz::check::<{n}> as fn(&rowkey_fuzz::Config) -> Result<rowkey_fuzz::Stats, String>)"))
        .collect();
    let _ = writeln!(
        head,
        "pub const LAYOUTS: &[(&str, fn(&rowkey_fuzz::Config) -> Result<rowkey_fuzz::Stats, String>)] = &[{}];\n",
        runs.join(",\n    ")
    );
    let _ = writeln!(
        head,
        "/// The layouts whose salt is random (a bucket drawn at each encode).\npub const RANDOM_SALTED: &[&str] = &{random_salted:?};\n"
    );
    let _ = writeln!(
        head,
        "/// Every pair's dual-read checker, with the old layout's name."
    );
    let pair_runs: Vec<String> = pairs
        .iter()
        .map(|n| format!("({n:?}, rowkey_fuzz::check_pair::<{n}> as fn(&rowkey_fuzz::Config) -> Result<rowkey_fuzz::Stats, String>)"))
        .collect();
    let _ = writeln!(
        head,
        "pub const PAIRS: &[(&str, fn(&rowkey_fuzz::Config) -> Result<rowkey_fuzz::Stats, String>)] = &[{}];\n",
        pair_runs.join(",\n    ")
    );
    let path = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("layouts.rs");
    std::fs::write(path, head + &out).expect("write layouts.rs");
}

//! The property driver: everything the README promises about a key layout, checked on one
//! generated layout.

use core::cmp::Ordering;
use core::fmt::Debug;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use rowkey::hbase::ScanPlanExt;
use rowkey::{DecodeError, EncodeError, MAX_ROW_LENGTH};

use crate::generated::same_key;
pub use crate::generated::{Fuzz, Query};
use crate::rng::{mix, Rng};
use crate::values::Values;

/// How long to run.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    /// The seed of the values (the layouts have their own, at build time).
    pub seed: u64,
    /// Multiplies keys, decode inputs and queries per layout.
    pub cases: usize,
}

impl Config {
    /// From `ROWKEY_FUZZ_CASES` (default 1) and the layouts' seed.
    pub fn from_env(seed: u64) -> Self {
        let cases = std::env::var("ROWKEY_FUZZ_CASES")
            .ok()
            .and_then(|c| c.parse().ok())
            .unwrap_or(1usize)
            .max(1);
        Config { seed, cases }
    }
}

/// What one run checked.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stats {
    /// Layouts checked.
    pub layouts: usize,
    /// Keys generated.
    pub keys: usize,
    /// Keys `encode` refused, each checked against the layout's rules.
    pub refused: usize,
    /// Successful round trips.
    pub round_trips: usize,
    /// Pairs of keys whose byte order was checked against the logical order.
    pub ordered_pairs: usize,
    /// Hostile inputs given to `decode` (and `explain`).
    pub decode_inputs: usize,
    /// Of those, inputs `decode` accepted (each checked canonical).
    pub decoded: usize,
    /// Scan plans checked against a brute-force filter.
    pub plans: usize,
    /// Plans expected to fail (a bound the field refuses).
    pub plan_errors: usize,
    /// Rows the plans returned.
    pub rows: usize,
    /// Split point sets checked (ascending, reachable).
    pub splits: usize,
    /// Bigtable keys read back through their declared schema alone.
    pub schema_reads: usize,
    /// Keys and inputs the layout run from its text form encoded, decoded and explained as the
    /// derived key does.
    pub dynamic: usize,
    /// Edits of the layout (swap, remove, invert, rename) whose compatibility verdict was
    /// checked against brute force over the layout's keys, witnesses replayed.
    pub evolutions: usize,
    /// Keys breaking two rules at once (a refused field in a key over the row limit), each
    /// checked to fail with the field's error on every path.
    pub two_rules: usize,
}

impl Stats {
    /// Adds another run's counts.
    pub fn add(&mut self, o: &Stats) {
        self.layouts += o.layouts;
        self.keys += o.keys;
        self.refused += o.refused;
        self.round_trips += o.round_trips;
        self.ordered_pairs += o.ordered_pairs;
        self.decode_inputs += o.decode_inputs;
        self.decoded += o.decoded;
        self.plans += o.plans;
        self.plan_errors += o.plan_errors;
        self.rows += o.rows;
        self.splits += o.splits;
        self.schema_reads += o.schema_reads;
        self.dynamic += o.dynamic;
        self.evolutions += o.evolutions;
        self.two_rules += o.two_rules;
    }
}

impl core::fmt::Display for Stats {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} layouts, {} keys ({} refused as documented), {} round trips, {} ordered pairs, \
             {} decode inputs ({} decoded, all canonical), {} scan plans ({} expected errors, \
             {} rows), {} split point sets, {} Bigtable keys read through their schema, {} keys \
             and inputs run from the layout's text as the derived key runs them, {} edits \
             judged against brute force, {} keys breaking two rules",
            self.layouts,
            self.keys,
            self.refused,
            self.round_trips,
            self.ordered_pairs,
            self.decode_inputs,
            self.decoded,
            self.plans,
            self.plan_errors,
            self.rows,
            self.splits,
            self.schema_reads,
            self.dynamic,
            self.evolutions,
            self.two_rules
        )
    }
}

thread_local! {
    /// What the driver was doing, for a panic report.
    static DOING: RefCell<String> = const { RefCell::new(String::new()) };
}

fn doing(what: impl FnOnce() -> String) {
    DOING.with(|d| *d.borrow_mut() = what());
}

/// Checks one layout; on failure, a report with the layout and the failing values.
pub fn check<K: Fuzz>(cfg: &Config) -> Result<Stats, String> {
    let result = catch_unwind(AssertUnwindSafe(|| run::<K>(cfg)));
    let report = |what: String| {
        format!(
            "layout {} (ROWKEY_FUZZ_SEED / ROWKEY_FUZZ_ONLY={} reproduce it):\n{}\n{what}",
            K::NAME,
            K::NAME,
            K::SOURCE
        )
    };
    match result {
        Ok(Ok(stats)) => Ok(stats),
        Ok(Err(msg)) => Err(report(msg)),
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            let at = DOING.with(|d| d.borrow().clone());
            Err(report(format!("PANIC: {msg}\nwhile: {at}")))
        }
    }
}

macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(format!($($msg)+));
        }
    };
}

fn run<K: Fuzz>(cfg: &Config) -> Result<Stats, String> {
    let mut st = Stats {
        layouts: 1,
        ..Stats::default()
    };
    let seed = mix(&[cfg.seed, name_hash(K::NAME)]);
    // A random salt's buckets from the seed too, so that a seed reproduces every byte.
    rowkey::salt::seed_random(seed);
    let d = crate::dynamic::key::<K>()?;
    let mut v = Values::new(seed, 6);
    let mut keys: Vec<(K, Vec<u8>)> = Vec::new();
    let mut refused: Vec<K> = Vec::new();
    for i in 0..48 * cfg.cases {
        // Mostly pooled values (shared prefixes, ties), a quarter fresh ones.
        let k = if i % 4 == 3 {
            K::generate(&mut Values::new(v.rng().next_u64(), 0))
        } else {
            K::generate(&mut v)
        };
        match encode_checked(&k, &d, &mut st)? {
            Some(bytes) => keys.push((k, bytes)),
            None if k.refused_field().is_some() && refused.len() < 8 => refused.push(k),
            None => {}
        }
    }
    // A few keys with long parts (explain, lengths, the row limit).
    let mut long = Vec::new();
    for _ in 0..3 * cfg.cases {
        let k = K::generate(&mut Values::long(v.rng().next_u64()));
        if let Some(bytes) = encode_checked(&k, &d, &mut st)? {
            keys.push((k.clone(), bytes));
        }
        long.push(k);
    }
    two_rules(&long, &refused, &keys, &d, &mut st)?;
    // Edits of the layout, judged, against brute force over these keys.
    doing(|| "the compatibility judge on edits of the layout".to_string());
    let valued: Vec<_> = keys.iter().map(|(k, b)| (k.values(), b.clone())).collect();
    st.evolutions += crate::evolve::check(&d, &valued, seed)?;
    // The documented widths are the key's constants, and the longest key reaches MAX_LEN.
    if let Some(n) = K::SAME_WIDTH {
        ensure!(
            K::FIXED_LEN == Some(n),
            "every key is {n} bytes, but FIXED_LEN is {:?}",
            K::FIXED_LEN
        );
    }
    if let Some(n) = K::MOST {
        ensure!(
            K::MAX_LEN == Some(n),
            "the longest key is {n} bytes, but MAX_LEN is {:?}",
            K::MAX_LEN
        );
        let longest = K::longest().ok_or("MOST without a longest key")?;
        match encode_checked(&longest, &d, &mut st)? {
            Some(bytes) => {
                ensure!(
                    bytes.len() == n,
                    "the longest key {longest:?} encoded to {} bytes, not {n}",
                    bytes.len()
                );
                keys.push((longest, bytes));
            }
            None => return Err(format!("the longest key {longest:?} was refused")),
        }
    }
    for (k, bytes) in &keys {
        round_trip(k, bytes, &mut st)?;
        crate::dynamic::decode::<K>(&d, bytes)?;
        schema_read(k, bytes, &mut st)?;
    }
    order(&keys, &mut st)?;
    decode_hostile(&keys, &d, v.rng(), cfg, &mut st)?;
    scans(&keys, &mut v, cfg, &mut st)?;
    splits::<K>(&mut Values::new(mix(&[seed, 1]), 0), cfg, &mut st)?;
    Ok(st)
}

/// A Bigtable key reads back through its declared schema alone as the values it holds.
fn schema_read<K: Fuzz>(k: &K, bytes: &[u8], st: &mut Stats) -> Result<(), String> {
    let Some((schema, want)) = k.bigtable() else {
        return Ok(());
    };
    doing(|| format!("reading {bytes:02x?} through the schema {schema:?}"));
    let got = crate::schema::read(&schema, bytes)
        .map_err(|e| format!("{k:?} encodes to {bytes:02x?}, which its schema cannot read: {e}"))?;
    ensure!(
        got == want,
        "{k:?} encodes to {bytes:02x?}, which its schema reads as {got:?}"
    );
    st.schema_reads += 1;
    Ok(())
}

pub(crate) fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// An error's field is the salt or one of `fields` (or none).
fn field_ok(fields: &[&str], field: Option<&str>) -> bool {
    field.is_none_or(|f| f == "salt" || fields.contains(&f))
}

/// `encode` accepts exactly what the layout's rules accept; errors name a field of the layout;
/// lengths match `encoded_len`, `FIXED_LEN`, `MAX_LEN`; `encode_into` appends the same bytes
/// and leaves the buffer alone on error.
fn encode_checked<K: Fuzz>(
    k: &K,
    d: &rowkey::layout::DynamicKey,
    st: &mut Stats,
) -> Result<Option<Vec<u8>>, String> {
    st.keys += 1;
    doing(|| format!("encode of {k:?}"));
    let accepts = k.accepts();
    let result = k.encode();
    crate::dynamic::encode(d, k, &result)?;
    st.dynamic += 1;
    // A buffer without room (a key of at most 64 bytes built on the stack and appended,
    // another written in place at its length) and one with 256 bytes of room, more than the
    // runtime asks of either (such a key is written straight into it, another tried in 128
    // bytes of its spare capacity): every path of `encode_into`.
    for room in [0, 256] {
        let mut buf = Vec::with_capacity(2 + room);
        buf.extend_from_slice(&[9u8, 9]);
        let into = k.encode_into(&mut buf);
        match (&result, &into) {
            (Ok(b), Ok(())) => ensure!(
                buf[..2] == [9, 9] && same_key::<K>(&buf[2..], b),
                "encode_into (room for {room} more) wrote {:02x?}, encode {:02x?}, for {k:?}",
                &buf[2..],
                b
            ),
            (Err(a), Err(b)) => {
                ensure!(
                    a == b,
                    "encode and encode_into (room for {room} more) disagree: {a:?} vs {b:?} \
                     for {k:?}"
                );
                ensure!(
                    buf == [9, 9],
                    "encode_into (room for {room} more) changed the buffer on error for {k:?}"
                );
            }
            _ => {
                return Err(format!(
                    "encode {result:?} but encode_into (room for {room} more) {into:?} for {k:?}"
                ))
            }
        }
    }
    match result {
        Ok(bytes) => {
            ensure!(
                accepts,
                "encode accepted {k:?}, which the layout's rules refuse: {bytes:02x?}"
            );
            ensure!(
                bytes.len() == k.encoded_len(),
                "encoded_len {} but encode wrote {} bytes for {k:?}",
                k.encoded_len(),
                bytes.len()
            );
            ensure!(
                bytes.len() <= MAX_ROW_LENGTH,
                "a key of {} bytes was encoded",
                bytes.len()
            );
            if let Some(n) = K::FIXED_LEN {
                ensure!(
                    bytes.len() == n,
                    "FIXED_LEN is {n} but {k:?} encoded to {} bytes",
                    bytes.len()
                );
            }
            if let Some(n) = K::MAX_LEN {
                ensure!(
                    bytes.len() <= n,
                    "MAX_LEN is {n} but {k:?} encoded to {} bytes",
                    bytes.len()
                );
            }
            Ok(Some(bytes))
        }
        Err(EncodeError::KeyTooLong { len, max }) => {
            st.refused += 1;
            ensure!(
                k.refused_field().is_none(),
                "KeyTooLong for {k:?}, whose field {:?} the layout's rules refuse: a field's \
                 error comes before the key's length",
                k.refused_field()
            );
            ensure!(
                len > max && max == MAX_ROW_LENGTH,
                "KeyTooLong {{ len: {len}, max: {max} }} for {k:?}"
            );
            ensure!(
                len == k.encoded_len(),
                "KeyTooLong says {len} bytes, encoded_len {}",
                k.encoded_len()
            );
            Ok(None)
        }
        Err(e) => {
            st.refused += 1;
            ensure!(
                !accepts,
                "encode refused {k:?}, which the layout's rules accept: {e}"
            );
            ensure!(
                field_ok(K::FIELDS, e.field()),
                "error {e:?} names no field of the layout"
            );
            if let Some(first) = k.refused_field() {
                ensure!(
                    e.field() == Some(first),
                    "{e:?} for {k:?}, whose first refused field (in key order) is {first}"
                );
            }
            ensure!(!e.to_string().is_empty(), "empty message for {e:?}");
            Ok(None)
        }
    }
}

/// Keys breaking two rules at once: each long key (often over the row limit) with one field
/// taken from a key whose field the rules refuse. Every path fails with the same error, the
/// refused field's (fields first, in key order, then the key's length): `encode`,
/// `encode_into` and the layout run from its description (in [`encode_checked`]), a
/// `Subspace`, and the migration's conversion of a row into the key.
fn two_rules<K: Fuzz>(
    long: &[K],
    refused: &[K],
    keys: &[(K, Vec<u8>)],
    d: &rowkey::layout::DynamicKey,
    st: &mut Stats,
) -> Result<(), String> {
    let subspace = rowkey::Subspace::new(b"tenant\x00".to_vec());
    for l in long {
        // Counted when the long key alone is over the row limit (the second rule); every
        // splice is checked.
        let too_long = matches!(l.encode(), Err(EncodeError::KeyTooLong { .. }));
        for b in refused {
            let Some(bad) = b.refused_field() else {
                continue;
            };
            let i = K::FIELDS
                .iter()
                .position(|f| *f == bad)
                .ok_or("no such field")?;
            let k = l.with_field_of(b, i);
            let Some(first) = k.refused_field() else {
                continue;
            };
            st.two_rules += usize::from(too_long);
            doing(|| format!("a key breaking two rules: {k:?}"));
            ensure!(
                encode_checked(&k, d, st)?.is_none(),
                "encode accepted {k:?}, whose field {first} the rules refuse"
            );
            let e = k.encode().err().ok_or("no error")?;
            let under = subspace.encode(&k);
            ensure!(
                under.as_ref().err() == Some(&e),
                "encode says {e:?}, the same key under a Subspace {under:02x?}, for {k:?}"
            );
            if let Some((_, row)) = keys.first() {
                let converted = rowkey::migrate::convert_key(row, 0, |_: K| k.clone());
                ensure!(
                    matches!(&converted, Err(r) if r.error == rowkey::migrate::ConvertError::Encode(e.clone())),
                    "encode says {e:?}, the migration's conversion into the key {converted:02x?}, for {k:?}"
                );
            }
        }
    }
    Ok(())
}

/// `decode(encode(x)) == x`, and `explain` shows every part.
fn round_trip<K: Fuzz>(k: &K, bytes: &[u8], st: &mut Stats) -> Result<(), String> {
    doing(|| format!("decode of {bytes:02x?} (encoded {k:?})"));
    let back = K::decode(bytes)
        .map_err(|e| format!("decode of the encoding of {k:?} failed: {e}\nbytes {bytes:02x?}"))?;
    ensure!(
        back.key_cmp(k) == Ordering::Equal && format!("{back:?}") == format!("{k:?}"),
        "round trip: {k:?} came back as {back:?}"
    );
    st.round_trips += 1;
    doing(|| format!("explain of {bytes:02x?}"));
    let text = K::explain(bytes);
    for f in K::FIELDS {
        ensure!(
            text.lines().any(|l| l.starts_with(f)),
            "explain shows no line for `{f}`:\n{text}"
        );
    }
    ensure!(
        !text.contains("error"),
        "explain reports an error on a valid key:\n{text}"
    );
    Ok(())
}

/// Byte order after the salt equals the documented logical order, for every pair.
fn order<K: Fuzz>(keys: &[(K, Vec<u8>)], st: &mut Stats) -> Result<(), String> {
    let after_salt: Vec<&[u8]> = keys.iter().map(|(_, b)| &b[K::SKIP..]).collect();
    for w in sorted_by_bytes(&after_salt).windows(2) {
        let (a, b) = (&keys[w[0]], &keys[w[1]]);
        let bytes = a.1[K::SKIP..].cmp(&b.1[K::SKIP..]);
        let logical = a.0.key_cmp(&b.0);
        // With a raw string, keys equal up to it are in no promised order after it.
        let partial = K::ORDERED < K::FIELDS.len() && bytes.is_lt() && logical.is_eq();
        ensure!(
            bytes == logical || partial,
            "order: {:?} vs {:?} is {logical:?} but their bytes compare {bytes:?}\n{:02x?}\n{:02x?}",
            a.0, b.0, a.1, b.1
        );
    }
    st.ordered_pairs += keys.len() * keys.len().saturating_sub(1) / 2;
    Ok(())
}

/// The indexes of `bytes` in byte order, ties in their order (a stable sort: one copy of it for
/// every layout).
fn sorted_by_bytes(bytes: &[&[u8]]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..bytes.len()).collect();
    order.sort_by(|&a, &b| bytes[a].cmp(bytes[b]));
    order
}

/// Mutated, truncated, concatenated, random and oversized bytes: decode never panics, errors
/// name a field and an offset inside the key, an accepted input is canonical and valid, and
/// `explain` never panics.
fn decode_hostile<K: Fuzz>(
    keys: &[(K, Vec<u8>)],
    d: &rowkey::layout::DynamicKey,
    rng: &mut Rng,
    cfg: &Config,
    st: &mut Stats,
) -> Result<(), String> {
    let encoded: Vec<&[u8]> = keys.iter().map(|(_, b)| b.as_slice()).collect();
    let inputs = hostile_inputs(&encoded, rng, cfg);
    for input in &inputs {
        st.decode_inputs += 1;
        doing(|| format!("decode of {input:02x?}"));
        match K::decode(input) {
            Ok(x) => {
                st.decoded += 1;
                ensure!(
                    x.accepts(),
                    "decode of {input:02x?} gave {x:?}, which encode refuses"
                );
                let again = x.encode().map_err(|e| {
                    format!("decode of {input:02x?} gave {x:?}, which encode refuses: {e}")
                })?;
                ensure!(same_key::<K>(&again, input), "decode is not canonical: {input:02x?} decodes to {x:?}, which encodes to {again:02x?}");
            }
            Err(e) => check_decode_error(K::FIELDS, &e, input)?,
        }
        // Without the salt check: the same fields (canonical after the salt), never a panic.
        doing(|| format!("decode_unverified of {input:02x?}"));
        match (K::decode_unverified(input), K::decode(input)) {
            (Ok(x), verified) => {
                let again = x.encode().map_err(|e| {
                    format!(
                        "decode_unverified of {input:02x?} gave {x:?}, which encode refuses: {e}"
                    )
                })?;
                ensure!(again.len() == input.len() && again[K::SKIP..] == input[K::SKIP..],
                    "decode_unverified is not canonical after the salt: {input:02x?} gives {x:?}, encoded {again:02x?}");
                if let Ok(v) = verified {
                    ensure!(
                        v.key_cmp(&x).is_eq(),
                        "decode and decode_unverified disagree on {input:02x?}"
                    );
                }
            }
            (Err(e), Ok(v)) => {
                return Err(format!(
                    "decode accepts {input:02x?} ({v:?}) but decode_unverified refuses it: {e}"
                ))
            }
            (Err(e), Err(_)) => check_decode_error(K::FIELDS, &e, input)?,
        }
        doing(|| format!("explain of {input:02x?}"));
        let _ = K::explain(input);
        doing(|| format!("the layout run from its description, on {input:02x?}"));
        crate::dynamic::decode::<K>(d, input)?;
        st.dynamic += 1;
    }
    Ok(())
}

/// The hostile inputs made from a layout's encoded `keys`: every prefix (or random cuts of a
/// long key), mutations (a byte set to `00`, `01`, `FF`, flipped or random; a byte inserted or
/// removed; the next key appended; a `00`, `01`, `FF` or `:` appended), random bytes, and two
/// inputs over the row limit.
fn hostile_inputs(keys: &[&[u8]], rng: &mut Rng, cfg: &Config) -> Vec<Vec<u8>> {
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for (i, b) in keys.iter().enumerate().take(32 * cfg.cases) {
        if b.len() <= 40 {
            inputs.extend((0..b.len()).map(|n| b[..n].to_vec()));
        } else {
            inputs.extend((0..8).map(|_| b[..rng.index(b.len())].to_vec()));
        }
        for _ in 0..10 {
            let mut m = b.to_vec();
            match rng.below(6) {
                0 | 1 if !m.is_empty() => {
                    let at = rng.index(m.len());
                    m[at] = match rng.below(5) {
                        0 => 0x00,
                        1 => 0x01,
                        2 => 0xFF,
                        3 => m[at] ^ 1,
                        _ => rng.byte(),
                    };
                }
                2 => {
                    let at = rng.index(m.len() + 1);
                    m.insert(at, rng.byte());
                }
                3 if !m.is_empty() => {
                    m.remove(rng.index(m.len()));
                }
                4 => m.extend_from_slice(keys[(i + 1) % keys.len()]),
                _ => m.push(rng.pick(&[0x00, 0x01, 0xFF, b':'])),
            }
            inputs.push(m);
        }
    }
    for _ in 0..16 * cfg.cases {
        let len = rng.index(48);
        inputs.push((0..len).map(|_| rng.byte()).collect());
    }
    inputs.push(vec![b'1'; MAX_ROW_LENGTH + 1]);
    if let Some(b) = keys.first() {
        let mut big = b.to_vec();
        big.resize(MAX_ROW_LENGTH + 7, 0);
        inputs.push(big);
    }
    inputs
}

/// A decode error names a field of the layout (of `fields`, or the salt) and an offset inside
/// the input (or the row limit), with a message.
fn check_decode_error(fields: &[&str], e: &DecodeError, input: &[u8]) -> Result<(), String> {
    ensure!(
        field_ok(fields, e.field()),
        "decode error {e:?} names no field of the layout"
    );
    ensure!(
        e.offset() <= input.len().max(MAX_ROW_LENGTH),
        "decode error {e:?} points past the key ({} bytes)",
        input.len()
    );
    ensure!(!e.to_string().is_empty(), "empty message for {e:?}");
    Ok(())
}

/// Plans read from a sorted map equal a brute-force filter, merged in key order, reversed,
/// limited (row by row and by `fold`); `contains` agrees; points hold at most one row. What
/// depends on the layout (its keys, its query, which rows the query wants) is worked out here;
/// the plan is checked by [`check_plan`], which is not generic: one copy of the merges and
/// filters for every layout rather than one per layout.
fn scans<K: Fuzz>(
    keys: &[(K, Vec<u8>)],
    v: &mut Values,
    cfg: &Config,
    st: &mut Stats,
) -> Result<(), String> {
    // One row per logical key (a random salt is drawn once, as a writer would): its bytes and
    // its key's index in `keys` (no map of `K`: one map type for every layout).
    let mut store: BTreeMap<Vec<u8>, usize> = BTreeMap::new();
    let mut seen = std::collections::BTreeSet::new();
    for (i, (_, b)) in keys.iter().enumerate() {
        if seen.insert(b[K::SKIP..].to_vec()) {
            store.insert(b.clone(), i);
        }
    }
    let distinct: Vec<K> = store.values().map(|&i| keys[i].0.clone()).collect();
    let describe = |b: &[u8]| {
        store
            .get(b)
            .map_or_else(String::new, |&i| format!("{:?}", keys[i].0))
    };
    for _ in 0..24 * cfg.cases {
        doing(|| "a scan plan".to_string());
        let q = K::query(v, &distinct);
        st.plans += 1;
        let plan = match (q.plan, q.valid) {
            (Err(EncodeError::ReversedRange { field, .. }), true) if q.reversed == Some(field) => {
                st.plan_errors += 1;
                continue;
            }
            (result, true) if q.reversed.is_some() => {
                return Err(format!(
                    "{}: the range runs backwards, but the plan is {result:?}",
                    q.what
                ))
            }
            (Err(e), false) => {
                st.plan_errors += 1;
                ensure!(
                    field_ok(K::FIELDS, e.field()),
                    "{}: error {e:?} names no field",
                    q.what
                );
                continue;
            }
            (Ok(p), false) => {
                return Err(format!(
                    "{}: a bound the field refuses, but the plan is {p:?}",
                    q.what
                ))
            }
            (Err(e), true) => return Err(format!("{}: the plan failed: {e}", q.what)),
            (Ok(p), true) => p,
        };
        let rows: BTreeMap<Vec<u8>, bool> = store
            .iter()
            .map(|(b, &i)| (b.clone(), (q.want)(&keys[i].0)))
            .collect();
        let table = Table {
            rows: &rows,
            skip: K::SKIP,
            hash_prefix: K::HASH_PREFIX,
            describe: &describe,
        };
        check_plan(&table, &q.what, &plan, q.full, v, st)?;
    }
    Ok(())
}

/// The rows of a layout's table, for [`check_plan`]: each row's bytes and whether the query
/// wants it, how many salt bytes lead, and the key of a row, for messages.
struct Table<'a> {
    rows: &'a BTreeMap<Vec<u8>, bool>,
    /// Bytes in front of the ordered part.
    skip: usize,
    /// An md5 prefix salt: a full scan returns rows in hash order.
    hash_prefix: bool,
    describe: &'a dyn Fn(&[u8]) -> String,
}

/// One plan over `table`: the merged rows equal the rows the query wants, in key order, each
/// once; `matches`, HBase's `MultiRowRangeFilter` and its filter string agree with the ranges;
/// a point plan returns at most a row per key; reversed, limited and folded merges agree.
fn check_plan(
    table: &Table<'_>,
    what: &str,
    plan: &rowkey::ScanPlan,
    full: bool,
    v: &mut Values,
    st: &mut Stats,
) -> Result<(), String> {
    let store = table.rows;
    doing(|| format!("{what}: {plan:?}"));
    let streams = rowkey_testkit::scan::read_ranges(store, plan);
    let merged: Vec<Vec<u8>> = plan
        .merge(streams.iter().map(|s| s.clone().into_iter()))
        .collect();
    st.rows += merged.len();
    let skip = if full && table.hash_prefix {
        0
    } else {
        table.skip
    };
    for w in merged.windows(2) {
        ensure!(
            w[0][skip..] < w[1][skip..],
            "{what}: merge out of order or repeated: {:02x?} then {:02x?}\nplan {plan:?}",
            w[0],
            w[1]
        );
    }
    let mut got: Vec<&[u8]> = merged.iter().map(|k| &k[table.skip..]).collect();
    got.sort();
    let mut want: Vec<&[u8]> = store
        .iter()
        .filter(|(_, wanted)| **wanted)
        .map(|(b, _)| &b[table.skip..])
        .collect();
    want.sort();
    if got != want {
        let missing: Vec<_> = want.iter().filter(|w| !got.contains(w)).collect();
        let extra: Vec<_> = got.iter().filter(|g| !want.contains(g)).collect();
        return Err(format!(
            "{what}: the plan returns {} rows, the filter {}\nmissing {missing:02x?}\nextra {extra:02x?}\nplan {plan:?}",
            got.len(), want.len()
        ));
    }
    for (b, wanted) in store {
        ensure!(
            plan.matches(b) == *wanted,
            "{what}: plan.matches({b:02x?}) is {} for {}",
            plan.matches(b),
            (table.describe)(b)
        );
    }
    // One scan with HBase's MultiRowRangeFilter reads exactly the rows of the ranges (an
    // inexact plan's reader then filters them, as it filters the ranges' rows).
    let filter = plan.to_multi_row_range_filter();
    let in_ranges: std::collections::BTreeSet<&[u8]> =
        streams.iter().flatten().map(|k| k.as_slice()).collect();
    for b in store.keys() {
        ensure!(
            filter.matches(b) == in_ranges.contains(b.as_slice()),
            "{what}: the MultiRowRangeFilter {} {b:02x?}, the ranges do not\nplan {plan:?}",
            if filter.matches(b) { "takes" } else { "drops" }
        );
    }
    // The same ranges in HBase's filter language, read by a model of its `ParseFilter`.
    let text = filter.to_filter_string();
    let parsed = rowkey_testkit::parse_filter::parse(&text).map_err(|e| {
        format!(
            "{what}: the filter string does not parse ({e}): {}",
            String::from_utf8_lossy(&text)
        )
    })?;
    for b in store.keys() {
        ensure!(
            parsed.passes(b) == filter.matches(b),
            "{what}: the filter string {} {b:02x?}, the filter does not: {}",
            if parsed.passes(b) { "takes" } else { "drops" },
            String::from_utf8_lossy(&text)
        );
    }
    if plan.is_point() {
        // A Get per key: one row at most for each (a set of keys is a multi-get; a random
        // salt's candidates are one key under each bucket).
        let keys: std::collections::BTreeSet<&[u8]> =
            plan.rows().into_iter().map(|r| &r[table.skip..]).collect();
        ensure!(
            merged.len() <= keys.len(),
            "{what}: a point plan of {} keys returned {} rows",
            keys.len(),
            merged.len()
        );
    }
    let reversed: Vec<Vec<u8>> = plan
        .merge(
            streams
                .iter()
                .map(|s| s.iter().rev().cloned().collect::<Vec<_>>().into_iter()),
        )
        .reverse()
        .collect();
    let mut expect = merged.clone();
    expect.reverse();
    ensure!(reversed == expect, "{what}: the reversed merge differs");
    let n = v.rng().index(merged.len() + 2);
    let limited: Vec<Vec<u8>> = plan
        .merge(streams.iter().map(|s| s.clone().into_iter()))
        .limit(n)
        .collect();
    ensure!(
        limited[..] == merged[..n.min(merged.len())],
        "{what}: limit({n}) differs"
    );
    // The same merge run by `fold` (one loop, not `next` row by row): the same rows.
    let folded = plan
        .merge(streams.iter().map(|s| s.clone().into_iter()))
        .limit(n)
        .fold(Vec::new(), |mut rows, row| {
            rows.push(row);
            rows
        });
    ensure!(folded == limited, "{what}: limit({n}) by fold differs");
    Ok(())
}

/// Split points: ascending, as many as asked, and every region reachable by real keys. The
/// keys and the points come from the layout here; [`check_split_points`] checks them.
fn splits<K: Fuzz>(v: &mut Values, cfg: &Config, st: &mut Stats) -> Result<(), String> {
    let mut fresh: Vec<Vec<u8>> = Vec::new();
    for _ in 0..400 * cfg.cases {
        let k = K::generate(v);
        if k.accepts()
            && let Ok(b) = k.encode()
        {
            fresh.push(b);
        }
    }
    let bucket_salts: Option<Vec<Vec<u8>>> =
        K::BUCKETS.map(|n| (0..n).map(K::bucket_salt).collect());
    for regions in [1usize, 2, 3, 4, 7, 16] {
        doing(|| format!("split_points({regions})"));
        let points = rowkey::splits::split_points::<K>(regions).map_err(|e| e.to_string());
        let layout = SplitLayout {
            skip: K::SKIP,
            hash_prefix: K::HASH_PREFIX,
            bucket_salts: bucket_salts.as_deref(),
        };
        check_split_points(&layout, regions, points, &fresh, st)?;
    }
    Ok(())
}

/// What [`check_split_points`] knows of a layout: its salt's length, whether it is an md5
/// prefix, and each bucket's salt bytes for a bucket salt.
struct SplitLayout<'a> {
    skip: usize,
    hash_prefix: bool,
    bucket_salts: Option<&'a [Vec<u8>]>,
}

/// `split_points(regions)` of a layout: as many as asked, ascending, none empty (or an error,
/// only for a key that is not salted into as many buckets); every region holds a bucket of a
/// bucket salt, and receives some of `fresh` (encoded keys) where the keys vary enough to tell.
fn check_split_points(
    layout: &SplitLayout<'_>,
    regions: usize,
    points: Result<Vec<Vec<u8>>, String>,
    fresh: &[Vec<u8>],
    st: &mut Stats,
) -> Result<(), String> {
    let points = match points {
        Ok(p) => p,
        Err(e) => {
            let must =
                layout.bucket_salts.is_some_and(|b| regions <= b.len()) || layout.hash_prefix;
            ensure!(
                !must,
                "split_points({regions}) failed for a salted layout: {e}"
            );
            return Ok(());
        }
    };
    st.splits += 1;
    ensure!(
        points.len() + 1 == regions,
        "split_points({regions}) gave {} points",
        points.len()
    );
    ensure!(
        points.windows(2).all(|w| w[0] < w[1]),
        "split points not ascending: {points:02x?}"
    );
    ensure!(
        points.iter().all(|p| !p.is_empty()),
        "an empty split point: {points:02x?}"
    );
    // Every region holds at least one bucket of a bucket salt.
    if let Some(salts) = layout.bucket_salts {
        let mut hits = vec![0usize; regions];
        for salt in salts {
            hits[points.partition_point(|p| p[..] <= salt[..])] += 1;
        }
        if let Some(r) = hits.iter().position(|&h| h == 0) {
            return Err(format!(
                "split_points({regions}): region {r} holds no bucket; points {points:02x?}"
            ));
        }
    }
    // Every region receives real keys, where the keys vary enough to tell: unsalted keys
    // (a leading digits field), or md5 prefixes that took many values. (A bucket hash of a
    // field with few values reaches only some buckets, as it would in HBase: for bucket
    // salts the check above is the split points' part.)
    let salts: std::collections::BTreeSet<&[u8]> =
        fresh.iter().map(|k| &k[..layout.skip]).collect();
    let varied = layout.skip == 0 || (layout.bucket_salts.is_none() && salts.len() >= 8 * regions);
    if fresh.len() >= 100 * regions && varied {
        let mut hits = vec![0usize; regions];
        for k in fresh {
            hits[points.partition_point(|p| p[..] <= k[..])] += 1;
        }
        if let Some(r) = hits.iter().position(|&h| h == 0) {
            return Err(format!(
                "split_points({regions}): region {r} receives none of {} keys; points {points:02x?}",
                fresh.len()
            ));
        }
    }
    Ok(())
}

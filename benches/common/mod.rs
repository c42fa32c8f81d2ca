//! The benchmark workloads, shared by the criterion suite (`encode.rs`) and the interleaved
//! ratio run (`ratios.rs`): the keys, and the floors (correct hand-written code for the same
//! bytes).

#![allow(dead_code)]

use rowkey::RowKey;
use serde::{Deserialize, Serialize};

#[derive(
    RowKey, Debug, Clone, PartialEq, Serialize, Deserialize, storekey::Encode, storekey::Decode,
)]
pub struct Message {
    pub date: u32,
    pub time: u32,
    pub message_id: u64,
}

#[derive(
    RowKey, Debug, Clone, PartialEq, Serialize, Deserialize, storekey::Encode, storekey::Decode,
)]
pub struct Metric {
    pub metric: String,
    #[reverse_ts]
    pub ts: i64,
    pub host: String,
}

/// The metric key with both strings capped: the same bytes, each value checked against its
/// cap both ways, and a known `MAX_LEN` (130 + 8 + 64 = 202 bytes).
#[derive(RowKey, Debug, PartialEq)]
pub struct CappedMetric {
    #[max(64)]
    pub metric: String,
    #[reverse_ts]
    pub ts: i64,
    #[max(64)]
    pub host: String,
}

#[derive(RowKey, Debug, PartialEq)]
#[salt(phoenix, buckets = 16)]
pub struct PhoenixMessage {
    pub date: u32,
    pub time: u32,
    pub message_id: u64,
}

#[derive(RowKey, Debug, PartialEq)]
#[salt(md5, buckets = 16, of = "message_id")]
pub struct Md5Message {
    pub date: u32,
    pub time: u32,
    pub message_id: u64,
}

#[derive(RowKey, Debug, PartialEq)]
#[salt(xxh3, buckets = 16, of = "message_id")]
pub struct Xxh3Message {
    pub date: u32,
    pub time: u32,
    pub message_id: u64,
}

/// FoundationDB tuple `(u32, u32, u64)`.
#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "fdb_tuple")]
pub struct FdbInts {
    pub a: u32,
    pub b: u32,
    pub c: u64,
}

/// FoundationDB tuple `(String, i64, String)`.
#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "fdb_tuple")]
pub struct FdbMixed {
    pub tenant: String,
    pub at: i64,
    pub name: String,
}

/// A Bigtable `OrderedCodeBytes` struct key: two strings around two `#[ordered_code]` integers
/// (`Int64` with `OrderedCodeBytes`, every value sorts).
#[derive(RowKey, Debug, PartialEq, Clone)]
#[rowkey(encoding = "bigtable")]
pub struct BtKey {
    pub user: String,
    #[ordered_code]
    pub at: i64,
    #[ordered_code]
    pub seq: i64,
    pub tag: String,
}

/// The Bigtable workload: a user with a `00` and an empty tag (removed, rule 1, so `seq` ends
/// the key unseparated), then an empty user (`00 00`), a negative sequence whose bytes hold a
/// `00`, and a tag.
pub fn bt_keys() -> [BtKey; 2] {
    [
        BtKey {
            user: "ann\0smith".into(),
            at: 1_700_000_000_123_456,
            seq: 8_192,
            tag: String::new(),
        },
        BtKey {
            user: String::new(),
            at: 1_700_000_000_654_321,
            seq: -2_000_000,
            tag: "eu-west".into(),
        },
    ]
}

/// The day the planning workload scans.
pub const DAY: u32 = 20_261_125;

/// The floors: correct hand-written code.
pub mod hand {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    /// `k` sorted runs of `n` keys each: a salt byte (the run), then a big-endian counter and
    /// eight zero bytes; the counter is dealt round-robin, so the merge interleaves all runs.
    pub fn runs(k: usize, n: usize) -> Vec<Vec<Vec<u8>>> {
        (0..k)
            .map(|b| {
                (0..n)
                    .map(|i| {
                        let mut key = vec![b as u8];
                        key.extend_from_slice(&((i * k + b) as u64).to_be_bytes());
                        key.extend_from_slice(&[0; 8]);
                        key
                    })
                    .collect()
            })
            .collect()
    }

    /// The k-way merge of `runs` by key after the salt byte, with a `BinaryHeap` of
    /// (key, run, position): pop the least, push its run's next. Returns a checksum of the
    /// rows in order (the sum of their salt bytes, weighted by nothing: order is checked by
    /// the caller once).
    pub fn heap_merge(runs: &[Vec<Vec<u8>>]) -> Option<u64> {
        let mut heap = BinaryHeap::with_capacity(runs.len());
        for (r, run) in runs.iter().enumerate() {
            if let Some(k) = run.first() {
                heap.push(Reverse((&k[1..], r, 0usize)));
            }
        }
        let mut sum = 0u64;
        while let Some(Reverse((_, r, i))) = heap.pop() {
            sum += u64::from(runs[r][i][0]);
            if let Some(k) = runs[r].get(i + 1) {
                heap.push(Reverse((&k[1..], r, i + 1)));
            }
        }
        Some(sum)
    }

    /// FoundationDB's integer element of `-mag`/`mag` (below 2^64 - 1) into `out`. Inlined
    /// always, as rowkey's own element writes are.
    #[inline(always)]
    fn fdb_int(out: &mut Vec<u8>, neg: bool, mag: u64) {
        if mag == 0 {
            out.push(0x14);
            return;
        }
        let n = (71 - mag.leading_zeros() as usize) / 8;
        let stored = if neg { !mag } else { mag };
        let code = if neg { 0x14 - n as u8 } else { 0x14 + n as u8 };
        // The code and a whole word stored from registers, then cut to the element's 1 + n
        // bytes: no variable-length copy through the stack.
        let start = out.len();
        out.resize(start + 9, 0);
        out[start] = code;
        out[start + 1..start + 9].copy_from_slice(&(stored << (64 - 8 * n)).to_be_bytes());
        out.truncate(start + 1 + n);
    }

    /// FoundationDB's string element: `02`, the UTF-8 with `00` as `00 FF`, `00`. Inlined
    /// always, as rowkey's own element writes are.
    #[inline(always)]
    fn fdb_str(out: &mut Vec<u8>, s: &str) {
        out.push(0x02);
        for part in s.as_bytes().split_inclusive(|&b| b == 0) {
            out.extend_from_slice(part);
            if part.last() == Some(&0) {
                out.push(0xff);
            }
        }
        out.push(0x00);
    }

    /// The positions of the `00` bytes of `s`, found a word at a time.
    #[inline]
    fn next_zero(s: &[u8]) -> Option<usize> {
        const LO: u64 = 0x0101_0101_0101_0101;
        const HI: u64 = 0x8080_8080_8080_8080;
        let mut at = 0;
        let mut chunks = s.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes(c.try_into().unwrap_or([0; 8]));
            let m = w.wrapping_sub(LO) & !w & HI;
            if m != 0 {
                return Some(at + (m.trailing_zeros() / 8) as usize);
            }
            at += 8;
        }
        chunks
            .remainder()
            .iter()
            .position(|&b| b == 0)
            .map(|p| at + p)
    }

    /// A Bigtable struct field's bytes (rules 2 to 4): `00` as `00 FF`, `""` as `00 00`, and
    /// `00 01` after it unless it ends the key. Inlined always, as rowkey's own escape is: left
    /// to itself LLVM calls it, which measured 1.2x slower in this workload.
    #[inline(always)]
    fn bt_field(out: &mut Vec<u8>, v: &[u8], last: bool) {
        if v.is_empty() {
            out.extend_from_slice(&[0, 0]);
        } else {
            let mut rest = v;
            while let Some(z) = next_zero(rest) {
                out.extend_from_slice(&rest[..=z]);
                out.push(0xFF);
                rest = &rest[z + 1..];
            }
            out.extend_from_slice(rest);
        }
        if !last {
            out.extend_from_slice(&[0, 1]);
        }
    }

    /// An OrderedCode `Int64`: n bytes, a header of n 1 bits then a 0 bit then the value (its
    /// complement for a negative), n the fewest that fit; written as a field.
    #[inline(always)]
    fn bt_int(out: &mut Vec<u8>, x: i64, last: bool) {
        let neg = x < 0;
        let v = if neg { !x } else { x } as u64;
        let n = (64 - v.leading_zeros() as usize + 1).div_ceil(7).max(1);
        if n <= 8 {
            // Below 2^55 the header and the value fit a u64.
            let word = (((1u64 << n) - 1) << (7 * n)) | v;
            let word = if neg { !word } else { word };
            let bytes = word.to_be_bytes();
            return bt_field(out, &bytes[8 - n..], last);
        }
        let word = (((1u128 << n) - 1) << (7 * n)) | u128::from(v);
        let word = if neg { !word } else { word };
        let bytes = word.to_be_bytes();
        bt_field(out, &bytes[16 - n..], last);
    }

    pub fn bt_encode(k: &super::BtKey, out: &mut Vec<u8>) {
        out.reserve(k.user.len() + k.tag.len() + 32);
        // Rule 1: an empty last string is removed, and `seq` then ends the key.
        let tag = !k.tag.is_empty();
        bt_field(out, k.user.as_bytes(), false);
        bt_int(out, k.at, false);
        bt_int(out, k.seq, !tag);
        if tag {
            bt_field(out, k.tag.as_bytes(), true);
        }
    }

    /// One field's unescaped bytes and the rest after its separator (or the key's end).
    #[inline]
    fn bt_read<'a>(key: &'a [u8], out: &mut Vec<u8>) -> Option<&'a [u8]> {
        let mut rest = key;
        loop {
            let Some(z) = next_zero(rest) else {
                out.extend_from_slice(rest);
                return Some(&[]);
            };
            out.extend_from_slice(&rest[..z]);
            match rest.get(z + 1)? {
                0xFF => {
                    out.push(0);
                    rest = &rest[z + 2..];
                }
                0x01 => return Some(&rest[z + 2..]),
                0x00 if z == 0 && out.is_empty() => {
                    // `00 00`: the empty value, then its separator or the end.
                    rest = &rest[2..];
                    return match rest {
                        [] => Some(rest),
                        [0, 1, tail @ ..] => Some(tail),
                        _ => None,
                    };
                }
                _ => return None,
            }
        }
    }

    /// An integer field's unescaped bytes, at most 10, into a stack array.
    #[inline]
    fn bt_read_small(key: &[u8]) -> Option<([u8; 10], usize, &[u8])> {
        let (mut b, mut n, mut i) = ([0u8; 10], 0, 0);
        loop {
            match *key.get(i)? {
                0 => match key.get(i + 1) {
                    Some(0xFF) => {
                        *b.get_mut(n)? = 0;
                        n += 1;
                        i += 2;
                    }
                    Some(0x01) => return Some((b, n, &key[i + 2..])),
                    _ => return None,
                },
                x => {
                    *b.get_mut(n)? = x;
                    n += 1;
                    i += 1;
                }
            }
            if i == key.len() {
                return Some((b, n, &[]));
            }
        }
    }

    #[inline]
    fn bt_read_int(key: &[u8]) -> Option<(i64, &[u8])> {
        let (b, n, rest) = bt_read_small(key)?;
        let b = &b[..n];
        let first = *b.first()?;
        let neg = first & 0x80 == 0;
        let flip = if neg { 0xFF } else { 0 };
        let mut word = [0u8; 16];
        for (d, s) in word[16 - n..].iter_mut().zip(b) {
            *d = s ^ flip;
        }
        let word = u128::from_be_bytes(word);
        let head = word >> (7 * n - 1);
        let v = word & ((1u128 << (7 * n - 1)) - 1);
        // The header is n ones then a zero, and n the fewest bytes for the value.
        if head != ((1u128 << n) - 1) << 1 || v > i64::MAX as u128 {
            return None;
        }
        if n > 1 && v < 1u128 << (7 * (n - 1) - 1) {
            return None;
        }
        let v = v as i64;
        Some((if neg { !v } else { v }, rest))
    }

    pub fn bt_decode(key: &[u8]) -> Option<super::BtKey> {
        let mut user = Vec::new();
        let rest = bt_read(key, &mut user)?;
        let (at, rest) = bt_read_int(rest)?;
        let (seq, rest) = bt_read_int(rest)?;
        let mut tag = Vec::new();
        if !rest.is_empty() {
            bt_read(rest, &mut tag)?;
            if tag.is_empty() {
                return None; // a trailing empty ASC field is never written
            }
        }
        Some(super::BtKey {
            user: String::from_utf8(user).ok()?,
            at,
            seq,
            tag: String::from_utf8(tag).ok()?,
        })
    }

    pub fn fdb_ints_encode(k: &super::FdbInts, out: &mut Vec<u8>) {
        // Room for three elements of nine bytes, zeroed at once, written, cut to length.
        let start = out.len();
        out.resize(start + 27, 0);
        let at = fdb_int_at(out, start, u64::from(k.a));
        let at = fdb_int_at(out, at, u64::from(k.b));
        let at = fdb_int_at(out, at, k.c);
        out.truncate(at);
    }

    /// A non-negative integer element written at `at` into a buffer with nine bytes of room
    /// there: the code and a whole word, of which the element keeps 1 + n bytes.
    #[inline]
    fn fdb_int_at(out: &mut [u8], at: usize, mag: u64) -> usize {
        if mag == 0 {
            out[at] = 0x14;
            return at + 1;
        }
        let n = (71 - mag.leading_zeros() as usize) / 8;
        out[at] = 0x14 + n as u8;
        out[at + 1..at + 9].copy_from_slice(&(mag << (64 - 8 * n)).to_be_bytes());
        at + 1 + n
    }

    pub fn fdb_mixed_encode(k: &super::FdbMixed, out: &mut Vec<u8>) {
        out.reserve(k.tenant.len() + k.name.len() + 16);
        fdb_str(out, &k.tenant);
        fdb_int(out, k.at < 0, k.at.unsigned_abs());
        fdb_str(out, &k.name);
    }

    /// An integer element (codes `0C` to `1C`, canonical) and the bytes after it.
    #[inline]
    fn read_int(key: &[u8]) -> Option<(bool, u64, &[u8])> {
        let (&code, rest) = key.split_first()?;
        let (neg, n) = match code {
            0x14 => return Some((false, 0, rest)),
            0x15..=0x1c => (false, usize::from(code - 0x14)),
            0x0c..=0x13 => (true, usize::from(0x14 - code)),
            _ => return None,
        };
        // One 8-byte load where the key has eight more bytes, else a copy of the n.
        let stored = match rest.get(..8) {
            Some(word) => u64::from_be_bytes(word.try_into().ok()?) >> (64 - 8 * n),
            None => {
                let mut b = [0u8; 8];
                b[8 - n..].copy_from_slice(rest.get(..n)?);
                u64::from_be_bytes(b)
            }
        };
        let mag = if neg {
            (u64::MAX >> (64 - 8 * n)) - stored
        } else {
            stored
        };
        if mag == 0 || (71 - mag.leading_zeros() as usize) / 8 != n || mag == u64::MAX {
            return None;
        }
        Some((neg, mag, &rest[n..]))
    }

    /// A string element and the bytes after it.
    #[inline]
    fn read_str(key: &[u8]) -> Option<(String, &[u8])> {
        let rest = key.strip_prefix(&[0x02])?;
        // The terminator first (each `00 FF` is an escaped `00`), then one allocation.
        let (mut end, mut escapes) = (0, 0);
        loop {
            end += next_zero(&rest[end..])?;
            if rest.get(end + 1) != Some(&0xff) {
                break;
            }
            escapes += 1;
            end += 2;
        }
        let value = &rest[..end];
        let mut out = Vec::with_capacity(end - escapes);
        let mut i = 0;
        while let Some(z) = next_zero(&value[i..]) {
            out.extend_from_slice(&value[i..=i + z]);
            i += z + 2;
        }
        out.extend_from_slice(&value[i..]);
        Some((String::from_utf8(out).ok()?, &rest[end + 1..]))
    }

    pub fn fdb_ints_decode(key: &[u8]) -> Option<super::FdbInts> {
        let (false, a, rest) = read_int(key)? else {
            return None;
        };
        let (false, b, rest) = read_int(rest)? else {
            return None;
        };
        let (false, c, rest) = read_int(rest)? else {
            return None;
        };
        rest.is_empty().then_some(super::FdbInts {
            a: u32::try_from(a).ok()?,
            b: u32::try_from(b).ok()?,
            c,
        })
    }

    pub fn fdb_mixed_decode(key: &[u8]) -> Option<super::FdbMixed> {
        let (tenant, rest) = read_str(key)?;
        let (neg, mag, rest) = read_int(rest)?;
        let (name, rest) = read_str(rest)?;
        let at = if neg {
            0i64.checked_sub_unsigned(mag)?
        } else {
            i64::try_from(mag).ok()?
        };
        rest.is_empty()
            .then_some(super::FdbMixed { tenant, at, name })
    }

    /// The 16 ranges of one day of `Md5Message` (`#[salt(md5, buckets = 16)]`, `date: u32`
    /// first): for each bucket b, from `b date` to `b date+1`.
    pub fn day_ranges(day: u32) -> Vec<(Vec<u8>, Vec<u8>)> {
        (0..16u8)
            .map(|b| {
                let mut start = Vec::with_capacity(5);
                start.push(b);
                start.extend_from_slice(&day.to_be_bytes());
                let mut stop = Vec::with_capacity(5);
                stop.push(b);
                stop.extend_from_slice(&(day + 1).to_be_bytes());
                (start, stop)
            })
            .collect()
    }

    /// The message key: a stack array, copied once.
    #[inline]
    pub fn message_bytes(date: u32, time: u32, id: u64) -> [u8; 16] {
        let mut buf = [0u8; 16];
        buf[0..4].copy_from_slice(&date.to_be_bytes());
        buf[4..8].copy_from_slice(&time.to_be_bytes());
        buf[8..16].copy_from_slice(&id.to_be_bytes());
        buf
    }

    pub fn message_encode(m: &super::Message, out: &mut Vec<u8>) {
        out.extend_from_slice(&message_bytes(m.date, m.time, m.message_id));
    }

    #[inline]
    pub fn message_fields(k: &[u8; 16]) -> super::Message {
        super::Message {
            date: u32::from_be_bytes([k[0], k[1], k[2], k[3]]),
            time: u32::from_be_bytes([k[4], k[5], k[6], k[7]]),
            message_id: u64::from_be_bytes([k[8], k[9], k[10], k[11], k[12], k[13], k[14], k[15]]),
        }
    }

    pub fn message_decode(key: &[u8]) -> Option<super::Message> {
        let k: &[u8; 16] = key.try_into().ok()?;
        Some(message_fields(k))
    }

    /// A salted message key: the bucket byte, then the message key.
    #[inline]
    pub fn salted(bucket: u8, m: &[u8; 16], out: &mut Vec<u8>) {
        let mut buf = [0u8; 17];
        buf[0] = bucket;
        buf[1..].copy_from_slice(m);
        out.extend_from_slice(&buf);
    }

    /// The cheapest salted key: a one-multiply hash of the id picks one of 16 buckets.
    #[inline]
    pub fn one_multiply_bucket(id: u64) -> u8 {
        (id.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 60) as u8
    }

    pub fn one_multiply_encode(m: &super::Message, out: &mut Vec<u8>) {
        salted(
            one_multiply_bucket(m.message_id),
            &message_bytes(m.date, m.time, m.message_id),
            out,
        );
    }

    /// Decodes a one-multiply salted key, checking its bucket.
    pub fn one_multiply_decode(key: &[u8]) -> Option<super::Message> {
        let (&bucket, rest) = key.split_first()?;
        let m = message_fields(rest.try_into().ok()?);
        (bucket == one_multiply_bucket(m.message_id)).then_some(m)
    }

    /// Phoenix's salt the way Java writes it: `h = 31 * h + b` over the key, one byte at a time.
    pub fn phoenix_encode(m: &super::Message, out: &mut Vec<u8>) {
        let key = message_bytes(m.date, m.time, m.message_id);
        let h = key.iter().fold(1i32, |h, &b| {
            h.wrapping_mul(31).wrapping_add(i32::from(b as i8))
        });
        salted((h % 16).unsigned_abs() as u8, &key, out);
    }

    /// Phoenix's verifying decode by hand: recompute the salt the way Java does (`h = 31 * h + b`
    /// over the key after the salt byte), compare, then read the fields.
    pub fn phoenix_decode(key: &[u8]) -> Option<super::Message> {
        let (&bucket, rest) = key.split_first()?;
        let rest: &[u8; 16] = rest.try_into().ok()?;
        let h = rest.iter().fold(1i32, |h, &b| {
            h.wrapping_mul(31).wrapping_add(i32::from(b as i8))
        });
        (bucket == (h % 16).unsigned_abs() as u8).then(|| message_fields(rest))
    }

    /// The same with the hash computed eight bytes at a time (`h·31⁸ + Σ bᵢ·31^(7−i)`, eight
    /// independent products): what a careful hand-written decoder does.
    pub fn phoenix_decode_fast(key: &[u8]) -> Option<super::Message> {
        const P: [i32; 9] = [
            1,
            31,
            961,
            29791,
            923521,
            28629151,
            887503681,
            1742810335,
            -1807454463,
        ];
        let (&bucket, rest) = key.split_first()?;
        let rest: &[u8; 16] = rest.try_into().ok()?;
        let mut h = 1i32;
        for c in rest.chunks_exact(8) {
            let mut t = 0i32;
            for j in 0..8 {
                t = t.wrapping_add(i32::from(c[j] as i8).wrapping_mul(P[7 - j]));
            }
            h = h.wrapping_mul(P[8]).wrapping_add(t);
        }
        (bucket == (h % 16).unsigned_abs() as u8).then(|| message_fields(rest))
    }

    /// One MD5 of the id, its bucket, then the key.
    pub fn md5_encode(m: &super::Message, out: &mut Vec<u8>) {
        let d = rowkey::salt::md5(&[&m.message_id.to_be_bytes()]);
        let bucket = (u32::from_be_bytes([d[0], d[1], d[2], d[3]]) % 16) as u8;
        salted(bucket, &message_bytes(m.date, m.time, m.message_id), out);
    }

    /// XXH3 of the id, its bucket, then the key.
    pub fn xxh3_encode(m: &super::Message, out: &mut Vec<u8>) {
        let bucket = (xxhash_rust::xxh3::xxh3_64(&m.message_id.to_be_bytes()) % 16) as u8;
        salted(bucket, &message_bytes(m.date, m.time, m.message_id), out);
    }

    /// A salted key read back without checking the salt (its range only).
    pub fn salted_decode(key: &[u8]) -> Option<super::Message> {
        let (&bucket, rest) = key.split_first()?;
        if bucket >= 16 {
            return None;
        }
        Some(message_fields(rest.try_into().ok()?))
    }

    /// The metric key: the metric escaped (`00` → `00 FF`, one copy when it holds no `00`) and
    /// terminated (`00 01`), `Long.MAX_VALUE - ts`, then the raw host.
    #[inline(always)]
    pub fn metric_encode(m: &super::Metric, out: &mut Vec<u8>) -> Result<(), ()> {
        write_metric(&m.metric, m.ts, &m.host, out)
    }

    /// `metric_encode` refusing strings over 64 bytes first (the capped key's floor).
    #[inline(always)]
    pub fn capped_metric_encode(m: &super::CappedMetric, out: &mut Vec<u8>) -> Result<(), ()> {
        if m.metric.len() > 64 || m.host.len() > 64 {
            return Err(());
        }
        write_metric(&m.metric, m.ts, &m.host, out)
    }

    /// Whether `bytes` holds a `00`: a word at a time (overlapping words cover the tail; a
    /// short string in two overlapping halves), as careful hand-written code tests it.
    #[inline(always)]
    fn has_zero(bytes: &[u8]) -> bool {
        const LO: u64 = 0x0101_0101_0101_0101;
        const HI: u64 = 0x8080_8080_8080_8080;
        let zero_in = |w: u64| (w.wrapping_sub(LO) & !w & HI) != 0;
        let n = bytes.len();
        let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
        if n >= 8 {
            (0..n / 8).any(|i| zero_in(word(8 * i))) || zero_in(word(n - 8))
        } else if n >= 4 {
            let half = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
            zero_in(u64::from(half(0)) | (u64::from(half(n - 4)) << 32))
        } else {
            bytes.contains(&0)
        }
    }

    /// The metric key's bytes from its parts (both metric floors).
    #[inline(always)]
    fn write_metric(metric: &str, ts: i64, host: &str, out: &mut Vec<u8>) -> Result<(), ()> {
        if ts < 0 {
            return Err(());
        }
        let metric = metric.as_bytes();
        out.reserve(metric.len() + 10 + host.len());
        if has_zero(metric) {
            for &b in metric {
                if b == 0 {
                    out.extend_from_slice(&[0, 0xFF]);
                } else {
                    out.push(b);
                }
            }
        } else {
            out.extend_from_slice(metric);
        }
        // The terminator and the timestamp as two fixed-size copies (stores from registers: a
        // 10-byte stack chunk copied out would be read back before its stores could forward).
        out.extend_from_slice(&[0, 1]);
        out.extend_from_slice(&(i64::MAX - ts).to_be_bytes());
        out.extend_from_slice(host.as_bytes());
        Ok(())
    }

    /// `metric_decode`, then the caps.
    pub fn capped_metric_decode(key: &[u8]) -> Option<super::CappedMetric> {
        let m = metric_decode(key)?;
        if m.metric.len() > 64 || m.host.len() > 64 {
            return None;
        }
        Some(super::CappedMetric {
            metric: m.metric,
            ts: m.ts,
            host: m.host,
        })
    }

    /// The metric key back: one copy of the metric when its first `00` is the terminator.
    pub fn metric_decode(key: &[u8]) -> Option<super::Metric> {
        let p = key.iter().position(|&b| b == 0)?;
        let (metric, rest) = if key.get(p + 1) == Some(&1) {
            (key[..p].to_vec(), &key[p + 2..])
        } else {
            let mut metric = Vec::new();
            let mut i = 0;
            loop {
                let b = *key.get(i)?;
                if b == 0 {
                    match *key.get(i + 1)? {
                        0xFF => metric.push(0),
                        1 => break,
                        _ => return None,
                    }
                    i += 2;
                } else {
                    metric.push(b);
                    i += 1;
                }
            }
            (metric, &key[i + 2..])
        };
        let stored = i64::from_be_bytes(rest.get(..8)?.try_into().ok()?);
        if stored < 0 {
            return None;
        }
        Some(super::Metric {
            metric: String::from_utf8(metric).ok()?,
            ts: i64::MAX - stored,
            host: String::from_utf8(rest[8..].to_vec()).ok()?,
        })
    }
}

pub const MESSAGE: Message = Message {
    date: 230611,
    time: 63031,
    message_id: 1231231,
};

pub fn metric_key() -> Metric {
    Metric {
        metric: "sys.cpu.user".into(),
        ts: 1_700_000_000_000,
        host: "web-042.example".into(),
    }
}

/// The message key salted three ways, from the unsalted one.
pub fn salted() -> (PhoenixMessage, Md5Message, Xxh3Message) {
    let m = MESSAGE;
    (
        PhoenixMessage {
            date: m.date,
            time: m.time,
            message_id: m.message_id,
        },
        Md5Message {
            date: m.date,
            time: m.time,
            message_id: m.message_id,
        },
        Xxh3Message {
            date: m.date,
            time: m.time,
            message_id: m.message_id,
        },
    )
}

/// Checks a floor writes rowkey's bytes.
pub fn same_bytes(name: &str, rowkey: Vec<u8>, hand: impl FnOnce(&mut Vec<u8>)) {
    let mut out = Vec::new();
    hand(&mut out);
    assert_eq!(
        out, rowkey,
        "{name}: the floor writes the same bytes as rowkey"
    );
}

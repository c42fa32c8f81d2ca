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

    /// A row in the floor's heap: ordered by its key after the one-byte salt, then by stream
    /// (equal keys in stream order), least first.
    #[derive(PartialEq, Eq)]
    struct Head<'a> {
        row: &'a [u8],
        stream: usize,
    }

    impl Ord for Head<'_> {
        #[inline(always)]
        fn cmp(&self, other: &Self) -> std::cmp::Ordering {
            (&other.row[1..], other.stream).cmp(&(&self.row[1..], self.stream))
        }
    }

    impl PartialOrd for Head<'_> {
        #[inline(always)]
        fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
            Some(self.cmp(other))
        }
    }

    /// The k-way merge of `runs` by key after the salt byte, doing what `rowkey::Merge` does:
    /// at most `limit` rows, each stream checked sorted (a row after the salt strictly after
    /// its stream's row before it, or a panic), a stream's next row read only when its last
    /// row has been taken. A `BinaryHeap` whose top is replaced in place through `PeekMut`
    /// (one sift-down per row); the sorted check compares the stream's next row with the row
    /// still in the heap's top (no copy). Returns a checksum of the rows (the sum of their salt
    /// bytes; the order is checked by the caller once).
    pub fn heap_merge(runs: &[Vec<Vec<u8>>], limit: usize) -> Option<u64> {
        let mut streams: Vec<_> = runs.iter().map(|r| r.iter()).collect();
        let mut heap = BinaryHeap::with_capacity(runs.len());
        for (stream, rows) in streams.iter_mut().enumerate() {
            if let Some(row) = rows.next() {
                heap.push(Head { row, stream });
            }
        }
        let (mut sum, mut left) = (0u64, limit);
        while left > 0 {
            let Some(mut top) = heap.peek_mut() else {
                break;
            };
            sum += u64::from(top.row[0]);
            left -= 1;
            match streams[top.stream].next() {
                Some(next) => {
                    if next[1..] <= top.row[1..] {
                        panic!("stream {} is not sorted", top.stream);
                    }
                    top.row = next;
                }
                None => {
                    std::collections::binary_heap::PeekMut::pop(top);
                }
            }
        }
        Some(sum)
    }

    /// The first 8 bytes after the salt as a big-endian word (zero-padded): differing words
    /// order their rows.
    #[inline(always)]
    fn abbrev(row: &[u8]) -> u64 {
        let key = &row[1..];
        match key.first_chunk::<8>() {
            Some(w) => u64::from_be_bytes(*w),
            None => {
                let mut w = [0u8; 8];
                w[..key.len()].copy_from_slice(key);
                u64::from_be_bytes(w)
            }
        }
    }

    /// [`heap_merge`] with the heap written out: a `Vec` of (abbreviated key, row, stream)
    /// whose top is replaced in place and sifted with Floyd's method (the hole goes down along
    /// the smaller children to a leaf, then the new row climbs back: about half the
    /// comparisons of a sift-down, since a merge's next row usually belongs near the bottom);
    /// rows compared by their first 8 bytes after the salt as one integer, in full only when
    /// those are equal. The same rows, the same checks; the sorted check too by the
    /// abbreviations first (a stream's next row whose word is above its last row's is after
    /// it), in full only when they tie or step back.
    pub fn floyd_merge(runs: &[Vec<Vec<u8>>], limit: usize) -> Option<u64> {
        type E<'a> = (u64, &'a [u8], usize);
        #[inline(always)]
        fn less(a: &E<'_>, b: &E<'_>) -> bool {
            if a.0 != b.0 {
                return a.0 < b.0;
            }
            (&a.1[1..], a.2) < (&b.1[1..], b.2)
        }
        let mut streams: Vec<_> = runs.iter().map(|r| r.iter()).collect();
        let mut heap: Vec<E<'_>> = Vec::with_capacity(runs.len());
        for (stream, rows) in streams.iter_mut().enumerate() {
            if let Some(row) = rows.next() {
                heap.push((abbrev(row), row, stream));
                let mut i = heap.len() - 1;
                while i > 0 && less(&heap[i], &heap[(i - 1) / 2]) {
                    heap.swap(i, (i - 1) / 2);
                    i = (i - 1) / 2;
                }
            }
        }
        let (mut sum, mut left) = (0u64, limit);
        while left > 0 {
            let Some(&(top, row, stream)) = heap.first() else {
                break;
            };
            sum += u64::from(row[0]);
            left -= 1;
            let new = match streams[stream].next() {
                Some(next) => {
                    let word = abbrev(next);
                    if word <= top && next[1..] <= row[1..] {
                        panic!("stream {stream} is not sorted");
                    }
                    (word, next.as_slice(), stream)
                }
                None => {
                    let last = heap.pop().expect("a top");
                    if heap.is_empty() {
                        continue;
                    }
                    last
                }
            };
            // Floyd: the hole from the top to a leaf, then `new` up from there.
            let n = heap.len();
            let mut i = 0;
            loop {
                let left_child = 2 * i + 1;
                if left_child >= n {
                    break;
                }
                let right = left_child + 1;
                let child = if right < n && less(&heap[right], &heap[left_child]) {
                    right
                } else {
                    left_child
                };
                heap[i] = heap[child];
                i = child;
            }
            while i > 0 && less(&new, &heap[(i - 1) / 2]) {
                heap[i] = heap[(i - 1) / 2];
                i = (i - 1) / 2;
            }
            heap[i] = new;
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

    /// The end of the field at the start of `key`: `(value end, escaped 00s, rest)`, where
    /// the value is `key[..end]` (with `00 FF` escapes) and the rest follows its `00 01` (or
    /// the key ends). `00 00` at the start is the empty value. One word-at-a-time scan.
    #[inline(always)]
    fn bt_field_end(key: &[u8]) -> Option<(usize, usize, &[u8])> {
        let (mut end, mut escapes) = (0, 0);
        loop {
            let Some(z) = next_zero(&key[end..]) else {
                return Some((key.len(), escapes, &[]));
            };
            end += z;
            match key.get(end + 1)? {
                0xFF => {
                    escapes += 1;
                    end += 2;
                }
                // A separator is followed by a field (the last ASC field has none).
                0x01 if end > 0 && key.len() > end + 2 => {
                    return Some((end, escapes, &key[end + 2..]))
                }
                0x00 if end == 0 => {
                    // `00 00`: the empty value, then its separator or the end.
                    return match &key[2..] {
                        [] => Some((0, 0, &[])),
                        [0, 1, tail @ ..] if !tail.is_empty() => Some((0, 0, tail)),
                        _ => None,
                    };
                }
                _ => return None,
            }
        }
    }

    /// One string field and the rest after it: its end found first, then one allocation of
    /// the exact length and one copy per run between escapes.
    #[inline(always)]
    fn bt_read(key: &[u8]) -> Option<(Vec<u8>, &[u8])> {
        let (end, escapes, rest) = bt_field_end(key)?;
        let value = &key[..end];
        if escapes == 0 {
            return Some((value.to_vec(), rest));
        }
        let mut out = Vec::with_capacity(end - escapes);
        let mut i = 0;
        while let Some(z) = next_zero(&value[i..]) {
            out.extend_from_slice(&value[i..=i + z]);
            i += z + 2;
        }
        out.extend_from_slice(&value[i..]);
        Some((out, rest))
    }

    /// An integer field: its end found as a string's is, its bytes (at most 10) read in one
    /// big-endian load when it has no escape (a stack copy when it does).
    #[inline(always)]
    fn bt_read_int(key: &[u8]) -> Option<(i64, &[u8])> {
        let (end, escapes, rest) = bt_field_end(key)?;
        let n = end - escapes;
        if n == 0 || n > 10 {
            return None;
        }
        if n <= 8 {
            let word = match key.get(..8) {
                Some(w) if escapes == 0 => u64::from_be_bytes(w.try_into().ok()?) >> (64 - 8 * n),
                _ => {
                    let mut b = [0u8; 8];
                    let mut at = 8 - n;
                    let mut i = 0;
                    while i < end {
                        b[at] = key[i];
                        i += if key[i] == 0 { 2 } else { 1 };
                        at += 1;
                    }
                    u64::from_be_bytes(b)
                }
            };
            let neg = word >> (8 * n - 1) == 0;
            let word = if neg {
                !word & (u64::MAX >> (64 - 8 * n))
            } else {
                word
            };
            // The header is n ones then a zero, and n the fewest bytes for the value.
            let v = word & ((1u64 << (7 * n - 1)) - 1);
            if word >> (7 * n - 1) != ((1u64 << n) - 1) << 1 {
                return None;
            }
            if n > 1 && v < 1u64 << (7 * (n - 1) - 1) {
                return None;
            }
            let v = v as i64;
            return Some((if neg { !v } else { v }, rest));
        }
        let mut b = [0u8; 16];
        let (mut at, mut i) = (16 - n, 0);
        while i < end {
            b[at] = key[i];
            i += if key[i] == 0 { 2 } else { 1 };
            at += 1;
        }
        let word = u128::from_be_bytes(b);
        let neg = word >> (8 * n - 1) == 0;
        let word = if neg {
            !word & (u128::MAX >> (128 - 8 * n))
        } else {
            word
        };
        let v = word & ((1u128 << (7 * n - 1)) - 1);
        if word >> (7 * n - 1) != ((1u128 << n) - 1) << 1 || v > i64::MAX as u128 {
            return None;
        }
        if v < 1u128 << (7 * (n - 1) - 1) {
            return None;
        }
        let v = v as i64;
        Some((if neg { !v } else { v }, rest))
    }

    pub fn bt_decode(key: &[u8]) -> Option<super::BtKey> {
        let (user, rest) = bt_read(key)?;
        let (at, rest) = bt_read_int(rest)?;
        let (seq, rest) = bt_read_int(rest)?;
        let tag = if rest.is_empty() {
            Vec::new()
        } else {
            let (tag, tail) = bt_read(rest)?;
            if tag.is_empty() || !tail.is_empty() {
                return None; // a trailing empty ASC field is never written
            }
            tag
        };
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

    /// An integer element (codes `0C` to `1C`, canonical) at `at` in `key`, and the offset
    /// after it: one `match` on the code, one big-endian load of the body (the eight bytes
    /// from the body's start where the key has them, else the eight ending at the body's end,
    /// masked; a stack copy only for a key under nine bytes), the shortest-form check.
    #[inline(always)]
    fn read_int_at(key: &[u8], at: usize) -> Option<(bool, u64, usize)> {
        let code = *key.get(at)?;
        let (neg, n) = match code {
            0x14 => return Some((false, 0, at + 1)),
            0x15..=0x1c => (false, usize::from(code - 0x14)),
            0x0c..=0x13 => (true, usize::from(0x14 - code)),
            // 2^64 - 1, the one `u64` written in the long form (`1D 08`).
            0x1d => {
                return (key.get(at + 1..at + 10)
                    == Some(&[8, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]))
                .then_some((false, u64::MAX, at + 10));
            }
            _ => return None,
        };
        let end = at + 1 + n;
        let stored = if let Some(word) = key.get(at + 1..at + 9) {
            u64::from_be_bytes(word.try_into().ok()?) >> (64 - 8 * n)
        } else if end <= key.len() && end >= 8 {
            u64::from_be_bytes(key[end - 8..end].try_into().ok()?) & (u64::MAX >> (64 - 8 * n))
        } else {
            let mut b = [0u8; 8];
            b[8 - n..].copy_from_slice(key.get(at + 1..end)?);
            u64::from_be_bytes(b)
        };
        let mag = if neg {
            (u64::MAX >> (64 - 8 * n)) - stored
        } else {
            stored
        };
        if mag == 0 || (71 - mag.leading_zeros() as usize) / 8 != n || mag == u64::MAX {
            return None;
        }
        Some((neg, mag, end))
    }

    /// [`read_int_at`] over a slice: the element and the bytes after it.
    #[inline]
    fn read_int(key: &[u8]) -> Option<(bool, u64, &[u8])> {
        let (neg, mag, end) = read_int_at(key, 0)?;
        Some((neg, mag, &key[end..]))
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
        let (false, a, at) = read_int_at(key, 0)? else {
            return None;
        };
        let (false, b, at) = read_int_at(key, at)? else {
            return None;
        };
        let (false, c, at) = read_int_at(key, at)? else {
            return None;
        };
        (at == key.len()).then_some(super::FdbInts {
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

/// Every decode floor against rowkey (and foundationdb-tuple where it reads the key) on keys of
/// edge values, each key's every prefix and every one-byte change of it: the floor accepts
/// exactly what rowkey accepts and reads the same values, so a ratio can only flatter the floor.
pub fn check_decode_floors() {
    fn mutations(key: &[u8]) -> Vec<Vec<u8>> {
        let mut out: Vec<Vec<u8>> = (0..key.len()).map(|i| key[..i].to_vec()).collect();
        for i in 0..key.len() {
            for b in [
                0x00, 0x01, 0x0c, 0x13, 0x14, 0x15, 0x1c, 0x1d, 0x7f, 0x80, 0xfe, 0xff,
            ] {
                let mut k = key.to_vec();
                k[i] = b;
                out.push(k);
            }
            let mut k = key.to_vec();
            k[i] ^= 0x01;
            out.push(k);
        }
        out
    }
    // The floor reads `k`'s key as `k`, and every mutation of it as rowkey does.
    fn agree<K: RowKey + PartialEq + std::fmt::Debug>(
        what: &str,
        k: K,
        floor: fn(&[u8]) -> Option<K>,
    ) {
        let key = k.encode().unwrap();
        assert_eq!(floor(&key), Some(k), "{what} {key:02x?}");
        for m in mutations(&key) {
            assert_eq!(floor(&m), K::decode(&m).ok(), "{what} {m:02x?}");
        }
    }
    let u64s = [
        0,
        1,
        0xff,
        0x100,
        0xffff,
        0x1_0000,
        0xff_ffff,
        0xffff_ffff,
        1 << 40,
        1 << 56,
        u64::MAX - 1,
        u64::MAX,
    ];
    for &a in &u64s {
        for &c in &u64s {
            let k = FdbInts {
                a: a as u32,
                b: (c >> 3) as u32,
                c,
            };
            assert_eq!(
                foundationdb_tuple::unpack::<(u32, u32, u64)>(&k.encode().unwrap()).ok(),
                Some((k.a, k.b, k.c))
            );
            agree("fdb ints", k, hand::fdb_ints_decode);
        }
    }
    let i64s = [
        0,
        1,
        -1,
        255,
        -255,
        256,
        -256,
        i64::MIN,
        i64::MAX,
        i64::MIN + 1,
        -(1 << 40),
    ];
    for s in ["", "\0", "a\0b", "\0\0", "\u{ff}", "orders"] {
        for &at in &i64s {
            let k = FdbMixed {
                tenant: s.into(),
                at,
                name: s.repeat(2),
            };
            agree("fdb mixed", k, hand::fdb_mixed_decode);
        }
    }
    let edges = [
        0,
        1,
        -1,
        63,
        64,
        -64,
        -65,
        8191,
        8192,
        1 << 48,
        (1 << 55) - 1,
        1 << 55,
        -(1 << 55),
        i64::MAX,
        i64::MIN,
        -2_000_000,
    ];
    for s in ["", "\0", "a\0b", "\0\0", "eu-west"] {
        for &at in &edges {
            for &seq in &edges {
                let k = BtKey {
                    user: s.into(),
                    at,
                    seq,
                    tag: s.chars().rev().collect(),
                };
                agree("bigtable", k, hand::bt_decode);
            }
        }
    }
}

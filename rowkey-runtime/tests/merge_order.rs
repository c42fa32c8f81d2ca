//! A merge assumes every stream sorted; one that is not would repeat or misplace rows without a
//! word. `Merge` checks each row as it is read (against its stream's row before) and
//! `MergeStream` as it comes out; both panic, naming the stream and both keys. Equal keys in
//! different streams (a random salt writes one key in two buckets) are rows, and pass.

use std::panic::catch_unwind;

use rowkey_runtime::Merge;

fn merged(streams: Vec<Vec<Vec<u8>>>, skip: usize, reverse: bool) -> Result<Vec<Vec<u8>>, String> {
    catch_unwind(|| {
        let m = Merge::new(streams.into_iter().map(Vec::into_iter), skip);
        if reverse {
            m.reverse().collect()
        } else {
            m.collect()
        }
    })
    .map_err(|p| p.downcast_ref::<String>().cloned().unwrap_or_default())
}

#[test]
fn a_stream_out_of_order_panics_naming_it_and_both_keys() {
    let e = merged(
        vec![vec![vec![0, 1], vec![0, 5]], vec![vec![1, 3], vec![1, 2]]],
        1,
        false,
    )
    .unwrap_err();
    assert!(
        e.contains(
            "rowkey::Merge: the streams are out of key order: key 02 (after the salt) of stream 1 came out after 03"
        ),
        "{e}"
    );
}

#[test]
fn a_key_twice_in_one_stream_panics() {
    let e = merged(vec![vec![vec![7], vec![7]]], 0, false).unwrap_err();
    assert!(
        e.contains("stream 0") && e.contains("key 07") && e.contains("after 07"),
        "{e}"
    );
}

#[test]
fn a_reverse_merge_wants_descending_streams() {
    let rows = merged(
        vec![vec![vec![9], vec![3]], vec![vec![8], vec![1]]],
        0,
        true,
    )
    .unwrap();
    assert_eq!(rows, [vec![9], vec![8], vec![3], vec![1]]);
    let e = merged(vec![vec![vec![3], vec![9]]], 0, true).unwrap_err();
    assert!(e.contains("sorted descending"), "{e}");
}

#[test]
fn equal_keys_in_two_streams_are_rows() {
    // One logical key under two random salt bytes.
    let rows = merged(vec![vec![vec![0, 4]], vec![vec![1, 4]]], 1, false).unwrap();
    assert_eq!(rows, [vec![0, 4], vec![1, 4]]);
}

/// Sorted streams of random keys merge without a panic, in order, every row once.
#[test]
fn sorted_streams_merge_whole() {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let streams: Vec<Vec<Vec<u8>>> = (0..16u8)
        .map(|b| {
            let mut keys: Vec<Vec<u8>> = (0..500)
                .map(|_| {
                    let mut k = vec![b];
                    k.extend((0..(next() % 4)).map(|_| (next() % 3) as u8 * 0x7f));
                    k
                })
                .collect();
            keys.sort();
            keys.dedup();
            keys
        })
        .collect();
    let total: usize = streams.iter().map(Vec::len).sum();
    let rows = merged(streams, 1, false).unwrap();
    assert_eq!(rows.len(), total);
    assert!(rows.windows(2).all(|w| w[0][1..] <= w[1][1..]));
}

#[cfg(feature = "async")]
#[test]
fn an_async_stream_out_of_order_panics_too() {
    use futures::executor::block_on;
    use futures::{stream, StreamExt};
    use rowkey_runtime::stream::MergeStream;
    let e = catch_unwind(|| {
        let a = stream::iter(vec![vec![0u8, 1], vec![0, 5]]);
        let b = stream::iter(vec![vec![1u8, 3], vec![1, 2]]);
        block_on(MergeStream::new([a, b], 1).collect::<Vec<_>>())
    })
    .unwrap_err();
    let e = e.downcast_ref::<String>().unwrap();
    assert!(
        e.contains("rowkey::MergeStream: the streams are out of key order"),
        "{e}"
    );
}

/// Random streams of keys that share long prefixes (so their first 8 bytes after the salt, the
/// merge's abbreviated keys, tie), of every length around 8 and 32 bytes (where the merge keeps
/// the last key in fixed-width moves), with error items among them, forward and reverse, with
/// and without a limit: the rows come out as a brute-force sort puts them, every error once;
/// and a stream with two rows swapped panics.
#[test]
fn abbreviated_keys_tie_and_errors_against_brute_force() {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n.max(1)
    };
    const BYTES: [u8; 6] = [0x00, 0x01, 0x7f, 0xfe, 0xff, 0x80];
    for case in 0..3_000 {
        let skip = next(3) as usize;
        let reverse = next(2) == 1;
        let k = 1 + next(6) as usize;
        let prefix: Vec<u8> = (0..next(14)).map(|_| BYTES[next(6) as usize]).collect();
        let mut bodies: Vec<Vec<Vec<u8>>> = (0..k)
            .map(|_| {
                let mut rows: Vec<Vec<u8>> = (0..next(30))
                    .map(|_| {
                        let mut b = prefix[..next(prefix.len() as u64 + 1) as usize].to_vec();
                        b.extend((0..next(42)).map(|_| BYTES[next(6) as usize]));
                        b
                    })
                    .collect();
                rows.sort();
                rows.dedup();
                if reverse {
                    rows.reverse();
                }
                rows
            })
            .collect();
        let swapped = case % 5 == 4 && {
            let s = next(k as u64) as usize;
            let n = bodies[s].len();
            n >= 2 && {
                let i = next(n as u64 - 1) as usize;
                bodies[s].swap(i, i + 1);
                true
            }
        };
        let mut errors = 0;
        let streams: Vec<Vec<Result<Vec<u8>, String>>> = bodies
            .iter()
            .enumerate()
            .map(|(s, rows)| {
                let mut items = Vec::new();
                for body in rows {
                    if next(8) == 0 {
                        errors += 1;
                        items.push(Err(format!("error of stream {s}")));
                    }
                    let mut key = vec![s as u8; skip];
                    key.extend_from_slice(body);
                    items.push(Ok(key));
                }
                items
            })
            .collect();
        let mut expected: Vec<(Vec<u8>, usize)> = bodies
            .iter()
            .enumerate()
            .flat_map(|(s, rows)| rows.iter().map(move |b| (b.clone(), s)))
            .collect();
        expected.sort_by(|a, b| {
            let by_body = if reverse {
                b.0.cmp(&a.0)
            } else {
                a.0.cmp(&b.0)
            };
            by_body.then(a.1.cmp(&b.1))
        });
        // A limit may stop before the swapped rows: only whole merges of them.
        let limit = (!swapped && next(3) == 0).then(|| next(expected.len() as u64 + 2) as usize);
        let out = catch_unwind(|| {
            let mut m = Merge::new(streams.into_iter().map(Vec::into_iter), skip);
            if reverse {
                m = m.reverse();
            }
            if let Some(n) = limit {
                m = m.limit(n);
            }
            // Row by row (`next`), in one loop (`fold`), or some rows by `next` and the rest
            // by `fold`: the same rows, the same checks.
            match case % 3 {
                0 => m.collect::<Vec<_>>(),
                1 => m.fold(Vec::new(), |mut v, r| {
                    v.push(r);
                    v
                }),
                _ => {
                    let first: Vec<_> = m.by_ref().take(case % 7).collect();
                    m.fold(first, |mut v, r| {
                        v.push(r);
                        v
                    })
                }
            }
        });
        if swapped {
            let e = out.expect_err("a stream with two rows swapped panics");
            let e = e.downcast_ref::<String>().cloned().unwrap_or_default();
            assert!(e.contains("out of key order"), "case {case}: {e}");
            continue;
        }
        let out = out.unwrap_or_else(|_| panic!("case {case}: sorted streams panicked"));
        let rows: Vec<(Vec<u8>, usize)> = out
            .iter()
            .filter_map(|r| r.as_ref().ok())
            .map(|key| {
                (
                    key[skip..].to_vec(),
                    if skip > 0 { usize::from(key[0]) } else { 0 },
                )
            })
            .collect();
        let got_errors = out.iter().filter(|r| r.is_err()).count();
        match limit {
            None => {
                assert_eq!(got_errors, errors, "case {case}: every error once");
                let bodies: Vec<&Vec<u8>> = rows.iter().map(|r| &r.0).collect();
                let want: Vec<&Vec<u8>> = expected.iter().map(|r| &r.0).collect();
                assert_eq!(bodies, want, "case {case}");
                if skip > 0 {
                    assert_eq!(rows, expected, "case {case}: equal keys in stream order");
                }
            }
            Some(n) => {
                assert_eq!(out.len(), n.min(expected.len() + errors), "case {case}");
                let want: Vec<&Vec<u8>> = expected.iter().take(rows.len()).map(|r| &r.0).collect();
                let bodies: Vec<&Vec<u8>> = rows.iter().map(|r| &r.0).collect();
                assert_eq!(bodies, want, "case {case}");
            }
        }
    }
}

/// `fold` reads as `next` does: a stream's next row only once its row before it has been
/// passed on, and nothing past the limit.
#[test]
fn fold_reads_a_stream_only_after_its_row_was_taken() {
    use std::cell::RefCell;
    use std::rc::Rc;
    let reads = Rc::new(RefCell::new(vec![0usize; 4]));
    let streams: Vec<_> = (0..4u8)
        .map(|b| {
            let reads = reads.clone();
            (0..100u32)
                .map(move |i| [&[b][..], &(i * 4 + u32::from(b)).to_be_bytes()].concat())
                .inspect(move |_| reads.borrow_mut()[usize::from(b)] += 1)
        })
        .collect();
    for limit in [None, Some(0), Some(1), Some(37), Some(400), Some(500)] {
        reads.borrow_mut().iter_mut().for_each(|r| *r = 0);
        let mut m = Merge::new(streams.clone(), 1);
        if let Some(n) = limit {
            m = m.limit(n);
        }
        let mut taken = [0usize; 4];
        let n = m.fold(0usize, |n, row| {
            let s = usize::from(row[0]);
            taken[s] += 1;
            let reads = reads.borrow();
            assert_eq!(
                reads[s], taken[s],
                "stream {s} read ahead of its rows taken"
            );
            assert!(
                (0..4).all(|t| reads[t] <= taken[t] + 1),
                "{reads:?} {taken:?}"
            );
            assert_eq!(u32::from_be_bytes(row[1..].try_into().unwrap()), n as u32);
            n + 1
        });
        assert_eq!(n, limit.unwrap_or(400).min(400));
        let reads = reads.borrow();
        assert!(
            (0..4).all(|t| reads[t] <= taken[t] + 1),
            "limit {limit:?}: {reads:?} {taken:?}"
        );
    }
}

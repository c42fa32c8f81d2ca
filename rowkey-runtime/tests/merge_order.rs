//! A merge assumes every stream sorted; one that is not would repeat or misplace rows without a
//! word. `Merge` and `MergeStream` check each stream's order as its rows come out and panic,
//! naming the stream and both keys; equal keys in different streams (a random salt writes one
//! key in two buckets) are rows, and pass.

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

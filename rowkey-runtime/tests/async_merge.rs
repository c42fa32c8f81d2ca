//! `stream::MergeStream` is streaming and bounded: a source is read only when its row
//! before has been taken (sources here fail if read ahead of need), the first row comes out
//! before the last source has produced its last row, at most `concurrency` sources are waited
//! on at once, sources that answer `Pending` are woken and finished, errors come out first, and
//! reaching the limit drops every source.

#![cfg(feature = "async")]

use std::cell::RefCell;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};

use futures::executor::block_on;
use futures::{Stream, StreamExt};
use rowkey_runtime::stream::MergeStream;

/// What the test and the sources share: rows each source has produced, rows of each source
/// the merge has handed out, sources waiting (answered `Pending`), the most waiting at once,
/// sources dropped.
#[derive(Default)]
struct Log {
    produced: Vec<usize>,
    taken: Vec<usize>,
    waiting: usize,
    most_waiting: usize,
    dropped: usize,
}

/// Source `id`: `rows` keys `[id, i]`, ascending. Fails if asked for a row while its previous
/// one has not been taken; with `slow`, answers `Pending` once before every row (and wakes).
struct Source {
    id: usize,
    rows: usize,
    slow: bool,
    parked: bool,
    log: Rc<RefCell<Log>>,
}

impl Stream for Source {
    type Item = Vec<u8>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Vec<u8>>> {
        let shared = self.log.clone();
        let mut log = shared.borrow_mut();
        let i = log.produced[self.id];
        assert_eq!(
            i, log.taken[self.id],
            "source {} read ahead: row {i} asked before row {} was taken",
            self.id, log.taken[self.id]
        );
        if self.slow && !self.parked {
            self.parked = true;
            log.waiting += 1;
            log.most_waiting = log.most_waiting.max(log.waiting);
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        if self.parked {
            self.parked = false;
            log.waiting -= 1;
        }
        if i == self.rows {
            return Poll::Ready(None);
        }
        log.produced[self.id] += 1;
        Poll::Ready(Some(vec![self.id as u8, i as u8]))
    }
}

impl Drop for Source {
    fn drop(&mut self) {
        self.log.borrow_mut().dropped += 1;
    }
}

fn sources(k: usize, rows: usize, slow: bool) -> (Vec<Source>, Rc<RefCell<Log>>) {
    let log = Rc::new(RefCell::new(Log {
        produced: vec![0; k],
        taken: vec![0; k],
        ..Log::default()
    }));
    let sources = (0..k)
        .map(|id| Source {
            id,
            rows,
            slow,
            parked: false,
            log: log.clone(),
        })
        .collect();
    (sources, log)
}

/// Takes every row (skipping the 1-byte "salt", the source id), marking it taken for its
/// source; checks global order.
fn drain(mut merge: MergeStream<Source>, log: &Rc<RefCell<Log>>) -> Vec<Vec<u8>> {
    block_on(async {
        let mut out: Vec<Vec<u8>> = Vec::new();
        while let Some(row) = merge.next().await {
            log.borrow_mut().taken[row[0] as usize] += 1;
            out.push(row);
        }
        out
    })
}

#[test]
fn reads_a_source_only_when_its_row_was_taken() {
    for slow in [false, true] {
        let (src, log) = sources(5, 4, slow);
        let rows = drain(MergeStream::new(src, 1), &log);
        assert_eq!(rows.len(), 20);
        assert!(rows.windows(2).all(|w| w[0][1..] <= w[1][1..]), "{rows:?}");
    }
}

#[test]
fn first_row_comes_out_before_the_sources_are_done() {
    let (src, log) = sources(8, 50, true);
    let mut merge = MergeStream::new(src, 1);
    let first = block_on(merge.next()).unwrap();
    assert_eq!(first, [0, 0]);
    let l = log.borrow();
    // One row from each source, no more: 8 of 400.
    assert_eq!(l.produced.iter().sum::<usize>(), 8);
}

#[test]
fn waits_on_at_most_concurrency_sources() {
    for concurrency in [1, 3, 16] {
        let (src, log) = sources(16, 3, true);
        let rows = drain(MergeStream::new(src, 1).concurrency(concurrency), &log);
        assert_eq!(rows.len(), 48);
        assert!(rows.windows(2).all(|w| w[0][1..] <= w[1][1..]));
        let most = log.borrow().most_waiting;
        assert!(
            (1..=concurrency).contains(&most),
            "{most} waiting at once, concurrency {concurrency}"
        );
    }
}

#[test]
fn the_limit_drops_every_source_and_reads_no_further() {
    let (src, log) = sources(6, 10, false);
    let rows = drain(MergeStream::new(src, 1).limit(4), &log);
    assert_eq!(rows, [[0, 0], [1, 0], [2, 0], [3, 0]]);
    let l = log.borrow();
    assert_eq!(
        l.dropped, 6,
        "every source dropped when the limit is reached"
    );
    // The first row of each source, then one refill per row taken before the last: the last
    // row's source is not read again. 6 + 3 of 60 rows.
    assert_eq!(l.produced.iter().sum::<usize>(), 6 + 3);
}

#[test]
fn reverse_errors_first_and_key_length_filter() {
    use futures::stream;
    type Row = Result<Vec<u8>, &'static str>;
    // Descending sources (reverse scans), one with an error and one key of the wrong length.
    let a: Vec<Row> = vec![Ok(vec![0, 9]), Ok(vec![0, 5, 5]), Ok(vec![0, 1])];
    let b: Vec<Row> = vec![Ok(vec![1, 8]), Err("region moved"), Ok(vec![1, 2])];
    let merged: Vec<Row> = block_on(
        MergeStream::new([stream::iter(a), stream::iter(b)], 1)
            .key_len(Some(2))
            .reverse()
            .collect(),
    );
    assert_eq!(
        merged,
        [
            Ok(vec![0, 9]),
            Ok(vec![1, 8]),
            Err("region moved"),
            Ok(vec![1, 2]),
            Ok(vec![0, 1])
        ]
    );
}

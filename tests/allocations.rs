//! `encode` allocates exactly once, with exact capacity; `encode_into` allocates nothing when
//! the buffer has room. Counted with a global allocator (per thread, so parallel tests do not
//! interfere).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use rowkey::RowKey;

struct Counting;

thread_local! {
    static ALLOCS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        let _ = ALLOCS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.realloc(ptr, layout, new) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations(f: impl FnOnce()) -> usize {
    let before = ALLOCS.with(Cell::get);
    f();
    ALLOCS.with(Cell::get) - before
}

#[derive(RowKey)]
struct Message {
    date: u32,
    time: u32,
    message_id: u64,
}

#[derive(RowKey)]
struct Metric {
    metric: String,
    #[reverse_ts]
    ts: i64,
    host: String,
}

#[derive(RowKey)]
struct Bounded {
    #[fixed(8)]
    host: String,
    region: Option<u32>,
}

#[test]
fn encode_allocates_once_with_exact_capacity() {
    let m = Message {
        date: 1,
        time: 2,
        message_id: 3,
    };
    let k = Metric {
        metric: "a\0b".into(),
        ts: 5,
        host: "h".into(),
    };
    let b = Bounded {
        host: "web".into(),
        region: None,
    };
    let mut out = Vec::new();
    assert_eq!(allocations(|| out = m.encode().unwrap()), 1);
    assert_eq!(out.capacity(), 16);
    assert_eq!(allocations(|| out = k.encode().unwrap()), 1);
    assert_eq!(out.capacity(), out.len());
    assert_eq!(allocations(|| out = b.encode().unwrap()), 1);
    assert_eq!(out.capacity(), 9);
}

#[test]
fn encode_into_does_not_allocate_when_there_is_room() {
    let m = Message {
        date: 1,
        time: 2,
        message_id: 3,
    };
    let k = Metric {
        metric: "cpu".into(),
        ts: 5,
        host: "h".into(),
    };
    let b = Bounded {
        host: "web".into(),
        region: Some(4),
    };
    let mut out = Vec::with_capacity(1024);
    let n = allocations(|| {
        for _ in 0..10 {
            m.encode_into(&mut out).unwrap();
            k.encode_into(&mut out).unwrap();
            b.encode_into(&mut out).unwrap();
        }
    });
    assert_eq!(n, 0);
    assert_eq!(out.len(), 10 * (16 + 14 + 13));
}

#[derive(RowKey)]
#[salt(md5, buckets = 16, of = "message_id")]
struct Bucketed {
    date: u32,
    time: u32,
    message_id: u64,
}

#[derive(RowKey)]
#[salt(md5, buckets = 64, of = "message_id")]
struct Bucketed64 {
    date: u32,
    time: u32,
    message_id: u64,
}

/// A plan of a bucketed key allocates each range's start and stop once and the vector of them
/// once; the salts stay on the stack. What the builder itself holds (the fixed bytes, written
/// in place, their spans, and the stop of the prefix under the salt: 3 allocations) does not
/// grow with the buckets.
#[test]
fn a_bucketed_plan_allocates_its_ranges_and_a_constant() {
    let _ = Bucketed::scan().date(7).plan().unwrap(); // warm thread-locals
    let mut plan = None;
    let n16 = allocations(|| plan = Some(Bucketed::scan().date(20_261_125).plan().unwrap()));
    assert_eq!(plan.unwrap().ranges().len(), 16);
    let mut plan = None;
    let n64 = allocations(|| plan = Some(Bucketed64::scan().date(20_261_125).plan().unwrap()));
    assert_eq!(plan.unwrap().ranges().len(), 64);
    assert_eq!(n64 - n16, 2 * (64 - 16), "two allocations per range");
    assert_eq!(
        n16,
        2 * 16 + 1 + 3,
        "the ranges, their vector and the builder's 3"
    );
}

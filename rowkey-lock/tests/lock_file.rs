//! A lock file's life: created by an update run, checked, a rename accepted, a break refused
//! with the verdict, accepted by an update that keeps the old layout, tampered goldens caught,
//! a bad line named by its number.

use std::path::PathBuf;

use rowkey::lock::{Checked, Lock, LockFile};
use rowkey::RowKey;

fn fresh(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("lock-file")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d.join("rowkey.lock")
}

mod v1 {
    #[derive(rowkey::RowKey, Debug)]
    #[salt(md5, buckets = 16, of = "user")]
    pub struct Event {
        pub user: u32,
        pub day: u32,
        pub name: String,
    }
}
mod v2 {
    #[derive(rowkey::RowKey, Debug)]
    #[salt(md5, buckets = 16, of = "account")]
    pub struct Event {
        #[rowkey(was = "user")]
        pub account: u32,
        pub day: u32,
        pub name: String,
    }
}
mod v3 {
    #[derive(rowkey::RowKey, Debug)]
    #[salt(md5, buckets = 16, of = "account")]
    pub struct Event {
        pub day: u32,
        #[rowkey(was = "user")]
        pub account: u32,
        pub name: String,
    }
}

#[test]
fn a_lock_lives_through_a_rename_and_a_break() {
    let path = fresh("life");
    let lock = Lock::at(&path);
    let missing = lock.verify::<v1::Event>("Event", false).unwrap_err();
    assert!(missing.contains("ROWKEY_LOCK=update"), "{missing}");
    assert_eq!(
        lock.verify::<v1::Event>("Event", true),
        Ok(Checked::Created)
    );
    assert_eq!(lock.verify::<v1::Event>("Event", false), Ok(Checked::Same));
    let file = LockFile::read(&path).unwrap().unwrap();
    let entry = file.current("Event").unwrap();
    assert_eq!(entry.layout, v1::Event::layout());
    assert!(entry.goldens.len() >= 8, "{}", entry.goldens.len());
    // Each golden key is the derived key's bytes for its values, checked apart from the lock.
    for g in &entry.goldens {
        let key = v1::Event::decode(&g.key).unwrap();
        assert_eq!(key.encode().unwrap(), g.key);
        assert_eq!(g.values[0], rowkey::layout::Value::U32(key.user));
    }

    // A rename with `was` keeps every byte: the check passes.
    assert_eq!(lock.verify::<v2::Event>("Event", false), Ok(Checked::Same));

    // A reorder breaks: refused with the verdict and a witness.
    let refused = lock.verify::<v3::Event>("Event", false).unwrap_err();
    for says in [
        "[reorder]",
        "bytes   breaks",
        "unique  holds",
        "old (",
        "ROWKEY_LOCK=update",
    ] {
        assert!(refused.contains(says), "wanted {says:?} in\n{refused}");
    }
    // Accepted: the old layout stays as `previous 1`.
    assert!(matches!(
        lock.verify::<v3::Event>("Event", true),
        Ok(Checked::Updated(_))
    ));
    let file = LockFile::read(&path).unwrap().unwrap();
    assert_eq!(file.current("Event").unwrap().layout, v3::Event::layout());
    let previous = file.entries.iter().find(|e| e.previous == Some(1)).unwrap();
    assert_eq!(previous.layout, v1::Event::layout());
    assert_eq!(lock.verify::<v3::Event>("Event", false), Ok(Checked::Same));
    // The text reads back to the same file.
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(LockFile::parse(&text).unwrap().to_text(), text);
}

#[test]
fn tampered_goldens_and_bad_lines_are_caught() {
    let path = fresh("tamper");
    let lock = Lock::at(&path);
    lock.verify::<v1::Event>("Event", true).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    // Another value for the first golden key's bytes.
    let at = text.find("\ngolden ").unwrap() + 1;
    let line_end = at + text[at..].find('\n').unwrap();
    let line = &text[at..line_end];
    let open = line.find('(').unwrap();
    let comma = open + line[open..].find(',').unwrap();
    let bad = format!("{}(4242{}", &line[..open], &line[comma..]);
    std::fs::write(&path, text.replace(line, &bad)).unwrap();
    let e = lock.verify::<v1::Event>("Event", false).unwrap_err();
    assert!(e.contains("where the lock says (4242"), "{e}");

    // A line the file format does not have: its number.
    let broken = text.replacen("encoding binary", "encoding sideways", 1);
    let line = broken
        .lines()
        .position(|l| l == "encoding sideways")
        .unwrap()
        + 1;
    let e = LockFile::parse(&broken).unwrap_err();
    assert_eq!(e.line, line, "{e}");
    let e = LockFile::parse("rowkey-lock 2\n").unwrap_err();
    assert_eq!((e.line, e.message.contains("rowkey-lock 1")), (1, true));
}

/// Parallel updates of one file (tests run in parallel) lose no key.
#[test]
fn parallel_updates_keep_every_key() {
    let path = fresh("parallel");
    std::thread::scope(|s| {
        for i in 0..8 {
            let path = path.clone();
            s.spawn(move || {
                Lock::at(&path)
                    .verify::<v1::Event>(&format!("Event{i}"), true)
                    .unwrap()
            });
        }
    });
    let file = LockFile::read(&path).unwrap().unwrap();
    assert_eq!(file.names().len(), 8);
}

/// A codec of the user's own, of variable width and without a description: the layout cannot
/// run without the type, but the lock still records it, reads back, and checks its goldens
/// (none can be made from the layout alone) through the type.
mod opaque {
    use rowkey::{DecodeError, EncodeError, KeyCodec, Reader, Writer};

    #[derive(Debug, PartialEq)]
    pub struct Tag(pub String);

    impl KeyCodec for Tag {
        const WIDTH: Option<usize> = None;
        const MAX_WIDTH: Option<usize> = None;
        fn encoded_len(&self, last: bool) -> usize {
            self.0.encoded_len(last)
        }
        fn encode(&self, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
            self.0.encode(w, last)
        }
        fn decode(r: &mut Reader<'_>, last: bool) -> Result<Self, DecodeError> {
            String::decode(r, last).map(Tag)
        }
    }

    #[derive(rowkey::RowKey, Debug)]
    pub struct Tagged {
        pub tag: Tag,
        pub n: u32,
    }
}

#[test]
fn a_key_with_an_opaque_codec_is_locked_too() {
    let path = fresh("opaque");
    let lock = Lock::at(&path);
    assert_eq!(
        lock.verify::<opaque::Tagged>("Tagged", true),
        Ok(Checked::Created)
    );
    assert_eq!(
        lock.verify::<opaque::Tagged>("Tagged", false),
        Ok(Checked::Same)
    );
    let file = LockFile::read(&path).unwrap().unwrap();
    assert_eq!(
        file.current("Tagged").unwrap().layout,
        opaque::Tagged::layout()
    );
}

/// `key::<A>().key::<B>().check()` reports every key that breaks, in one panic.
#[test]
fn several_keys_fail_together() {
    let path = fresh("several");
    let panic = std::panic::catch_unwind(|| {
        Lock::at(&path)
            .key::<v1::Event>()
            .key_as::<opaque::Tagged>("Tagged")
            .check()
    })
    .unwrap_err();
    let text = panic.downcast_ref::<String>().unwrap();
    assert!(
        text.contains("key `Event` is not locked") && text.contains("key `Tagged` is not locked"),
        "{text}"
    );
}

mod v4 {
    #[derive(rowkey::RowKey, Debug)]
    #[salt(md5, buckets = 32, of = "account")]
    pub struct Event {
        pub day: u32,
        #[rowkey(was = "user")]
        pub account: u32,
        pub name: String,
    }
}

/// Transitive: with a break accepted, the next edit is judged against every layout kept
/// (their rows may still be in the table), not only the current one.
#[test]
fn an_edit_is_judged_against_every_layout_kept() {
    let path = fresh("transitive");
    let lock = Lock::at(&path);
    lock.verify::<v1::Event>("Event", true).unwrap();
    lock.verify::<v3::Event>("Event", true).unwrap();
    let refused = lock.verify::<v4::Event>("Event", false).unwrap_err();
    assert!(refused.contains("[salt]"), "{refused}");
    assert!(
        refused.contains(
            "against `previous 1` (kept while its rows may be in the table): bytes breaks · \
             point breaks · order breaks · unique holds"
        ),
        "{refused}"
    );
    // Accepted again: both earlier layouts are kept, the oldest as `previous 2`.
    lock.verify::<v4::Event>("Event", true).unwrap();
    let file = LockFile::read(&path).unwrap().unwrap();
    let kept: Vec<_> = file
        .entries
        .iter()
        .map(|e| (e.previous, e.layout.fingerprint))
        .collect();
    assert_eq!(
        kept,
        [
            (None, v4::Event::layout().fingerprint),
            (Some(1), v3::Event::layout().fingerprint),
            (Some(2), v1::Event::layout().fingerprint)
        ]
    );
}

mod random {
    #[derive(rowkey::RowKey, Debug)]
    #[salt(random, buckets = 8)]
    pub struct Log {
        pub host: String,
        pub ts: u64,
    }
}

/// A random salt is no function of the values: its byte is written `__` in the goldens, and
/// the check compares the rest.
#[test]
fn a_random_salt_is_masked_in_the_goldens() {
    let path = fresh("random");
    let lock = Lock::at(&path);
    lock.verify::<random::Log>("Log", true).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let goldens: Vec<&str> = text.lines().filter(|l| l.starts_with("golden ")).collect();
    assert!(goldens.len() >= 24, "{}", goldens.len());
    assert!(goldens.iter().all(|g| g.starts_with("golden __")), "{text}");
    assert_eq!(lock.verify::<random::Log>("Log", false), Ok(Checked::Same));
    // The rest is still checked: another byte after the mask is caught.
    let first = goldens[0];
    let changed = first.replacen("golden __", "golden __ff", 1);
    std::fs::write(&path, text.replacen(first, &changed, 1)).unwrap();
    assert!(lock.verify::<random::Log>("Log", false).is_err());
}

/// A key written under a subspace is locked with its bytes; moving it to another subspace
/// breaks every row, with a witness under both prefixes.
#[test]
fn a_changed_subspace_breaks_every_row() {
    let path = fresh("subspace");
    let lock = Lock::at(&path);
    let a = rowkey::Subspace::new(vec![0x15, 0x01]);
    let b = rowkey::Subspace::new(vec![0x15, 0x02]);
    lock.verify_in::<v1::Event>("Event", a.prefix(), true)
        .unwrap();
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .contains("\nsubspace 1501\n"));
    assert_eq!(
        lock.verify_in::<v1::Event>("Event", a.prefix(), false),
        Ok(Checked::Same)
    );
    let refused = lock
        .verify_in::<v1::Event>("Event", b.prefix(), false)
        .unwrap_err();
    for says in [
        "[subspace]",
        "subspace 1501 became 1502",
        "point   breaks",
        "order   holds",
    ] {
        assert!(refused.contains(says), "wanted {says:?} in\n{refused}");
    }
    let v = rowkey::lock::judge_in(
        &v1::Event::layout(),
        a.prefix(),
        &v1::Event::layout(),
        b.prefix(),
    );
    let rowkey::lock::Status::Breaks(w) = v.get(rowkey::lock::Guarantee::Point) else {
        panic!("point holds across subspaces")
    };
    // The witness, checked by hand: the old row under the old prefix, the same key's bytes
    // under the new one.
    let old = w.keys[0].old_key.clone().unwrap();
    let new = w.keys[0].new_key.clone().unwrap();
    assert_eq!(a.strip(&old).unwrap(), b.strip(&new).unwrap());
    let row: v1::Event = a.decode(&old).unwrap();
    assert_eq!(b.encode(&row).unwrap(), new);
    assert!(b.decode::<v1::Event>(&old).is_err());
}

/// A salted key's goldens reach every bucket.
#[test]
fn the_goldens_reach_every_bucket() {
    let path = fresh("buckets");
    Lock::at(&path).verify::<v4::Event>("Event", true).unwrap();
    let file = LockFile::read(&path).unwrap().unwrap();
    let buckets: std::collections::BTreeSet<u8> = file
        .current("Event")
        .unwrap()
        .goldens
        .iter()
        .map(|g| g.key[0])
        .collect();
    assert_eq!(buckets.len(), 32);
    // Computed apart from the lock: each golden's bucket is the key's own.
    for g in &file.current("Event").unwrap().goldens {
        assert_eq!(v4::Event::decode(&g.key).unwrap().encode().unwrap(), g.key);
    }
}

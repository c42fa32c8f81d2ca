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

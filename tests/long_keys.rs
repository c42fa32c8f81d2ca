//! Keys longer than one of the derive's runs of plain fields (8 fields a runtime call; longer
//! runs are split) and runs broken by fields handled one at a time (a type of the user's, a
//! field the salt hashes, a trailing NULL the key drops): every path gives the bytes written
//! here by hand, and an error names the field it happened in, wherever the runs split.

use rowkey::{DecodeError, EncodeError, KeyCodec, Reader, RowKey, Writer};

/// Eleven fields: a run of 8, then one of 3.
#[derive(RowKey, Debug, PartialEq, Clone)]
struct Eleven {
    f0: u8,
    f1: u16,
    f2: u8,
    f3: u16,
    f4: u8,
    f5: u16,
    f6: u8,
    f7: u16,
    f8: u8,
    f9: u16,
    f10: String,
}

fn eleven() -> Eleven {
    Eleven {
        f0: 0,
        f1: 0x0102,
        f2: 3,
        f3: 0x0405,
        f4: 6,
        f5: 0x0708,
        f6: 9,
        f7: 0x0a0b,
        f8: 0xff,
        f9: 0xfffe,
        f10: "z".into(),
    }
}

/// The bytes of [`eleven`]: each integer big-endian (rowkey's binary layout), the last
/// string as it is.
const ELEVEN: &[u8] = &[
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0x0a, 0x0b, 0xff, 0xff, 0xfe, b'z',
];

#[test]
fn a_key_longer_than_a_run_writes_and_reads_every_field() {
    let k = eleven();
    assert_eq!(k.encode().unwrap(), ELEVEN);
    assert_eq!(k.encoded_len(), ELEVEN.len());
    for room in [0, 256] {
        let mut out = Vec::with_capacity(room);
        out.push(0xaa);
        k.encode_into(&mut out).unwrap();
        assert_eq!(&out[1..], ELEVEN, "encode_into with room for {room}");
    }
    assert_eq!(Eleven::decode(ELEVEN).unwrap(), k);
    let explained = Eleven::explain(ELEVEN);
    for (i, name) in ["f0", "f7", "f8", "f9", "f10"].iter().enumerate() {
        assert!(explained.contains(name), "{i}: {name} in {explained}");
    }
}

#[test]
fn a_truncated_key_names_the_field_wherever_the_run_splits() {
    // Cut inside f7 (the run's last field, at 10..12) and inside f9 (the next run's, 13..15).
    for (cut, field, offset) in [(11, "f7", 10), (14, "f9", 13)] {
        let e = Eleven::decode(&ELEVEN[..cut]).unwrap_err();
        assert_eq!(
            e,
            DecodeError::Truncated {
                field,
                offset,
                needed: 2,
                available: cut - offset,
            },
            "cut at {cut}"
        );
        let explained = Eleven::explain(&ELEVEN[..cut]);
        assert!(explained.contains(field), "{explained}");
    }
}

/// A type of the user's: four bytes, refusing `u32::MAX` on encode.
#[derive(Debug, PartialEq, Clone)]
struct Code(u32);

impl KeyCodec for Code {
    const WIDTH: Option<usize> = Some(4);
    const MAX_WIDTH: Option<usize> = Some(4);
    fn encoded_len(&self, _last: bool) -> usize {
        4
    }
    fn encode(&self, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        if self.0 == u32::MAX {
            return Err(EncodeError::Codec {
                field: w.field(),
                message: "u32::MAX is reserved".into(),
            });
        }
        self.0.encode(w, last)
    }
    fn decode(r: &mut Reader<'_>, last: bool) -> Result<Self, DecodeError> {
        u32::decode(r, last).map(Code)
    }
}

/// Runs broken by a type of the user's and by a field the salt hashes.
#[derive(RowKey, Debug, PartialEq, Clone)]
#[salt(md5, buckets = 16, of = "id")]
struct Broken {
    a: u8,
    b: u8,
    code: Code,
    c: u8,
    id: u32,
    d: u8,
    e: u8,
}

#[test]
fn runs_broken_by_other_fields_keep_the_key_order() {
    let k = Broken {
        a: 1,
        b: 2,
        code: Code(0x0304_0506),
        c: 7,
        id: 0x0809_0a0b,
        d: 12,
        e: 13,
    };
    let bytes = k.encode().unwrap();
    // The salt: md5 of the id's four bytes, its first byte modulo 16 (the README's rule,
    // checked against Java in tests/salt.rs); here only that it is a bucket.
    assert!(bytes[0] < 16);
    assert_eq!(
        &bytes[1..],
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, 0x0a, 0x0b, 12, 13]
    );
    assert_eq!(k.encoded_len(), 14);
    assert_eq!(Broken::decode(&bytes).unwrap(), k);
    // explain reads every field, the user's among the runs, and renders it with its `Debug`.
    let explained = Broken::explain(&bytes);
    for part in ["a", "code", "Code(50595078)", "id", "e"] {
        assert!(explained.contains(part), "{part} in {explained}");
    }
    // An error in the user's field, between two runs, names it.
    let bad = Broken {
        code: Code(u32::MAX),
        ..k.clone()
    };
    assert_eq!(bad.encode().unwrap_err().field(), Some("code"));
    // Truncated in the run after the salted field.
    let e = Broken::decode(&bytes[..13]).unwrap_err();
    assert_eq!(e.field(), Some("e"));
}

//! Every value that does not fit its layout is an `EncodeError` naming the field, with a
//! readable message; nothing is truncated or wrapped, and `encode_into` leaves the buffer as
//! it was.

use rowkey::{
    DecodeError, EncodeError, KeyCodec, Reader, RowKey, WidthUnit, Writer, MAX_ROW_LENGTH,
};

#[derive(RowKey, Debug)]
struct Host {
    #[fixed(8)]
    name: String,
    #[fixed(4)]
    tag: Vec<u8>,
}

#[derive(RowKey, Debug)]
struct Narrow {
    #[fixed(3)]
    uid: u32,
    #[fixed(2)]
    delta: i32,
    #[java]
    #[fixed(1)]
    small: i16,
}

#[derive(RowKey, Debug)]
struct Digits {
    #[decimal(6)]
    time: u32,
    #[hex(4)]
    shard: u32,
}

#[derive(RowKey, Debug)]
struct Times {
    #[reverse_ts]
    a: i64,
    #[reverse_ts]
    b: u64,
    #[reverse_ts]
    c: i32,
    #[reverse_ts]
    d: u32,
}

#[derive(RowKey, Debug)]
struct Blob {
    id: u8,
    data: Vec<u8>,
}

/// Checks the error, its field, its message, and that encode_into left `out` untouched.
fn fails<K: RowKey>(k: &K, expected: EncodeError, message: &str) {
    assert_eq!(k.encode().unwrap_err(), expected);
    assert_eq!(expected.to_string(), message);
    let mut out = vec![9, 9];
    assert_eq!(k.encode_into(&mut out).unwrap_err(), expected);
    assert_eq!(
        out,
        vec![9, 9],
        "encode_into must leave the buffer as it was"
    );
}

#[test]
fn fixed_width_overflow() {
    fails(
        &Host {
            name: "hbase-region-01".into(),
            tag: vec![],
        },
        EncodeError::TooLong {
            field: "name",
            len: 15,
            max: 8,
        },
        "field `name` is 15 bytes long, more than the 8 bytes of its fixed width",
    );
    fails(
        &Host {
            name: "ok".into(),
            tag: vec![1, 2, 3, 4, 5],
        },
        EncodeError::TooLong {
            field: "tag",
            len: 5,
            max: 4,
        },
        "field `tag` is 5 bytes long, more than the 4 bytes of its fixed width",
    );
    // Exactly N bytes fits.
    assert_eq!(
        Host {
            name: "12345678".into(),
            tag: vec![1; 4]
        }
        .encode()
        .unwrap()
        .len(),
        12
    );
}

#[test]
fn value_ending_in_pad_byte() {
    fails(
        &Host { name: "a\0".into(), tag: vec![] },
        EncodeError::EndsWithPad { field: "name", pad: 0 },
        "field `name` ends with the pad byte 0x00, which decoding would strip; remove the trailing pad bytes or use a variable-length field",
    );
    fails(&Host { name: "a".into(), tag: vec![7, 0] }, EncodeError::EndsWithPad { field: "tag", pad: 0 },
        "field `tag` ends with the pad byte 0x00, which decoding would strip; remove the trailing pad bytes or use a variable-length field");
    // A NUL inside the value is fine.
    assert!(Host {
        name: "a\0b".into(),
        tag: vec![0, 1]
    }
    .encode()
    .is_ok());
}

#[test]
fn integer_too_wide_for_fixed() {
    fails(
        &Narrow {
            uid: 1 << 24,
            delta: 0,
            small: 0,
        },
        EncodeError::DoesNotFit {
            field: "uid",
            value: "16777216".into(),
            width: 3,
            unit: WidthUnit::Bytes,
        },
        "field `uid` value 16777216 does not fit in 3 bytes",
    );
    fails(
        &Narrow {
            uid: 0,
            delta: -32769,
            small: 0,
        },
        EncodeError::DoesNotFit {
            field: "delta",
            value: "-32769".into(),
            width: 2,
            unit: WidthUnit::Bytes,
        },
        "field `delta` value -32769 does not fit in 2 bytes",
    );
    fails(
        &Narrow {
            uid: 0,
            delta: 0,
            small: 128,
        },
        EncodeError::DoesNotFit {
            field: "small",
            value: "128".into(),
            width: 1,
            unit: WidthUnit::Bytes,
        },
        "field `small` value 128 does not fit in 1 bytes",
    );
    // The extremes that fit.
    let k = Narrow {
        uid: (1 << 24) - 1,
        delta: -32768,
        small: -128,
    };
    assert_eq!(k.encode().unwrap(), [0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x80]);
}

#[test]
fn integer_too_wide_for_digits() {
    fails(
        &Digits {
            time: 1_000_000,
            shard: 0,
        },
        EncodeError::DoesNotFit {
            field: "time",
            value: "1000000".into(),
            width: 6,
            unit: WidthUnit::DecimalDigits,
        },
        "field `time` value 1000000 does not fit in 6 decimal digits",
    );
    fails(
        &Digits {
            time: 0,
            shard: 0x1_0000,
        },
        EncodeError::DoesNotFit {
            field: "shard",
            value: "65536".into(),
            width: 4,
            unit: WidthUnit::HexDigits,
        },
        "field `shard` value 65536 does not fit in 4 hex digits",
    );
    assert_eq!(
        Digits {
            time: 999_999,
            shard: 0xffff
        }
        .encode()
        .unwrap(),
        b"999999ffff"
    );
}

#[test]
fn reverse_timestamp_out_of_range() {
    fails(
        &Times {
            a: -1,
            b: 0,
            c: 0,
            d: 0,
        },
        EncodeError::NegativeTimestamp {
            field: "a",
            value: -1,
        },
        "field `a` is a reverse timestamp and must not be negative, got -1",
    );
    fails(
        &Times { a: 0, b: i64::MAX as u64 + 1, c: 0, d: 0 },
        EncodeError::TimestampTooLarge { field: "b", value: 9223372036854775808, max: i64::MAX as u64 },
        "field `b` is a reverse timestamp and must be at most 9223372036854775807, got 9223372036854775808",
    );
    fails(
        &Times {
            a: 0,
            b: 0,
            c: -5,
            d: 0,
        },
        EncodeError::NegativeTimestamp {
            field: "c",
            value: -5,
        },
        "field `c` is a reverse timestamp and must not be negative, got -5",
    );
    fails(
        &Times {
            a: 0,
            b: 0,
            c: 0,
            d: 1 << 31,
        },
        EncodeError::TimestampTooLarge {
            field: "d",
            value: 1 << 31,
            max: i32::MAX as u64,
        },
        "field `d` is a reverse timestamp and must be at most 2147483647, got 2147483648",
    );
    // The boundaries themselves are accepted.
    let k = Times {
        a: i64::MAX,
        b: i64::MAX as u64,
        c: i32::MAX,
        d: i32::MAX as u32,
    };
    assert_eq!(k.encode().unwrap(), vec![0; 24]);
}

#[test]
fn key_over_hbase_limit() {
    assert_eq!(MAX_ROW_LENGTH, 32767);
    let ok = Blob {
        id: 1,
        data: vec![7; MAX_ROW_LENGTH - 1],
    };
    assert_eq!(ok.encode().unwrap().len(), MAX_ROW_LENGTH);
    fails(
        &Blob {
            id: 1,
            data: vec![7; MAX_ROW_LENGTH],
        },
        EncodeError::KeyTooLong {
            len: 32768,
            max: 32767,
        },
        "the key is 32768 bytes long, over HBase's row key limit of 32767 bytes",
    );
    assert_eq!(EncodeError::KeyTooLong { len: 1, max: 1 }.field(), None);
}

/// A codec whose encode writes fewer bytes than its encoded_len promised.
#[derive(Debug)]
struct Liar;

impl KeyCodec for Liar {
    const WIDTH: Option<usize> = Some(4);
    const MAX_WIDTH: Option<usize> = Some(4);
    fn encoded_len(&self, _last: bool) -> usize {
        4
    }
    fn encode(&self, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        w.put(&[1, 2]);
        Ok(())
    }
    fn decode(r: &mut Reader<'_>, _last: bool) -> Result<Self, DecodeError> {
        r.take::<4>().map(|_| Liar)
    }
}

#[derive(RowKey, Debug)]
struct WithLiar {
    liar: Liar,
}

#[test]
fn codec_that_breaks_its_length_promise() {
    let e = WithLiar { liar: Liar }.encode().unwrap_err();
    assert_eq!(e.field(), Some("liar"));
    assert_eq!(
        e.to_string(),
        "field `liar`: encoded_len promised 4 bytes for the key but the codecs wrote 2"
    );
}

/// A codec that writes more bytes than its `MAX_WIDTH` allows: the key's stack buffer (of
/// `MAX_LEN` bytes) is not overrun, the error says what happened.
#[derive(Debug)]
struct Boaster;

impl KeyCodec for Boaster {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = Some(2);
    fn encoded_len(&self, _last: bool) -> usize {
        3
    }
    fn encode(&self, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        w.put(&[1, 2, 3]);
        Ok(())
    }
    fn decode(r: &mut Reader<'_>, _last: bool) -> Result<Self, DecodeError> {
        r.take::<3>().map(|_| Boaster)
    }
}

#[derive(RowKey, Debug)]
struct WithBoaster {
    id: u8,
    boaster: Boaster,
}

#[test]
fn codec_that_writes_past_its_max_width() {
    assert_eq!(WithBoaster::MAX_LEN, Some(3));
    let e = WithBoaster {
        id: 7,
        boaster: Boaster,
    }
    .encode()
    .unwrap_err();
    assert_eq!(e.field(), Some("boaster"));
    assert_eq!(
        e.to_string(),
        "field `boaster`: the codecs wrote 4 bytes, more than the 3 the key's MAX_LEN allows"
    );
}

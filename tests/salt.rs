//! Salts: byte-exact with HBase's MD5 and Phoenix's SaltingUtil (golden vectors printed by
//! their Java code), verified on decode, and spread as promised.

use rowkey_testkit::props as support;

use rowkey::salt::Salt;
use rowkey::salt::{java_array_hash, md5, md5_bucket, phoenix_bucket};
use rowkey::{DecodeError, RowKey};

use support::{golden as lines, unhex as hex};

#[derive(RowKey, Debug, PartialEq)]
#[salt(md5, of = "id")]
struct ByLong {
    #[java]
    id: i64,
}

#[derive(RowKey, Debug, PartialEq)]
#[salt(md5, of = "id")]
struct ByInt {
    #[java]
    id: i32,
}

#[derive(RowKey, Debug, PartialEq)]
#[salt(md5, of = "text")]
struct ByText {
    text: String,
}

#[derive(RowKey, Debug, PartialEq)]
#[salt(md5, len = 4, of = "data")]
struct ByBytesShort {
    data: Vec<u8>,
}

#[derive(RowKey, Debug, PartialEq)]
#[salt(md5, buckets = 16, of = "data")]
struct Bucketed {
    data: Vec<u8>,
}

#[test]
fn md5_salts_equal_hbase() {
    let mut checked = 0;
    for line in lines("md5.jsonl") {
        let input = hex(&line["input"]);
        let digest = hex(&line["md5"]);
        assert_eq!(md5(&[&input]).to_vec(), digest);
        // The same salt in front of a derived key, for each way the input was made.
        let key = match line["input_kind"].as_str().unwrap() {
            "Bytes.toBytes(long)" => ByLong {
                id: line["id"].as_str().unwrap().parse().unwrap(),
            }
            .encode(),
            "Bytes.toBytes(int)" => ByInt {
                id: line["id"].as_str().unwrap().parse().unwrap(),
            }
            .encode(),
            "Bytes.toBytes(Long.toString(id)) (ASCII decimal)" => ByText {
                text: line["id"].as_str().unwrap().to_owned(),
            }
            .encode(),
            "Bytes.toBytes(String) (UTF-8)" => ByText {
                text: line["string"].as_str().unwrap().to_owned(),
            }
            .encode(),
            _ => ByBytesShort {
                data: input.clone(),
            }
            .encode()
            .map(|k| {
                assert_eq!(&k[..4], &digest[..4]);
                [&digest[..], &k[4..]].concat()
            }),
        }
        .unwrap();
        assert_eq!(&key[..16], &digest[..], "{line}");
        assert_eq!(&key[16..], &input[..], "the key is the salt then the field");
        // The bucket form: the first four digest bytes as a big-endian u32, mod N.
        let bucket = u32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]]) % 16;
        assert_eq!(md5_bucket(&[&input], 16) as u32, bucket);
        assert_eq!(
            Bucketed {
                data: input.clone()
            }
            .encode()
            .unwrap()[0] as u32,
            bucket
        );
        checked += 1;
    }
    assert!(checked > 100);
    // The HBase book's seed: MD5 of the ASCII id 1231231.
    let key = ByText {
        text: "1231231".into(),
    }
    .encode()
    .unwrap();
    assert_eq!(&key[..4], [0x8D, 0x46, 0x46, 0xEB]);
}

macro_rules! phoenix_keys {
    ($($name:ident = $n:literal),*) => {
        $(
            #[derive(RowKey, Debug, PartialEq)]
            #[salt(phoenix, buckets = $n)]
            struct $name {
                row: Vec<u8>,
            }
        )*
        /// The whole salted row key for `row` under `buckets`.
        fn phoenix_key(buckets: u16, row: &[u8]) -> Vec<u8> {
            match buckets {
                $($n => $name { row: row.to_vec() }.encode().unwrap(),)*
                other => panic!("no key type for {other} buckets"),
            }
        }
    };
}

phoenix_keys!(
    P1 = 1,
    P2 = 2,
    P3 = 3,
    P4 = 4,
    P8 = 8,
    P16 = 16,
    P32 = 32,
    P64 = 64,
    P100 = 100,
    P255 = 255,
    P256 = 256
);

#[test]
fn phoenix_salt_bytes_equal_saltingutil() {
    let (mut bytes_lines, mut key_lines) = (0, 0);
    for line in lines("phoenix_salt.jsonl") {
        match line["kind"].as_str().unwrap() {
            "getSaltingByte" | "getSaltingByte(window)" => {
                let bytes = hex(&line["bytes"]);
                assert_eq!(
                    java_array_hash(&bytes) as i64,
                    line["hash"].as_i64().unwrap()
                );
                for (n, salt) in line["salt_byte_unsigned"].as_object().unwrap() {
                    let n: u16 = n.parse().unwrap();
                    assert_eq!(
                        phoenix_bucket(&bytes, n) as u64,
                        salt.as_u64().unwrap(),
                        "{line}"
                    );
                    // Java's signed byte reading of the same value.
                    let signed = line["salt_byte_signed"][n.to_string()].as_i64().unwrap();
                    assert_eq!(phoenix_bucket(&bytes, n) as i8 as i64, signed);
                }
                bytes_lines += 1;
            }
            "getSaltedKey" => {
                let row = hex(&line["row_key"]);
                for (n, salted) in line["salted_key"].as_object().unwrap() {
                    let n: u16 = n.parse().unwrap();
                    assert_eq!(phoenix_key(n, &row), hex(salted), "{n} buckets: {line}");
                }
                key_lines += 1;
            }
            // Split points are checked with the region splits (splits::salt_buckets).
            "getSalteByteSplitPoints" => {}
            other => panic!("unknown kind {other}"),
        }
    }
    assert!(
        bytes_lines > 200 && key_lines > 10,
        "{bytes_lines} {key_lines}"
    );
}

/// Bytes whose `Arrays.hashCode` is exactly `target`: balanced base-31 digits of
/// `target - 31^7` (mod 2^32) as signed bytes.
fn bytes_hashing_to(target: i32) -> Vec<u8> {
    let mut t = (target as i64 - 31i64.pow(7)).rem_euclid(1 << 32);
    if t >= 1 << 31 {
        t -= 1 << 32;
    }
    let mut digits = [0i64; 7];
    for d in digits.iter_mut().rev() {
        let mut r = t.rem_euclid(31);
        if r > 15 {
            r -= 31;
        }
        *d = r;
        t = (t - r) / 31;
    }
    assert_eq!(t, 0);
    digits.iter().map(|&d| d as i8 as u8).collect()
}

#[test]
fn phoenix_hash_of_integer_min_value() {
    let bytes = bytes_hashing_to(i32::MIN);
    assert_eq!(java_array_hash(&bytes), i32::MIN);
    for n in [1u16, 2, 3, 4, 7, 8, 16, 100, 255, 256] {
        // Java: (byte) Math.abs(Integer.MIN_VALUE % n), computed without overflow in i64.
        let java = ((i32::MIN as i64) % (n as i64)).unsigned_abs() as u8;
        assert_eq!(phoenix_bucket(&bytes, n), java, "{n} buckets");
        assert!(u16::from(phoenix_bucket(&bytes, n)) < n);
        if n != 7 {
            assert_eq!(phoenix_key(n, &bytes), [&[java][..], &bytes].concat());
        }
    }
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[salt(md5, buckets = 8, of = ["user", "seq"])]
struct Event {
    user: String,
    #[desc]
    ts: i64,
    seq: u32,
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[salt(md5, of = "id")]
struct Prefixed {
    id: u64,
    name: String,
}

#[derive(RowKey, Debug, PartialEq, Clone)]
#[salt(random, buckets = 4)]
struct Spread {
    ts: u64,
}

#[test]
fn salts_are_verified_on_decode() {
    let e = Event {
        user: "ann".into(),
        ts: 7,
        seq: 9,
    };
    let mut key = e.encode().unwrap();
    assert_eq!(Event::decode(&key).unwrap(), e);
    assert_eq!(
        key[0] as u32,
        md5_bucket(&[b"ann\x00\x01", &9u32.to_be_bytes()], 8) as u32,
        "of fields hashed in listed order, as encoded"
    );
    // A different bucket below N: the fields hash elsewhere.
    let good = key[0];
    key[0] = (good + 1) % 8;
    let err = Event::decode(&key).unwrap_err();
    assert_eq!(
        err,
        DecodeError::SaltMismatch {
            field: "salt",
            offset: 0,
            expected: vec![good],
            found: vec![key[0]]
        }
    );
    assert_eq!(
        err.to_string(),
        format!(
            "field `salt` at byte 0: the salt is {:02X}, but the key's fields hash to {good:02X}",
            key[0]
        )
    );
    // A bucket byte that no key of this layout has.
    key[0] = 8;
    let err = Event::decode(&key).unwrap_err();
    assert_eq!(
        err,
        DecodeError::BucketOutOfRange {
            field: "salt",
            offset: 0,
            bucket: 8,
            buckets: 8
        }
    );
    assert_eq!(
        err.to_string(),
        "field `salt` at byte 0: bucket 8 is out of range for 8 buckets"
    );

    // A 16-byte md5 prefix: one changed bit anywhere in it is caught.
    let p = Prefixed {
        id: 42,
        name: "x".into(),
    };
    let mut key = p.encode().unwrap();
    assert_eq!(&key[..16], &md5(&[&42u64.to_be_bytes()]));
    key[15] ^= 1;
    assert!(matches!(
        Prefixed::decode(&key),
        Err(DecodeError::SaltMismatch { offset: 0, .. })
    ));
    // Changing the hashed field without the salt is caught too.
    let mut key = p.encode().unwrap();
    key[23] ^= 1;
    assert!(matches!(
        Prefixed::decode(&key),
        Err(DecodeError::SaltMismatch { .. })
    ));
    assert!(Prefixed::explain(&key).contains("error: field `salt` at byte 0: the salt is"));

    // Random salts are range-checked only.
    let s = Spread { ts: 5 };
    let mut key = s.encode().unwrap();
    for b in 0..4u8 {
        key[0] = b;
        assert_eq!(Spread::decode(&key).unwrap(), s);
    }
    key[0] = 4;
    assert!(matches!(
        Spread::decode(&key),
        Err(DecodeError::BucketOutOfRange {
            bucket: 4,
            buckets: 4,
            ..
        })
    ));
}

#[test]
fn layout_constants_include_the_salt() {
    assert_eq!(Prefixed::SALT, Salt::Md5 { len: 16 });
    assert_eq!(Prefixed::MAX_LEN, None);
    assert_eq!(Event::SALT, Salt::Md5Buckets { buckets: 8 });
    assert_eq!(Spread::FIXED_LEN, Some(9));
    assert_eq!(ByBytesShort::SALT.len(), 4);
    let explained = Event::explain(
        &Event {
            user: "a".into(),
            ts: 1,
            seq: 2,
        }
        .encode()
        .unwrap(),
    );
    assert!(explained.starts_with("salt "), "{explained}");
    assert!(explained.contains(" of 8"), "{explained}");
}

#[test]
fn random_salt_spreads_over_every_bucket() {
    let mut counts = [0u32; 4];
    for ts in 0..4000u64 {
        counts[Spread { ts }.encode().unwrap()[0] as usize] += 1;
    }
    // Each bucket should get about 1000; 800 is over 6 standard deviations below.
    assert!(counts.iter().all(|&c| c > 800), "{counts:?}");
}

/// xxHash's `XSUM_fillTestBuffer`: the input of its published sanity vectors.
fn xsum_buffer(len: usize) -> Vec<u8> {
    let mut r#gen: u64 = 2_654_435_761;
    (0..len)
        .map(|_| {
            let b = (r#gen >> 56) as u8;
            r#gen = r#gen.wrapping_mul(11_400_714_785_074_694_797);
            b
        })
        .collect()
}

#[derive(RowKey, Debug, PartialEq)]
#[salt(xxh3, buckets = 256, of = "data")]
struct Xxh3Keyed {
    data: Vec<u8>,
}

#[derive(RowKey, Debug, PartialEq)]
#[salt(xxh3, buckets = 7, of = ["b", "a"])]
struct Xxh3Two {
    a: [u8; 4],
    b: u32,
}

/// XXH3 is pinned by the algorithm's own published vectors: the bucket a key gets never
/// changes between versions or platforms.
#[test]
fn xxh3_matches_the_published_vectors() {
    let vectors = lines("xxh3_sanity.jsonl");
    assert_eq!(vectors.len(), 14);
    for v in vectors {
        let len = v["len"].as_u64().unwrap() as usize;
        let want = u64::from_str_radix(v["xxh3_64"].as_str().unwrap(), 16).unwrap();
        let buf = xsum_buffer(len);
        assert_eq!(rowkey::salt::xxh3(&[&buf]), want, "len {len}");
        // In pieces (several `of` fields), the same hash.
        let (x, rest) = buf.split_at(len / 3);
        let (y, z) = rest.split_at(rest.len() / 2);
        assert_eq!(
            rowkey::salt::xxh3(&[x, y, z]),
            want,
            "len {len} in three parts"
        );
        // Through a derived key: the bucket is the hash mod 256, the key round-trips.
        let key = Xxh3Keyed { data: buf.clone() }.encode().unwrap();
        assert_eq!(key[0], (want % 256) as u8, "len {len}");
        assert_eq!(Xxh3Keyed::decode(&key).unwrap().data, buf);
    }
}

#[test]
fn xxh3_salt_hashes_the_listed_fields_in_order() {
    let k = Xxh3Two { a: *b"abcd", b: 7 };
    let bytes = k.encode().unwrap();
    let want = rowkey::salt::xxh3(&[&7u32.to_be_bytes(), b"abcd"]) % 7;
    assert_eq!(bytes[0] as u64, want);
    assert_eq!(Xxh3Two::decode(&bytes).unwrap(), k);
    let mut wrong = bytes.clone();
    wrong[0] = (wrong[0] + 1) % 7;
    assert!(matches!(
        Xxh3Two::decode(&wrong),
        Err(DecodeError::SaltMismatch { .. })
    ));
    assert_eq!(Xxh3Two::decode_unverified(&wrong).unwrap(), k);
    // A scan that fixes the hashed fields knows the bucket: one range.
    let plan = Xxh3Two::scan().a(*b"abcd").b(7).plan().unwrap();
    assert_eq!(plan.row(), Some(&bytes[..]));
    assert_eq!(
        Xxh3Two::scan().a(*b"abcd").plan().unwrap().ranges().len(),
        7
    );
    assert_eq!(Xxh3Two::SALT, Salt::Xxh3Buckets { buckets: 7 });
}

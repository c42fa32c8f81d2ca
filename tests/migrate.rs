//! `rowkey::migrate`: plans cover the old key space once, in order; they read back from their
//! text, refuse other layouts naming both fingerprints, and name the line of bad text; a row
//! that does not convert names its unit and key.

use rowkey::migrate::{convert_key, Checkpoint, ConvertError, MigrateError, Plan};
use rowkey::{RowKey, ScanRange};

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Plain {
    id: u64,
    #[java]
    name: String,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 8, of = "id")]
struct Salted {
    id: u64,
    #[java]
    name: String,
}

#[test]
fn units_cover_the_key_space_once_in_order() {
    let plan = Plan::from_points::<Plain, Salted>(&[vec![9], vec![3], vec![3], vec![], vec![5, 0]]);
    let ranges: Vec<&ScanRange> = plan.units.iter().map(|u| &u.range).collect();
    assert!(ranges[0].start.is_empty());
    assert!(ranges.last().unwrap().stop.is_empty());
    for w in ranges.windows(2) {
        assert_eq!(w[0].stop, w[1].start, "no gap, no overlap");
    }
    assert_eq!(plan.units.len(), 4);
    assert!(plan.units.iter().enumerate().all(|(i, u)| u.index == i));
    for key in [&[][..], &[2], &[3], &[5], &[5, 0], &[9, 9], &[0xFF]] {
        assert_eq!(
            ranges.iter().filter(|r| r.contains(key)).count(),
            1,
            "{key:?}"
        );
    }
    // A sample of keys cuts even units.
    let keys: Vec<Vec<u8>> = (0u64..1000)
        .map(|i| {
            Plain {
                id: i,
                name: "n".into(),
            }
            .encode()
            .unwrap()
        })
        .collect();
    let plan = Plan::from_sample::<Plain, Salted, _>(&keys, 4).unwrap();
    for u in &plan.units {
        assert_eq!(keys.iter().filter(|k| u.range.contains(k)).count(), 250);
    }
    // An unsalted old key has no split points of its own.
    assert!(matches!(
        Plan::for_layout::<Plain, Salted>(4),
        Err(MigrateError::Split(_))
    ));
}

#[test]
fn a_plan_reads_back_and_bad_text_names_its_line() {
    let plan = Plan::from_points::<Plain, Salted>(&[vec![0x10], vec![0x20, 0x00]]);
    assert_eq!(Plan::parse(&plan.to_text()).unwrap(), plan);
    assert!(plan.check::<Plain, Salted>().is_ok());
    let err = plan.check::<Salted, Plain>().unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains(&format!("{:016x}", Plain::LAYOUT_FINGERPRINT))
            && text.contains(&format!("{:016x}", Salted::LAYOUT_FINGERPRINT)),
        "{text}"
    );
    let written = plan.to_text();
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(lines[4], "unit 1 10 2000");
    for (broken, line) in [
        (written.replacen("v1", "v2", 1), 1),
        (written.replacen(lines[1], "old zz", 1), 2),
        (written.replacen("unit 1 10 2000", "unit 2 10 2000", 1), 5),
        (written.replacen("unit 1 10 2000", "unit 1 1 2000", 1), 5),
        (written.replacen("unit 1 10 2000", "unit 1 10", 1), 5),
    ] {
        match Plan::parse(&broken) {
            Err(MigrateError::BadPlan { line: l, .. }) => assert_eq!(l, line, "{broken}"),
            other => panic!("{broken}: {other:?}"),
        }
    }
}

#[test]
fn rows_convert_or_are_reported_with_their_unit() {
    let plan = Plan::for_layout::<Salted, Plain>(8).unwrap();
    let old = Salted {
        id: 5,
        name: "x".into(),
    };
    let key = old.encode().unwrap();
    let unit = plan.units.iter().find(|u| u.range.contains(&key)).unwrap();
    assert_eq!(unit.range.start, [key[0]]);
    let new = convert_key(&key, unit.index, |o: Salted| Plain {
        id: o.id,
        name: o.name,
    })
    .unwrap();
    assert_eq!(
        Plain::decode(&new).unwrap(),
        Plain {
            id: 5,
            name: "x".into()
        }
    );
    // A bucket byte out of range does not decode: reported with the unit and the key.
    let mut bad = key.clone();
    bad[0] = 200;
    let err = convert_key(&bad, 7, |o: Salted| Plain {
        id: o.id,
        name: o.name,
    })
    .unwrap_err();
    assert_eq!((err.unit, err.key.clone()), (7, bad));
    assert!(matches!(err.error, ConvertError::Decode(_)));
    assert!(err.to_string().starts_with("unit 7: row \\xC8"), "{err}");
    // Checkpoints: the rest of a unit after its last row copied.
    let mut at = Checkpoint::start(unit);
    at.copied(&key);
    let rest = at.remaining(unit);
    assert!(!rest.contains(&key) && rest.stop == unit.range.stop);
}

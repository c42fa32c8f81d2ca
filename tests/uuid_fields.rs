//! `uuid::Uuid` fields (feature `uuid`): 16 bytes in network byte order, so byte order is
//! `Uuid`'s order; `#[desc]` and `Option` compose as for any fixed-width field; scans range
//! over them.

use std::collections::BTreeMap;

use proptest::prelude::*;
use rowkey::{DecodeError, RowKey};
use uuid::Uuid;

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Session {
    user: Uuid,
    #[desc]
    device: Uuid,
    parent: Option<Uuid>,
}

/// UUIDs biased toward nil, max and bytes of 00 and FF.
fn uuid() -> impl Strategy<Value = Uuid> {
    prop_oneof![
        Just(Uuid::nil()),
        Just(Uuid::max()),
        // Random bytes, then a run of them set to 00 or FF.
        (any::<[u8; 16]>(), 0..16usize, 0..16usize, any::<bool>()).prop_map(
            |(mut b, at, n, ff)| {
                for x in b.iter_mut().skip(at).take(n) {
                    *x = if ff { 0xFF } else { 0 };
                }
                Uuid::from_bytes(b)
            }
        ),
    ]
}

fn session() -> impl Strategy<Value = Session> {
    (uuid(), uuid(), proptest::option::of(uuid())).prop_map(|(user, device, parent)| Session {
        user,
        device,
        parent,
    })
}

fn logical(a: &Session, b: &Session) -> core::cmp::Ordering {
    a.user
        .cmp(&b.user)
        .then(b.device.cmp(&a.device))
        .then(a.parent.cmp(&b.parent))
}

proptest! {
    #[test]
    fn order_round_trip_and_canonical_decode(a in session(), b in session()) {
        let (ea, eb) = (a.encode().unwrap(), b.encode().unwrap());
        prop_assert_eq!(ea.len(), if a.parent.is_some() { 49 } else { 33 });
        prop_assert_eq!(&ea[..16], a.user.as_bytes());
        prop_assert_eq!(ea.cmp(&eb), logical(&a, &b));
        prop_assert_eq!(Session::decode(&ea).unwrap(), a.clone());
        // Truncated and extended keys are errors naming a field, never panics.
        for cut in 0..ea.len() {
            prop_assert!(Session::decode(&ea[..cut]).is_err());
        }
        let mut longer = ea.clone();
        longer.push(0);
        prop_assert!(Session::decode(&longer).is_err());
    }

    #[test]
    fn ranges_over_a_uuid_hold_exactly_its_rows(
        keys in proptest::collection::vec(session(), 1..40),
        lo in uuid(),
        hi in uuid(),
    ) {
        let store: BTreeMap<Vec<u8>, Session> =
            keys.iter().map(|k| (k.encode().unwrap(), k.clone())).collect();
        // The right way round (a backward range is refused: tests/regressions.rs).
        let (lo, hi) = (lo.min(hi), lo.max(hi));
        let plan = Session::scan().user(lo..=hi).plan().unwrap();
        let got: Vec<Session> = plan
            .ranges()
            .iter()
            .flat_map(|r| store.range::<[u8], _>(r.to_bounds()).map(|(_, k)| k.clone()))
            .collect();
        let want: Vec<Session> = store.values().filter(|k| (lo..=hi).contains(&k.user)).cloned().collect();
        prop_assert_eq!(got, want);
    }
}

#[test]
fn a_short_key_names_the_field_and_offset() {
    let key = Session {
        user: Uuid::nil(),
        device: Uuid::max(),
        parent: None,
    }
    .encode()
    .unwrap();
    assert_eq!(
        Session::decode(&key[..20]).unwrap_err(),
        DecodeError::Truncated {
            field: "device",
            offset: 16,
            needed: 16,
            available: 4
        }
    );
}

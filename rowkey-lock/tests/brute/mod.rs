//! Brute force, shared by the rule tests: old keys converted by hand, written with the derived
//! code into `BTreeMap`s, and each guarantee computed from the maps.

use std::collections::{BTreeMap, BTreeSet};

use rowkey::lock::{Guarantee, Status, Verdict};
use rowkey::RowKey;

/// The four guarantees over the keys tried, by brute force.
#[derive(Debug)]
pub struct Brute {
    pub bytes: bool,
    pub point: bool,
    pub order: bool,
    pub unique: bool,
}

impl Brute {
    pub fn get(&self, g: Guarantee) -> bool {
        match g {
            Guarantee::Bytes => self.bytes,
            Guarantee::Point => self.point,
            Guarantee::Order => self.order,
            Guarantee::Unique => self.unique,
        }
    }
}

pub fn brute<O: RowKey, N: RowKey>(
    olds: &[O],
    news: &[Vec<u8>],
    conv: impl Fn(&O) -> Option<N>,
) -> Brute {
    let mut point = true;
    let mut unique = true;
    // old bytes -> new bytes, for the old keys that convert.
    let mut map: BTreeMap<Vec<u8>, Vec<u8>> = BTreeMap::new();
    for o in olds {
        let Ok(ob) = o.encode() else { continue };
        let Some(n) = conv(o).and_then(|n| n.encode().ok()) else {
            point = false;
            unique = false;
            continue;
        };
        if n != ob || N::decode(&ob).ok().and_then(|d| d.encode().ok()) != Some(n.clone()) {
            point = false;
        }
        map.insert(ob, n);
    }
    let news_in_old_order: Vec<&Vec<u8>> = map.values().collect();
    let order = news_in_old_order.windows(2).all(|w| w[0] <= w[1]);
    let distinct: BTreeSet<&Vec<u8>> = map.values().collect();
    unique &= distinct.len() == map.len();
    let bytes = point
        && news.iter().all(|nb| {
            N::decode(nb).is_err()
                || O::decode(nb).ok().and_then(|o| o.encode().ok()).as_ref() == Some(nb)
        });
    Brute {
        bytes,
        point,
        order,
        unique,
    }
}

/// Checks `v` against brute force over `olds` (and the old keys of `v`'s witnesses) and
/// `news`: a guarantee the judge says holds must hold there; one it says breaks must break
/// there.
pub fn confirm<O: RowKey, N: RowKey>(
    v: &Verdict,
    mut olds: Vec<O>,
    news: &[N],
    conv: impl Fn(&O) -> Option<N>,
) -> Brute {
    for g in Guarantee::ALL {
        if let Status::Breaks(w) = v.get(g) {
            for k in &w.keys {
                if let Some(ob) = &k.old_key {
                    olds.push(
                        O::decode(ob).expect("a witness's old key decodes with the old type"),
                    );
                }
            }
        }
    }
    // A witness of a new row the old key cannot read is a new key to try.
    let mut news: Vec<Vec<u8>> = news.iter().filter_map(|n| n.encode().ok()).collect();
    for g in Guarantee::ALL {
        if let Status::Breaks(w) = v.get(g) {
            for k in w.keys.iter().filter(|k| k.old_key.is_none()) {
                news.extend(k.new_key.clone());
            }
        }
    }
    let b = brute(&olds, &news, conv);
    for g in Guarantee::ALL {
        match v.get(g) {
            Status::Holds => assert!(
                b.get(g),
                "{} holds by the judge, breaks by brute force: {b:?}\n{}",
                g.name(),
                rowkey::lock::report::text(v, "K")
            ),
            Status::Breaks(_) => assert!(
                !b.get(g),
                "{} breaks by the judge, holds by brute force over its witness: {b:?}\n{}",
                g.name(),
                rowkey::lock::report::text(v, "K")
            ),
            Status::Unproven(_) => {}
        }
    }
    b
}

//! Evolution: each generated layout edited four ways (two adjacent fields swapped, the last
//! field removed, a field's bytes inverted as `#[desc]` does, a field renamed), and the
//! compatibility judge's verdict on each edit checked against brute force over the layout's
//! generated keys. The conversions are written here, by edit, apart from the judge's. A
//! guarantee the judge says holds must hold over every key; a witness it gives must show the
//! break when replayed through the layouts.

use std::collections::{BTreeMap, BTreeSet};

use rowkey::layout::{DynamicKey, Value, ValueType};
use rowkey::lock::{judge, judge_in, Guarantee, Sample, Status, Verdict};
use rowkey::{Encoding, Layout};

/// How an edit converts an old key's values.
type Convert = Box<dyn Fn(&[Value]) -> Vec<Value>>;

/// An edit and how it converts an old key's values.
struct Edit {
    name: &'static str,
    layout: Layout,
    convert: Convert,
}

fn leak(v: Vec<usize>) -> &'static [usize] {
    Box::leak(v.into_boxed_slice())
}

/// Fields moved away from the end write their terminator (a derived key's middle field is
/// never open-ended).
fn close_all_but_last(l: &mut Layout) {
    let n = l.fields.len();
    for (i, f) in l.fields.iter_mut().enumerate() {
        if i + 1 < n {
            f.open_end = false;
        }
        f.offset = None;
    }
}

/// The edits of `old` that make layouts a key can run (`pick` chooses the fields).
fn edits(old: &Layout, pick: u64, first: Option<&[Value]>) -> Vec<Edit> {
    let n = old.fields.len();
    let mut out = Vec::new();
    if old.fields.iter().any(|f| f.window) {
        return out;
    }
    if n >= 2 {
        let i = (pick as usize) % (n - 1);
        let mut l = old.clone();
        l.fields.swap(i, i + 1);
        let moved = |k: usize| {
            if k == i {
                i + 1
            } else if k == i + 1 {
                i
            } else {
                k
            }
        };
        l.salt_of = leak(old.salt_of.iter().map(|&k| moved(k)).collect());
        close_all_but_last(&mut l);
        out.push(Edit {
            name: "swap",
            layout: l,
            convert: Box::new(move |v| {
                let mut v = v.to_vec();
                v.swap(i, i + 1);
                v
            }),
        });
        if !old.salt_of.contains(&(n - 1)) {
            let mut l = old.clone();
            l.fields.pop();
            close_all_but_last(&mut l);
            out.push(Edit {
                name: "remove last",
                layout: l,
                convert: Box::new(move |v| v[..n - 1].to_vec()),
            });
        }
    }
    // A fixed-width field of the key appended again, under a new name, holding one constant
    // (the first key's value of the field it copies) in every old row.
    if old.encoding == Encoding::Binary
        && let Some(c) = old.fields.iter().position(|f| f.width.is_some())
    {
        let mut l = old.clone();
        let mut f = old.fields[c].clone();
        f.name = Box::leak(format!("{}_again", f.name).into_boxed_str());
        f.was = &[];
        f.dropped = None;
        l.fields.push(f);
        close_all_but_last(&mut l);
        let constant = first.map(|k| k[c].clone());
        if let Some(constant) = constant {
            out.push(Edit {
                name: "append",
                layout: l,
                convert: Box::new(move |v| {
                    let mut v = v.to_vec();
                    v.push(constant.clone());
                    v
                }),
            });
        }
    }
    if n >= 1 {
        let i = (pick as usize / 7) % n;
        if old.encoding == Encoding::Binary {
            let mut l = old.clone();
            l.fields[i].inverted = !l.fields[i].inverted;
            out.push(Edit {
                name: "invert",
                layout: l,
                convert: Box::new(|v| v.to_vec()),
            });
        }
        let mut l = old.clone();
        let was: &'static [&'static str] = Box::leak(vec![old.fields[i].name].into_boxed_slice());
        l.fields[i].name = Box::leak(format!("{}_renamed", old.fields[i].name).into_boxed_str());
        l.fields[i].was = was;
        out.push(Edit {
            name: "rename",
            layout: l,
            convert: Box::new(|v| v.to_vec()),
        });
    }
    out
}

/// One old key: its values and bytes, and its converted values and their new bytes (or the
/// new layout's error).
type Row = (Vec<Value>, Vec<u8>, Vec<Value>, Result<Vec<u8>, String>);

/// Checks the judge on each edit of `old` over `keys` (values and old bytes); the number of
/// edits judged.
pub fn check(old: &DynamicKey, keys: &[(Vec<Value>, Vec<u8>)], pick: u64) -> Result<usize, String> {
    // A random salt is no function of the values: judge and replay the keys without it.
    if matches!(old.layout().salt, rowkey::salt::Salt::Random { .. }) {
        let w = old.layout().salt_width;
        let bare = DynamicKey::new(&rowkey::lock::unsalted(old.layout()))?;
        let keys: Vec<_> = keys
            .iter()
            .map(|(v, b)| (v.clone(), b[w..].to_vec()))
            .collect();
        return check(&bare, &keys, pick);
    }
    let mut judged = 0;
    for edit in edits(old.layout(), pick, keys.first().map(|k| k.0.as_slice())) {
        let Ok(new) = DynamicKey::new(&edit.layout) else {
            continue;
        };
        let verdict = judge(old.layout(), &edit.layout);
        let rows: Vec<Row> = keys
            .iter()
            .map(|(x, b)| {
                let y = (edit.convert)(x);
                let nb = new.encode(&y).map_err(|e| e.to_string());
                (x.clone(), b.clone(), y, nb)
            })
            .collect();
        brute(&verdict, &rows, old, &new, &edit)?;
        for g in Guarantee::ALL {
            if let Status::Breaks(w) = verdict.get(g) {
                replay(g, &w.keys, old, &new, &*edit.convert, edit.name == "append").map_err(
                    |e| {
                        format!(
                            "edit {:?}: the judge's {} witness: {e}",
                            edit.name,
                            g.name()
                        )
                    },
                )?;
            }
        }
        if edit.name == "rename" && !verdict.holds(Guarantee::Bytes) {
            return Err(format!(
                "a rename with `was` must keep every byte: {:?}",
                verdict.get(Guarantee::Bytes)
            ));
        }
        judged += 1;
    }
    subspace(old, keys, pick)?;
    Ok(judged + 1)
}

/// Nasty pairs of subspace prefixes: none and `00`, a prefix of the other, `FF` runs.
const PREFIXES: [(&[u8], &[u8]); 4] = [
    (&[], &[0x00]),
    (&[0x15, 0x01], &[0x15, 0x01, 0x00]),
    (&[0xff], &[0xff, 0xff]),
    (&[0x15, 0x02], &[0x15, 0x01]),
];

/// The layout moved to another subspace: every key moves (`bytes` and `point` must not hold;
/// their witness is one old key under both prefixes), and whatever else the judge says holds
/// holds over the prefixed keys.
fn subspace(old: &DynamicKey, keys: &[(Vec<Value>, Vec<u8>)], pick: u64) -> Result<(), String> {
    let (a, b) = PREFIXES[(pick % PREFIXES.len() as u64) as usize];
    let v = judge_in(old.layout(), a, old.layout(), b);
    let fail = |what: String| Err(format!("subspace {a:02x?} became {b:02x?}: {what}"));
    for g in [Guarantee::Bytes, Guarantee::Point] {
        match v.get(g) {
            Status::Holds => return fail(format!("{} holds, but every key moves", g.name())),
            Status::Breaks(w) => {
                let (Some(ok), Some(nk)) = (&w.keys[0].old_key, &w.keys[0].new_key) else {
                    return fail("a witness without keys".into());
                };
                let rest = ok.strip_prefix(a).zip(nk.strip_prefix(b));
                if !rest.is_some_and(|(x, y)| x == y && old.decode(x).is_ok()) {
                    return fail(format!(
                        "the witness is not one key under both: {ok:02x?} {nk:02x?}"
                    ));
                }
            }
            Status::Unproven(_) => {}
        }
    }
    let mut moved: Vec<(Vec<u8>, Vec<u8>)> = keys
        .iter()
        .map(|(_, k)| ([a, k].concat(), [b, k].concat()))
        .collect();
    moved.sort();
    moved.dedup();
    if v.holds(Guarantee::Order) && !moved.windows(2).all(|w| w[0].1 < w[1].1) {
        return fail("order holds, but the prefixed keys sort otherwise".into());
    }
    Ok(())
}

/// Every guarantee the judge says holds holds over `rows`.
fn brute(
    v: &Verdict,
    rows: &[Row],
    old: &DynamicKey,
    new: &DynamicKey,
    edit: &Edit,
) -> Result<(), String> {
    // A point read finds the old row, and reads it as what the old key reads, converted (a
    // format may keep a value's canonical form only: a NaN's payload, -0.0).
    let point = rows.iter().all(|(_, b, _, nb)| {
        nb.as_ref().is_ok_and(|nb| nb == b)
            && new.decode(b).ok() == old.decode(b).ok().map(|x| (edit.convert)(&x))
    });
    let ok: BTreeMap<&[u8], &[u8]> = rows
        .iter()
        .filter_map(|(_, b, _, nb)| nb.as_ref().ok().map(|nb| (b.as_slice(), nb.as_slice())))
        .collect();
    let news: Vec<&[u8]> = ok.values().copied().collect();
    let order = news.windows(2).all(|w| w[0] <= w[1]);
    let distinct: BTreeSet<&[u8]> = news.iter().copied().collect();
    let unique = distinct.len() == news.len() && rows.iter().all(|r| r.3.is_ok());
    if std::env::var("EVOLVE_DEBUG").is_ok() && !unique {
        for r in rows.iter().filter(|r| r.3.is_err()) {
            eprintln!("DEBUG {:?} -> {:?}", r.2, r.3);
        }
        eprintln!("DEBUG distinct {} of {}", distinct.len(), news.len());
    }
    for (g, holds) in [
        (Guarantee::Bytes, point),
        (Guarantee::Point, point),
        (Guarantee::Order, order),
        (Guarantee::Unique, unique),
    ] {
        if v.holds(g) && !holds {
            return Err(format!(
                "edit {:?}: the judge says {} holds, brute force over {} keys breaks it\n{}",
                edit.name,
                g.name(),
                rows.len(),
                rowkey::lock::report::text(v, "edited")
            ));
        }
    }
    Ok(())
}

/// The witness's keys, replayed through both layouts and this edit's conversion, show the
/// break the judge names.
fn replay(
    g: Guarantee,
    keys: &[Sample],
    old: &DynamicKey,
    new: &DynamicKey,
    convert: &dyn Fn(&[Value]) -> Vec<Value>,
    appended: bool,
) -> Result<(), String> {
    // (old bytes, converted values, their new bytes)
    let mut replayed = Vec::new();
    for k in keys {
        let Some(ob) = &k.old_key else {
            // A key only the new layout wrote: the old one must not read it back.
            let nb = k.new_key.as_ref().ok_or("a witness key without bytes")?;
            let back = old.decode(nb).ok().and_then(|x| old.encode(&x).ok());
            return match back {
                Some(b) if b == *nb => Err("the old layout reads the new key back".into()),
                _ => Ok(()),
            };
        };
        let x = old
            .decode(ob)
            .map_err(|e| format!("the old key does not decode: {e}"))?;
        if old.encode(&x).ok().as_ref() != Some(ob) {
            return Err("the old key is not the old layout's bytes for its values".into());
        }
        let mut y = convert(&x);
        // The judge fills an appended field with a constant of its own choosing: its values
        // are taken when the rest is this edit's conversion.
        if let Some(text) = &k.new_values {
            let types = ValueType::Tuple(
                new.layout()
                    .fields
                    .iter()
                    .map(|f| f.value.clone())
                    .collect(),
            );
            if let Ok(Value::Tuple(theirs)) = Value::parse(text, &types) {
                let n = theirs.len();
                if appended && n == y.len() && theirs[..n - 1] == y[..n - 1] {
                    y = theirs;
                }
            }
        }
        replayed.push((ob.clone(), y.clone(), new.encode(&y).ok()));
    }
    let shown = match (g, replayed.as_slice()) {
        (Guarantee::Bytes | Guarantee::Point, [(ob, y, nb)]) => {
            nb.as_ref() != Some(ob) || new.decode(ob).ok().as_ref() != Some(y)
        }
        (Guarantee::Unique, [(_, _, None)]) => true,
        (Guarantee::Unique, [(a, _, Some(na)), (b, _, Some(nb))]) => a != b && na == nb,
        (Guarantee::Order, [(a, _, Some(na)), (b, _, Some(nb))]) => {
            (a < b) != (na < nb) && na != nb
        }
        _ => false,
    };
    if shown {
        Ok(())
    } else {
        Err(format!("replayed, it does not show the break: {keys:?}"))
    }
}

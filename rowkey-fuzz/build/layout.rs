//! Random layouts from the kinds table: fields, salt, text or binary; only layouts the README
//! allows (the macro would refuse the others, which the UI tests cover).

use crate::kinds::{Encoding, Kind};
use crate::rng::Rng;

/// A salt as written in `#[salt(...)]`, with what the generator knows of it.
#[derive(Clone, Debug)]
pub enum Salt {
    Md5 {
        len: Option<u8>,
        of: Vec<usize>,
    },
    Md5Buckets {
        buckets: u16,
        of: Vec<usize>,
    },
    Xxh3Buckets {
        buckets: u16,
        of: Vec<usize>,
    },
    Phoenix {
        buckets: u16,
    },
    Random {
        buckets: u16,
        alphabet: Option<String>,
    },
    JavaHash {
        buckets: u32,
        width: u8,
        of: Vec<usize>,
        opentsdb: bool,
    },
}

impl Salt {
    pub fn name(&self) -> &'static str {
        match self {
            Salt::Md5 { .. } => "md5 prefix",
            Salt::Md5Buckets { .. } => "md5 buckets",
            Salt::Xxh3Buckets { .. } => "xxh3 buckets",
            Salt::Phoenix { .. } => "phoenix",
            Salt::Random {
                alphabet: Some(_), ..
            } => "random alphabet",
            Salt::Random { .. } => "random",
            Salt::JavaHash {
                opentsdb: false, ..
            } => "java_hash",
            Salt::JavaHash { opentsdb: true, .. } => "opentsdb",
        }
    }

    pub fn buckets(&self) -> Option<u16> {
        match self {
            Salt::Md5 { .. } => None,
            Salt::Md5Buckets { buckets, .. }
            | Salt::Xxh3Buckets { buckets, .. }
            | Salt::Phoenix { buckets }
            | Salt::Random { buckets, .. } => Some(*buckets),
            Salt::JavaHash { buckets, .. } => u16::try_from(*buckets).ok().or(Some(u16::MAX)),
        }
    }

    /// The fields a scan must fix before `.plan()` exists: all of an md5 prefix's `of`.
    pub fn first_plannable(&self) -> usize {
        match self {
            Salt::Md5 { of, .. } => of.iter().max().map_or(0, |m| m + 1),
            _ => 0,
        }
    }

    /// The salt's bytes in the key, a text key's delimiter included (the README's widths).
    pub fn width(&self, text: bool) -> usize {
        let binary = match self {
            Salt::Md5 { len, .. } => usize::from(len.unwrap_or(16)),
            Salt::JavaHash { width, .. } => usize::from(*width),
            _ => 1,
        };
        if !text {
            return binary;
        }
        let chars = match self {
            Salt::Md5 { .. } => 2 * binary,
            Salt::Random {
                alphabet: Some(_), ..
            } => 1,
            _ => (self.buckets().unwrap_or(1).saturating_sub(1).max(1))
                .to_string()
                .len(),
        };
        chars + 1
    }

    pub fn attr(&self, fields: &[Field]) -> String {
        let of = |of: &[usize]| {
            let names: Vec<String> = of
                .iter()
                .map(|&i| format!("{:?}", fields[i].name))
                .collect();
            if names.len() == 1 && of[0].is_multiple_of(2) {
                format!("of = {}", names[0])
            } else {
                format!("of = [{}]", names.join(", "))
            }
        };
        match self {
            Salt::Md5 { len: None, of: o } => format!("#[salt(md5, {})]", of(o)),
            Salt::Md5 {
                len: Some(n),
                of: o,
            } => format!("#[salt(md5, len = {n}, {})]", of(o)),
            Salt::Md5Buckets { buckets, of: o } => {
                format!("#[salt(md5, buckets = {buckets}, {})]", of(o))
            }
            Salt::Xxh3Buckets { buckets, of: o } => {
                format!("#[salt(xxh3, buckets = {buckets}, {})]", of(o))
            }
            Salt::Phoenix { buckets } => format!("#[salt(phoenix, buckets = {buckets})]"),
            Salt::JavaHash {
                buckets,
                width,
                of: o,
                opentsdb,
            } => format!(
                "#[salt({}, buckets = {buckets}, width = {width}, {})]",
                if *opentsdb { "opentsdb" } else { "java_hash" },
                of(o)
            ),
            Salt::Random {
                buckets,
                alphabet: None,
            } => format!("#[salt(random, buckets = {buckets})]"),
            Salt::Random {
                buckets,
                alphabet: Some(a),
            } => format!("#[salt(random, buckets = {buckets}, alphabet = {a:?})]"),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Field {
    pub name: String,
    pub kind: Kind,
}

#[derive(Clone, Debug)]
pub struct Layout {
    pub name: String,
    /// The key's encoding (a text key has a delimiter).
    pub encoding: Encoding,
    /// A Phoenix key's declared `row_key_order_optimizable`.
    pub optimizable: bool,
    pub delimiter: Option<u8>,
    pub salt: Option<Salt>,
    pub fields: Vec<Field>,
    /// The key has its scan builder (`false`: `#[rowkey(scan = false)]`, queried by
    /// `full_scan()` alone).
    pub scan: bool,
}

/// Delimiters a text layout may use (punctuation, never alphanumeric).
const DELIMITERS: &[u8] = b":-|#/.~!,_";

/// A kind that must appear, and where: `Some(0)` first, `None` anywhere, `Some(usize::MAX)` last.
pub type Must = (Kind, Option<usize>);

/// A random layout. `must` is a kind that must appear (coverage of the whole table), `salt`
/// a salt kind index that must be used.
/// The kinds tables, one per encoding.
pub struct Tables {
    pub binary: Vec<Kind>,
    pub text: Vec<Kind>,
    pub phoenix: Vec<Kind>,
    pub bigtable: Vec<Kind>,
    pub hbase: Vec<Kind>,
    pub fdb: Vec<Kind>,
}

pub fn layout(
    rng: &mut Rng,
    index: usize,
    tables: &Tables,
    must: Option<&Must>,
    salt: Option<usize>,
) -> Layout {
    let (binary, text) = (&tables.binary[..], &tables.text[..]);
    let encoding = match must {
        Some((k, _)) => k.encoding,
        None if rng.chance(1, 4) => Encoding::Text,
        None if rng.chance(1, 4) => Encoding::Phoenix,
        None if rng.chance(1, 6) => Encoding::Bigtable,
        None if rng.chance(1, 5) => Encoding::HbaseOrdered,
        None if rng.chance(1, 5) => Encoding::FdbTuple,
        None => Encoding::Binary,
    };
    if encoding == Encoding::Phoenix {
        return phoenix_layout(rng, index, &tables.phoenix, must, salt);
    }
    if encoding == Encoding::Bigtable {
        return bigtable_layout(rng, index, &tables.bigtable, must);
    }
    if encoding == Encoding::HbaseOrdered {
        return hbase_layout(rng, index, &tables.hbase, must);
    }
    if encoding == Encoding::FdbTuple {
        return fdb_layout(rng, index, &tables.fdb, must);
    }
    let is_text = encoding == Encoding::Text;
    let table = if is_text { text } else { binary };
    // One field in about one layout of six (the first field is then also the last); 9 to 12
    // in about one of ten (longer than the derive's runs of plain fields, 8 at most: split).
    let n = if rng.chance(1, 6) {
        1
    } else if rng.chance(1, 10) {
        9 + rng.index(4)
    } else {
        2 + rng.index(4)
    };
    let mut kinds: Vec<Kind> = Vec::with_capacity(n);
    for i in 0..n {
        // Unpadded text numbers only as the last part.
        let pool: Vec<&Kind> = table
            .iter()
            .filter(|k| !k.last_only || i + 1 == n)
            .collect();
        let mut k = (*rng.pick(&pool)).clone();
        if !is_text {
            if k.option && rng.chance(1, 5) {
                k = k.option();
                if rng.chance(1, 8) {
                    k = k.option();
                }
            }
            if k.desc && rng.chance(1, 4) {
                k = k.desc();
            }
        }
        kinds.push(k);
    }
    if let Some((k, at)) = must {
        let at = match at {
            _ if k.last_only => n - 1,
            None => rng.index(n),
            Some(i) => (*i).min(n - 1),
        };
        kinds[at] = k.clone();
    }
    // A raw `#[java]` string: only fixed-width fields after it (the first raw one stays).
    if let Some(raw) = kinds.iter().position(|k| k.raw) {
        let fixed: Vec<&Kind> = table
            .iter()
            .filter(|k| k.fixed && k.depth == 0 && !k.raw)
            .collect();
        for k in kinds.iter_mut().skip(raw + 1) {
            if !k.fixed || k.raw || k.depth > 0 {
                *k = (*rng.pick(&fixed)).clone();
            }
        }
    }
    let fields = named(kinds);
    let delimiter = is_text.then(|| {
        let pads: Vec<u8> = fields.iter().filter_map(|f| f.kind.pad).collect();
        let allowed: Vec<u8> = DELIMITERS
            .iter()
            .copied()
            .filter(|d| !pads.contains(d))
            .collect();
        rng.pick(&allowed)
    });
    let salt = random_salt(rng, salt, fields.len(), delimiter);
    Layout {
        name: format!("L{index}"),
        scan: true,
        encoding,
        optimizable: false,
        delimiter,
        salt,
        fields,
    }
}

/// One to five kinds of `table` (a last-only kind last), each passed through `wrap` (`#[desc]`,
/// `Option`), with `must` put in its place.
fn pick_kinds(
    rng: &mut Rng,
    table: &[Kind],
    must: Option<&Must>,
    wrap: impl Fn(&mut Rng, Kind) -> Kind,
) -> Vec<Kind> {
    let n = 1 + rng.index(5);
    let mut kinds: Vec<Kind> = (0..n)
        .map(|i| {
            let pool: Vec<&Kind> = table
                .iter()
                .filter(|k| !k.last_only || i + 1 == n)
                .collect();
            let k = (*rng.pick(&pool)).clone();
            wrap(rng, k)
        })
        .collect();
    if let Some((k, at)) = must {
        let at = match at {
            _ if k.last_only => n - 1,
            None => rng.index(n),
            Some(i) => (*i).min(n - 1),
        };
        kinds[at] = k.clone();
    }
    kinds
}

/// A Phoenix-encoded layout: Phoenix's types; `#[desc]` on any, `Option` on a VARCHAR or
/// VARBINARY, a VARBINARY only last, Phoenix's salt or none; the optimizable flag decides
/// whether a DESC VARCHAR keeps an order (and a range).
fn phoenix_layout(
    rng: &mut Rng,
    index: usize,
    table: &[Kind],
    must: Option<&Must>,
    salt: Option<usize>,
) -> Layout {
    // DESC first, then Option: Phoenix puts NULL first in a DESC column too.
    let mut kinds = pick_kinds(rng, table, must, |rng, k| {
        let mut k = k;
        if k.desc && rng.chance(1, 3) {
            k = k.desc();
        }
        if k.option && rng.chance(1, 3) {
            k = k.option();
        }
        k
    });
    // Phoenix allows one ROW_TIMESTAMP column: later ones become plain TIMESTAMPs.
    let plain = table
        .iter()
        .find(|k| k.name == "phoenix TIMESTAMP")
        .expect("a TIMESTAMP kind");
    let mut row_timestamps = 0;
    for k in &mut kinds {
        if k.name.ends_with("ROW_TIMESTAMP") {
            row_timestamps += 1;
            if row_timestamps > 1 {
                *k = plain.clone();
            }
        }
    }
    let optimizable = rng.chance(1, 2);
    for k in &mut kinds {
        let desc = k.attrs.iter().any(|a| a == "#[desc]");
        let varbinary = k.ty.contains("Vec<u8>");
        if desc && k.variable_phoenix && (varbinary || !optimizable) {
            k.unordered = true;
            k.range = false;
        }
        if desc && k.depth > 0 {
            k.range = false;
        }
    }
    let fields = named(kinds);
    let salt = match salt.unwrap_or_else(|| rng.index(3)) {
        0 => None,
        _ => Some(Salt::Phoenix {
            buckets: rng.pick(&[1u16, 2, 3, 4, 7, 16, 100, 255, 256]),
        }),
    };
    Layout {
        name: format!("L{index}"),
        scan: true,
        encoding: Encoding::Phoenix,
        optimizable,
        delimiter: None,
        salt,
        fields,
    }
}

/// The fields `f0`, `f1`, ... of `kinds`.
fn named(kinds: Vec<Kind>) -> Vec<Field> {
    kinds
        .into_iter()
        .enumerate()
        .map(|(i, kind)| Field {
            name: format!("f{i}"),
            kind,
        })
        .collect()
}

/// A Bigtable-encoded layout: its field types, `#[desc]` on any, no salt.
fn bigtable_layout(rng: &mut Rng, index: usize, table: &[Kind], must: Option<&Must>) -> Layout {
    let n = 1 + rng.index(5);
    let mut kinds: Vec<Kind> = (0..n)
        .map(|_| {
            let k = rng.pick(table).clone();
            if rng.chance(1, 3) {
                k.desc()
            } else {
                k
            }
        })
        .collect();
    if let Some((k, at)) = must {
        let at = at.map_or_else(|| rng.index(n), |i| i.min(n - 1));
        kinds[at] = k.clone();
    }
    Layout {
        name: format!("L{index}"),
        scan: true,
        encoding: Encoding::Bigtable,
        optimizable: false,
        delimiter: None,
        salt: None,
        fields: named(kinds),
    }
}

/// An HBase Struct layout: Ordered types, `#[desc]` on any, `Option` on strings and blobs, no
/// salt. A DESC `Option` among the trailing ones Struct.encode may drop has no order (a stored
/// DESC NULL sorts last, a dropped one first) and no range.
fn hbase_layout(rng: &mut Rng, index: usize, table: &[Kind], must: Option<&Must>) -> Layout {
    // Option first, then DESC: HBase inverts a NULL with the rest of the member.
    let mut kinds = pick_kinds(rng, table, must, |rng, k| {
        let mut k = k;
        if k.option && rng.chance(1, 3) {
            k = k.option();
        }
        if k.desc && rng.chance(1, 3) {
            k = k.desc();
        }
        k
    });
    for k in kinds.iter_mut().rev().take_while(|k| k.depth > 0) {
        if k.attrs.iter().any(|a| a == "#[desc]") {
            k.unordered = true;
            k.range = false;
        }
    }
    Layout {
        name: format!("L{index}"),
        scan: true,
        encoding: Encoding::HbaseOrdered,
        optimizable: false,
        delimiter: None,
        salt: None,
        fields: named(kinds),
    }
}

/// A FoundationDB tuple layout: its element types, `Option` on any (None is the null
/// element), no `#[desc]`, no salt.
fn fdb_layout(rng: &mut Rng, index: usize, table: &[Kind], must: Option<&Must>) -> Layout {
    let mut kinds = pick_kinds(rng, table, must, |rng, k| {
        if k.option && rng.chance(1, 3) {
            k.option()
        } else {
            k
        }
    });
    // Layouts whose every field documents its width, so that FIXED_LEN and MAX_LEN are checked
    // against the whole key: every layout of a forced kind that has one, a third of the others.
    let forced = must.map(|(k, _)| k);
    let keep: Option<fn(&Kind) -> bool> = if forced.is_some_and(|k| k.same.is_some())
        || (forced.is_none() && rng.chance(1, 6))
    {
        Some(|k| k.same.is_some())
    } else if forced.is_some_and(|k| k.most.is_some()) || (forced.is_none() && rng.chance(1, 5)) {
        Some(|k| k.most.is_some())
    } else {
        None
    };
    if let Some(keep) = keep {
        let pool: Vec<&Kind> = table.iter().filter(|k| keep(k)).collect();
        for k in kinds.iter_mut().filter(|k| !keep(k)) {
            *k = (*rng.pick(&pool)).clone();
        }
    }
    Layout {
        name: format!("L{index}"),
        scan: true,
        encoding: Encoding::FdbTuple,
        optimizable: false,
        delimiter: None,
        salt: None,
        fields: named(kinds),
    }
}

/// Salt kinds, by index: none, md5 prefix, md5 buckets, phoenix, random, random with an
/// alphabet, xxh3 buckets, java_hash, opentsdb.
pub const SALT_KINDS: usize = 9;

fn random_salt(
    rng: &mut Rng,
    forced: Option<usize>,
    fields: usize,
    delimiter: Option<u8>,
) -> Option<Salt> {
    let text = delimiter.is_some();
    let choice = forced.unwrap_or_else(|| [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8][rng.index(11)]);
    let choice = match choice {
        3 | 7 | 8 if text => 4,
        5 if !text => 4,
        c => c,
    };
    let mut of = || {
        let mut all: Vec<usize> = (0..fields).collect();
        let k = 1 + rng.index(fields.min(3));
        let mut out = Vec::new();
        for _ in 0..k {
            out.push(all.remove(rng.index(all.len())));
        }
        out
    };
    let buckets = |rng: &mut Rng| rng.pick(&[1u16, 2, 3, 4, 7, 16, 100, 255, 256]);
    Some(match choice {
        0 => return None,
        1 => {
            let of = of();
            let len = if rng.chance(1, 2) {
                None
            } else {
                Some(1 + rng.below(16) as u8)
            };
            Salt::Md5 { len, of }
        }
        2 => {
            let of = of();
            Salt::Md5Buckets {
                buckets: buckets(rng),
                of,
            }
        }
        3 => Salt::Phoenix {
            buckets: buckets(rng),
        },
        4 => Salt::Random {
            buckets: buckets(rng),
            alphabet: None,
        },
        6 => {
            let of = of();
            Salt::Xxh3Buckets {
                buckets: buckets(rng),
                of,
            }
        }
        7 | 8 => {
            let of = of();
            let (buckets, width) = rng.pick(&[
                (1u32, 1u8),
                (20, 1),
                (256, 1),
                (1000, 1),
                (2, 2),
                (300, 2),
                (20, 3),
                (7, 4),
            ]);
            Salt::JavaHash {
                buckets,
                width,
                of,
                opentsdb: choice == 8,
            }
        }
        _ => {
            let d = delimiter.unwrap_or(b':');
            let chars: Vec<u8> = (b'!'..=b'~').filter(|&c| c != d).collect();
            let n = 1 + rng.index(8);
            let mut pool = chars.clone();
            let alphabet: String = (0..n)
                .map(|_| char::from(pool.remove(rng.index(pool.len()))))
                .collect();
            Salt::Random {
                buckets: n as u16,
                alphabet: Some(alphabet),
            }
        }
    })
}

/// A twin of `layout` for the mid-move read (`rowkey::migrate`): the same fields, encoding and
/// delimiter under another salt, named `<name>Twin`; `None` for layouts whose salt cannot
/// change (an md5 prefix's full scans come in hash order; Bigtable, HBase and FoundationDB
/// keys take no salt). A binary or text layout's twin tries the salt kind `prefer` first (see
/// [`SALT_KINDS`]), then random kinds until one differs from the layout's own.
pub fn twin(rng: &mut Rng, layout: &Layout, prefer: Option<usize>) -> Option<Layout> {
    if matches!(layout.salt, Some(Salt::Md5 { .. })) {
        return None;
    }
    let mut prefer = prefer;
    let salt = match layout.encoding {
        Encoding::Binary | Encoding::Text => loop {
            let s = random_salt(rng, prefer.take(), layout.fields.len(), layout.delimiter);
            let attr = |s: &Option<Salt>| s.as_ref().map(|s| s.attr(&layout.fields));
            if !matches!(s, Some(Salt::Md5 { .. })) && attr(&s) != attr(&layout.salt) {
                break s;
            }
        },
        Encoding::Phoenix => match layout.salt {
            Some(_) => None,
            None => Some(Salt::Phoenix {
                buckets: rng.pick(&[1u16, 3, 16, 256]),
            }),
        },
        Encoding::Bigtable | Encoding::HbaseOrdered | Encoding::FdbTuple => return None,
    };
    Some(Layout {
        name: format!("{}Twin", layout.name),
        salt,
        ..layout.clone()
    })
}

//! A design under study: how an event of the workload becomes a row key of type `K`, and the
//! reads its readers run, each a plan from `K`'s own scan builder.

use rowkey::{EncodeError, RowKey};

use crate::query::{ByteQuery, IntoQuery};
use crate::Span;

type KeyFn<E> = Box<dyn Fn(&E, &mut Vec<u8>) -> Result<(), EncodeError> + Send + Sync>;
type ReadFn = Box<dyn Fn(&Span) -> Result<ByteQuery, EncodeError> + Send + Sync>;

/// A row-key design for events `E`: a name, the key of each event, and a read mix.
///
/// ```
/// use rowkey::RowKey;
/// use rowkey_studio::{Design, Query};
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 8, of = "user")]
/// struct Click { user: u64, #[reverse_ts] ts: u64 }
///
/// struct Event { user: u64, ts: u64 }
///
/// let design = Design::new("clicks by user", |e: &Event| Click { user: e.user, ts: e.ts })
///     .read("one user's clicks", |_| Click::scan().user(42).plan())
///     .read("the newest click of each bucket", |_| Query::new(Click::full_scan()).limit(1));
/// assert_eq!(design.name(), "clicks by user");
/// assert_eq!(design.slug(), "clicks-by-user");
/// ```
pub struct Design<E, K> {
    name: String,
    slug: String,
    key: Box<dyn Fn(&E) -> K + Send + Sync>,
    reads: Vec<(String, ReadFn)>,
    presplit: Vec<Vec<u8>>,
}

impl<E: 'static, K: RowKey + 'static> Design<E, K> {
    /// The design called `name` whose row key for event `e` is `key(e)`. Its slug (for file
    /// names) is the name in lowercase with runs of other characters as `-`.
    pub fn new(name: &str, key: impl Fn(&E) -> K + Send + Sync + 'static) -> Self {
        Design {
            name: name.to_string(),
            slug: slug(name),
            key: Box::new(key),
            reads: Vec::new(),
            presplit: Vec::new(),
        }
    }

    /// Creates this design's table pre-split at `points` (such as
    /// `K::split_points`'s, one region per salt bucket); it still auto-splits, as an
    /// HBase table does. A study's given region boundaries
    /// ([`Study::splits`](crate::Study::splits)) take precedence.
    ///
    /// ```
    /// use rowkey::RowKey;
    /// use rowkey_studio::{Design, Study};
    ///
    /// #[derive(RowKey)]
    /// #[salt(md5, buckets = 8, of = "id")]
    /// struct Event { ts: u64, id: u64 }
    ///
    /// let design = Design::new("8 buckets", |&i: &u64| Event { ts: i, id: i })
    ///     .presplit(Event::split_points(8).unwrap());
    /// let outcome = &Study::new(1_000, |i| i).design(design).run().unwrap()[0];
    /// assert_eq!(outcome.run.report.regions, 8);
    /// ```
    pub fn presplit(mut self, points: Vec<Vec<u8>>) -> Self {
        self.presplit = points;
        self
    }

    /// Names the design's files `slug` instead.
    pub fn slug_as(mut self, slug: &str) -> Self {
        self.slug = slug.to_string();
        self
    }

    /// Adds a read called `name`: `plan(span)` gives the plan (or a [`Query`](crate::Query)),
    /// from what the run wrote (`span`: the writes, their time span and key range).
    pub fn read<Q: IntoQuery<K>>(
        mut self,
        name: &str,
        plan: impl Fn(&Span) -> Q + Send + Sync + 'static,
    ) -> Self {
        self.reads.push((
            name.to_string(),
            Box::new(move |span: &Span| plan(span).into_query().map(|q| q.erase())),
        ));
        self
    }

    /// Adds a read called `name` whose reader wants only the rows whose decoded key passes
    /// `wanted` (a filter on what the plan's scans return), as
    /// [`Query::filter`](crate::Query::filter) does.
    ///
    /// ```
    /// use rowkey::RowKey;
    /// use rowkey_studio::{Design, Study};
    ///
    /// #[derive(RowKey)]
    /// struct Reading { sensor: u8, ts: u32 }
    ///
    /// let study = Study::new(1_000, |i| (i % 10) as u8)
    ///     .design(Design::new("by sensor", |&s| Reading { sensor: s, ts: 0 })
    ///         .read_where("sensor 3 of all", |_| Ok(Reading::full_scan()), |r: &Reading| r.sensor == 3));
    /// let cost = &study.run().unwrap()[0].run.reads[0];
    /// assert_eq!((cost.rows_read, cost.rows_wanted), (1_000, 100));
    /// ```
    pub fn read_where<Q: IntoQuery<K>>(
        self,
        name: &str,
        plan: impl Fn(&Span) -> Q + Send + Sync + 'static,
        wanted: impl Fn(&K) -> bool + Send + Sync + 'static,
    ) -> Self {
        let wanted = std::sync::Arc::new(wanted);
        self.read(name, move |span: &Span| {
            let wanted = wanted.clone();
            plan(span)
                .into_query()
                .map(|q| q.filter(move |k: &K| wanted(k)))
        })
    }

    /// The design's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its file name.
    pub fn slug(&self) -> &str {
        &self.slug
    }

    /// The design with its key type erased, as a study holds it.
    pub(crate) fn erase(self) -> Erased<E> {
        let key = self.key;
        Erased {
            name: self.name,
            slug: self.slug,
            key: Box::new(move |e: &E, out: &mut Vec<u8>| key(e).encode_into(out)),
            reads: self.reads,
            presplit: self.presplit,
            labels: crate::report::labels::decoded::<K>,
            salts: match (K::SALT.buckets(), K::SALT_TEXT) {
                (Some(_), None) => {
                    let mut salts = K::SALT.bucket_salts();
                    salts.sort();
                    salts
                }
                _ => Vec::new(),
            },
        }
    }
}

/// A design whose keys are bytes.
pub(crate) struct Erased<E> {
    pub name: String,
    pub slug: String,
    pub key: KeyFn<E>,
    pub reads: Vec<(String, ReadFn)>,
    pub presplit: Vec<Vec<u8>>,
    /// A key's axis labels, by `K::explain`.
    pub labels: fn(&[u8]) -> Vec<String>,
    /// The salt of each bucket of `K`'s bucket salt, sorted (empty without one).
    pub salts: Vec<Vec<u8>>,
}

/// `name` in lowercase ASCII, each run of other characters one `-`, none at either end.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        out.push_str("design");
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn slugs_are_file_names() {
        assert_eq!(super::slug("md5 buckets (16)"), "md5-buckets-16");
        assert_eq!(super::slug("  Time/First  "), "time-first");
        assert_eq!(super::slug("ключ"), "design");
    }
}

//! The read side of a study: a read is the user's own [`ScanPlan`] (from the key's builder), with
//! an optional filter on the decoded key for the rows the reader wants among those the ranges
//! hold, and an optional limit of rows per range (a newest-first reader stops after one row).
//! What it costs is measured on the simulated table at the end of the run.

use rowkey::{RowKey, ScanPlan};

/// Which rows of a plan a reader wants, by their decoded key.
type Filter<K> = Box<dyn Fn(&K) -> bool>;

/// Which rows of a plan a reader wants, by their bytes.
pub type ByteFilter = Box<dyn Fn(&[u8]) -> bool>;

/// What a reader runs: a scan plan, which of its rows the reader wants, and how many rows it
/// reads per range at most.
///
/// ```
/// use rowkey::RowKey;
/// use rowkey_studio::Query;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 4, of = "id")]
/// struct Event { day: u32, id: u64 }
///
/// // Day 7's events whose id is even: the plan reads all of day 7 in each bucket.
/// let q = Query::new(Event::scan().day(7).plan().unwrap()).filter(|e: &Event| e.id % 2 == 0);
/// assert_eq!(q.plan().ranges().len(), 4);
/// let even = Event { day: 7, id: 2 }.encode().unwrap();
/// let odd = Event { day: 7, id: 3 }.encode().unwrap();
/// assert!(q.wants(&even) && !q.wants(&odd));
/// ```
pub struct Query<K> {
    plan: ScanPlan,
    filter: Option<Filter<K>>,
    limit: Option<u64>,
}

impl<K> std::fmt::Debug for Query<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Query")
            .field("plan", &self.plan)
            .field("filter", &self.filter.is_some())
            .field("limit", &self.limit)
            .finish()
    }
}

impl<K: RowKey + 'static> Query<K> {
    /// Reads the plan's rows: every row its ranges hold is read, and those it
    /// [`matches`](ScanPlan::matches) are wanted.
    pub fn new(plan: ScanPlan) -> Self {
        Query {
            plan,
            filter: None,
            limit: None,
        }
    }

    /// Wants only the rows whose decoded key passes `wanted` (a filter the reader applies to
    /// what the scan returns): rows read stay those of the ranges.
    pub fn filter(mut self, wanted: impl Fn(&K) -> bool + 'static) -> Self {
        self.filter = Some(Box::new(wanted));
        self
    }

    /// Reads at most `rows` rows of each range (a scan with a limit, merged across ranges): the
    /// first `rows` rows of each range in key order, and wants at most `rows` of those.
    ///
    /// ```
    /// use rowkey::RowKey;
    /// use rowkey_studio::Query;
    ///
    /// #[derive(RowKey)]
    /// struct Message { #[reverse_ts] ts: u64, id: u64 }
    ///
    /// // The newest message: the first row of a reverse-timestamp table.
    /// let newest = Query::<Message>::new(Message::full_scan()).limit(1);
    /// assert_eq!(newest.row_limit(), Some(1));
    /// ```
    pub fn limit(mut self, rows: u64) -> Self {
        self.limit = Some(rows);
        self
    }

    /// The plan.
    pub fn plan(&self) -> &ScanPlan {
        &self.plan
    }

    /// The rows read per range at most.
    pub fn row_limit(&self) -> Option<u64> {
        self.limit
    }

    /// True when the reader wants row `key`: it matches the plan and passes the filter (a
    /// key that does not decode is not wanted).
    pub fn wants(&self, key: &[u8]) -> bool {
        self.plan.matches(key)
            && self
                .filter
                .as_ref()
                .is_none_or(|f| K::decode_unverified(key).is_ok_and(|k| f(&k)))
    }

    /// The query over keys as bytes.
    pub(crate) fn erase(self) -> ByteQuery {
        let filter = self.filter.map(|f| {
            Box::new(move |key: &[u8]| K::decode_unverified(key).is_ok_and(|k| f(&k))) as ByteFilter
        });
        ByteQuery {
            plan: self.plan,
            filter,
            limit: self.limit,
        }
    }
}

impl<K: RowKey + 'static> From<ScanPlan> for Query<K> {
    fn from(plan: ScanPlan) -> Self {
        Query::new(plan)
    }
}

/// A [`Query`] over keys as bytes: what the simulator counts.
pub struct ByteQuery {
    /// The ranges read.
    pub plan: ScanPlan,
    /// Which rows of the plan are wanted, beyond [`ScanPlan::matches`].
    pub filter: Option<ByteFilter>,
    /// Rows read per range at most.
    pub limit: Option<u64>,
}

impl std::fmt::Debug for ByteQuery {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ByteQuery")
            .field("plan", &self.plan)
            .field("filter", &self.filter.is_some())
            .field("limit", &self.limit)
            .finish()
    }
}

/// What one read costs on the table at the end of a run. Rows are counted as writes: a key
/// written twice is two cells and counts twice, as a scan reads both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadCost {
    /// The read's name.
    pub name: String,
    /// True when the plan is a Get (every field fixed): `ranges` is then the number of Gets.
    pub point: bool,
    /// Ranges (or Gets) sent.
    pub ranges: usize,
    /// Regions the ranges overlap: the region servers' scanners opened.
    pub regions: usize,
    /// Rows the scans return: every row the ranges hold, or with a limit the first `limit`
    /// rows of each range in key order. The design's rows-read map counts the same rows.
    pub rows_read: u64,
    /// Rows among them that the reader wants (with a limit: at most the limit).
    pub rows_wanted: u64,
    /// The rows read per range at most ([`Query::limit`]).
    pub limit: Option<u64>,
    /// The plan read.
    pub plan: ScanPlan,
}

impl ReadCost {
    /// Rows read per row wanted (1.0: nothing read in vain); rows read when none is wanted.
    ///
    /// ```
    /// use rowkey_studio::ReadCost;
    ///
    /// let plan = rowkey::ScanPlan::from_range(rowkey::ScanRange::prefix(b"r"));
    /// let c = ReadCost { name: "r".into(), point: false, ranges: 1, regions: 2, rows_read: 50, rows_wanted: 5, limit: None, plan };
    /// assert_eq!(c.amplification(), 10.0);
    /// ```
    pub fn amplification(&self) -> f64 {
        self.rows_read as f64 / self.rows_wanted.max(1) as f64
    }
}

/// What a read closure may return: a plan, a [`Query`], or either from a builder's `Result`
/// (so `|_| Key::scan().day(7).plan()` is a read).
pub trait IntoQuery<K> {
    /// The query, or why the builder refused the plan.
    fn into_query(self) -> Result<Query<K>, rowkey::EncodeError>;
}

impl<K: RowKey + 'static> IntoQuery<K> for Query<K> {
    fn into_query(self) -> Result<Query<K>, rowkey::EncodeError> {
        Ok(self)
    }
}

impl<K: RowKey + 'static> IntoQuery<K> for ScanPlan {
    fn into_query(self) -> Result<Query<K>, rowkey::EncodeError> {
        Ok(Query::new(self))
    }
}

impl<K: RowKey + 'static, Q: IntoQuery<K>> IntoQuery<K> for Result<Q, rowkey::EncodeError> {
    fn into_query(self) -> Result<Query<K>, rowkey::EncodeError> {
        self?.into_query()
    }
}

//! A study: one workload of events written in order, several row-key designs of it, each
//! simulated on its own table with the same options, side by side.

use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::design::{Design, Erased};
use crate::engine::simulate_until;
use crate::error::StudyError;
use crate::outcome::Outcome;
use crate::{KeyInfo, Options, Writes};

type TimeFn<E> = Box<dyn Fn(&E) -> i64 + Send + Sync>;

/// The events of a study and the designs that key them.
///
/// ```
/// use rowkey::RowKey;
/// use rowkey_studio::Study;
///
/// #[derive(RowKey)]
/// struct TimeFirst { ts: u64, id: u64 }
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 8, of = "id")]
/// struct Bucketed { ts: u64, id: u64 }
///
/// let outcomes = Study::new(20_000, |i| (1_700_000_000 + i, i))
///     .time(|&(ts, _)| ts as i64)
///     .window(1_000)
///     .split_writes(2_000)
///     .design_of("time first", |&(ts, id)| TimeFirst { ts, id })
///     .design_of("8 buckets", |&(ts, id)| Bucketed { ts, id })
///     .run()
///     .unwrap();
/// // Time first: each late window's writes go to one region (but for the writes of a window
/// // in which that region split, on either side of a split key chosen from a sample);
/// // buckets spread them.
/// assert!(outcomes[0].run.report.late(0.5, |w| w.hottest_share) > 0.95);
/// assert!(outcomes[1].run.report.late(0.5, |w| w.hottest_share) < 0.3);
/// ```
pub struct Study<E> {
    writes: u64,
    event: Box<dyn Fn(u64) -> E + Send + Sync>,
    time: Option<TimeFn<E>>,
    options: Options,
    seed: u64,
    designs: Vec<Erased<E>>,
    stop: Arc<AtomicBool>,
}

impl<E: 'static> Study<E> {
    /// A workload of `writes` events, the `i`-th being `event(i)`, written in that order.
    pub fn new(writes: u64, event: impl Fn(u64) -> E + Send + Sync + 'static) -> Self {
        Study {
            writes,
            event: Box::new(event),
            time: None,
            options: Options::default(),
            seed: 2026,
            designs: Vec::new(),
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The time of an event (any unit): the reads' [`Span`](crate::Span) and the heatmaps'
    /// time axis.
    pub fn time(mut self, time: impl Fn(&E) -> i64 + Send + Sync + 'static) -> Self {
        self.time = Some(Box::new(time));
        self
    }

    /// Every option at once.
    pub fn options(mut self, options: Options) -> Self {
        self.options = options;
        self
    }

    /// Writes per window (default 10,000).
    pub fn window(mut self, writes: u64) -> Self {
        self.options.window = writes;
        self
    }

    /// A region splits past this many writes (default 25,000).
    pub fn split_writes(mut self, writes: u64) -> Self {
        self.options.split_writes = writes;
        self
    }

    /// The table starts split at these points and does not auto-split.
    pub fn splits(mut self, splits: Vec<Vec<u8>>) -> Self {
        self.options.splits = splits;
        self
    }

    /// Region servers (default 8).
    pub fn servers(mut self, servers: usize) -> Self {
        self.options.servers = servers;
        self
    }

    /// How the heatmaps' key axis is cut (default: buckets of equal row count).
    pub fn options_cut(mut self, cut: crate::engine::keyaxis::Cut) -> Self {
        self.options.cut = cut;
        self
    }

    /// Heatmap buckets (default 64).
    pub fn buckets(mut self, buckets: usize) -> Self {
        self.options.buckets = buckets;
        self
    }

    /// The seed of random salts (default 2026), set again before each pass so that both see
    /// the same keys.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Stops the runs early when `stop` is set (by a Ctrl-C handler, say): each design's
    /// simulation covers the writes it had read by then ([`Run::stopped`](crate::Run::stopped)).
    pub fn stop_on(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop = stop;
        self
    }

    /// Adds a design.
    pub fn design<K: rowkey::RowKey + 'static>(mut self, design: Design<E, K>) -> Self {
        self.designs.push(design.erase());
        self
    }

    /// Adds a design with no reads: `name`, keyed by `key`.
    pub fn design_of<K: rowkey::RowKey + 'static>(
        self,
        name: &str,
        key: impl Fn(&E) -> K + Send + Sync + 'static,
    ) -> Self {
        self.design(Design::new(name, key))
    }

    /// The options.
    pub fn settings(&self) -> &Options {
        &self.options
    }

    /// The events written.
    pub fn writes(&self) -> u64 {
        self.writes
    }

    /// The designs' names, in order.
    pub fn names(&self) -> Vec<&str> {
        self.designs.iter().map(|d| d.name.as_str()).collect()
    }

    /// Simulates every design, on as many threads as the machine has cores (each design on one
    /// thread; the results do not depend on how many).
    pub fn run(&self) -> Result<Vec<Outcome>, StudyError> {
        self.run_with(&|_, _| {})
    }

    /// [`run`](Self::run), calling `progress` with a design's number and the fraction of it
    /// done (from the thread simulating it), about a hundred times per design.
    ///
    /// ```
    /// use std::sync::Mutex;
    /// use rowkey::RowKey;
    /// use rowkey_studio::Study;
    ///
    /// #[derive(RowKey)]
    /// struct Id { id: u32 }
    ///
    /// let done = Mutex::new(Vec::new());
    /// let study = Study::new(1_000, |i| i as u32)
    ///     .design_of("a", |&id| Id { id })
    ///     .design_of("b", |&id| Id { id: !id });
    /// let outcomes = study.run_with(&|design, fraction| {
    ///     if fraction == 1.0 {
    ///         done.lock().unwrap().push(design);
    ///     }
    /// }).unwrap();
    /// assert_eq!(outcomes[1].name, "b");
    /// done.lock().unwrap().sort();
    /// assert_eq!(*done.lock().unwrap(), [0, 1]);
    /// ```
    pub fn run_with(
        &self,
        progress: &(dyn Fn(usize, f64) + Sync),
    ) -> Result<Vec<Outcome>, StudyError> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::Mutex;
        let n = self.designs.len();
        let workers = std::thread::available_parallelism()
            .map_or(1, |p| p.get())
            .min(n)
            .max(1);
        let next = AtomicUsize::new(0);
        let results: Vec<Mutex<Option<Result<Outcome, StudyError>>>> =
            (0..n).map(|_| Mutex::new(None)).collect();
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    let outcome = self.run_design(i, &mut |f| progress(i, f));
                    *results[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(outcome);
                });
            }
        });
        results
            .into_iter()
            .map(|slot| {
                slot.into_inner()
                    .unwrap_or_else(|e| e.into_inner())
                    .expect("every design ran")
            })
            .collect()
    }

    /// Simulates design number `i`, calling `progress` with the fraction done.
    pub fn run_design(
        &self,
        i: usize,
        progress: &mut dyn FnMut(f64),
    ) -> Result<Outcome, StudyError> {
        let design = &self.designs[i];
        let writes = Keys {
            study: self,
            design,
        };
        let options = Options {
            presplit: design.presplit.clone(),
            ..self.options.clone()
        };
        let key = KeyInfo {
            labels: &design.labels,
            salts: design.salts.clone(),
        };
        let run = simulate_until(
            &writes,
            &key,
            |span| {
                design
                    .reads
                    .iter()
                    .map(|(name, plan)| {
                        plan(span)
                            .map(|q| (name.clone(), q))
                            .map_err(|error| StudyError::Plan {
                                design: design.name.clone(),
                                read: name.clone(),
                                error,
                            })
                    })
                    .collect()
            },
            &options,
            progress,
            &self.stop,
        )?;
        Ok(Outcome {
            name: design.name.clone(),
            slug: design.slug.clone(),
            options,
            run,
        })
    }

    /// Replays design number `i`'s keys, as the simulator sees them: `write` is called with
    /// each write's time and row key, in order.
    ///
    /// ```
    /// use rowkey::RowKey;
    /// use rowkey_studio::Study;
    ///
    /// #[derive(RowKey)]
    /// struct Id { id: u16 }
    ///
    /// let study = Study::new(3, |i| i as u16).design_of("id", |&id| Id { id });
    /// let mut keys = Vec::new();
    /// study.keys(0, &mut |_, k| keys.push(k.to_vec())).unwrap();
    /// assert_eq!(keys, [[0, 0], [0, 1], [0, 2]]);
    /// ```
    pub fn keys(
        &self,
        i: usize,
        write: &mut dyn FnMut(Option<i64>, &[u8]),
    ) -> Result<(), StudyError> {
        Keys {
            study: self,
            design: &self.designs[i],
        }
        .replay(&mut |t, k| {
            write(t, k);
            ControlFlow::Continue(())
        })
    }

    /// Runs every design and writes the page (`index.html`), one heatmap per design and the
    /// JSON of the maps into `dir`.
    pub fn write_page(&self, dir: &Path) -> Result<Vec<Outcome>, StudyError> {
        let outcomes = self.run()?;
        crate::report::page::write(
            dir,
            &outcomes,
            &self.options,
            &crate::report::page::Text::default(),
        )
        .map_err(|e| StudyError::Source(format!("cannot write {}: {e}", dir.display())))?;
        Ok(outcomes)
    }
}

/// A design's keys of the study's events, as the simulator replays them.
struct Keys<'a, E> {
    study: &'a Study<E>,
    design: &'a Erased<E>,
}

impl<E> Writes for Keys<'_, E> {
    fn replay(&self, write: &mut crate::engine::WriteFn<'_>) -> Result<(), StudyError> {
        rowkey::salt::seed_random(self.study.seed);
        let mut key = Vec::new();
        for i in 0..self.study.writes {
            let e = (self.study.event)(i);
            key.clear();
            (self.design.key)(&e, &mut key).map_err(|error| StudyError::Encode {
                design: self.design.name.clone(),
                write: i,
                error,
            })?;
            if write(self.study.time.as_ref().map(|t| t(&e)), &key).is_break() {
                break;
            }
        }
        Ok(())
    }

    fn len_hint(&self) -> Option<u64> {
        Some(self.study.writes)
    }
}

/// Replays a table's own writes (a key log), named `name`, on a table set up by `options`:
/// no reads, since a log does not say the key's type.
///
/// ```
/// use rowkey_studio::{replay, Options};
///
/// let log: Vec<(Option<i64>, Vec<u8>)> = (0u32..1_000).map(|i| (None, i.to_be_bytes().to_vec())).collect();
/// let o = replay("log", "keys", &log, &Options { window: 100, split_writes: 100, ..Options::default() }, &mut |_| {}).unwrap();
/// assert_eq!(o.run.report.writes, 1_000);
/// assert!(o.run.report.regions > 5);
/// ```
pub fn replay(
    name: &str,
    slug: &str,
    writes: &dyn Writes,
    options: &Options,
    progress: &mut dyn FnMut(f64),
) -> Result<Outcome, StudyError> {
    replay_until(
        name,
        slug,
        writes,
        options,
        progress,
        &AtomicBool::new(false),
    )
}

/// [`replay`], stopped early when `stop` is set (see
/// [`simulate_until`](crate::engine::simulate_until)).
pub fn replay_until(
    name: &str,
    slug: &str,
    writes: &dyn Writes,
    options: &Options,
    progress: &mut dyn FnMut(f64),
    stop: &AtomicBool,
) -> Result<Outcome, StudyError> {
    replay_keyed(
        name,
        slug,
        writes,
        &KeyInfo::bytes(),
        options,
        progress,
        stop,
    )
}

/// [`replay_until`] of keys whose layout is known (`key`: their labels and bucket salts, from
/// a key type or a locked layout), so that the heatmap's axis shows their fields.
pub fn replay_keyed(
    name: &str,
    slug: &str,
    writes: &dyn Writes,
    key: &KeyInfo<'_>,
    options: &Options,
    progress: &mut dyn FnMut(f64),
    stop: &AtomicBool,
) -> Result<Outcome, StudyError> {
    let run = simulate_until(writes, key, |_| Ok(Vec::new()), options, progress, stop)?;
    Ok(Outcome {
        name: name.to_string(),
        slug: slug.to_string(),
        options: options.clone(),
        run,
    })
}

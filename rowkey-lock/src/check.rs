//! [`Lock`]: what a test calls to check that a key still writes the bytes its lock file
//! records, and what `ROWKEY_LOCK=update` rewrites.

use std::path::{Path, PathBuf};

use rowkey_runtime::layout::{DynamicKey, Layout};
use rowkey_runtime::salt::Salt;
use rowkey_runtime::{RowKey, Subspace};

use crate::file::{write_atomically, LockFile};
use crate::judge::{judge_in, Guarantee};
use crate::report;

/// A lock file, as a test checks a key against it.
///
/// ```no_run
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 16, of = "message_id")]
/// struct MessageKey { date: u32, time: u32, message_id: u64 }
///
/// #[test]
/// fn keys_are_locked() {
///     rowkey::lock::Lock::at("rowkey.lock").check::<MessageKey>();
/// }
/// ```
///
/// The first `ROWKEY_LOCK=update cargo test` writes the file (commit it). From then on the
/// test fails when an edit breaks the bytes of keys already written, with the judge's verdict:
/// what changed, which guarantees break (each with a witness), and what to do. An edit that
/// keeps every byte (a rename with `#[rowkey(was = "..")]`) passes. To accept a break (you
/// will re-key the table), run `ROWKEY_LOCK=update cargo test` again: the old layout stays in
/// the file as `previous 1`, for `rowkey compat` and the migration.
#[derive(Debug, Clone)]
pub struct Lock {
    path: PathBuf,
}

/// What a check did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Checked {
    /// The key writes the bytes the lock records.
    Same,
    /// `ROWKEY_LOCK=update`: the key was locked for the first time.
    Created,
    /// `ROWKEY_LOCK=update`: the lock now records the new layout; the report says what
    /// changed.
    Updated(String),
}

/// Whether this run may rewrite lock files.
fn updating() -> bool {
    std::env::var("ROWKEY_LOCK").is_ok_and(|v| v == "update")
}

impl Lock {
    /// The lock file at `path` (a relative path is relative to the test's working directory:
    /// cargo runs tests in the package's directory).
    pub fn at(path: impl Into<PathBuf>) -> Lock {
        Lock { path: path.into() }
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Starts a check of several keys: `Lock::at("rowkey.lock").key::<A>().key::<B>().check()`
    /// reports every key that breaks in one panic.
    pub fn key<K: RowKey>(self) -> Keys {
        Keys {
            lock: self,
            keys: Vec::new(),
        }
        .key::<K>()
    }

    /// Checks `K` under its struct's name; panics with the verdict when it breaks.
    #[track_caller]
    pub fn check<K: RowKey>(&self) {
        self.check_as::<K>(K::layout().name);
    }

    /// Checks `K` under `name` (two keys of one name in different modules).
    #[track_caller]
    pub fn check_as<K: RowKey>(&self, name: &str) {
        match self.verify::<K>(name, updating()) {
            Ok(Checked::Updated(report)) => eprintln!("{report}"),
            Ok(_) => {}
            Err(e) => panic!("{e}"),
        }
    }

    /// Checks `K` written under `subspace` (a FoundationDB directory's prefix, a tenant's):
    /// the lock records the subspace's bytes, and a key moved to another one breaks.
    #[track_caller]
    pub fn check_in<K: RowKey>(&self, subspace: &Subspace) {
        match self.verify_in::<K>(K::layout().name, subspace.prefix(), updating()) {
            Ok(Checked::Updated(report)) => eprintln!("{report}"),
            Ok(_) => {}
            Err(e) => panic!("{e}"),
        }
    }

    /// Checks `K` under `name`, rewriting the file when `update`: what
    /// [`check_as`](Self::check_as) does, without panicking.
    pub fn verify<K: RowKey>(&self, name: &str, update: bool) -> Result<Checked, String> {
        self.verify_in::<K>(name, &[], update)
    }

    /// [`verify`](Self::verify) of `K` written under the subspace whose bytes are `subspace`
    /// (empty for none).
    pub fn verify_in<K: RowKey>(
        &self,
        name: &str,
        subspace: &[u8],
        update: bool,
    ) -> Result<Checked, String> {
        let current = K::layout();
        let _guard = if update {
            Some(exclusive(&self.path)?)
        } else {
            None
        };
        let file = LockFile::read(&self.path)?;
        let shown = self.path.display();
        let Some(entry) = file.as_ref().and_then(|f| f.current(name)) else {
            if !update {
                return Err(format!(
                    "key `{name}` is not locked in {shown}: run `ROWKEY_LOCK=update cargo test` \
                     once to lock it, and commit the file"
                ));
            }
            let mut file = file.unwrap_or_default();
            file.put(name, current, subspace, false);
            write_atomically(&self.path, &file.to_text()).map_err(|e| format!("{shown}: {e}"))?;
            return Ok(Checked::Created);
        };
        let verdict = judge_in(&entry.layout, &entry.subspace, &current, subspace);
        let goldens = if verdict.holds(Guarantee::Bytes) {
            goldens::<K>(&entry.layout, &current, entry)
        } else {
            Ok(())
        };
        let stale = entry.layout.to_text() != current.to_text();
        match (verdict.holds(Guarantee::Bytes), goldens, update) {
            (true, Ok(()), false) => Ok(Checked::Same),
            (true, Ok(()), true) if !stale => Ok(Checked::Same),
            (true, Err(e), false) => Err(format!("key `{name}` ({shown}): {e}")),
            (false, _, false) => Err(format!(
                "key `{name}` no longer writes the bytes {shown} records\n{}\
                 If you mean it (you will re-key the table with rowkey::migrate), run \
                 `ROWKEY_LOCK=update cargo test`: the old layout stays in the file as \
                 `previous 1`.{}",
                report::text(&verdict, name),
                kept(file.as_ref(), name, &current, subspace)
            )),
            (bytes, _, true) => {
                let earlier = kept(file.as_ref(), name, &current, subspace);
                let mut file = file.unwrap_or_default();
                file.put(name, current, subspace, !bytes);
                write_atomically(&self.path, &file.to_text())
                    .map_err(|e| format!("{shown}: {e}"))?;
                Ok(Checked::Updated(format!(
                    "{shown}: key `{name}` locked anew\n{}{earlier}",
                    report::text(&verdict, name)
                )))
            }
        }
    }
}

/// The judge's verdict on `current` against each earlier layout of `name` the lock keeps
/// (`previous N`: its rows may still be in the table until the re-key finishes), one line
/// each; empty when none is kept.
fn kept(file: Option<&LockFile>, name: &str, current: &Layout, subspace: &[u8]) -> String {
    let mut out = String::new();
    for e in file
        .into_iter()
        .flat_map(|f| &f.entries)
        .filter(|e| e.name == name && e.previous.is_some())
    {
        let v = judge_in(&e.layout, &e.subspace, current, subspace);
        let words: Vec<String> = Guarantee::ALL
            .iter()
            .map(|&g| format!("{} {}", g.name(), v.get(g).word()))
            .collect();
        out.push_str(&format!(
            "\nagainst `previous {}` (kept while its rows may be in the table): {}",
            e.previous.unwrap_or_default(),
            words.join(" · ")
        ));
    }
    out
}

/// The keys a [`Lock`] checks together (see [`Lock::key`]).
pub struct Keys {
    lock: Lock,
    keys: Vec<(String, Vec<u8>, Verify)>,
}

/// One key's check: [`Lock::verify_in`] of its type.
type Verify = fn(&Lock, &str, &[u8], bool) -> Result<Checked, String>;

impl core::fmt::Debug for Keys {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let names: Vec<&str> = self.keys.iter().map(|(n, _, _)| n.as_str()).collect();
        f.debug_struct("Keys")
            .field("lock", &self.lock)
            .field("keys", &names)
            .finish()
    }
}

impl Keys {
    /// Adds `K`, under its struct's name.
    pub fn key<K: RowKey>(self) -> Keys {
        let name = K::layout().name.to_string();
        self.key_as::<K>(&name)
    }

    /// Adds `K` under `name` (two keys of one name in different modules).
    pub fn key_as<K: RowKey>(mut self, name: &str) -> Keys {
        self.keys
            .push((name.to_string(), Vec::new(), |lock, name, sub, update| {
                lock.verify_in::<K>(name, sub, update)
            }));
        self
    }

    /// Adds `K`, written under `subspace` (see [`Lock::check_in`]).
    pub fn key_in<K: RowKey>(mut self, subspace: &Subspace) -> Keys {
        self.keys.push((
            K::layout().name.to_string(),
            subspace.prefix().to_vec(),
            |lock, name, sub, update| lock.verify_in::<K>(name, sub, update),
        ));
        self
    }

    /// Checks every key; panics once, with every key that breaks.
    #[track_caller]
    pub fn check(self) {
        let update = updating();
        let mut failures = Vec::new();
        for (name, sub, verify) in &self.keys {
            match verify(&self.lock, name, sub, update) {
                Ok(Checked::Updated(report)) => eprintln!("{report}"),
                Ok(_) => {}
                Err(e) => failures.push(e),
            }
        }
        if !failures.is_empty() {
            panic!("{}", failures.join("\n\n"));
        }
    }
}

/// Every golden key of `entry` decodes with `K` to its values and encodes back to its bytes
/// (a random salt aside), and `K` explains it as the layout does.
fn goldens<K: RowKey>(
    locked: &Layout,
    current: &Layout,
    entry: &crate::file::Entry,
) -> Result<(), String> {
    // A layout with an opaque codec of variable width cannot run without the type: its
    // goldens (written by hand, as none can be made from the layout) are checked through `K`.
    let dynamic = DynamicKey::new(current).ok();
    let random_salt = matches!(locked.salt, Salt::Random { .. });
    let skip = if random_salt { locked.salt_width } else { 0 };
    for g in &entry.goldens {
        let shown = rowkey_runtime::hex::encode(&g.key);
        let key = K::decode_unverified(&g.key)
            .map_err(|e| format!("golden key {shown} no longer decodes: {e}"))?;
        let again = key
            .encode()
            .map_err(|e| format!("golden key {shown} decodes, but does not encode again: {e}"))?;
        if again.get(skip..) != g.key.get(skip..) {
            return Err(format!(
                "golden key {shown} encodes again as {}: a codec of the key's fields writes other bytes",
                rowkey_runtime::hex::encode(&again)
            ));
        }
        let Some(dynamic) = &dynamic else { continue };
        let values = dynamic
            .decode_unverified(&g.key)
            .map_err(|e| format!("golden key {shown}: the layout does not read it: {e}"))?;
        if values != g.values {
            return Err(format!(
                "golden key {shown} reads as {} where the lock says {}",
                crate::judge::values_text(&values),
                crate::judge::values_text(&g.values)
            ));
        }
        if K::explain(&g.key) != dynamic.explain(&g.key) {
            return Err(format!(
                "golden key {shown}: the key and its layout explain it differently"
            ));
        }
    }
    Ok(())
}

/// An exclusive lock on `path` for this process and others (tests run in parallel, and
/// several test binaries may update one file): a file in the temporary directory named after
/// it, locked until dropped.
fn exclusive(path: &Path) -> Result<std::fs::File, String> {
    let abs = std::fs::canonicalize(
        path.parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new(".")),
    )
    .map(|d| d.join(path.file_name().unwrap_or_default()))
    .unwrap_or_else(|_| path.to_path_buf());
    let tag = rowkey_runtime::layout::fingerprint(abs.to_string_lossy().as_bytes());
    let lock = std::env::temp_dir().join(format!("rowkey-lock-{tag:016x}.lock"));
    let f = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock)
        .map_err(|e| format!("{}: {e}", lock.display()))?;
    f.lock().map_err(|e| format!("{}: {e}", lock.display()))?;
    Ok(f)
}

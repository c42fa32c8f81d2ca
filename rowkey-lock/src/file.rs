//! `rowkey.lock`: each locked key's layout in its text form and golden keys, and the earlier
//! layouts an accepted break replaced.
//!
//! ```text
//! rowkey-lock 1
//!
//! [key "MessageKey"]
//! layout "MessageKey"
//! ...
//! end
//! golden 0a00038521000000000012c9bf (230611, 63031, 1231231)
//!
//! [key "MessageKey" previous 1]
//! layout "MessageKey"
//! ...
//! end
//! ```

use core::fmt;
use std::collections::BTreeSet;
use std::path::Path;

use rowkey_runtime::hex;
use rowkey_runtime::layout::{DynamicKey, Layout, Value, ValueType};
use rowkey_runtime::salt::Salt;

use crate::judge::values_text;
use crate::samples::keys;

/// The first line of every lock file.
pub const HEADER: &str = "rowkey-lock 1";

/// A key's bytes and the values they hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Golden {
    /// The bytes.
    pub key: Vec<u8>,
    /// The values, in field order.
    pub values: Vec<Value>,
}

/// One locked layout.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The name it is locked under (the struct's name unless the test names it).
    pub name: String,
    /// `None` for the current layout, `Some(n)` for the `n`-th it replaced (1 the most recent).
    pub previous: Option<u32>,
    /// The bytes of the [`Subspace`](rowkey_runtime::Subspace) its rows are written under,
    /// empty for none (a run-time value: the test names it).
    pub subspace: Vec<u8>,
    /// The layout.
    pub layout: Layout,
    /// Golden keys (without the subspace's bytes).
    pub goldens: Vec<Golden>,
}

/// A lock file's entries, in file order.
#[derive(Debug, Clone, Default)]
pub struct LockFile {
    /// The entries.
    pub entries: Vec<Entry>,
}

/// A line of a lock file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockFileError {
    /// Its line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LockFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.line, self.message)
    }
}

impl std::error::Error for LockFileError {}

fn err(line: usize, message: impl Into<String>) -> LockFileError {
    LockFileError {
        line,
        message: message.into(),
    }
}

/// `[key "NAME"]` or `[key "NAME" previous N]`.
fn section(line: &str, at: usize) -> Result<(String, Option<u32>), LockFileError> {
    let inner = line
        .strip_prefix("[key \"")
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| err(at, format!("expected `[key \"NAME\"]`, found {line:?}")))?;
    let (name, rest) = inner
        .split_once('"')
        .ok_or_else(|| err(at, "the key's name has no closing quote"))?;
    let previous = match rest.trim() {
        "" => None,
        r => match r.strip_prefix("previous ").map(str::parse::<u32>) {
            Some(Ok(n)) if n > 0 => Some(n),
            _ => {
                return Err(err(
                    at,
                    format!("expected `previous N` (N from 1), found {r:?}"),
                ))
            }
        },
    };
    Ok((name.to_string(), previous))
}

/// A section being read: its name, `previous`, the first line of its layout, the layout's
/// lines, and its golden lines with their numbers.
type Open = (
    String,
    Option<u32>,
    usize,
    String,
    Vec<(usize, String)>,
    Vec<u8>,
);

impl LockFile {
    /// Reads a lock file's text.
    pub fn parse(text: &str) -> Result<LockFile, LockFileError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        match lines.find(|(_, l)| !l.trim().is_empty() && !l.starts_with('#')) {
            Some((_, l)) if l.trim() == HEADER => {}
            Some((n, l)) => return Err(err(n, format!("expected `{HEADER}`, found {l:?}"))),
            None => return Err(err(1, format!("empty: expected `{HEADER}`"))),
        }
        let mut file = LockFile::default();
        let mut open: Option<Open> = None;
        let finish = |open: Option<Open>, file: &mut LockFile| -> Result<(), LockFileError> {
            let Some((name, previous, at, text, goldens, subspace)) = open else {
                return Ok(());
            };
            let layout = Layout::parse(&text)
                .map_err(|e| err(at + e.line - 1, format!("the layout: {}", e.message)))?;
            // A layout no DynamicKey can run (an opaque codec of variable width) is still a
            // lock: its goldens are then checked against the key's own code only.
            let goldens = goldens
                .into_iter()
                .map(|(n, g)| golden(&g, &layout).map_err(|m| err(n, m)))
                .collect::<Result<_, _>>()?;
            if file
                .entries
                .iter()
                .any(|e| e.name == name && e.previous == previous)
            {
                return Err(err(at - 1, format!("key {name:?} is locked twice")));
            }
            file.entries.push(Entry {
                name,
                previous,
                subspace,
                layout,
                goldens,
            });
            Ok(())
        };
        for (n, line) in lines {
            if line.starts_with('[') {
                finish(open.take(), &mut file)?;
                let (name, previous) = section(line.trim_end(), n)?;
                open = Some((name, previous, n + 1, String::new(), Vec::new(), Vec::new()));
            } else if line.trim().is_empty() || line.starts_with('#') {
                continue;
            } else if let Some(o) = open.as_mut() {
                if let Some(g) = line.strip_prefix("golden ") {
                    o.4.push((n, g.to_string()));
                } else if let Some(h) = line.strip_prefix("subspace ") {
                    o.5 =
                        hex::decode(h.trim()).map_err(|e| err(n, format!("the subspace: {e}")))?;
                } else {
                    if o.3.is_empty() {
                        o.2 = n;
                    }
                    o.3.push_str(line);
                    o.3.push('\n');
                }
            } else {
                return Err(err(n, format!("expected `[key \"NAME\"]`, found {line:?}")));
            }
        }
        finish(open, &mut file)?;
        Ok(file)
    }

    /// Reads the lock file at `path`; `Ok(None)` when there is none.
    pub fn read(path: &Path) -> Result<Option<LockFile>, String> {
        match std::fs::read_to_string(path) {
            Ok(text) => LockFile::parse(&text)
                .map(Some)
                .map_err(|e| format!("{}:{e}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// The current layout locked as `name`.
    pub fn current(&self, name: &str) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.name == name && e.previous.is_none())
    }

    /// The names of the keys it locks, in file order.
    pub fn names(&self) -> Vec<&str> {
        self.entries
            .iter()
            .filter(|e| e.previous.is_none())
            .map(|e| e.name.as_str())
            .collect()
    }

    /// Locks `layout` as `name`, under `subspace` (empty for none): the current entry, if any,
    /// becomes `previous 1` (earlier ones move down) when `keep_previous`, and is replaced
    /// otherwise.
    pub fn put(&mut self, name: &str, layout: Layout, subspace: &[u8], keep_previous: bool) {
        let goldens = goldens_of(&layout);
        let entry = Entry {
            name: name.to_string(),
            previous: None,
            subspace: subspace.to_vec(),
            layout,
            goldens,
        };
        match self
            .entries
            .iter()
            .position(|e| e.name == name && e.previous.is_none())
        {
            Some(at) if keep_previous => {
                for e in self.entries.iter_mut().filter(|e| e.name == name) {
                    e.previous = Some(e.previous.map_or(1, |p| p + 1));
                }
                self.entries.insert(at, entry);
            }
            Some(at) => self.entries[at] = entry,
            None => self.entries.push(entry),
        }
        self.entries.sort_by(|a, b| {
            a.name
                .cmp(&b.name)
                .then(a.previous.unwrap_or(0).cmp(&b.previous.unwrap_or(0)))
        });
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut out = String::from(
            "# The row-key layouts this crate's data is written in, with golden keys: checked by\n\
             # rowkey::lock in tests, rewritten by `ROWKEY_LOCK=update cargo test`. Commit it.\n",
        );
        out.push_str(HEADER);
        out.push('\n');
        for e in &self.entries {
            out.push('\n');
            match e.previous {
                None => out.push_str(&format!("[key \"{}\"]\n", e.name)),
                Some(n) => out.push_str(&format!("[key \"{}\" previous {n}]\n", e.name)),
            }
            if !e.subspace.is_empty() {
                out.push_str(&format!("subspace {}\n", hex::encode(&e.subspace)));
            }
            out.push_str(&e.layout.to_text());
            // A random salt is no function of the values: its bytes are written `__`.
            let masked = match e.layout.salt {
                Salt::Random { .. } => e.layout.salt_width,
                _ => 0,
            };
            for g in &e.goldens {
                let at = masked.min(g.key.len());
                out.push_str(&format!(
                    "golden {}{} {}\n",
                    "__".repeat(at),
                    hex::encode(&g.key[at..]),
                    values_text(&g.values)
                ));
            }
        }
        out
    }
}

/// `HEX (VALUES)`.
fn golden(text: &str, layout: &Layout) -> Result<Golden, String> {
    let (h, v) = text
        .split_once(' ')
        .ok_or("expected `golden HEX (VALUES)`")?;
    // A random salt's bytes, masked `__`, read as zeros (no check compares them).
    let masked = h.bytes().take_while(|&b| b == b'_').count();
    if masked % 2 == 1 {
        return Err("a masked salt byte is `__`: two underscores".into());
    }
    let mut bytes = vec![0; masked / 2];
    bytes.extend(hex::decode(&h[masked..]).map_err(|e| format!("the golden key: {e}"))?);
    let types = ValueType::Tuple(layout.fields.iter().map(|f| f.value.clone()).collect());
    match Value::parse(v.trim(), &types)? {
        Value::Tuple(values) => Ok(Golden { key: bytes, values }),
        _ => Err("expected the values in parentheses".into()),
    }
}

/// How many golden keys a layout gets from its fields' boundaries (`00`/`FF` bytes, empty
/// and capped parts, MIN/MAX, NULLs), spread over its fields.
pub const GOLDENS: usize = 32;

/// Up to this many buckets, a salted layout also gets a golden key in each bucket.
pub const GOLDEN_BUCKETS: u32 = 64;

/// Golden keys longer than this are left out (the judge still tries them): a lock file
/// stays readable.
const GOLDEN_MAX_BYTES: usize = 256;

/// Random keys drawn to reach every bucket.
const DRAWN: usize = 4096;

/// Golden keys of `layout`: [`GOLDENS`] of each field's boundary values that the key accepts,
/// and one key in each bucket the earlier ones missed (up to [`GOLDEN_BUCKETS`] buckets),
/// deterministic in the layout's fingerprint.
pub fn goldens_of(layout: &Layout) -> Vec<Golden> {
    let Ok(key) = DynamicKey::new(layout) else {
        return Vec::new();
    };
    let all = keys(layout, layout.fingerprint, DRAWN);
    let (bounds, drawn) = all.split_at(all.len() - DRAWN);
    let encoded = |values: &Vec<Value>| {
        key.encode(values)
            .ok()
            .filter(|b| b.len() <= GOLDEN_MAX_BYTES)
            .map(|bytes| Golden {
                key: bytes,
                values: values.clone(),
            })
    };
    let accepted: Vec<Golden> = bounds.iter().filter_map(encoded).collect();
    let mut out: Vec<Golden> = Vec::new();
    // Every field's boundaries, by an even stride when there are more than GOLDENS.
    let stride = accepted.len().div_ceil(GOLDENS).max(1);
    for g in accepted.into_iter().step_by(stride) {
        if !out.iter().any(|o| o.key == g.key) {
            out.push(g);
        }
    }
    // Too few where the first values are refused (Phoenix's empty VARCHAR): keys drawn from
    // the boundaries and random values fill up.
    for g in drawn.iter().filter_map(encoded) {
        if out.len() >= GOLDENS {
            break;
        }
        if !out.iter().any(|o| o.key == g.key) {
            out.push(g);
        }
    }
    let width = layout.salt_width;
    let keyed = !matches!(layout.salt, Salt::Random { .. } | Salt::None);
    if let (true, Some(buckets)) = (keyed, layout.salt.buckets())
        && buckets <= GOLDEN_BUCKETS
    {
        let mut seen: BTreeSet<Vec<u8>> = out.iter().map(|g| g.key[..width].to_vec()).collect();
        for g in drawn.iter().filter_map(encoded) {
            if seen.len() as u32 >= buckets {
                break;
            }
            if seen.insert(g.key[..width].to_vec()) {
                out.push(g);
            }
        }
    }
    out
}

/// Writes `text` to `path` whole or not at all: a temporary file beside it, then a rename.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let tmp = path.with_extension(format!("lock.tmp{}", std::process::id()));
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

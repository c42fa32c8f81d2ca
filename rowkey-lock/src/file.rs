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
use std::path::Path;

use rowkey_runtime::hex;
use rowkey_runtime::layout::{DynamicKey, Layout, Value, ValueType};

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
    /// The layout.
    pub layout: Layout,
    /// Golden keys.
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
type Open = (String, Option<u32>, usize, String, Vec<(usize, String)>);

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
            let Some((name, previous, at, text, goldens)) = open else {
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
                layout,
                goldens,
            });
            Ok(())
        };
        for (n, line) in lines {
            if line.starts_with('[') {
                finish(open.take(), &mut file)?;
                let (name, previous) = section(line.trim_end(), n)?;
                open = Some((name, previous, n + 1, String::new(), Vec::new()));
            } else if line.trim().is_empty() || line.starts_with('#') {
                continue;
            } else if let Some(o) = open.as_mut() {
                if let Some(g) = line.strip_prefix("golden ") {
                    o.4.push((n, g.to_string()));
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

    /// Locks `layout` as `name`: the current entry, if any, becomes `previous 1` (earlier
    /// ones move down) when `keep_previous`, and is replaced otherwise.
    pub fn put(&mut self, name: &str, layout: Layout, keep_previous: bool) {
        let goldens = goldens_of(&layout);
        let entry = Entry {
            name: name.to_string(),
            previous: None,
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
            out.push_str(&e.layout.to_text());
            for g in &e.goldens {
                out.push_str(&format!(
                    "golden {} {}\n",
                    hex::encode(&g.key),
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
    let bytes = hex::decode(h).map_err(|e| format!("the golden key: {e}"))?;
    let types = ValueType::Tuple(layout.fields.iter().map(|f| f.value.clone()).collect());
    match Value::parse(v.trim(), &types)? {
        Value::Tuple(values) => Ok(Golden { key: bytes, values }),
        _ => Err("expected the values in parentheses".into()),
    }
}

/// The most golden keys a layout gets.
pub const GOLDENS: usize = 12;

/// Golden keys of `layout`: each field's boundary values that the key accepts, deterministic
/// in the layout's fingerprint.
pub fn goldens_of(layout: &Layout) -> Vec<Golden> {
    let Ok(key) = DynamicKey::new(layout) else {
        return Vec::new();
    };
    let mut out: Vec<Golden> = Vec::new();
    for values in keys(layout, layout.fingerprint, 64) {
        if let Ok(bytes) = key.encode(&values) {
            if !out.iter().any(|g| g.key == bytes) {
                out.push(Golden { key: bytes, values });
            }
        }
        if out.len() == GOLDENS {
            break;
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

//! Rendering of [`RowKey::explain`](crate::RowKey::explain): a table of the key's parts.

use core::fmt::Write as _;

use crate::error::DecodeError;
use crate::io::Reader;

/// Collects the parts of a key as generated `explain` code decodes them.
#[doc(hidden)]
#[derive(Debug)]
pub struct Explainer<'a> {
    key: &'a [u8],
    reader: Reader<'a>,
    start: usize,
    name: &'static str,
    parts: Vec<(&'static str, usize, usize, String)>,
}

impl<'a> Explainer<'a> {
    pub fn new(key: &'a [u8]) -> Self {
        Explainer {
            key,
            reader: Reader::new(key),
            start: 0,
            name: "",
            parts: Vec::new(),
        }
    }

    /// Starts a part and returns the reader positioned at it.
    pub fn begin(&mut self, name: &'static str, flip: u8) -> &mut Reader<'a> {
        self.start = self.reader.offset();
        self.name = name;
        self.reader.begin(name, flip);
        &mut self.reader
    }

    /// Records the decoded value of the current part.
    pub fn value(&mut self, rendered: String) {
        let end = self.reader.offset();
        self.parts.push((self.name, self.start, end, rendered));
    }

    /// Renders the parts decoded so far, then `err` and the unread bytes.
    pub fn fail(self, err: &DecodeError) -> String {
        let at = self.start;
        let mut out = self.table();
        let _ = writeln!(out, "error: {err}");
        if at < self.key.len() {
            let _ = writeln!(out, "unread @{at}: {}", hex(&self.key[at..]));
        }
        out
    }

    /// Renders the table, or the trailing-bytes error.
    pub fn finish(self) -> String {
        match self.reader.finish() {
            Ok(()) => self.table(),
            Err(err) => {
                let at = self.reader.offset();
                let mut out = self.table();
                let _ = writeln!(out, "error: {err}");
                let _ = writeln!(out, "unread @{at}: {}", hex(&self.key[at..]));
                out
            }
        }
    }

    fn table(&self) -> String {
        let name_w = self.parts.iter().map(|p| p.0.len()).max().unwrap_or(0);
        let at_w = self
            .parts
            .iter()
            .map(|p| p.1.to_string().len())
            .max()
            .unwrap_or(0);
        let hex_w = self
            .parts
            .iter()
            .map(|p| (p.2 - p.1) * 3)
            .max()
            .unwrap_or(0);
        let mut out = String::new();
        for (name, start, end, value) in &self.parts {
            let _ = writeln!(
                out,
                "{name:<name_w$} @{start:<at_w$}  {:<hex_w$} {value}",
                hex(&self.key[*start..*end])
            );
        }
        out
    }
}

fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 3);
    for b in bytes {
        let _ = write!(s, "{b:02x} ");
    }
    s.pop();
    s
}

/// Renders a decoded value with `Debug` when the type has it (autoref specialization: the
/// `ViaDebug` impl is found one autoref step before the `ViaFallback` one).
#[doc(hidden)]
pub struct DebugProbe<'a, T>(pub &'a T);

#[doc(hidden)]
pub trait ViaDebug {
    fn rowkey_render(&self) -> String;
}

impl<T: core::fmt::Debug> ViaDebug for DebugProbe<'_, T> {
    fn rowkey_render(&self) -> String {
        format!("{:?}", self.0)
    }
}

#[doc(hidden)]
pub trait ViaFallback {
    fn rowkey_render(&self) -> String;
}

impl<T> ViaFallback for &DebugProbe<'_, T> {
    fn rowkey_render(&self) -> String {
        String::from("(no Debug impl)")
    }
}

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
    text: bool,
}

impl<'a> Explainer<'a> {
    /// `text`: show raw bytes as `Bytes.toStringBinary` text (text layouts) instead of hex.
    pub fn new(key: &'a [u8], text: bool) -> Self {
        Explainer {
            key,
            reader: Reader::new(key),
            start: 0,
            name: "",
            parts: Vec::new(),
            text,
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
            let _ = writeln!(out, "unread @{at}: {}", self.raw(&self.key[at..]));
        }
        out
    }

    fn raw(&self, bytes: &[u8]) -> String {
        if self.text {
            crate::hbase::to_string_binary(bytes)
        } else {
            hex(bytes)
        }
    }

    /// Renders the table, or the trailing-bytes error.
    pub fn finish(self) -> String {
        match self.reader.finish() {
            Ok(()) => self.table(),
            Err(err) => {
                let at = self.reader.offset();
                let mut out = self.table();
                let _ = writeln!(out, "error: {err}");
                let _ = writeln!(out, "unread @{at}: {}", self.raw(&self.key[at..]));
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
        let raws: Vec<String> = self
            .parts
            .iter()
            .map(|p| self.raw(&self.key[p.1..p.2]))
            .collect();
        let raw_w = raws.iter().map(String::len).max().unwrap_or(0);
        let mut out = String::new();
        for ((name, start, _, value), raw) in self.parts.iter().zip(&raws) {
            let _ = writeln!(
                out,
                "{name:<name_w$} @{start:<at_w$}  {raw:<raw_w$}  {value}"
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

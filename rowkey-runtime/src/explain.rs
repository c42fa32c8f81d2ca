//! Rendering of [`RowKey::explain`](crate::RowKey::explain): a table of the key's parts.

use core::fmt::Write as _;

use crate::cursor::Reader;
use crate::error::DecodeError;

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
    /// The first part that did not decode: its error and where it began. The parts after it
    /// are not read.
    failed: Option<(DecodeError, usize)>,
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
            failed: None,
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

    /// Records the current part's read: its value rendered by `render`, or the read's error,
    /// which [`finish`](Self::finish) reports (the first one, when parts are read after it).
    pub fn part<T>(&mut self, read: Result<T, DecodeError>, render: impl FnOnce(&T) -> String) {
        match read {
            Ok(v) => self.value(render(&v)),
            Err(e) => {
                if self.failed.is_none() {
                    self.failed = Some((e, self.start));
                }
            }
        }
    }

    /// Reads the part `name` with `read` and records it (see [`part`](Self::part)), unless a
    /// part before it did not decode: what a generated `explain` does for each field.
    #[inline]
    pub fn read_part<T>(
        &mut self,
        (name, flip): (&'static str, u8),
        read: impl FnOnce(&mut Reader<'a>) -> Result<T, DecodeError>,
        render: impl FnOnce(&T) -> String,
    ) {
        if self.failed.is_none() {
            let v = read(self.begin(name, flip));
            self.part(v, render);
        }
    }

    /// Whether a part did not decode: the parts after it are not read.
    pub fn failed(&self) -> bool {
        self.failed.is_some()
    }

    /// Renders the parts decoded so far, then `err` (raised by the current part) and the bytes
    /// from the current part on.
    pub fn fail(self, err: &DecodeError) -> String {
        let at = self.start;
        self.report(err, at)
    }

    /// Renders every part, then `err`, raised once the parts were read (the salt check or
    /// trailing bytes), and the bytes after the last part, if any.
    pub fn fail_after(self, err: &DecodeError) -> String {
        let at = self.reader.offset();
        self.report(err, at)
    }

    fn report(&self, err: &DecodeError, unread: usize) -> String {
        let mut out = self.table();
        let _ = writeln!(out, "error: {err}");
        if let Some(rest) = self.key.get(unread..).filter(|r| !r.is_empty()) {
            let _ = writeln!(out, "unread @{unread}: {}", self.raw(rest));
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

    /// Renders the table, then the error of the part that did not decode, or the trailing
    /// bytes' error.
    pub fn finish(self) -> String {
        if let Some((err, at)) = &self.failed {
            return self.report(err, *at);
        }
        match self.reader.finish() {
            Ok(()) => self.table(),
            Err(err) => self.fail_after(&err),
        }
    }

    /// One line per part: name, offset, raw bytes, value, in aligned columns. Columns are
    /// aligned up to [`ALIGN`] characters; longer cells (a long part) just run on.
    fn table(&self) -> String {
        let width = |cells: &mut dyn Iterator<Item = usize>| cells.max().unwrap_or(0).min(ALIGN);
        let raws: Vec<String> = self
            .parts
            .iter()
            .map(|p| self.raw(&self.key[p.1..p.2]))
            .collect();
        let name_w = width(&mut self.parts.iter().map(|p| p.0.len()));
        let at_w = width(&mut self.parts.iter().map(|p| digits(p.1)));
        let raw_w = width(&mut raws.iter().map(|r| r.chars().count()));
        let mut out = String::new();
        for ((name, start, _, value), raw) in self.parts.iter().zip(&raws) {
            out.push_str(name);
            pad(&mut out, name.len(), name_w);
            let _ = write!(out, " @{start}");
            pad(&mut out, digits(*start), at_w);
            out.push_str("  ");
            out.push_str(raw);
            pad(&mut out, raw.chars().count(), raw_w);
            out.push_str("  ");
            out.push_str(value);
            out.push('\n');
        }
        out
    }
}

/// Columns are padded to the widest cell up to this many characters.
const ALIGN: usize = 48;

/// Spaces after a cell of `len` characters to reach `width` (none when it is wider). Written
/// by hand: `format!`'s width argument panics over 65,535.
fn pad(out: &mut String, len: usize, width: usize) {
    out.extend(core::iter::repeat_n(' ', width.saturating_sub(len)));
}

fn digits(n: usize) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 3);
    for b in bytes {
        let _ = write!(s, "{b:02X} ");
    }
    s.pop();
    s
}

/// Renders a byte vector or array as a quoted `Bytes.toStringBinary` string.
#[doc(hidden)]
pub fn render_bytes(bytes: &[u8]) -> String {
    format!("\"{}\"", crate::hbase::to_string_binary(bytes))
}

/// Renders a byte vector or array as [`render_bytes`] does: a renderer of generated code.
#[doc(hidden)]
pub fn render_bytes_of<B: AsRef<[u8]>>(bytes: &B) -> String {
    render_bytes(bytes.as_ref())
}

/// Renders a value with `Debug`: the renderer of a field whose type the derive knows (an
/// integer, `bool`, `char`, a float, `String`), named directly, with no probe to resolve.
#[doc(hidden)]
pub fn render_debug<T: core::fmt::Debug>(v: &T) -> String {
    format!("{v:?}")
}

/// Picks the renderer of `T`'s values as a function, with `Debug` when the type has it (the
/// same autoref specialization as [`DebugProbe`]): `(&Render::<T>::NEW).renderer()`, so
/// generated code names a function instead of writing a closure per field.
#[doc(hidden)]
pub struct Render<T>(core::marker::PhantomData<fn(&T)>);

impl<T> Render<T> {
    /// The probe.
    pub const NEW: Self = Render(core::marker::PhantomData);
}

#[doc(hidden)]
pub trait RenderDebug<T> {
    fn renderer(&self) -> fn(&T) -> String;
}

impl<T: core::fmt::Debug> RenderDebug<T> for Render<T> {
    fn renderer(&self) -> fn(&T) -> String {
        |v| format!("{v:?}")
    }
}

#[doc(hidden)]
pub trait RenderFallback<T> {
    fn renderer(&self) -> fn(&T) -> String;
}

impl<T> RenderFallback<T> for &Render<T> {
    fn renderer(&self) -> fn(&T) -> String {
        |_| String::from("(no Debug impl)")
    }
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

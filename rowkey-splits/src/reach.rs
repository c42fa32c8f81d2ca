//! [`check`]: the regions no key of a layout can reach (the HBase book's lesson: hex keys
//! split with `Bytes.split` leave the middle regions empty).

use core::fmt;

use rowkey_runtime::hbase::to_string_binary;

/// The keys a layout can produce, for [`check`]: fixed-length strings over an alphabet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeySpace {
    len: usize,
    alphabet: Vec<u8>,
}

impl KeySpace {
    /// Keys of exactly `len` bytes, each one of `alphabet`.
    pub fn new(len: usize, alphabet: &[u8]) -> Self {
        let mut alphabet = alphabet.to_vec();
        alphabet.sort_unstable();
        alphabet.dedup();
        KeySpace { len, alphabet }
    }

    /// `len` lowercase hex digits (`{:016x}` keys).
    pub fn hex(len: usize) -> Self {
        Self::new(len, b"0123456789abcdef")
    }

    /// `len` decimal digits.
    pub fn decimal(len: usize) -> Self {
        Self::new(len, b"0123456789")
    }

    /// `len` arbitrary bytes.
    pub fn bytes(len: usize) -> Self {
        Self::new(len, &(0..=255).collect::<Vec<u8>>())
    }

    /// The smallest key of the space that is `>= from`.
    fn ceil(&self, from: &[u8]) -> Option<Vec<u8>> {
        let (min, a) = (*self.alphabet.first()?, &self.alphabet);
        let valid = from
            .iter()
            .take(self.len)
            .take_while(|b| a.binary_search(b).is_ok())
            .count();
        if valid == from.len() && from.len() <= self.len {
            let mut k = from.to_vec();
            k.resize(self.len, min);
            return Some(k);
        }
        // A key of the space is `self.len` long: the byte raised is one of its first `len`
        // (none when `len` is 0: the empty key is the only key).
        for i in (0..(valid + 1).min(self.len)).rev() {
            if let Some(&c) = a.iter().find(|&&c| Some(&c) > from.get(i)) {
                let mut k = from[..i].to_vec();
                k.push(c);
                k.resize(self.len, min);
                return Some(k);
            }
        }
        None
    }
}

/// What [`check`] found: the regions (by index, 0 = before the first split point) that no key
/// of the key space falls into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// Number of regions (`splits.len() + 1`).
    pub regions: usize,
    /// Regions no key can reach.
    pub unreachable: Vec<usize>,
    bounds: Vec<(Vec<u8>, Vec<u8>)>,
}

impl Check {
    /// True when every region can receive keys.
    pub fn is_ok(&self) -> bool {
        self.unreachable.is_empty()
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_ok() {
            return write!(f, "all {} regions can receive keys", self.regions);
        }
        write!(
            f,
            "{} of {} regions can never receive a key:",
            self.unreachable.len(),
            self.regions
        )?;
        for &i in &self.unreachable {
            let (s, e) = &self.bounds[i];
            write!(
                f,
                "\n  region {i}: [{}, {})",
                to_string_binary(s),
                if e.is_empty() {
                    "end".into()
                } else {
                    to_string_binary(e)
                }
            )?;
        }
        Ok(())
    }
}

/// Finds the regions that no key of `space` can fall into: the HBase book's lesson that hex
/// keys split with `Bytes.split` leave regions in between that only bytes like `:` or `a`..`f`
/// the keys never contain would reach.
///
/// ```
/// use rowkey::splits::{check, hex_string, KeySpace};
/// assert!(check(&hex_string(10).unwrap(), &KeySpace::hex(8)).is_ok());
/// ```
pub fn check<K: AsRef<[u8]>>(splits: &[K], space: &KeySpace) -> Check {
    let mut bounds = Vec::with_capacity(splits.len() + 1);
    let mut start: Vec<u8> = Vec::new();
    for s in splits {
        bounds.push((start.clone(), s.as_ref().to_vec()));
        start = s.as_ref().to_vec();
    }
    bounds.push((start, Vec::new()));
    let unreachable = bounds
        .iter()
        .enumerate()
        .filter(|(_, (s, e))| match space.ceil(s) {
            Some(k) => !e.is_empty() && k >= *e,
            None => true,
        })
        .map(|(i, _)| i)
        .collect();
    Check {
        regions: bounds.len(),
        unreachable,
        bounds,
    }
}

//! [`Fingerprints`]: the two layouts a migration is made for, which its plan records and every
//! resume checks.

use core::fmt;

use rowkey_runtime::RowKey;

/// The layouts a plan was made for: `Old::LAYOUT_FINGERPRINT` and `New::LAYOUT_FINGERPRINT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fingerprints {
    /// The old key's layout.
    pub old: u64,
    /// The new key's layout.
    pub new: u64,
}

impl Fingerprints {
    /// The fingerprints of `Old` and `New` as the types are now.
    pub fn of<Old: RowKey, New: RowKey>() -> Self {
        Fingerprints {
            old: Old::LAYOUT_FINGERPRINT,
            new: New::LAYOUT_FINGERPRINT,
        }
    }
}

impl fmt::Display for Fingerprints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "old {:016x} → new {:016x}", self.old, self.new)
    }
}

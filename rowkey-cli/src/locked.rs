//! A key known by its locked layout (`--lock FILE --key NAME`): what `decode`, `heat` and
//! `hotspot` read keys with when the key's type is not compiled in.

use std::path::Path;

use rowkey::layout::DynamicKey;
use rowkey::lock::LockFile;
use rowkey::salt::Salt;

use crate::error::CliError;

/// A locked key's layout, run by a [`DynamicKey`].
#[derive(Debug)]
pub struct Locked {
    /// Its name in the lock file.
    pub name: String,
    /// The key.
    pub key: DynamicKey,
}

impl Locked {
    /// The key `key` (the file's only one when `None`) of the lock file `lock`, its current
    /// layout or its `previous` one.
    pub fn open(lock: &Path, key: Option<&str>, previous: Option<u32>) -> Result<Locked, CliError> {
        let file = LockFile::read(lock)?
            .ok_or_else(|| CliError(format!("{}: no such file", lock.display())))?;
        let names = file.names();
        let name = match (key, names.as_slice()) {
            (Some(k), _) => k,
            (None, [one]) => one,
            (None, _) => {
                return Err(CliError(format!(
                    "{} locks {} keys: say which with --key ({})",
                    lock.display(),
                    names.len(),
                    names.join(", ")
                )))
            }
        };
        let entry = file
            .entries
            .iter()
            .find(|e| e.name == name && e.previous == previous)
            .ok_or_else(|| {
                CliError(format!(
                    "key {name:?} is not locked in {} (it locks: {})",
                    lock.display(),
                    names.join(", ")
                ))
            })?;
        let key =
            DynamicKey::new(&entry.layout).map_err(|e| CliError(format!("key {name:?}: {e}")))?;
        Ok(Locked {
            name: name.to_string(),
            key,
        })
    }

    /// A key's or region boundary's labels: its leading fields, as a key type's own would be.
    pub fn labels(&self, key: &[u8]) -> Vec<String> {
        rowkey_studio::report::labels::decoded_prefix_by(&|k| self.key.explain(k), key)
    }

    /// The salt of each bucket of a key salted into buckets (binary), sorted; empty otherwise.
    pub fn salts(&self) -> Vec<Vec<u8>> {
        let layout = self.key.layout();
        match (layout.salt, layout.salt_text, layout.salt.buckets()) {
            (Salt::None, _, _) | (_, Some(_), _) | (_, _, None) => Vec::new(),
            (salt, None, Some(_)) => {
                let mut salts = salt.bucket_salts();
                salts.sort();
                salts
            }
        }
    }
}

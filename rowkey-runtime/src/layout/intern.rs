//! The names of a layout read from text, given the `'static` lifetime a derived layout's
//! have: each distinct name is allocated once for the life of the process and shared after.

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

fn strings() -> &'static Mutex<HashSet<&'static str>> {
    static SET: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    SET.get_or_init(|| Mutex::new(HashSet::new()))
}

fn byte_strings() -> &'static Mutex<HashSet<&'static [u8]>> {
    static SET: OnceLock<Mutex<HashSet<&'static [u8]>>> = OnceLock::new();
    SET.get_or_init(|| Mutex::new(HashSet::new()))
}

fn index_lists() -> &'static Mutex<HashSet<&'static [usize]>> {
    static SET: OnceLock<Mutex<HashSet<&'static [usize]>>> = OnceLock::new();
    SET.get_or_init(|| Mutex::new(HashSet::new()))
}

/// `s`, interned.
pub(crate) fn str(s: &str) -> &'static str {
    let mut set = strings().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&found) = set.get(s) {
        return found;
    }
    let leaked: &'static str = Box::leak(s.to_owned().into_boxed_str());
    set.insert(leaked);
    leaked
}

/// `b`, interned.
pub(crate) fn bytes(b: &[u8]) -> &'static [u8] {
    let mut set = byte_strings().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&found) = set.get(b) {
        return found;
    }
    let leaked: &'static [u8] = Box::leak(b.to_vec().into_boxed_slice());
    set.insert(leaked);
    leaked
}

/// `x`, interned.
pub(crate) fn indices(x: &[usize]) -> &'static [usize] {
    let mut set = index_lists().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&found) = set.get(x) {
        return found;
    }
    let leaked: &'static [usize] = Box::leak(x.to_vec().into_boxed_slice());
    set.insert(leaked);
    leaked
}

fn name_lists() -> &'static Mutex<HashSet<&'static [&'static str]>> {
    static SET: OnceLock<Mutex<HashSet<&'static [&'static str]>>> = OnceLock::new();
    SET.get_or_init(|| Mutex::new(HashSet::new()))
}

/// `x`, a list of interned names, interned.
pub(crate) fn names(x: &[&'static str]) -> &'static [&'static str] {
    if x.is_empty() {
        return &[];
    }
    let mut set = name_lists().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&found) = set.get(x) {
        return found;
    }
    let leaked: &'static [&'static str] = Box::leak(x.to_vec().into_boxed_slice());
    set.insert(leaked);
    leaked
}

//! Which field of the new layout each field of the old one became: by name, then by an earlier
//! name the new field declares (`#[rowkey(was = "old")]`), then, for a field left over on each
//! side at the same position with the same type and format, a probable rename.

use rowkey_runtime::layout::{FieldLayout, Layout};

/// How a new field was matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Matched {
    /// The same name.
    Name,
    /// The old name is one of the new field's `was` names.
    Was,
    /// Left over on both sides at the same position, with the same type and format.
    Probable,
}

/// The new fields' sources: `sources[j]` is the old field the new field `j` came from.
#[derive(Debug, Clone)]
pub struct Matching {
    /// For each new field, its old field and how it was matched.
    pub sources: Vec<Option<(usize, Matched)>>,
}

impl Matching {
    /// Match the fields of `old` and `new`.
    pub fn of(old: &Layout, new: &Layout) -> Matching {
        let mut sources: Vec<Option<(usize, Matched)>> = vec![None; new.fields.len()];
        let mut taken = vec![false; old.fields.len()];
        let mut take = |sources: &mut Vec<_>, j: usize, i: usize, how| {
            sources[j] = Some((i, how));
            taken[i] = true;
        };
        for (j, f) in new.fields.iter().enumerate() {
            if let Some(i) = old.fields.iter().position(|o| o.name == f.name) {
                take(&mut sources, j, i, Matched::Name);
            }
        }
        for (j, f) in new.fields.iter().enumerate() {
            if sources[j].is_some() {
                continue;
            }
            // An earlier name of this field that no new field still has and no other took.
            let by_was = old.fields.iter().position(|o| {
                f.was.contains(&o.name) && !new.fields.iter().any(|n| n.name == o.name)
            });
            if let Some(i) = by_was.filter(|&i| !sources.iter().flatten().any(|&(k, _)| k == i)) {
                take(&mut sources, j, i, Matched::Was);
            }
        }
        let used: Vec<usize> = sources.iter().flatten().map(|&(i, _)| i).collect();
        for (j, f) in new.fields.iter().enumerate() {
            if sources[j].is_some() {
                continue;
            }
            if let Some(o) = old.fields.get(j)
                && !used.contains(&j)
                && same_type_and_format(o, f)
            {
                sources[j] = Some((j, Matched::Probable));
            }
        }
        Matching { sources }
    }

    /// The new field old field `i` became.
    pub fn target(&self, i: usize) -> Option<usize> {
        self.sources
            .iter()
            .position(|s| matches!(s, Some((k, _)) if *k == i))
    }
}

/// Whether two fields hold the same type in the same format.
pub fn same_type_and_format(a: &FieldLayout, b: &FieldLayout) -> bool {
    a.value == b.value && a.format == b.format && a.inverted == b.inverted
}

/// Whether two fields are written alike: type, format, width, and what the key does around
/// them. Names and attribute spellings do not count.
pub fn same_bytes(a: &FieldLayout, b: &FieldLayout) -> bool {
    same_type_and_format(a, b)
        && a.width == b.width
        && a.max_width == b.max_width
        && a.open_end == b.open_end
        && a.dropped == b.dropped
        && a.window == b.window
        && a.value_trim == b.value_trim
}

//! [`FuzzyRowFilter::matching`]: HBase's fuzzy row filter for fields of a key type, from the
//! key's layout (the fields' offsets and widths). Above both the key and the HBase filters,
//! which know nothing of each other.

use super::{FuzzyError, FuzzyRowFilter};
use rowkey_runtime::RowKey;

impl FuzzyRowFilter {
    /// The filter that fixes `fields` of `template` (the other fields' values do not matter).
    /// Each field must have a fixed offset and width in every key.
    ///
    /// ```
    /// use rowkey::hbase::{FuzzyError, FuzzyRowFilter};
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// struct Tagged { day: u32, id: u32, tag: String }
    ///
    /// let t = Tagged { day: 0, id: 9, tag: String::new() };
    /// assert_eq!(FuzzyRowFilter::matching(&t, &["id"]).unwrap().mask, [1, 1, 1, 1, 0, 0, 0, 0]);
    /// assert_eq!(FuzzyRowFilter::matching(&t, &["tag"]), Err(FuzzyError::NotAtFixedOffset("tag")));
    /// ```
    pub fn matching<K: RowKey>(template: &K, fields: &[&str]) -> Result<Self, FuzzyError> {
        let layout = K::layout();
        let bytes = template
            .encode()
            .map_err(|e| FuzzyError::Encode(e.to_string()))?;
        if fields.is_empty() {
            return Err(FuzzyError::NoField);
        }
        let mut spans = Vec::with_capacity(fields.len());
        for name in fields {
            let field = layout
                .fields
                .iter()
                .find(|f| f.name == *name)
                .ok_or_else(|| FuzzyError::UnknownField((*name).to_owned()))?;
            match (field.offset, field.width) {
                (Some(at), Some(width)) => spans.push(at..at + width),
                _ => return Err(FuzzyError::NotAtFixedOffset(field.name)),
            }
        }
        Ok(FuzzyRowFilter::from_spans(&bytes, &spans))
    }
}

//! Reading a store's output: JSON into typed structs, errors as `FILE:LINE: what`.

use serde::de::DeserializeOwned;

use super::InputError;

/// `text` (the contents of `file`) as a `T`; a syntax or shape error names its line.
pub fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, InputError> {
    serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        // serde_json appends " at line L column C"; the line goes in front instead.
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.clone(), |(m, _)| m.to_string());
        InputError::at(file, e.line(), message)
    })
}

/// The 1-based line of the first `needle` in `text` (0 when absent).
pub fn line_of(text: &str, needle: &str) -> usize {
    text.find(needle)
        .map_or(0, |i| text[..i].matches('\n').count() + 1)
}

//! Reading a store's output: JSON into typed structs, errors as `FILE:LINE: what`.

use serde::de::DeserializeOwned;

/// Bad input: the file, the 1-based line (0 when the whole file is at fault) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// The file (as named by the caller).
    pub file: String,
    /// The line, from 1; 0 for the whole file.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl InputError {
    /// An error at `line` of `file`.
    pub fn at(file: &str, line: usize, message: impl Into<String>) -> Self {
        InputError {
            file: file.to_string(),
            line,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

impl std::error::Error for InputError {}

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

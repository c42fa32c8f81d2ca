//! Text escaped for the report's two formats: XML (the SVG maps and the HTML page) and JSON
//! strings (the Key Visualizer documents).

use std::fmt::Write as _;

/// Text escaped for XML content and attributes.
pub fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// A JSON string: quotes, backslashes and control characters escaped.
pub fn json(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    s.push('"');
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(s, "\\u{:04x}", c as u32);
            }
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn both_escape_what_their_format_needs() {
        assert_eq!(super::xml(r#"<a & "b">"#), "&lt;a &amp; &quot;b&quot;&gt;");
        assert_eq!(super::json("a\"b\\c\n\u{1}"), r#""a\"b\\c\n\u0001""#);
    }
}

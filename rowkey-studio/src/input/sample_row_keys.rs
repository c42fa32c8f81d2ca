//! Bigtable's `SampleRowKeys` answers in the API's JSON mapping (as `grpcurl` and the REST API
//! print them): messages `{"rowKey": "<base64>", "offsetBytes": "<n>"}`, one after another or in
//! an array, on any lines. The row keys, in order, are the region boundaries; the empty key
//! (the end of the table) is not a boundary.

use std::path::Path;

use super::at;
use super::lines::numbered;
use super::InputError;

/// Standard or URL-safe base64, padded or not.
fn base64(text: &str) -> Result<Vec<u8>, String> {
    let mut bits = 0u32;
    let mut n = 0;
    let mut out = Vec::new();
    let body = text.trim_end_matches('=');
    for c in body.chars() {
        let v = match c {
            'A'..='Z' => c as u32 - 'A' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 26,
            '0'..='9' => c as u32 - '0' as u32 + 52,
            '+' | '-' => 62,
            '/' | '_' => 63,
            _ => return Err(format!("{text:?} is not base64 (at {c:?})")),
        };
        bits = (bits << 6) | v;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
        }
    }
    if n >= 6 || bits & ((1 << n) - 1) != 0 {
        return Err(format!("{text:?} is not base64 (its length or last bits)"));
    }
    Ok(out)
}

pub fn points(path: &Path, bytes: &[u8]) -> Result<Vec<(usize, Vec<u8>)>, InputError> {
    let mut out = Vec::new();
    for (n, line) in numbered(path, bytes)? {
        let mut rest = line;
        while let Some(i) = rest.find("\"rowKey\"") {
            rest = rest[i + "\"rowKey\"".len()..].trim_start();
            let value = rest
                .strip_prefix(':')
                .map(str::trim_start)
                .and_then(|r| r.strip_prefix('"'))
                .ok_or_else(|| at(path, n, "\"rowKey\" is not followed by a string"))?;
            let end = value
                .find('"')
                .ok_or_else(|| at(path, n, "an unterminated rowKey string"))?;
            let text = value[..end].replace("\\/", "/");
            let key = base64(&text).map_err(|e| at(path, n, format!("rowKey {e}")))?;
            super::check_row_key(&key).map_err(|e| at(path, n, e))?;
            if !key.is_empty() {
                out.push((n, key));
            }
            rest = &value[end + 1..];
        }
    }
    if out.is_empty() {
        return Err(at(path, 0, "no \"rowKey\" of a SampleRowKeys answer"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::base64;

    #[test]
    fn base64_of_known_strings() {
        // RFC 4648's test vectors.
        for (text, plain) in [
            ("", ""),
            ("Zg==", "f"),
            ("Zm8=", "fo"),
            ("Zm9v", "foo"),
            ("Zm9vYmFy", "foobar"),
        ] {
            assert_eq!(base64(text).unwrap(), plain.as_bytes());
        }
        assert_eq!(base64("AP8_-w").unwrap(), [0x00, 0xff, 0x3f, 0xfb]);
        assert_eq!(base64("AP8/+w==").unwrap(), [0x00, 0xff, 0x3f, 0xfb]);
        assert!(base64("Zg=x").is_err());
        assert!(base64("Z").is_err());
        assert!(base64("Zh==").is_err());
    }
}

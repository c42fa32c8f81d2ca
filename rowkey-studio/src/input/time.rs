//! Calendar times as the tools print them, to microseconds since 1970 (read as UTC: the
//! times order a replay, so only their differences matter).

/// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
fn days(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `y-m-d h:m:s` plus `frac` (the digits after the point, at most 9) in microseconds.
pub fn micros(y: i64, mo: i64, d: i64, h: i64, mi: i64, s: i64, frac: &str) -> Result<i64, String> {
    let ok = (1..=12).contains(&mo)
        && (1..=31).contains(&d)
        && (0..24).contains(&h)
        && (0..60).contains(&mi)
        && (0..61).contains(&s)
        && frac.len() <= 9
        && frac.bytes().all(|b| b.is_ascii_digit());
    if !ok {
        return Err("not a valid date and time".into());
    }
    let mut ns: i64 = frac.parse().unwrap_or(0);
    for _ in frac.len()..9 {
        ns *= 10;
    }
    Ok(((days(y, mo, d) * 24 + h) * 60 + mi) * 60_000_000 + s * 1_000_000 + ns / 1_000)
}

/// The numbers of `text` split at any of `seps`, each parsed.
pub fn fields(text: &str, seps: &[char]) -> Option<Vec<i64>> {
    text.split(|c| seps.contains(&c))
        .map(|p| p.parse().ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_match_known_dates() {
        assert_eq!(days(1970, 1, 1), 0);
        assert_eq!(days(2000, 3, 1), 11_017);
        assert_eq!(days(2026, 11, 24), 20_781);
        assert_eq!(days(1969, 12, 31), -1);
        assert_eq!(micros(1970, 1, 1, 0, 0, 1, "5").unwrap(), 1_500_000);
    }
}

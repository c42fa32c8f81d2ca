//! The writes' times: their unit, and how the maps label them.

/// What the writes' times are: how the maps label them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TimeUnit {
    /// Numbers of the workload's own (labelled as they are).
    #[default]
    Number,
    /// Seconds since 1970 (labelled as UTC date and time).
    Seconds,
    /// Milliseconds since 1970.
    Millis,
    /// Microseconds since 1970 (Bigtable's and HBase's cell timestamps, as `cbt read` and the
    /// HBase shell print them, are read as this).
    Micros,
}

impl TimeUnit {
    /// Time `t` as a tick: `01:36:03` for times since 1970, the number otherwise.
    ///
    /// ```
    /// use rowkey_studio::TimeUnit;
    /// assert_eq!(TimeUnit::Millis.tick(1_795_484_163_053), "01:36:03");
    /// ```
    pub fn tick(self, t: i64) -> String {
        match self {
            TimeUnit::Number => t.to_string(),
            _ => self.label(t)[11..19].to_string(),
        }
    }

    /// A length of time `d` in words: `90 s` for times since 1970, the number otherwise.
    ///
    /// ```
    /// use rowkey_studio::TimeUnit;
    /// assert_eq!(TimeUnit::Micros.length(90_000_000), "90 s");
    /// assert_eq!(TimeUnit::Millis.length(1_500), "1.5 s");
    /// assert_eq!(TimeUnit::Number.length(7), "7");
    /// ```
    pub fn length(self, d: i64) -> String {
        let per_second = match self {
            TimeUnit::Number => return d.to_string(),
            TimeUnit::Seconds => 1.0,
            TimeUnit::Millis => 1e3,
            TimeUnit::Micros => 1e6,
        };
        let s = format!("{:.3}", d as f64 / per_second);
        format!("{} s", s.trim_end_matches('0').trim_end_matches('.'))
    }

    /// Time `t` in words: `2026-11-24 01:36:03 UTC` for times since 1970 (to the second), the
    /// number otherwise.
    ///
    /// ```
    /// use rowkey_studio::TimeUnit;
    ///
    /// assert_eq!(TimeUnit::Micros.label(1_795_484_163_053_000), "2026-11-24 01:36:03 UTC");
    /// assert_eq!(TimeUnit::Seconds.label(0), "1970-01-01 00:00:00 UTC");
    /// assert_eq!(TimeUnit::Seconds.label(-1), "1969-12-31 23:59:59 UTC");
    /// assert_eq!(TimeUnit::Number.label(42), "42");
    /// ```
    pub fn label(self, t: i64) -> String {
        let per_second = match self {
            TimeUnit::Number => return t.to_string(),
            TimeUnit::Seconds => 1,
            TimeUnit::Millis => 1_000,
            TimeUnit::Micros => 1_000_000,
        };
        let secs = t.div_euclid(per_second);
        let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
        let (y, m, d) = civil(days);
        format!(
            "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02} UTC",
            rest / 3600,
            rest / 60 % 60,
            rest % 60
        )
    }
}

/// The proleptic Gregorian date of `days` since 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

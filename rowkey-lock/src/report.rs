//! A verdict as text (for a test's panic and `rowkey compat`), as JSON, and as GitHub Actions
//! annotations: one rendering each, all from the same [`Verdict`].

use core::fmt::Write as _;

use rowkey_runtime::hex;

use crate::judge::{Guarantee, Sample, Status, Verdict};

/// Text longer than this is shown by its ends in the text report (a witness at the row
/// limit holds 32 KiB values); `--format json` has it whole.
const SHOWN: usize = 120;

/// `text`, or its first and last characters and how much is left out, said in the text.
fn ends(text: &str) -> String {
    let n = text.chars().count();
    if n <= SHOWN {
        return text.to_string();
    }
    let head: String = text.chars().take(SHOWN / 2).collect();
    let tail: String = text.chars().skip(n - SHOWN / 4).collect();
    format!(
        "{head}…[{} more characters; --format json shows them]…{tail}",
        n - SHOWN / 2 - SHOWN / 4
    )
}

fn key_lines(s: &Sample, out: &mut String) {
    let show = |v: &Option<String>, k: &Option<Vec<u8>>| match (v, k) {
        (Some(v), Some(k)) => format!("{} = {}", ends(v), ends(&hex::encode(k))),
        (Some(v), None) => format!("{} (no key)", ends(v)),
        (None, _) => "(none)".to_string(),
    };
    if s.old_values.is_some() {
        let _ = writeln!(out, "      old {}", show(&s.old_values, &s.old_key));
    }
    let _ = writeln!(out, "      new {}", show(&s.new_values, &s.new_key));
}

/// The verdict as text: the edits, each guarantee with its witness or reason, then the fixes.
pub fn text(v: &Verdict, name: &str) -> String {
    let mut out = String::new();
    if v.findings.is_empty() {
        let _ = writeln!(out, "key `{name}`: no edit");
    } else {
        let _ = writeln!(out, "key `{name}`: {} edit(s)", v.findings.len());
    }
    for f in &v.findings {
        let _ = writeln!(out, "  [{}] {}", f.rule.id(), f.message);
    }
    for g in Guarantee::ALL {
        match v.get(g) {
            Status::Holds => {
                let _ = writeln!(out, "  {:<7} holds", g.name());
            }
            Status::Unproven(why) => {
                let _ = writeln!(out, "  {:<7} unproven: {why}", g.name());
            }
            Status::Breaks(w) => {
                let _ = writeln!(out, "  {:<7} breaks: {}", g.name(), w.why);
                for s in &w.keys {
                    key_lines(s, &mut out);
                }
            }
        }
    }
    let mut fixes: Vec<_> = v.findings.iter().map(|f| f.rule).collect();
    fixes.dedup();
    if !v.holds(Guarantee::Bytes) {
        for r in fixes {
            let _ = writeln!(out, "  fix [{}]: {}", r.id(), r.fix());
        }
    }
    out
}

/// A JSON string literal.
fn string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn opt(s: &Option<String>) -> String {
    s.as_deref().map_or("null".into(), string)
}

fn opt_hex(k: &Option<Vec<u8>>) -> String {
    k.as_deref()
        .map_or("null".into(), |k| string(&hex::encode(k)))
}

/// The verdict as one JSON object: `{"key", "findings": [{"rule", "field", "message",
/// "fix"}], "guarantees": {"bytes": {"status", "why", "witness": [{"old_values", "old_key",
/// "new_values", "new_key"}]}, ..}, "tried"}`.
pub fn json(v: &Verdict, name: &str) -> String {
    let findings: Vec<String> = v
        .findings
        .iter()
        .map(|f| {
            format!(
                "{{\"rule\":{},\"field\":{},\"message\":{},\"fix\":{}}}",
                string(f.rule.id()),
                opt(&f.field),
                string(&f.message),
                string(f.rule.fix())
            )
        })
        .collect();
    let guarantees: Vec<String> = Guarantee::ALL
        .iter()
        .map(|&g| {
            let s = v.get(g);
            let (why, witness) = match s {
                Status::Holds => ("null".to_string(), "[]".to_string()),
                Status::Unproven(why) => (string(why), "[]".to_string()),
                Status::Breaks(w) => {
                    let keys: Vec<String> = w
                        .keys
                        .iter()
                        .map(|k| {
                            format!(
                                "{{\"old_values\":{},\"old_key\":{},\"new_values\":{},\"new_key\":{}}}",
                                opt(&k.old_values),
                                opt_hex(&k.old_key),
                                opt(&k.new_values),
                                opt_hex(&k.new_key)
                            )
                        })
                        .collect();
                    (string(&w.why), format!("[{}]", keys.join(",")))
                }
            };
            format!(
                "{}:{{\"status\":{},\"why\":{why},\"witness\":{witness}}}",
                string(g.name()),
                string(s.word())
            )
        })
        .collect();
    format!(
        "{{\"key\":{},\"findings\":[{}],\"guarantees\":{{{}}},\"tried\":{}}}",
        string(name),
        findings.join(","),
        guarantees.join(","),
        v.tried
    )
}

/// The verdict as GitHub Actions workflow commands: an `::error` per broken guarantee at
/// `level` or weaker, a `::warning` per unproven one, annotating `file`.
pub fn github(v: &Verdict, name: &str, file: &str, level: Guarantee) -> String {
    let mut out = String::new();
    let esc = |s: &str| {
        s.replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A")
    };
    for &g in level.implied() {
        match v.get(g) {
            Status::Breaks(w) => {
                let _ = writeln!(
                    out,
                    "::error file={file},title=rowkey compat: {name} {}::{}",
                    g.name(),
                    esc(&format!("{} breaks: {}", g.name(), w.why))
                );
            }
            Status::Unproven(why) => {
                let _ = writeln!(
                    out,
                    "::warning file={file},title=rowkey compat: {name} {}::{}",
                    g.name(),
                    esc(why)
                );
            }
            Status::Holds => {}
        }
    }
    out
}

//! A whole study as text, as the command line prints it: each design's regions and the chart of
//! its late windows, then the summary tables of writes and reads.

use std::fmt::Write as _;

use super::summary::{self, Row};
use crate::outcome::Outcome;
use crate::Options;

/// The study's report in text: for each outcome a line of its regions and its busiest region's
/// late share, with the chart of its regions; the table of writes (its header naming the
/// options), and the table of reads (or why there is none).
pub fn text(outcomes: &[Outcome], options: &Options) -> String {
    let mut out = String::new();
    let rows: Vec<Row> = outcomes.iter().map(Row::new).collect();
    if let Some(o) = outcomes.iter().find(|o| o.run.stopped) {
        let _ = writeln!(
            out,
            "stopped by Ctrl-C after {} writes{}: everything below covers those\n",
            o.run.span.writes,
            if outcomes.len() > 1 {
                " (per design)"
            } else {
                ""
            }
        );
    }
    for (i, (outcome, row)) in outcomes.iter().zip(&rows).enumerate() {
        let report = &outcome.run.report;
        let _ = writeln!(
            out,
            "[{}/{}] {}: {} writes; {} regions after {} splits; in a late window its busiest region takes {} of the writes (on average)",
            i + 1,
            outcomes.len(),
            outcome.name,
            report.writes,
            report.regions,
            report.splits,
            summary::percent(row.hottest_share)
        );
        let _ = write!(out, "{}", report.chart(16, 40));
        let _ = writeln!(out);
    }
    let writes = outcomes.first().map_or(0, |o| o.run.report.writes);
    let splitting = if options.splits.is_empty() {
        format!("split past {} writes", options.split_writes)
    } else {
        format!(
            "{} regions from --splits, no auto-split",
            options.splits.len() + 1
        )
    };
    let _ = writeln!(
        out,
        "writes ({writes} writes, {splitting}, {} region servers, windows of {} writes; late = last half):",
        options.servers, options.window,
    );
    let _ = write!(out, "{}", summary::text(&rows));
    let reads = summary::reads_text(&rows);
    if reads.is_empty() {
        let _ = writeln!(
            out,
            "\nreads: need the key's type, which a key log does not give"
        );
    } else {
        let _ = writeln!(
            out,
            "\nreads (planned from each design's own key, counted on its table at the end):"
        );
        let _ = write!(out, "{reads}");
    }
    out
}

//! A model of HBase's filter language, for the row filters a `filterString` holds: the parse of
//! `org.apache.hadoop.hbase.filter.ParseFilter` (HBase master) step by step over bytes — its
//! operator and filter stacks, `extractFilterSimpleExpression`'s quote counting,
//! `getFilterArguments`, `createUnescapdArgument` (`''` is one `'`), `parseComparator` (split
//! at the first `:`) — with the `RowFilter` it builds (`CompareFilter.extractArguments`) and
//! the semantics HBase gives it: `compareResult` is the comparator's value compared with the
//! row (`BinaryComparator.compareTo`, unsigned bytes), and `CompareFilter.compare` says when
//! a row is filtered *out*. `AND` is a `FilterList` that must pass all, `OR` one. Anything else
//! of the language is refused, so a string this model accepts is one HBase parses the same way.

use std::cmp::Ordering;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompareOp {
    Less,
    LessOrEqual,
    Equal,
    NotEqual,
    GreaterOrEqual,
    Greater,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Filter {
    /// `RowFilter(op, 'binary:value')`.
    Row(CompareOp, Vec<u8>),
    /// `FilterList(MUST_PASS_ALL, ..)`.
    All(Vec<Filter>),
    /// `FilterList(MUST_PASS_ONE, ..)`.
    One(Vec<Filter>),
}

impl Filter {
    /// Whether a scan with this filter returns `row`.
    pub fn passes(&self, row: &[u8]) -> bool {
        match self {
            Filter::Row(op, value) => {
                // BinaryComparator.compareTo(row): the comparator's value against the row.
                let result = value.as_slice().cmp(row);
                !filtered_out(*op, result)
            }
            Filter::All(list) => list.iter().all(|f| f.passes(row)),
            Filter::One(list) => list.iter().any(|f| f.passes(row)),
        }
    }
}

/// `CompareFilter.compare(op, compareResult)`: true when the row is filtered out.
fn filtered_out(op: CompareOp, result: Ordering) -> bool {
    let r = result as i32;
    match op {
        CompareOp::Less => r <= 0,
        CompareOp::LessOrEqual => r < 0,
        CompareOp::Equal => r != 0,
        CompareOp::NotEqual => r == 0,
        CompareOp::GreaterOrEqual => r > 0,
        CompareOp::Greater => r >= 0,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    LParen,
    And,
    Or,
}

/// `operatorPrecedenceHashMap`: AND 2, OR 3 (a lower number binds tighter).
fn precedence(op: Op) -> i32 {
    match op {
        Op::And => 2,
        Op::Or => 3,
        Op::LParen => unreachable!("never compared"),
    }
}

const QUOTE: u8 = b'\'';

/// `ParseFilter.parseFilterString(byte[])`.
pub fn parse(s: &[u8]) -> Result<Filter, String> {
    let mut ops: Vec<Op> = Vec::new();
    let mut filters: Vec<Filter> = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if b == b'(' {
            ops.push(Op::LParen);
        } else if b == b' ' || b == b'\t' {
        } else if keyword(s, i, b"OR") {
            i += 1;
            reduce(&mut ops, &mut filters, Op::Or)?;
            ops.push(Op::Or);
        } else if keyword(s, i, b"AND") {
            i += 2;
            reduce(&mut ops, &mut filters, Op::And)?;
            ops.push(Op::And);
        } else if keyword(s, i, b"SKIP") || keyword(s, i, b"WHILE") {
            return Err(format!("SKIP/WHILE at {i}: not modelled"));
        } else if b == b')' {
            let Some(&top) = ops.last() else {
                return Err("Mismatched parenthesis".into());
            };
            if top == Op::LParen {
                ops.pop();
            } else {
                let mut top = top;
                while top != Op::LParen {
                    let f = pop_arguments(&mut ops, &mut filters)?;
                    filters.push(f);
                    top = ops.pop().ok_or("Mismatched parenthesis")?;
                }
            }
        } else {
            let expr = extract_simple_expression(s, i)?;
            i += expr.len() - 1;
            filters.push(parse_simple_expression(expr)?);
        }
        i += 1;
    }
    while !ops.is_empty() {
        let f = pop_arguments(&mut ops, &mut filters)?;
        filters.push(f);
    }
    let f = filters.pop().ok_or("Incorrect Filter String")?;
    if !filters.is_empty() {
        return Err("Incorrect Filter String".into());
    }
    Ok(f)
}

/// `checkForOr` / `checkForAnd`: the keyword, after a space or `)`, before a space or `(`.
fn keyword(s: &[u8], i: usize, word: &[u8]) -> bool {
    i > 0
        && s[i..].starts_with(word)
        && matches!(s[i - 1], b' ' | b')')
        && matches!(s.get(i + word.len()), Some(b' ' | b'('))
}

fn reduce(ops: &mut Vec<Op>, filters: &mut Vec<Filter>, op: Op) -> Result<(), String> {
    while let Some(&top) = ops.last() {
        if top == Op::LParen || precedence(top) - precedence(op) >= 0 {
            break;
        }
        let f = pop_arguments(ops, filters)?;
        filters.push(f);
    }
    Ok(())
}

/// `popArguments`: a run of the same operator on top of the stack becomes one list.
fn pop_arguments(ops: &mut Vec<Op>, filters: &mut Vec<Filter>) -> Result<Filter, String> {
    let top = *ops.last().ok_or("empty operator stack")?;
    match top {
        Op::And | Op::Or => {
            let mut list = Vec::new();
            while ops.last() == Some(&top) {
                list.insert(0, filters.pop().ok_or("an operator needs two filters")?);
                ops.pop();
            }
            list.insert(0, filters.pop().ok_or("an operator needs two filters")?);
            Ok(if top == Op::And {
                Filter::All(list)
            } else {
                Filter::One(list)
            })
        }
        Op::LParen => {
            let f = filters.pop().ok_or("Incorrect Filter String")?;
            ops.pop();
            Ok(f)
        }
    }
}

/// `isQuoteUnescaped`: not followed by another quote.
fn quote_unescaped(s: &[u8], i: usize) -> bool {
    i == s.len() - 1 || s[i + 1] != QUOTE
}

/// `extractFilterSimpleExpression`: up to the first `)` outside quotes.
fn extract_simple_expression(s: &[u8], start: usize) -> Result<&[u8], String> {
    let mut quotes = 0;
    let mut i = start;
    while i < s.len() {
        if s[i] == QUOTE {
            if quote_unescaped(s, i) {
                quotes += 1;
            } else {
                i += 1;
            }
        }
        if s[i] == b')' && quotes % 2 == 0 {
            return Ok(&s[start..=i]);
        }
        i += 1;
    }
    Err("Incorrect Filter String".into())
}

/// `parseSimpleFilterExpression` for `RowFilter` (`CompareFilter.extractArguments`).
fn parse_simple_expression(e: &[u8]) -> Result<Filter, String> {
    let name_end = e
        .iter()
        .position(|&b| b == b'(' || b == b' ')
        .filter(|&n| n > 0)
        .ok_or("Incorrect Filter Name")?;
    let name = &e[..name_end];
    if name != b"RowFilter" {
        return Err(format!(
            "filter {:?}: not modelled",
            String::from_utf8_lossy(name)
        ));
    }
    let args = filter_arguments(e)?;
    let [op, comparator] = args.as_slice() else {
        return Err(format!("Expected 2 but got: {}", args.len()));
    };
    let op = match op.as_slice() {
        b"<" => CompareOp::Less,
        b"<=" => CompareOp::LessOrEqual,
        b"=" => CompareOp::Equal,
        b"!=" => CompareOp::NotEqual,
        b">=" => CompareOp::GreaterOrEqual,
        b">" => CompareOp::Greater,
        _ => return Err("Invalid compare operator".into()),
    };
    // removeQuotesFromByteArray, then parseComparator: split at the first ':'.
    let unquoted = comparator
        .strip_prefix(&[QUOTE])
        .and_then(|c| c.strip_suffix(&[QUOTE]))
        .ok_or("removeQuotesFromByteArray needs a quoted byte array")?;
    let colon = unquoted
        .iter()
        .position(|&b| b == b':')
        .ok_or("Incorrect comparator")?;
    if &unquoted[..colon] != b"binary" {
        return Err("comparator: not modelled".into());
    }
    Ok(Filter::Row(op, unquoted[colon + 1..].to_vec()))
}

/// `getFilterArguments`: quoted arguments (kept with their quotes, `''` made one) and bare ones.
fn filter_arguments(e: &[u8]) -> Result<Vec<Vec<u8>>, String> {
    let open = e
        .iter()
        .position(|&b| b == b'(')
        .ok_or("Incorrect argument list")?;
    let mut args = Vec::new();
    let mut i = open + 1;
    while i < e.len() {
        let b = e[i];
        if b == b' ' || b == b',' || b == b')' {
            i += 1;
            continue;
        }
        if b == QUOTE {
            let start = i;
            let mut j = start + 1;
            loop {
                if j >= e.len() {
                    return Err("Incorrect argument list".into());
                }
                if e[j] == QUOTE {
                    if quote_unescaped(e, j) {
                        args.push(unescaped_argument(e, start, j));
                        i = j + 1;
                        break;
                    }
                    j += 1;
                } else if j == e.len() - 1 {
                    return Err("Incorrect argument list".into());
                }
                j += 1;
            }
        } else {
            let start = i;
            let mut j = start;
            loop {
                if j >= e.len() {
                    return Err("Incorrect argument list".into());
                }
                if matches!(e[j], b' ' | b',' | b')') {
                    args.push(e[start..j].to_vec());
                    i = j;
                    break;
                } else if j == e.len() - 1 {
                    return Err("Incorrect argument list".into());
                }
                j += 1;
            }
        }
        i += 1;
    }
    Ok(args)
}

/// `createUnescapdArgument`: the quotes kept, each `''` inside made one `'`.
fn unescaped_argument(e: &[u8], start: usize, end: usize) -> Vec<u8> {
    let mut out = vec![QUOTE];
    let mut i = start + 1;
    while i < end {
        if e[i] == QUOTE && i != end - 1 && e[i + 1] == QUOTE {
            out.push(QUOTE);
            i += 2;
        } else {
            out.push(e[i]);
            i += 1;
        }
    }
    out.push(QUOTE);
    out
}

#[cfg(test)]
#[test]
fn the_models_own_reading_of_the_language() {
    // The HBase book's examples of the language.
    let f = parse(b"RowFilter (<=, 'binary:xyz')").unwrap();
    assert!(f.passes(b"xyz") && f.passes(b"abc") && !f.passes(b"xyz0"));
    let f = parse(
        b"(RowFilter (>=, 'binary:b') AND RowFilter (<, 'binary:d')) OR RowFilter (=, 'binary:z')",
    )
    .unwrap();
    for (row, pass) in [
        (&b"a"[..], false),
        (b"b", true),
        (b"c\xFF", true),
        (b"d", false),
        (b"z", true),
    ] {
        assert_eq!(f.passes(row), pass, "{row:?}");
    }
    // A quote doubled inside an argument is one quote of the value.
    let f = parse(b"RowFilter(=, 'binary:it''s')").unwrap();
    assert_eq!(f, Filter::Row(CompareOp::Equal, b"it's".to_vec()));
    let f = parse(b"RowFilter(=, 'binary:''')").unwrap();
    assert_eq!(f, Filter::Row(CompareOp::Equal, b"'".to_vec()));
    // ')' inside quotes belongs to the value; AND binds tighter than OR.
    let f = parse(
        b"RowFilter(=, 'binary:a)') OR RowFilter(=, 'binary:b') AND RowFilter(=, 'binary:c')",
    )
    .unwrap();
    assert!(
        matches!(&f, Filter::One(list) if list.len() == 2 && matches!(list[1], Filter::All(_)))
    );
    assert!(f.passes(b"a)"));
    assert!(parse(b"RowFilter(=, 'binary:a'").is_err());
    assert!(parse(b"PrefixFilter('a')").is_err());
}

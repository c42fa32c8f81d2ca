//! The values the judge tries: for each field type its boundaries (zero, one, MIN/MAX, empty,
//! `00`/`FF`, prefixes of each other, −0.0/NaN, the delimiter) and then random keys drawn from
//! them, from a seeded generator so that a verdict and its witness repeat exactly.

use rowkey_runtime::layout::{Layout, Value, ValueType};

/// A small, seeded generator (xorshift64*): the same seed gives the same samples everywhere.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value; zero is moved off the fixed point).
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15 | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// `0` (or MIN for a signed type) first: the constant a field the judge must fill takes.
fn ints<T: Copy + PartialEq + Default>(
    min: T,
    max: T,
    small: &[T],
    wrap: fn(T) -> Value,
) -> Vec<Value> {
    let mut v = vec![wrap(T::default())];
    v.extend(
        small
            .iter()
            .filter(|&&x| x != T::default())
            .map(|&x| wrap(x)),
    );
    v.push(wrap(min));
    v.push(wrap(max));
    v.dedup();
    v
}

/// Strings that are nasty for a key: empty, a prefix of the next, `00`, the text delimiter,
/// the largest scalar value.
fn strings(delimiter: Option<u8>) -> Vec<String> {
    let mut v: Vec<String> = [
        "",
        "a",
        "ab",
        "b",
        "\u{0}",
        "a\u{0}",
        "\u{1}",
        "z\u{7f}",
        "\u{10ffff}",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    if let Some(d) = delimiter.filter(u8::is_ascii) {
        v.push(format!("a{}b", d as char));
    }
    v
}

fn bytes() -> Vec<Vec<u8>> {
    vec![
        vec![],
        vec![0],
        vec![0, 0],
        vec![0, 0xff],
        vec![1],
        vec![0x61],
        vec![0x61, 0x62],
        vec![0xff],
        vec![0xff, 0xff],
        vec![0xff, 0],
    ]
}

/// The boundary values of a field of type `ty` in a key with `delimiter`, each of which the
/// judge tries (values its format refuses are dropped later, by encoding them).
pub fn boundaries(ty: &ValueType, delimiter: Option<u8>) -> Vec<Value> {
    use Value as V;
    match ty {
        ValueType::Bool => vec![V::Bool(false), V::Bool(true)],
        ValueType::Char => ['\0', 'a', 'b', '\u{7f}', '\u{10ffff}']
            .into_iter()
            .map(V::Char)
            .collect(),
        ValueType::U8 => ints(u8::MIN, u8::MAX, &[1, 2, 0x7f, 0x80], V::U8),
        ValueType::U16 => ints(u16::MIN, u16::MAX, &[1, 2, 0xff, 0x100], V::U16),
        ValueType::U32 => ints(
            u32::MIN,
            u32::MAX,
            &[1, 2, 0xff, 0x1_0000, 0x8000_0000],
            V::U32,
        ),
        ValueType::U64 => ints(u64::MIN, u64::MAX, &[1, 2, 0xff, 1 << 32, 1 << 63], V::U64),
        ValueType::U128 => ints(u128::MIN, u128::MAX, &[1, 2, 1 << 64, 1 << 127], V::U128),
        ValueType::I8 => ints(i8::MIN, i8::MAX, &[-2, -1, 0, 1, 2], V::I8),
        ValueType::I16 => ints(i16::MIN, i16::MAX, &[-256, -1, 0, 1, 255], V::I16),
        ValueType::I32 => ints(i32::MIN, i32::MAX, &[-65536, -1, 0, 1, 65536], V::I32),
        ValueType::I64 => ints(i64::MIN, i64::MAX, &[-(1 << 32), -1, 0, 1, 1 << 32], V::I64),
        ValueType::I128 => ints(
            i128::MIN,
            i128::MAX,
            &[-(1 << 64), -1, 0, 1, 1 << 64],
            V::I128,
        ),
        ValueType::F32 => [
            0.0,
            -0.0,
            1.0,
            -1.0,
            f32::MIN,
            f32::MAX,
            f32::INFINITY,
            f32::NAN,
        ]
        .into_iter()
        .map(V::F32)
        .collect(),
        ValueType::F64 => [
            0.0,
            -0.0,
            1.0,
            -1.0,
            f64::MIN,
            f64::MAX,
            f64::NEG_INFINITY,
            f64::NAN,
        ]
        .into_iter()
        .map(V::F64)
        .collect(),
        ValueType::String => strings(delimiter).into_iter().map(V::String).collect(),
        ValueType::Bytes => bytes().into_iter().map(V::Bytes).collect(),
        ValueType::Array(n) => [0u8, 1, 0x7f, 0xff]
            .into_iter()
            .map(|b| V::Bytes(vec![b; *n]))
            .collect(),
        ValueType::Uuid => [0u8, 1, 0xff]
            .into_iter()
            .map(|b| V::Uuid([b; 16]))
            .collect(),
        ValueType::SystemTime | ValueType::DateTime => {
            [(0, 0), (1, 0), (-1, 999_999_999), (1_700_000_000, 5)]
                .into_iter()
                .map(|(secs, nanos)| V::Time { secs, nanos })
                .collect()
        }
        ValueType::Decimal => [(0, 0), (1, 0), (-1, 0), (15, 1), (1, 28)]
            .into_iter()
            .map(|(mantissa, scale)| V::Decimal { mantissa, scale })
            .collect(),
        ValueType::Option(t) => core::iter::once(Value::NONE)
            .chain(boundaries(t, delimiter).into_iter().map(Value::some))
            .collect(),
        ValueType::Tuple(ts) => {
            let each: Vec<Vec<Value>> = ts.iter().map(|t| boundaries(t, delimiter)).collect();
            diagonal(&each)
        }
        ValueType::Key(layout) => {
            let each: Vec<Vec<Value>> = layout
                .fields
                .iter()
                .map(|f| boundaries(&f.value, layout.delimiter()))
                .collect();
            diagonal(&each)
        }
        ValueType::Tags { key, value } => {
            let w = key + value;
            vec![
                V::Bytes(vec![]),
                V::Bytes(vec![0; w]),
                V::Bytes(vec![0xff; w]),
                V::Bytes([vec![1; w], vec![2; w]].concat()),
            ]
        }
        ValueType::Opaque(_) => Vec::new(),
        _ => Vec::new(),
    }
}

/// Tuples of the `i`-th value of each list (cycling), as many as the longest list.
fn diagonal(each: &[Vec<Value>]) -> Vec<Value> {
    if each.iter().any(Vec::is_empty) {
        return Vec::new();
    }
    let n = each.iter().map(Vec::len).max().unwrap_or(1);
    (0..n)
        .map(|i| Value::Tuple(each.iter().map(|vs| vs[i % vs.len()].clone()).collect()))
        .collect()
}

/// The keys the judge tries for `layout`: each field's boundaries against the others' first
/// values, then `random` keys drawn from the boundaries, deterministic in `seed`. Opaque
/// fixed-width fields take the raw bytes `00…`, `01…` and `FF…`.
pub fn keys(layout: &Layout, seed: u64, random: usize) -> Vec<Vec<Value>> {
    keys_with(layout, seed, random, |_| true)
}

/// [`keys`], and the longest key `accepts` takes: its string and byte fields grown alike
/// (`"xx…"`, `61 61 …`) to the most bytes it accepts, so that an edit that lengthens keys
/// meets the row-length limit.
pub fn keys_with(
    layout: &Layout,
    seed: u64,
    random: usize,
    accepts: impl Fn(&[Value]) -> bool,
) -> Vec<Vec<Value>> {
    let each: Vec<Vec<Value>> = layout
        .fields
        .iter()
        .map(|f| match (&f.value, f.width) {
            (ValueType::Opaque(_), Some(n)) => [0u8, 1, 0xff]
                .into_iter()
                .map(|b| Value::Opaque(vec![b; n]))
                .collect(),
            (ty, _) => boundaries(ty, layout.delimiter()),
        })
        .collect();
    if each.iter().any(Vec::is_empty) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let base: Vec<Value> = each.iter().map(|vs| vs[0].clone()).collect();
    out.push(base.clone());
    for (i, vs) in each.iter().enumerate() {
        for v in &vs[1..] {
            let mut k = base.clone();
            k[i] = v.clone();
            out.push(k);
        }
    }
    let long: Vec<usize> = layout
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            f.width.is_none() && matches!(f.value, ValueType::String | ValueType::Bytes)
        })
        .map(|(i, _)| i)
        .collect();
    let grown = |n: usize| {
        let mut k = base.clone();
        for &i in &long {
            k[i] = match layout.fields[i].value {
                ValueType::String => Value::String("x".repeat(n)),
                _ => Value::Bytes(vec![0x61; n]),
            };
        }
        k
    };
    if !long.is_empty() && accepts(&grown(1)) {
        // The longest accepted, by bisection: `lo` is accepted, `hi` is not.
        let (mut lo, mut hi) = (1, rowkey_runtime::MAX_ROW_LENGTH + 1);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if accepts(&grown(mid)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        out.push(grown(lo));
    }
    let mut rng = Rng::new(seed);
    for _ in 0..random {
        let key = layout
            .fields
            .iter()
            .zip(&each)
            .map(|(f, vs)| match rng.below(2) {
                0 => random_value(&f.value, &mut rng)
                    .unwrap_or_else(|| vs[rng.below(vs.len())].clone()),
                _ => vs[rng.below(vs.len())].clone(),
            })
            .collect();
        out.push(key);
    }
    out
}

/// A random value of `ty`, for the types whose boundaries leave most values untried
/// (integers, strings, bytes); `None` for the others.
pub fn random_value(ty: &ValueType, rng: &mut Rng) -> Option<Value> {
    let x = rng.next_u64();
    // Small numbers half the time, so that values collide and prefixes repeat.
    let x = if rng.below(2) == 0 { x % 300 } else { x };
    let s = x as i64;
    Some(match ty {
        ValueType::U8 => Value::U8(x as u8),
        ValueType::U16 => Value::U16(x as u16),
        ValueType::U32 => Value::U32(x as u32),
        ValueType::U64 => Value::U64(x),
        ValueType::U128 => Value::U128(u128::from(x) << (rng.below(2) * 64)),
        ValueType::I8 => Value::I8(s as i8),
        ValueType::I16 => Value::I16(s as i16),
        ValueType::I32 => Value::I32(s as i32),
        ValueType::I64 => Value::I64(s),
        ValueType::I128 => Value::I128(i128::from(s) << (rng.below(2) * 64)),
        ValueType::String => {
            let n = rng.below(5);
            Value::String(
                (0..n)
                    .map(|_| ['a', 'b', '\0', '~', 'é'][rng.below(5)])
                    .collect(),
            )
        }
        ValueType::Bytes => {
            let n = rng.below(5);
            Value::Bytes(
                (0..n)
                    .map(|_| [0u8, 1, 0x61, 0xfe, 0xff][rng.below(5)])
                    .collect(),
            )
        }
        ValueType::Option(t) => match rng.below(3) {
            0 => Value::NONE,
            _ => Value::some(random_value(t, rng)?),
        },
        _ => return None,
    })
}

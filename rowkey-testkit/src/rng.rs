//! A small seeded random source with a taste for the values that break key encodings:
//! `00`/`FF` bytes, MIN/MAX, −0.0 and NaN, delimiters and pad characters, prefixes of each
//! other, very long parts.

/// SplitMix64: fast, seedable, and the same sequence on every platform. In "long" mode,
/// strings and byte vectors are long parts (22,000 to 30,000 bytes).
#[derive(Debug, Clone)]
pub struct Rng(u64, bool);

/// Mixes values into one seed (for per-field, per-pool-slot sub-generators).
pub fn mix(parts: &[u64]) -> u64 {
    let mut h = 0x243F_6A88_85A3_08D3u64;
    for &p in parts {
        h = Rng(h ^ p, false).next_u64();
    }
    h
}

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed, false)
    }

    /// A generator whose strings and byte vectors are long parts.
    pub fn long(seed: u64) -> Self {
        Rng(seed, true)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `0..n` (`n` ≥ 1).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// An index into a slice of `n` items.
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// One of `items`.
    pub fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.index(items.len())].clone()
    }

    fn u128(&mut self) -> u128 {
        (u128::from(self.next_u64()) << 64) | u128::from(self.next_u64())
    }

    /// An unsigned value of `bits` bits, biased to 0, 1, MAX, MAX−1, powers of two and ten.
    pub fn uint(&mut self, bits: u32) -> u128 {
        let max = u128::MAX >> (128 - bits);
        match self.below(10) {
            0 => 0,
            1 => 1,
            2 => max,
            3 => max - 1,
            4 => (1u128 << self.below(u64::from(bits))) & max,
            5 => 10u128.checked_pow(self.below(39) as u32).unwrap_or(7) & max,
            6 => self.below(256) as u128 & max,
            _ => self.u128() & max,
        }
    }

    /// A signed value of `bits` bits, biased to MIN, MAX, 0, ±1.
    pub fn int(&mut self, bits: u32) -> i128 {
        let shift = 128 - bits;
        match self.below(10) {
            0 => i128::MIN >> shift,
            1 => i128::MAX >> shift,
            2 => 0,
            3 => 1,
            4 => -1,
            5 => (i128::MIN >> shift) + 1,
            _ => ((self.u128() << shift) as i128) >> shift,
        }
    }

    /// Mostly a value below `limit` (0, `limit − 1`, uniform), sometimes `limit` or a larger
    /// value of `bits` bits, which the field must refuse.
    pub fn under(&mut self, limit: u128, bits: u32) -> u128 {
        let max = u128::MAX >> (128 - bits);
        let limit = limit.min(max.saturating_add(1)).max(1);
        match self.below(16) {
            0 => 0,
            1 => limit - 1,
            2 => limit.min(max),
            3 => self.uint(bits),
            _ => self.u128() % limit,
        }
    }

    /// A timestamp: mostly in `0..=max`, sometimes negative (refused by `#[reverse_ts]`).
    pub fn timestamp(&mut self, bits: u32) -> i128 {
        let max = i128::MAX >> (128 - bits);
        match self.below(12) {
            0 => 0,
            1 => max,
            2 => -1,
            3 => self.int(bits),
            _ => ((self.u128() >> 1) as i128) % (max + 1),
        }
    }

    /// An instant for Phoenix's DATE, TIME and TIMESTAMP: 1970 and the nanoseconds beside it,
    /// before and after 1970, the `i64` millisecond limits and just past them (refused). With
    /// `whole_millis`, mostly whole milliseconds (DATE and TIME refuse a fraction).
    pub fn instant(&mut self, whole_millis: bool) -> std::time::SystemTime {
        use std::time::{Duration, UNIX_EPOCH};
        let millis: i128 = match self.below(10) {
            0 => 0,
            1 => -1,
            2 => i64::MIN.into(),
            3 => i64::MAX.into(),
            4 => i128::from(i64::MAX) + 1,
            5 => self.int(64),
            _ => self.int(42),
        };
        let sub: i128 = if whole_millis && !self.chance(1, 8) {
            0
        } else {
            match self.below(4) {
                0 => 0,
                1 => 1,
                2 => 999_999,
                _ => i128::from(self.below(1_000_000)),
            }
        };
        let ns = millis * 1_000_000 + sub;
        let abs = ns.unsigned_abs();
        let d = Duration::new((abs / 1_000_000_000) as u64, (abs % 1_000_000_000) as u32);
        if ns >= 0 {
            UNIX_EPOCH + d
        } else {
            UNIX_EPOCH - d
        }
    }

    /// A float from the corners of IEEE 754: ±0.0, ±NaN (with payloads), ±∞, subnormals.
    pub fn f64(&mut self) -> f64 {
        match self.below(14) {
            0 => 0.0,
            1 => -0.0,
            2 => f64::NAN,
            3 => -f64::NAN,
            4 => f64::from_bits(0x7FF0_0000_0000_0001),
            5 => f64::INFINITY,
            6 => f64::NEG_INFINITY,
            7 => f64::MIN_POSITIVE,
            8 => -5e-324,
            9 => f64::MAX,
            10 => 1.0,
            _ => f64::from_bits(self.next_u64()),
        }
    }

    /// An `f32` from the corners of IEEE 754.
    pub fn f32(&mut self) -> f32 {
        match self.below(12) {
            0 => 0.0,
            1 => -0.0,
            2 => f32::NAN,
            3 => -f32::NAN,
            4 => f32::from_bits(0x7F80_0001),
            5 => f32::INFINITY,
            6 => f32::NEG_INFINITY,
            7 => f32::MIN_POSITIVE,
            8 => -1.0,
            _ => f32::from_bits(self.next_u64() as u32),
        }
    }

    /// A char: NUL, U+0001, ASCII, multi-byte, the highest scalar value.
    pub fn char(&mut self) -> char {
        match self.below(8) {
            0 => '\0',
            1 => '\u{1}',
            2 => 'a',
            3 => 'é',
            4 => '\u{10FFFF}',
            5 => '\u{FFFF}',
            _ => char::from_u32(self.below(0x11_0000) as u32).unwrap_or('\u{D7FF}'),
        }
    }

    /// A byte biased to 00, 01, FE and FF.
    pub fn byte(&mut self) -> u8 {
        match self.below(6) {
            0 => 0x00,
            1 => 0x01,
            2 => 0xFE,
            3 => 0xFF,
            _ => self.next_u64() as u8,
        }
    }

    /// A fixed-size array of [`byte`](Self::byte)s.
    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        core::array::from_fn(|_| self.byte())
    }

    /// Up to `max` bytes (rarely a very long part of 20,000–40,000 bytes).
    pub fn bytes(&mut self, max: usize) -> Vec<u8> {
        if self.1 {
            return vec![self.byte(); 22_000 + self.index(8_000)];
        }
        if self.chance(1, 400) {
            return vec![self.byte(); 20_000 + self.index(20_000)];
        }
        let len = self.index(max + 1);
        (0..len).map(|_| self.byte()).collect()
    }

    /// Up to `max` characters from `chars` (rarely a very long part).
    pub fn string(&mut self, chars: &[char], max: usize) -> String {
        if self.1 {
            return core::iter::repeat_n(self.pick(chars), 22_000 + self.index(8_000)).collect();
        }
        if self.chance(1, 400) {
            return core::iter::repeat_n(self.pick(chars), 20_000 + self.index(20_000)).collect();
        }
        let len = self.index(max + 1);
        (0..len).map(|_| self.pick(chars)).collect()
    }
}

/// Characters for binary-layout strings: NUL and U+0001 (the escape), multi-byte, the top
/// scalar value, letters that are prefixes of each other's strings.
pub const BINARY_CHARS: &[char] = &[
    '\0',
    '\u{1}',
    'a',
    'b',
    'é',
    '\u{7F}',
    '\u{10FFFF}',
    ' ',
    '_',
];

/// Characters for text-layout strings: every delimiter and pad the generator uses, control
/// characters below the pad, letters and digits, multi-byte.
pub const TEXT_CHARS: &[char] = &[
    'a', 'b', 'A', 'Z', '0', '9', ':', '-', '|', '#', '.', '_', '~', ' ', '\t', '!', 'é', '\u{1}',
];

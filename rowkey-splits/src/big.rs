//! A minimal unsigned big integer: what HBase's split algorithms do with `BigInteger`
//! (add, subtract, multiply and divide by small numbers, parse and print in a radix).

use core::cmp::Ordering;

/// Little-endian base-2^32 limbs, no trailing zero limbs.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Big(Vec<u32>);

impl Big {
    pub fn from_u64(v: u64) -> Big {
        Big(vec![v as u32, (v >> 32) as u32]).trimmed()
    }

    fn trimmed(mut self) -> Big {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        self
    }

    pub fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    /// From big-endian bytes (unsigned).
    pub fn from_be_bytes(bytes: &[u8]) -> Big {
        let mut limbs = Vec::with_capacity(bytes.len() / 4 + 1);
        for chunk in bytes.rchunks(4) {
            limbs.push(chunk.iter().fold(0u32, |acc, &b| (acc << 8) | u32::from(b)));
        }
        Big(limbs).trimmed()
    }

    /// Minimal big-endian bytes (empty for zero).
    pub fn to_be_bytes(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.0.iter().rev().flat_map(|l| l.to_be_bytes()).collect();
        let lead = out.iter().take_while(|&&b| b == 0).count();
        out.drain(..lead);
        out
    }

    /// Parses digits of `radix` (2..=36, either case); `None` on any other character or empty.
    pub fn parse(s: &str, radix: u32) -> Option<Big> {
        if s.is_empty() {
            return None;
        }
        let mut n = Big::default();
        for c in s.chars() {
            let d = c.to_digit(radix)?;
            n = n.mul_small(radix).add(&Big::from_u64(u64::from(d)));
        }
        Some(n)
    }

    /// Lowercase digits of `radix` (like Java's `BigInteger.toString(radix)`).
    pub fn to_string_radix(&self, radix: u32) -> String {
        if self.is_zero() {
            return "0".into();
        }
        let mut digits = Vec::new();
        let mut n = self.clone();
        while !n.is_zero() {
            let (q, r) = n.divrem_small(radix);
            digits.push(char::from_digit(r, radix).unwrap_or('0'));
            n = q;
        }
        digits.iter().rev().collect()
    }

    pub fn add(&self, other: &Big) -> Big {
        let mut out = Vec::with_capacity(self.0.len().max(other.0.len()) + 1);
        let mut carry = 0u64;
        for i in 0..self.0.len().max(other.0.len()) {
            let s = u64::from(*self.0.get(i).unwrap_or(&0))
                + u64::from(*other.0.get(i).unwrap_or(&0))
                + carry;
            out.push(s as u32);
            carry = s >> 32;
        }
        out.push(carry as u32);
        Big(out).trimmed()
    }

    /// `self - other`, saturating at zero.
    pub fn sub(&self, other: &Big) -> Big {
        if self.cmp(other) != Ordering::Greater {
            return Big::default();
        }
        let mut out = Vec::with_capacity(self.0.len());
        let mut borrow = 0i64;
        for i in 0..self.0.len() {
            let mut d = i64::from(self.0[i]) - i64::from(*other.0.get(i).unwrap_or(&0)) - borrow;
            borrow = 0;
            if d < 0 {
                d += 1 << 32;
                borrow = 1;
            }
            out.push(d as u32);
        }
        Big(out).trimmed()
    }

    pub fn mul_small(&self, m: u32) -> Big {
        let mut out = Vec::with_capacity(self.0.len() + 1);
        let mut carry = 0u64;
        for &l in &self.0 {
            let p = u64::from(l) * u64::from(m) + carry;
            out.push(p as u32);
            carry = p >> 32;
        }
        out.push(carry as u32);
        Big(out).trimmed()
    }

    pub fn mul_u64(&self, m: u64) -> Big {
        self.mul_small(m as u32)
            .add(&self.mul_small((m >> 32) as u32).shl32())
    }

    fn shl32(&self) -> Big {
        if self.is_zero() {
            return Big::default();
        }
        let mut v = vec![0];
        v.extend_from_slice(&self.0);
        Big(v)
    }

    pub fn divrem_small(&self, d: u32) -> (Big, u32) {
        let mut out = vec![0u32; self.0.len()];
        let mut rem = 0u64;
        for i in (0..self.0.len()).rev() {
            let cur = (rem << 32) | u64::from(self.0[i]);
            out[i] = (cur / u64::from(d)) as u32;
            rem = cur % u64::from(d);
        }
        (Big(out).trimmed(), rem as u32)
    }

    /// `self / d` for any d up to u64 (long division over 32-bit limbs of d is not needed:
    /// counts and region numbers fit in u32, larger divisors go through repeated halving).
    pub fn div_u64(&self, d: u64) -> Big {
        match u32::try_from(d) {
            Ok(d) => self.divrem_small(d).0,
            Err(_) => {
                // Binary long division for divisors above u32::MAX.
                let mut q = Big::default();
                let mut r = Big::default();
                let bits = self.0.len() * 32;
                let dv = Big::from_u64(d);
                for i in (0..bits).rev() {
                    r = r.mul_small(2);
                    if (self.0[i / 32] >> (i % 32)) & 1 == 1 {
                        r = r.add(&Big::from_u64(1));
                    }
                    q = q.mul_small(2);
                    if r.cmp(&dv) != Ordering::Less {
                        r = r.sub(&dv);
                        q = q.add(&Big::from_u64(1));
                    }
                }
                q
            }
        }
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::Big;

    #[test]
    fn arithmetic_matches_u128() {
        let samples = [
            0u128,
            1,
            255,
            256,
            65535,
            u64::MAX as u128,
            u64::MAX as u128 + 1,
            12345678901234567890123456789,
            u128::MAX / 3,
        ];
        for &a in &samples {
            let ba = Big::from_be_bytes(&a.to_be_bytes());
            assert_eq!(ba.to_string_radix(10), a.to_string());
            assert_eq!(ba.to_string_radix(16), format!("{a:x}"));
            assert_eq!(Big::parse(&format!("{a:x}"), 16), Some(ba.clone()));
            let stripped: Vec<u8> = a
                .to_be_bytes()
                .iter()
                .copied()
                .skip_while(|&b| b == 0)
                .collect();
            assert_eq!(ba.to_be_bytes(), stripped);
            for &b in &samples {
                let bb = Big::from_be_bytes(&b.to_be_bytes());
                assert_eq!(ba.cmp(&bb), a.cmp(&b));
                if let Some(s) = a.checked_add(b) {
                    assert_eq!(ba.add(&bb).to_string_radix(10), s.to_string());
                }
                assert_eq!(
                    ba.sub(&bb).to_string_radix(10),
                    a.saturating_sub(b).to_string()
                );
            }
            for d in [
                1u64,
                2,
                3,
                7,
                1000,
                u32::MAX as u64,
                u32::MAX as u64 + 5,
                u64::MAX,
            ] {
                assert_eq!(
                    ba.div_u64(d).to_string_radix(10),
                    (a / d as u128).to_string(),
                    "{a} / {d}"
                );
                if let Some(p) = a.checked_mul(d as u128) {
                    assert_eq!(ba.mul_u64(d).to_string_radix(10), p.to_string());
                }
            }
        }
        assert_eq!(Big::parse("", 16), None);
        assert_eq!(Big::parse("xyz", 16), None);
    }
}

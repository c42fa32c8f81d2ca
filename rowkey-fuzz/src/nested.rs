//! FoundationDB tuple keys that the generated tuple layouts hold as fields (nested tuples),
//! each with its generator, its rule and its order written from the tuple layer's rules:
//! element by element, a null first, then values by value.

use core::cmp::Ordering;

use rowkey::RowKey;

use crate::order::option;
use crate::rng::{Rng, BINARY_CHARS};

/// A nested key of one double: always `05 21` + 8 bytes + `00` (11 bytes).
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
pub struct At {
    /// Any double, NaNs and -0.0 included.
    pub t: f64,
}

impl At {
    /// A value.
    pub fn draw(g: &mut Rng) -> Self {
        At { t: g.f64() }
    }

    /// The tuple order: `total_cmp` on the double.
    pub fn order(a: &Self, b: &Self) -> Ordering {
        a.t.total_cmp(&b.t)
    }
}

/// A nested key whose width varies, with a bound: an integer, a capped nullable string and a
/// nullable bool (a null is `00 FF` inside a tuple, longer than the bool's one byte).
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
pub struct Profile {
    /// Any i64.
    pub id: i64,
    /// At most three bytes (the generator writes up to five: the rest are refused).
    #[max(3)]
    pub name: Option<String>,
    /// A nullable bool.
    pub verified: Option<bool>,
}

impl Profile {
    /// The longest element inside a tuple: 9 + 8 + 2 bytes, 21 with `05` and `00`.
    pub const LONGEST: usize = 21;

    /// A value.
    pub fn draw(g: &mut Rng) -> Self {
        Profile {
            id: g.int(64) as i64,
            name: (!g.chance(1, 3)).then(|| g.string(BINARY_CHARS, 5)),
            verified: (!g.chance(1, 3)).then(|| g.chance(1, 2)),
        }
    }

    /// A value whose nested tuple is [`Profile::LONGEST`] bytes long.
    pub fn longest() -> Self {
        Profile {
            id: i64::MIN,
            name: Some("\0\0\0".into()),
            verified: None,
        }
    }

    /// The key's rule: the name's cap.
    pub fn accepts(&self) -> bool {
        self.name.as_ref().is_none_or(|n| n.len() <= 3)
    }

    /// The tuple order, element by element.
    pub fn order(a: &Self, b: &Self) -> Ordering {
        a.id.cmp(&b.id)
            .then_with(|| option(&a.name, &b.name, |x, y| x.as_bytes().cmp(y.as_bytes())))
            .then_with(|| option(&a.verified, &b.verified, bool::cmp))
    }
}

/// A nested key with no bound, which itself nests a key: a string, then a nullable [`At`].
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
pub struct Path {
    /// Any string, `00` included.
    pub dir: String,
    /// A nullable nested key.
    pub at: Option<At>,
}

impl Path {
    /// A value.
    pub fn draw(g: &mut Rng) -> Self {
        Path {
            dir: g.string(BINARY_CHARS, 4),
            at: (!g.chance(1, 3)).then(|| At::draw(g)),
        }
    }

    /// The tuple order, element by element.
    pub fn order(a: &Self, b: &Self) -> Ordering {
        a.dir
            .as_bytes()
            .cmp(b.dir.as_bytes())
            .then_with(|| option(&a.at, &b.at, At::order))
    }
}

impl crate::dynamic::ToValue for At {
    fn to_value(&self) -> rowkey::layout::Value {
        rowkey::layout::Value::Tuple(vec![self.t.to_value()])
    }
}

impl crate::dynamic::ToValue for Profile {
    fn to_value(&self) -> rowkey::layout::Value {
        rowkey::layout::Value::Tuple(vec![
            self.id.to_value(),
            self.name.to_value(),
            self.verified.to_value(),
        ])
    }
}

impl crate::dynamic::ToValue for Path {
    fn to_value(&self) -> rowkey::layout::Value {
        rowkey::layout::Value::Tuple(vec![self.dir.to_value(), self.at.to_value()])
    }
}

//! A format's text form as a tree (`reverse(decimal(11))`): what [`FieldFormat`]'s text and
//! each encoding's format names parse into and print from.
//!
//! [`FieldFormat`]: super::field_format::FieldFormat

use core::fmt;

/// A format's text form as a tree: `name`, `name(arg, ...)`, numbers and bytes (`0x3a`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Node {
    Call(String, Vec<Node>),
    Num(u128),
    Byte(u8),
    Bool(bool),
}

impl Node {
    pub fn name(name: &str) -> Node {
        Node::Call(name.to_string(), Vec::new())
    }

    pub fn call(name: &str, args: Vec<Node>) -> Node {
        Node::Call(name.to_string(), args)
    }

    pub fn as_call(&self) -> Result<(&str, &[Node]), String> {
        match self {
            Node::Call(name, args) => Ok((name, args)),
            other => Err(format!("expected a format, found {other}")),
        }
    }

    /// A number or byte argument, converted.
    pub fn num<T: TryFrom<u128>>(&self) -> Result<T, String> {
        let x = match self {
            Node::Num(x) => *x,
            Node::Byte(b) => u128::from(*b),
            other => return Err(format!("expected a number, found {other}")),
        };
        T::try_from(x).map_err(|_| format!("{x} is out of range here"))
    }

    pub fn flag(&self) -> Result<bool, String> {
        match self {
            Node::Bool(b) => Ok(*b),
            other => Err(format!("expected true or false, found {other}")),
        }
    }

    pub fn parse(c: &mut crate::layout::value_text::Cursor<'_>) -> Result<Node, String> {
        let word = c.word();
        if word.is_empty() {
            return Err(format!("expected a format at {:?}", c.excerpt()));
        }
        if let Some(hex) = word.strip_prefix("0x") {
            return u8::from_str_radix(hex, 16)
                .map(Node::Byte)
                .map_err(|_| format!("expected a byte 0x00..0xff, found {word:?}"));
        }
        if word.bytes().all(|b| b.is_ascii_digit()) {
            return word
                .parse()
                .map(Node::Num)
                .map_err(|_| format!("{word} is too large"));
        }
        match word {
            "true" => return Ok(Node::Bool(true)),
            "false" => return Ok(Node::Bool(false)),
            _ => {}
        }
        let mut args = Vec::new();
        if c.rest().starts_with('(') {
            c.expect("(")?;
            loop {
                args.push(Node::parse(c)?);
                if c.eat(")") {
                    break;
                }
                c.expect(",")?;
            }
        }
        Ok(Node::Call(word.to_string(), args))
    }
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Node::Call(name, args) => {
                f.write_str(name)?;
                if !args.is_empty() {
                    f.write_str("(")?;
                    for (i, a) in args.iter().enumerate() {
                        if i > 0 {
                            f.write_str(",")?;
                        }
                        write!(f, "{a}")?;
                    }
                    f.write_str(")")?;
                }
                Ok(())
            }
            Node::Num(x) => write!(f, "{x}"),
            Node::Byte(b) => write!(f, "0x{b:02x}"),
            Node::Bool(b) => write!(f, "{b}"),
        }
    }
}

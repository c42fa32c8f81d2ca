//! The generated code names nothing from the caller's scope: it compiles inside a module
//! without the prelude, next to items that shadow every name it could have used, with raw
//! identifiers as field names; and `#[rowkey(crate = "...")]` reaches the runtime by any path.

#[no_implicit_prelude]
#[allow(dead_code, non_camel_case_types)]
mod hostile {
    // Shadow prelude and runtime names the expansion must not rely on.
    struct Result;
    struct Ok;
    struct Err;
    struct Some;
    struct None;
    struct Vec;
    struct Box;
    struct usize;
    type Option = ();
    trait RowKey {}
    trait KeyCodec {}
    trait Format {}
    mod core {}
    mod std {}
    mod rowkey {}
    mod __private {}
    fn sum() {}

    #[derive(::rowkey::RowKey, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    #[rowkey(max_len = 64)]
    pub struct Key {
        pub r#type: u32,
        #[fixed(8)]
        pub r#match: ::std::string::String,
        #[desc]
        pub r#fn: ::std::option::Option<u16>,
        #[reverse_ts]
        pub ts: i64,
        #[reverse]
        #[decimal(4)]
        pub r#loop: u32,
    }

    #[derive(::rowkey::RowKey, ::std::fmt::Debug, ::std::cmp::PartialEq)]
    pub struct Generic<T> {
        pub id: u8,
        pub value: T,
    }
}

#[test]
fn hostile_surroundings_round_trip() {
    use rowkey::RowKey;

    let k = hostile::Key {
        r#type: 1,
        r#match: "m".into(),
        r#fn: Some(3),
        ts: 5,
        r#loop: 42,
    };
    let bytes = k.encode().unwrap();
    assert_eq!(hostile::Key::decode(&bytes).unwrap(), k);
    let explained = hostile::Key::explain(&bytes);
    assert!(
        explained.starts_with("type "),
        "raw identifiers print without r#: {explained}"
    );
    assert!(explained.contains("\nmatch "));

    let g = hostile::Generic {
        id: 1,
        value: String::from("v"),
    };
    assert_eq!(
        hostile::Generic::<String>::decode(&g.encode().unwrap()).unwrap(),
        g
    );
    assert_eq!(hostile::Generic::<u32>::FIXED_LEN, Some(5));
    assert_eq!(hostile::Generic::<String>::FIXED_LEN, None);

    // A generic key of bounded length is built on the stack (as a concrete one is): the same
    // bytes from `encode` and from `encode_into` with and without room, after what the
    // buffer held.
    let g = hostile::Generic { id: 1, value: 7u32 };
    assert_eq!(g.encode().unwrap(), [1, 0, 0, 0, 7]);
    for room in [0, 64] {
        let mut buf = Vec::with_capacity(1 + room);
        buf.push(9);
        g.encode_into(&mut buf).unwrap();
        assert_eq!(buf, [9, 1, 0, 0, 0, 7], "room for {room} more");
    }
}

/// The runtime and the derive used directly, without the `rowkey` facade.
mod direct {
    #[derive(rowkey_derive::RowKey, Debug, PartialEq)]
    #[rowkey(crate = "rowkey_runtime")]
    pub struct Key {
        pub id: u64,
        #[fixed(4)]
        pub tag: String,
    }
}

/// The runtime re-exported under another module path.
mod reexport {
    pub mod vendored {
        pub use rowkey::*;
    }

    #[derive(rowkey::RowKey, Debug, PartialEq)]
    #[rowkey(crate = "crate::reexport::vendored")]
    pub struct Key {
        pub id: u64,
    }
}

#[test]
fn crate_path_override() {
    use rowkey_runtime::RowKey as _;

    let k = direct::Key {
        id: 7,
        tag: "ab".into(),
    };
    let bytes = k.encode().unwrap();
    assert_eq!(bytes, [0, 0, 0, 0, 0, 0, 0, 7, b'a', b'b', 0, 0]);
    assert_eq!(direct::Key::decode(&bytes).unwrap(), k);

    let r = reexport::Key { id: 9 };
    assert_eq!(reexport::Key::decode(&r.encode().unwrap()).unwrap(), r);
}

/// Derived code passes strict lints.
#[deny(
    warnings,
    unused_qualifications,
    missing_debug_implementations,
    clippy::all,
    clippy::pedantic
)]
pub mod lints {
    #[derive(rowkey::RowKey, Debug)]
    pub struct Linted {
        pub a: u32,
        #[desc]
        pub b: String,
    }
}

//! Derived code is lint-clean in a crate that denies the usual lints: every public item it adds
//! (the scan builder types and methods) is documented, nothing is unused or over-qualified.

#![deny(missing_docs, unused_qualifications, unused_imports, dead_code)]

//! Keys of a documented public API.

/// Documented keys.
pub mod keys {
    use rowkey::RowKey;

    /// A message key.
    #[derive(RowKey, Debug, PartialEq)]
    #[salt(md5, buckets = 16, of = "message_id")]
    pub struct MessageKey {
        /// Day.
        pub date: u32,
        /// Time of day.
        pub time: u32,
        /// Id.
        pub message_id: u64,
    }

    /// A text key with every kind of part.
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(delimiter = ":")]
    pub struct Text {
        /// Host.
        #[fixed(4)]
        pub host: String,
        /// Day, descending.
        #[desc]
        #[decimal(6)]
        pub day: u32,
        /// Rest.
        pub rest: String,
    }

    /// A generic key (no builder).
    #[derive(RowKey, Debug, PartialEq)]
    pub struct Wrapped<T> {
        /// Value.
        pub value: T,
    }

    /// A key declared without its builder.
    #[derive(RowKey, Debug, PartialEq)]
    #[salt(md5, buckets = 4, of = "id")]
    #[rowkey(scan = false)]
    pub struct Unscanned {
        /// Id.
        pub id: u64,
    }

    /// A generic key declared without its builder.
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(scan = false)]
    pub struct WrappedUnscanned<T> {
        /// Value.
        pub value: T,
    }
}

#[test]
fn builders_are_public_and_documented() {
    use keys::*;
    use rowkey::RowKey;
    let _: MessageKeyScan<_> = MessageKey::scan();
    let plan = MessageKey::scan().date(1).time(2..3).plan().unwrap();
    assert_eq!(plan.ranges().len(), 16);
    let _: TextScan<_> = Text::scan().host("h").day(..5);
    assert_eq!(Wrapped { value: 7u8 }.encode().unwrap(), [7]);
    assert_eq!(Unscanned::full_scan().ranges().len(), 4);
    assert_eq!(WrappedUnscanned { value: 7u8 }.encode().unwrap(), [7]);
}

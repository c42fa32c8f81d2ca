//! Pins the exact bytes of a representative key for every type and attribute, so that a change
//! to a stable byte format cannot go unnoticed. (Correctness comes from tests/properties.rs
//! and tests/golden.rs; this file only guards against accidental change.)

use std::fmt::Write as _;

use rowkey::RowKey;

/// One struct per row of the table: `row!(name, Type = value, #[attrs]...)`.
macro_rules! rows {
    ($($name:ident: $t:ty = $v:expr $(, #[$m:meta])*;)*) => {{
        let mut table = String::new();
        $(
            #[derive(RowKey, Debug)]
            #[allow(non_camel_case_types)]
            struct $name {
                $(#[$m])*
                v: $t,
                tail: u8,
            }
            let key = $name { v: $v, tail: 0xEE }.encode().unwrap();
            let hex: Vec<String> = key.iter().map(|b| format!("{b:02x}")).collect();
            let _ = writeln!(table, "{:<24} {}", stringify!($name), hex.join(" "));
        )*
        table
    }};
}

#[test]
fn byte_formats() {
    let table = rows! {
        u8_: u8 = 0xAB;
        u16_: u16 = 0x1234;
        u32_: u32 = 230611;
        u64_: u64 = 1231231;
        u128_: u128 = 1 << 100;
        i8_neg: i8 = -1;
        i16_: i16 = 300;
        i32_neg: i32 = -2;
        i64_min: i64 = i64::MIN;
        i128_: i128 = -1;
        bool_: bool = true;
        char_: char = 'é';
        f32_: f32 = -1.5;
        f64_: f64 = 1.5;
        f64_neg_zero: f64 = -0.0;
        array: [u8; 3] = [0, 0xFF, 7];
        string: String = "a\0b".into();
        string_empty: String = String::new();
        bytes: Vec<u8> = vec![0, 0xFF, 0];
        option_none: Option<u32> = None;
        option_some: Option<u32> = Some(7);
        option_string: Option<String> = Some("hi".into());
        desc_u32: u32 = 1, #[desc];
        desc_string: String = "ab".into(), #[desc];
        desc_option: Option<u8> = None, #[desc];
        fixed_string: String = "abc".into(), #[fixed(6)];
        fixed_bytes: Vec<u8> = vec![1, 0, 2], #[fixed(5)];
        fixed_u32: u32 = 0x0A0B0C, #[fixed(3)];
        fixed_i32: i32 = -1, #[fixed(3)];
        fixed_u16_widened: u16 = 1, #[fixed(4)];
        java_fixed_i32: i32 = -1, #[java], #[fixed(3)];
        decimal: u32 = 63031, #[decimal(6)];
        decimal_desc: u32 = 63031, #[decimal(6)], #[desc];
        hex: u64 = 0xbeef, #[hex(8)];
        reverse_ts_i64: i64 = 1_700_000_000_000, #[reverse_ts];
        reverse_ts_u32: u32 = 1_700_000_000, #[reverse_ts];
        java_i64: i64 = -2, #[java];
        java_i16: i16 = 300, #[java];
        reverse_u32: u32 = 0x01020304, #[reverse];
        reverse_phone: u64 = 13_912_345_678, #[reverse], #[decimal(11)];
        reverse_fixed_string: String = "ab".into(), #[reverse], #[fixed(4)];
        option_decimal: Option<u32> = Some(42), #[decimal(4)];
    };
    insta::assert_snapshot!(table);
}

#[derive(RowKey, Debug)]
struct Message {
    date: u32,
    time: u32,
    message_id: u64,
}

#[derive(RowKey, Debug)]
struct Metric {
    metric: String,
    #[reverse_ts]
    ts: i64,
    host: String,
}

#[test]
fn representative_keys_and_explain() {
    let m = Message {
        date: 230611,
        time: 63031,
        message_id: 1231231,
    }
    .encode()
    .unwrap();
    let k = Metric {
        metric: "cpu.load".into(),
        ts: 1_700_000_000_000,
        host: "h\0st".into(),
    }
    .encode()
    .unwrap();
    insta::assert_snapshot!(format!("{}\n{}", Message::explain(&m), Metric::explain(&k)));
}

//! Reversed keys (the HBase book's "reversing the key", with phone numbers as the example):
//! sequential numbers share their leading digits, so forward keys pile up in one key range
//! (one region); reversed, the fastest-changing digit leads and the same numbers spread out.
//! A lookup by number is still one Get, and numbers with a given ending are a prefix scan.
//!
//! `cargo run --example phone_reverse`

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Bound;

use rowkey::scan::prefix_stop;
use rowkey::RowKey;

/// Forward: 11 digits, most significant first.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Forward {
    #[decimal(11)]
    phone: u64,
}

/// Reversed: the same 11 digits, last digit first.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(max_len = 11)]
struct Reversed {
    #[reverse]
    #[decimal(11)]
    phone: u64,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let numbers: Vec<u64> = (13_912_345_670..13_912_345_690).collect();

    println!("{:<14} {:<14} reversed key", "number", "forward key");
    for &n in numbers.iter().take(5) {
        let f = Forward { phone: n }.encode()?;
        let r = Reversed { phone: n }.encode()?;
        println!(
            "{n:<14} {:<14} {}",
            String::from_utf8(f)?,
            String::from_utf8(r)?
        );
    }

    // How many distinct leading bytes (a stand-in for regions split on the first digit)?
    let lead = |keys: &[Vec<u8>]| keys.iter().map(|k| k[0]).collect::<BTreeSet<_>>().len();
    let forward: Vec<Vec<u8>> = numbers
        .iter()
        .map(|&n| Forward { phone: n }.encode())
        .collect::<Result<_, _>>()?;
    let reversed: Vec<Vec<u8>> = numbers
        .iter()
        .map(|&n| Reversed { phone: n }.encode())
        .collect::<Result<_, _>>()?;
    println!(
        "\n{} sequential numbers start with {} distinct first digit(s) forward, {} reversed",
        numbers.len(),
        lead(&forward),
        lead(&reversed)
    );
    assert_eq!(lead(&forward), 1);
    assert_eq!(lead(&reversed), 10);

    // A lookup by number is one Get: encode the number, read the row.
    let table: BTreeMap<Vec<u8>, String> = numbers
        .iter()
        .map(|&n| Ok((Reversed { phone: n }.encode()?, format!("subscriber {n}"))))
        .collect::<Result<_, rowkey::EncodeError>>()?;
    let key = Reversed {
        phone: 13_912_345_678,
    }
    .encode()?;
    println!("\nGet {}: {:?}", 13_912_345_678u64, table.get(&key));
    print!("{}", Reversed::explain(&key));

    // Every number ending in 8: a prefix scan on the reversed key's first digit.
    let prefix = b"8".to_vec();
    let stop = prefix_stop(&prefix);
    let ending_in_8: Vec<u64> = table
        .range::<[u8], _>((Bound::Included(&prefix[..]), Bound::Excluded(&stop[..])))
        .map(|(k, _)| Reversed::decode(k).map(|r| r.phone))
        .collect::<Result<_, _>>()?;
    println!("\nnumbers ending in 8 (prefix scan on \"8\"): {ending_in_8:?}");
    assert_eq!(ending_in_8, vec![13_912_345_678, 13_912_345_688]);
    Ok(())
}

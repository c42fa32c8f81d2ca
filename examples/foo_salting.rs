//! The HBase reference guide's salting example: rows `foo0001`..`foo0004` salted over four
//! prefixes `a`..`d`. A random salt spreads writes but a reader must try every prefix; a hash of
//! the row spreads them just as well and a reader rebuilds the one prefix it needs.
//!
//! `cargo run --example foo_salting`

use std::collections::BTreeMap;

use rowkey::RowKey;

/// Random salt: four buckets named `a`..`d`, a random one on every write (`c-foo0001`).
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = "-")]
#[salt(random, buckets = 4, alphabet = "abcd")]
struct RandomFoo {
    name: String,
}

/// Hashed salt: the bucket is MD5(name) mod 4, known to any reader who knows the name.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = "-")]
#[salt(md5, buckets = 4, of = "name", alphabet = "abcd")]
struct HashedFoo {
    name: String,
}

/// Keys are text: print them as they are.
fn show(key: &[u8]) -> String {
    String::from_utf8_lossy(key).into_owned()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let names = ["foo0001", "foo0002", "foo0003", "foo0004"];

    let mut random: BTreeMap<Vec<u8>, &str> = BTreeMap::new();
    let mut hashed: BTreeMap<Vec<u8>, &str> = BTreeMap::new();
    for name in names {
        random.insert(RandomFoo { name: name.into() }.encode()?, name);
        hashed.insert(HashedFoo { name: name.into() }.encode()?, name);
    }
    println!("random salt, rows in table order:");
    for key in random.keys() {
        println!("  {}", show(key));
    }
    println!("hashed salt, rows in table order:");
    for key in hashed.keys() {
        println!("  {}", show(key));
    }

    // A reader looking for foo0003.
    let plan = RandomFoo::scan().name("foo0003").plan()?;
    let gets = plan.rows();
    let found: Vec<&str> = gets
        .iter()
        .filter_map(|row| random.get(*row).copied())
        .collect();
    println!(
        "\nrandom salt: reading foo0003 takes {} Gets ({} empty):",
        gets.len(),
        gets.len() - found.len()
    );
    for row in &gets {
        println!("  Get {} -> {:?}", show(row), random.get(*row));
    }
    assert_eq!(gets.len(), 4);
    assert_eq!(found, ["foo0003"]);

    let plan = HashedFoo::scan().name("foo0003").plan()?;
    let row = plan.row().expect("a hashed salt is known to the reader");
    println!("\nhashed salt: reading foo0003 takes 1 Get:");
    println!("  Get {} -> {:?}", show(row), hashed.get(row));
    assert_eq!(hashed.get(row), Some(&"foo0003"));

    // Both spread writes: with many rows every bucket gets about a quarter.
    let mut per_bucket = [[0usize; 4]; 2];
    for i in 0..10_000 {
        let name = format!("foo{i:04}");
        per_bucket[0][usize::from(RandomFoo { name: name.clone() }.encode()?[0] - b'a')] += 1;
        per_bucket[1][usize::from(HashedFoo { name }.encode()?[0] - b'a')] += 1;
    }
    println!(
        "\n10,000 writes per bucket a..d: random {:?}, hashed {:?}",
        per_bucket[0], per_bucket[1]
    );
    assert!(per_bucket.iter().flatten().all(|&n| n > 2_200));
    Ok(())
}

#!/usr/bin/env bash
# What #[derive(RowKey)] costs a user to compile, beside serde's derives on the same structs:
# a crate of 40 key structs of 3 to 6 fields, its dependencies built first, then the user's
# crate alone rebuilt (median of 3, debug), once with #[derive(RowKey)], once with serde's
# Serialize + Deserialize, once with no derive; and the expansion's lines of one 6-field key
# (rustc -Zunpretty=expanded through RUSTC_BOOTSTRAP=1). Prints a markdown report.
# Usage: scripts/derive_cost.sh [OUT_DIR]   (default target/derive-cost)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/target/derive-cost}"
mkdir -p "$out"
export CARGO_TARGET_DIR="$out/target"
export CARGO_INCREMENTAL=0

types=(u32 u64 String i64 u16 String)
# The 40 structs: key i has 3 + i % 4 fields.
structs() { # $1: the derive line
    for i in $(seq 1 40); do
        echo "$1"
        echo "pub struct Key$i {"
        for f in $(seq 0 $((2 + i % 4))); do
            echo "    pub f$f: ${types[$(((i + f) % 6))]},"
        done
        echo "}"
    done
}
crate() { # $1: name, $2: dependencies, $3: derive line, $4: uses
    mkdir -p "$out/$1/src"
    cat > "$out/$1/Cargo.toml" <<TOML
[package]
name = "derive-cost-$1"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
$2

[workspace]
TOML
    { echo "#![allow(dead_code)]"; echo "$4"; structs "$3"; } > "$out/$1/src/lib.rs"
}
crate rowkey "rowkey = { path = \"$root\" }" "#[derive(rowkey::RowKey)]" ""
crate serde "serde = { version = \"1\", features = [\"derive\"] }" "#[derive(serde::Serialize, serde::Deserialize)]" ""
crate plain "" "#[derive(Debug)]" ""

median3() { sort -n | sed -n 2p; }
build_time() { # $1: crate
    (cd "$out/$1" && cargo build -q 2>/dev/null)
    for _ in 1 2 3; do
        touch "$out/$1/src/lib.rs"
        local t0 t1
        t0=$(date +%s%N)
        (cd "$out/$1" && cargo build -q)
        t1=$(date +%s%N)
        echo $(((t1 - t0) / 1000000))
    done | median3
}
r=$(build_time rowkey)
s=$(build_time serde)
p=$(build_time plain)

# Expansion of one 6-field key (Key3: 3 + 3 % 4 = 6 fields), over the crate with no key.
expanded() { # $1: crate dir holding one key
    (cd "$1" && RUSTC_BOOTSTRAP=1 cargo rustc -q -- -Zunpretty=expanded 2>/dev/null) | wc -l
}
mkdir -p "$out/one/src" "$out/none/src"
sed 's/derive-cost-rowkey/derive-cost-one/' "$out/rowkey/Cargo.toml" > "$out/one/Cargo.toml"
sed 's/derive-cost-rowkey/derive-cost-none/' "$out/rowkey/Cargo.toml" > "$out/none/Cargo.toml"
awk '/^pub struct Key3 \{/{p=1} p{print} p&&/^}/{exit}' "$out/rowkey/src/lib.rs" > "$out/key3.rs"
{ echo "#[derive(rowkey::RowKey)]"; cat "$out/key3.rs"; } > "$out/one/src/lib.rs"
cat "$out/key3.rs" > "$out/none/src/lib.rs"
lines=$(( $(expanded "$out/one") - $(expanded "$out/none") ))

echo "| 40 keys, the user's crate alone (debug, median of 3) | ms |"
echo "|---|---|"
echo "| \`#[derive(RowKey)]\` | $r |"
echo "| serde \`Serialize\` + \`Deserialize\` | $s |"
echo "| no derive | $p |"
echo
echo "rowkey / serde: $(awk -v a="$r" -v b="$s" 'BEGIN { printf "%.2fx", a / b }')"
echo "expanded lines of one 6-field key: $lines"

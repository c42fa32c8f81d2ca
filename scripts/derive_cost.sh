#!/usr/bin/env bash
# What #[derive(RowKey)] costs a user to compile, beside serde's derives on the same structs:
# a crate of 40 key structs of 3 to 6 fields, its dependencies built first, then the user's
# crate alone rebuilt (median of 5 builds taken in turns with the others, debug, not incremental):
#   - declared: the derives alone, with no code that uses them. serde's derived code is all
#     generic over the serializer, so rustc type-checks it but generates no machine code until
#     something serializes; rowkey's impls are concrete but `#[inline]`, so neither is compiled
#     to machine code here. Also rowkey's keys with `#[rowkey(scan = false)]` (no scan builder).
#   - used: one function per key that round-trips a value, as a user's code does (rowkey:
#     encode then decode; serde: serde_json::to_vec then from_slice), so both pay code
#     generation; and rowkey again with a scan plan per key besides.
#   - typical: declared as the README's keys are, `Debug, Clone, PartialEq` derived beside
#     each (rowkey's scan builder implements Clone, Debug and Deref; a crate that implements a
#     std trait at all pays rustc a fixed cost for it, which the bare pair charges rowkey alone).
# Also the expansion's lines of one 6-field key (rustc -Zunpretty=expanded through
# RUSTC_BOOTSTRAP=1). Prints a markdown report.
# Usage: scripts/derive_cost.sh [OUT_DIR] [MAX_LINES]   (default target/derive-cost; with
# MAX_LINES, exits 1 when the 6-field key expands to more lines). With DERIVE_COST_INSTRUCTIONS=1
# and valgrind installed, also the instructions rustc executes for each crate (cachegrind, no
# cache simulation: about 30 s a crate, two crates at a time), a count that a busy or virtual
# machine does not move: so CI counts them while its tests run (DERIVE_COST_INSTRUCTIONS=count:
# build, count into OUT_DIR and stop) and reports them after, beside the clock's numbers, which
# need an idle machine (DERIVE_COST_INSTRUCTIONS=counted: the counts read from OUT_DIR). The
# crates take the workspace's Cargo.lock, and CARGO_TARGET_DIR when set (OUT_DIR/target when
# not: CI's, beside a running test command, which a build in its target directory can disturb).
# DERIVE_COST_COUNT=core counts only the four crates of the declared and used ratios.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/target/derive-cost}"
max_lines="${2:-}"
mkdir -p "$out"
# Absolute: the instruction count runs each crate's rustc command from the crate's folder.
out="$(cd "$out" && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$out/target}"
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
uses() { # $1: the body of a round trip of `k` (a `&KeyN`, returning a `KeyN`)
    for i in $(seq 1 40); do
        echo "pub fn round_trip_$i(k: &Key$i) -> Key$i { let _ = k; ${1//KEY/Key$i} }"
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
    cp "$root/Cargo.lock" "$out/$1/Cargo.lock"
    { echo "#![allow(dead_code)]"; structs "$3"; [ -z "$4" ] || uses "$4"; } > "$out/$1/src/lib.rs"
}
rowkey_dep="rowkey = { path = \"$root\" }"
serde_dep="serde = { version = \"1\", features = [\"derive\"] }"
json_dep="serde_json = \"1\""
rowkey_rt="use rowkey::RowKey; KEY::decode(&k.encode().unwrap()).unwrap()"
serde_rt="serde_json::from_slice(&serde_json::to_vec(k).unwrap()).unwrap()"
crate rowkey "$rowkey_dep" "#[derive(rowkey::RowKey)]" ""
crate serde "$serde_dep" "#[derive(serde::Serialize, serde::Deserialize)]" ""
noscan=$'#[derive(rowkey::RowKey)]\n#[rowkey(scan = false)]'
crate rowkey-noscan "$rowkey_dep" "$noscan" ""
crate rowkey-noscan-used "$rowkey_dep" "$noscan" "$rowkey_rt"
crate plain "" "#[derive(Debug)]" ""
crate rowkey-used "$rowkey_dep" "#[derive(rowkey::RowKey)]" "$rowkey_rt"
crate serde-used "$serde_dep
$json_dep" "#[derive(serde::Serialize, serde::Deserialize)]" "$serde_rt"
crate rowkey-scan "$rowkey_dep" "#[derive(rowkey::RowKey)]" \
    "use rowkey::RowKey; let _ = KEY::scan().f0(k.f0.clone()).f1(k.f1.clone()..).plan(); KEY::decode(&k.encode().unwrap()).unwrap()"
# Declared as the README's and the examples' keys are: with Debug, Clone and PartialEq beside
# each derive. A crate that implements a std trait at all pays rustc a fixed cost for it (the
# overlap check loads every impl of the trait in std); the scan builder implements Clone,
# Debug and Deref, so the bare pair above charges rowkey that cost, which a crate that
# derives Debug anywhere pays anyway.
crate rowkey-typical "$rowkey_dep" "#[derive(rowkey::RowKey, Debug, Clone, PartialEq)]" ""
crate serde-typical "$serde_dep" "#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq)]" ""

# The instructions of the crate's own rustc run: the command cargo prints, run again under
# valgrind. The count does not depend on what else the machine runs, so two run at once
# (DERIVE_COST_JOBS: how many).
rustc_command() { # $1: crate
    touch "$out/$1/src/lib.rs"
    (cd "$out/$1" && cargo build -v 2>&1) | sed -n 's/^ *Running `\(.*rustc .*\)`$/\1/p' | tail -1 \
        > "$out/$1.cmd"
}
count_instructions() { # $1: crate; writes $out/$1.instructions (billions), or fails
    rm -f "$out/$1.instructions" # never an older count in its place
    local n
    n=$( (cd "$out/$1" && valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        --trace-children=yes bash "$out/$1.cmd" 2>&1 >/dev/null) |
        awk '/I *refs/ { gsub(",", "", $NF); n += $NF } END { if (n == 0) exit 1; printf "%.2f", n / 1e9 }') ||
        { echo "derive_cost: counting $1's instructions failed (valgrind or rustc)" >&2; return 1; }
    echo "$n" > "$out/$1.instructions"
}
count_all_instructions() { # the crates; fails when a count does
    local c running=0 failed=0
    for c in "$@"; do rustc_command "$c"; done
    for c in "$@"; do
        count_instructions "$c" &
        running=$((running + 1))
        if [ "$running" -eq "${DERIVE_COST_JOBS:-2}" ]; then
            wait -n || failed=1
            running=$((running - 1))
        fi
    done
    while [ "$running" -gt 0 ]; do
        wait -n || failed=1
        running=$((running - 1))
    done
    return "$failed"
}
instructions() { # $1: crate
    [ -s "$out/$1.instructions" ] ||
        { echo "derive_cost: no instruction count for $1 in $out (count them first)" >&2; exit 1; }
    cat "$out/$1.instructions"
}
# Every crate builds (its dependencies too) before any is timed; a crate that does not build
# stops the script here, with the compiler's errors.
all=(rowkey rowkey-noscan rowkey-noscan-used serde plain rowkey-used serde-used rowkey-scan
    rowkey-typical serde-typical)
for c in "${all[@]}"; do
    (cd "$out/$c" && cargo build -q)
done
# The four the issue's ratios need (declared and used, each beside serde's); the other three
# unless DERIVE_COST_COUNT=core (CI: its tests leave no core idle beside the counts).
counted=(rowkey serde rowkey-used serde-used)
[ "${DERIVE_COST_COUNT:-all}" = core ] || counted+=(rowkey-noscan rowkey-typical serde-typical)
if [ "${DERIVE_COST_INSTRUCTIONS:-}" = count ]; then
    rm -f "$out"/*.instructions # what the report reads is this run's counts, no other
    count_all_instructions "${counted[@]}"
    echo "derive_cost: rustc's instructions counted for ${counted[*]} (in $out)"
    exit 0
fi
# Each crate's build timed in turns (every crate once, then every crate again: a machine's
# drift over the run falls on all of them alike, not on whichever ran last), each round
# starting one crate further on (no crate always follows the same one), its median of
# DERIVE_COST_ROUNDS (5 unless set; a round's clock moved by up to a quarter on CI's machine).
for c in "${all[@]}"; do rm -f "$out/$c.ms"; done
for r in $(seq 0 $((${DERIVE_COST_ROUNDS:-5} - 1))); do
    for i in "${!all[@]}"; do
        c=${all[$(((i + r) % ${#all[@]}))]}
        touch "$out/$c/src/lib.rs"
        t0=$(date +%s%N)
        (cd "$out/$c" && cargo build -q)
        t1=$(date +%s%N)
        echo $(((t1 - t0) / 1000000)) >> "$out/$c.ms"
    done
done
build_time() { # $1: crate; the median of its rounds
    sort -n "$out/$1.ms" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
r=$(build_time rowkey)
rn=$(build_time rowkey-noscan)
rnu=$(build_time rowkey-noscan-used)
s=$(build_time serde)
p=$(build_time plain)
ru=$(build_time rowkey-used)
su=$(build_time serde-used)
rs=$(build_time rowkey-scan)
rt=$(build_time rowkey-typical)
st=$(build_time serde-typical)

# Expansion of one 6-field key (Key3: 3 + 3 % 4 = 6 fields), over the crate with no key.
expanded() { # $1: crate dir holding one key
    (cd "$1" && RUSTC_BOOTSTRAP=1 cargo rustc -q -- -Zunpretty=expanded 2>/dev/null) | wc -l
}
mkdir -p "$out/one/src" "$out/none/src"
sed 's/derive-cost-rowkey/derive-cost-one/' "$out/rowkey/Cargo.toml" > "$out/one/Cargo.toml"
sed 's/derive-cost-rowkey/derive-cost-none/' "$out/rowkey/Cargo.toml" > "$out/none/Cargo.toml"
cp "$root/Cargo.lock" "$out/one/Cargo.lock"
cp "$root/Cargo.lock" "$out/none/Cargo.lock"
awk '/^pub struct Key3 \{/{p=1} p{print} p&&/^}/{exit}' "$out/rowkey/src/lib.rs" > "$out/key3.rs"
{ echo "#[derive(rowkey::RowKey)]"; cat "$out/key3.rs"; } > "$out/one/src/lib.rs"
cat "$out/key3.rs" > "$out/none/src/lib.rs"
lines=$(($(expanded "$out/one") - $(expanded "$out/none")))

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
echo "| 40 keys, the user's crate alone (debug, median of ${DERIVE_COST_ROUNDS:-5} taken in turns) | declared, ms | used, ms |"
echo "|---|---|---|"
echo "| \`#[derive(RowKey)]\` (used: encode + decode) | $r | $ru |"
echo "| serde \`Serialize\` + \`Deserialize\` (used: serde_json to_vec + from_slice) | $s | $su |"
echo "| \`#[derive(RowKey)]\`, used with a scan plan per key too | | $rs |"
echo "| \`#[derive(RowKey)]\` with \`#[rowkey(scan = false)]\` (no scan builder) | $rn | $rnu |"
echo "| \`#[derive(RowKey, Debug, Clone, PartialEq)]\` | $rt | |"
echo "| serde's two with \`Debug, Clone, PartialEq\` | $st | |"
echo "| no derive | $p | |"
echo
echo "rowkey / serde, declared: $(ratio "$r" "$s"); used: $(ratio "$ru" "$su"); with \`scan = false\`, declared: $(ratio "$rn" "$s"), used: $(ratio "$rnu" "$su"); both with \`Debug, Clone, PartialEq\`, declared: $(ratio "$rt" "$st")"
spread() { sort -n "$out/$1.ms" | awk -v c="$1" 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%s %d to %d", c, lo, hi }'; }
echo "the rounds' spread (ms): $(spread rowkey), $(spread serde), $(spread rowkey-used), $(spread serde-used)"
case "${DERIVE_COST_INSTRUCTIONS:-}" in
1 | counted)
    if [ "${DERIVE_COST_INSTRUCTIONS}" != counted ]; then
        rm -f "$out"/*.instructions
        count_all_instructions "${counted[@]}"
    fi
    ri=$(instructions rowkey)
    si=$(instructions serde)
    rui=$(instructions rowkey-used)
    sui=$(instructions serde-used)
    line="instructions (billions), declared: rowkey $ri, serde $si ($(ratio "$ri" "$si")); used: rowkey $rui, serde $sui ($(ratio "$rui" "$sui"))"
    if [ -s "$out/rowkey-noscan.instructions" ]; then
        rni=$(instructions rowkey-noscan)
        rti=$(instructions rowkey-typical)
        sti=$(instructions serde-typical)
        line+="; with \`scan = false\`, declared: $rni ($(ratio "$rni" "$si")); both with \`Debug, Clone, PartialEq\`, declared: rowkey $rti, serde $sti ($(ratio "$rti" "$sti"))"
    fi
    echo "$line"
    ;;
esac
echo "expanded lines of one 6-field key: $lines"
if [ -n "$max_lines" ] && [ "$lines" -gt "$max_lines" ]; then
    echo "derive_cost: a 6-field key expands to $lines lines, over $max_lines" >&2
    exit 1
fi

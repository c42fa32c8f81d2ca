#!/usr/bin/env bash
# The README's performance numbers are the performance guide's: every ratio (`1.03x`) and
# time (`772 ms`) in README.md's "Performance" section, and every ratio, time and share of its
# stores' merged reads ("redb, fjall, RocksDB and etcd"), appears in
# docs/guide/performance.md, where the whole run they come from is pasted. Exits 1 naming each one that does not.
# Usage: scripts/check_perf_numbers.sh [README] [GUIDE]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
readme="${1:-$root/README.md}"
guide="${2:-$root/docs/guide/performance.md}"
section=$(awk '/^## Performance$/ { p = 1; next } /^## / { p = 0 } p' "$readme")
[ -n "$section" ] || { echo "check_perf_numbers: no '## Performance' section in $readme" >&2; exit 1; }
# The stores' merged reads too (their table is the `sorted_read` run pasted in the guide).
stores=$(awk '/^### redb, fjall, RocksDB and etcd$/ { p = 1; next } /^##/ { p = 0 } p' "$readme")
[ -n "$stores" ] || { echo "check_perf_numbers: no '### redb, fjall, RocksDB and etcd' section in $readme" >&2; exit 1; }
numbers=$( (grep -oE '[0-9][0-9,]*\.[0-9]+x|[0-9][0-9,]* ms' <<<"$section"
    grep -oE '[0-9][0-9,]*\.[0-9]+x|[0-9][0-9.]* ns|[0-9]+\.[0-9]+ s|[0-9.]+%' <<<"$stores") | sort -u)
[ -n "$numbers" ] || { echo "check_perf_numbers: no numbers in $readme's Performance section" >&2; exit 1; }
missing=0
while IFS= read -r n; do
    if ! grep -qF -- "$n" "$guide"; then
        echo "check_perf_numbers: $readme says $n, which $guide does not" >&2
        missing=1
    fi
done <<<"$numbers"
if [ "$missing" = 1 ]; then
    exit 1
fi
echo "check_perf_numbers: the $(wc -l <<<"$numbers") numbers of the README's Performance section and store reads are the guide's"

#!/usr/bin/env bash
# The tables a program printed (each block from a line starting "  design" to the next blank
# line) must stand, line for line, in a documentation file: the guide's numbers are the
# program's, checked on every CI run. Usage: check_guide_tables.sh OUTPUT DOC
set -euo pipefail
output="$1"
doc="$2"
lines="$(awk '/^  design /{on=1} on && /^$/{on=0} on' "$output")"
if [ -z "$lines" ]; then
    echo "check_guide_tables: no table in $output" >&2
    exit 1
fi
missing=0
while IFS= read -r line; do
    if ! grep -Fxq -- "$line" "$doc"; then
        echo "check_guide_tables: $doc lacks this line of $output:" >&2
        echo "$line" >&2
        missing=1
    fi
done <<< "$lines"
[ "$missing" = 0 ] && echo "check_guide_tables: $(wc -l <<< "$lines") lines of $output stand in $doc"
exit "$missing"

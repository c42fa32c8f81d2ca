#!/usr/bin/env bash
# Opens studio pages in headless Chromium (Debian's `chromium`, installed if missing) and checks
# that each loads with no console message (no error, no uncaught exception) and that every map
# rendered: the page's own self-check writes `data-maps="drawn/total"` on <body> once loaded,
# counting the <object> maps whose SVG has its cells and legend. Exits 1 on any failure.
#
#   bash scripts/browser_check.sh target/rowkey-hotspot [more page folders...]
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/ensure_chromium.sh

status=0
for dir in "$@"; do
    page="$(cd "$dir" && pwd)/index.html"
    maps=$(grep -c '<object class="map"' "$page" || true)
    log="$(mktemp)"
    # --allow-file-access-from-files: the page reads its maps' documents (file:// URLs) to
    # count their cells.
    dom=$(timeout 120 chromium --headless --no-sandbox --disable-gpu --allow-file-access-from-files \
        --virtual-time-budget=15000 --enable-logging=stderr --v=0 --dump-dom "file://$page" 2>"$log")
    drawn=$(printf '%s' "$dom" | grep -o '<body data-maps="[0-9]*/[0-9]*"' | grep -o '[0-9]*/[0-9]*' || true)
    console=$(grep ':CONSOLE' "$log" || true)
    rm -f "$log"
    if [ "$maps" -gt 0 ] && [ "$drawn" = "$maps/$maps" ] && [ -z "$console" ]; then
        echo "browser check: $page: $drawn maps rendered, no console message"
    else
        echo "browser check FAILED: $page: maps rendered ${drawn:-none} of $maps; console: ${console:-none}" >&2
        status=1
    fi
done
exit $status

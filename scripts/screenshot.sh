#!/usr/bin/env bash
# Renders the hotspot demo's HTML page with headless Chromium into docs/hotspot.png, the
# picture in the README. Installs Debian's chromium package if it is missing. Rerun it after a
# change to the simulator, the heatmaps or the page.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/ensure_chromium.sh

out="$PWD/target/rowkey-hotspot"
cargo run --profile demo -p rowkey-cli -- hotspot --out "$out"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size=1700,2600 --screenshot="$PWD/docs/hotspot.png" \
    "file://$out/index.html" 2>/dev/null
echo "wrote docs/hotspot.png"

#!/usr/bin/env bash
# The README's test command: every test of the workspace (unit, integration, UI, snapshot, doc
# tests, the clients against real stores), after scripts/setup.sh installs what the stores'
# tests need and says what it did. Arguments go to `cargo test`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
set -x
# shellcheck disable=SC2086 # ROWKEY_FEATURES is several words
cargo test --workspace $ROWKEY_FEATURES --no-fail-fast "$@"

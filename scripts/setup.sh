# Sourced by scripts/test.sh and .ci/run: what the stores' tests need beyond a Rust toolchain,
# installed with apt when it is missing (and apt can), said out loud either way.
#
#   librocksdb-dev  the `rocksdb` feature links Debian's RocksDB (ROCKSDB_LIB_DIR), not the
#                   crate's bundled C++ (many minutes to build)
#   libclang-dev    librocksdb-sys generates its bindings with bindgen, which loads libclang
#   etcd-server     the etcd tests start one on a loopback port
#
# etcd's gRPC code is checked in (rowkey-clients/src/etcd/proto.rs): no `protoc` is needed.
#
# Exports ROCKSDB_LIB_DIR and ROWKEY_FEATURES: `--all-features`, or, when RocksDB's libraries
# are missing and cannot be installed, every feature of every crate but `rocksdb` (Cargo's
# features cannot turn themselves off: a build script that fails without its library fails
# the whole command). Under CI=true nothing may be missing.

rowkey_multiarch="$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)"
export ROCKSDB_LIB_DIR="${ROCKSDB_LIB_DIR:-/usr/lib/$rowkey_multiarch}"

rowkey_has_rocksdb() { [ -e "$ROCKSDB_LIB_DIR/librocksdb.so" ]; }
# bindgen loads libclang (not libclang-cpp, which other packages bring) and reads clang's
# own headers (stddef.h), both of libclang-dev's dependencies.
rowkey_has_libclang() {
    [ -n "${LIBCLANG_PATH:-}" ] || {
        compgen -G "/usr/lib/llvm-*/lib/libclang.so*" >/dev/null &&
            compgen -G "/usr/lib/llvm-*/lib/clang/*/include/stddef.h" >/dev/null
    }
}
rowkey_has_etcd() { [ -n "${ETCD_BIN:-}" ] || command -v etcd >/dev/null 2>&1; }

rowkey_missing=()
rowkey_has_rocksdb || rowkey_missing+=(librocksdb-dev)
rowkey_has_libclang || rowkey_missing+=(libclang-dev)
rowkey_has_etcd || rowkey_missing+=(etcd-server)

if [ ${#rowkey_missing[@]} -gt 0 ]; then
    rowkey_sudo=""
    [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null && rowkey_sudo="sudo -n"
    if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || [ -n "$rowkey_sudo" ]; }; then
        echo "setup: installing ${rowkey_missing[*]} with apt-get (the stores' tests need them)"
        # A fresh machine may have no package lists yet.
        if $rowkey_sudo apt-get install -y --no-install-recommends "${rowkey_missing[@]}" >/tmp/rowkey-apt.log 2>&1 ||
            { $rowkey_sudo apt-get update >>/tmp/rowkey-apt.log 2>&1 &&
              $rowkey_sudo apt-get install -y --no-install-recommends "${rowkey_missing[@]}" >>/tmp/rowkey-apt.log 2>&1; }; then
            echo "setup: installed ${rowkey_missing[*]}"
        else
            echo "setup: apt-get failed (its output: /tmp/rowkey-apt.log)" >&2
        fi
    else
        echo "setup: missing ${rowkey_missing[*]}; install them with:" >&2
        echo "    sudo apt-get install ${rowkey_missing[*]}" >&2
    fi
fi

if rowkey_has_rocksdb && rowkey_has_libclang; then
    ROWKEY_FEATURES="--all-features"
else
    if [ "${CI:-}" = "true" ]; then
        echo "setup: CI=true and RocksDB's libraries are missing (librocksdb-dev, libclang-dev)" >&2
        return 1 2>/dev/null || exit 1
    fi
    # Every feature of every workspace crate but rowkey-clients/rocksdb.
    ROWKEY_FEATURES="--features $(cargo metadata --no-deps --format-version 1 | python3 -c '
import json, sys
m = json.load(sys.stdin)
print(",".join(p["name"] + "/" + f for p in m["packages"] for f in p["features"]
               if f != "default" and (p["name"], f) != ("rowkey-clients", "rocksdb")))')"
    echo "setup: skipped: the rocksdb feature and its tests (no librocksdb-dev or libclang-dev)" >&2
fi
if ! rowkey_has_etcd; then
    if [ "${CI:-}" = "true" ]; then
        echo "setup: CI=true and etcd is missing (etcd-server)" >&2
        return 1 2>/dev/null || exit 1
    fi
    echo "setup: skipped: the etcd tests will print a notice and pass (no etcd-server)" >&2
fi
export ROWKEY_FEATURES

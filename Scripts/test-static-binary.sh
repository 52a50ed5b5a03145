#!/usr/bin/env bash
# Tests the README's install command (README.md, "Adopt it", the install block, read from the
# README and run as written except for the `cp`): the binary it builds links no Swift runtime
# library, has no run path into the toolchain, and runs with the toolchain out of reach (an
# empty folder mounted over it, in a private mount namespace: `unshare -m`), printing what
# `tablint Examples/` prints with the toolchain present.
# Linux only; needs root (for unshare -m and the bind mount), readelf and a release build
# (`swift build -c release --static-swift-stdlib`, a few minutes the first time).
# Environment: TABLINT_TOOLCHAIN (default: two levels above `swift`, e.g. /opt/swift).
set -euo pipefail

checkout=$(cd "$(dirname "$0")/.." && pwd)
. "$checkout/Scripts/lib-ci.sh"
started=$SECONDS

fail() {
    echo "test-static-binary: FAIL: $*" >&2
    exit 1
}
step() { echo "--- test-static-binary: $*"; }

[ "$(uname -s)" = Linux ] || { echo "test-static-binary: not Linux; skipped"; exit 0; }
for tool in swift readelf unshare mount; do
    command -v "$tool" >/dev/null || fail "'$tool' is not on PATH"
done
toolchain=${TABLINT_TOOLCHAIN:-$(cd "$(dirname "$(readlink -f "$(command -v swift)")")/../.." && pwd)}
[ -d "$toolchain" ] || fail "no toolchain folder $toolchain"

install=$(doc_block install) || fail "README.md has no install block"
build=$(grep -E '^swift build ' <<<"$install") || fail "the install block has no 'swift build' line"
grep -q -- '--static-swift-stdlib' <<<"$build" || fail "the install command does not link the Swift runtime statically: $build"

step "$build"
(cd "$checkout" && eval "$build" </dev/null) || fail "'$build' failed"
binary="$checkout/.build/release/tablint"
[ -x "$binary" ] || fail "$binary was not built"

step "readelf -d: no Swift library, no run path into $toolchain"
dynamic=$(readelf -d "$binary")
printf '%s\n' "$dynamic" | grep -E 'NEEDED|RPATH|RUNPATH' | sed 's/^/    | /'
if grep -E 'NEEDED' <<<"$dynamic" | grep -Eiq 'swift|Foundation|dispatch|BlocksRuntime|icu'; then
    fail "the binary still links a Swift runtime library (above)"
fi
if grep -E 'RPATH|RUNPATH' <<<"$dynamic" | grep -Fq "$toolchain"; then
    fail "the binary's run path points into the toolchain ($toolchain)"
fi

step "the binary with $toolchain hidden (unshare -m, an empty folder mounted over it)"
expected=$(cd "$checkout" && "$binary" Examples/ 2>&1) || true
empty=$(mktemp -d "${TMPDIR:-/tmp}/tablint-empty.XXXXXX")
trap 'rmdir "$empty"' EXIT
status=0
hidden=$(cd "$checkout" && unshare -m sh -c '
    mount --bind "$1" "$2" || exit 97
    # The toolchain really is out of reach: its swift does not exist in here.
    if [ -e "$2/usr/bin/swift" ]; then exit 98; fi
    exec "$3" Examples/
' sh "$empty" "$toolchain" "$binary" 2>&1) || status=$?
[ "$status" -ne 97 ] || fail "could not mount an empty folder over $toolchain (needs root)"
[ "$status" -ne 98 ] || fail "the toolchain was still visible inside the namespace"
printf '%s\n' "$hidden" | sed 's/^/    | /'
[ "$status" -eq 1 ] || fail "without the toolchain, 'tablint Examples/' exited with $status; expected 1"
[ "$hidden" = "$expected" ] || fail "without the toolchain, tablint printed something else than with it"

echo "--- test-static-binary: ok ($((SECONDS - started)) s)"

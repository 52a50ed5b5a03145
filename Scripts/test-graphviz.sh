#!/usr/bin/env bash
# Renders the DOT that `tablint export --format dot` prints for every conformance fixture
# (../shared/reference/conformance/*.tbl) and every export fixture (Tests/Fixtures/Export), and
# the `--dynamic` DOT of the worked example (Tests/Fixtures/Export/Dynamic), with
# Graphviz's `dot -Tsvg`, and fails on a non-zero status, any warning on standard error, or an
# output that is not SVG. Installs Graphviz (Debian package `graphviz`) first when `dot` is
# missing and this runs as root with apt-get. Uses the release tablint that `.ci/run` already
# built (`swift build -c release` is a no-op then), or $TABLINT when set.
# Environment: TABLINT=path/to/tablint; TABLINT_KEEP_TMP=1 keeps the rendered SVGs.
set -euo pipefail

checkout=$(cd "$(dirname "$0")/.." && pwd)
conformance="$checkout/../shared/reference/conformance"

fail() {
    echo "test-graphviz: FAIL: $*" >&2
    exit 1
}

if ! command -v dot >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "--- test-graphviz: installing graphviz"
        apt-get update -qq </dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends graphviz </dev/null >/dev/null
    fi
    command -v dot >/dev/null || fail "Graphviz's 'dot' is not on PATH (install the Debian package graphviz)"
fi

if [ -z "${TABLINT:-}" ]; then
    (cd "$checkout" && swift build -c release --product tablint >/dev/null)
    TABLINT="$(cd "$checkout" && swift build -c release --show-bin-path)/tablint"
fi
[ -x "$TABLINT" ] || fail "no tablint binary at $TABLINT"
[ -d "$conformance" ] || fail "the library's conformance fixtures are not at $conformance"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/tablint-graphviz.XXXXXX")
cleanup() {
    if [ "${TABLINT_KEEP_TMP:-}" = 1 ]; then echo "test-graphviz: kept $scratch"; else rm -rf "$scratch"; fi
}
trap cleanup EXIT

# render NAME EXPORT-ARGUMENTS...: `tablint export --format dot ARGUMENTS` into $scratch/NAME.dot,
# then `dot -Tsvg` of it into $scratch/NAME.svg, failing on any warning.
render() {
    local name=$1
    shift
    "$TABLINT" export --format dot "$@" >"$scratch/$name.dot" 2>"$scratch/$name.export-err" \
        || fail "tablint export --format dot $* exited with status $?: $(cat "$scratch/$name.export-err")"
    if grep -q 'Graphviz will not read' "$scratch/$name.export-err"; then
        fail "tablint warns that Graphviz cannot read the DOT of $name: $(cat "$scratch/$name.export-err")"
    fi
    status=0
    dot -Tsvg "$scratch/$name.dot" -o "$scratch/$name.svg" 2>"$scratch/$name.dot-err" || status=$?
    [ "$status" = 0 ] || fail "dot -Tsvg $name exited with status $status: $(cat "$scratch/$name.dot-err")"
    [ ! -s "$scratch/$name.dot-err" ] || fail "dot -Tsvg $name warned: $(cat "$scratch/$name.dot-err")"
    grep -q '<svg' "$scratch/$name.svg" || fail "dot -Tsvg $name wrote no SVG"
    count=$((count + 1))
}

count=0
for fixture in "$conformance"/*.tbl "$checkout"/Tests/Fixtures/Export/*.tb.swift "$checkout"/Tests/Fixtures/Export/*.tbl; do
    render "$(basename "$fixture")" "$fixture"
done
[ "$count" -ge 11 ] || fail "rendered only $count fixtures; expected the library's 11 and tablint's own"

# The `--dynamic` example of docs/export-and-diff.md: the folder, since the code behind the
# HANDLE cells is in a file of its own. Its edges from code are dashed in the picture.
render dynamic-door --dynamic "$checkout/Tests/Fixtures/Export/Dynamic"
grep -q 'style=dashed' "$scratch/dynamic-door.dot" || fail "the --dynamic DOT of the Door example has no dashed edge"
grep -q 'stroke-dasharray' "$scratch/dynamic-door.svg" || fail "dot -Tsvg drew no dashed edge for the --dynamic Door example"
echo "--- test-graphviz: ok, $count DOT exports rendered by $(dot -V 2>&1) without a warning"

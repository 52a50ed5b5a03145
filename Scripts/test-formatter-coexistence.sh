#!/usr/bin/env bash
# Tests docs/formatters.md ("Beside other formatters"): runs its pre-commit configuration with the real
# pre-commit, SwiftFormat and swift-format on a scratch repository (a .swiftformat, a misaligned
# *.tb.swift without directives, an ordinary Swift file) and checks that it settles in one pass:
# the first `pre-commit run --all-files` aligns and inserts both directives and fails with
# "files were modified", the second passes and changes nothing.
#
# The configuration is taken from docs/formatters.md's yaml block; its tablint stanza becomes a
# `repo: local` hook running the built binary with the hook's own arguments (no release build by
# pre-commit), and its SwiftLint stanza is dropped (SwiftLint cannot be installed here).
#
# Needs: git, python3 (with venv), swift, swift-format (the toolchain's), SwiftFormat at
# ../shared/tools/swiftformat/swiftformat or on PATH, and network access to PyPI unless
# TABLINT_PRE_COMMIT_VENV names a venv that already has pre-commit.
# Environment:
#   TABLINT_PRE_COMMIT_VENV  venv to use or create (kept); default: a temporary one (removed)
#   TABLINT_BIN              tablint binary to use; default: .build/debug/tablint (built if absent)
#   TABLINT_KEEP_TMP=1       keep the scratch directory for inspection
set -euo pipefail

checkout=$(cd "$(dirname "$0")/.." && pwd)
started=$SECONDS
fail() {
    echo "test-formatter-coexistence: FAIL: $*" >&2
    exit 1
}
step() { echo "--- test-formatter-coexistence: $*"; }

for tool in git python3 swift swift-format; do
    command -v "$tool" >/dev/null || fail "'$tool' is not on PATH"
done
swiftformat_dir="$checkout/../shared/tools/swiftformat"
if [ ! -x "$swiftformat_dir/swiftformat" ]; then
    swiftformat_dir=$(dirname "$(command -v swiftformat || fail "SwiftFormat is neither at ../shared/tools/swiftformat nor on PATH")")
fi

tablint=${TABLINT_BIN:-$checkout/.build/debug/tablint}
if [ ! -x "$tablint" ]; then
    step "building tablint (debug)"
    (cd "$checkout" && swift build --product tablint) || fail "swift build failed"
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/tablint-coexistence.XXXXXX")
cleanup() {
    if [ "${TABLINT_KEEP_TMP:-}" = 1 ]; then echo "scratch directory kept: $scratch"; else rm -rf "$scratch"; fi
}
trap cleanup EXIT

venv=${TABLINT_PRE_COMMIT_VENV:-$scratch/venv}
if [ ! -x "$venv/bin/pre-commit" ]; then
    step "installing pre-commit in $venv"
    python3 -m venv "$venv" || fail "could not create a Python venv in $venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check pre-commit || fail "pip could not install pre-commit"
fi
pre_commit="$venv/bin/pre-commit"

repo="$scratch/repo"
mkdir -p "$repo"
git -C "$repo" init -q
git -C "$repo" config user.email "test@example.com"
git -C "$repo" config user.name "tablint test"
git -C "$repo" config commit.gpgsign false

# docs/formatters.md's configuration, with tablint as the built binary and without SwiftLint.
python3 - "$checkout/docs/formatters.md" "$tablint" "$checkout/.pre-commit-hooks.yaml" >"$repo/.pre-commit-config.yaml" <<'PY'
import re, sys
readme, tablint, hooks = sys.argv[1], sys.argv[2], open(sys.argv[3]).read()
section = readme_text = open(readme).read()
section = readme_text[readme_text.index("**In one pre-commit configuration**"):]
config = re.search(r"```yaml\n(.*?)```", section, re.S).group(1)
stanzas = re.split(r"(?m)^(?=  - repo: )", config)
entry = re.search(r"- id: tablint-fix\n(?:  .*\n)*?  entry: tablint (.*)\n", hooks).group(1)
files = re.search(r"- id: tablint-fix\n(?:  .*\n)*?  files: (.*)\n", hooks).group(1)
out = []
for stanza in stanzas:
    if "tablint" in stanza.split("\n")[0]:
        assert "- id: tablint-fix" in stanza, stanza
        out.append("  - repo: local\n    hooks:\n      - id: tablint-fix\n        name: tablint --fix\n"
                   f"        entry: {tablint} {entry}\n        language: system\n        files: {files}\n        require_serial: true\n")
    elif "SwiftLint" in stanza.split("\n")[0]:
        continue
    else:
        out.append(stanza)
sys.stdout.write("".join(out))
PY
grep -q 'id: swiftformat' "$repo/.pre-commit-config.yaml" || fail "docs/formatters.md's configuration has no swiftformat hook"
grep -q 'id: swift-format' "$repo/.pre-commit-config.yaml" || fail "docs/formatters.md's configuration has no swift-format hook"
sed 's/^/    | /' "$repo/.pre-commit-config.yaml"

: >"$repo/.swiftformat"  # SwiftFormat's default rules; its presence makes tablint ask for its directive
cat >"$repo/Gate.tb.swift" <<'SWIFT'
let GATE_TABLE = Table(
    machine: "Gate",
    states: ["Shut", "Open"],
    actions: ["Push", "Pull"],
    cells: [
        [.go(target: "Open", effects: []), .ignore],
        [.ignore, .go(target: "Shut", effects: [])],
    ],
    initial: "Shut"
)
SWIFT
printf 'let   greeting =  "hello"\n' >"$repo/App.swift"
git -C "$repo" add -A
git -C "$repo" commit -q -m "scratch"

run() {
    status=0
    output=$(cd "$repo" && PATH="$swiftformat_dir:$PATH" "$pre_commit" run --all-files --color never 2>&1) || status=$?
    printf '%s\n' "$output" | sed 's/^/    | /'
}

step "first run: expect the hooks to change files"
run
[ "$status" -ne 0 ] || fail "the first run passed; expected tablint-fix to modify Gate.tb.swift"
grep -q 'files were modified by this hook' <<<"$output" || fail "no hook reported modified files"
head -2 "$repo/Gate.tb.swift" | diff - <(printf '// swift-format-ignore-file\n// swiftformat:disable all\n') >/dev/null \
    || fail "Gate.tb.swift does not start with both directives: $(head -3 "$repo/Gate.tb.swift")"
grep -q '^        \[\.ignore,                          \.go(target: "Shut", effects: \[\])\],$' "$repo/Gate.tb.swift" \
    || fail "Gate.tb.swift is not aligned after the first run: $(cat "$repo/Gate.tb.swift")"
git -C "$repo" add -A
cp "$repo/Gate.tb.swift" "$scratch/after-first"

step "second run: expect every hook to pass and nothing to change"
run
[ "$status" -eq 0 ] || fail "the second run failed (status $status): the configuration does not settle in one pass"
cmp -s "$repo/Gate.tb.swift" "$scratch/after-first" || fail "the second run changed Gate.tb.swift"
git -C "$repo" diff --quiet || fail "the second run changed files: $(git -C "$repo" diff --stat)"
"$tablint" --no-config "$repo/Gate.tb.swift" >/dev/null || fail "tablint reports an error on the settled Gate.tb.swift"

echo "--- test-formatter-coexistence: ok ($((SECONDS - started)) s)"

#!/usr/bin/env bash
# Tests .pre-commit-hooks.yaml with the real pre-commit: installs pre-commit in a Python venv,
# makes a scratch git repository with a broken, a correct and a misaligned matrix (and a broken
# one that its .tablint excludes), and runs `pre-commit try-repo <this checkout> --files …`
# (both hooks) on them twice: first expecting tablint to fail on the broken one and tablint-fix
# to align the misaligned one, then expecting both to pass on the correct and realigned ones.
#
# pre-commit tests the checkout's HEAD commit plus uncommitted changes to tracked files;
# untracked files (a new hook file not yet added) are invisible to it, so commit or
# `git add` them first. Each try-repo run builds tablint from scratch in release mode
# (pre-commit's `language: swift`), so this takes a few minutes.
#
# Needs: git, python3 (with venv), swift, and network access to PyPI (unless
# TABLINT_PRE_COMMIT_VENV names a venv that already has pre-commit).
# Environment:
#   TABLINT_PRE_COMMIT_VENV  venv to use or create (kept); default: a temporary one (removed)
#   TABLINT_KEEP_TMP=1       keep the scratch directory for inspection
set -euo pipefail

checkout=$(cd "$(dirname "$0")/.." && pwd)
started=$SECONDS

fail() {
    echo "test-pre-commit: FAIL: $*" >&2
    exit 1
}
step() { echo "--- test-pre-commit: $*"; }

for tool in git python3 swift; do
    command -v "$tool" >/dev/null || fail "'$tool' is not on PATH"
done
[ -f "$checkout/.pre-commit-hooks.yaml" ] || fail "$checkout/.pre-commit-hooks.yaml does not exist"
git -C "$checkout" rev-parse --verify -q HEAD >/dev/null || fail "$checkout is not a git checkout with a commit"
if ! git -C "$checkout" ls-files --error-unmatch .pre-commit-hooks.yaml >/dev/null 2>&1; then
    fail ".pre-commit-hooks.yaml is not tracked by git, so pre-commit cannot see it; git add it first"
fi
untracked=$(git -C "$checkout" ls-files --others --exclude-standard -- Sources Package.swift Plugins .pre-commit-hooks.yaml)
if [ -n "$untracked" ]; then
    echo "test-pre-commit: warning: these untracked files are not seen by pre-commit try-repo:" >&2
    printf '  %s\n' $untracked >&2
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/tablint-pre-commit.XXXXXX")
cleanup() {
    if [ "${TABLINT_KEEP_TMP:-}" = 1 ]; then
        echo "test-pre-commit: scratch directory kept: $scratch"
    else
        rm -rf "$scratch"
    fi
}
trap cleanup EXIT

# pre-commit, in a venv.
venv=${TABLINT_PRE_COMMIT_VENV:-$scratch/venv}
if [ ! -x "$venv/bin/pre-commit" ]; then
    step "installing pre-commit in $venv"
    python3 -m venv "$venv" || fail "could not create a Python venv in $venv (is python3-venv installed?)"
    "$venv/bin/pip" install --quiet --disable-pip-version-check pre-commit \
        || fail "pip could not install pre-commit (no network access to PyPI?)"
fi
pre_commit="$venv/bin/pre-commit"
echo "test-pre-commit: $("$pre_commit" --version), testing $checkout at $(git -C "$checkout" rev-parse --short HEAD)"

# The scratch repository: one matrix with a row-arity error, one correct, one misaligned.
repo="$scratch/repo"
mkdir -p "$repo"
git -C "$repo" init -q
git -C "$repo" config user.email "test@example.com"
git -C "$repo" config user.name "tablint test"
git -C "$repo" config commit.gpgsign false

cat >"$repo/Bad.tb.swift" <<'EOF'
// swift-format-ignore-file
extension Timer {
    static let TABLE = Table(
        machine: "Timer",
        states: ["Idle", "Running"],
        actions: ["Start", "Stop"],
        cells: [
            [.go(target: "Running", effects: []), .ignore],
            [.ignore],
        ],
        initial: "Idle"
    )
}
EOF
cat >"$repo/Good.tb.swift" <<'EOF'
// swift-format-ignore-file
extension Timer {
    static let TABLE = Table(
        machine: "Timer",
        states: ["Idle", "Running"],
        actions: ["Start", "Stop"],
        cells: [
            [.go(target: "Running", effects: []), .ignore                         ],
            [.ignore,                             .go(target: "Idle", effects: [])],
        ],
        initial: "Idle"
    )
}
EOF
# The same matrix with the second row's cells one space apart (`--fix` moves cells, not the
# closing bracket, which stays where it is unless it was aligned before).
sed 's/\.ignore,  *\.go/.ignore, .go/' "$repo/Good.tb.swift" >"$repo/Misaligned.tb.swift"
cp "$repo/Good.tb.swift" "$scratch/expected-aligned.tb.swift"
cmp -s "$repo/Misaligned.tb.swift" "$repo/Good.tb.swift" && fail "the misaligned sample is aligned (the test itself is broken)"
# A file the configuration excludes, broken and misaligned: pre-commit names it, and
# --force-exclude (in both hooks' entries) keeps it excluded.
mkdir -p "$repo/Generated"
cp "$repo/Bad.tb.swift" "$repo/Generated/Excluded.tb.swift"
printf -- '--exclude Generated\n' >"$repo/.tablint"
git -C "$repo" add .
git -C "$repo" commit -q -m "matrices"

# Runs `pre-commit try-repo <checkout> [HOOK] --files FILE…` in the scratch repo; sets $status
# and $output (pre-commit's output, also printed). Every try-repo run builds tablint afresh in
# a throwaway store, so the test makes two runs of both hooks rather than one per assertion.
try_repo() {
    local began=$SECONDS
    status=0
    output=$(cd "$repo" && "$pre_commit" try-repo "$checkout" "$@" --color never 2>&1) || status=$?
    printf '%s\n' "$output" | sed 's/^/    | /'
    echo "test-pre-commit: try-repo $* exited with status $status after $((SECONDS - began)) s"
}

step "hooks tablint and tablint-fix on Bad, Good and Misaligned (expect tablint to fail on Bad's row-arity error, tablint-fix to align Misaligned)"
try_repo --files Bad.tb.swift Good.tb.swift Misaligned.tb.swift Generated/Excluded.tb.swift
[ "$status" -ne 0 ] || fail "the hooks passed on Bad.tb.swift; expected hook tablint to fail"
grep -Eq '^Bad\.tb\.swift:9:13: error: .*\[tabular-center::row-arity\]$' <<<"$output" \
    || fail "hook tablint's output has no 'Bad.tb.swift:9:13: error: … [tabular-center::row-arity]' line"
grep -Eq '^tablint\.+Failed$' <<<"$output" || fail "pre-commit did not report hook tablint as Failed"
if grep -Eq '^(Good|Generated/Excluded)\.tb\.swift:' <<<"$output"; then
    fail "a diagnostic was reported for Good.tb.swift or for the excluded Generated/Excluded.tb.swift"
fi
grep -q 'files were modified by this hook' <<<"$output" \
    || fail "pre-commit did not report that hook tablint-fix modified files"
if ! cmp -s "$repo/Misaligned.tb.swift" "$scratch/expected-aligned.tb.swift"; then
    diff -u "$scratch/expected-aligned.tb.swift" "$repo/Misaligned.tb.swift" >&2 || true
    fail "hook tablint-fix did not align Misaligned.tb.swift as expected (diff above: expected, actual)"
fi
cmp -s "$repo/Generated/Excluded.tb.swift" "$repo/Bad.tb.swift" \
    || fail "hook tablint-fix changed Generated/Excluded.tb.swift, which .tablint excludes (--force-exclude)"

step "hooks tablint and tablint-fix on Good, the realigned Misaligned and the excluded file (expect both to pass)"
try_repo --files Good.tb.swift Misaligned.tb.swift Generated/Excluded.tb.swift
[ "$status" -eq 0 ] || fail "the hooks failed on Good.tb.swift (status $status); expected them to pass"
grep -Eq '^tablint\.+Passed$' <<<"$output" || fail "pre-commit did not report hook tablint as Passed"
grep -Eq '^tablint --fix\.+Passed$' <<<"$output" || fail "pre-commit did not report hook tablint-fix as Passed"

echo "--- test-pre-commit: ok ($((SECONDS - started)) s)"

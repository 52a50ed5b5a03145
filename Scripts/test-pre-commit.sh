#!/usr/bin/env bash
# Tests .pre-commit-hooks.yaml with the real pre-commit, from the configurations README.md and
# docs/integrations.md give, as copied (only `repo:` points at the snapshot below, which is
# tagged with their `rev` as the documentation tells maintainers): installs pre-commit in a venv,
# snapshots this checkout's working tree (tracked and untracked files, not ignored ones) as a
# one-commit hook repository, and uses its three hooks from a scratch git repository's
# .pre-commit-config.yaml:
#   * hook tablint on a broken, a correct and two misaligned matrices (one named
#     `-draft.tb.swift`, a path and not an option) and a broken one that the .tablint excludes:
#     fails on the broken one and the misaligned ones, reports nothing for the others;
#   * hook tablint-fix aligns the misaligned ones and leaves the excluded one alone; then all
#     three hooks pass;
#   * a commit that changes only a dispatcher, which then drifts from its matrix in another
#     file: hook tablint (the staged file only) passes, hook tablint-project (the whole
#     project) fails with the dispatcher-drift error, and the commit is refused.
# pre-commit builds tablint once for the one hook repository (`swift build -c release`, its
# `language: swift`) and every later run reuses that build, so this takes a few minutes once.
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

for tool in git python3 swift tar; do
    command -v "$tool" >/dev/null || fail "'$tool' is not on PATH"
done
[ -f "$checkout/.pre-commit-hooks.yaml" ] || fail "$checkout/.pre-commit-hooks.yaml does not exist"
git -C "$checkout" rev-parse --verify -q HEAD >/dev/null || fail "$checkout is not a git checkout with a commit"

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
echo "test-pre-commit: $("$pre_commit" --version), testing the working tree of $checkout"
# pre-commit's store (its clone of the hook repository and the tablint it builds there), one
# for the whole test, so that every run reuses the one build.
export PRE_COMMIT_HOME="$scratch/pre-commit-home"

# The hook repository: the working tree as it is, in one commit, since pre-commit installs
# hooks from a commit and the checkout's HEAD may lack what is being tested.
hooks="$scratch/hooks"
mkdir -p "$hooks"
git -C "$checkout" ls-files -z --cached --others --exclude-standard \
    | tar -C "$checkout" --null -T - --ignore-failed-read -cf - 2>/dev/null \
    | tar -C "$hooks" -xf - || fail "could not copy the working tree of $checkout"
git -C "$hooks" init -q
git -C "$hooks" add -A
git -C "$hooks" -c user.email=test@example.com -c user.name="tablint test" -c commit.gpgsign=false \
    commit -q -m "tablint working tree" || fail "could not commit the snapshot of the working tree"
# The documented configurations, as copied: only `repo:` is pointed at the snapshot, and the
# snapshot gets the release tag the snippets name, made as the documentation tells maintainers.
. "$checkout/Scripts/lib-ci.sh"
front_config=$(doc_block pre-commit-config) || fail "README.md has no pre-commit-config block"
hooks_config=$(doc_block pre-commit-hooks) || fail "docs/integrations.md has no pre-commit-hooks block"
release=$(sed -n 's/^    rev: \(.*\)$/\1/p' <<<"$front_config")
[ -n "$release" ] || fail "the README's pre-commit configuration has no rev"
[ "$(sed -n 's/^    rev: \(.*\)$/\1/p' <<<"$hooks_config")" = "$release" ] || fail "the two documented configurations name different revs"
git -C "$hooks" tag "$release" || fail "could not tag the snapshot $release"
as_copied() { sed "s|^  - repo: .*|  - repo: $hooks|"; }

# The scratch repository: a matrix with a row-arity error, a correct one, two misaligned ones
# (one named `-draft.tb.swift`), and a broken one that its .tablint excludes.
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
cmp -s "$repo/Misaligned.tb.swift" "$repo/Good.tb.swift" && fail "the misaligned sample is aligned (the test itself is broken)"
cp "$repo/Misaligned.tb.swift" "$repo/-draft.tb.swift"
cp "$repo/Good.tb.swift" "$scratch/expected-aligned.tb.swift"
# A file the configuration excludes, broken and misaligned: pre-commit names it, and
# --force-exclude (in the per-file hooks' entries) keeps it excluded.
mkdir -p "$repo/Generated"
cp "$repo/Bad.tb.swift" "$repo/Generated/Excluded.tb.swift"
printf -- '--exclude Generated\n' >"$repo/.tablint"
as_copied <<<"$front_config" >"$repo/.pre-commit-config.yaml"
git -C "$repo" add .
git -C "$repo" commit -q -m "matrices"

# Runs pre-commit with ARGS in the scratch repo; sets $status and $output (also printed).
pre_commit_run() {
    local began=$SECONDS
    status=0
    output=$(cd "$repo" && "$pre_commit" "$@" --color never </dev/null 2>&1) || status=$?
    printf '%s\n' "$output" | sed 's/^/    | /'
    echo "test-pre-commit: pre-commit $* exited with status $status after $((SECONDS - began)) s"
}
# `--all-files` (every tracked file, as git names them) rather than `--files`, whose own
# argument parser would take `-draft.tb.swift` for one of pre-commit's options.

step "README.md's configuration as copied (rev $release; expect tablint-project to fail on Bad.tb.swift; the first run builds tablint)"
sed 's/^/    | /' "$repo/.pre-commit-config.yaml"
pre_commit_run run --all-files
[ "$status" -ne 0 ] || fail "the README's configuration passed; expected tablint-project to fail on Bad.tb.swift"
grep -Eq '^tablint \(whole project\)\.+Failed$' <<<"$output" || fail "pre-commit did not run the README's tablint-project hook"
grep -Eq '^Bad\.tb\.swift:9:13: error: .*\[tabular-center::row-arity\]$' <<<"$output" \
    || fail "the README's configuration did not report Bad.tb.swift's row-arity error"

# From here, docs/integrations.md's configuration with all three hooks, as copied.
as_copied <<<"$hooks_config" >"$repo/.pre-commit-config.yaml"
git -C "$repo" add .pre-commit-config.yaml
git -C "$repo" commit -q -m "all three hooks"

step "hook tablint (expect Bad's row-arity error and the misaligned files' alignment errors)"
pre_commit_run run tablint --all-files
[ "$status" -ne 0 ] || fail "hook tablint passed; expected it to fail on Bad.tb.swift"
grep -Eq '^Bad\.tb\.swift:9:13: error: .*\[tabular-center::row-arity\]$' <<<"$output" \
    || fail "hook tablint's output has no 'Bad.tb.swift:9:13: error: … [tabular-center::row-arity]' line"
grep -Eq '^-draft\.tb\.swift:[0-9]+:[0-9]+: error: .*\[tablint::alignment\]$' <<<"$output" \
    || fail "hook tablint did not lint -draft.tb.swift as a file (its name starts with '-')"
if grep -q 'unknown option' <<<"$output"; then fail "hook tablint read a file name as an option"; fi
grep -Eq '^tablint\.+Failed$' <<<"$output" || fail "pre-commit did not report hook tablint as Failed"
if grep -Eq '^(Good|Generated/Excluded)\.tb\.swift:' <<<"$output"; then
    fail "a diagnostic was reported for Good.tb.swift or for the excluded Generated/Excluded.tb.swift"
fi

step "hook tablint-fix (expect Misaligned and -draft aligned, the excluded file untouched)"
pre_commit_run run tablint-fix --all-files
[ "$status" -ne 0 ] || fail "hook tablint-fix passed; expected it to modify files and report Bad's error"
grep -q 'files were modified by this hook' <<<"$output" \
    || fail "pre-commit did not report that hook tablint-fix modified files"
for aligned in Misaligned.tb.swift -draft.tb.swift; do
    if ! cmp -s "$repo/$aligned" "$scratch/expected-aligned.tb.swift"; then
        diff -u "$scratch/expected-aligned.tb.swift" "$repo/$aligned" >&2 || true
        fail "hook tablint-fix did not align $aligned as expected (diff above: expected, actual)"
    fi
done
cmp -s "$repo/Generated/Excluded.tb.swift" "$repo/Bad.tb.swift" \
    || fail "hook tablint-fix changed Generated/Excluded.tb.swift, which .tablint excludes (--force-exclude)"

step "all three hooks once Bad is removed and the fixes are staged (expect all to pass)"
git -C "$repo" rm -q Bad.tb.swift
git -C "$repo" add -A
pre_commit_run run --all-files
[ "$status" -eq 0 ] || fail "the hooks failed (status $status); expected them to pass"
grep -Eq '^tablint\.+Passed$' <<<"$output" || fail "pre-commit did not report hook tablint as Passed"
grep -Eq '^tablint --fix\.+Passed$' <<<"$output" || fail "pre-commit did not report hook tablint-fix as Passed"
grep -Eq '^tablint \(whole project\)\.+Passed$' <<<"$output" || fail "pre-commit did not report hook tablint-project as Passed"
git -C "$repo" commit -q --no-verify -m "aligned"

# A matrix and its dispatcher in two files, in agreement, committed without the hooks.
cat >"$repo/Door.tb.swift" <<'EOF'
// swift-format-ignore-file
extension Door {
    static let TABLE = Table(
        machine: "Door",
        states: ["Shut", "Open"],
        actions: ["Push", "Pull"],
        cells: [
            [.go(target: "Open", effects: []), .ignore                         ],
            [.ignore,                          .go(target: "Shut", effects: [])],
        ],
        initial: "Shut"
    )
}
EOF
cat >"$repo/DoorReducer.swift" <<'EOF'
// The dispatcher of the matrix in Door.tb.swift.
enum Door {
    enum S { case shut, open }
    enum A { case push, pull }
    enum F {}
    static func step(_ s: S, _ a: A) -> Step<S, F> {
        switch (s, a) {
        case (.shut, .push): return .go(.open, effects: [])
        case (.shut, .pull): return .ignored
        case (.open, .push): return .ignored
        case (.open, .pull): return .go(.shut, effects: [])
        }
    }
}
EOF
git -C "$repo" add Door.tb.swift DoorReducer.swift
git -C "$repo" commit -q --no-verify -m "door"

step "git commit of DoorReducer.swift alone, now ignoring (Open, Pull) (expect tablint to pass, tablint-project to fail, no commit)"
(cd "$repo" && "$pre_commit" install >/dev/null) || fail "pre-commit install failed"
sed -i 's/case (\.open, \.pull): return \.go(\.shut, effects: \[\])/case (.open, .pull): return .ignored/' "$repo/DoorReducer.swift"
if git -C "$repo" diff --quiet; then fail "could not change DoorReducer.swift (the test itself is broken)"; fi
git -C "$repo" add DoorReducer.swift
head_before=$(git -C "$repo" rev-parse HEAD)
began=$SECONDS
status=0
output=$(cd "$repo" && git commit -m "door: ignore a pull when open" </dev/null 2>&1) || status=$?
printf '%s\n' "$output" | sed 's/^/    | /'
echo "test-pre-commit: git commit exited with status $status after $((SECONDS - began)) s"
[ "$status" -ne 0 ] || fail "the commit succeeded; hook tablint-project should have refused the drifted dispatcher"
[ "$(git -C "$repo" rev-parse HEAD)" = "$head_before" ] || fail "a commit was made although a hook failed"
grep -Eq '^tablint\.+Passed$' <<<"$output" \
    || fail "hook tablint did not pass on the dispatcher alone (it sees only the staged file)"
grep -Eq '^tablint \(whole project\)\.+Failed$' <<<"$output" || fail "pre-commit did not report hook tablint-project as Failed"
grep -Eq '^DoorReducer\.swift:11:[0-9]+: error: .*\[tablint::dispatcher-drift\]$' <<<"$output" \
    || fail "hook tablint-project did not report the dispatcher-drift error at DoorReducer.swift:11"

echo "--- test-pre-commit: ok ($((SECONDS - started)) s)"

#!/bin/sh
# Compares two tablint binaries byte for byte over the repository's inputs and a corpus:
# Tests/Fixtures, Examples, every fenced block of Rules/*.md (as a *.tb.swift file and as an
# ordinary .swift file), and, if given, a folder of Swift files (the toolchain's interfaces
# copied with .swift names). Each set is linted file by file and as one run (cross-file
# checks), with default settings and with --align-swift and extra --dispatcher names, and
# with every reporter that shows summaries and fixes (text, json).
#
#   Scripts/compare-lint-binaries.sh OLD_TABLINT NEW_TABLINT [CORPUS_DIR]
#
# Prints the first difference and exits 1 if any output or exit status differs.
set -eu
old=$(readlink -f "$1"); new=$(readlink -f "$2"); corpus=${3:-}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$work/inputs/examples"
cp -R "$root/Tests/Fixtures" "$work/inputs/fixtures"
cp -R "$root/Examples" "$work/inputs/repo-examples"
python3 - "$root/Rules" "$work/inputs/examples" <<'PY'
import os, sys
rules, out = sys.argv[1], sys.argv[2]
n = 0
for name in sorted(os.listdir(rules)):
    if not name.endswith(".md"): continue
    body = None
    for line in open(os.path.join(rules, name), encoding="utf-8").read().split("\n"):
        if line.startswith("```"):
            if body is not None:
                n += 1
                text = "\n".join(body) + "\n"
                for suffix in (".tb.swift", ".swift", ".tbl"):
                    open(os.path.join(out, f"{n:04d}-{name[:-3]}{suffix}"), "w", encoding="utf-8").write(text)
                body = None
            else:
                body = []
        elif body is not None:
            body.append(line)
PY
sets="$work/inputs/fixtures $work/inputs/repo-examples $work/inputs/examples"
[ -n "$corpus" ] && sets="$sets $(readlink -f "$corpus")"
compare() {  # label, then the arguments
    label=$1; shift
    set +e
    (cd "$work" && "$old" "$@" >"$work/old.out" 2>"$work/old.err"); o=$?
    (cd "$work" && "$new" "$@" >"$work/new.out" 2>"$work/new.err"); n=$?
    set -e
    if [ $o != $n ] || ! cmp -s "$work/old.out" "$work/new.out" || ! cmp -s "$work/old.err" "$work/new.err"; then
        echo "DIFFERENT: $label (exit $o vs $n)"
        diff "$work/old.out" "$work/new.out" | head -20 || true
        diff "$work/old.err" "$work/new.err" | head -5 || true
        touch "$work/different"  # the per-file loops run in a subshell
    fi
}
runs=0
for set in $sets; do
    for options in "" "--align-swift --dispatcher handle --dispatcher route --dispatcher step --dispatcher f"; do
        for reporter in text json; do
            # shellcheck disable=SC2086
            compare "$set (one run) $options $reporter" --no-config --no-color --reporter $reporter $options "$set"
            runs=$((runs + 1))
        done
        find "$set" -type f \( -name '*.swift' -o -name '*.tbl' \) | sort | while read -r file; do
            # shellcheck disable=SC2086
            compare "$file $options" --no-config --no-color --reporter json $options "$file"
        done
    done
done
[ -e "$work/different" ] && exit 1
echo "same output over $(find $sets -type f | wc -l) files ($runs whole-set runs, each file on its own too)"

#!/usr/bin/env bash
# Tests tablint's SwiftPM plugins with the real `swift build` and `swift package`: copies
# Tests/Integration/SamplePackage to a temporary directory next to a link `tablint` to this checkout
# (the sample's `.package(path: "../tablint")`, whose identity is the folder name `tablint`),
# and checks that
#   * `swift build` runs the build-tool plugin, shows tablint's diagnostics and fails, and
#     skips Sources/Sample/Legacy, which the sample's .tablint excludes (as every plugin must);
#   * `swift package tablint` (command plugin, no permission) shows them and fails, and
#     `swift package tablint --fix` refuses and names the command to run instead;
#   * `swift package tablint-fix` needs the write permission, and with
#     `--allow-writing-to-package-directory` aligns the misaligned matrix;
#   * once the matrices are correct, `swift build` and `swift package tablint` succeed;
#   * after the .tablint changes (it no longer excludes Legacy), `swift build` runs tablint
#     again and fails on Legacy's mistake;
#   * what each sees, as the table of README.md and docs/integrations.md says: the dispatcher in
#     the ordinary Sources/Sample/DoorSteps.swift drifts from Door.tb.swift (every plugin reports
#     it), and the pin Tests/Pins/Door.tbl drifts too (`swift package tablint` reports it, as
#     `tablint` at the root does; the build-tool plugin and `--target Sample` cannot see it and
#     say so in one line); the fix hints name `tablint-fix`;
#   * the README's SwiftPM dependency (`from:` a release tag) and docs/integrations.md's
#     `revision:` form resolve, with only the URL (and hash) pointed at a tagged snapshot.
# The first build compiles tablint (debug) inside the sample package, so it takes a minute or
# more. The checkout itself is only read: everything is built in the temporary copy.
# Environment: TABLINT_KEEP_TMP=1 keeps the temporary directory for inspection.
set -euo pipefail

checkout=$(cd "$(dirname "$0")/.." && pwd)
started=$SECONDS

fail() {
    echo "test-plugins: FAIL: $*" >&2
    exit 1
}
step() { echo "--- test-plugins: $*"; }

command -v swift >/dev/null || fail "'swift' is not on PATH"
[ -f "$checkout/Tests/Integration/SamplePackage/Package.swift" ] || fail "no Tests/Integration/SamplePackage in $checkout"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/tablint-plugins.XXXXXX")
cleanup() {
    if [ "${TABLINT_KEEP_TMP:-}" = 1 ]; then
        echo "test-plugins: temporary directory kept: $scratch"
    else
        rm -rf "$scratch"
    fi
}
trap cleanup EXIT

sample="$scratch/SamplePackage"
mkdir "$sample"
ln -s "$checkout" "$scratch/tablint"
# Copied without any build products of the sample built in place.
tar -C "$checkout/Tests/Integration/SamplePackage" --exclude=./.build --exclude=./.swiftpm --exclude=./Package.resolved -cf - . \
    | tar -C "$sample" -xf -
grep -qF '.package(path: "../tablint")' "$sample/Package.swift" \
    || fail "the sample's Package.swift no longer says .package(path: \"../tablint\")"
cp "$sample/Sources/Sample/Timer.tb.swift" "$scratch/Timer.original"

# Runs a command in the sample package; sets $status and $output (also printed, minus
# SwiftPM's progress lines).
run() {
    local began=$SECONDS
    status=0
    output=$(cd "$sample" && "$@" </dev/null 2>&1) || status=$?
    printf '%s\n' "$output" | grep -Ev '^\[[0-9]+/[0-9]+\] (Compiling|Wrapping|Write|Linking|Emitting|Planning|Applying)' \
        | sed 's/^/    | /' || true
    echo "test-plugins: '$*' exited with status $status after $((SECONDS - began)) s"
}
expect_line() { # expect_line REGEX WHAT
    grep -Eq "$1" <<<"$output" || fail "$2"
}

timer_error='Sources/Sample/Timer\.tb\.swift:10:13: error: row `Running` has 2 cells, expected 3\. .*\[tabular-center::row-arity\]$'
door_error='Sources/Sample/Door\.tb\.swift:9:13: error: .*\[tablint::alignment\]$'
legacy_error='Sources/Sample/Legacy/Legacy\.tb\.swift:11:13: error: row `Older` has 2 cells, expected 1\. .*\[tabular-center::row-arity\]$'
steps_error='Sources/Sample/DoorSteps\.swift:14:37: error: .*\[tablint::dispatcher-drift\]$'
pin_error='^Tests/Pins/Door\.tbl:10:19: error: .*\[tablint::pin-drift\]$'
fix_hint='fixable with `swift package --allow-writing-to-package-directory tablint-fix`'
no_pin() { # no_pin WHAT: fails if $output mentions the pin outside the target
    if grep -q 'Tests/Pins/Door\.tbl' <<<"$output"; then fail "$1 reported Tests/Pins/Door.tbl, which it cannot see"; fi
}
no_legacy() { # no_legacy WHAT: fails if $output mentions the excluded Legacy.tb.swift
    if grep -q 'Legacy\.tb\.swift' <<<"$output"; then fail "$1 reported Legacy.tb.swift, which the sample's .tablint excludes"; fi
}

step "swift build (build-tool plugin; expect failure with tablint's diagnostics)"
run swift build
[ "$status" -ne 0 ] || fail "swift build succeeded; the build-tool plugin should have failed it"
expect_line "^$sample/$timer_error" "swift build did not show the row-arity error at $sample/Sources/Sample/Timer.tb.swift:10:13"
expect_line "^$sample/$door_error" "swift build did not show the alignment error in Door.tb.swift"
expect_line 'tablint Sample \(5 files;' "swift build did not show the build-tool plugin's command 'tablint Sample (5 files)'"
expect_line "^$sample/$steps_error" "swift build did not compare the dispatcher in the ordinary DoorSteps.swift with Door.tb.swift"
expect_line 'tablint Sample \(5 files; pins and files outside the target are not compared: `swift package tablint` checks the whole package\)' \
    "swift build did not say what the build-tool plugin leaves out"
expect_line "$fix_hint" "swift build's summary does not name tablint-fix"
no_legacy "swift build (the build-tool plugin)"
no_pin "swift build (the build-tool plugin)"

step "swift package tablint (command plugin; expect failure with the same diagnostics, relative paths)"
run swift package tablint
[ "$status" -ne 0 ] || fail "swift package tablint succeeded; expected it to fail"
expect_line "^$timer_error" "swift package tablint did not show the row-arity error as Sources/Sample/Timer.tb.swift:10:13"
expect_line "^$door_error" "swift package tablint did not show the alignment error in Door.tb.swift"
expect_line "^$steps_error" "swift package tablint did not compare DoorSteps.swift with Door.tb.swift"
expect_line "$pin_error" "swift package tablint did not compare the pin Tests/Pins/Door.tbl, as tablint at the package root does"
expect_line "; 1 $fix_hint \(2 more with \`--unsafe-fixes\`\)$" "swift package tablint's summary does not name tablint-fix"
no_legacy "swift package tablint"

step "swift package tablint --target Sample (expect the target's diagnostics, no pin, one line saying so)"
run swift package tablint --target Sample
[ "$status" -ne 0 ] || fail "swift package tablint --target Sample succeeded; expected it to fail"
expect_line "^$steps_error" "swift package tablint --target Sample did not compare DoorSteps.swift with Door.tb.swift"
expect_line '^tablint: checked only the folders of Sample; ' "swift package tablint --target Sample did not say what it left out"
no_pin "swift package tablint --target Sample"

step "stdbuf -oL swift package tablint, piped (the README's way to keep 'error: tablint reported errors' last)"
if command -v stdbuf >/dev/null; then
    run stdbuf -oL swift package tablint
    [ "$status" -ne 0 ] || fail "stdbuf -oL swift package tablint succeeded; expected it to fail"
    last=$(grep -v '^\[' <<<"$output" | tail -n 1)
    [ "$last" = "error: tablint reported errors" ] \
        || fail "with stdbuf -oL, the last line is '$last', not 'error: tablint reported errors' after tablint's output"
else
    echo "test-plugins: stdbuf is not installed; skipped"
fi

step "swift package tablint --fix (expect a refusal naming tablint-fix)"
run swift package tablint --fix
[ "$status" -ne 0 ] || fail "swift package tablint --fix succeeded; expected it to refuse"
expect_line 'swift package --allow-writing-to-package-directory tablint-fix$' \
    "swift package tablint --fix did not name the command to run instead"

step "swift package tablint-fix without permission (expect SwiftPM to refuse)"
run swift package tablint-fix
[ "$status" -ne 0 ] || fail "swift package tablint-fix ran without the write permission"
expect_line 'allow-writing-to-package-directory' "SwiftPM's refusal did not mention --allow-writing-to-package-directory"
cmp -s "$sample/Sources/Sample/Door.tb.swift" "$checkout/Tests/Integration/SamplePackage/Sources/Sample/Door.tb.swift" \
    || fail "Door.tb.swift changed although tablint-fix had no permission"

step "swift package --allow-writing-to-package-directory tablint-fix (expect Door.tb.swift aligned)"
run swift package --allow-writing-to-package-directory tablint-fix
[ "$status" -ne 0 ] || fail "tablint-fix succeeded; expected failure for the row-arity error it cannot fix"
expect_line "^$timer_error" "tablint-fix did not report the row-arity error that is left"
expect_line '^1 file fixed; ' "tablint-fix did not report '1 file fixed'"
cat >"$scratch/Door.expected" <<'EOF'
// swift-format-ignore-file
// Correct, but its columns are not aligned: `swift package tablint-fix` aligns them.
extension Door {
    public static let TABLE = Table(
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
if ! cmp -s "$scratch/Door.expected" "$sample/Sources/Sample/Door.tb.swift"; then
    diff -u "$scratch/Door.expected" "$sample/Sources/Sample/Door.tb.swift" >&2 || true
    fail "tablint-fix did not align Door.tb.swift as expected (diff above: expected, actual)"
fi
cmp -s "$scratch/Timer.original" "$sample/Sources/Sample/Timer.tb.swift" || fail "tablint-fix changed Timer.tb.swift"
cmp -s "$checkout/Tests/Integration/SamplePackage/Sources/Sample/Legacy/Legacy.tb.swift" "$sample/Sources/Sample/Legacy/Legacy.tb.swift" \
    || fail "tablint-fix changed Legacy.tb.swift, which the sample's .tablint excludes"

step "swift package tablint Sources/Sample/Door.tb.swift (a path given; expect success)"
run swift package tablint Sources/Sample/Door.tb.swift
[ "$status" -eq 0 ] || fail "swift package tablint Sources/Sample/Door.tb.swift failed; expected the aligned file to pass"
expect_line '^0 errors, 0 warnings in 1 file$' "swift package tablint with a path did not lint just that file"

step "correct the Running row, then swift build and swift package tablint (expect success)"
sed 's/\[\.ignore,  *\.handle\],/[.ignore,                                         .handle, .go(target: "Idle", effects: [])],/' \
    "$scratch/Timer.original" >"$sample/Sources/Sample/Timer.tb.swift"
sed -i 's/case (\.open, \.pull): return \.ignored/case (.open, .pull): return .go(.shut)/' "$sample/Sources/Sample/DoorSteps.swift"
sed -i 's/^Open | IGNORE   | GO(Open)$/Open | IGNORE   | GO(Shut)/' "$sample/Tests/Pins/Door.tbl"
cmp -s "$scratch/Timer.original" "$sample/Sources/Sample/Timer.tb.swift" && fail "could not correct Timer.tb.swift (the test itself is broken)"
run swift build
[ "$status" -eq 0 ] || fail "swift build failed after the matrices were corrected"
expect_line 'tablint Sample \(5 files;' "swift build did not rerun the build-tool plugin's command after Timer.tb.swift changed"
expect_line '^0 errors, 0 warnings in 4 files$' "swift build did not show tablint's clean summary"
run swift package tablint
[ "$status" -eq 0 ] || fail "swift package tablint failed after the matrices were corrected"

step "the .tablint no longer excludes Legacy; swift build (expect tablint to run again and fail on Legacy.tb.swift)"
printf -- '--exclude Sources/Sample/Nothing\n' >"$sample/.tablint"
run swift build
[ "$status" -ne 0 ] || fail "swift build succeeded after the .tablint changed; the build-tool plugin did not run tablint again (is the .tablint an input?)"
expect_line "^$sample/$legacy_error" "swift build did not report Legacy.tb.swift's row-arity error after the .tablint stopped excluding it"

step "the documented SwiftPM dependencies resolve (from: the release tag; revision: a commit)"
. "$checkout/Scripts/lib-ci.sh"
snapshot="$scratch/resolve/tablint"
mkdir -p "$snapshot"
git -C "$checkout" ls-files -z --cached --others --exclude-standard \
    | tar -C "$checkout" --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -C "$snapshot" -xf -
git -C "$snapshot" init -q && git -C "$snapshot" add -A
git -C "$snapshot" -c user.email=test@example.com -c user.name="tablint test" -c commit.gpgsign=false commit -q -m snapshot
for form in swiftpm-dependency swiftpm-revision; do
    dependency=$(doc_block "$form") || fail "the documentation has no $form block"
    release=$(sed -n 's/.*from: "\([^"]*\)".*/\1/p' <<<"$dependency")
    [ -z "$release" ] || git -C "$snapshot" tag -f "$release" >/dev/null
    consumer="$scratch/resolve/$form"
    mkdir -p "$consumer/Sources/Consumer"
    : >"$consumer/Sources/Consumer/Consumer.swift"
    {
        printf '// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(\n    name: "Consumer",\n'
        sed -e "s|url: \"[^\"]*\"|url: \"file://$snapshot\"|" -e "s|revision: \"[0-9a-f]*\"|revision: \"$(git -C "$snapshot" rev-parse HEAD)\"|" \
            -e 's/^/    /' <<<"$dependency"
        printf '    targets: [.target(name: "Consumer")]\n)\n'
    } >"$consumer/Package.swift"
    sample_saved=$sample
    sample=$consumer
    run swift package resolve
    sample=$sample_saved
    [ "$status" -eq 0 ] || fail "the $form dependency did not resolve: $(cat "$consumer/Package.swift")"
    grep -q "\"revision\" : \"$(git -C "$snapshot" rev-parse HEAD)\"" "$consumer/Package.resolved" \
        || fail "the $form dependency resolved to another commit than the snapshot's"
done

echo "--- test-plugins: ok ($((SECONDS - started)) s)"

#!/bin/sh
# Seeds the corpus `Tests/Fuzz/.build/corpus` from the fixtures (once; the fuzzer adds to it) and
# runs the fuzzer built by `Tests/Fuzz/build.sh`. Crashing inputs land in `Tests/Fuzz/.build/artifacts/`.
# Usage: Tests/Fuzz/run.sh [libFuzzer flags], e.g. Tests/Fuzz/run.sh -max_total_time=600
set -eu
cd "$(dirname "$0")/../.."
corpus=Tests/Fuzz/.build/corpus
mkdir -p "$corpus" Tests/Fuzz/.build/artifacts
if [ -z "$(ls -A "$corpus")" ]; then
    for seed in $(find Tests/Fixtures Examples ../shared/reference/conformance -type f 2>/dev/null | sort); do
        cp "$seed" "$corpus/seed-$(echo "$seed" | tr '/.' '__')"
    done
fi
exec Tests/Fuzz/.build/fuzz-tablint -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix=Tests/Fuzz/.build/artifacts/ "$@" "$corpus"

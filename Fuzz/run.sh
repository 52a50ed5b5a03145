#!/bin/sh
# Seeds the corpus `Fuzz/.build/corpus` from the fixtures (once; the fuzzer adds to it) and
# runs the fuzzer built by `Fuzz/build.sh`. Crashing inputs land in `Fuzz/.build/artifacts/`.
# Usage: Fuzz/run.sh [libFuzzer flags], e.g. Fuzz/run.sh -max_total_time=600
set -eu
cd "$(dirname "$0")/.."
corpus=Fuzz/.build/corpus
mkdir -p "$corpus" Fuzz/.build/artifacts
if [ -z "$(ls -A "$corpus")" ]; then
    for seed in $(find Tests/Fixtures Examples ../shared/reference/conformance -type f 2>/dev/null | sort); do
        cp "$seed" "$corpus/seed-$(echo "$seed" | tr '/.' '__')"
    done
fi
exec Fuzz/.build/fuzz-tablint -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix=Fuzz/.build/artifacts/ "$@" "$corpus"

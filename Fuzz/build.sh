#!/bin/sh
# Builds the libFuzzer binary `Fuzz/.build/fuzz-tablint`: the TablintKit sources and
# `Fuzz/FuzzTablint.swift` compiled as one module with libFuzzer and AddressSanitizer.
# Usage: Fuzz/build.sh [extra swiftc flags]   (see README, "Fuzzing")
set -eu
cd "$(dirname "$0")/.."
mkdir -p Fuzz/.build
find Sources/TablintKit -name '*.swift' | sort > Fuzz/.build/sources.txt
# shellcheck disable=SC2046
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    -module-name TablintFuzz \
    $(cat Fuzz/.build/sources.txt) Fuzz/FuzzTablint.swift \
    -o Fuzz/.build/fuzz-tablint "$@"
echo "built Fuzz/.build/fuzz-tablint"

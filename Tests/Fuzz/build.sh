#!/bin/sh
# Builds the libFuzzer binary `Tests/Fuzz/.build/fuzz-tablint`: the TablintKit sources and
# `Tests/Fuzz/FuzzTablint.swift` compiled as one module with libFuzzer and AddressSanitizer.
# Usage: Tests/Fuzz/build.sh [extra swiftc flags]   (see README, "Fuzzing")
set -eu
cd "$(dirname "$0")/../.."
mkdir -p Tests/Fuzz/.build
find Sources/TablintKit -name '*.swift' | sort > Tests/Fuzz/.build/sources.txt
# shellcheck disable=SC2046
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    -module-name TablintFuzz \
    $(cat Tests/Fuzz/.build/sources.txt) Tests/Fuzz/FuzzTablint.swift \
    -o Tests/Fuzz/.build/fuzz-tablint "$@"
echo "built Tests/Fuzz/.build/fuzz-tablint"

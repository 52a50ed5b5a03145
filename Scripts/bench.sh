#!/bin/sh
# Builds tablint and tablint-bench in release mode and runs the benchmark.
# Usage: Scripts/bench.sh [--quick] [--no-pathological]
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product tablint
swift build -c release --product tablint-bench
exec .build/release/tablint-bench "$@"

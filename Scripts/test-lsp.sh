#!/usr/bin/env bash
# The end-to-end suite of `tablint lsp` (Tests/LSP) with pytest-lsp, against the built binary.
# Installs Tests/LSP/requirements.txt (pytest-lsp, pinned) in a Python venv once, builds tablint
# once (debug), then runs pytest. Non-interactive; exits non-zero on any failure.
# Needs: python3 (with venv), swift, and network access to PyPI on the first run (unless
# TABLINT_LSP_VENV names a venv that already has pytest-lsp).
# Environment:
#   TABLINT_LSP_VENV  venv to use or create (kept); default: .build/lsp-venv
#   TABLINT_BINARY    a built tablint to test instead of building one
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "error: $*" >&2; exit 1; }

venv=${TABLINT_LSP_VENV:-.build/lsp-venv}
if ! "$venv/bin/python" -c 'import pytest_lsp' 2>/dev/null; then
    echo "--- installing Tests/LSP/requirements.txt in $venv"
    python3 -m venv "$venv" || fail "could not create a Python venv in $venv (is python3-venv installed?)"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r Tests/LSP/requirements.txt \
        || fail "could not install Tests/LSP/requirements.txt (pytest-lsp) from PyPI"
fi

if [ -z "${TABLINT_BINARY:-}" ]; then
    echo "--- swift build --product tablint"
    swift build --product tablint >/dev/null || fail "swift build failed"
    TABLINT_BINARY="$(swift build --show-bin-path)/tablint"
fi
[ -x "$TABLINT_BINARY" ] || fail "no tablint binary at $TABLINT_BINARY"
TABLINT_BINARY="$(realpath "$TABLINT_BINARY")"
export TABLINT_BINARY
venv="$(realpath "$venv")"

echo "--- pytest Tests/LSP (tablint lsp, with pytest-lsp)"
cd Tests/LSP
"$venv/bin/pytest" -q -p no:cacheprovider </dev/null

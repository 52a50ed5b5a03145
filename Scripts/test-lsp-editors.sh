#!/usr/bin/env bash
# `tablint lsp` in real editors, each set up with the configuration docs/editors.md gives (read from
# its "Language server" section, not copied): a headless Neovim 0.7 and Emacs with
# eglot open a broken file, receive the diagnostics, apply a code action and save (format on
# save); the files on disk must then be exactly what `tablint --fix` makes of the file with
# that code action's edit.
# Installs, when missing, Debian's neovim, emacs-nox and elpa-eglot with apt-get (as root).
# Builds tablint once (debug) unless TABLINT_BINARY names one. Non-interactive; exits non-zero
# on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$(pwd)

fail() { echo "error: $*" >&2; exit 1; }

missing=()
command -v nvim >/dev/null || missing+=(neovim)
command -v emacs >/dev/null || missing+=(emacs-nox)
[ -d /usr/share/emacs/site-lisp/elpa/eglot-1.9 ] || ls -d /usr/share/emacs/site-lisp/elpa/eglot-* >/dev/null 2>&1 || missing+=(elpa-eglot)
if [ ${#missing[@]} -gt 0 ]; then
    echo "--- apt-get install ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq </dev/null >/dev/null || fail "apt-get update failed"
    apt-get install -y -qq "${missing[@]}" </dev/null >/dev/null || fail "could not install ${missing[*]}"
fi

if [ -z "${TABLINT_BINARY:-}" ]; then
    echo "--- swift build --product tablint"
    swift build --product tablint >/dev/null || fail "swift build failed"
    TABLINT_BINARY="$(swift build --show-bin-path)/tablint"
fi
TABLINT_BINARY="$(realpath "$TABLINT_BINARY")"
[ -x "$TABLINT_BINARY" ] || fail "no tablint binary at $TABLINT_BINARY"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The documented configurations run `tablint`: this build, first on PATH.
mkdir -p "$scratch/bin"
ln -s "$TABLINT_BINARY" "$scratch/bin/tablint"
export PATH="$scratch/bin:$PATH"
export HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/.config" XDG_DATA_HOME="$scratch/home/.local/share" XDG_STATE_HOME="$scratch/home/.local/state"
mkdir -p "$HOME"

editors="$repository/Tests/LSP/editors"
python3 "$editors/readme_block.py" "Neovim 0.7" lua >"$scratch/init.lua" || fail "docs/editors.md: no Neovim 0.7 configuration"
python3 "$editors/readme_block.py" "Emacs with eglot" elisp >"$scratch/init.el" || fail "docs/editors.md: no Emacs eglot configuration"

# check EDITOR ORIGINAL ON_DISK REPORT DIRECTIVE LINE_KEY BASE EXPECTED: the diagnostic is on
# line EXPECTED (counted from BASE), and the file on disk is `tablint --fix` of the original
# with DIRECTIVE on its own line above that line.
check() {
    python3 - "$@" <<'PY'
import json, pathlib, subprocess, sys
editor, original, on_disk, report_path, directive, line_key, base, expected_line = sys.argv[1:9]
report = json.loads(pathlib.Path(report_path).read_text() or "{}")
if not report.get("ok"):
    sys.exit(f"{editor}: {report.get('error')}; report: {report}")
if int(report[line_key]) != int(expected_line):
    sys.exit(f"{editor}: the diagnostic is on line {report[line_key]}, expected {expected_line}")
line = int(report[line_key]) - int(base)  # 0-based
lines = pathlib.Path(original).read_text().split("\n")
indentation = lines[line][: len(lines[line]) - len(lines[line].lstrip())]
lines.insert(line, indentation + directive)
suppressed = "\n".join(lines)
fixed = subprocess.run(["tablint", "--fix", "--stdin-filename", pathlib.Path(original).name, "-"],
                       input=suppressed, capture_output=True, text=True).stdout
disk = pathlib.Path(on_disk).read_text()
if disk != fixed:
    sys.exit(f"{editor}: the saved file is not what tablint --fix makes of the suppressed file\n--- saved\n{disk}\n--- expected\n{fixed}")
if disk == suppressed:
    sys.exit(f"{editor}: saving did not format the file")
print(f"{editor}: diagnostics {report.get('diagnostics')}; code action and format on save gave what tablint --fix writes")
PY
}

echo "--- Neovim $(nvim --version | head -1 | cut -d' ' -f2): docs/editors.md configuration, a broken .tb.swift file"
mkdir -p "$scratch/nvim-project"
cp "$editors/Broken.tb.swift" "$scratch/nvim-project/Broken.tb.swift"
(cd "$scratch/nvim-project" && TABLINT_EDITOR_FILE="$scratch/nvim-project/Broken.tb.swift" TABLINT_EDITOR_REPORT="$scratch/nvim-report.json" \
    timeout 120 nvim --headless -n -i NONE -u "$scratch/init.lua" -c "luafile $editors/neovim-driver.lua" </dev/null >/dev/null 2>&1) \
    || echo "(nvim exited with status $?)"
check neovim "$editors/Broken.tb.swift" "$scratch/nvim-project/Broken.tb.swift" "$scratch/nvim-report.json" \
    "// tablint:disable:next row-arity" arity_line 0 10 || fail "the Neovim test failed"

echo "--- Emacs $(emacs --version | head -1 | cut -d' ' -f3) with eglot: docs/editors.md configuration, a broken .tbl file"
mkdir -p "$scratch/emacs-project"
cp "$editors/Door.tbl" "$scratch/emacs-project/Door.tbl"
(cd "$scratch/emacs-project" && TABLINT_EDITOR_FILE="$scratch/emacs-project/Door.tbl" TABLINT_EDITOR_REPORT="$scratch/emacs-report.json" \
    timeout 120 emacs --batch -l "$scratch/init.el" -l "$editors/eglot-driver.el" </dev/null >"$scratch/emacs.log" 2>&1) \
    || { echo "(emacs exited with status $?)"; tail -20 "$scratch/emacs.log"; }
check emacs "$editors/Door.tbl" "$scratch/emacs-project/Door.tbl" "$scratch/emacs-report.json" \
    "# tablint:disable:next missing-row" missing_row_line 1 9 || fail "the Emacs eglot test failed"

echo "--- ok"

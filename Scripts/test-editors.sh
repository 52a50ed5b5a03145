#!/usr/bin/env bash
# Runs the format-on-save snippets of docs/editors.md ("Editors") with the real editors: vim
# (vim-nox), a plain `:%!tablint …` filter in vim, and Emacs in batch mode (emacs-nox). Each
# opens and saves
#   * a misaligned *.tb.swift, which must be saved aligned, and three files that must be saved
#     byte for byte as they were:
#   * a .tbl whose comment has a Latin-1 `é` (not UTF-8),
#   * a *.tb.swift beside a .tablint with a bad line,
#   * a *.tb.swift that tablint refuses to fix (an unterminated string).
# The snippets are read from docs/editors.md, so the test runs what the documentation says. The plain
# filter keeps a file only if tablint itself prints the input back when it cannot fix it.
# Last, the README's `M-x compile RET tablint RET` in Emacs: compilation mode must count one
# error, one warning and one note, and `next-error` must visit the file at each line.
#
# Installs vim-nox and emacs-nox when missing (one apt-get step; needs root then), and builds
# the checkout's debug tablint once (or uses $TABLINT_BINARY). Reads no stdin.
# Environment: TABLINT_KEEP_TMP=1 keeps the scratch directory for inspection.
set -euo pipefail

checkout=$(cd "$(dirname "$0")/.." && pwd)
. "$checkout/Scripts/lib-ci.sh"
started=$SECONDS
failures=0

fail() {
    echo "test-editors: FAIL: $*" >&2
    exit 1
}
step() { echo "--- test-editors: $*"; }

ensure_apt_packages vim-nox emacs-nox || fail "could not install vim-nox and emacs-nox"
tablint=$(tablint_binary) || fail "could not build tablint"
# The snippets call `tablint` by name, as a user's editor does.
export PATH="$(dirname "$tablint"):$PATH"
# An editor decodes files by the locale; a UTF-8 one, as most users have.
export LC_ALL=C.UTF-8 LANG=C.UTF-8
echo "test-editors: $(vim --version | head -1); $(emacs --version | head -1); tablint $tablint"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/tablint-editors.XXXXXX")
cleanup() {
    if [ "${TABLINT_KEEP_TMP:-}" = 1 ]; then
        echo "test-editors: scratch directory kept: $scratch"
    else
        rm -rf "$scratch"
    fi
}
trap cleanup EXIT

readme_block vim 'tablint --fix' >"$scratch/vimrc" || fail "the documentation has no \`\`\`vim block with 'tablint --fix'"
readme_block vim ':%!tablint' >"$scratch/filter.vim" || fail "the documentation has no \`\`\`vim block with ':%!tablint'"
filter=$(sed -n 's/^://p' "$scratch/filter.vim")
[ -n "$filter" ] || fail "the documentation's filter block has no ':' command line"
readme_block elisp 'before-save-hook' >"$scratch/init.el" || fail "the documentation has no \`\`\`elisp block with 'before-save-hook'"

# The inputs, written once to $scratch/inputs and copied afresh for each editor.
inputs="$scratch/inputs"
mkdir -p "$inputs/misaligned case" "$inputs/latin1" "$inputs/bad-config" "$inputs/refused"
# The folder name has a space, so the snippets must quote the file name.
cat >"$inputs/misaligned case/Door.tb.swift" <<'EOF'
// swift-format-ignore-file
extension Door {
    static let TABLE = Table(
        machine: "Door",
        states: ["Shut", "Open"],
        actions: ["Push", "Pull"],
        cells: [
            [.go(target: "Open", effects: []), .ignore],
            [.ignore, .go(target: "Shut", effects: [])],
        ],
        initial: "Shut"
    )
}
EOF
cat >"$scratch/Door.aligned" <<'EOF'
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
# Latin-1: `é` is the single byte 0xE9. The matrix is aligned, so a tablint that read the
# text as UTF-8 after the editor converted it would have nothing to change either.
printf '# Turnstile, d\351j\340 align\351\nmachine Turnstile\ninitial Locked\nstates  Locked Unlocked\nactions Coin Push\n\nLocked   | GO(Unlocked, Click) | IGNORE\nUnlocked | IGNORE              | HANDLE\n' \
    >"$inputs/latin1/Turnstile.tbl"
cp "$inputs/misaligned case/Door.tb.swift" "$inputs/bad-config/Door.tb.swift"
printf -- '--exclude Generated\n--no-such-option\n' >"$inputs/bad-config/.tablint"
sed 's/machine: "Door",/machine: "Door,/' "$inputs/misaligned case/Door.tb.swift" >"$inputs/refused/Door.tb.swift"
cmp -s "$inputs/refused/Door.tb.swift" "$inputs/misaligned case/Door.tb.swift" && fail "could not write the refused file (the test itself is broken)"

# The file on disk after the save, for each input: aligned, or exactly as it was.
check() { # check EDITOR FILE EXPECTED
    if cmp -s "$3" "$2"; then
        echo "test-editors: ok: $1 saved ${2#"$scratch/"} as expected"
    else
        echo "test-editors: FAIL: $1 saved ${2#"$scratch/"} as $(wc -c <"$2") bytes; expected $(wc -c <"$3") bytes:" >&2
        diff -u "$3" "$2" | head -20 >&2 || true
        failures=$((failures + 1))
    fi
}

# edit_and_save EDITOR FOLDER: copies the inputs to FOLDER, opens and saves each file there with
# EDITOR, then checks each.
edit_and_save() {
    local editor=$1 folder=$2 file
    cp -R "$inputs" "$folder"
    for file in "$folder/misaligned case/Door.tb.swift" "$folder/latin1/Turnstile.tbl" \
        "$folder/bad-config/Door.tb.swift" "$folder/refused/Door.tb.swift"; do
        case $editor in
        vim)
            # Ex mode, no swap file, no viminfo; the vimrc is the documentation's snippet only.
            # `:write` runs BufWritePre, as saving does.
            (cd "$folder" && vim -X -N -n -i NONE -u "$scratch/vimrc" -E -s \
                -c 'write' -c 'qall!' -- "${file#"$folder/"}" </dev/null) \
                || echo "test-editors: vim exited with status $? on $file" >&2
            ;;
        vim-filter)
            # The filter typed by hand in a vim without any vimrc, then :write.
            (cd "$folder" && vim -X -N -n -i NONE -u NONE -E -s \
                -c "$filter" -c 'write' -c 'qall!' -- "${file#"$folder/"}" </dev/null) \
                || echo "test-editors: vim exited with status $? on $file" >&2
            ;;
        emacs)
            # -Q: no site or user files; then the documentation's snippet. A save after a change, as
            # a user's C-x C-s (no backup file, which would be a stray file in the folder).
            (cd "$folder" && TABLINT_TEST_FILE="${file#"$folder/"}" emacs --batch -Q \
                --eval '(setq make-backup-files nil)' -l "$scratch/init.el" \
                --eval '(with-current-buffer (find-file-noselect (getenv "TABLINT_TEST_FILE"))
                          (set-buffer-modified-p t)
                          (save-buffer))' </dev/null) \
                || echo "test-editors: emacs exited with status $? on $file" >&2
            ;;
        esac
    done
    check "$editor" "$folder/misaligned case/Door.tb.swift" "$scratch/Door.aligned"
    check "$editor" "$folder/latin1/Turnstile.tbl" "$inputs/latin1/Turnstile.tbl"
    check "$editor" "$folder/bad-config/Door.tb.swift" "$inputs/bad-config/Door.tb.swift"
    check "$editor" "$folder/refused/Door.tb.swift" "$inputs/refused/Door.tb.swift"
    if ! diff <(cd "$inputs" && find . | sort) <(cd "$folder" && find . | sort) >&2; then
        echo "test-editors: FAIL: $editor left files that were not there before (above: > lines)" >&2
        failures=$((failures + 1))
    fi
}

step "vim: the documentation's BufWritePre snippet"
edit_and_save vim "$scratch/vim"
step "vim: the documentation's filter typed by hand (tablint must print the input back when it cannot fix it)"
edit_and_save vim-filter "$scratch/vim-filter"
step "vim: the documentation's filter typed by hand in a buffer with no name (%:S is '', a usage error)"
unnamed="$scratch/vim-unnamed"
mkdir -p "$unnamed"
# The text is read into a new buffer that has no file name, filtered, then written elsewhere.
# vim exits with 1 here (the filter's status is 2, a usage error); what counts is the text.
(cd "$unnamed" && vim -X -N -n -i NONE -u NONE -E -s \
    -c "call setline(1, readfile('$inputs/misaligned case/Door.tb.swift'))" -c "$filter" \
    -c 'write Door.saved' -c 'qall!' </dev/null) || true
check vim-unnamed "$unnamed/Door.saved" "$inputs/misaligned case/Door.tb.swift"

step "vim: the documentation's makeprg and errorformat (:make fills the quickfix list, each entry with its kind)"
readme_block vim 'set errorformat=' >"$scratch/make.vim" || fail "the documentation has no \`\`\`vim block with 'set errorformat='"
make="$scratch/vim-make"
mkdir -p "$make"
cp -R "$checkout/Examples/Broken" "$make/Broken"
# Each quickfix entry as `TYPE FILE:LINE:COL`; the expected ones come from tablint's own lines.
(cd "$make" && vim -X -N -n -i NONE -u "$scratch/make.vim" -E -s \
    -c 'silent make Broken' \
    -c 'call writefile(map(filter(getqflist(), "v:val.valid"), "v:val.type . \" \" . bufname(v:val.bufnr) . \":\" . v:val.lnum . \":\" . v:val.col"), "quickfix")' \
    -c 'qall!' </dev/null) || true
# tablint exits 1 on these broken files (set -e and pipefail would stop here); its lines count.
expected_quickfix=$(cd "$make" && { tablint Broken 2>/dev/null || true; } | sed -E 's/^([^:]+):([0-9]+):([0-9]+): (e|w|n)[a-z]*: .*/\4 \1:\2:\3/')
if [ "$(cat "$make/quickfix" 2>/dev/null)" != "$expected_quickfix" ]; then
    echo "test-editors: FAIL: vim's quickfix list after :make is not tablint's lines with their kinds:" >&2
    diff <(printf '%s\n' "$expected_quickfix") "$make/quickfix" >&2 || true
    failures=$((failures + 1))
fi

step "Emacs (batch): the documentation's before-save-hook snippet"
edit_and_save emacs "$scratch/emacs"

step "Emacs (batch): the README's M-x compile RET tablint RET, then next-error"
# compilation mode runs the command on a pseudo-terminal with INSIDE_EMACS=<version>,compile;
# the report must be plain text there, or the `gnu` pattern reads `ESC[1mDoor.tbl` as the file
# name and every warning and note as an error. TERM is a colour terminal's, as a user's is.
compile="$scratch/compile"
mkdir -p "$compile"
cat >"$compile/Door.tbl" <<'EOF'
machine Door
initial Shut
states  Shut Open Lost
actions Push Pull

Shut | GO(Open) | IGNORE
Open | IGNORE   | GO(Shut)
Lost | IGNORE   | GO(Nowhere)
EOF
cat >"$scratch/compile.el" <<'EOF'
(require 'compile)
(let* ((buffer (compile "tablint"))
       (problems '()))
  (while (get-buffer-process buffer) (accept-process-output nil 0.1))
  (with-current-buffer buffer
    (when (string-match-p "\e" (buffer-string))
      (push "the compilation buffer holds escape sequences (coloured output)" problems))
    (unless (and (= compilation-num-errors-found 1) (= compilation-num-warnings-found 1)
                 (= compilation-num-infos-found 1))
      (push (format "compilation mode counted %d errors, %d warnings, %d notes; expected 1, 1, 1"
                    compilation-num-errors-found compilation-num-warnings-found compilation-num-infos-found)
            problems)))
  ;; next-error visits the warning (line 3, column 19), then the error (line 8, column 22).
  (dolist (expected '((3 . 19) (8 . 22)))
    (condition-case failure
        (progn
          (next-error)
          ;; next-error shows the place in the selected window.
          (with-current-buffer (window-buffer (selected-window))
            (goto-char (window-point (selected-window)))
            (let ((where (cons (line-number-at-pos) (1+ (current-column)))))
              (unless (and (equal (file-name-nondirectory (or buffer-file-name "")) "Door.tbl") (equal where expected))
                (push (format "next-error went to %s at %s; expected Door.tbl at %s" buffer-file-name where expected) problems)))))
      (error (push (format "next-error failed: %s" (error-message-string failure)) problems))))
  (with-current-buffer buffer (princ (buffer-string)))
  (dolist (problem (reverse problems)) (message "test-editors: FAIL: Emacs compile: %s" problem))
  (kill-emacs (if problems 1 0)))
EOF
if ! (cd "$compile" && TERM=xterm-256color emacs --batch -Q -l "$scratch/compile.el" </dev/null); then
    echo "test-editors: FAIL: Emacs' M-x compile RET tablint RET (above)" >&2
    failures=$((failures + 1))
fi

[ "$failures" -eq 0 ] || fail "$failures check(s) failed"
echo "--- test-editors: ok ($((SECONDS - started)) s)"

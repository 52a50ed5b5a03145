# Helpers for the Scripts/test-*.sh that drive tablint through other programs (editors,
# language clients). Source it after setting $checkout to the repository's root:
#
#     checkout=$(cd "$(dirname "$0")/.." && pwd)
#     . "$checkout/Scripts/lib-ci.sh"
#     ensure_apt_packages vim-nox emacs-nox
#     tablint=$(tablint_binary)
#
# Both are safe to call from several scripts in one CI run: packages already installed are
# not installed again, and `swift build` reuses the checkout's build.

# ensure_apt_packages PACKAGE…: installs the Debian packages that are not installed yet, in one
# `apt-get update` and one `apt-get install` (non-interactive; needs root unless nothing is
# missing). Returns non-zero, saying why, when it cannot.
ensure_apt_packages() {
    local missing=() package
    for package in "$@"; do
        if ! dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q '^install ok installed$'; then
            missing+=("$package")
        fi
    done
    [ "${#missing[@]}" -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "lib-ci: these packages are missing and only root can install them: ${missing[*]}" >&2
        return 1
    fi
    echo "lib-ci: installing ${missing[*]}" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 \
        && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            -o DPkg::Lock::Timeout=600 "${missing[@]}" </dev/null >&2
}

# tablint_binary: prints the absolute path of a tablint to test. $TABLINT_BINARY when it is set
# (a build made earlier in the same CI run); otherwise builds the checkout's debug tablint
# (`swift build --product tablint`, incremental) and prints its path. Build output goes to
# standard error.
tablint_binary() {
    if [ -n "${TABLINT_BINARY:-}" ]; then
        [ -x "$TABLINT_BINARY" ] || { echo "lib-ci: TABLINT_BINARY=$TABLINT_BINARY is not an executable" >&2; return 1; }
        (cd "$(dirname "$TABLINT_BINARY")" && printf '%s/%s\n' "$(pwd)" "$(basename "$TABLINT_BINARY")")
        return 0
    fi
    (cd "$checkout" && swift build --product tablint </dev/null >&2) || return 1
    local bin
    bin=$(cd "$checkout" && swift build --show-bin-path </dev/null) || return 1
    printf '%s/tablint\n' "$bin"
}

# readme_block LANGUAGE TEXT: prints the first fenced block of the documentation (README.md,
# then docs/*.md in name order) whose info string is LANGUAGE and whose body contains TEXT, so
# a test runs the documentation's own snippet, not a copy.
readme_block() {
    awk -v language="$1" -v text="$2" '
        FNR == 1 { inside = 0 }
        !inside && $0 == "```" language { inside = 1; body = ""; next }
        inside && $0 == "```" { if (index(body, text)) { printf "%s", body; found = 1; exit } inside = 0; next }
        inside { body = body $0 "\n" }
        END { exit found ? 0 : 1 }
    ' "$checkout/README.md" "$checkout"/docs/*.md
}

# doc_block NAME: prints the fenced block between `<!-- NAME:begin -->` and `<!-- NAME:end -->`
# in README.md or docs/*.md (the block's body, without its fences).
doc_block() {
    awk -v name="$1" '
        $0 == "<!-- " name ":begin -->" { marked = 1; next }
        marked && !inside && /^```/ { inside = 1; next }
        inside && /^```$/ { found = 1; exit }
        inside { printf "%s\n", $0 }
        END { exit found ? 0 : 1 }
    ' "$checkout/README.md" "$checkout"/docs/*.md
}

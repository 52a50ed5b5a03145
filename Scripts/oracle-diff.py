#!/usr/bin/env python3
"""Diff tablint's token boundaries against the Swift toolchain's own parser (tokens-oracle).

    Scripts/oracle-diff.py [options] [FILE...]

    --corpus          add every .swiftinterface file shipped with the toolchain
    --oracle PATH     tokens-oracle binary (default /tmp/oracle/tokens-oracle; build it with
                      bash ../shared/tools/tokens-oracle/build.sh /tmp/oracle/tokens-oracle)
    --tablint PATH    tablint-tokens binary (default .build/debug/tablint-tokens)
    --cache DIR       where oracle output is cached by file content (default /tmp/tablint-oracle-cache)
    --examples N      examples printed per kind of difference (default 3)
    --all             also print the differences tablint makes on purpose
    --truncations N   also diff every prefix of each FILE given, cut every N bytes (error
                      recovery at the end of a file: unterminated strings, regexes, comments)
    --soups N         also diff N generated files of random Swift-significant fragments
                      (quotes, `#`, `\\(`, slashes, comment marks, brackets, names...)
    --seed S          seed for --soups (default 1), so a run can be repeated

Both sides are normalized before they are compared:
  * SwiftSyntax decides some kinds by grammar where tablint stays lexical: every operator kind
    (binaryOperator, prefixOperator, postfixQuestionMark, leftAngle, ellipsis, ...) becomes
    `operator`, `poundIf`/`poundEndif`/... become `poundKeyword`, `leftSquare` becomes
    `leftBracket`, `regexLiteralPattern` becomes `regexPattern`, and `keyword.X` becomes
    `keyword` when X is one of tablint's reserved words (read from Keywords.swift), else
    `identifier` (a contextual keyword).
  * SwiftSyntax reports the indentation and line breaks inside a multi-line string literal as
    trivia and emits empty string segments; tablint keeps the literal's text as segments. So
    trivia inside a multi-line string counts as string text, adjacent segments are merged, and
    empty pieces are dropped.
  * Whitespace and line breaks are not compared (they are what lies between the pieces that
    are); comments, shebang and unexpected text are. A BOM is unexpected text to SwiftSyntax.

Then the two lists of (kind, start, end) are aligned on byte offsets. Each place where they
differ is classified: either one of the deliberate differences below (tablint keeps a token
finer or coarser on purpose; TokenizerOracleDifferenceTests lists them with the reason), or a
real difference, printed with examples. Exit status 1 when a real difference remains.
"""
import argparse
import hashlib
import os
import random
import re
import subprocess
import sys
import tempfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

OPERATOR_KINDS = {
    "binaryOperator", "prefixOperator", "postfixOperator", "postfixQuestionMark", "infixQuestionMark",
    "exclamationMark", "prefixAmpersand", "leftAngle", "rightAngle", "ellipsis",
}
POUND_KEYWORDS = {
    "poundIf", "poundElse", "poundElseif", "poundEndif", "poundSourceLocation", "poundAvailable",
    "poundUnavailable",
}
RENAMED = {
    "leftSquare": "leftBracket",
    "rightSquare": "rightBracket",
    "regexLiteralPattern": "regexPattern",
    "rawStringPoundDelimiter": "rawStringDelimiter",
    "trivia.lineComment": "lineComment",
    "trivia.docLineComment": "lineComment",
    "trivia.blockComment": "blockComment",
    "trivia.docBlockComment": "blockComment",
    "trivia.unexpectedText": "unexpected",
    "unknown": "unexpected",
}
QUOTES = {"stringQuote", "multilineStringQuote", "singleQuote"}
# tablint trivia kinds that are compared; the others (whitespace, newline) are not.
TABLINT_COMPARED_TRIVIA = {"lineComment", "blockComment", "shebang", "unexpected", "conflictMarker"}


def reserved_words():
    source = open(os.path.join(REPO, "Sources/TablintKit/Tokenizing/Keywords.swift"), encoding="utf-8").read()
    block = re.search(r"static let reserved: \[String\] = \[(.*?)\]", source, re.S).group(1)
    return set(re.findall(r'"([^"]+)"', block))


def corpus_files():
    swift = subprocess.run(["which", "swift"], capture_output=True, text=True).stdout.strip()
    root = os.path.dirname(os.path.dirname(os.path.realpath(swift)))
    found = []
    for directory, _, names in os.walk(root):
        found += [os.path.join(directory, n) for n in names if n.endswith(".swiftinterface")]
    return sorted(found)


def newest_tablint_tokens():
    """The most recently built tablint-tokens (release prints 3M tokens much faster than debug)."""
    candidates = [os.path.join(REPO, ".build", c, "tablint-tokens") for c in ("release", "debug")]
    built = [c for c in candidates if os.path.exists(c)]
    return max(built, key=os.path.getmtime) if built else candidates[1]


def split_outputs(text, paths):
    """Splits the output of a multi-file run (`# PATH` headers) into one list of lines per path."""
    if len(paths) == 1:
        return {paths[0]: text.splitlines()}
    result, current = {}, None
    for line in text.splitlines():
        if line.startswith("# ") and line[2:] in paths:
            current = line[2:]
            result[current] = []
        elif current is not None:
            result[current].append(line)
    return result


def run_batched(command, paths, batch=200):
    """Runs `command` over `paths` in batches; a batch that fails is retried file by file, and a
    file it still fails on maps to None (the oracle itself crashes on a few odd inputs)."""
    outputs = {}
    for i in range(0, len(paths), batch):
        chunk = paths[i:i + batch]
        run = subprocess.run(command + chunk, capture_output=True)
        if run.returncode == 0:
            outputs.update(split_outputs(run.stdout.decode("utf-8", errors="replace"), chunk))
        elif len(chunk) > 1:
            outputs.update(run_batched(command, chunk, batch=1))
        else:
            print(f"{os.path.basename(command[0])} failed on {chunk[0]}", file=sys.stderr)
            outputs[chunk[0]] = None
    return outputs


def oracle_lines(oracle, cache, paths, mode):
    """The oracle's output per path, cached by file content. `mode` is "--trivia" (the parser's
    tokens with trivia) or "--lexer" (the raw lexer's tokens, before the parser splits any)."""
    os.makedirs(cache, exist_ok=True)
    keys, missing = {}, []
    for path in paths:
        with open(path, "rb") as f:
            keys[path] = os.path.join(cache, hashlib.sha1(f.read()).hexdigest() + mode.replace("-", "."))
        if not os.path.exists(keys[path]):
            missing.append(path)
    if missing:
        print(f"running the oracle ({mode}) on {len(missing)} uncached file(s)...", file=sys.stderr)
        for path, lines in run_batched([oracle, mode], missing).items():
            with open(keys[path], "w", encoding="utf-8") as f:
                f.write("!crashed\n" if lines is None else "\n".join(lines) + "\n")
    result = {}
    for path in paths:
        with open(keys[path], encoding="utf-8") as f:
            lines = f.read().splitlines()
        result[path] = None if lines == ["!crashed"] else lines
    return result


SOUP_FRAGMENTS = [
    "\"", "\"\"\"", "#", "##", "\\(", "\\#(", "(", ")", "/", "/*", "*/", "//", "'", "`", "\n", "\r", "\r\n",
    "[", "]", "{", "}", "a", "x1", "let", " ", "\t", "0x", "1.", "e", "$", "@", "<#", "#>", "!", "?", ".", "#if",
    "#/", "/#", "\\", "é", "😀", "∪", "=", "+", "-", "<", ">", "1", "in", "return", "self", ",", ":", ";", "0", "_",
]


def write_soups(n, seed):
    generator = random.Random(seed)
    directory = tempfile.mkdtemp(prefix="oracle-diff-soups-")
    paths = []
    for index in range(n):
        text = "".join(generator.choice(SOUP_FRAGMENTS) for _ in range(generator.randint(1, 40)))
        path = os.path.join(directory, f"soup-{seed}-{index:05d}.swift")
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        paths.append(path)
    return paths


def is_utf8(path):
    with open(path, "rb") as f:
        try:
            f.read().decode("utf-8")
            return True
        except UnicodeDecodeError:
            return False


def unclosed_regex_zones(oracle):
    """The ranges of the bare regex literals the oracle opens but never closes (from the
    opening `/` to the end of its pattern)."""
    zones = []
    opened = None  # start of an open bare regex; its end so far
    for index, (kind, start, end) in enumerate(oracle):
        extended = index > 0 and oracle[index - 1][0] == "regexPoundDelimiter" and oracle[index - 1][2] == start
        if opened is None:
            if kind == "regexSlash" and not extended:
                opened = (start, end)
            continue
        if kind == "regexPattern" and start == opened[1]:
            opened = (opened[0], end)
        elif kind == "regexSlash" and start == opened[1]:
            opened = None  # closed
        else:
            zones.append(opened)
            opened = (start, end) if kind == "regexSlash" and not extended else None
    if opened is not None:
        zones.append(opened)
    return zones


def parse(lines):
    pieces = []
    for line in lines:
        if not line or line.startswith("!diag") or line.endswith("\tMISSING"):
            continue
        kind, start, end, _ = line.split("\t", 3)
        pieces.append((kind.rstrip("!"), int(start), int(end)))
    return pieces


def merge_segments(pieces):
    merged = []
    for piece in pieces:
        if piece[1] == piece[2]:
            continue
        if merged and piece[0] == "stringSegment" == merged[-1][0] and merged[-1][2] == piece[1]:
            merged[-1] = ("stringSegment", merged[-1][1], piece[2])
        else:
            merged.append(piece)
    return merged


def normalize_oracle(pieces, reserved):
    out = []
    # Context stack: ("code",), ("string", multiline), ("interpolation", depth).
    stack = [("code",)]
    interpolation_pending = False
    for kind, start, end in pieces:
        top = stack[-1]
        if top[0] == "string":
            if kind.startswith("trivia."):
                if top[1]:
                    out.append(("stringSegment", start, end))
                    continue
                if kind in ("trivia.newlines", "trivia.carriageReturns", "trivia.carriageReturnLineFeeds"):
                    stack.pop()  # a line break ends a single-line string
            elif kind in QUOTES:
                stack.pop()
            elif kind == "backslash":
                interpolation_pending = True
            elif kind == "leftParen" and interpolation_pending:
                stack.append(("interpolation", 0))
                interpolation_pending = False
        elif kind in QUOTES:
            stack.append(("string", kind == "multilineStringQuote"))
        elif top[0] == "interpolation" and kind == "leftParen":
            stack[-1] = ("interpolation", top[1] + 1)
        elif top[0] == "interpolation" and kind == "rightParen":
            if top[1] == 0:
                stack.pop()
            else:
                stack[-1] = ("interpolation", top[1] - 1)
        if kind == "endOfFile":
            continue
        kind = normalize_kind(kind, reserved)
        if kind.startswith("trivia."):
            continue
        out.append((kind, start, end))
    return merge_segments(out)


def normalize_tablint(pieces):
    out = []
    for kind, start, end in pieces:
        if kind == "byteOrderMark":
            kind = "unexpected"
        if kind in ("whitespace", "newline"):
            continue
        out.append((kind, start, end))
    return merge_segments(out)


def align(oracle, tablint):
    """Yields (oracle_pieces, tablint_pieces) for every place the two lists differ."""
    i = j = 0
    while i < len(oracle) or j < len(tablint):
        if i < len(oracle) and j < len(tablint) and oracle[i] == tablint[j]:
            i += 1
            j += 1
            continue
        # A piece only one side has, with nothing overlapping it on the other side.
        if j >= len(tablint) or (i < len(oracle) and oracle[i][2] <= tablint[j][1]):
            yield [oracle[i]], []
            i += 1
            continue
        if i >= len(oracle) or tablint[j][2] <= oracle[i][1]:
            yield [], [tablint[j]]
            j += 1
            continue
        # Overlapping pieces: take from whichever side is behind until both end at one offset.
        a, b = [oracle[i]], [tablint[j]]
        i += 1
        j += 1
        while a[-1][2] != b[-1][2]:
            if a[-1][2] < b[-1][2] and i < len(oracle):
                a.append(oracle[i])
                i += 1
            elif j < len(tablint):
                b.append(tablint[j])
                j += 1
            elif i < len(oracle):
                a.append(oracle[i])
                i += 1
            else:
                break
        yield a, b


def normalize_kind(kind, reserved):
    if kind.startswith("keyword."):
        return "keyword" if kind[len("keyword."):] in reserved else "identifier"
    if kind in OPERATOR_KINDS:
        return "operator"
    if kind in POUND_KEYWORDS:
        return "poundKeyword"
    return RENAMED.get(kind, kind)


def deliberate(a, b, data, lexer, zones):
    """The reason tablint differs here on purpose, or None. `lexer` maps the ranges of the raw
    lexer's tokens to their (normalized) kinds; `zones` are the unclosed-regex ranges."""
    # At the end of a file that stops inside an interpolation, SwiftSyntax files the trailing
    # whitespace as string text; tablint as whitespace in the interpolation's code.
    if not b and all(k == "stringSegment" for k, _, _ in a) and a[-1][2] == len(data) \
            and not data[a[0][1]:].strip():
        return "trailing whitespace of a file ending inside an interpolation: string text to SwiftSyntax"
    # Where an expression must follow, the compiler opens a regex at a `/` even when nothing on
    # the line closes it (`x = /` or `x = !/` then a line break or the end of the file), only
    # to report it; tablint reads an operator and lexes the rest of the line as code.
    if any(k in ("regexSlash", "regexPattern") and any(zs <= s < ze for zs, ze in zones) for k, s, _ in a):
        return "a `/` that nothing closes on its line: an (invalid) regex to the compiler, an operator to tablint"
    # A hex literal and `.` at the very end of the file (`0x1.`, `0xff.d`): the compiler's lexer
    # keeps them together as an invalid literal, since no exponent can follow any more.
    if [k for k, _, _ in a] == ["integerLiteral"] and a[0][2] == len(data) and data[a[0][1]:a[0][1] + 2] == b"0x":
        return "a hex literal and `.` at the end of the file: one invalid literal to the compiler"
    if len(b) != 1:
        return None
    kind, start, end = b[0]
    # `0x1.8` (a hex fraction with no exponent) is invalid; the compiler's lexer itself reads it
    # as one token or as `0x1` `.` `8` depending on what else is in the file.
    if kind == "integerLiteral" and b"." in data[start:end] and data[start:start + 2] == b"0x":
        return "an invalid hex fraction without exponent (`0x1.8`): one invalid literal"
    if lexer.get((start, end)) != kind:
        return None
    # The compiler's lexer reads one token here; its parser then splits it by grammar. tablint
    # stays with the lexer.
    if len(a) > 1 and a[0][1] == start and a[-1][2] == end:
        if kind == "operator":
            return "one operator to the lexer, split by the parser (`>>` closing generics, `<>`)"
        if kind == "floatLiteral" and [k for k, _, _ in a] == ["integerLiteral", "period", "integerLiteral"]:
            return "one float literal to the lexer, a version tuple to the parser (`macOS 11.0`)"
        return f"one {kind} to the lexer, split by the parser (error recovery)"
    return None


def deliberate_name(a, b, data, previous):
    """Kind-only differences: reserved words the parser decides by grammar, trivia kinds."""
    if len(a) != 1 or len(b) != 1 or a[0][1:] != b[0][1:]:
        return None
    if a[0][0] == "unexpected" and b[0][0] == "conflictMarker":
        return "a merge-conflict region is unexpected text to SwiftSyntax; tablint names it"
    if a[0][0] == "identifier" and b[0][0] == "keyword":
        return "a reserved word the parser reads as a name by grammar (argument label `in:`, `for:`)"
    if a[0][0] == "keyword" and b[0][0] == "identifier" and previous == "period":
        return "a reserved word after `.` is a member name, except inside @_effects(...) to the parser"
    return None


def deliberate_pair(a, b):
    """Differences in how many pieces a construct is."""
    if [k for k, _, _ in a] == ["colonColon"] and [k for k, _, _ in b] == ["colon", "colon"]:
        return "`::` (module selectors, experimental) is one token to SwiftSyntax, two colons to tablint"
    return None


def deliberate_recovery(a, b, lexer):
    """A difference where the compiler's own lexer agrees with tablint piece for piece: the
    parser re-kinded or re-cut the tokens while recovering from an error (`#sourceLocation(fil`
    at the end of a file, a `\\#` it files as string text after an unclosed literal)."""
    if not a or not b:
        return None
    low = min(a[0][1], b[0][1])
    high = max(a[-1][2], b[-1][2])
    in_span = {(s, e): k for (s, e), k in lexer.items() if low <= s and e <= high and e > s}
    # The lexer's output holds no comment ranges, so tablint's comments are left out.
    if in_span == {(s, e): k for k, s, e in b if k not in TABLINT_COMPARED_TRIVIA}:
        return "changed by the parser in error recovery; the compiler's lexer agrees with tablint"
    return None


def signature(a, b, data):
    if [s[1:] for s in a] == [s[1:] for s in b]:
        names = {"keyword", "identifier"}
        words = " ".join(repr(data[x[1]:x[2]].decode(errors="replace")) for x in a if x[0] in names)
        return "kind: " + " ".join(f"{x[0]}->{y[0]}" for x, y in zip(a, b)) + (f" {words}" if words else "")
    return "oracle [" + " ".join(k for k, _, _ in a) + "] vs tablint [" + " ".join(k for k, _, _ in b) + "]"


def show(data, pieces):
    return " ".join(f"{k}{data[s:e][:40]!r}@{s}" for k, s, e in pieces[:6]) + (" …" if len(pieces) > 6 else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--corpus", action="store_true")
    parser.add_argument("--oracle", default="/tmp/oracle/tokens-oracle")
    parser.add_argument("--tablint", default=newest_tablint_tokens())
    parser.add_argument("--cache", default="/tmp/tablint-oracle-cache")
    parser.add_argument("--examples", type=int, default=3)
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--truncations", type=int, default=0, metavar="N")
    parser.add_argument("--soups", type=int, default=0, metavar="N")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    paths = list(args.files) + (corpus_files() if args.corpus else [])
    if args.truncations > 0:
        directory = tempfile.mkdtemp(prefix="oracle-diff-truncations-")
        for path in args.files:
            with open(path, "rb") as f:
                data = f.read()
            stem = os.path.splitext(os.path.basename(path))[0]
            for end in range(1, len(data), args.truncations):
                truncated = os.path.join(directory, f"{stem}-{end:06d}.swift")
                with open(truncated, "wb") as f:
                    f.write(data[:end])
                paths.append(truncated)
    if not paths and args.soups <= 0:
        parser.error("no files (give FILE..., --corpus or --soups N)")
    if args.soups > 0:
        paths += write_soups(args.soups, args.seed)
    reserved = reserved_words()
    oracle_out = oracle_lines(args.oracle, args.cache, paths, "--trivia")
    lexer_out = oracle_lines(args.oracle, args.cache, paths, "--lexer")
    tablint_out = run_batched([args.tablint, "--trivia"], paths)

    real = defaultdict(list)
    on_purpose = defaultdict(list)
    agreeing_files = agreeing_tokens = total_tokens = 0
    skipped = [p for p in paths if oracle_out[p] is None or lexer_out[p] is None]
    not_utf8 = [p for p in paths if p not in skipped and not is_utf8(p)]
    paths = [p for p in paths if p not in skipped and p not in not_utf8]
    for path in paths:
        with open(path, "rb") as f:
            data = f.read()
        oracle = normalize_oracle(parse(oracle_out[path]), reserved)
        tablint = normalize_tablint(parse(tablint_out[path]))
        lexer_pieces = merge_segments([(normalize_kind(k, reserved), s, e) for k, s, e in parse(lexer_out[path])
                                       if not k.startswith("trivia.")])
        lexer = {(s, e): k for k, s, e in lexer_pieces}
        total_tokens += len(oracle)
        differing = 0
        real_here = 0
        zones = unclosed_regex_zones(oracle)
        kinds_before = {}
        for index, piece in enumerate(tablint):
            kinds_before[piece[1]] = tablint[index - 1][0] if index else None
        for a, b in align(oracle, tablint):
            differing += len(a)
            reason = deliberate(a, b, data, lexer, zones) or \
                (deliberate_name(a, b, data, kinds_before.get(b[0][1])) if b else None) or \
                deliberate_recovery(a, b, lexer) or deliberate_pair(a, b)
            if reason:
                on_purpose[reason].append((path, a, b, data))
            else:
                real_here += 1
                real[signature(a, b, data)].append((path, a, b, data))
        agreeing_tokens += len(oracle) - differing
        agreeing_files += real_here == 0

    def report(groups, title):
        print(f"== {title}: {sum(len(v) for v in groups.values())} place(s)")
        for key, cases in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            print(f"  {len(cases):6d}  {key}")
            for path, a, b, data in cases[:args.examples]:
                print(f"          {os.path.basename(os.path.dirname(path))}/{os.path.basename(path)}")
                print(f"            oracle : {show(data, a)}")
                print(f"            tablint: {show(data, b)}")

    if args.all or not real:
        report(on_purpose, "deliberate differences")
    else:
        print(f"== deliberate differences: {sum(len(v) for v in on_purpose.values())} place(s) (--all to list)")
    report(real, "real differences")
    for path in skipped:
        print(f"skipped (the oracle crashes on it): {path}")
    if not_utf8:
        print(f"skipped {len(not_utf8)} file(s) that are not UTF-8 (SwiftSyntax repairs the text, so its offsets"
              f" drift): {', '.join(os.path.basename(p) for p in not_utf8[:5])}{' …' if len(not_utf8) > 5 else ''}")
    print(f"files: {agreeing_files}/{len(paths)} agree (deliberate differences aside); "
          f"tokens: {agreeing_tokens}/{total_tokens} identical in kind and range")
    return 1 if real else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Times `tablint lsp` the way an editor uses it, through its standard input and output.

- didChange -> publishDiagnostics: the time from writing a `textDocument/didChange` (one
  character typed, then taken back, in turn) to reading the `publishDiagnostics` of that
  version, for a 2,000-line matrix file (`*.tb.swift`, one `Table` literal) in a workspace of
  100 more files (20 small machines, each as matrix, enums, `Cells` protocol, implementation and
  dispatcher in files of their own, so every change runs the cross-file step over 101 files) and
  a 20,000-line ordinary Swift file; p50 and p95 over the edits. Target: p95 under 10 ms.
- memory: the server's resident set after indexing the toolchain's `.swiftinterface` files (as
  `.swift` files of a workspace folder), read from /proc.

Usage: Scripts/bench-lsp.py [--tablint PATH] [--edits N]   (default: .build/release/tablint)
Build first: swift build -c release --product tablint
"""

import argparse
import json
import os
import pathlib
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPOSITORY = pathlib.Path(__file__).resolve().parents[1]


class Server:
    def __init__(self, binary, root):
        self.process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=root)
        self.next_id = 1
        self.root = root

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        request_id = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == request_id and "method" not in message:
                return message

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_for(self, predicate):
        while True:
            message = self.read()
            if predicate(message):
                return message

    def initialize(self):
        self.request("initialize", {"capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16"]}},
                                    "rootUri": "file://" + str(self.root)})
        self.notify("initialized", {})
        return self.wait_for(lambda m: m.get("method") == "window/logMessage" and "indexed" in m["params"]["message"])

    def rss_kib(self):
        status = pathlib.Path(f"/proc/{self.process.pid}/status").read_text()
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.process.wait(timeout=30)


def matrix_file(lines):
    rows = lines - 11  # 7 lines before the rows, 4 after
    actions = ["Start", "Stop", "Tick", "Cancel", "Retry", "Reset"]
    states = [f"S{i}" for i in range(rows)]
    rng = random.Random(15)
    cells = []
    for index in range(rows):
        row = []
        for _ in actions:
            kind = rng.randrange(4)
            row.append('.go(target: "%s", effects: [])' % states[rng.randrange(rows)] if kind == 0
                       else [".ignore", ".handle", ".unreachable"][kind - 1])
        cells.append(row)
    widths = [max(len(row[c]) for row in cells) for c in range(len(actions))]
    text = ["// swift-format-ignore-file", "extension Big {", "    static let TABLE = Table(",
            '        machine: "Big",',
            "        states: [" + ", ".join(f'"{s}"' for s in states) + "],",
            "        actions: [" + ", ".join(f'"{a}"' for a in actions) + "],", "        cells: ["]
    for row in cells:
        text.append("            [" + " ".join((cell + ",").ljust(widths[i] + 1) for i, cell in enumerate(row)).rstrip().rstrip(",") + "],")
    text += ["        ],", '        initial: "S0"', "    )", "}", ""]
    return "\n".join(text)


def ordinary_file(lines):
    text = ["import Foundation", ""]
    index = 0
    while len(text) < lines:
        text += [f"/// Item number {index}.", f"struct Item{index}: Equatable {{", f"    var name = \"item {index}\"",
                 "    var count = 0", "    func doubled() -> Int {", "        let values = [count, count * 2, count + 3]",
                 "        return values.reduce(0, +) // sum", "    }", "}", ""]
        index += 1
    return "\n".join(text[:lines]) + "\n"


def small_machine(index):
    """Five files of one small machine whose surfaces agree, as a team splits them."""
    name = f"M{index}"
    return {
        f"{name}/{name}.tb.swift": "\n".join([
            "// swift-format-ignore-file", f"let {name.upper()}_TABLE = Table(", f'    machine: "{name}",',
            '    states: ["Idle", "Running"],', '    actions: ["Start", "Stop"],', "    cells: [",
            '        [.go(target: "Running", effects: ["Ring"]), .ignore],',
            '        [.ignore,                                  .handle],', "    ],", '    initial: "Idle"', ")", ""]),
        f"{name}/{name}+Enums.swift": f"enum {name}S {{ case idle, running }}\nenum {name}A {{ case start, stop }}\n"
                                     f"enum {name}F {{ case ring }}\nfinal class {name}Ctx {{}}\n",
        f"{name}/{name}Cells.swift": f"protocol {name}Cells {{\n    func runningStop(_ ctx: {name}Ctx) -> Step<{name}S, {name}F>\n"
                                    f"    func ring(_ ctx: {name}Ctx) -> {name}A?\n}}\n",
        f"{name}/{name}Impl.swift": f"struct {name}Impl: {name}Cells {{\n    func runningStop(_ ctx: {name}Ctx) -> Step<{name}S, {name}F> {{ .go(.idle, effects: []) }}\n"
                                   f"    func ring(_ ctx: {name}Ctx) -> {name}A? {{ nil }}\n}}\n",
        f"{name}/{name}+Step.swift": "\n".join([
            f"func {name.lower()}Step(_ c: {name}Cells, _ ctx: {name}Ctx, _ s: {name}S, _ a: {name}A) -> Step<{name}S, {name}F> {{",
            "    switch (s, a) {", "    case (.idle, .start): return .go(.running, effects: [.ring])",
            "    case (.idle, .stop): return .ignored", "    case (.running, .start): return .ignored",
            "    case (.running, .stop): return c.runningStop(ctx)", "    }", "}", "",
            f"func {name.lower()}Perform(_ c: {name}Cells, _ ctx: {name}Ctx, _ f: {name}F) -> {name}A? {{",
            "    switch f {", "    case .ring: return c.ring(ctx)", "    }", "}", ""]),
    }


def time_edits(binary, root, name, text, edits, edit_line, neighbours=0):
    for index in range(neighbours // 5):
        for relative, contents in small_machine(index).items():
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            (root / relative).write_text(contents)
    path = root / name
    path.write_text(text)
    server = Server(binary, root)
    server.initialize()
    uri = "file://" + str(path)
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})
    server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
    column = len(text.split("\n")[edit_line])
    timings = []
    for version in range(2, edits + 2):
        at = {"line": edit_line, "character": column}
        change = ({"range": {"start": at, "end": at}, "text": " "} if version % 2 == 0 else
                  {"range": {"start": at, "end": {"line": edit_line, "character": column + 1}}, "text": ""})
        started = time.perf_counter()
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
        server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                        and m["params"]["uri"] == uri and m["params"].get("version") == version)
        timings.append((time.perf_counter() - started) * 1000)
    server.close()
    timings.sort()
    return statistics.median(timings), timings[int(round(0.95 * (len(timings) - 1)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tablint", default=str(REPOSITORY / ".build" / "release" / "tablint"))
    parser.add_argument("--edits", type=int, default=200)
    arguments = parser.parse_args()
    binary = os.path.realpath(arguments.tablint)
    met = True
    with tempfile.TemporaryDirectory() as scratch:
        root = pathlib.Path(scratch)
        for name, text, line, neighbours in [("Big.tb.swift", matrix_file(2000), 1000, 100),
                                             ("Ordinary.swift", ordinary_file(20000), 10000, 0)]:
            work = root / name.split(".")[0]
            work.mkdir()
            p50, p95 = time_edits(binary, work, name, text, arguments.edits, line, neighbours)
            ok = p95 < 10
            met = met and ok
            beside = f", beside {neighbours} files of 20 machines" if neighbours else ""
            print(f"didChange -> publishDiagnostics, {name} ({len(text.splitlines())} lines{beside}): "
                  f"p50 {p50:.1f} ms, p95 {p95:.1f} ms (target p95 < 10 ms: {'ok' if ok else 'MISSED'})")
        corpus = root / "interfaces"
        corpus.mkdir()
        swift = shutil.which("swift")
        toolchain = pathlib.Path(os.path.realpath(swift)).parent.parent
        interfaces = sorted(toolchain.rglob("*.swiftinterface"))
        size = 0
        for index, interface in enumerate(interfaces):
            target = corpus / f"{index:04d}-{interface.stem}.swift"
            shutil.copyfile(interface, target)
            size += target.stat().st_size
        server = Server(binary, corpus)
        started = time.perf_counter()
        log = server.initialize()
        seconds = time.perf_counter() - started
        rss, peak = server.rss_kib()
        server.close()
        print(f"memory after indexing the toolchain's {len(interfaces)} .swiftinterface files ({size / 1e6:.1f} MB) "
              f"in {seconds:.2f} s: resident {rss / 1024:.1f} MiB, peak {peak / 1024:.1f} MiB ({log['params']['message']})")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())

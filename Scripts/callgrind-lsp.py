#!/usr/bin/env python3
"""Instructions per didChange -> publishDiagnostics: callgrind over N edits of `bench-lsp.py`'s
2,000-line matrix beside 100 files of 20 machines, with instrumentation switched on only after the
first publish (indexing and the first lint are left out). Writes OUT (callgrind) and
OUT.published.json (every published diagnostic, to compare two builds). Divide the total by N.

Usage: Scripts/callgrind-lsp.py TABLINT OUT [EDITS]   (EDITS default 20; needs valgrind)"""
import importlib.util, os, pathlib, subprocess, sys, tempfile, time
spec = importlib.util.spec_from_file_location("bench", pathlib.Path(__file__).resolve().parent / "bench-lsp.py")
bench = importlib.util.module_from_spec(spec); spec.loader.exec_module(bench)
binary, out = sys.argv[1], sys.argv[2]
edits = int(sys.argv[3]) if len(sys.argv) > 3 else 20
with tempfile.TemporaryDirectory() as scratch:
    root = pathlib.Path(scratch)
    wrapper = root / "wrapped.sh"
    wrapper.write_text(f'#!/bin/sh\nexec valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file={out} {binary} "$@"\n')
    wrapper.chmod(0o755)
    work = root / "Big"; work.mkdir()
    for index in range(20):
        for relative, contents in bench.small_machine(index).items():
            (work / relative).parent.mkdir(parents=True, exist_ok=True)
            (work / relative).write_text(contents)
    text = bench.matrix_file(2000)
    path = work / "Big.tb.swift"; path.write_text(text)
    server = bench.Server(str(wrapper), work)
    server.initialize()
    uri = "file://" + str(path)
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})
    server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
    subprocess.run(["callgrind_control", "-i", "on", str(server.process.pid)], check=True, capture_output=True)
    edit_line = 1000
    column = len(text.split("\n")[edit_line])
    published = []
    for version in range(2, edits + 2):
        at = {"line": edit_line, "character": column}
        change = ({"range": {"start": at, "end": at}, "text": " "} if version % 2 == 0 else
                  {"range": {"start": at, "end": {"line": edit_line, "character": column + 1}}, "text": ""})
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
        message = server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                        and m["params"]["uri"] == uri and m["params"].get("version") == version)
        published.append(message)
    subprocess.run(["callgrind_control", "-i", "off", str(server.process.pid)], capture_output=True)
    server.close()
    import json
    (pathlib.Path(out).with_name(pathlib.Path(out).name + ".published.json")).write_text(json.dumps([m["params"]["diagnostics"] for m in published]))

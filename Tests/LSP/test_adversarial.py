"""`tablint lsp` against what real clients do that the happy path does not: odd framing, and
requests whose answer depends on files that are not open."""

import json
import subprocess

from pytest_lsp import LanguageClient

from conftest import TABLINT, initialize, open_document
from test_server import frame, hover_text, position_of, responses


async def test_hover_on_a_dispatcher_arm_counts_the_payloads_of_the_matrix_file(client: LanguageClient, workspace):
    # Only the dispatcher is open: its matrix, and the `enum S`/`enum A` whose cases carry the
    # payloads, are in TimerTable.tb.swift, which the server read from the workspace.
    await initialize(client, workspace)
    step_path = workspace / "Drift" / "TimerStep.swift"
    step = open_document(client, step_path)
    line, character = position_of(step_path.read_text(), "c.runningTick")
    text = await hover_text(client, step, line, character)
    assert text.startswith("(Running, Tick): HANDLE — requires runningTick(_:_:_:)\n"), text
    assert text.endswith("agrees with the matrix"), text


def test_header_lines_ending_in_a_line_feed_and_a_misframed_body_cost_only_themselves(workspace):
    def request(number, method):
        return json.dumps({"jsonrpc": "2.0", "id": number, "method": method}).encode()

    initialize_request = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
    unknown = request(2, "tablint/unknown")
    data = (frame(initialize_request)
            + b"Content-Length: %d\n\n" % len(unknown) + unknown  # `\n` instead of `\r\n`
            + b"Content-Length: 10\r\n\r\n" + request(3, "tablint/unknown")  # a length too short
            + frame({"jsonrpc": "2.0", "id": 4, "method": "shutdown"})
            + frame({"jsonrpc": "2.0", "method": "exit"}))
    result = subprocess.run([TABLINT, "lsp"], input=data, capture_output=True, timeout=30, cwd=workspace)
    answers = [m for m in responses(result.stdout) if "id" in m]
    assert [m["id"] for m in answers if m["id"] is not None] == [1, 2, 4]
    assert answers[-1] == {"jsonrpc": "2.0", "id": 4, "result": None}
    assert result.returncode == 0


# A big matrix typed into: its rows are read on every core and its format plan on a second
# core (parallelMap in TableLiteralReader.readRows, Linter.check); what the editor shows must still be
# the first unreadable row, at its column counted in UTF-16 past non-ASCII names, and the
# formatting must still be what `tablint --fix` writes once the rows read again.


def big_matrix(rows: int) -> str:
    names = [f"Été{index}😀" for index in range(rows)]
    lines = [
        "// swift-format-ignore-file", "extension Big {", "    static let TABLE = Table(", '        machine: "Big",',
        "        states: [" + ", ".join(f'"{name}"' for name in names) + "],",
        '        actions: ["Start", "Tick", "Stop"],', "        cells: [",
    ]
    lines += [f'            [.go(target: "{names[(index + 1) % rows]}", effects: []), {".handle" if index % 2 else ".ignore"}, .handle],' for index in range(rows)]
    lines += ["        ],", f'        initial: "{names[0]}"', "    )", "}", ""]
    return "\n".join(lines)


async def test_typing_unreadable_rows_into_a_big_matrix_and_out_again(client: LanguageClient, workspace):
    from conftest import apply_edits, change_document, wait_for_diagnostics, units
    from lsprotocol import types
    from test_server import document

    await initialize(client, workspace, encodings=("utf-16",))
    path = workspace / "Big.tb.swift"
    text = big_matrix(600)
    document_uri = open_document(client, path, text=text)
    await wait_for_diagnostics(client, document_uri, lambda found: [d.code for d in found] == ["tablint::alignment"])
    lines = text.split("\n")
    first_row = 7
    # `.ignore` becomes `foo()` on row 500, then on row 300: the one reported is row 300's.
    version = 1
    for row in (500, 300):
        line = lines[first_row + row]
        character = units(line[: line.rindex(".ignore")], "utf-16")
        at = lambda c: types.Position(line=first_row + row, character=c)
        version += 1
        change_document(client, document_uri, version, [(types.Range(start=at(character), end=at(character + 7)), "foo()")])
    found = await wait_for_diagnostics(
        client, document_uri, lambda found: any(d.code == "tablint::unreadable-matrix" and d.range.start.line == first_row + 300 for d in found))
    unreadable = [d for d in found if d.code == "tablint::unreadable-matrix"]
    assert [(d.range.start.line, d.range.start.character) for d in unreadable] == [(first_row + 300, character)], found
    # Undo both: the matrix reads again, and formatting is `tablint --fix`'s bytes.
    for row in (300, 500):
        line = lines[first_row + row]
        character = units(line[: line.rindex(".ignore")], "utf-16")
        at = lambda c: types.Position(line=first_row + row, character=c)
        version += 1
        change_document(client, document_uri, version, [(types.Range(start=at(character), end=at(character + 5)), ".ignore")])
    await wait_for_diagnostics(client, document_uri, lambda found: [d.code for d in found] == ["tablint::alignment"])
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=document(document_uri), options=types.FormattingOptions(tab_size=4, insert_spaces=True)))
    path.write_text(text)
    subprocess.run([TABLINT, "--fix", str(path)], cwd=workspace, capture_output=True)
    assert apply_edits(text, edits, "utf-16") == path.read_text()

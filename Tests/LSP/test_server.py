"""`tablint lsp` end to end: the binary, a pytest-lsp client, a workspace on disk."""

import asyncio
import json
import pathlib
import shutil
import subprocess

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import (
    TABLINT, apply_edits, change_document, codes, initialize, open_document, units, uri, wait_for_diagnostics,
)

ROW_ARITY = "tabular-center::row-arity"
DRIFT = "tablint::dispatcher-drift"


def document(document_uri):
    return types.TextDocumentIdentifier(uri=document_uri)


def whole(text):
    lines = text.split("\n")
    return types.Range(start=types.Position(line=0, character=0), end=types.Position(line=len(lines), character=0))


def fixed_by_cli(workspace, relative, text):
    """What `tablint --fix` writes for `text` at `relative` in the workspace."""
    path = workspace / relative
    path.write_text(text)
    subprocess.run([TABLINT, "--fix", str(path)], cwd=workspace, capture_output=True)
    return path.read_text()


# Lifecycle


async def test_initialize_negotiates_utf8_when_offered(client: LanguageClient, workspace):
    result = await initialize(client, workspace, encodings=("utf-16", "utf-8"), watch=True)
    assert result.capabilities.position_encoding == "utf-8"
    assert result.server_info.name == "tablint"
    assert result.capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert result.capabilities.inlay_hint_provider
    # A client that registers file watchers dynamically is asked for .tablint and source files.
    await asyncio.sleep(0.2)
    watchers = [w["globPattern"] for r in getattr(client, "registrations", []) for w in r.register_options["watchers"]]
    assert watchers == ["**/.tablint", "**/*", "**/*.swift", "**/*.tbl"]


async def test_initialize_falls_back_to_utf16(client: LanguageClient, workspace):
    result = await initialize(client, workspace, encodings=("utf-16",))
    assert result.capabilities.position_encoding == "utf-16"


async def test_shutdown_then_exit_is_status_0(client: LanguageClient, workspace):
    await initialize(client, workspace)
    await client.shutdown_session()
    assert client._server.returncode == 0
    client.capabilities = None  # the fixture's teardown has nothing left to shut down


async def test_unknown_method_is_method_not_found(client: LanguageClient, workspace):
    await initialize(client, workspace)
    with pytest.raises(Exception) as raised:
        await client.protocol.send_request_async("tablint/noSuchMethod", {})
    assert "-32601" in repr(raised.value) or "does not handle" in str(raised.value)


# Diagnostics


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
async def test_diagnostics_on_open_and_after_an_edit_with_non_ascii_text(client: LanguageClient, workspace, encoding):
    await initialize(client, workspace, encodings=(encoding,))
    path = workspace / "Broken.tb.swift"
    document_uri = open_document(client, path)
    found = await wait_for_diagnostics(client, document_uri, lambda d: ROW_ARITY in codes(d))
    arity = next(d for d in found if d.code == ROW_ARITY)
    assert (arity.range.start.line, arity.range.start.character) == (9, 12)
    assert arity.severity == types.DiagnosticSeverity.Error
    assert "has 2 cells, expected 3" in arity.message
    assert arity.related_information[0].location.range.start.line == 6
    assert arity.related_information[0].message == "the actions are declared here"

    # Insert a comment with non-ASCII text before the short row (an incremental change).
    prefix = "/* é — 😀 */ "
    at = types.Position(line=9, character=12)
    change_document(client, document_uri, 2, [(types.Range(start=at, end=at), prefix)])
    found = await wait_for_diagnostics(
        client, document_uri,
        lambda d: any(x.code == ROW_ARITY and x.range.start.character != 12 for x in d))
    arity = next(d for d in found if d.code == ROW_ARITY)
    assert arity.range.start.line == 9
    assert arity.range.start.character == 12 + units(prefix, encoding)


async def test_typing_the_missing_cell_clears_row_arity(client: LanguageClient, workspace):
    await initialize(client, workspace)
    document_uri = open_document(client, workspace / "Broken.tb.swift")
    await wait_for_diagnostics(client, document_uri, lambda d: ROW_ARITY in codes(d))
    line = (workspace / "Broken.tb.swift").read_text().split("\n")[9]
    end = types.Position(line=9, character=line.index("]"))
    for version, piece in enumerate([", ", ".ig", "nore"], start=2):
        change_document(client, document_uri, version, [(types.Range(start=end, end=end), piece)])
        end = types.Position(line=9, character=end.character + len(piece))
    await wait_for_diagnostics(client, document_uri, lambda d: ROW_ARITY not in codes(d))


async def test_untitled_documents_are_linted_by_language(client: LanguageClient, workspace):
    await initialize(client, workspace)
    tbl = (workspace / "Door.tbl").read_text()
    document_uri = open_document(client, None, language="tbl", text=tbl, document_uri="untitled:Untitled-1")
    found = await wait_for_diagnostics(client, document_uri, lambda d: len(d) > 0)
    assert "tabular-center::missing-row" in codes(found)


async def test_configuration_by_path_and_reloading_tablint(client: LanguageClient, workspace):
    (workspace / ".tablint").write_text("--disable row-arity\n")
    await initialize(client, workspace)
    document_uri = open_document(client, workspace / "Broken.tb.swift")
    found = await wait_for_diagnostics(client, document_uri)
    assert ROW_ARITY not in codes(found)
    (workspace / ".tablint").write_text("--exclude Door.tbl\n")
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=uri(workspace / ".tablint"), type=types.FileChangeType.Changed)]))
    await wait_for_diagnostics(client, document_uri, lambda d: ROW_ARITY in codes(d))
    door = open_document(client, workspace / "Door.tbl", language="tbl")
    found = await wait_for_diagnostics(client, door)
    assert len(found) == 0


async def test_cross_file_drift_appears_and_disappears_in_an_unopened_file(client: LanguageClient, workspace):
    await initialize(client, workspace)
    table = workspace / "Drift" / "TimerTable.tb.swift"
    step_uri = uri(workspace / "Drift" / "TimerStep.swift")
    table_uri = open_document(client, table)
    await wait_for_diagnostics(client, table_uri)
    assert not client.diagnostics.get(step_uri)
    text = table.read_text()
    row, start = position_of(text, '"Done"', occurrence=1, shift=0)
    done = types.Range(start=types.Position(line=row, character=start), end=types.Position(line=row, character=start + 6))
    change_document(client, table_uri, 2, [(done, '"Idle"')])
    found = await wait_for_diagnostics(client, step_uri, lambda d: DRIFT in codes(d))
    drift = next(d for d in found if d.code == DRIFT)
    assert drift.range.start.line == position_of((workspace / "Drift" / "TimerStep.swift").read_text(), "case (.running, .cancel)")[0]
    assert drift.related_information[0].location.uri == table_uri
    idle = types.Range(start=done.start, end=types.Position(line=row, character=start + 6))
    change_document(client, table_uri, 3, [(idle, '"Done"')])
    await wait_for_diagnostics(client, step_uri, lambda d: len(d) == 0)


# Formatting


@pytest.mark.parametrize("relative,language", [("Misaligned.tb.swift", "swift"), ("Misaligned.tbl", "tbl")])
async def test_formatting_is_what_fix_writes(client: LanguageClient, workspace, relative, language):
    if relative.endswith(".tbl"):
        (workspace / relative).write_text(
            "machine Lamp\ninitial Off\nstates Off On\nactions Press Unplug\n\nOff | GO(On) | IGNORE\nOn | GO(Off) | GO(Off)\n")
    await initialize(client, workspace, encodings=("utf-16",))
    text = (workspace / relative).read_text()
    document_uri = open_document(client, workspace / relative, language=language)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=document(document_uri), options=types.FormattingOptions(tab_size=4, insert_spaces=True)))
    assert edits
    formatted = apply_edits(text, edits, "utf-16")
    scratch = workspace / "scratch"
    scratch.mkdir()
    assert formatted == fixed_by_cli(workspace, "scratch/" + relative, text)
    assert formatted != text


async def test_range_formatting_touches_only_the_matrix_in_range(client: LanguageClient, workspace):
    await initialize(client, workspace)
    two = (workspace / "Misaligned.tb.swift").read_text() + "\n" + (workspace / "Misaligned.tb.swift").read_text().replace("Lamp", "Bulb")
    path = workspace / "Two.tb.swift"
    path.write_text(two)
    document_uri = open_document(client, path)
    last = two.split("\n").index("            [.go(target: \"Off\", effects: []), .go(target: \"Off\", effects: [])],", 12)
    edits = await client.text_document_range_formatting_async(types.DocumentRangeFormattingParams(
        text_document=document(document_uri), options=types.FormattingOptions(tab_size=4, insert_spaces=True),
        range=types.Range(start=types.Position(line=last, character=0), end=types.Position(line=last, character=5))))
    assert len(edits) == 1 and edits[0].range.start.line == last


async def test_refused_document_gets_no_edits_and_a_message(client: LanguageClient, workspace):
    await initialize(client, workspace)
    # An unterminated string: the whole file is refused (an unreadable matrix alone is skipped).
    text = (workspace / "Misaligned.tb.swift").read_text() + "let broken = \"oops\n"
    path = workspace / "Conflict.tb.swift"
    path.write_text(text)
    document_uri = open_document(client, path)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=document(document_uri), options=types.FormattingOptions(tab_size=4, insert_spaces=True)))
    assert not edits
    await asyncio.sleep(0.1)
    assert any("did not format" in m.message and "Conflict.tb.swift" in m.message for m in client.messages)


# Code actions


async def actions_at(client, document_uri, line, only=None):
    return await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document(document_uri),
        range=types.Range(start=types.Position(line=line, character=0), end=types.Position(line=line, character=0)),
        context=types.CodeActionContext(diagnostics=[], only=only)))


async def apply_action(client, document_uri, text, action, version, encoding="utf-8"):
    edits = action.edit.changes[document_uri]
    new_text = apply_edits(text, edits, encoding)
    change_document(client, document_uri, version, [(None, new_text)])
    return new_text


async def test_quickfix_and_fix_all_align_and_relint(client: LanguageClient, workspace):
    await initialize(client, workspace)
    path = workspace / "Misaligned.tb.swift"
    text = path.read_text()
    document_uri = open_document(client, path)
    await wait_for_diagnostics(client, document_uri, lambda d: "tablint::alignment" in codes(d))
    actions = await actions_at(client, document_uri, 9)
    fix = next(a for a in actions if a.kind == "quickfix" and a.title.startswith("Fix tablint::alignment"))
    assert fix.is_preferred
    new_text = await apply_action(client, document_uri, text, fix, 2)
    await wait_for_diagnostics(client, document_uri, lambda d: "tablint::alignment" not in codes(d))
    assert new_text == fixed_by_cli(workspace, "Again.tb.swift", text)
    fix_all = await actions_at(client, document_uri, 0, only=["source.fixAll"])
    assert not fix_all  # nothing left to fix


async def test_fix_all_source_action(client: LanguageClient, workspace):
    await initialize(client, workspace)
    path = workspace / "Misaligned.tb.swift"
    document_uri = open_document(client, path)
    actions = await actions_at(client, document_uri, 0, only=["source.fixAll.tablint"])
    assert [a.kind for a in actions] == ["source.fixAll.tablint"]
    assert apply_edits(path.read_text(), actions[0].edit.changes[document_uri], "utf-8") == fixed_by_cli(
        workspace, "Copy.tb.swift", path.read_text())


@pytest.mark.parametrize("relative,line", [("Broken.tb.swift", 9), ("Spec.swift", 9), ("Turnstile.swift", 9), ("Door.tbl", 7)])
async def test_suppress_on_this_line(client: LanguageClient, workspace, relative, line):
    await initialize(client, workspace)
    path = workspace / relative
    text = path.read_text()
    language = "tbl" if relative.endswith(".tbl") else "swift"
    document_uri = open_document(client, path, language=language)
    found = await wait_for_diagnostics(client, document_uri, lambda d: len(d) > 0)
    code = found[0].code
    actions = await actions_at(client, document_uri, found[0].range.start.line)
    suppress = next(a for a in actions if a.title == f"Suppress {code} on this line")
    new_text = await apply_action(client, document_uri, text, suppress, 2)
    # That diagnostic is gone (others of its code may stand on other lines), and nothing is unused.
    line_of = found[0].range.start.line
    await wait_for_diagnostics(client, document_uri, lambda d: not any(
        x.code == code and x.range.start.line == line_of for x in d) and "tablint::unused-suppression" not in codes(d))
    new_lines = new_text.split("\n")
    if relative == "Turnstile.swift":
        # Never between the column header and its row.
        row = next(i for i, l in enumerate(new_lines) if "@Row(.locked)" in l)
        assert new_lines[row - 1].strip().startswith("//") and "coin" in new_lines[row - 1]
    if relative == "Spec.swift":
        # Around the literal, not inside it.
        short = code.split("::")[-1]
        assert f"tablint:disable {short}" in new_lines[2] and '"""' in new_lines[3]
        assert f"tablint:enable {short}" in new_lines[12]


# Hover and definition


async def hover_text(client, document_uri, line, character):
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=document(document_uri), position=types.Position(line=line, character=character)))
    return hover.contents.value if hover else None


def position_of(text, needle, occurrence=0, shift=1):
    lines = text.split("\n")
    seen = 0
    for number, line in enumerate(lines):
        index = line.find(needle)
        while index >= 0:
            if seen == occurrence:
                return number, index + shift
            seen += 1
            index = line.find(needle, index + 1)
    raise AssertionError(f"{needle!r} not found")


async def test_hover_on_every_surface(client: LanguageClient, workspace):
    await initialize(client, workspace)
    table_path = workspace / "Drift" / "TimerTable.tb.swift"
    table = open_document(client, table_path)
    line, character = position_of(table_path.read_text(), ".handle")
    text = await hover_text(client, table, line, character)
    assert text.split("\n")[0] == "(Running, Tick): HANDLE — requires runningTick(_:_:_:)"
    # Then what its implementations return: none is in the workspace.
    assert text.split("\n")[1].startswith("What its implementations return is unknown: ")
    line, character = position_of(table_path.read_text(), ".go(target: \"Done\"")
    assert (await hover_text(client, table, line, character)).startswith("(Running, Cancel): GO(Done) — moves to Done, emitting StopClock")

    turnstile_path = workspace / "Turnstile.swift"
    turnstile = open_document(client, turnstile_path)
    line, character = position_of(turnstile_path.read_text(), ".handle")
    assert (await hover_text(client, turnstile, line, character)).split("\n")[0] == "(unlocked, push): HANDLE — requires unlockedPush(_:)"

    door_path = workspace / "Door.tbl"
    door = open_document(client, door_path, language="tbl")
    line, character = position_of(door_path.read_text(), "GO(Locked)")
    assert await hover_text(client, door, line, character) == "(Shut, Lock): GO(Locked) — moves to Locked"

    spec_path = workspace / "Spec.swift"
    spec = open_document(client, spec_path)
    line, character = position_of(spec_path.read_text(), "GO(Shut)")
    assert await hover_text(client, spec, line, character) == "(Open, Push): GO(Shut) — moves to Shut"

    step_path = workspace / "Drift" / "TimerStep.swift"
    step = open_document(client, step_path)
    line, character = position_of(step_path.read_text(), "case (.running, .cancel)")
    text = await hover_text(client, step, line, character)
    assert text.startswith("(Running, Cancel): GO(Done)") and text.endswith("agrees with the matrix")
    line, character = position_of(step_path.read_text(), "case (.done, .cancel)")
    change_document(client, table, 2, [(None, table_path.read_text().replace(
        '.ignore, .ignore],\n        ],', '.ignore, .unreachable],\n        ],'))])
    text = await hover_text(client, step, line, character)
    assert text.startswith("(Done, Cancel): UNREACHABLE") and text.endswith("DISAGREES with the matrix")


async def test_hover_on_a_state_shows_the_shortest_sequence_that_reaches_it(client: LanguageClient, workspace):
    await initialize(client, workspace)
    table_path = workspace / "Drift" / "TimerTable.tb.swift"
    table = open_document(client, table_path)
    line, character = position_of(table_path.read_text(), '"Done"')
    assert await hover_text(client, table, line, character) == (
        "`Done`: reached from `Idle` in 2 actions: Start, Cancel\n"
        "  1. Start: Idle → Running, emitting StartClock\n"
        "  2. Cancel: Running → Done, emitting StopClock")
    line, character = position_of(table_path.read_text(), 'initial: "Idle"', shift=11)
    assert await hover_text(client, table, line, character) == "`Idle`: the initial state"


async def definitions(client, document_uri, line, character):
    found = await client.text_document_definition_async(types.DefinitionParams(
        text_document=document(document_uri), position=types.Position(line=line, character=character)))
    return [(l.uri, l.range.start.line, l.range.start.character) for l in found or []]


async def test_definition_on_every_surface(client: LanguageClient, workspace):
    await initialize(client, workspace)
    table_path = workspace / "Drift" / "TimerTable.tb.swift"
    table_text = table_path.read_text()
    table = open_document(client, table_path)
    line, character = position_of(table_text, '"Running"', occurrence=1)
    assert await definitions(client, table, line, character) == [
        (table, *position_of(table_text, '"Running"', shift=0)), (table, 13, 12)]

    door_path = workspace / "Door.tbl"
    door_text = door_path.read_text()
    door = open_document(client, door_path, language="tbl")
    line, character = position_of(door_text, "GO(Open)", shift=3)
    assert await definitions(client, door, line, character) == [
        (door, *position_of(door_text, "Open", occurrence=0, shift=0)), (door, 7, 0)]

    turnstile_path = workspace / "Turnstile.swift"
    turnstile_text = turnstile_path.read_text()
    turnstile = open_document(client, turnstile_path)
    line, character = position_of(turnstile_text, ".go(.unlocked", shift=6)
    assert await definitions(client, turnstile, line, character) == [
        (turnstile, *position_of(turnstile_text, "unlocked", shift=0)), (turnstile, 10, 35)]
    line, character = position_of(turnstile_text, "@Row(.unlocked)", shift=7)
    assert await definitions(client, turnstile, line, character) == [
        (turnstile, *position_of(turnstile_text, "unlocked", shift=0)), (turnstile, 10, 35)]

    step_path = workspace / "Drift" / "TimerStep.swift"
    step_text = step_path.read_text()
    step = open_document(client, step_path)
    line, character = position_of(step_text, "(.idle, .start)", shift=2)
    assert await definitions(client, step, line, character) == [
        (table, *position_of(table_text, '"Idle"', shift=0)), (table, 12, 12)]
    line, character = position_of(step_text, "(.idle, .start)", shift=10)
    assert await definitions(client, step, line, character) == [(table, *position_of(table_text, '"Start"', shift=0))]


# Inlay hints


async def hints(client, document_uri, first, last):
    found = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=document(document_uri),
        range=types.Range(start=types.Position(line=first, character=0), end=types.Position(line=last, character=0))))
    return [(h.position.line, h.position.character, h.label) for h in found or []]


async def test_inlay_hints_name_each_cells_action_and_can_be_turned_off(client: LanguageClient, workspace):
    await initialize(client, workspace)
    path = workspace / "Broken.tb.swift"
    document_uri = open_document(client, path)
    assert await hints(client, document_uri, 9, 10) == [(9, 13, "Start:"), (9, 62, "Tick:")]
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"tablint": {"inlayHints": False}}))
    assert not await hints(client, document_uri, 0, 20)


async def test_inlay_hints_off_by_initialization_options(client: LanguageClient, workspace):
    await initialize(client, workspace, options={"inlayHints": False})
    document_uri = open_document(client, workspace / "Broken.tb.swift")
    assert not await hints(client, document_uri, 0, 20)


# Malformed input, with a raw pipe (a real client never sends it)


def frame(message) -> bytes:
    body = json.dumps(message).encode() if not isinstance(message, bytes) else message
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def responses(output: bytes):
    found = []
    while output:
        header, _, rest = output.partition(b"\r\n\r\n")
        length = int(header.split(b":")[1])
        found.append(json.loads(rest[:length]))
        output = rest[length:]
    return found


def test_malformed_frames_are_answered_and_the_server_keeps_going(workspace):
    initialize_request = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
    data = (frame(initialize_request)
            + frame(b"{not json")
            + b"Content-Type: text/plain\r\n\r\n"  # no Content-Length
            + frame([])  # an empty JSON-RPC batch: one InvalidRequest
            + frame({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": 5}})
            + frame({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
            + frame({"jsonrpc": "2.0", "method": "exit"}))
    result = subprocess.run([TABLINT, "lsp"], input=data, capture_output=True, timeout=30, cwd=workspace)
    assert result.returncode == 0
    answers = [m for m in responses(result.stdout) if "id" in m]
    assert answers[0]["id"] == 1 and "capabilities" in answers[0]["result"]
    errors = [m["error"]["code"] for m in answers if "error" in m]
    assert errors == [-32700, -32700, -32600, -32602]
    assert answers[-1] == {"jsonrpc": "2.0", "id": 3, "result": None}


def test_an_oversized_frame_is_refused_unread_and_exit_without_shutdown_is_1(workspace):
    data = b"Content-Length: 99999999999\r\n\r\n" + b"x" * 1000
    result = subprocess.run([TABLINT, "lsp"], input=data, capture_output=True, timeout=30, cwd=workspace)
    assert result.returncode == 1
    answers = responses(result.stdout)
    assert any(m.get("error", {}).get("code") == -32600 and m["id"] is None for m in answers)
    result = subprocess.run([TABLINT, "lsp"], input=frame({"jsonrpc": "2.0", "method": "exit"}), capture_output=True, timeout=30)
    assert result.returncode == 1 and result.stdout == b""


# JSON-RPC ids, batches, and untitled names (raw pipes where a real client would not go)


def run_raw(workspace, *messages):
    """The frames `tablint lsp` writes for `messages` (dicts, lists or raw bodies), and its status."""
    result = subprocess.run([TABLINT, "lsp"], input=b"".join(frame(m) for m in messages),
                            capture_output=True, timeout=30, cwd=workspace)
    return result.stdout, result.returncode


INITIALIZE = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}}
SHUTDOWN_EXIT = ({"jsonrpc": "2.0", "id": "bye", "method": "shutdown"}, {"jsonrpc": "2.0", "method": "exit"})


def test_request_ids_come_back_exactly_as_sent(workspace):
    integer_ids = [9007199254740993, 9223372036854775807, -9223372036854775808, -1, 0, 2**53 + 1]
    string_ids = ["abc", "é 😀 \"quoted\" \\ \u2028", "9007199254740993", ""]
    requests = [{"jsonrpc": "2.0", "id": i, "method": "tablint/unknown"} for i in integer_ids + string_ids]
    output, status = run_raw(workspace, {**INITIALIZE, "id": 9007199254740993}, *requests, *SHUTDOWN_EXIT)
    assert status == 0
    answers = [m for m in responses(output) if "id" in m]
    assert [m["id"] for m in answers] == [9007199254740993] + integer_ids + string_ids + ["bye"]
    assert "capabilities" in answers[0]["result"]
    assert all(m["error"]["code"] == -32601 for m in answers[1:-1])
    # The digits themselves, not a float that reads back as the same number in Python.
    assert b'"id":9007199254740993,' in output and b'"id":-9223372036854775808,' in output


@pytest.mark.parametrize("written", [b"1.5", b"1e2", b"1.0", b"-0", b"9223372036854775808", b"true", b"null", b"[1]"])
def test_a_request_id_that_cannot_come_back_unchanged_is_invalid_request_with_a_null_id(workspace, written):
    body = b'{"jsonrpc":"2.0","id":' + written + b',"method":"tablint/unknown"}'
    output, status = run_raw(workspace, INITIALIZE, body, *SHUTDOWN_EXIT)
    assert status == 0
    answers = [m for m in responses(output) if "id" in m]
    assert [m["id"] for m in answers] == [0, None, "bye"]
    assert answers[1]["error"]["code"] == -32600
    assert "request id" in answers[1]["error"]["message"]


def test_a_batch_is_answered_with_one_array_of_its_responses(workspace):
    opened = {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri(workspace / "Broken.tb.swift"), "languageId": "swift", "version": 1,
        "text": (workspace / "Broken.tb.swift").read_text()}}}
    changed = {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri(workspace / "Broken.tb.swift"), "version": 2}, "contentChanges": []}}
    batch = [
        {"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {"textDocument": 5}},
        opened,  # a notification: no response
        {"jsonrpc": "2.0", "id": "two", "method": "tablint/unknown"},
        7,  # not a message
        {"jsonrpc": "2.0", "id": 40, "result": None},  # a client's response: no response
        {"jsonrpc": "2.0", "id": 3, "method": "textDocument/inlayHint", "params": {
            "textDocument": {"uri": uri(workspace / "Broken.tb.swift")},
            "range": {"start": {"line": 9, "character": 0}, "end": {"line": 10, "character": 0}}}},
    ]
    output, status = run_raw(workspace, INITIALIZE, batch, [], [changed], [*SHUTDOWN_EXIT])
    assert status == 0
    frames = responses(output)
    arrays = [f for f in frames if isinstance(f, list)]
    # The notifications-only batch has no response; the last one answers shutdown, then exits.
    assert len(arrays) == 2
    first, last = arrays
    assert [m["id"] for m in first] == [1, "two", None, 3]
    assert [m.get("error", {}).get("code") for m in first] == [-32602, -32601, -32600, None]
    assert [h["label"] for h in first[3]["result"]] == ["Start:", "Tick:"]
    assert last == [{"jsonrpc": "2.0", "id": "bye", "result": None}]
    # The empty batch: one InvalidRequest, not an array.
    single = [f for f in frames if isinstance(f, dict) and "id" in f and f["id"] is None]
    assert [m["error"]["code"] for m in single] == [-32600]
    assert "empty" in single[0]["error"]["message"]
    # The notifications in the batches were handled: diagnostics for version 1, then 2.
    versions = [f["params"].get("version") for f in frames
                if isinstance(f, dict) and f.get("method") == "textDocument/publishDiagnostics"]
    assert versions == [1, 2]


@pytest.mark.parametrize("document_uri,language,expected,absent", [
    # The name's own extension chooses the rules, as a file's would.
    ("untitled:Untitled-1.tb.swift", "swift", {"tablint::alignment", ROW_ARITY}, set()),
    ("untitled:/home/someone/Lamp.tb.swift", "swift", {"tablint::alignment", ROW_ARITY}, set()),
    # No extension: the language's (`swift`: a plain `.swift` file, which is not aligned).
    ("untitled:Untitled-2", "swift", {ROW_ARITY}, {"tablint::alignment"}),
    ("untitled:Lamp.tb", "swift", {ROW_ARITY}, {"tablint::alignment"}),
])
async def test_an_untitled_documents_name_keeps_its_extension(client: LanguageClient, workspace, document_uri, language,
                                                              expected, absent):
    await initialize(client, workspace)
    text = (workspace / "Misaligned.tb.swift").read_text() + "\n" + (workspace / "Broken.tb.swift").read_text()
    open_document(client, None, language=language, text=text, document_uri=document_uri)
    found = await wait_for_diagnostics(client, document_uri, lambda d: ROW_ARITY in codes(d))
    assert expected <= set(codes(found)) and not absent & set(codes(found)), codes(found)


async def test_an_untitled_tbl_name_is_a_fixture_whatever_its_language(client: LanguageClient, workspace):
    await initialize(client, workspace)
    document_uri = open_document(client, None, language="plaintext", text=(workspace / "Door.tbl").read_text(),
                                 document_uri="untitled:Door.tbl")
    found = await wait_for_diagnostics(client, document_uri, lambda d: len(d) > 0)
    assert "tabular-center::missing-row" in codes(found)

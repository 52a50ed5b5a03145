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

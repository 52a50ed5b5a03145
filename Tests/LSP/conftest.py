"""End-to-end tests of `tablint lsp` with pytest-lsp: the built binary, driven as a client would.

The binary is $TABLINT_BINARY (Scripts/test-lsp.sh sets it), else .build/debug/tablint. Each test
gets a fresh copy of Tests/LSP/workspace as its workspace folder.
"""

import asyncio
import os
import pathlib
import re
import shutil
import time
import urllib.parse

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
TABLINT = os.environ.get("TABLINT_BINARY") or str(REPOSITORY / ".build" / "debug" / "tablint")
WORKSPACE = pathlib.Path(__file__).resolve().parent / "workspace"


def uri(path) -> str:
    return "file://" + urllib.parse.quote(str(path))


@pytest.fixture
def workspace(tmp_path) -> pathlib.Path:
    root = tmp_path / "workspace"
    shutil.copytree(WORKSPACE, root)
    return root


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[TABLINT, "lsp"]))
async def client(lsp_client: LanguageClient):
    # Each test initializes with what it needs (`initialize` below); the session is ended here.
    @lsp_client.feature(types.WORKSPACE_INLAY_HINT_REFRESH)
    def refresh(params):
        lsp_client.inlay_hint_refreshes = getattr(lsp_client, "inlay_hint_refreshes", 0) + 1

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params):
        lsp_client.registrations = getattr(lsp_client, "registrations", []) + list(params.registrations)

    yield
    await lsp_client.shutdown_session()


async def initialize(client: LanguageClient, workspace, encodings=("utf-8", "utf-16"), options=None, watch=False):
    capabilities = client_capabilities("neovim@v0.10.0")
    capabilities.general = types.GeneralClientCapabilities(position_encodings=list(encodings))
    if watch:
        capabilities.workspace.did_change_watched_files = types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True)
    return await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities,
            root_uri=uri(workspace),
            workspace_folders=[types.WorkspaceFolder(uri=uri(workspace), name="workspace")],
            initialization_options=options,
        )
    )


def open_document(client: LanguageClient, path, language="swift", text=None, document_uri=None):
    text = pathlib.Path(path).read_text() if text is None else text
    document_uri = document_uri or uri(path)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=document_uri, language_id=language, version=1, text=text)
        )
    )
    return document_uri


def change_document(client: LanguageClient, document_uri, version, changes):
    """`changes`: (range or None, text) pairs, applied in order."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=document_uri, version=version),
            content_changes=[
                types.TextDocumentContentChangePartial(range=r, text=t) if r is not None
                else types.TextDocumentContentChangeWholeDocument(text=t)
                for r, t in changes
            ],
        )
    )


async def wait_for_diagnostics(client: LanguageClient, document_uri, check=lambda found: True, timeout=15):
    """The diagnostics last published for `document_uri` once `check` accepts them."""
    deadline = time.monotonic() + timeout
    while True:
        found = client.diagnostics.get(document_uri)
        if found is not None and check(found):
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"no diagnostics accepted for {document_uri}; last: {found}")
        await asyncio.sleep(0.02)


def codes(diagnostics):
    return [d.code for d in diagnostics]


LINE_BREAK = re.compile(r"\r\n|\r|\n")


def offset(text: str, position: types.Position, encoding: str) -> int:
    """The index into `text` of an LSP position counted in `encoding`."""
    starts = [0] + [m.end() for m in LINE_BREAK.finditer(text)]
    if position.line >= len(starts):
        return len(text)
    start = starts[position.line]
    end = len(text) if position.line + 1 >= len(starts) else starts[position.line + 1]
    line = LINE_BREAK.sub("", text[start:end])
    units = 0
    index = 0
    while index < len(line) and units < position.character:
        character = line[index]
        units += len(character.encode("utf-8")) if encoding == "utf-8" else len(character.encode("utf-16-le")) // 2
        index += 1
    return start + index


def apply_edits(text: str, edits, encoding: str) -> str:
    spans = [(offset(text, e.range.start, encoding), offset(text, e.range.end, encoding), e.new_text) for e in edits]
    for start, end, new_text in sorted(spans, key=lambda span: span[:2], reverse=True):
        text = text[:start] + new_text + text[end:]
    return text


def units(text: str, encoding: str) -> int:
    return len(text.encode("utf-8")) if encoding == "utf-8" else len(text.encode("utf-16-le")) // 2

"""The servers of the cross-engine suite: the site, and a page of another site."""

from __future__ import annotations

from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from threading import Event, Thread
from typing import Any

from site_server import ByteMeter, SiteHandler, start_server

SITE = Path(__file__).resolve().parents[2] / "_site"
PREFIX = "/number-duels/"


class Site:
    """The built site on a loopback port that stays the same across a stop and a start;
    `meter` counts what it sends, file by file, over the whole session."""

    def __init__(self) -> None:
        self.port = 0
        self.server: Any = None
        self.meter = ByteMeter()
        self.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{PREFIX}"

    def start(self) -> None:
        self.server, _ = start_server(SITE, port=self.port, prefix=PREFIX, meter=self.meter)
        self.port = self.server.server_address[1]

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class Gate:
    """Whether the runtime's WebAssembly may go out now, and whether a page has asked for it
    since the gate was last closed."""

    RUNTIME = "/vendor/pyodide/pyodide.asm.wasm"
    HOLD_S = 600  # at the most: a test that never releases it must not leave a thread behind

    def __init__(self) -> None:
        self.open = Event()
        self.open.set()
        self.asked = Event()

    def wait_if_held(self, path: str) -> None:
        if path.endswith(self.RUNTIME):
            self.asked.set()
            self.open.wait(self.HOLD_S)


class HeldSite(Site):
    """The built site on an origin of its own (a new port: no storage, no service worker,
    nothing cached for it yet) whose runtime waits while the gate is closed, so that Python
    cannot start before the test lets it: the way to hold it in an engine without
    Playwright's routes. Every response says `no-store`, so that a second visit asks the
    server again rather than the browser's HTTP cache."""

    def __init__(self) -> None:
        self.gate = Gate()
        super().__init__()

    def start(self) -> None:
        gate = self.gate

        class Handler(SiteHandler):
            def serve(self, head: bool) -> None:
                gate.wait_if_held(self.path.split("?")[0])
                super().serve(head)

            def end_headers(self) -> None:
                self.send_header("Cache-Control", "no-store")
                super().end_headers()

        self.server, _ = start_server(
            SITE, port=self.port, prefix=PREFIX, meter=self.meter, handler_class=Handler
        )
        self.port = self.server.server_address[1]

    def hold(self) -> None:
        self.gate.asked.clear()
        self.gate.open.clear()

    def release(self) -> None:
        self.gate.open.set()

    def stop(self) -> None:
        self.release()
        super().stop()


class OtherSite:
    """A teacher's page on another site (localhost, not 127.0.0.1) that serves one page."""

    def __init__(self, html: str) -> None:
        body = html.encode()

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(HTTPStatus.OK)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        Thread(target=self.server.serve_forever, daemon=True, name="other-site").start()
        self.url = f"http://localhost:{self.server.server_address[1]}/lesson.html"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

"""The servers of the cross-engine suite: the site, and a page of another site."""

from __future__ import annotations

from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from threading import Thread
from typing import Any

from site_server import ByteMeter, start_server

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

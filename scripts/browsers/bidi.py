"""A small WebDriver BiDi client: the few commands that drive Firefox in tests and benchmarks.

Firefox speaks WebDriver BiDi itself over a WebSocket (no geckodriver, which Debian does not
package). This client sends one command at a time and waits for its reply, while a reader
thread files the replies by id and keeps the events the session subscribed to (console
messages), so that nothing the browser says is lost between two commands.
"""

from __future__ import annotations

import contextlib
import json
import threading
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

COMMAND_TIMEOUT_S = 120  # a command that runs page code waits for that code (a Python start)


class BidiError(RuntimeError):
    """The browser refused a command (its error code and message), or went away."""


class BidiConnection:
    def __init__(self, url: str) -> None:
        self.opened = contextlib.ExitStack()
        self.socket = self.opened.enter_context(
            connect(url, max_size=None, open_timeout=30, ping_interval=None)
        )
        self.next_id = 0
        self.replies: dict[int, dict[str, Any]] = {}
        self.events: list[dict[str, Any]] = []
        self.closed = False
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True, name="bidi-reader").start()

    def _read(self) -> None:
        try:
            for text in self.socket:
                message = json.loads(text)
                with self.changed:
                    if message.get("type") == "event":
                        self.events.append(message)
                    else:
                        self.replies[message.get("id", -1)] = message
                    self.changed.notify_all()
        except ConnectionClosed:
            pass
        finally:
            with self.changed:
                self.closed = True
                self.changed.notify_all()

    def send(
        self, method: str, params: dict[str, Any], timeout: float = COMMAND_TIMEOUT_S
    ) -> dict[str, Any]:
        """Send one command; its result, or BidiError with the browser's reason."""
        with self.changed:
            self.next_id += 1
            command_id = self.next_id
        try:
            self.socket.send(json.dumps({"id": command_id, "method": method, "params": params}))
        except ConnectionClosed as error:
            raise BidiError(f"{method}: the browser has gone ({error})") from None
        with self.changed:
            answered = self.changed.wait_for(
                lambda: command_id in self.replies or self.closed, timeout
            )
            reply = self.replies.pop(command_id, None)
        if reply is None:
            why = "no answer in time" if not answered else "the browser has gone"
            raise BidiError(f"{method}: {why}")
        if reply.get("type") == "error":
            raise BidiError(f"{method}: {reply.get('error')}: {reply.get('message')}")
        result: dict[str, Any] = reply.get("result", {})
        return result

    def take_events(self, method: str) -> list[dict[str, Any]]:
        """The parameters of every `method` event received so far, removed from the list."""
        with self.changed:
            taken = [e["params"] for e in self.events if e.get("method") == method]
            self.events = [e for e in self.events if e.get("method") != method]
        return taken

    def close(self) -> None:
        self.opened.close()

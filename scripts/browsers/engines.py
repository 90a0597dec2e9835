"""The engines besides Chromium that classrooms have: WebKit (Safari's, on iPads) and Firefox.

Debian packages each with its automation (`make engines`): WebKitGTK's `WebKitWebDriver`
speaks WebDriver classic, driven with Selenium; its browser (MiniBrowser) needs a display,
so it runs under a private Xvfb. Firefox ESR speaks WebDriver BiDi itself, driven with
bidi.py (beside this). Both are wrapped in one small interface, `Tab`, for the cross-engine
tests (e2e/webkit_firefox/) and benchmark (bench/engine_load.py): open an address, run a
function in the page (or in one of its frames), click an element the way a person does, wait
for the page's own signal. Neither engine gets a network beyond loopback: Firefox's proxy is
a port where nothing listens; WebKit's pages are checked for what they asked for.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bidi import BidiConnection, BidiError
from chromium import NOTHING_LISTENS

ENGINES = ("webkit", "firefox")
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
FIREFOX = "/usr/bin/firefox-esr"
MISSING = "{what} not found: run `make engines` (Debian: apt-get install {package})"
VIEWPORT = (1280, 900)
POLL_S = 0.05  # how often a wait asks the page again
# What every call of page code goes through: its value comes back as JSON text, whatever the
# engine's own way of returning values (`undefined` comes back as null).
AS_JSON = "async (args) => JSON.stringify(await ({function})(...JSON.parse(args))) ?? 'null'"
# Firefox's settings: no request off this machine (the proxy is a port where nothing listens;
# loopback never goes through it), no first-run pages, no background updates.
FIREFOX_ARGS = ("--remote-debugging-port=0", "about:blank")  # the port: Firefox picks one
FIREFOX_PREFS = {
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": NOTHING_LISTENS,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": NOTHING_LISTENS,
    "network.proxy.allow_hijacking_localhost": False,
    "browser.shell.checkDefaultBrowser": False,
    "app.update.disabledForTesting": True,
    "datareporting.policy.dataSubmissionEnabled": False,
}


class EngineError(AssertionError):
    """Something an engine did or did not do, with the engine's name in the message."""


def missing() -> list[str]:
    """What `make engines` would install: empty when both engines can run here."""
    needs = [
        (WEBKIT_DRIVER, "WebKitWebDriver", "webkit2gtk-driver"),
        (shutil.which("Xvfb") or "/usr/bin/Xvfb", "Xvfb", "xvfb"),
        (FIREFOX, "Firefox ESR", "firefox-esr"),
    ]
    return [MISSING.format(what=w, package=p) for path, w, p in needs if not Path(path).exists()]


def is_xpath(selector: str) -> bool:
    """Selectors are CSS, or XPath when they start with "/" or "(" (to find a button by its
    text, or the n-th of many)."""
    return selector.startswith(("/", "("))


class Tab:
    """One browser window of one engine, driven like a person would: the shared interface."""

    name = ""  # "webkit" or "firefox": every failure message starts with it
    version = ""
    # A function of the page that says what it shows (a suite sets it): a wait that times out
    # adds its answer to the failure, so that a failure in CI says what the page was doing.
    describe: str | None = None

    def goto(self, url: str) -> None:
        """Load `url`; return once its document is there, not when it has loaded (the pages
        hold back "load" until Python has started, and say themselves when they are ready)."""
        self._leaving()
        self._navigate(url)
        self._arrived(url)

    def reload(self) -> None:
        self._leaving()
        self._reload()
        self._arrived("a reload")

    def _leaving(self) -> None:
        self.run("() => { window.ndLeft = true; }")

    def _arrived(self, where: str) -> None:
        self.wait_for("() => !window.ndLeft", what=f"a new document for {where}")

    def _navigate(self, url: str) -> None:
        raise NotImplementedError

    def _reload(self) -> None:
        raise NotImplementedError

    def run(self, function: str, *args: Any, frame: str | None = None) -> Any:
        """Call the JavaScript `function` (may be async) with JSON `args` in the page, or in the
        iframe that the CSS selector `frame` finds; its JSON value."""
        raise NotImplementedError

    def click(self, selector: str, frame: str | None = None) -> None:
        """A real click (pointer down and up) in the middle of the element."""
        raise NotImplementedError

    def console_errors(self) -> list[str] | None:
        """Errors the pages logged since the last call; None where the engine cannot tell."""
        return None

    def close(self) -> None:
        raise NotImplementedError

    def wait_for(
        self, function: str, *args: Any, what: str, frame: str | None = None, timeout: float = 90
    ) -> Any:
        """Ask the page `function(*args)` until it answers something true; that answer.

        Waits on the page's own signal (an attribute, a line of text); the timeout only
        turns a page that never gives it into a failure that says what was awaited."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                answer = self.run(function, *args, frame=frame)
            except EngineError:
                answer = None  # between two pages, or a frame not there yet
            if answer:
                return answer
            if time.monotonic() > deadline:
                shown = self.described(frame)
                raise EngineError(f"{self.name}: {what}: not within {timeout:.0f} s{shown}")
            time.sleep(POLL_S)

    def described(self, frame: str | None = None) -> str:
        """What `describe` says of the page (or of `frame`), as the tail of a failure message."""
        if self.describe is None:
            return ""
        try:
            said = self.run(self.describe, frame=frame)
        except EngineError as error:
            return f"; the page could not be described: {error}"
        return f"; the page: {json.dumps(said, ensure_ascii=False)}"

    def fail(self, message: str) -> EngineError:
        return EngineError(f"{self.name} {self.version}: {message}")


# ----- WebKit: WebKitGTK's WebDriver, under a private X server ----------------------------------


class Xvfb:
    """An X server of our own, on the first free display number (Xvfb picks it)."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as told:
            number = told.readline().strip()
        if not number:
            raise EngineError("webkit: Xvfb did not start")
        self.display = f":{number}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


class WebKitTab(Tab):
    name = "webkit"

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.xvfb = Xvfb()
        options = Options()
        options.page_load_strategy = "none"  # goto() returns at once; the pages say "ready"
        options.add_argument("--automation")
        service = Service(WEBKIT_DRIVER, env={**os.environ, "DISPLAY": self.xvfb.display})
        try:
            with warnings.catch_warnings():  # Selenium's own use of its deprecated argument
                warnings.simplefilter("ignore", DeprecationWarning)
                self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self.xvfb.stop()
            raise
        self.version = "WebKitGTK " + str(self.driver.capabilities.get("browserVersion", "?"))
        self.driver.set_window_size(*VIEWPORT)
        self.driver.set_script_timeout(120)
        self.in_frame = False

    def _navigate(self, url: str) -> None:
        self.driver.get(url)

    def _reload(self) -> None:
        self.driver.refresh()

    def _enter(self, frame: str | None) -> None:
        from selenium.webdriver.common.by import By

        self.driver.switch_to.default_content()
        if frame:
            self.driver.switch_to.frame(self.driver.find_element(By.CSS_SELECTOR, frame))

    def run(self, function: str, *args: Any, frame: str | None = None) -> Any:
        from selenium.common.exceptions import WebDriverException

        script = (
            "const done = arguments[1];"
            f"({AS_JSON.format(function=function)})(arguments[0])"
            ".then(done, (e) => done(JSON.stringify({nd_error: String(e && e.stack || e)})));"
        )
        try:
            self._enter(frame)
            text = self.driver.execute_async_script(script, json.dumps(args))
        except WebDriverException as error:
            raise self.fail(f"page code failed: {error.msg}") from None
        value = json.loads(text)
        if isinstance(value, dict) and "nd_error" in value:
            raise self.fail(f"page code threw: {value['nd_error']}")
        return value

    def click(self, selector: str, frame: str | None = None) -> None:
        from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
        from selenium.webdriver.common.by import By

        by = By.XPATH if is_xpath(selector) else By.CSS_SELECTOR
        for attempt in range(3):  # a board may redraw its buttons between finding and clicking
            try:
                self._enter(frame)
                self.driver.find_element(by, selector).click()
                return
            except StaleElementReferenceException:
                if attempt == 2:
                    raise self.fail(f"cannot click {selector}: it keeps being replaced") from None
            except WebDriverException as error:
                raise self.fail(f"cannot click {selector}: {error.msg}") from None

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.xvfb.stop()


# ----- Firefox: WebDriver BiDi, spoken by the browser itself ------------------------------------


class FirefoxTab(Tab):
    name = "firefox"

    def __init__(self) -> None:
        self.profile = tempfile.TemporaryDirectory(prefix="nd-firefox-")
        prefs = "".join(
            f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items()
        )
        Path(self.profile.name, "user.js").write_text(prefs)
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", self.profile.name, *FIREFOX_ARGS],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        address = self._listening_address()
        self.bidi = BidiConnection(f"{address}/session")
        session = self.bidi.send("session.new", {"capabilities": {}})
        self.version = "Firefox " + str(session["capabilities"].get("browserVersion", "?"))
        self.bidi.send("session.subscribe", {"events": ["log.entryAdded"]})
        tree = self.bidi.send("browsingContext.getTree", {"maxDepth": 0})
        self.context = tree["contexts"][0]["context"]
        width, height = VIEWPORT
        self.bidi.send(
            "browsingContext.setViewport",
            {"context": self.context, "viewport": {"width": width, "height": height}},
        )

    def _listening_address(self) -> str:
        """Firefox prints the WebSocket address it listens on; the rest of its chatter is read
        and dropped (a full pipe would stop it)."""
        assert self.process.stderr is not None
        for line in self.process.stderr:
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                threading.Thread(
                    target=self.process.stderr.read, daemon=True, name="firefox-stderr"
                ).start()
                return found.group(1)
        raise EngineError("firefox: exited before it listened for WebDriver BiDi")

    def _navigate(self, url: str) -> None:
        self.bidi.send(
            "browsingContext.navigate", {"context": self.context, "url": url, "wait": "none"}
        )

    def _reload(self) -> None:
        self.bidi.send("browsingContext.reload", {"context": self.context, "wait": "none"})

    def _call(self, declaration: str, arguments: list[Any], context: str) -> dict[str, Any]:
        try:
            answer = self.bidi.send(
                "script.callFunction",
                {
                    "functionDeclaration": declaration,
                    "arguments": arguments,
                    "target": {"context": context},
                    "awaitPromise": True,
                    "resultOwnership": "none",
                },
            )
        except BidiError as error:
            raise self.fail(f"page code failed: {error}") from None
        if answer.get("type") == "exception":
            raise self.fail(f"page code threw: {answer['exceptionDetails'].get('text')}")
        result: dict[str, Any] = answer["result"]
        return result

    def _context(self, frame: str | None) -> str:
        """The browsing context of the page, or of the iframe that `frame` finds in it."""
        if not frame:
            return self.context
        found = self._call(
            "(css) => document.querySelector(css)?.contentWindow ?? null",
            [{"type": "string", "value": frame}],
            self.context,
        )
        if found.get("type") != "window":
            raise self.fail(f"no frame {frame}")
        context: str = found["value"]["context"]
        return context

    def run(self, function: str, *args: Any, frame: str | None = None) -> Any:
        declaration = AS_JSON.format(function=function)
        argument = {"type": "string", "value": json.dumps(args)}
        result = self._call(declaration, [argument], self._context(frame))
        return json.loads(result["value"]) if result.get("type") == "string" else None

    def click(self, selector: str, frame: str | None = None) -> None:
        for attempt in range(3):  # a board may redraw its buttons between finding and clicking
            try:
                self._click(selector, self._context(frame))
                return
            except BidiError as error:
                if "no such" not in str(error) or attempt == 2:
                    raise self.fail(f"cannot click {selector}: {error}") from None

    def _click(self, selector: str, context: str) -> None:
        kind = "xpath" if is_xpath(selector) else "css"
        nodes = self.bidi.send(
            "browsingContext.locateNodes",
            {"context": context, "locator": {"type": kind, "value": selector}},
        )["nodes"]
        if not nodes:
            raise self.fail(f"cannot click {selector}: no such element")
        element = {"sharedId": nodes[0]["sharedId"]}
        self.bidi.send(
            "script.callFunction",
            {
                "functionDeclaration": "(e) => e.scrollIntoView({block: 'center'})",
                "arguments": [element],
                "target": {"context": context},
                "awaitPromise": False,
            },
        )
        origin = {"type": "element", "element": element}
        pointer = [
            {"type": "pointerMove", "x": 0, "y": 0, "origin": origin},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        ]
        mouse = {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}}
        self.bidi.send(
            "input.performActions",
            {"context": context, "actions": [{**mouse, "actions": pointer}]},
        )

    def console_errors(self) -> list[str]:
        entries = self.bidi.take_events("log.entryAdded")
        return [e.get("text", "") for e in entries if e.get("level") == "error"]

    def close(self) -> None:
        with contextlib.suppress(BidiError):  # it may close before it answers
            self.bidi.send("browser.close", {}, timeout=30)
        self.bidi.close()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.profile.cleanup()


OPENERS: dict[str, Callable[[], Tab]] = {"webkit": WebKitTab, "firefox": FirefoxTab}


def open_tab(engine: str) -> Tab:
    """A new browser of `engine` ("webkit" or "firefox"), with a fresh profile, one window."""
    return OPENERS[engine]()

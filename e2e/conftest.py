"""Browser end-to-end fixtures: the built site on loopback, Debian's Chromium, no network.

The site is served from `_site/` under a sub-path (as on GitHub Pages) by a threaded
http.server on a free port. Chromium sends everything that is not loopback to a local
proxy that refuses it and counts it, and every request a page makes is recorded: a
test fails if any page asked another host for anything.

Chromium itself (not the pages) still calls a few Google service endpoints in the
background whatever the flags (component updater, account list); those reach the
refusing proxy too, are refused like everything else, and are told apart by host.
"""

from __future__ import annotations

import os
import re
import socketserver
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import gamepage  # noqa: F401  (it sets `expect`'s timeout, for tests that do not import it)
import pytest
import suite_costs
from chromium import CHROMIUM_FLAGS, CHROMIUM_MISSING, find_chromium, proxy_flags
from site_server import start_server, warm_gzip_cache

ROOT = Path(__file__).resolve().parent.parent

SITE = ROOT / "_site"
# Outer limits, never a pace: every wait ends as soon as the page's own signal shows (an
# attribute, a text, a performance mark); these bound only how long a broken page is waited
# for. Playwright's own defaults (5 s for `expect`, 30 s for actions) are too tight for a
# page whose Python is busy on a 2-core machine that is running other work. `expect`'s is
# set by gamepage.py, the driver every test uses.
ACTION_TIMEOUT_MS = 60_000
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
# Chromium's own log: when a page crashes, its last fatal lines say why (see crash_report).
CHROMIUM_LOG = ARTIFACTS / f"chromium-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"
CRASH_LOG_FLAGS = ("--enable-logging", "--v=0", f"--log-file={CHROMIUM_LOG}")
# WebAssembly compiled by V8's baseline compiler (Liftoff) only. By default V8 also compiles
# the runtime's hot functions again with its optimizing compiler on background threads: about
# 0.9 of the 2.3 CPU seconds of a cold Python start in a trace, paid by every test's new
# context, and repaid only on a page that computes for long. The pages run the same
# instructions either way; the benchmarks (bench/) and the WebKit/Firefox suite run their
# browsers as players get them (docs/testing.md).
BASELINE_WASM_FLAGS = ("--js-flags=--liftoff-only",)
PREFIX = "/number-duels/"
# Chromium's own background services, never contacted on a page's behalf.
BROWSER_SERVICES = frozenset(
    {
        "update.googleapis.com",
        "accounts.google.com",
        "clients2.google.com",
        "content-autofill.googleapis.com",
        "redirector.gvt1.com",  # its component downloads' redirector, flag or no flag
    }
)
# What the pages log when a module had to come from the full standard library zip
# (site/snapshot/pyodide-snapshot.mjs).
STDLIB_FALLBACK = "is not in the trimmed standard library"
# A worker's module made on the page (blob:, or data: in a sandboxed frame) is no request.
LOOPBACK = re.compile(r"^(blob:)?(https?|wss?)://127\.0\.0\.1(:\d+)?/|^blob:null/|^data:")
# Added to every page of every browser context: a Content Security Policy violation is
# logged as a console error, which the `no_csp_violations` check below fails on.
CSP_REPORTER = """addEventListener("securitypolicyviolation", (e) => console.error(
  `Content Security Policy violation: ${e.violatedDirective} refused ` +
  `${e.blockedURI || "inline code"} (${e.sourceFile || location.href}:${e.lineNumber})`));"""


def chromium_path() -> str:
    found = find_chromium()
    if found is None:
        pytest.exit(CHROMIUM_MISSING, 2)
    return found


class RefusingProxy(socketserver.ThreadingTCPServer):
    """An HTTP proxy that refuses every request and remembers what was asked for."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self) -> None:
        self.attempts: list[str] = []
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", 0), RefuseHandler)
        threading.Thread(target=self.serve_forever, daemon=True, name="refusing-proxy").start()

    @property
    def port(self) -> int:
        return self.server_address[1]

    def not_from_browser_services(self) -> list[str]:
        """Refused requests other than Chromium's own background calls."""
        with self.lock:
            return [a for a in self.attempts if request_host(a) not in BROWSER_SERVICES]


def request_host(line: str) -> str:
    """The host a proxy request line asks for ("CONNECT h:443 ..." or "GET http://h/...")."""
    parts = line.split()
    target = parts[1] if len(parts) > 1 else ""
    target = re.sub(r"^[a-z]+://", "", target)
    return re.split(r"[:/]", target, maxsplit=1)[0].lower()


class RefuseHandler(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        line = self.rfile.readline(2048).decode("latin-1").strip()
        if line:
            with self.server.lock:  # type: ignore[attr-defined]
                self.server.attempts.append(line)  # type: ignore[attr-defined]
        self.wfile.write(
            b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        )


@pytest.fixture(scope="session")
def blocking_proxy() -> Iterator[RefusingProxy]:
    proxy = RefusingProxy()
    yield proxy
    proxy.shutdown()


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """The built site, served under a sub-path on a free loopback port."""
    if not (SITE / "index.html").is_file():
        import build_site  # a plain `pytest e2e` still works on a fresh clone

        build_site.main([])
    warm_gzip_cache(SITE)
    server, url = start_server(SITE, prefix=PREFIX)
    assert url.endswith(PREFIX)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], blocking_proxy: RefusingProxy
) -> dict[str, Any]:
    """Debian's Chromium, every non-loopback request sent to the refusing proxy, its
    WebAssembly compiled by the baseline compiler only."""
    ARTIFACTS.mkdir(exist_ok=True)
    return {
        **browser_type_launch_args,
        "executable_path": chromium_path(),
        "args": [
            *CHROMIUM_FLAGS,
            *proxy_flags(blocking_proxy.port),
            *CRASH_LOG_FLAGS,
            *BASELINE_WASM_FLAGS,
        ],
    }


DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": DESKTOP}


PHONE = {"width": 390, "height": 844}
# What a browser with its data saver on says (Chromium's setting; WebKit and Firefox have no
# `navigator.connection`, and the pages read it the same way wherever it exists): its game
# pages make no memory snapshot for a next visit (site/snapshot/pyodide-snapshot.mjs), nor
# register a service worker (assets/offline.js); they start and play as any other first visit.
SAVE_DATA = """Object.defineProperty(Navigator.prototype, "connection", {
  configurable: true,
  get: () => ({ saveData: true, effectiveType: "4g" }),
});"""
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_PATH = "__axe-core__.js"  # answered by a route of the phone contexts, never by the server


def pytest_addoption(parser: pytest.Parser) -> None:
    suite_costs.addoption(parser)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    suite_costs.start(item)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "context(phone=False, **options): the variant of the `context` fixture a test or "
        "module uses (phone-sized with axe-core served; any option of new_context)",
    )


def new_context(
    browser: Any, site_url: str, phone: bool = False, save_data: bool = False, **options: Any
) -> Any:
    """A browser context of its own (storage and caches): desktop-sized, or phone-sized
    (`phone`: 390 px wide, no service worker, axe-core served at the site's own address);
    `save_data`: its data saver on (SAVE_DATA), for tests whose context ends with them: the
    snapshot a first visit would make in a second Python, seconds after the board is ready,
    is for a next visit that never comes. `options` go to Playwright's `new_context`
    (service_workers, color_scheme, locale...)."""
    if not phone:
        context = browser.new_context(**{"viewport": DESKTOP, **options})
    else:
        context = browser.new_context(**{"viewport": PHONE, "service_workers": "block", **options})
        serve_axe(context, site_url)
    if save_data:
        context.add_init_script(SAVE_DATA)
    return context


def serve_axe(context: Any, site_url: str) -> None:
    """Answer axe-core's address (AXE_PATH) in `context`, for the accessibility checks."""
    context.route(
        f"{site_url}{AXE_PATH}",
        lambda route: route.fulfill(path=AXE, content_type="text/javascript"),
    )


def _variant(request: pytest.FixtureRequest) -> dict[str, Any]:
    marker = request.node.get_closest_marker("context")
    return dict(marker.kwargs) if marker else {}


@pytest.fixture
def context(request: pytest.FixtureRequest, browser: Any, site_url: str) -> Iterator[Any]:
    """The browser context of one test, opened once the session's site is built and
    served; its variant comes from the test's (or its module's) `context` marker."""
    context = new_context(browser, site_url, **_variant(request))
    yield context
    context.close()


@pytest.fixture
def devices(
    request: pytest.FixtureRequest, browser: Any, site_url: str, watch: Any
) -> Iterator[list[Any]]:
    """Two devices of the same variant (two contexts, each with storage of its own), for
    play between two browsers; their pages must log no error."""
    contexts = [new_context(browser, site_url, **_variant(request)) for _ in range(2)]
    yield contexts
    for context in contexts:
        context.close()
    assert watch.errors == [], f"console errors: {watch.errors}"


@pytest.fixture
def other_origin(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A folder served on another port of loopback: another origin, as a school's site."""
    server, url = start_server(tmp_path, prefix="/lessons/")
    yield tmp_path, url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def module_context(request: pytest.FixtureRequest, browser: Any, site_url: str) -> Iterator[Any]:
    """The same, shared by every test of a module (its HTTP cache too: pages load faster)."""
    context = new_context(browser, site_url, **_variant(request))
    yield context
    context.close()


class Watch:
    """What pages did that they should not: console errors and requests off loopback."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.csp: list[str] = []
        self.stdlib_fallbacks: list[str] = []
        self.crashes: list[str] = []

    def guard(self, context: Any) -> Any:
        """Record every Content Security Policy violation of every page in `context`, and
        every module a page had to load from the full standard library."""
        context.add_init_script(CSP_REPORTER)
        context.set_default_timeout(ACTION_TIMEOUT_MS)
        context.on("console", self.note)
        context.on("page", self.note_page)
        return context

    def note_page(self, page: Any) -> None:
        page.on("crash", lambda p: self.crashes.append(p.url))
        suite_costs.WORKERS.watch(page)

    def note(self, message: Any) -> None:
        if "Content Security Policy" in message.text:
            self.csp.append(message.text)
        if STDLIB_FALLBACK in message.text:
            self.stdlib_fallbacks.append(message.text)

    def attach(self, page: Any) -> Any:
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))
        page.on("request", lambda r: LOOPBACK.match(r.url) or self.foreign.append(r.url))
        return page


@pytest.fixture(scope="session")
def watch() -> Watch:
    return Watch()


@pytest.fixture(scope="session")
def browser(browser: Any, watch: Watch) -> Any:
    """The session's browser, each of whose new contexts reports CSP violations."""
    new_context = browser.new_context
    browser.new_context = lambda *args, **kw: watch.guard(new_context(*args, **kw))
    return browser


@pytest.fixture
def no_console_errors(watch: Watch) -> Iterator[None]:
    """Fail a test whose pages logged an error or threw one (for modules that ask for it)."""
    watch.errors.clear()
    yield
    assert watch.errors == [], f"console errors: {watch.errors}"


@pytest.fixture(autouse=True)
def no_csp_violations(watch: Watch) -> Iterator[None]:
    """Fail any test during which a page broke its Content Security Policy."""
    yield
    violations, watch.csp[:] = list(watch.csp), []
    assert violations == [], f"Content Security Policy violations: {violations}"


@pytest.fixture(autouse=True)
def no_stdlib_fallback(watch: Watch) -> Iterator[None]:
    """Fail any test during which a page imported a module that the trimmed standard library
    lacks (the page still worked, through the safety net: the trimmed zip must be rebuilt)."""
    yield
    used, watch.stdlib_fallbacks[:] = list(watch.stdlib_fallbacks), []
    assert used == [], f"modules loaded from the full standard library: {used}"


@pytest.fixture(autouse=True)
def no_other_hosts(blocking_proxy: RefusingProxy, watch: Watch) -> Iterator[None]:
    """Fail any test during which a page asked for anything but loopback."""
    yield
    assert watch.foreign == [], f"pages asked other hosts for: {watch.foreign}"
    refused = blocking_proxy.not_from_browser_services()
    assert refused == [], f"requests to other hosts reached the proxy: {refused}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def crash_report() -> str:
    """Why a page may have crashed: the machine's memory and load, the kernel's word on any
    killed process, and Chromium's last fatal or error lines."""
    lines = [f"load average: {Path('/proc/loadavg').read_text().strip()}"]
    meminfo = Path("/proc/meminfo").read_text().splitlines()
    lines += [m for m in meminfo if m.startswith(("MemTotal", "MemAvailable", "Committed_AS"))]
    shm = os.statvfs("/dev/shm") if Path("/dev/shm").is_dir() else None
    if shm:
        lines.append(f"/dev/shm free: {shm.f_bavail * shm.f_frsize // 2**20} MiB")
    kernel = subprocess.run(["dmesg"], capture_output=True, text=True, check=False).stdout
    killed = re.compile(r"oom|out of memory|killed", re.I)
    lines += [k for k in kernel.splitlines() if killed.search(k)][-10:]
    if CHROMIUM_LOG.is_file():
        log = CHROMIUM_LOG.read_text(errors="replace").splitlines()
        telling = re.compile(r":(FATAL|ERROR):(?!dbus/)|crash|Check failed|[Oo]ut of memory")
        lines += [g for g in log if telling.search(g)][-20:]
    return "\n".join(lines)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failed test during which a page crashed says what the machine and Chromium saw."""
    report = yield
    watch = item.funcargs.get("watch") if hasattr(item, "funcargs") else None
    if report.failed and isinstance(watch, Watch) and watch.crashes:
        report.sections.append(("page crashed: " + ", ".join(watch.crashes), crash_report()))
    if report.when == "teardown" and isinstance(watch, Watch):
        watch.crashes.clear()
    if report.when == "teardown":
        suite_costs.record(item, report)
    return report


# A renderer crash ("Target crashed") is Chromium's failure, not the page's: the page cannot
# catch it or say anything, and a person would reload. It was seen a few times in a hundred
# page starts on one machine (Chrome for Testing 156, sequentially) and never in hundreds on
# others (Debian's Chromium 156). Such a test runs again, at most twice more, and only for that
# reason; every crash, rerun or not, is listed at the end of the run with its report.
CRASHED = ["Target crashed", "Page crashed"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test may run twice more after crashes; the tests marked `long` (minutes, where
    most take seconds) go first, so that the two workers finish together rather than one
    starting a long test when the other has nothing left."""
    for item in items:
        item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=CRASHED))
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    suite_costs.summary(terminalreporter)
    crashed = [
        (report.nodeid, title, text)
        for reports in terminalreporter.stats.values()
        for report in reports
        for title, text in getattr(report, "sections", [])
        if title.startswith("page crashed")
    ]
    if crashed:
        terminalreporter.section(f"pages that crashed: {len(crashed)}")
        for nodeid, title, text in crashed:
            terminalreporter.write_line(f"{nodeid}: {title}\n{text}\n")

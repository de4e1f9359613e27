"""A live server and real Chromium for the browser tests.

The app runs in-process on the in-memory store, served by a threaded werkzeug server on a free
port (the stream route, when registered, holds a thread per open EventSource). Chromium is the
Debian package (``/usr/bin/chromium``) driven by Playwright for Python; Playwright's own browser
downloads are never used. Without Chromium or Playwright the tests skip, unless
``TABLETOP_REQUIRE_SERVICES=1`` (CI), where they fail.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from werkzeug.serving import WSGIRequestHandler, make_server

from api import create_app
from api.config import Settings
from tests.backends import unavailable

CHROMIUM = os.environ.get("TABLETOP_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


class QuietHandler(WSGIRequestHandler):
    """No access log: a test's output stays readable (and tokens are never logged anyway)."""

    def log_request(self, *args, **kwargs) -> None:
        pass


@contextmanager
def live_app(name: str, secret: str, seeds: str | None = None) -> Iterator[str]:
    """The base URL of a running app (in-memory store, its live stream and in-process broker).
    With ``seeds``, its tables draw their seeds from a fixed sequence named after it, so every run
    deals the same games (tests follow the legal moves; the seed only makes a failure repeatable)."""
    with pytest.MonkeyPatch.context() as patch:
        if seeds is not None:
            counter = itertools.count()
            patch.setattr("domain.application.new_seed",
                          lambda: hashlib.sha256(f"{seeds}-{next(counter)}".encode()).hexdigest())
        app = create_app(Settings(store="memory", testing=True, secret=secret))
        httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
        thread = threading.Thread(target=httpd.serve_forever, name=name, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{httpd.server_port}"
        finally:
            httpd.shutdown()
            thread.join(10)
            app.extensions["tabletop.tables"].close()


@pytest.fixture(scope="module")
def server(request):
    """The base URL of a running app (Tiny Duel registered by tests/conftest.py). Its tables are
    dealt from the test module's own seed sequence: a test that passes on a deal passes on every run
    (a CI run once failed on a rare unseeded hand)."""
    with live_app("e2e-server", "dee4893f02da9800f5d736c71a62ec08d11e16c353b646e2a4bf63a8741cf459",
                  seeds=request.module.__name__) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError as error:
        unavailable("Playwright for Python", error)
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        unavailable("Chromium", FileNotFoundError(CHROMIUM))
    from playwright.sync_api import expect

    expect.set_options(timeout=30_000)  # a shared, busy 2-core machine: waits are bounds, not measurements
    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        except Error as error:
            unavailable("Chromium", error)
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser, server):
    """``new_page()`` opens a page in a fresh browser context: its own localStorage, its own player."""
    contexts = []

    def make(width: int = 1100, height: int = 900):
        context = browser.new_context(base_url=server, viewport={"width": width, "height": height})
        context.set_default_timeout(30_000)  # returns as soon as its condition holds
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()

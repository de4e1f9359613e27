"""The browser client is served by the API itself: one page at ``/``, its files under ``/web/``.

These run without a browser (Flask's test client); the Chromium stories are in ``test_two_players.py``.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path, PurePosixPath

import pytest

from api import create_app
from api.config import Settings
from api.routes.web import WEB_DIR


@pytest.fixture(scope="module")
def client():
    app = create_app(Settings(store="memory", testing=True, secret="c0f59be9559398cd02f385b6e191c199db13626067dc01076b8c37f840c93fec"))
    yield app.test_client()
    app.extensions["tabletop.tables"].close()


def test_the_root_serves_the_client_page_with_a_strict_policy(client):
    r = client.get("/")
    assert r.status_code == 200
    assert r.mimetype == "text/html"
    assert b'<script type="module" src="/web/app.js">' in r.data
    policy = r.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert r.headers["X-Content-Type-Options"] == "nosniff"


def test_every_module_the_page_imports_is_served_as_javascript(client):
    # Follow the import graph from app.js: a missing or misnamed module would break the page.
    seen, todo = set(), ["app.js"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        r = client.get(f"/web/{name}")
        assert r.status_code == 200, name
        assert r.mimetype in ("text/javascript", "application/javascript"), (name, r.mimetype)
        todo += re.findall(r"from '\./([\w-]+\.js)'", r.get_data(as_text=True))
    assert seen == {p.name for p in WEB_DIR.glob("*.js")}  # and no file is left unused
    assert client.get("/web/style.css").mimetype == "text/css"


def test_the_client_loads_nothing_from_another_origin():
    # Offline by design: no CDN, no remote font, no absolute URL in any file of the client.
    # The SVG namespace is a name, never fetched, so it is the one absolute URL allowed.
    for path in (p for p in WEB_DIR.rglob("*") if p.is_file()):
        text = path.read_text(encoding="utf-8").replace("http://www.w3.org/2000/svg", "")
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", text, re.I), path.name
        assert ".innerHTML" not in text and "insertAdjacentHTML" not in text, path.name  # server text goes in as text, never as markup


@pytest.mark.parametrize("path", ["/web/missing.js", "/web/../routes/web.py", "/web/%2e%2e/config.py", "/web/"])
def test_unknown_or_escaping_paths_are_not_found(client, path):
    r = client.get(path)
    assert r.status_code == 404
    assert b"Settings" not in r.data and b"import" not in r.data


def test_the_client_stays_out_of_the_openapi_document(client):
    paths = client.get("/api/openapi.json").json["paths"]
    assert "/" not in paths and not any(p.startswith("/web") for p in paths)


def test_the_page_has_a_favicon_and_a_skip_link_served_from_here(client):
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="icon" href="/web/favicon.svg" type="image/svg+xml">' in page
    assert re.search(r'<body>\s*<a href="#main" id="skip" class="skip-link">Skip to the content</a>', page)  # first in the body
    icon = client.get("/web/favicon.svg")
    assert icon.status_code == 200 and icon.mimetype == "image/svg+xml"


def test_every_client_file_ships_in_the_wheel():
    # The package-data patterns must cover every file of the client, board modules included.
    pyproject = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["api"]
    for path in (p for p in WEB_DIR.rglob("*") if p.is_file()):
        relative = PurePosixPath(path.relative_to(WEB_DIR.parent).as_posix())
        assert any(relative.match(pattern) and len(relative.parts) == len(PurePosixPath(pattern).parts)
                   for pattern in patterns), relative

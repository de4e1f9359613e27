"""``/api/docs``: Swagger UI served from the package under the client's strict CSP, never a CDN.

The browser check (Chromium loads the page and makes no request to another origin) is in
``tests/e2e/test_docs_offline.py``.
"""

from __future__ import annotations

import re

from api.routes.docs import DOCS_DIR
from api.routes.web import CSP
from scripts.vendor_swagger_ui import VERSION

ABSOLUTE = re.compile(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", re.I)


def test_the_docs_page_and_every_asset_it_references_are_served_from_here(client):
    page = client.get("/api/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert page.headers["Content-Security-Policy"] == CSP  # the client's own policy, unloosened
    html = page.get_data(as_text=True)
    assert not ABSOLUTE.search(html), "the page names another origin"
    assert "<script>" not in html  # no inline script: the CSP would block it
    referenced = re.findall(r'(?:src|href)="([^"]+)"', html)
    assets = [url for url in referenced if not url.startswith("data:")]
    assert {"/api/docs/swagger-ui/swagger-ui-bundle.js", "/api/docs/swagger-ui/swagger-ui.css",
            "/api/docs/docs.js"} == set(assets)
    for url in assets:
        r = client.get(url)
        assert r.status_code == 200 and len(r.data) > 0, url
        assert r.mimetype == ("text/css" if url.endswith(".css") else "text/javascript"), (url, r.mimetype)
    init = client.get("/api/docs/docs.js").get_data(as_text=True)
    assert "url: '/api/openapi.json'" in init and "validatorUrl: null" in init and not ABSOLUTE.search(init)


def test_the_vendored_swagger_ui_is_the_pinned_release_with_its_licence():
    vendored = DOCS_DIR / "swagger-ui"
    assert (vendored / "VERSION").read_text().splitlines()[0] == f"swagger-ui-dist {VERSION}"
    assert "Apache License" in (vendored / "LICENSE").read_text()
    assert "sourceMappingURL" not in (vendored / "swagger-ui-bundle.js").read_text(encoding="utf-8")[-500:]


def test_docs_paths_outside_the_folder_are_not_found_and_stay_out_of_the_openapi_document(client):
    for path in ("/api/docs/missing.js", "/api/docs/../routes/docs.py", "/api/docs/%2e%2e/config.py"):
        assert client.get(path).status_code == 404, path
    paths = client.get("/api/openapi.json").json["paths"]
    assert not [p for p in paths if p.startswith("/api/docs")]

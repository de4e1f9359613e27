"""Chromium opens ``/api/docs``: Swagger UI renders the OpenAPI document with every request to
this server (nothing from a CDN) and no Content-Security-Policy violation."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import expect


def test_the_docs_page_renders_with_no_request_to_another_origin(new_page, server):
    page = new_page()
    requested, refused = [], []
    page.on("request", lambda request: requested.append(request.url))
    page.on("console", lambda message: refused.append(message.text)
            if "Content Security Policy" in message.text else None)
    page.goto("/api/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Tabletop")
    expect(page.locator(".opblock-summary-path", has_text="/api/games/{game}/components")).to_be_visible()
    origin = urlsplit(server).netloc
    assert requested and all(urlsplit(url).netloc == origin for url in requested if not url.startswith("data:")), requested
    assert f"{server}/api/openapi.json" in requested
    assert refused == [] and page.errors == []

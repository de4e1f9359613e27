"""The interactive API docs at ``/api/docs``: Swagger UI served from the package, never a CDN.

The page and its assets live in ``api/apidocs/`` (Swagger UI vendored by
``scripts/vendor_swagger_ui.py``, pinned, with its licence), so the docs work offline and under the
client's strict Content-Security-Policy (no inline script, nothing from another origin). A plain
Flask blueprint: the docs stay out of the OpenAPI document they show.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response

from api.routes.web import static_file

DOCS_DIR = Path(__file__).resolve().parent.parent / "apidocs"

bp = Blueprint("docs", __name__)


def _static(name: str, max_age: int) -> Response:
    return static_file(DOCS_DIR, name, max_age)


@bp.get("/api/docs")
def page() -> Response:
    """The docs page (Swagger UI on ``/api/openapi.json``)."""
    return _static("index.html", 0)


@bp.get("/api/docs/<path:name>")
def asset(name: str) -> Response:
    """Swagger UI's script and stylesheet, and the page's own script."""
    return _static(name, 3600)

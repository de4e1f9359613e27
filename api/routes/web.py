"""The browser client: ``/`` serves ``api/web/index.html`` and ``/web/<file>`` its scripts and styles.

A plain Flask blueprint (not flask-smorest), so the static files stay out of the OpenAPI document
and the contract fuzzer. The client is static files only (no build step, no CDN), so it works
offline and ships inside the installed package (``pyproject.toml`` package data). The strict
Content-Security-Policy allows only this origin: the client never loads anything from elsewhere,
and a player name that somehow reached the page as markup could not run a script.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory

WEB_DIR = Path(__file__).resolve().parent.parent / "web"

#: Everything the client needs comes from this origin; ``connect-src 'self'`` covers fetch and EventSource.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")

bp = Blueprint("web", __name__)


def static_file(folder: Path, name: str, max_age: int = 0) -> Response:
    """A packaged file with the client's security headers (the web client and the API docs alike)."""
    # send_from_directory refuses paths outside ``folder`` (404), so no traversal is possible.
    response = send_from_directory(folder, name, max_age=max_age)
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def _static(name: str) -> Response:
    return static_file(WEB_DIR, name)


@bp.get("/")
def index() -> Response:
    """The single page of the browser client."""
    return _static("index.html")


@bp.get("/web/<path:name>")
def asset(name: str) -> Response:
    """A script, the stylesheet or another static file of the client."""
    return _static(name)

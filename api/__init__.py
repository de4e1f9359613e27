"""The HTTP API: ``create_app(settings)`` builds one Flask app with its ``Tables`` and routes.

Kept small on purpose: settings come from ``api.config``, infrastructure from ``api.wiring``,
routes from ``api.routes.register_blueprints`` (where the live-updates stream registers too),
error mapping from ``api.errors``.
"""

from __future__ import annotations

from flask import Flask

from api.config import Settings


def create_app(settings: Settings | None = None) -> Flask:
    """The WSGI app for ``settings`` (default: read from the environment)."""
    from api import errors, lean, limits, logs, metrics, wiring
    from api.body import check_json_body
    from api.openapi import ServiceApi
    from api.routes import register_blueprints

    settings = settings or Settings.from_env()
    app = Flask(__name__)
    app.config.update(TESTING=settings.testing, MAX_CONTENT_LENGTH=settings.max_body_bytes,
                      TABLETOP_BODY_TIMEOUT_S=settings.body_timeout_s)
    wiring.init_app(app, settings)
    api = ServiceApi(app)
    register_blueprints(app, api)
    limits.init_app(app, settings)  # rate limits and caps: before any body is read
    logs.init_app(app)  # a request id and a JSON access line per request
    metrics.init_app(app)  # /metrics: commands, events, streams, fan-out, projection lag
    app.before_request(check_json_body)
    errors.init_app(app)
    lean.init_app(app)  # the move and its legal moves without Flask's generic dispatch
    return app

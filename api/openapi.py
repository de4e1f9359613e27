"""The OpenAPI document (``/api/openapi.json``); the docs page showing it is ``api.routes.docs``."""

from __future__ import annotations

from flask import Flask
from flask_smorest import Api

from api.schemas.views import ErrorSchema

SEAT_TOKEN = [{"seatToken": []}]

CONFIG = {
    "API_TITLE": "Tabletop",
    "API_VERSION": "1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/api",
    "OPENAPI_JSON_PATH": "openapi.json",
    "API_SPEC_OPTIONS": {
        "info": {
            "description": (
                "Open a table, take seats, play, replay and audit. Taking a seat returns its token once; "
                "send it as `Authorization: Bearer <token>`. Without a token you are a spectator. Every error "
                "has the body `{error, message, rule, errors, version}`."
            )
        }
    },
}


class ServiceApi(Api):
    """flask-smorest's ``Api`` with our error body in the document and the seat-token scheme."""

    ERROR_SCHEMA = ErrorSchema

    def __init__(self, app: Flask) -> None:
        for key, value in CONFIG.items():
            app.config.setdefault(key, value)
        super().__init__(app)
        self.spec.components.security_scheme(
            "seatToken", {"type": "http", "scheme": "bearer", "description": "The token returned when taking a seat."}
        )

"""Every route, one blueprint per resource; ``register_blueprints`` is the one place they are added.

The live-updates stream (issue 4) registers here too, as a plain Flask blueprint on ``app`` so it
stays out of the OpenAPI document (a never-ending GET would hang the contract fuzzer).
"""

from __future__ import annotations

from flask import Flask
from flask_smorest import Api

from api import lean
from api.routes import docs, games, health, record, seats, signing, stream, tables, undo, views, web
from api.routes.common import receipt_header


def register_blueprints(app: Flask, api: Api) -> None:
    app.after_request(receipt_header)
    for module in (health, games, tables, seats, undo, views, record, signing):
        api.register_blueprint(module.blp)
    lean.views(app).update(seats.LEAN)  # served by api.lean once the app is built
    app.register_blueprint(stream.bp)
    app.register_blueprint(web.bp)  # the browser client: plain Flask, outside the OpenAPI document
    app.register_blueprint(docs.bp)  # the API docs page, its assets from the package


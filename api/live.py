"""Live updates and read models, attached to an app in one call from ``api.wiring``.

* the broker (Redis when ``TABLETOP_REDIS_URL`` is set, else in-process) listens to every save
  through ``Tables.on_saved``;
* the read-model store that goes with the event store, and ``ReadModels`` for the routes;
* in the embedded default (``TABLETOP_PROJECTIONS=thread``) the projection runner as a background
  thread of this process; ``external`` means a ``tabletop projections run`` worker does it;
* what the SSE route needs (``Live``), read once here because the stream's generator runs outside
  the app context.

Nothing here starts a connection to Redis: the hub starts on a worker's first stream, after fork.
"""

from __future__ import annotations

import atexit
from uuid import UUID

from flask import Flask, current_app

from api.config import Settings
from api.fanout import Broker, build_broker
from api.routes.stream import Live
from domain.application import Tables
from projections.queries import ReadModels
from projections.runner import EmbeddedProjections, open_store

LIVE = "live"
READ_MODELS = "tabletop.read_models"
PROJECTIONS = "tabletop.projections"


def init_app(app: Flask, settings: Settings, tables: Tables, broker: Broker | None = None) -> Live:
    from api import auth, wiring

    broker = broker or build_broker(settings.redis_url)
    tables.on_saved.append(broker.after_save)
    mode = settings.projections
    if settings.store == "memory" and mode == "external":
        mode = "thread"  # an in-memory store can only be followed from inside this process
    if mode in ("thread", "external"):  # "off": the routes read through Tables directly
        store = open_store(settings)
        app.extensions[READ_MODELS] = ReadModels(store)
        if mode == "thread":
            embedded = EmbeddedProjections(tables, store).start()
            atexit.register(embedded.stop)
            app.extensions[PROJECTIONS] = embedded

    def viewer(table_id: UUID) -> int | None:
        return auth.viewer(tables, wiring.secret(), table_id).seat

    live = Live(tables, broker, viewer)
    app.extensions[LIVE] = live
    atexit.register(broker.close)
    return live


def read_models() -> ReadModels | None:
    """The current app's read models (None when projections are off: read through ``Tables``)."""
    return current_app.extensions.get(READ_MODELS)


def embedded() -> bool:
    """True when this process runs the projections itself (reads may wait for the log's head)."""
    return PROJECTIONS in current_app.extensions

"""The one place infrastructure is chosen from settings.

Under gunicorn the application is built lazily in each worker, after the fork (a PostgreSQL
pool opened before a fork hangs the children). ``init_app`` builds exactly one ``Tables`` per
Flask app (so one per process) and keeps it on ``app.extensions``, as the eventsourcing library
advises: one application object per process, shared by every request thread.
"""

from __future__ import annotations

import atexit

from flask import Flask, current_app

from api.config import InsecureSecret, Settings
from api.receipts import Signer
from domain.application import Tables
from projections.runner import open_store

TABLES = "tabletop.tables"
SETTINGS = "tabletop.settings"
SECRET = "tabletop.secret"
SIGNER = "tabletop.signer"
#: The bots' queue (``api.bot_worker.BotQueue``) with ``TABLETOP_BOTS=worker``.
BOTS_QUEUE = "tabletop.bots_queue"
#: The head-signing callable ``(table_id, version, head) -> receipt`` the game record route
#: (``api/routes/record.py``, branch ``record``) looks up to sign a record's head.
HEAD_SIGNER = "tabletop.head_signer"


def build_tables(settings: Settings) -> Tables:
    """A new Tables application on the store the settings name; its snapshots are sealed with a
    key derived from the server secret (without one, e.g. ``migrate`` on PostgreSQL before the
    secret is set, with the public unkeyed seal: such snapshots are then ignored by servers)."""
    try:
        key = settings.snapshot_key()
    except InsecureSecret:
        key = None
    return Tables(env=settings.eventsourcing_env("tables"), snapshot_key=key)


def migrate(settings: Settings) -> None:
    """Create the event store tables once, before workers start with ``create_tables=False``."""
    build_tables(settings.with_(create_tables=True)).close()
    open_store(settings).close()  # and the read models' tables


def init_app(app: Flask, settings: Settings) -> Tables:
    """Build this process's ``Tables`` and the seat-token key, and keep them on the app.

    The fan-out and the read models (issue 4) attach here, through ``api.live``.
    """
    tables = build_tables(settings)
    if settings.bots == "worker":  # the person's command answers first; `tabletop bots run` plays the bots
        from api.bot_worker import BotQueue

        queue = BotQueue(settings.redis_url or "")
        tables.defer_bots = True
        tables.on_bots_due.append(queue.push)
        app.extensions[BOTS_QUEUE] = queue
        atexit.register(queue.close)
    app.extensions[SETTINGS] = settings
    app.extensions[SECRET] = settings.server_secret()
    app.extensions[SIGNER] = Signer(settings.signing_seed())
    app.extensions[HEAD_SIGNER] = app.extensions[SIGNER].receipt
    app.extensions[TABLES] = tables
    atexit.register(tables.close)
    from api import live

    live.init_app(app, settings, tables)  # fan-out on every save, read models, the stream's needs
    return tables


def tables() -> Tables:
    """The current app's ``Tables``."""
    return current_app.extensions[TABLES]


def secret() -> bytes:
    """The current app's HMAC key for seat tokens."""
    return current_app.extensions[SECRET]


def signer() -> Signer:
    """The current app's receipt signer (``api.receipts``)."""
    return current_app.extensions[SIGNER]


def settings() -> Settings:
    return current_app.extensions[SETTINGS]

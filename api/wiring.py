"""The one place infrastructure is chosen from settings.

Under gunicorn the application is built lazily in each worker, after the fork (a PostgreSQL
pool opened before a fork hangs the children).
"""

from __future__ import annotations

from api.config import Settings
from domain.application import Tables


def build_tables(settings: Settings) -> Tables:
    """A new Tables application on the store the settings name."""
    return Tables(env=settings.eventsourcing_env("tables"))


def migrate(settings: Settings) -> None:
    """Create the event store tables once, before workers start with ``create_tables=False``."""
    build_tables(settings.with_(create_tables=True)).close()

"""The WSGI entry point for gunicorn: ``gunicorn -c deploy/gunicorn.conf.py api.wsgi:app``.

The Flask app (with its ``Tables`` and store connections) is built on the first request each
worker serves, never at import, so even with ``preload_app`` no pool or thread is opened in the
master and inherited across the fork.
"""

from __future__ import annotations

import threading
from typing import Any

from flask import Flask


class LazyApp:
    """A WSGI callable that builds ``create_app()`` once per process, on first use."""

    def __init__(self) -> None:
        self._app: Flask | None = None
        self._lock = threading.Lock()

    def get(self) -> Flask:
        if self._app is None:
            with self._lock:  # the first requests arrive together: build one app, not fifty
                if self._app is None:
                    from api import collector, create_app
                    from api.config import Settings

                    app = create_app()
                    collector.apply(Settings.from_env().gc_threshold)  # the built app is never scanned again
                    self._app = app
        return self._app

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        return self.get()(environ, start_response)


def _check_settings() -> None:
    """Refuse to start (at import, before any worker serves) on an example or short seat-token key."""
    from api.config import Settings

    Settings.from_env().check()


_check_settings()
app = LazyApp()

"""gunicorn for the API: gevent workers, so every SSE stream is a greenlet, not a thread.

``worker_connections`` bounds the open streams per worker. ``preload_app`` stays off: each worker
builds its app (and its PostgreSQL pool) after the fork, and the Redis fan-out hub starts lazily on
a worker's first stream. A short ``graceful_timeout``: open streams end at a restart and clients
come back with ``Last-Event-ID``. Settings come from the environment (``deploy/env.example``).
With ``TABLETOP_BOTS=worker`` the workers answer a person's command before the bots decide and
queue the table for ``tabletop bots run``, a process of its own beside gunicorn (started under
``nice``): a bot's decision never holds a worker's gevent hub.
"""

import os
import sys

bind = os.environ.get("BIND", "0.0.0.0:8000")
worker_class = os.environ.get("WORKER_CLASS", "api.gunicorn_worker.Worker")  # gevent, quitting once
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", "1000"))
threads = int(os.environ.get("THREADS", "64"))  # only used with WORKER_CLASS=gthread
timeout = 30
graceful_timeout = 10
keepalive = 5
preload_app = False
wsgi_app = os.environ.get("WSGI_APP", "api.wsgi:app")
accesslog = os.environ.get("ACCESS_LOG") or None
logger_class = "api.gunicorn_worker.Logger"  # gunicorn's own access line only with ACCESS_LOG

# JSON lines (api.logs): gunicorn's own lines too; the app writes one access line per request.
from api.gunicorn_worker import worker_exit  # noqa: E402,F401 - a quick quit exits once
from api.logs import gunicorn_logconfig  # noqa: E402
from api.server import child_exit, metrics_folder_ready  # noqa: E402,F401 - /metrics across workers (api.metrics)

logconfig_dict = gunicorn_logconfig()


def post_worker_init(worker):
    """Every worker class answers through ``OneSend`` (gunicorn's own gevent one sets it too): one
    send per small answer, and an app's ``Connection: close`` (a 408 or 429) really closes."""
    from gunicorn.http import wsgi

    from api.gunicorn_worker import OneSend

    wsgi.Response = OneSend


def on_starting(server):
    """Refuse to start, in one line, on unsafe settings (an example or short ``TABLETOP_SECRET``)."""
    from api.config import Settings

    try:
        Settings.from_env().check()
    except ValueError as error:
        print(f"tabletop: error: {error}", file=sys.stderr)
        sys.exit(2)
    metrics_folder_ready(server)

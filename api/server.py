"""``tabletop serve``: a production server, never Flask's development server.

Two shapes, one choice made by ``--workers``:

* ``--workers 1`` (the default, the embedded service): gevent's own WSGI server in THIS process.
  The embedded store is a SQLite file with its projection thread and an in-process broker: all of
  them must live in one process, and a pre-fork server always adds a master. gevent gives every
  request, and so every SSE stream, a greenlet instead of a thread: hundreds of open streams cost
  kilobytes each, and a stream waiting for the next move holds no thread a command needs. It also
  runs where gunicorn does not (macOS, Windows).
* ``--workers N`` (N > 1): gunicorn's pre-fork master with N gevent workers, started through
  gunicorn's application API (the same server ``deploy/`` runs): dead workers are restarted, each
  worker builds its app after the fork (``api.wsgi``). Several processes share one store, so this
  needs the production shape: a store every worker sees, a Redis doorbell (a stream in one worker
  must hear a move saved by another) and projections outside the web workers.

Ctrl-C (SIGINT) or SIGTERM stops either shape cleanly: the listener closes, open streams get
``GRACE_S`` seconds and are then ended (clients come back with ``Last-Event-ID``), the
application's connections close, and the exit status is 0.
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import sys
import tempfile
from typing import Any

from api.config import Settings

#: Seconds open requests (streams) get to finish after Ctrl-C before they are cut.
GRACE_S = 2
#: Open connections (streams included) per process; more wait for a free slot.
CONNECTIONS = 1000


class ServeError(ValueError):
    """A server shape that cannot work with these settings (printed as one line by the CLI)."""


def check(settings: Settings, workers: int) -> None:
    """Refuse, with the reason, a worker count the settings cannot serve correctly."""
    if workers < 1:
        raise ServeError("--workers must be at least 1")
    if workers == 1:
        return
    if settings.store == "memory":
        raise ServeError("--workers > 1 needs a shared store: each worker would hold its own in-memory tables")
    if settings.projections == "thread":
        raise ServeError("--workers > 1 needs TABLETOP_PROJECTIONS=external (run `tabletop projections run` "
                         "beside it) or off: every worker would run the projections")
    if not settings.redis_url:
        raise ServeError("--workers > 1 needs TABLETOP_REDIS_URL: a stream in one worker must hear the moves "
                         "saved by another")


def serve(settings: Settings, host: str, port: int, workers: int = 1) -> int:
    """Serve until Ctrl-C or SIGTERM; 0 after a clean stop."""
    settings.check()  # an example or short seat-token key: refused before anything starts
    check(settings, workers)
    if workers == 1:
        return _serve_gevent(settings, host, port)
    return _serve_gunicorn(settings, host, port, workers)


# -- one process: gevent's WSGI server ------------------------------------------------------------


def _serve_gevent(settings: Settings, host: str, port: int) -> int:
    # Before anything opens a socket or starts a thread: blocking calls become greenlet switches.
    from gevent import monkey

    monkey.patch_all()
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):  # an image built for gunicorn, run as one process
        os.makedirs(os.environ["PROMETHEUS_MULTIPROC_DIR"], exist_ok=True)
    import gevent
    from gevent.event import Event
    from gevent.pool import Pool
    from gevent.pywsgi import WSGIServer

    from api import collector, create_app, logs
    from api.gevent_handler import Handler

    logs.configure()
    app = create_app(settings)
    collector.apply(settings.gc_threshold)
    # log=None: no pywsgi access line; the app writes one JSON line per request itself (api.logs).
    # A bounded pool (as gunicorn's worker_connections): the server can then end every open request at a stop.
    # Handler: TCP_NODELAY and one send per small answer (else every kept-alive request waited 40 ms).
    server = WSGIServer((host, port), app, spawn=Pool(CONNECTIONS), log=None, handler_class=Handler,
                        error_log=logging.getLogger("tabletop.server"))
    stop = Event()
    gevent.signal_handler(signal.SIGINT, stop.set)
    gevent.signal_handler(signal.SIGTERM, stop.set)
    server.start()
    logging.getLogger("tabletop.server").info(
        "serving", extra={"event": "serving", "address": f"{host}:{server.server_port}", "server": "gevent"})
    try:
        stop.wait()
        # Stop listening, give open requests GRACE_S, then end the rest (streams end in their ``finally``);
        # only then close the store, so no request ever reads a closed connection.
        server.stop(timeout=GRACE_S)
    finally:
        _close(app)
    logging.getLogger("tabletop.server").info("stopped", extra={"event": "stopped"})
    return 0


def _close(app: Any) -> None:
    """Close the application's store connections and background threads now, not at interpreter exit."""
    from api import live, wiring

    app.extensions[live.LIVE].broker.close()
    app.extensions[wiring.TABLES].close()


# -- several processes: gunicorn with gevent workers ---------------------------------------------


def _serve_gunicorn(settings: Settings, host: str, port: int, workers: int) -> int:
    if sys.platform == "win32":
        raise ServeError("--workers > 1 runs gunicorn, which needs a POSIX system; use --workers 1")
    # Workers build their app from the environment (api.wsgi), so the command line's choices go there.
    os.environ["TABLETOP_STORE"] = settings.store
    os.environ["TABLETOP_DATA_DIR"] = str(settings.data_dir)
    # prometheus-client picks its value class when it is first imported: set the folder before any
    # worker imports it, so every worker writes its samples where /metrics reads them all.
    made = None
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        made = os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="tabletop-metrics-")
    from gunicorn.app.base import BaseApplication

    options = gunicorn_options(host, port, workers)

    class Application(BaseApplication):
        def load_config(self) -> None:
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            from api.wsgi import app

            return app

    master = os.getpid()
    try:
        Application().run()  # gunicorn handles SIGINT/SIGTERM: workers stop gracefully, then the master exits
    finally:
        # A worker leaves gunicorn by raising SystemExit up the stack it was forked from, through
        # this very block: only the master removes the folder, or the first worker to exit took it
        # from under the others (a worker still building its app then failed to open its gauges).
        if made and os.getpid() == master:
            shutil.rmtree(made, ignore_errors=True)
    logging.getLogger("tabletop.server").info("stopped", extra={"event": "stopped"})
    return 0


def gunicorn_options(host: str, port: int, workers: int) -> dict[str, Any]:
    """What ``tabletop serve --workers N`` gives gunicorn (``deploy/gunicorn.conf.py`` is the same shape)."""
    from api import gunicorn_worker, logs

    return {
        "bind": f"{host}:{port}",
        "workers": workers,
        "worker_class": "api.gunicorn_worker.Worker",
        "worker_connections": CONNECTIONS,
        "graceful_timeout": GRACE_S,
        "timeout": 30,
        "keepalive": 5,
        "preload_app": False,
        "accesslog": None,  # the app writes its own JSON access line per request
        "logger_class": "api.gunicorn_worker.Logger",  # and gunicorn writes none
        "logconfig_dict": logs.gunicorn_logconfig(),
        "on_starting": metrics_folder_ready,
        "child_exit": child_exit,
        "worker_exit": gunicorn_worker.worker_exit,
    }


def metrics_folder_ready(server: Any = None) -> None:
    """gunicorn hook: empty the metrics folder, so counters start from zero with the master."""
    folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if folder:
        # Imported now, in the master before any worker runs, not first inside child_exit: gunicorn
        # calls that hook from its SIGCHLD handler, and when two workers exit together the second
        # handler interrupted the first one's import and found prometheus_client half-initialised
        # (ImportError, the master's exit status 255). Not at module level: prometheus_client picks
        # its multiprocess values when first imported, so only after the folder is in the environment.
        import prometheus_client.multiprocess  # noqa: F401

        os.makedirs(folder, exist_ok=True)
        for name in os.listdir(folder):
            if name.endswith(".db"):
                os.unlink(os.path.join(folder, name))


def child_exit(server: Any, worker: Any) -> None:
    """gunicorn hook: a dead worker's live gauges (open streams) stop counting in /metrics."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)

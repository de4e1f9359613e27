"""A quick quit exits a gunicorn worker once (``api/gunicorn_worker.py``).

gunicorn's own gevent worker exits from a spawned greenlet 0.1 s after ``SIGQUIT``; when the
worker had already begun leaving, that second exit printed a ``SystemExit`` traceback into the
operator's log (a CI run on a loaded machine caught it). These pin both halves of the fix.
"""

from __future__ import annotations

import types

import gevent
import pytest

from api import gunicorn_worker
from api.server import gunicorn_options


def quitting_worker(interrupted: list) -> gunicorn_worker.Worker:
    worker = gunicorn_worker.Worker.__new__(gunicorn_worker.Worker)  # no sockets: only the quit path runs
    worker.alive = True
    worker.cfg = types.SimpleNamespace(worker_int=interrupted.append)
    return worker


def test_a_quit_while_the_worker_runs_stops_it_and_exits():
    interrupted = []
    worker = quitting_worker(interrupted)
    with pytest.raises(SystemExit) as exited:
        worker._quit()
    assert exited.value.code == 0 and worker.alive is False and interrupted == [worker]


def test_a_quit_that_arrives_as_the_worker_leaves_does_not_exit_again():
    interrupted = []
    worker = quitting_worker(interrupted)
    pending = gevent.spawn(worker._quit)
    gevent.sleep(0)  # the quit greenlet has started and sleeps its 0.1 s
    gunicorn_worker.worker_exit(None, worker)  # meanwhile the worker's own loop ended and it leaves
    pending.join()
    assert pending.successful() and worker.alive is False


def test_tabletop_serve_and_the_deploy_config_use_this_worker():
    options = gunicorn_options("127.0.0.1", 0, 2)
    assert options["worker_class"] == "api.gunicorn_worker.Worker"
    assert options["worker_exit"] is gunicorn_worker.worker_exit
    config = open("deploy/gunicorn.conf.py", encoding="utf-8").read()
    assert '"api.gunicorn_worker.Worker"' in config and "import worker_exit" in config

"""``tabletop serve``: a production server (gevent in one process, gunicorn for several), stopped by Ctrl-C.

Each test starts the real command as a subprocess on a free loopback port.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import requests

from api.config import Settings
from api.server import GRACE_S, ServeError, check
from tests.ops.serving import ROOT, Player, Served
from tests.ops.sse_clients import Clients

pytestmark = pytest.mark.timeout(240)


def test_serve_plays_a_table_and_stops_on_ctrl_c_with_exit_0_and_no_development_server(tmp_path):
    served = Served(tmp_path)
    try:
        table = Player(served.base)
        before = table.version()
        assert table.play().status_code == 200
        assert table.version() > before
        streams = Clients(served.port, f"/api/tables/{table.id}/stream", 3)  # open streams do not hold it up
        assert min(streams.wait_for(table.version())) == table.version()
        code, took = served.interrupt()
        streams.close()
    finally:
        served.kill()
    assert code == 0
    assert took < GRACE_S + 10  # the grace, then the close; generous: the box is shared
    output = served.out.read_text() + served.err.read_text()
    assert "development server" not in output and "Traceback" not in output
    records = [json.loads(line) for line in served.err.read_text().splitlines()]  # JSON lines only
    assert table.token not in output
    moved = [r for r in records if r.get("route") == "/api/tables/<uuid:table_id>/seats/<int:seat>/moves"]
    assert moved[0]["status"] == 200 and moved[0]["seat"] == 0 and moved[0]["table_id"] == table.id
    assert [r["message"] for r in records if r["logger"] == "tabletop.server"] == ["serving", "stopped"]


def test_one_process_answers_200_concurrent_sse_clients_and_tells_each_a_new_move(tmp_path):
    served = Served(tmp_path, env={"TABLETOP_CLIENT_LIMITS": "off"})  # 200 streams from one address: no per-client caps
    streams = None
    try:
        table = Player(served.base)
        streams = Clients(served.port, f"/api/tables/{table.id}/stream", 200)
        at_start = table.version()
        assert streams.wait_for(at_start) == [at_start] * 200
        assert set(streams.statuses()) == {b"HTTP/1.1 200 OK"}
        assert table.play().status_code == 200
        now = table.version()
        assert streams.wait_for(now) == [now] * 200
    finally:
        if streams is not None:
            streams.close()
        served.kill()


@pytest.mark.parametrize(("settings", "reason"), [
    (Settings(store="memory"), "shared store"),
    (Settings(store="sqlite", projections="thread", redis_url="redis://x"), "TABLETOP_PROJECTIONS=external"),
    (Settings(store="sqlite", projections="external"), "TABLETOP_REDIS_URL"),
])
def test_several_workers_are_refused_with_the_reason_when_the_settings_cannot_share_a_table(settings, reason):
    with pytest.raises(ServeError, match=reason):
        check(settings, 2)
    check(settings, 1)  # one process serves any settings


def _children(pid: int) -> set[int]:
    return {int(x) for x in open(f"/proc/{pid}/task/{pid}/children").read().split()}


@pytest.mark.integration
def test_a_worker_that_leaves_does_not_take_the_metrics_folder_from_the_others(tmp_path):
    # gunicorn restarts a worker that exits (a TERM here; max requests, a crash elsewhere). The leaving
    # worker raised SystemExit through `tabletop serve`'s own clean-up and removed the folder every
    # worker writes its samples to: the next worker to build its app failed on its gauges' file.
    from tests.integration.conftest import RedisServer

    redis = RedisServer(tmp_path).start()
    served = Served(tmp_path, "--workers", "2", env={"TABLETOP_REDIS_URL": redis.url, "TABLETOP_PROJECTIONS": "off"})
    try:
        workers = _children(served.proc.pid)
        assert requests.get(served.base + "/metrics", timeout=30).status_code == 200
        # The server's folder: the one holding a sample file of one of its workers.
        folder, = {str(path.parent) for pid in workers for path in Path(tempfile.gettempdir()).glob(f"tabletop-metrics-*/*_{pid}.db")}
        assert len(workers) == 2 and os.path.isdir(folder)
        leaving = min(workers)
        os.kill(leaving, signal.SIGTERM)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (leaving not in (now := _children(served.proc.pid)) and len(now) == 2):
            time.sleep(0.05)
        assert leaving not in _children(served.proc.pid) and len(_children(served.proc.pid)) == 2
        assert os.path.isdir(folder)
        for _ in range(6):  # fresh connections: both workers answer, the new one building its app
            assert requests.get(served.base + "/metrics", timeout=30).status_code == 200
        code, _took = served.interrupt()
        assert code == 0 and "Traceback" not in served.err.read_text(), served.err.read_text()[-4000:]
        assert not os.path.exists(folder)  # the master still cleans up after itself
    finally:
        served.kill()
        redis.kill()


@pytest.mark.integration
def test_several_gunicorn_workers_serve_one_table_and_metrics_add_up_every_worker(tmp_path):
    from prometheus_client.parser import text_string_to_metric_families

    from tests.integration.conftest import RedisServer

    redis = RedisServer(tmp_path).start()
    served = None
    try:
        served = Served(tmp_path, "--workers", "2", env={"TABLETOP_REDIS_URL": redis.url, "TABLETOP_PROJECTIONS": "off"})
        table = Player(served.base, session=requests.Session())
        for _ in range(3):
            assert table.play().status_code == 200
        commands = 0.0
        for _ in range(4):  # whichever worker answers, it adds up both workers' samples
            text = requests.get(served.base + "/metrics", timeout=30).text
            commands = sum(s.value for f in text_string_to_metric_families(text) for s in f.samples
                           if s.name == "tabletop_commands_total" and s.labels["outcome"] == "accepted")
            assert commands == 1 + 2 + 1 + 3  # open, two seats, start, three moves
        code, took = served.interrupt()
        assert (code, took < 15) == (0, True), served.err.read_text()[-4000:]
        assert "Traceback" not in served.err.read_text()
    finally:
        if served is not None:
            served.kill()
        redis.kill()


def test_the_master_has_the_metrics_module_before_a_worker_exits(tmp_path):
    """gunicorn runs child_exit in its SIGCHLD handler: two workers exiting together once made the
    second handler interrupt the first one's import of prometheus_client (ImportError, exit 255).
    The on_starting hook imports it in the master, before any worker can exit."""
    probe = ("import sys, api.server; api.server.metrics_folder_ready(); "
             "print('prometheus_client.multiprocess' in sys.modules)")
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics")}
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"

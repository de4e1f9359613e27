"""The rate limiter keeps its limits in Redis under a burst, and says so when it cannot.

A burst of stream openings on one gevent worker (each one a limiter check in Redis at the same
moment) once emptied redis-py's default pool (100 connections, then ``MaxConnectionsError``):
flask-limiter took that for an outage and counted in memory, per worker, with Redis up. The
limiter now waits for one of its own pooled connections (``api.limits``). When Redis is really
gone it still falls back, once, and says so: one warning line and ``/metrics``.
"""

from __future__ import annotations

import json
import socket
import time

import pytest
import requests

from tests.ops.serving import Gunicorn

pytestmark = pytest.mark.integration

BURST = 400  # stream openings at once, from as many client addresses (no per-client cap refuses them)


def open_table(base: str) -> str:
    r = requests.post(f"{base}/api/tables", json={"game": "bunny_kingdom", "seats": 4}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()["table_id"]


def metric(base: str, name: str) -> float:
    for line in requests.get(f"{base}/metrics", timeout=30).text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    raise AssertionError(f"{name} is not in /metrics")


def fallback_lines(server: Gunicorn) -> list[dict]:
    lines = [json.loads(line) for line in server.log.read_text().splitlines() if line.startswith("{")]
    return [line for line in lines if line.get("event") == "rate_limit_fallback"]


@pytest.fixture
def server(tmp_path, redis_server):
    running = Gunicorn(tmp_path, env={
        "TABLETOP_REDIS_URL": redis_server.url, "TABLETOP_PROJECTIONS": "off",
        "TABLETOP_RATE_LIMIT_STREAMS": "100000/minute", "TABLETOP_MAX_STREAMS_PER_TABLE": "2000",
        "TABLETOP_MAX_STREAMS_PER_WORKER": "2000"})
    yield running
    running.kill()


def test_a_burst_of_streams_with_redis_up_keeps_the_limits_in_redis(server):
    table_id = open_table(server.base)
    request = f"GET /api/tables/{table_id}/stream HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    socks = []
    for i in range(BURST):  # 127.0.x.y are all this host: one address per client
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=60,
                                        source_address=(f"127.0.{1 + i // 200}.{2 + i % 200}", 0))
        sock.sendall(request)
        socks.append(sock)
    statuses = []
    for sock in socks:
        statuses.append(sock.recv(64).split(b"\r\n", 1)[0])
        sock.close()
    assert statuses == [b"HTTP/1.1 200 OK"] * BURST
    assert metric(server.base, "tabletop_rate_limit_fallbacks_total") == 0
    assert metric(server.base, "tabletop_rate_limit_in_memory") == 0
    assert fallback_lines(server) == []
    assert "falling back to in-memory" not in server.log.read_text()  # flask-limiter's own line (before: there)


def test_with_redis_gone_the_limiter_falls_back_once_and_says_so_in_the_log_and_metrics(server, redis_server):
    open_table(server.base)
    redis_server.kill()
    for _ in range(3):  # every opening is limited: the first finds Redis gone
        assert requests.post(f"{server.base}/api/tables", json={"game": "bunny_kingdom", "seats": 4},
                             timeout=30).status_code == 201
    assert metric(server.base, "tabletop_rate_limit_fallbacks_total") == 1
    assert metric(server.base, "tabletop_rate_limit_in_memory") == 1
    [line] = fallback_lines(server)
    assert line["level"] == "WARNING" and "memory" in line["message"] and "Redis" in line["message"]
    redis_server.start()
    deadline = time.monotonic() + 60  # flask-limiter looks for its storage again after 1, 2, 4... s
    while metric(server.base, "tabletop_rate_limit_in_memory") != 0:
        assert time.monotonic() < deadline, "the limiter never went back to Redis"
        requests.post(f"{server.base}/api/tables", json={"game": "bunny_kingdom", "seats": 4}, timeout=30)
        time.sleep(0.5)
    assert len(fallback_lines(server)) == 1

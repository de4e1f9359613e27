"""Bounded clients in process: rate limits (flask-limiter, memory storage) and caps refuse with 429
and ``Retry-After``, per client address, and each bound is a setting. The flood under gunicorn is
``tests/integration/test_bounded_clients.py``."""

from __future__ import annotations

import uuid

import pytest

from api import create_app
from tests.api.conftest import Table, settings


def app_with(**limits):
    return create_app(settings(client_limits=True, **limits))


def refused_429(r):
    assert r.status_code == 429, (r.status_code, r.json)
    assert r.json["error"] == "too_many_requests" and int(r.headers["Retry-After"]) > 0
    return r.json


def test_commands_share_one_rate_limit_per_client_and_other_clients_are_not_counted():
    client = app_with(rate_limit_commands="5/minute").test_client()
    t = Table(client)  # two seats taken and a start: three commands
    assert t.play_first_legal().status_code == 200
    t.play_first_legal()
    body = refused_429(t.post("/seats/0/leave", seat=0, json={}))
    assert "5 per 1 minute" in body["message"]
    other = {"REMOTE_ADDR": "10.0.0.2"}
    r = client.post(t.url("/seats/0/leave"), headers=t.auth(0), json={}, environ_base=other)
    assert r.status_code == 200  # another address has its own budget


def test_opening_tables_is_rate_limited_and_unstarted_tables_are_capped_per_client():
    client = app_with(rate_limit_open_tables="3/minute", max_open_tables_per_client=100).test_client()
    for _ in range(3):
        assert client.post("/api/tables", json={"game": "tiny_duel", "seats": 2}).status_code == 201
    refused_429(client.post("/api/tables", json={"game": "tiny_duel", "seats": 2}))

    client = app_with(max_open_tables_per_client=2).test_client()
    first = Table(client, start=False)
    Table(client, start=False)
    body = refused_429(client.post("/api/tables", json={"game": "tiny_duel", "seats": 2}))
    assert "2 tables opened and not started" in body["message"]
    assert first.post("/start", seat=0).status_code == 200  # a started table no longer counts
    assert client.post("/api/tables", json={"game": "tiny_duel", "seats": 2}).status_code == 201


def test_streams_are_capped_per_client_and_per_table_and_counted_out_when_they_close():
    client = app_with(max_streams_per_client=2, max_streams_per_table=3).test_client()
    t = Table(client)
    open_ = [client.get(t.url("/stream")) for _ in range(2)]
    assert [r.status_code for r in open_] == [200, 200]
    assert "2 open streams per client" in refused_429(client.get(t.url("/stream")))["message"]
    other = client.get(t.url("/stream"), environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 200
    assert "this table has 3 streams" in refused_429(
        client.get(t.url("/stream"), environ_base={"REMOTE_ADDR": "10.0.0.10"}))["message"]
    open_[0].close()
    again = client.get(t.url("/stream"))
    assert again.status_code == 200
    for r in (*open_, other, again):
        r.close()


def test_stream_openings_are_rate_limited():
    client = app_with(rate_limit_streams="2/minute").test_client()
    t = Table(client)
    for _ in range(2):
        client.get(t.url("/stream")).close()
    refused_429(client.get(t.url("/stream")))


def test_the_bounds_come_from_the_environment_and_can_be_turned_off():
    from api.config import Settings

    env = Settings.from_env({"TABLETOP_RATE_LIMIT_COMMANDS": "1/second", "TABLETOP_MAX_STREAMS_PER_CLIENT": "3",
                             "TABLETOP_MAX_OPEN_TABLES_PER_CLIENT": "4", "TABLETOP_BODY_TIMEOUT_S": "2.5",
                             "TABLETOP_RATE_LIMIT_STORAGE": "redis://127.0.0.1:6379/3"})
    assert (env.rate_limit_commands, env.max_streams_per_client, env.max_open_tables_per_client,
            env.body_timeout_s, env.rate_limit_storage, env.limits_on) == (
        "1/second", 3, 4, 2.5, "redis://127.0.0.1:6379/3", True)
    assert not Settings.from_env({"TABLETOP_CLIENT_LIMITS": "off"}).limits_on
    client = create_app(settings(client_limits=False, rate_limit_commands="1/minute")).test_client()
    t = Table(client)
    assert t.play_first_legal().status_code == 200


@pytest.mark.integration
def test_rate_limits_are_shared_through_redis_between_two_apps():
    import redis

    from tests.backends import unavailable

    url = "redis://127.0.0.1:6379/0"
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.RedisError as error:
        unavailable("Redis", error)
    fresh = uuid.uuid4().int
    key = {"REMOTE_ADDR": f"10.{fresh % 250}.{fresh // 250 % 250}.7"}  # a client no earlier run counted
    apps = [app_with(rate_limit_open_tables="3/minute", rate_limit_storage=url).test_client() for _ in range(2)]
    codes = [apps[n % 2].post("/api/tables", json={"game": "tiny_duel", "seats": 2}, environ_base=key).status_code
             for n in range(4)]
    assert codes == [201, 201, 201, 429]  # two workers, one budget

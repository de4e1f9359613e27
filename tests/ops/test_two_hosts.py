"""Two API hosts, one table: each in a network namespace of its own, sharing one PostgreSQL and one
Redis on a third (this namespace). A client on each host sees the other's moves live; when one
host's link is cut, the other keeps serving and the cut client resumes there with nothing lost.

Root only (``ip netns`` and veth); skipped with the reason elsewhere. Addresses are the namespaces'
own (10.219.N.0/24 on the veth links); the shared PostgreSQL is reached through a relay to its
loopback port.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

import pytest
import requests

from tests.integration.conftest import free_port, pg_event_store
from tests.ops import netns
from tests.ops.serving import GAME, ROOT
from tests.ops.sse_clients import Clients
from tests.projections.conftest import live_pg

pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]
SECRET = "cbb2301b35d8c4072b7f5a05ea1dea4443cea5925160463df49a7e759885a3a9"
PORT = 8000


@pytest.fixture
def hosts(tmp_path):
    reason = netns.why_not()
    if reason:
        pytest.skip(reason)
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server")
    pg_event_store()  # a clean event store in this area's own database
    pg = live_pg()
    from api.config import Settings
    from api.wiring import migrate

    migrate(Settings(store="postgres", postgres_host=pg["host"], postgres_port=pg["port"], postgres_user=pg["user"],
                     postgres_password=pg["password"], postgres_dbname=pg["dbname"], secret=SECRET))
    made, relays, procs = [], [], []
    try:
        made += [netns.Host(1), netns.Host(2)]
        redis_port = free_port()
        procs.append(subprocess.Popen(
            [shutil.which("redis-server"), "--port", str(redis_port), "--bind", " ".join(h.gateway for h in made),
             "--save", "", "--appendonly", "no", "--dir", str(tmp_path)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for host in made:
            relays.append(netns.Relay(host.gateway, int(pg["port"]), int(pg["port"])))
            env = {k: v for k, v in os.environ.items() if not k.startswith(("TABLETOP_", "PROMETHEUS_"))}
            env.update(TABLETOP_STORE="postgres", TABLETOP_POSTGRES_HOST=host.gateway,
                       TABLETOP_POSTGRES_PORT=str(pg["port"]), TABLETOP_POSTGRES_USER=pg["user"],
                       TABLETOP_POSTGRES_PASSWORD=pg["password"] or "", TABLETOP_POSTGRES_DB=pg["dbname"],
                       TABLETOP_CREATE_TABLES="n", TABLETOP_PROJECTIONS="off", TABLETOP_CLIENT_LIMITS="off",
                       TABLETOP_REDIS_URL=f"redis://{host.gateway}:{redis_port}/0", TABLETOP_SECRET=SECRET)
            log = (tmp_path / f"{host.name}.err").open("wb")
            procs.append(host.run([sys.executable, "-m", "api.cli", "serve", "--host", host.address, "--port",
                                   str(PORT)], cwd=ROOT, env=env, stdout=log, stderr=log))
        for host in made:
            wait_healthy(f"http://{host.address}:{PORT}", procs[-1], tmp_path / f"{host.name}.err")
        yield made
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()
        for relay in relays:
            relay.close()
        for host in made:
            host.remove()


def wait_healthy(base: str, proc, log) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            if requests.get(base + "/readyz", timeout=1).status_code == 200:
                return
        except requests.RequestException:
            time.sleep(0.2)
    raise RuntimeError(f"{base} did not become ready: {log.read_text()[-2000:]}")


class Client:
    """One player at one host."""

    def __init__(self, host: netns.Host) -> None:
        self.base = f"http://{host.address}:{PORT}"
        self.token = ""

    def call(self, method: str, path: str, **kwargs) -> requests.Response:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        return requests.request(method, self.base + path, headers=headers, timeout=15, **kwargs)


def play_one(client: Client, table: str, seat: int) -> bool:
    """The seat's first legal move through the client's host; False when it has none now."""
    moves = client.call("GET", f"/api/tables/{table}/seats/{seat}/legal-moves").json()["moves"]
    if not moves:
        return False
    r = client.call("POST", f"/api/tables/{table}/seats/{seat}/moves", json={"move": moves[0]})
    assert r.status_code == 200, r.text
    return True


def test_two_hosts_serve_one_table_live_and_a_cut_hosts_client_resumes_on_the_other_with_nothing_lost(hosts):
    one, two = hosts
    ann, bob = Client(one), Client(two)
    table = ann.call("POST", "/api/tables", json={"game": GAME, "seats": 2}).json()["table_id"]
    ann.token = ann.call("POST", f"/api/tables/{table}/seats", json={"name": "ann"}).json()["token"]
    bob.token = bob.call("POST", f"/api/tables/{table}/seats", json={"name": "bob"}).json()["token"]
    assert ann.call("POST", f"/api/tables/{table}/start").status_code == 200
    path = f"/api/tables/{table}/stream"
    streams = {seat: Clients(PORT, path, 1, f"Authorization: Bearer {c.token}\r\n", host=h.address)
               for seat, c, h in ((0, ann, one), (1, bob, two))}

    def head() -> int:
        return bob.call("GET", f"/api/tables/{table}").json()["version"]

    for stream in streams.values():
        assert stream.wait_for(head()) == [head()]
    played = {0: 0, 1: 0}
    for _ in range(6):  # each player moves through their own host; both streams see every move live
        for seat, client in ((0, ann), (1, bob)):
            if play_one(client, table, seat):
                played[seat] += 1
                now = head()
                for stream in streams.values():
                    assert stream.wait_for(now, timeout=60) == [now], "a move did not reach the other host live"
        if min(played.values()) >= 1:
            break
    assert min(played.values()) >= 1, played

    seen = streams[0].wait_for(head())[0]  # what ann's stream on host one had when the link went
    one.cut()
    assert bob.call("GET", "/readyz").status_code == 200  # host two keeps serving
    ann.base = bob.base  # ann comes back on host two, resuming after the last version she saw
    moved = False
    for _ in range(6):
        moved = play_one(bob, table, 1) or play_one(ann, table, 0)
        if moved:
            break
    assert moved
    resumed = Clients(PORT, path, 1, f"Authorization: Bearer {ann.token}\r\nLast-Event-ID: {seen}\r\n", host=two.address)
    now = head()
    assert resumed.wait_for(now, timeout=60) == [now]
    assert sorted(set(resumed.ids()[0])) == list(range(seen + 1, now + 1))  # every version after hers, once
    for stream in (*streams.values(), resumed):
        stream.close()

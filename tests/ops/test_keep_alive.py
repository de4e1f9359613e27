"""Kept-alive connections on the real servers, on loopback: ``tabletop serve`` (gevent's server,
one process) and gunicorn with the deploy config (gevent workers).

* No 40 ms stall: every request after a connection's first answered about 40 ms late on
  ``tabletop serve`` (Nagle's algorithm meeting the client's delayed ACK: gevent sent a response's
  head and body in two sends; ``api.gevent_handler``). Reads and a stream's frames are timed.
* A refused request (429) ends its connection before another request is read on it: the client
  sees ``Connection: close`` and opens a new one, so no command is recorded without its answer
  (gunicorn used to answer ``keep-alive`` and shut the socket after: the next command was read
  from the socket's buffer, recorded, and its answer lost; ``api.limits._close_refused``).
"""

from __future__ import annotations

import http.client
import json
import socket
import statistics
import time

import pytest

from tests.ops.serving import Gunicorn, Served

GAME = "bunny_kingdom"
#: Table openings one client may make (the rate limit under test), and commands made plentiful so
#: only the opening budget refuses anything.
LIMITS = {"TABLETOP_RATE_LIMIT_OPEN_TABLES": "2/hour", "TABLETOP_RATE_LIMIT_COMMANDS": "1000/second",
          "TABLETOP_MAX_OPEN_TABLES_PER_CLIENT": "1000",
          # the streams of the frame test (closed by the client, counted out at the server's next write)
          "TABLETOP_RATE_LIMIT_STREAMS": "1000/minute", "TABLETOP_MAX_STREAMS_PER_CLIENT": "100"}


@pytest.fixture(params=["tabletop serve", "gunicorn"])
def server(request, tmp_path):
    running = Served(tmp_path, env=LIMITS) if request.param == "tabletop serve" else Gunicorn(tmp_path, env=LIMITS)
    yield running
    running.kill()


def call(conn: http.client.HTTPConnection, method: str, path: str, body: dict | None = None,
         token: str | None = None) -> tuple[int, dict, http.client.HTTPResponse]:
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    answer = conn.getresponse()
    data = answer.read()
    return answer.status, (json.loads(data) if data else {}), answer


def open_table(port: int, seats: int = 4) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    status, body, _ = call(conn, "POST", "/api/tables", {"game": GAME, "seats": seats})
    conn.close()
    assert status == 201, body
    return body["table_id"]


# -- no 40 ms stall --------------------------------------------------------------------------------
#
# Requests 2..20 of a kept-alive connection are timed against the same request on a new connection
# (whose client ACKs at once, so it never stalls), interleaved so both meet the same load. The stall
# made every kept-alive request 40-48 ms slower; without it the difference is about 0 (the issue's
# bound: under 5 ms). The median of the 19 differences is compared, the best of three rounds: on this
# shared 2-core box (load average above 10 while seven suites run) a single request, even a whole
# request's absolute time, can be preempted for tens of ms, while the stall delays every kept-alive
# request of every round by the same ~40 ms, so the test fails on it and does not flake on load.

BOUND_MS = 5.0


def timed_ms(conn: http.client.HTTPConnection, path: str) -> float:
    started = time.perf_counter()
    status, _, _ = call(conn, "GET", path)
    assert status == 200
    return (time.perf_counter() - started) * 1000


def read_round(port: int, path: str, n: int = 20) -> list[tuple[float, float]]:
    """Requests 2..n of one kept-alive connection, each paired with the same read on a new one (ms)."""
    kept = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    timed_ms(kept, path)  # request 1 opens it
    sock, pairs = kept.sock, []
    for _ in range(n - 1):
        on_kept = timed_ms(kept, path)
        assert kept.sock is sock, "the connection was not kept alive"
        fresh = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        pairs.append((on_kept, timed_ms(fresh, path)))
        fresh.close()
    kept.close()
    return pairs


def read_whole(sock: socket.socket) -> None:
    """One answer with a ``Content-Length``, read whole."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, body = data.split(b"\r\n\r\n", 1)
    length = int(head.lower().split(b"content-length: ", 1)[1].split(b"\r\n", 1)[0])
    while len(body) < length:
        body += sock.recv(65536)


def catch_up_ms(port: int, table_id: str, kept_alive: bool) -> float:
    """ms from a stream's request to its closing ``view`` frame, which follows one ``entry`` frame per
    version, each written on its own; ``kept_alive``: the stream is the connection's second request."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        if kept_alive:
            sock.sendall(f"GET /api/tables/{table_id} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            read_whole(sock)
        started = time.perf_counter()
        sock.sendall(f"GET /api/tables/{table_id}/stream HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        seen = b""
        while b"event: view" not in seen:
            chunk = sock.recv(65536)
            assert chunk, seen
            seen += chunk
        return (time.perf_counter() - started) * 1000


def stream_round(port: int, table_id: str, n: int = 12) -> list[tuple[float, float]]:
    return [(catch_up_ms(port, table_id, True), catch_up_ms(port, table_id, False)) for _ in range(n)]


def added_ms(rounds: list[list[tuple[float, float]]]) -> float:
    """What a kept-alive connection adds: the best round's median difference."""
    return min(statistics.median(kept - fresh for kept, fresh in pairs) for pairs in rounds)


def shown(rounds: list[list[tuple[float, float]]]) -> list[str]:
    return [" ".join(f"{kept:.1f}/{fresh:.1f}" for kept, fresh in pairs) for pairs in rounds]


@pytest.mark.parametrize("read", ["/healthz", "/api/games", "a table"])
def test_reads_after_the_first_on_a_kept_alive_connection_answer_without_a_40_ms_stall(server, read):
    path = f"/api/tables/{open_table(server.port)}" if read == "a table" else read
    rounds = [read_round(server.port, path) for _ in range(3)]
    assert added_ms(rounds) < BOUND_MS, shown(rounds)


def test_a_streams_frames_on_a_kept_alive_connection_arrive_without_a_40_ms_stall(server):
    table_id = open_table(server.port)
    rounds = [stream_round(server.port, table_id) for _ in range(3)]
    assert added_ms(rounds) < BOUND_MS, shown(rounds)


# -- a 429 ends its connection before another request is read -------------------------------------


def spend_the_opening_budget(port: int) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    statuses = [call(conn, "POST", "/api/tables", {"game": GAME, "seats": 4})[0] for _ in range(2)]
    conn.close()
    assert statuses in ([201, 429], [429, 429])  # the budget is 2, the caller may have opened one


def test_a_refused_request_says_close_and_the_request_behind_it_is_never_read(server):
    table_id = open_table(server.port)  # the budget's second opening
    opening = json.dumps({"game": GAME, "seats": 4}).encode()
    seating = json.dumps({"name": "ann"}).encode()
    pipelined = (b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: %d\r\n\r\n%s" % (len(opening), opening)) * 2  # the second is the first refused
    pipelined += (f"POST /api/tables/{table_id}/seats HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  f"Content-Length: {len(seating)}\r\n\r\n").encode() + seating
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(pipelined)
        received = b""
        while chunk := sock.recv(65536):  # the server closes the connection: EOF
            received += chunk
    answers = received.count(b"HTTP/1.1 ")
    assert answers == 2 and received.startswith(b"HTTP/1.1 201"), received
    refusal = received[received.index(b"HTTP/1.1 429"):]
    assert b"\r\nConnection: close\r\n" in refusal.split(b"\r\n\r\n", 1)[0] + b"\r\n", refusal
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    status, table, _ = call(conn, "GET", f"/api/tables/{table_id}")
    assert status == 200 and table["version"] == 1 and all(s["free"] for s in table["seats"]), table  # never read


PAIRS = 25


def test_a_keep_alive_client_gets_an_answer_for_every_command_sent_after_a_429(server):
    """The outside test's shape: a refused opening, then a command on the same client connection.
    Every command is answered, and the table holds exactly the answered ones."""
    table_id = open_table(server.port)
    spend_the_opening_budget(server.port)
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    answered, lost, token = 0, 0, None
    for _ in range(PAIRS):
        status, _, refusal = call(conn, "POST", "/api/tables", {"game": GAME, "seats": 4})
        assert status == 429 and refusal.getheader("Connection") == "close"
        try:
            if token is None:
                status, body, _ = call(conn, "POST", f"/api/tables/{table_id}/seats", {"name": "ann", "seat": 0})
                token = body.get("token")
            else:
                status, body, _ = call(conn, "POST", f"/api/tables/{table_id}/seats/0/leave", {}, token=token)
                token = None
        except (http.client.RemoteDisconnected, ConnectionError):
            lost += 1
            conn.close()
            continue
        assert status in (200, 201), body
        answered += 1
    conn.close()
    check = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    _, table, _ = call(check, "GET", f"/api/tables/{table_id}")
    assert (lost, answered) == (0, PAIRS)
    assert table["version"] == 1 + answered  # the opening, then one event per answered command

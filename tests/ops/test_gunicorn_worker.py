"""A quick quit exits a gunicorn worker once (``api/gunicorn_worker.py``).

gunicorn's own gevent worker exits from a spawned greenlet 0.1 s after ``SIGQUIT``; when the
worker had already begun leaving, that second exit printed a ``SystemExit`` traceback into the
operator's log (a CI run on a loaded machine caught it). These pin both halves of the fix.
"""

from __future__ import annotations

import types

import gevent
import gevent.event
import gevent.pool
import gevent.socket
import pytest

from api import gunicorn_worker
from api.server import gunicorn_options
from tests.api.test_gunicorn_answers import Sock, request


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


# -- the workers share their connections out evenly (``Peers``, ``BalancedServer``) ----------------


def counting_worker(peers: gunicorn_worker.Peers, slot: int) -> gunicorn_worker.Worker:
    """A worker's connection count and choice, without gunicorn around it (no sockets of its own)."""
    worker = gunicorn_worker.Worker.__new__(gunicorn_worker.Worker)
    worker.peers, worker.slot, worker.pid, worker.connections = peers, slot, 1000 + slot, 0
    worker.streaming = set()
    worker._say_connections()
    return worker


def test_the_least_load_is_a_live_peers_never_its_own_a_stale_or_a_free_slots():
    peers = gunicorn_worker.Peers()
    now = 1000.0
    peers.write(0, 11, 9, now)  # the asking worker itself
    assert peers.least(0, now) is None  # no peer: never leave a connection to nobody
    peers.write(1, 12, 4.5, now - 1)
    peers.write(2, 13, 0, now - gunicorn_worker.Peers.STALE_S - 1)  # hung or dead: not a peer
    peers.write(3, 0, 0, now)  # a slot a leaving worker gave back
    peers.write(4, 14, 6, now)
    assert peers.least(0, now) == 4.5
    assert peers.least(1, now) == 6


def test_a_worker_is_ahead_only_while_it_holds_more_connections_than_a_live_peer():
    peers = gunicorn_worker.Peers()
    a, b = counting_worker(peers, 0), counting_worker(peers, 1)
    assert not a.ahead() and not b.ahead()
    a.count(1)
    assert a.ahead() and not b.ahead()
    b.count(1)
    assert not a.ahead() and not b.ahead()
    gunicorn_worker.worker_exit(None, b)  # b leaves: its slot is free, a has no peer left
    a.count(1)
    assert not a.ahead()


def serve(peers, slot, listener, served, name, hold):
    worker = counting_worker(peers, slot)

    def handle(sock, addr):
        try:
            served.append(name)
            sock.sendall(b"ok")
            hold.wait()
        finally:
            worker.count(-1)

    server = gunicorn_worker.BalancedServer(listener, handle=handle, spawn=gevent.pool.Pool(100),
                                            ahead=worker.ahead, count=worker.count)
    server.max_accept = 1  # as gunicorn sets it with several workers
    server.start()
    return server, worker


def connect(address, served, count):
    """A client connection, once a server answered on it (and so counted it)."""
    client = gevent.socket.create_connection(address)
    assert client.recv(2) == b"ok"
    assert len(served) == count
    return client


def test_two_workers_on_one_socket_take_new_connections_in_turn_and_keep_them_even():
    """Both servers watch the same listening socket, as gunicorn's workers do; the one holding
    more open connections leaves the next to the other. With gevent's own server, whichever looks
    first takes it (both run in this one hub here, so the first would take every connection)."""
    listener = gevent.socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(50)
    peers, served, hold = gunicorn_worker.Peers(), [], gevent.event.Event()
    servers = [serve(peers, slot, listener, served, name, hold)[0] for slot, name in ((0, "a"), (1, "b"))]
    try:
        clients = [connect(listener.getsockname(), served, n + 1) for n in range(12)]
        assert sorted(served) == ["a"] * 6 + ["b"] * 6
        for client in clients[:4]:
            client.close()
    finally:
        hold.set()
        for server in servers:
            server.close()
        listener.close()


def test_a_worker_ahead_of_a_peer_that_takes_nothing_still_takes_the_connection():
    """The peer is alive (its slot says so) but does not accept: after ``MAX_DEFER_S`` the worker
    takes the waiting connection itself; balance never refuses one."""
    listener = gevent.socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(50)
    peers, served, hold = gunicorn_worker.Peers(), [], gevent.event.Event()
    silent = counting_worker(peers, 1)  # a live peer with no connection, that never accepts
    server, worker = serve(peers, 0, listener, served, "a", hold)
    try:
        first = connect(listener.getsockname(), served, 1)  # even: taken at once
        silent._say_connections()  # alive, as its gunicorn heartbeat would say
        assert worker.ahead() and silent.connections == 0
        second = connect(listener.getsockname(), served, 2)  # ahead, yet taken: nobody else would
        assert served == ["a", "a"] and worker.connections == 2
        first.close()
        second.close()
    finally:
        hold.set()
        server.close()
        listener.close()


def test_a_connection_serving_an_event_stream_counts_half_until_its_stream_ends(monkeypatch):
    """Moves and streams arrive interleaved; counted alike, one worker could hold most moves and
    the other most streams. A stream's connection counts ``Peers.STREAM`` while its answer lasts,
    1 again once that answer ended."""
    peers = gunicorn_worker.Peers()
    a, b = counting_worker(peers, 0), counting_worker(peers, 1)
    stream, move = object(), object()
    a.count(1)
    a.count(1)
    b.count(1)
    b.count(1)
    assert a.load() == b.load() == 2 and not a.ahead() and not b.ahead()
    a.stream_started(stream)
    a.stream_started(stream)  # the same answer told twice counts once
    assert a.load() == 1 + gunicorn_worker.Peers.STREAM and b.ahead() and not a.ahead()
    assert peers.read(0)[1] == a.load()  # said to the peers at once
    monkeypatch.setattr(gunicorn_worker.GeventWorker, "handle_request", lambda self, *args: None)
    a.handle_request("listener", "request", move, "addr")  # a move's answer: nothing changes
    assert a.load() == 1 + gunicorn_worker.Peers.STREAM
    a.handle_request("listener", "request", stream, "addr")  # the stream's answer ended
    assert a.load() == 2 and a.streaming == set() and not b.ahead()


def test_an_event_stream_answer_tells_the_worker_and_other_answers_do_not(monkeypatch):
    told = []
    monkeypatch.setattr(gunicorn_worker.OneSend, "on_event_stream", told.append)
    sock = Sock()
    stream = gunicorn_worker.OneSend(request(), sock, types.SimpleNamespace())
    stream.start_response("200 OK", [("Content-Type", "text/event-stream; charset=utf-8")])
    gunicorn_worker.OneSend(request(), Sock(), types.SimpleNamespace()).start_response(
        "200 OK", [("Content-Type", "application/json"), ("Content-Length", "2")])
    assert told == [sock]

"""A gunicorn worker's answer goes to the client in one send: its head with its body
(``api.gunicorn_worker.OneSend``), byte for byte what gunicorn sends in two. A streamed (chunked)
answer, SSE, is sent as gunicorn sends it. gunicorn writes no access line of its own (the app's
JSON line replaces it) unless ``accesslog`` asks for one."""

from __future__ import annotations

import types

import pytest
from gunicorn import util
from gunicorn.http import wsgi

from api import gunicorn_worker


class Sock:
    def __init__(self) -> None:
        self.sends: list[bytes] = []

    def sendall(self, data: bytes) -> None:
        self.sends.append(bytes(data))


def request(method: str = "GET") -> types.SimpleNamespace:
    return types.SimpleNamespace(version=(1, 1), method=method, should_close=lambda: False)


@pytest.fixture(autouse=True)
def fixed_date(monkeypatch):
    monkeypatch.setattr(util, "http_date", lambda *a: "Thu, 03 Dec 2026 09:00:00 GMT")


def answer(cls, headers, chunks, method="GET") -> list[bytes]:
    sock = Sock()
    resp = cls(request(method), sock, types.SimpleNamespace())
    resp.start_response("200 OK", headers)
    for chunk in chunks:
        resp.write(chunk)
    resp.close()
    return sock.sends


def test_an_answer_with_a_length_is_one_send_equal_to_gunicorns_two():
    headers = [("Content-Type", "application/json"), ("Content-Length", "11")]
    gunicorns = answer(wsgi.Response, headers, [b'{"ok":true}'])
    ours = answer(gunicorn_worker.OneSend, headers, [b'{"ok":true}'])
    assert len(gunicorns) == 2 and len(ours) == 1
    assert ours[0] == b"".join(gunicorns)
    # a body longer than its Content-Length is cut as gunicorn cuts it
    assert answer(gunicorn_worker.OneSend, headers, [b'{"ok":true}  extra']) == ours


def test_a_streamed_answer_is_sent_as_gunicorn_sends_it():
    headers = [("Content-Type", "text/event-stream")]
    chunks = [b"retry: 1000\n\n", b"data: 1\n\n"]
    assert answer(gunicorn_worker.OneSend, headers, chunks) == answer(wsgi.Response, headers, chunks)


def test_the_worker_builds_one_send_answers():
    worker = gunicorn_worker.Worker.__new__(gunicorn_worker.Worker)
    worker.peers, worker.slot, worker.connections, worker.streaming = gunicorn_worker.Peers(), 0, 0, set()  # as built
    original = wsgi.Response
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(gunicorn_worker.GeventWorker, "init_process", lambda self: None)
            patch.setattr(gunicorn_worker.OneSend, "on_event_stream", None)  # restored after
            worker.init_process()
            assert wsgi.Response is gunicorn_worker.OneSend
            assert gunicorn_worker.OneSend.on_event_stream == worker.stream_started
    finally:
        wsgi.Response = original


def test_gunicorn_writes_no_access_line_unless_asked():
    from api.server import gunicorn_options

    lines = []
    for accesslog in (None, "-"):
        log = gunicorn_worker.Logger.__new__(gunicorn_worker.Logger)
        log.cfg = types.SimpleNamespace(accesslog=accesslog, access_log_format="%(s)s")
        log.access_log = types.SimpleNamespace(info=lambda fmt, atoms: lines.append(fmt % atoms))
        log.atoms = lambda resp, req, environ, request_time: {"s": "200"}
        log.access(None, None, {}, None)
    assert lines == ["200"]  # only the one asked for
    assert gunicorn_options("127.0.0.1", 0, 2)["logger_class"] == "api.gunicorn_worker.Logger"
    conf = open("deploy/gunicorn.conf.py").read()
    assert 'logger_class = "api.gunicorn_worker.Logger"' in conf


def test_an_apps_connection_close_is_said_and_ends_the_connection_other_hop_headers_are_dropped():
    """gunicorn drops the app's hop-by-hop headers and would answer ``keep-alive`` to a 429 whose
    connection the app ends (``api.limits``); ``OneSend`` turns the app's ``close`` into gunicorn's."""
    sends = answer(gunicorn_worker.OneSend, [("Content-Length", "2"), ("Connection", "close")], [b"{}"])
    head = sends[0].split(b"\r\n\r\n")[0].split(b"\r\n")
    assert head.count(b"Connection: close") == 1 and b"Connection: keep-alive" not in head
    sock = Sock()
    resp = gunicorn_worker.OneSend(request(), sock, types.SimpleNamespace())
    resp.start_response("429 TOO MANY REQUESTS", [("Content-Length", "2"), ("Connection", "close")])
    assert resp.should_close()  # gunicorn's keep-alive loop ends here, before reading another request
    plain = gunicorn_worker.OneSend(request(), Sock(), types.SimpleNamespace())
    plain.start_response("200 OK", [("Content-Length", "2")])
    assert not plain.should_close()


@pytest.mark.parametrize("version", [(1, 1), (1, 0)])
@pytest.mark.parametrize("close", [False, True])
@pytest.mark.parametrize("headers", [[("Content-Length", "2")], [("Content-Type", "text/event-stream")],
                                     [("Upgrade", "websocket"), ("Connection", "upgrade")]])
def test_the_head_is_gunicorns_for_every_connection_kind_and_version(version, close, headers):
    """``OneSend.default_headers`` is gunicorn's line for line (keep-alive, close, upgrade, chunked,
    HTTP/1.0), the date included: a gunicorn that changes its head fails this test."""
    heads = []
    for cls in (wsgi.Response, gunicorn_worker.OneSend):
        req = types.SimpleNamespace(version=version, method="GET", should_close=lambda: close, headers=[])
        resp = cls(req, Sock(), types.SimpleNamespace(forwarded_allow_ips=[], is_ssl=False))
        resp.start_response("200 OK", list(headers))
        heads.append(resp.default_headers())
    assert heads[0] == heads[1]


def test_the_date_is_made_once_a_second_and_names_that_second(monkeypatch):
    """The ``Date`` text is gunicorn's for the current second, made once while the second lasts."""
    made = []
    monkeypatch.setattr(util, "http_date", lambda t=None: made.append(t) or f"date of {int(t)}")
    clock = iter([1000.1, 1000.7, 1000.99, 1001.0, 1001.5]).__next__
    monkeypatch.setattr(gunicorn_worker.time, "time", clock)
    dates = [gunicorn_worker.http_date() for _ in range(5)]
    assert dates == ["date of 1000"] * 3 + ["date of 1001"] * 2
    assert made == [1000.1, 1001.0]

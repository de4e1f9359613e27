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
    original = wsgi.Response
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(gunicorn_worker.GeventWorker, "init_process", lambda self: None)
            worker.init_process()
            assert wsgi.Response is gunicorn_worker.OneSend
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

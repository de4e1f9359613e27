"""``scripts/bench_load.py``'s plain Flask append runs on the library's other stores too
(``--plain-store memory,sqlite``): the same route, outside ``create_app()``, appending to one
lane's aggregate per request. Driven through the WSGI app gunicorn serves in the benchmark."""

from __future__ import annotations

from werkzeug.test import Client

from scripts.bench_load import BenchApp, PlainApp


def test_the_plain_append_on_the_memory_store_appends_one_event_per_request(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_STORE", "memory")
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    client = Client(PlainApp())
    versions = [client.post("/bench/plain/memory/7").get_json()["version"] for _ in range(3)]
    assert versions == [1, 2, 3]
    assert client.post("/bench/plain/memory/8").get_json()["version"] == 1  # a lane of its own


def test_the_plain_append_on_sqlite_keeps_its_lane_in_a_file_of_its_own(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_STORE", "memory")
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    client = Client(PlainApp())
    assert [client.post("/bench/plain/sqlite/3").get_json()["version"] for _ in range(2)] == [1, 2]
    assert (tmp_path / "bench_plain.db").exists()


def test_a_store_the_benchmark_does_not_know_is_not_found_and_the_plain_path_skips_create_app(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_STORE", "memory")
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    app = BenchApp()
    assert Client(app).post("/bench/plain/redis/3").status_code == 404
    assert app._app is None  # create_app() was never built for the plain route

"""``python -m api.bench_http``: what the HTTP layer adds to a command and a read, in figures.

For the in-memory and the SQLite store, in one process through Flask's test client (no sockets),
with the first product game (bots fill the other seats). It prints p50/p99 of

* a seat taken through ``Tables.take_seat`` directly, and the same through ``POST .../seats``;
* ``GET .../view`` as a spectator, and with a seat token (the token check reads the seat's
  opening events), and ``GET .../legal-moves``.

Figures, not assertions.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from api import create_app
from api.config import Settings
from domain.games import GAMES


def _timed(action: Callable[[], object], n: int) -> list[float]:
    samples = []
    for _ in range(n):
        started = time.perf_counter()
        action()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def _line(label: str, samples: list[float]) -> str:
    q = statistics.quantiles(samples, n=100)
    return f"  {label:<44} p50 {statistics.median(samples):6.2f} ms   p99 {q[98]:6.2f} ms   n={len(samples)}"


def run(settings: Settings, n: int) -> None:
    app = create_app(settings)
    tables = app.extensions["tabletop.tables"]
    client = app.test_client()
    game = sorted(GAMES.values(), key=lambda g: g.name)[0]

    def open_table() -> str:
        return client.post("/api/tables", json={"game": game.name, "seats": game.min_players}).json["table_id"]

    fresh = iter([tables.open_table(game.name, game.min_players).table_id for _ in range(n)])
    direct = _timed(lambda: tables.take_seat(next(fresh), "ann"), n)
    ids = [open_table() for _ in range(n)]
    it = iter(ids)
    http = _timed(lambda: client.post(f"/api/tables/{next(it)}/seats", json={"name": "ann"}), n)
    # One running table with a person at seat 0 and bots elsewhere, for the reads.
    table_id = open_table()
    token = client.post(f"/api/tables/{table_id}/seats", json={"name": "ann"}).json["token"]
    for seat in range(1, game.min_players):
        client.post(f"/api/tables/{table_id}/seats", json={"name": f"bot{seat}", "bot": True})
    auth = {"Authorization": f"Bearer {token}"}
    client.post(f"/api/tables/{table_id}/start", headers=auth)
    spectator = _timed(lambda: client.get(f"/api/tables/{table_id}/view"), n)
    seated = _timed(lambda: client.get(f"/api/tables/{table_id}/view", headers=auth), n)
    legal = _timed(lambda: client.get(f"/api/tables/{table_id}/seats/0/legal-moves", headers=auth), n)
    print(f"{settings.store} store, game {game.name}:")
    for label, samples in (("take a seat, Tables directly", direct), ("take a seat, POST /seats", http),
                           ("GET /view as a spectator", spectator), ("GET /view with a seat token", seated),
                           ("GET /legal-moves with a seat token", legal)):
        print(_line(label, samples))
    tables.close()


def main(argv: list[str] | None = None) -> int:
    n = 50 if "--quick" in (argv or sys.argv[1:]) else 300
    run(Settings(store="memory", secret="388b9df805353fa4dd3f8a272e8827c44608a8a14070cbc4e551a1a0aadffb06"), n)
    with tempfile.TemporaryDirectory() as folder:
        run(Settings(store="sqlite", data_dir=Path(folder), secret="388b9df805353fa4dd3f8a272e8827c44608a8a14070cbc4e551a1a0aadffb06"), n)
    return 0


if __name__ == "__main__":
    sys.exit(main())

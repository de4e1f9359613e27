"""``python -m scripts.bench_receipts``: what the anchored chain costs, in figures.

* one signed receipt (canonical JSON + Ed25519 signature + hex), the cost added to every
  command answer and table read;
* ``GET /api/tables/{id}`` through Flask's test client (in-memory store, an open Walnut Grove table) with receipts as built,
  and with the signer replaced by one that returns a constant (the difference is the receipt);
* sealing and checking one snapshot of a mid-game table of each product game (every 100 events,
  and on each load from a snapshot).

Figures, not assertions.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from api import create_app, wiring
from api.config import Settings
from api.receipts import Signer
from domain.application import Tables
from domain.snapshots import UNKEYED, seal_holds, sealed


def timed(action: Callable[[], object], n: int) -> tuple[float, float]:
    samples = []
    for _ in range(n):
        started = time.perf_counter()
        action()
        samples.append((time.perf_counter() - started) * 1e6)
    return statistics.median(samples), statistics.quantiles(samples, n=100)[98]


def line(label: str, figures: tuple[float, float]) -> None:
    print(f"  {label:<58} p50 {figures[0]:8.1f} us   p99 {figures[1]:8.1f} us")


def main() -> None:
    signer = Signer(b"\x01" * 32)
    print("receipts")
    line("sign one receipt (Signer.receipt)", timed(lambda: signer.receipt("t" * 36, 123, "a" * 64), 5000))
    given = signer.receipt("t" * 36, 123, "a" * 64)
    line("check one receipt (Signer.check)", timed(lambda: signer.check(given, "t" * 36), 2000))

    app = create_app(Settings(store="memory", testing=True, secret="7d404de74f2bc59a4c112c844b5ae631b41b95eae6e55a9a47be6aa5ae5d53be"))
    client = app.test_client()
    table_id = client.post("/api/tables", json={"game": "walnut_grove", "seats": 2}).json["table_id"]
    for name in ("ann", "bob"):
        client.post(f"/api/tables/{table_id}/seats", json={"name": name})
    url = f"/api/tables/{table_id}"
    client.get(url)
    with_receipt = timed(lambda: client.get(url), 2000)

    class Constant(Signer):
        def receipt(self, table, version, head):  # noqa: ANN001
            return {"table": str(table), "version": version, "head": head, "key_id": self.key_id, "signature": ""}

    app.extensions[wiring.SIGNER] = Constant(b"\x01" * 32)
    without = timed(lambda: client.get(url), 2000)
    line("GET /api/tables/{id}, receipt signed", with_receipt)
    line("GET /api/tables/{id}, constant receipt (no signature)", without)
    print(f"  -> a signed receipt adds {with_receipt[0] - without[0]:.1f} us to the median answer")
    app.extensions[wiring.TABLES].close()

    print("snapshot seals (HMAC-SHA256 over the canonical table state)")
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    for game in ("homesteaders", "fantasy_ranch", "bunny_kingdom", "walnut_grove"):
        from domain.games import get_game

        seats = get_game(game).min_players
        opened = tables.open_table(game, max(seats, 2))
        for s in range(max(seats, 2)):
            tables.take_seat(opened.table_id, f"bot{s}", bot=True)
        tables.start(opened.table_id)  # bots play the whole game in this one command
        table = tables.table(opened.table_id)
        snapshot = sealed(UNKEYED, table)
        line(f"{game}: seal one snapshot (v{table.version})", timed(lambda t=table: sealed(UNKEYED, t), 50))
        line(f"{game}: check one snapshot's seal", timed(lambda s=snapshot: seal_holds(UNKEYED, s), 50))
    tables.close()


if __name__ == "__main__":
    main()

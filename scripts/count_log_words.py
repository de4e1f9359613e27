"""Counts what a spectator reads in a finished table's log that is not words (issue 37); prints a
table (run: ``PYTHONPATH=. python scripts/count_log_words.py``).

For each product game: one four-player table of ``random`` bots, its seed fixed (``--seed``), played
to the end through the application (in-memory store); its log as a spectator reads it (every
sentence and fact, ``Tables.log``); the count of catalog ids where a name belongs and of machine
tokens (snake_case, ``name#1``, ``a:1:2``, JSON, unrendered placeholders, "You starts"), as
``tests/log_words.py`` defines them, with a few examples of each. Fantasy Ranch is counted at
level 1 (the default) and level 3.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import domain.application as application  # noqa: E402
from domain.application import Tables  # noqa: E402
from tests.log_words import catalog_ids_in, machine_tokens_in, sentences  # noqa: E402

TABLES = [("bunny_kingdom", None), ("homesteaders", None), ("walnut_grove", None),
          ("fantasy_ranch", {"level": 1}), ("fantasy_ranch", {"level": 3})]


def spectator_log(game: str, options: dict | None, seed: str) -> list[str]:
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        with mock.patch.object(application, "new_seed", lambda: seed):
            table_id = tables.open_table(game, 4, options).table_id
            for seat in range(4):
                tables.take_seat(table_id, ("Ann", "Bob", "Cleo", "Dan")[seat], bot=True, level="random")
            tables.start(table_id)
        assert tables.table(table_id).status == "finished"
        return sentences(e.to_dict() for e in tables.log(table_id, None, limit=100_000))
    finally:
        tables.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", default="ab" * 32, help="the tables' seed (hex)")
    args = parser.parse_args()
    print(f"{'table':<28} {'sentences':>9} {'catalog ids':>11} {'machine':>8}  examples")
    for game, options in TABLES:
        texts = spectator_log(game, options, args.seed)
        ids = [i for t in texts for i in catalog_ids_in(game, t)]
        tokens = [m for t in texts for m in machine_tokens_in(t)]
        label = game + (f" (level {options['level']})" if options else "")
        examples = ", ".join(list(dict.fromkeys(ids))[:4] + list(dict.fromkeys(tokens))[:4])
        print(f"{label:<28} {len(texts):>9} {len(ids):>11} {len(tokens):>8}  {examples}")


if __name__ == "__main__":
    main()

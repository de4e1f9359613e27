"""Seeded all-bot tables under a chosen rules version, and the golden state digests of a few.

Why a fixed seed: the platform draws each table's seed at random; these tables are opened with
a published one so that every state the bots and the chance steps reach is the same on every
run, and a rules version that changes any of them is caught version by version.
``python -m tests.rules.tables --regenerate`` writes ``golden_tables.json``: for a new rules version
(a shipped version's states never change), or when the ``basic`` bots who play these tables change
their choices (the moves are theirs; then pick seeds again so that one table still ends with a
returnable help tile held and the other does not).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from uuid import NAMESPACE_URL, UUID, uuid5

from domain.application import Tables
from domain.games import get_game
from domain.rules_check import OWN, replay
from domain.table import Table

PATH = Path(__file__).with_name("golden_tables.json")
#: (game, players, seed name): the first ends with a returnable help tile held (rules 1 and 2
#: score it differently), the second does not.
CASES = (("walnut_grove", 2, "diverging"), ("walnut_grove", 2, "unaffected"))
SEEDS = {"diverging": "5", "unaffected": "0"}


def seed_hex(name: str) -> str:
    return hashlib.sha256(f"rules-golden-{name}".encode()).hexdigest()


def open_bot_table(tables: Tables, game_name: str, players: int, seed: str, version: str | None = None,
                   finish: bool = True) -> UUID:
    """An all-bot table under rules ``version`` (the newest when None), played to the end."""
    game = get_game(game_name, version)
    table_id = uuid5(NAMESPACE_URL, f"tabletop:rules-test:{game_name}:{version}:{seed}:{id(tables)}")
    table = Table.open(id=table_id, game=game, options=game.resolve_options(players, {}), seats=players,
                       undo_policy="consent", seed=seed)
    tables.save(table)
    for seat in range(players):
        tables.take_seat(table_id, f"Bot {seat + 1}", bot=True)
    if finish:
        tables.start(table_id)
    return table_id


def digests_of(tables: Tables, table_id: UUID) -> list[str | None]:
    """The state digest after every version of a stored table, replayed under its own rules."""
    return replay(tables.events.get(table_id), OWN, digests=True).digests


def generate() -> dict:
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    out = {}
    for game_name, players, name in CASES:
        for version in [v.rules_version for v in get_game(game_name).versions()]:
            table_id = open_bot_table(tables, game_name, players, seed_hex(SEEDS[name]), version)
            table = tables.table(table_id)
            out[f"{game_name} {players}p {name} rules {version}"] = {
                "seed": seed_hex(SEEDS[name]), "totals": table.result["scores"]["totals"],
                "digests": digests_of(tables, table_id)}
    tables.close()
    return out


if __name__ == "__main__":
    if "--regenerate" not in sys.argv:
        sys.exit("usage: python -m tests.rules.tables --regenerate")
    PATH.write_text(json.dumps(generate(), indent=0) + "\n", encoding="utf-8")
    print(f"wrote {PATH}")

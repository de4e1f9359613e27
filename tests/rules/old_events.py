"""Stored events as the code before ``RulesVersionAdopted`` class version 2 wrote them.

``old_events.json`` holds the stored rows (topic and JSON state, as every store keeps them) of
one Tiny Duel table that moved from rules 1 to a rules 2 that only rewords the log; it was written
by the code of commit "Rules check and migrate" (RulesVersionAdopted without ``checked_events``)
with ``python -m tests.rules.old_events --write``, and is never regenerated: the upcast test reads
it into a fresh store of each kind and loads, audits and exports the table.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from uuid import UUID

from domain.application import Tables
from domain.games import register
from domain.games.game import Game
from domain.table import Table
from tests.tinygame import GAME as TINY
from tests.tinygame import describe as tiny_describe

PATH = Path(__file__).with_name("old_events.json")
TABLE = UUID("35353535-0000-4000-8000-000000000035")
SEED = "35" * 32


def reworded(before, actor, action, viewer) -> str:
    return tiny_describe(before, actor, action, viewer).replace("played", "put down")


def tiny_rules_2() -> Game:
    """The Tiny Duel rules 2 the stored table moved to: the same game, other words in the log."""
    return TINY.revise("2", "Tiny Duel rules 2 (the same game, other words)", describe=reworded)


def write() -> None:
    register(TINY)
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    table = Table.open(id=TABLE, game=TINY, options=TINY.resolve_options(2, {}), seats=2, undo_policy="consent",
                       seed=SEED)
    tables.save(table)
    for seat in range(2):
        tables.take_seat(TABLE, f"Bot {seat + 1}", bot=True)
    tables.start(TABLE)
    register(tiny_rules_2())
    try:
        tables.adopt_newest_rules(TABLE)
    finally:
        register(TINY)
    rows = [{"originator_id": str(r.originator_id), "originator_version": r.originator_version, "topic": r.topic,
             "state": r.state.decode("utf-8")} for r in tables.recorder.select_events(TABLE)]
    PATH.write_text(json.dumps(rows, indent=0) + "\n", encoding="utf-8")
    tables.close()


if __name__ == "__main__":
    if "--write" not in sys.argv:
        sys.exit("usage: python -m tests.rules.old_events --write (never again once committed)")
    write()
    print(f"wrote {PATH}")

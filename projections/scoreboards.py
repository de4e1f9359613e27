"""Scoreboards: live per table (totals and breakdown after every event), and per game and player.

The live board asks the game's ``scores`` (the same numbers ``GET .../scores`` shows). The
standings count finished games only, per player name: played, wins and best total.
"""

from __future__ import annotations

from typing import Any

from domain.table import Table
from projections.base import Batch, Projection, Step


class TableScores(Projection):
    name = "scores"

    def on_table(self, table: Any, batch: Batch) -> None:
        if table.state is None:
            return
        batch.put(self.name, str(table.id), table.game_name, {
            "table": str(table.id),
            "game": table.game_name,
            "version": table.version,
            "status": table.status,
            "names": {str(s): p["name"] if p else None for s, p in enumerate(table.players)},
            "scores": table.game.scores(table.state).to_dict(),
        })


class Standings(Projection):
    name = "standings"

    def on_event(self, step: Step, batch: Batch) -> None:
        event, table = step.event, step.table
        if not isinstance(event, Table.GameFinished):
            return
        results: dict[str, dict] = {}
        for seat, total in event.scores["totals"].items():
            player = table.players[int(seat)]
            if player is None:
                continue
            mine = results.setdefault(player["name"], {"won": False, "best": total, "bot": player["bot"]})
            mine["won"] = mine["won"] or int(seat) in event.winners
            mine["best"] = max(mine["best"], total)
        for name, result in results.items():
            key = f"{table.game_name}:{name}"
            row = batch.lookup(self.name, table.game_name, key) or {"game": table.game_name, "name": name, "played": 0, "wins": 0,
                                                 "best": None, "bot": result["bot"]}
            row["played"] += 1
            row["wins"] += int(result["won"])
            row["best"] = result["best"] if row["best"] is None else max(row["best"], result["best"])
            row["last_table"] = str(table.id)
            batch.put(self.name, key, table.game_name, row)

"""Golden playthroughs: seeded bot games whose final totals and step counts are pinned.

A rules change that alters any of them fails ``test_golden`` until the file is rewritten on
purpose with ``python -m tests.games.bunny_kingdom.golden --regenerate``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from domain.games.bunny_kingdom import GAME
from tests.games.playout import playout

PATH = Path(__file__).with_name("golden.json")
CASES = [(players, seed) for players in (2, 3, 4) for seed in (1, 2, 3)]


def record(players: int, seed: int) -> dict:
    run = playout(GAME, players, {}, seed=seed, check=False)
    totals = GAME.scores(run.final).totals
    return {
        "seed": seed,
        "players": players,
        "options": run.options,
        "totals": [totals[s] for s in range(players)],
        "steps": len(run.steps),
    }


def regenerate() -> None:
    PATH.write_text(json.dumps([record(p, s) for p, s in CASES], indent=1) + "\n")


if __name__ == "__main__":
    if "--regenerate" not in sys.argv:
        sys.exit("usage: python -m tests.games.bunny_kingdom.golden --regenerate")
    regenerate()
    print(f"wrote {PATH}")

"""Golden playthroughs: a few seeded bot games per player count, stored with their final scores.

A rules change that alters any of them makes ``test_golden.py`` fail until the file is
regenerated on purpose::

    PYTHONPATH=. python -m tests.games.homesteaders.golden --regenerate
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from domain.games.homesteaders import GAME
from tests.games.playout import playout

PATH = Path(__file__).with_name("golden.json")
CASES = [
    (players, seed, options)
    for players in (2, 3, 4)
    for seed, options in (
        (11, {}),
        (12, {"worker_assignment_mode": "sequential"}),
        (13, {"resource_visibility": "open"}),
    )
]


def record(players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    run = playout(GAME, players, options, seed=seed, check=False)
    scores = GAME.scores(run.final)
    return {
        "seed": seed,
        "players": players,
        "options": run.options,
        "steps": len(run.steps),
        "totals": [scores.totals[s] for s in range(players)],
        "winners": list(scores.winners),
    }


def generate() -> list[dict[str, Any]]:
    return [record(players, seed, options) for players, seed, options in CASES]


def main(argv: list[str]) -> int:
    if "--regenerate" not in argv:
        print(__doc__)
        return 2
    PATH.write_text(json.dumps(generate(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

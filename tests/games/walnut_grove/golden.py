"""Golden playthroughs: a few seeded bot games per player count with their final scores.

A rules change that alters any of them fails ``test_golden`` until the file is regenerated on
purpose: ``python -m tests.games.walnut_grove.golden --regenerate``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from domain.games.walnut_grove import GAME
from tests.games.playout import playout

PATH = Path(__file__).with_name("golden.json")
SEEDS = (7, 8)


def record(players: int, seed: int, options: dict | None = None) -> dict:
    run = playout(GAME, players, options or {}, seed=seed, check=False)
    scores = GAME.scores(run.final)
    return {
        "seed": seed,
        "players": players,
        "options": run.options,
        "rules_version": GAME.rules_version,
        "totals": [scores.totals[s] for s in range(players)],
        "ranking": list(scores.ranking),
        "steps": len(run.steps),
    }


def generate() -> list[dict]:
    return [
        record(players, seed) for players in range(GAME.min_players, GAME.max_players + 1) for seed in SEEDS
    ]


def load() -> list[dict]:
    return json.loads(PATH.read_text(encoding="utf-8"))


def main(argv: list[str]) -> int:
    if "--regenerate" not in argv:
        print("usage: python -m tests.games.walnut_grove.golden --regenerate")
        return 2
    PATH.write_text(json.dumps(generate(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

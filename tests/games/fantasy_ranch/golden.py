"""Golden playthroughs: seeded bot games whose final totals and length are pinned in golden.json.

A rules change that alters any of them fails ``test_golden_playthroughs_are_unchanged`` until the
file is rewritten on purpose: ``python -m tests.games.fantasy_ranch.golden --regenerate``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from domain.games.fantasy_ranch import GAME
from tests.games.playout import playout

PATH = Path(__file__).with_name("golden.json")
GAMES = [(players, level, seed) for players in (2, 3, 4) for level in (1, 2, 3) for seed in (101,)] + [
    (4, 3, 202),
    (3, 3, 202),
    (2, 1, 303),
]


def replay_entry(entry: dict) -> dict:
    return play_entry(entry["players"], entry["options"], entry["seed"])


def play_entry(players: int, options: dict, seed: int) -> dict:
    run = playout(GAME, players, options, seed=seed, check=False)
    totals = GAME.scores(run.final).totals
    return {
        "seed": seed,
        "players": players,
        "options": dict(sorted(run.options.items())),
        "totals": [totals[s] for s in range(players)],
        "steps": len(run.steps),
    }


def load() -> list[dict]:
    return json.loads(PATH.read_text())


def regenerate() -> None:
    entries = [play_entry(p, {"level": level, "community_side": "B"}, seed) for p, level, seed in GAMES]
    PATH.write_text("[\n" + ",\n".join(json.dumps(e) for e in entries) + "\n]\n")


if __name__ == "__main__":
    if "--regenerate" in sys.argv:
        regenerate()
        print(f"wrote {len(GAMES)} golden games to {PATH}")
    else:
        print(__doc__)

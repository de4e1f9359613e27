"""Golden playthroughs: a few seeded bot games per player count with their final scores.

One file per rules version (``golden.json`` rules 1, ``golden_v2.json`` rules 2): a version's file
never changes once the version has shipped (tables opened under it replay with it forever); a
change that alters one fails ``test_golden``. Only the newest version's file is regenerated on
purpose while it is unreleased: ``python -m tests.games.walnut_grove.golden --regenerate``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from domain.games import get_game
from domain.games.walnut_grove import GAME
from tests.games.playout import playout

PATHS = {"1": Path(__file__).with_name("golden.json"), "2": Path(__file__).with_name("golden_v2.json")}
PATH = PATHS[GAME.rules_version]
SEEDS = (7, 8, 13)  # 13: two players end holding a returnable help tile (rules 1 and 2 differ)


def record(players: int, seed: int, options: dict | None = None, version: str | None = None) -> dict:
    game = get_game(GAME.name, version)
    run = playout(game, players, options or {}, seed=seed, check=False)
    scores = game.scores(run.final)
    return {
        "seed": seed,
        "players": players,
        "options": run.options,
        "rules_version": game.rules_version,
        "totals": [scores.totals[s] for s in range(players)],
        "ranking": list(scores.ranking),
        "steps": len(run.steps),
    }


def generate() -> list[dict]:
    return [
        record(players, seed) for players in range(GAME.min_players, GAME.max_players + 1) for seed in SEEDS
    ]


def load() -> list[dict]:
    """Every version's entries."""
    return [entry for path in PATHS.values() for entry in json.loads(path.read_text(encoding="utf-8"))]


def main(argv: list[str]) -> int:
    if "--regenerate" not in argv:
        print("usage: python -m tests.games.walnut_grove.golden --regenerate")
        return 2
    PATH.write_text(json.dumps(generate(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Fantasy Ranch engine benchmark (issue 8), one line per level: ``PYTHONPATH=. python scripts/bench_fantasy_ranch.py``."""

from domain.games.fantasy_ranch import GAME
from scripts.engine_bench import bench

if __name__ == "__main__":
    for level in (1, 2, 3):
        bench(GAME, {"level": level})

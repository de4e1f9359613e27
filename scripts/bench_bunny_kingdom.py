"""Bunny Kingdom engine benchmark (issue 5): ``PYTHONPATH=. python scripts/bench_bunny_kingdom.py``."""

from domain.games.bunny_kingdom import GAME
from scripts.engine_bench import bench

if __name__ == "__main__":
    bench(GAME)

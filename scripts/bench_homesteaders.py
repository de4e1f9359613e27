"""Homesteaders engine benchmark (issue 6), every option: ``PYTHONPATH=. python scripts/bench_homesteaders.py``."""

from domain.games.homesteaders import GAME
from scripts.engine_bench import bench

if __name__ == "__main__":
    for visibility in GAME.options["resource_visibility"].choices:
        for mode in GAME.options["worker_assignment_mode"].choices:
            bench(GAME, {"resource_visibility": visibility, "worker_assignment_mode": mode})
